"""The hot-seat step: before a player's secret choice, everyone else looks away.

The hidden hand is not in the page at all while the step is shown (not merely covered up).
"""

from __future__ import annotations

from collections.abc import Callable
from html import escape

import ipywidgets as widgets

from ..i18n import N_, translations

_, ngettext, pgettext = translations("ui")

#: What the screen hides, by a board's ``secrets``: the button the named player clicks, and the
#: line that asks everyone else to look away (whole sentences, so each language words them its way).
SECRETS = {
    "cards": (N_("I am {name}: show my cards"),
              N_("Everyone else, look away: the next cards are secret.")),
    "pieces": (N_("I am {name}: show my pieces"),
               N_("Everyone else, look away: the next pieces are secret.")),
}


class PassScreen(widgets.VBox):
    """"Pass the screen to <name>" and a button that the named player clicks when ready.

    CSS classes: ``gk-pass-screen-box`` on the panel, ``gk-pass-screen`` on the button.
    """

    def __init__(self):
        self.message = widgets.HTML()
        self.button = widgets.Button(description=_("Ready"), button_style="primary",
                                     layout=widgets.Layout(width="auto", min_width="260px"))
        self.button.add_class("gk-pass-screen")
        self.button.add_class("gk-big-button")
        self.button.on_click(lambda _button: self._ready())
        self._on_ready: Callable[[], None] | None = None
        self.name = ""
        super().__init__([self.message, self.button])
        self.add_class("gk-pass-screen-box")

    def ask(self, name: str, on_ready: Callable[[], None] | None = None, *,
            colour_class: str = "", secrets: str = "cards") -> None:
        """Show the step for ``name``; ``on_ready`` (if given) runs when they click the button.
        ``secrets`` names what the screen hides (``"cards"``; ``"pieces"`` in Stratego)."""
        self.name = name
        self._on_ready = on_ready
        button, look_away = SECRETS.get(secrets, (None, None))
        if button is None:  # a board with secrets of its own kind: the plain sentences
            button, look_away = N_("I am {name}: show my secrets"), N_("Everyone else, look away: what comes "
                                                                       "next is secret.")
        named = f'<span class="{escape(colour_class)}">{escape(name)}</span>'
        self.message.value = ('<div class="gk-title">' + _("Pass the screen to {name}").format(name=named)
                              + f'</div><div class="gk-muted">{escape(_(look_away))}</div>')
        self.button.description = _(button).format(name=name)

    def _ready(self) -> None:
        if self._on_ready is not None:
            self._on_ready()
