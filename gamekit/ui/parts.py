"""A board's HTML parts and rows, each made once and then only given new values.

A widget made on every click costs a message to the page and back, and stays registered (and in the
page) until it is closed: a board that made its panels anew on each redraw grew by two widgets a click
and spent about a fifth of a click making them. A board asks its :class:`Parts` for "the part of
class ``lc-table``" instead, and gets the same widget every time::

    self.parts = Parts()
    table = self.parts.html("lc-table", self._table_html(view))           # made once, then new values
    seats = self.parts.row("lc-seats", panels)                              # a wrapping row
"""

from __future__ import annotations

from typing import Callable, Sequence

import ipywidgets as widgets

ROW_LAYOUT = {"flex_flow": "row wrap"}


class Parts:
    """The widgets of one board, one per CSS class (the class names the part, in the page too)."""

    def __init__(self) -> None:
        self._made: dict[str, widgets.Widget] = {}

    def html(self, css_class: str, value: str, *classes: str, **layout) -> widgets.HTML:
        """The HTML part of ``css_class`` (made the first time with ``classes`` and ``layout``),
        showing ``value``; an unchanged value sends nothing."""
        part = self._made.get(css_class)
        if part is None:
            part = self._made[css_class] = widgets.HTML(layout=widgets.Layout(**layout))
            for name in (css_class, *classes):
                part.add_class(name)
        if part.value != value:
            part.value = value
        return part

    def row(self, css_class: str, children: Sequence[widgets.Widget], **layout) -> widgets.HBox:
        """The wrapping row of ``css_class``, holding ``children`` (in that order)."""
        box = self._made.get(css_class)
        if box is None:
            box = self._made[css_class] = widgets.HBox(layout=widgets.Layout(**{**ROW_LAYOUT, **layout}))
            box.add_class(css_class)
        children = tuple(children)
        if box.children != children:
            box.children = children
        return box

    def __contains__(self, css_class: str) -> bool:
        return css_class in self._made

    def close(self) -> None:
        """Close every part (the board is gone: the page may forget them)."""
        for part in self._made.values():
            part.close()
        self._made.clear()


class ActionButtons:
    """A button per action on screen, for actions that come and go (a Brief History turn's), with
    buttons reused: a button whose action has left the screen is given a new one, but only after
    ``rest`` redraws off the screen. A click the browser sent before it saw the button go (a fast
    double or triple click) reaches a button off the board, which the board drops: it is never
    taken for the button's next action. A new widget per new action cost about a millisecond a
    click, and none was ever closed.

    ``make(on_click)`` builds a button whose click calls ``on_click()`` (which calls ``clicked``
    with the action the button answers for now); ``css(text)`` is the class that names a button's
    action in the page. Call :meth:`redraw` as each redraw begins."""

    def __init__(self, make: Callable[[Callable[[], None]], widgets.Button], clicked: Callable[[str], None],
                 css: Callable[[str], str], rest: int = 2):
        self._make, self._clicked, self._css, self._rest = make, clicked, css, rest
        self._buttons: dict[str, widgets.Button] = {}  # action text -> its button
        self._shown: dict[str, int] = {}  # action text -> the redraw that last showed it
        self._pointers: dict[int, list[str]] = {}  # id(button) -> [the action text it answers for]
        self._redraws = 0

    def redraw(self) -> None:
        self._redraws += 1

    def button(self, text: str) -> widgets.Button:
        """The button of the action ``text``, shown in this redraw."""
        button = self._buttons.get(text)
        if button is None:
            button = self._buttons[text] = self._free_button(text)
        self._shown[text] = self._redraws
        return button

    def _free_button(self, text: str) -> widgets.Button:
        """A button that has rested long enough, pointed at ``text``; a new one if none has."""
        for old, button in self._buttons.items():
            if self._redraws - self._shown[old] > self._rest:
                del self._buttons[old], self._shown[old]
                button.remove_class(self._css(old))
                break
        else:
            pointer = [text]
            button = self._make(lambda: self._clicked(pointer[0]))
            self._pointers[id(button)] = pointer
        self._pointers[id(button)][0] = text
        button.add_class(self._css(text))
        return button

    def __len__(self) -> int:
        return len(self._buttons)


def mark(widget: widgets.DOMWidget, css_class: str, on: bool) -> widgets.DOMWidget:
    """Give ``widget`` the class ``css_class`` or take it away (``gk-active`` on the seat to act)."""
    (widget.add_class if on else widget.remove_class)(css_class)
    return widget
