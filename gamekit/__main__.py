"""``python -m gamekit``: the same as the ``gamekit`` command."""

import sys

from gamekit.cli import main

sys.exit(main())
