"""Re-execute notebooks in place so their stored outputs are current, then drop saved widget state
and run timestamps.

    python tools/refresh_notebooks.py notebooks/10_milhoes_rules.ipynb [more.ipynb ...]

Saved widget state is dropped because boards are always rebuilt by running their cells (a reopened
notebook without a kernel would otherwise show dead widgets), and it only adds noise to diffs.
"""

import sys
from pathlib import Path

import nbformat

from gamekit.handouts.running import lesson_client


def refresh(path: Path) -> None:
    notebook = nbformat.read(path, as_version=4)
    lesson_client(notebook, path.parent).execute()  # patient with a reply that comes after widgets
    notebook.metadata.pop("widgets", None)
    for cell in notebook.cells:  # run timestamps only make noise in diffs
        cell.metadata.pop("execution", None)
    nbformat.write(notebook, path)
    print(f"refreshed {path}")


if __name__ == "__main__":
    for name in sys.argv[1:]:
        refresh(Path(name))
