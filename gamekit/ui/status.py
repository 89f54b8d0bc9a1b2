"""Where a board talks to its players: one line for messages and refused actions.

``print`` and exceptions raised inside widget callbacks never reach the notebook in JupyterLab
(they go to the log console), so every board routes its messages here, and wraps its callbacks
with :meth:`StatusArea.guard` so that a refused action shows its reason in the board itself.
"""

from __future__ import annotations

import functools
import logging
from html import escape

import ipywidgets as widgets

from gamekit.core import IllegalActionError

from ..i18n import translations

_, ngettext, pgettext = translations("ui")

KINDS = ("info", "success", "error")
log = logging.getLogger(__name__)


def refused(refusal: IllegalActionError) -> str:
    """The status line's words for a refused action: "Refused: <the rules' reason>"."""
    return _("Refused: {reason}").format(reason=refusal.reason)


class StatusArea(widgets.HTML):
    """A one-line message area (class ``gk-status`` and ``gk-status-<kind>``)."""

    def __init__(self, text: str = "", kind: str = "info", **kwargs):
        super().__init__(**kwargs)
        self.add_class("gk-status")
        self.text = ""
        self.kind = "info"
        self.show(text, kind)

    def show(self, text: str, kind: str = "info") -> None:
        if kind not in KINDS:
            raise ValueError(f"kind is one of {KINDS}, not {kind!r}")
        self.remove_class(f"gk-status-{self.kind}")
        self.text, self.kind = text, kind
        self.add_class(f"gk-status-{kind}")
        self.value = escape(text)

    def info(self, text: str) -> None:
        self.show(text, "info")

    def success(self, text: str) -> None:
        self.show(text, "success")

    def error(self, text: str) -> None:
        self.show(text, "error")

    def clear(self) -> None:
        self.show("", "info")

    def guard(self, callback):
        """Wrap a widget callback: a refused action (``IllegalActionError``) shows its reason
        here; any other exception shows here too and is logged with its traceback."""

        @functools.wraps(callback)
        def guarded(*args, **kwargs):
            try:
                return callback(*args, **kwargs)
            except IllegalActionError as refusal:
                self.error(refused(refusal))
            except Exception as bug:  # shown to the player instead of vanishing in a log
                log.exception("board callback failed")
                self.error(_("Something went wrong ({kind}: {error}).").format(kind=type(bug).__name__,
                                                                               error=bug))
            return None

        return guarded
