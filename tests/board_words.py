"""What a person reads on a board: every text of a set of widgets, for the tests that check a
board speaks the language it is set to (tests/<game>/test_board_portuguese.py)."""

import html
import re

import ipywidgets as widgets

TEXT_TRAITS = ("value", "description", "tooltip", "placeholder")


def seen_text(value: str) -> str:
    """HTML as the text a person reads: tags and entities gone, spaces collapsed."""
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", value)).split())


def widgets_in(widget, seen=None):
    """Every widget in a tree (what the page shows), each once."""
    seen = set() if seen is None else seen
    if id(widget) in seen:
        return
    seen.add(id(widget))
    yield widget
    for child in getattr(widget, "children", ()) or ():
        yield from widgets_in(child, seen)


def words_on(own_widgets, plain=seen_text) -> list[str]:
    """Every text of these widgets (values, labels, tooltips, placeholders, options' labels), in
    order; a Dropdown's value is an option's key, not what the person reads, and CSS is no text."""
    found = []
    for widget in own_widgets:
        if "<style" in str(getattr(widget, "value", "")):
            continue
        for name in TEXT_TRAITS:
            value = getattr(widget, name, None)
            if name == "value" and isinstance(widget, widgets.Dropdown):
                continue
            if isinstance(value, str) and plain(value):
                found.append(plain(value))
        found += [str(label) for label in getattr(widget, "_options_labels", ())]
    return found


def parts_texts(board, parts, left_out) -> list[str]:
    """Every text inside the board's parts with these CSS classes, but not in hidden widgets or in
    the ``left_out`` parts (the kit's shared frame, in its own catalog)."""
    texts, stack = [], [w for w in board.walk() if set(parts) & set(w._dom_classes)]
    while stack:
        widget = stack.pop()
        hidden = getattr(widget.layout, "display", None) == "none"
        if hidden or set(left_out) & set(widget._dom_classes):
            continue
        for name in (*TEXT_TRAITS, "title"):
            value = getattr(widget, name, None)
            if isinstance(value, str) and value.strip():
                texts.append(html.unescape(re.sub(r"<[^>]+>", " ", value)))
        stack.extend(getattr(widget, "children", ()))
    return texts
