"""Hot-seat secrecy on the Brief History board: while the screen is being passed, and on each
seat's turn, no widget of the board (values, descriptions, tooltips, options, the map's texts)
names a card that the person at the screen may not see."""

import random

import ipywidgets as widgets
import pytest

from gamekit.brief_history.board import BriefHistoryBoard
from gamekit.ui import HUMAN


def widget_texts(widget, seen=None) -> list[str]:
    """Every text a widget tree shows or carries: values, descriptions, tooltips, options, children."""
    seen = set() if seen is None else seen
    if id(widget) in seen:
        return []
    seen.add(id(widget))
    texts = []
    for name in ("value", "description", "tooltip", "placeholder"):
        value = getattr(widget, name, None)
        if isinstance(value, str):
            texts.append(value)
    options = getattr(widget, "options", None)
    if options and not isinstance(widget, widgets.Layout):
        texts += [str(option) for option in options]
    for child in getattr(widget, "children", ()) or ():
        texts += widget_texts(child, seen)
    for trace in getattr(widget, "data", ()) or ():  # the plotly map
        for name in ("text", "hovertext", "customdata"):
            value = getattr(trace, name, None)
            if value is not None:
                texts += [str(v) for v in (value if isinstance(value, (list, tuple)) else [value])]
    return texts


def secrets_from(board) -> set[str]:
    """Card names the person at the screen may not see: in other colours' hands, never played."""
    state = board.state
    viewer = board.viewer
    public = "\n".join(state.log)
    starting = {e.name for e in state.cards.starting_events}  # everyone holds these: not a secret
    mine = set()
    if viewer is not None:
        mine = {card for c in range(state.colours) if state.seat_of[c] == viewer
                for card in state.empire_hand[c] + [e.name for e in state.events_held[c]]}
    hidden = set()
    for c in range(state.colours):
        if viewer is not None and state.seat_of[c] == viewer:
            continue
        hidden |= set(state.empire_hand[c]) | {e.name for e in state.events_held[c]}
    if state.phase == "draft" and viewer is not None and state.acting_colour is not None \
            and state.seat_of[state.acting_colour] == viewer:
        mine |= {str(card) for card in state.packets[state.queue[0][1]]}
    return {name for name in hidden - mine - starting if name not in public}


@pytest.mark.parametrize("seed", [3, 8])
def test_hot_seat_widgets_never_show_another_seats_cards(seed):
    board = BriefHistoryBoard(players=3, seats=[HUMAN] * 3, seed=seed, names=["Ana", "Rui", "Eva"])
    rng = random.Random(seed)
    checked = passes = 0
    for _ in range(160):
        if board.state.is_terminal:
            break
        texts = "\n".join(widget_texts(board))
        leaked = [name for name in secrets_from(board) if name in texts]
        assert not leaked, (board.state.phase, board.viewer, leaked)
        checked += 1
        if board.pass_screen_pending:
            passes += 1
            board.show_hand()
            continue
        legal = board.state.legal_actions()
        assert board.choose(str(rng.choice(legal))), board.status.text
    assert checked > 100 and passes > 10


def test_event_buttons_wait_for_their_player_in_hot_seat():
    from gamekit.brief_history.scenarios import roman_turn

    state = roman_turn()
    state.gold[0] = 5
    board = BriefHistoryBoard(state, seats=[HUMAN, HUMAN, "random"], names=["Ana", "Rui", "Eva"])
    texts = "\n".join(widget_texts(board))
    assert "Play Leader" not in texts and board.shows(board.pass_screen) and board.viewer is None
    board.pass_screen.button.click()
    assert board.viewer == 0 and "Play Leader" in "\n".join(widget_texts(board))  # the button's words
    assert board.choose("play Leader")
