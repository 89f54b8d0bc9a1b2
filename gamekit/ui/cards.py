"""Card and piece views: buttons for what a player may click, chips (HTML) for what is only shown.

Every view carries stable CSS classes, so a browser test can find it and a theme can style it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from html import escape

import ipywidgets as widgets

CARD_SIZE = ("58px", "82px")
PIECE_SIZE = ("52px", "52px")


def _button(label: str, kind: str, size, classes: Iterable[str], tooltip: str,
            on_click: Callable | None) -> widgets.Button:
    button = widgets.Button(description=label, tooltip=tooltip,
                            layout=widgets.Layout(width=size[0], height=size[1], margin="2px"))
    for name in (kind, *classes):
        button.add_class(name)
    if on_click is not None:
        button.on_click(lambda _button: on_click())
    return button


def card_button(label: str, *, classes: Iterable[str] = (), tooltip: str = "",
                on_click: Callable[[], None] | None = None) -> widgets.Button:
    """A card a player can click; ``on_click`` is called without arguments."""
    return _button(label, "gk-card", CARD_SIZE, classes, tooltip, on_click)


def piece_button(label: str, *, classes: Iterable[str] = (), tooltip: str = "",
                 on_click: Callable[[], None] | None = None) -> widgets.Button:
    """A board piece a player can click (square, smaller than a card)."""
    return _button(label, "gk-piece", PIECE_SIZE, classes, tooltip, on_click)


def set_enabled(button: widgets.Button, enabled: bool) -> None:
    """Let the button be clicked or not (disabled buttons are drawn as spent cards)."""
    button.disabled = not enabled


def set_selected(button: widgets.Button, selected: bool) -> None:
    """Mark the button as the current choice (``gk-selected``), or unmark it."""
    if selected:
        button.add_class("gk-selected")
    else:
        button.remove_class("gk-selected")


def is_selected(button: widgets.Button) -> bool:
    return "gk-selected" in button._dom_classes


def chip(label, *, classes: Iterable[str] = (), big: bool = False, title: str = "") -> str:
    """A card shown but not clickable, as an HTML snippet (``gk-chip`` plus ``classes``)."""
    names = " ".join(["gk-chip", *(["gk-chip-big"] if big else []), *classes])
    tip = f' title="{escape(title)}"' if title else ""
    return f'<span class="{escape(names)}"{tip}>{escape(str(label))}</span>'


def row(children, *, classes: Iterable[str] = ()) -> widgets.HBox:
    """A wrapping row of widgets."""
    box = widgets.HBox(list(children), layout=widgets.Layout(flex_flow="row wrap", align_items="center"))
    for name in classes:
        box.add_class(name)
    return box
