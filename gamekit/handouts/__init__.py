"""Handouts: every lesson as an HTML page that opens with no network, and as a PDF to print.

``export_handouts(folder, teacher=False, pdf=False)`` (the ``gamekit handouts`` command) runs each
lesson and writes it with the widget renderer, require.js, MathJax and plotly.js from the folder's
own ``static/``; the scripts are vendored in ``gamekit/handouts/static/`` (see VENDORED.txt there).
"""

from gamekit.handouts.export import export_handouts

__all__ = ["export_handouts"]
