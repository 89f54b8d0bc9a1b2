"""The set-up editor of the Stratego board: place an army on the grid by clicking, save it as text.

:class:`SetupEditor` is a part of :class:`~gamekit.stratego.board.StrategoBoard` (its base class),
kept in its own room: choose a piece from the palette, click a square of the side's set-up rows
(click a placed piece to take it back), fill the rest at random, and **Done** saves the set-up as
text in the side's box, checked by the engine. Editing a set-up never touches the game on the
board: it is the next game's army.
"""

from __future__ import annotations

import random
from html import escape

import ipywidgets as widgets

from gamekit.core import IllegalActionError, derive_seed

from .notation import format_setup, parse_setup
from .presets import RANK_OF_SYMBOL, symbol
from .rules import validate_setup
from .words import _, ngettext, piece_word, side_word

SIDE_CLASSES = ("st-piece-fire", "st-piece-ice")
SIDE_TEXT = ("st-fire-text", "st-ice-text")


class SetupEditor:
    """The editor's widgets and clicks. The board provides ``_spec``, ``state``, ``series_seed``,
    ``setup_boxes``, ``game_button``, ``small_button``, ``say`` and ``reset_choice``."""

    def _build_editor(self) -> None:
        self._editing: int | None = None
        self._draft: dict[str, int] = {}
        self._pick: str | None = None
        self._shuffles = 0
        self.palette_buttons = {}
        for rank, _count in self._spec.army:
            piece = symbol(rank)
            self.palette_buttons[piece] = self.small_button(piece, ["st-palette-piece", f"st-palette-{piece}"],
                                                            lambda piece=piece: self.pick(piece))
        self.palette_row = widgets.HBox(list(self.palette_buttons.values()), layout=widgets.Layout(flex_flow="row wrap"))
        self.palette_row.add_class("st-palette")
        self.editor_title = widgets.HTML()
        self.editor_title.add_class("st-editor-title")
        self.editor_buttons = widgets.HBox([
            self.game_button("Fill the rest at random", "st-setup-fill", self.fill_setup),
            self.game_button("Clear", "st-setup-clear", self.clear_setup),
            self.game_button("Done: save as text", "st-setup-done", self.finish_setup, style="success"),
            self.game_button("Cancel", "st-setup-cancel", self.cancel_setup)],
            layout=widgets.Layout(flex_flow="row wrap"))

    def _label_editor(self) -> None:
        """The editor's buttons in the language in force."""
        fill, clear, done, cancel = self.editor_buttons.children
        fill.description = _("Fill the rest at random")
        clear.description = _("Clear")
        done.description = _("Done: save as text")
        cancel.description = _("Cancel")

    def _side(self, side: int) -> str:
        return side_word(self._spec.sides[side])

    @property
    def editing(self) -> int | None:
        """The side whose set-up is being placed on the grid, or ``None``."""
        return self._editing

    def edit_setup(self, side: int) -> None:
        """Show ``side``'s set-up rows on the grid, to place pieces by clicking: choose a piece
        below the grid, then click a square. Starts from the text in the side's box if it is a
        set-up, else from empty rows."""
        spec = self._spec
        if side not in (0, 1):
            _refuse(_("side is 0 ({first}) or 1 ({second}), not {side}").format(
                first=self._side(0), second=self._side(1), side=repr(side)))
        self._editing, self._draft, self._pick = side, {}, None
        self.reset_choice()
        text = self.setup_boxes[side].value
        message = _("Placing {side}'s pieces: choose a piece below, then click a square of its rows.").format(
            side=self._side(side))
        if text.strip():
            try:
                ranks = parse_setup(text, side, spec)
            except ValueError as problem:
                message = _("The text in {side}'s box is not a set-up ({problem}): starting empty.").format(
                    side=self._side(side), problem=problem)
            else:
                self._draft = {spec.square_name(s): r for s, r in zip(spec.zone(side), ranks)}
        self.say(message)

    def _zone_names(self) -> list[str]:
        return [self._spec.square_name(s) for s in self._spec.zone(self._editing)]

    def pieces_left(self) -> dict[str, int]:
        """``{rank symbol: how many are still to place}`` for the set-up being edited."""
        placed = list(self._draft.values())
        return {symbol(rank): count - placed.count(rank) for rank, count in self._spec.army}

    def pick(self, piece: str) -> None:
        """Choose the piece (a rank symbol: ``"10"``, ``"S"``, ``"T"``, ``"F"``) the next click places."""
        self._check_editing()
        left = self.pieces_left()
        if piece not in left:
            _refuse(_("{piece} is not a piece of this army: choose one of {pieces}").format(
                piece=repr(piece), pieces=" ".join(left)))
        if left[piece] == 0:
            # Translators: {piece} is the bare name ("Dwarf"), {pieces} its plural
            _refuse(_("every {piece} is already placed").format(piece=self._piece_name(piece),
                                                                pieces=self._piece_name(piece, 3)))
        self._pick = piece
        self.say(_("{piece} ({rank}): click an empty square of the set-up rows.").format(
            piece=self._piece_name(piece), rank=piece))

    def _piece_name(self, piece: str, form: int = 0) -> str:
        return piece_word(self._spec.piece_key(RANK_OF_SYMBOL[piece], self._editing), form)

    def _check_editing(self) -> None:
        if self._editing is None:
            _refuse(_("no set-up is being edited: click Place {first}'s pieces or Place {second}'s pieces").format(
                first=self._side(0), second=self._side(1)))

    def _edit_click(self, square: str) -> None:
        spec, side = self._spec, self._editing
        if square not in self._zone_names():
            rows = spec.zone(side)
            first, last = rows[0] // spec.width + 1, rows[-1] // spec.width + 1
            _refuse(_("{square} is not in {side}'s set-up rows ({first} to {last})").format(
                square=square, side=self._side(side), first=first, last=last))
        if square in self._draft:  # take the piece back; it is the next one to place
            self._pick = symbol(self._draft.pop(square))
            self.say(_("Took {the_piece} back from {square}: click where it goes.").format(
                the_piece=self._piece_name(self._pick, 1), square=square))
            return
        if self._pick is None:
            _refuse(_("choose a piece below the grid first"))
        self._draft[square] = RANK_OF_SYMBOL[self._pick]
        placed = self._pick
        if self.pieces_left()[self._pick] == 0:
            self._pick = None
        left = sum(self.pieces_left().values())
        self.say(ngettext("{piece} on {square}; {count} piece still to place.",
                          "{piece} on {square}; {count} pieces still to place.", left).format(
            piece=self._piece_name(placed), square=square, count=left))

    def fill_setup(self) -> None:
        """Put the pieces still to place on the empty squares, shuffled (seeded by the board)."""
        self._check_editing()
        empty = [name for name in self._zone_names() if name not in self._draft]
        rest = [RANK_OF_SYMBOL[p] for p, n in self.pieces_left().items() for _ in range(n)]
        self._shuffles += 1
        base = self.series_seed if self.series_seed is not None else self.state.seed
        random.Random(derive_seed(base, "fill", self._editing, self._shuffles)).shuffle(rest)
        self._draft.update(zip(empty, rest))
        self._pick = None
        self.say(_("The rest are placed at random: move pieces by clicking them, or click Done."))

    def clear_setup(self) -> None:
        """Take every piece off the set-up rows."""
        self._check_editing()
        self._draft, self._pick = {}, None
        self.say(_("The set-up rows are empty: choose a piece, then click a square."))

    def finish_setup(self) -> None:
        """Save the placed set-up as text in its box (the engine checks it) and leave the editor."""
        self._check_editing()
        spec, side = self._spec, self._editing
        missing = {p: n for p, n in self.pieces_left().items() if n}
        if missing:
            _refuse(_("place every piece first (or Fill the rest at random): still to place {pieces}").format(
                pieces=", ".join(f"{n}×{p}" for p, n in missing.items())))
        text = format_setup(spec, side, [self._draft[name] for name in self._zone_names()])
        self.setup_boxes[side].value = validate_setup(text, side, spec.name)
        self._editing = None
        self.say(_("{side}'s set-up is saved in its box: click New game to play it.").format(side=self._side(side)),
                 "success")

    def cancel_setup(self) -> None:
        """Leave the editor without saving."""
        self._check_editing()
        self._editing = None
        self.message = None
        self.refresh()

    def _editor_children(self) -> list:
        side = self._editing
        for piece, left in self.pieces_left().items():
            button = self.palette_buttons[piece]
            button.description = f"{piece} ×{left}"
            button.tooltip = self._piece_name(piece)
            button.disabled = left == 0
            _toggle(button, "gk-selected", piece == self._pick)
            for number, css in enumerate(SIDE_CLASSES):
                _toggle(button, css, number == side)
        title = _("{side}'s set-up").format(side=self._side(side))
        hint = _("choose a piece, click a square; click a placed piece to take it back")
        self.editor_title.value = (f'<span class="gk-title {SIDE_TEXT[side]}">{escape(title)}</span> '
                                   f'<span class="gk-muted">{escape(hint)}</span>')
        return [self.editor_title, self.palette_row, self.editor_buttons]

    def _draft_views(self) -> dict[str, tuple[str, int, bool, bool]]:
        return {name: (symbol(rank), self._editing, False, False) for name, rank in self._draft.items()}

    def _draft_targets(self) -> set[str]:
        """The set-up rows' empty squares light up while a piece is chosen."""
        return {n for n in self._zone_names() if n not in self._draft} if self._pick else set()

    def _draft_summary(self) -> list[str]:
        spec, side = self._spec, self._editing
        left = " ".join(f"{n}×{p}" for p, n in self.pieces_left().items() if n) or _("nothing")
        lines = [_("Placing {side}'s set-up (to place: {pieces}; chosen: {chosen}):").format(
            side=self._side(side), pieces=left, chosen=self._pick or "-")]
        names = self._zone_names()
        rows = [names[i:i + spec.width] for i in range(0, len(names), spec.width)]
        for row in reversed(rows):
            lines.append(" ".join(f"{symbol(self._draft[n]) if n in self._draft else '.':<3}" for n in row).rstrip())
        return lines


def _refuse(reason: str):
    raise IllegalActionError(reason)


def _toggle(widget, css: str, on: bool) -> None:
    if on and css not in widget._dom_classes:
        widget.add_class(css)
    elif not on and css in widget._dom_classes:
        widget.remove_class(css)
