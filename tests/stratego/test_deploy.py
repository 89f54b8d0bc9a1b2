"""Set-up styles, and agents that deploy their own armies through the arena."""

import pytest

from gamekit.core import RandomAgent, play_match
from gamekit.stratego import board_spec, new_game, random_setup, validate_setup
from gamekit.stratego.agents import HeuristicAgent, SearchAgent
from gamekit.stratego.presets import FLAG, TRAP
from gamekit.stratego.deploy import STYLES, deploy
from gamekit.stratego.notation import parse_setup


def ranks_by_cell(text: str, side: int, board: str) -> dict:
    """{(row from the side's own edge, column): rank} of a set-up text."""
    spec = board_spec(board)
    cells = {}
    for square, rank in zip(spec.zone(side), parse_setup(text, side, spec)):
        row, column = divmod(square, spec.width)
        cells[(row if side == 0 else spec.height - 1 - row, column)] = rank
    return cells


@pytest.mark.parametrize("board", ["fire-and-ice", "original"])
def test_guarded_setups_hide_the_flag_on_the_back_row_behind_traps(board):
    spec = board_spec(board)
    flag_columns = set()
    for seed in range(300):
        for side in (0, 1):
            text = deploy("guarded", board, side, seed=seed)
            assert validate_setup(text, side, board) == text  # legal and already tidy
            cells = ranks_by_cell(text, side, board)
            (row, column), = [cell for cell, rank in cells.items() if rank == FLAG]
            assert row == 0
            neighbours = [(0, column - 1), (0, column + 1), (1, column)]
            assert all(cells[cell] == TRAP for cell in neighbours if 0 <= cell[1] < spec.width)
            front = [cells[(spec.setup_rows - 1, c)] for c in range(spec.width)]
            assert front.count(2) >= 2  # two Scouts look ahead
            flag_columns.add(column)
    assert flag_columns == set(range(spec.width))  # every back-row square is used sometimes


def test_a_style_is_seeded_and_varied():
    assert deploy("guarded", seed=5) == deploy("guarded", seed=5)
    assert len({deploy("guarded", seed=s) for s in range(100)}) == 100
    # the random style is the engine's own shuffle
    assert all(deploy("random", "original", 1, seed=s) == random_setup("original", 1, seed=s) for s in range(20))


def test_unknown_styles_and_sides_are_refused():
    with pytest.raises(ValueError, match="style is one of random, guarded"):
        deploy("clever")
    with pytest.raises(ValueError, match="side is 0"):
        deploy(side=2)
    with pytest.raises(ValueError, match="setup_style is one of"):
        HeuristicAgent(setup_style="clever")
    assert set(STYLES) == {"random", "guarded"}


def test_agents_deploy_their_own_armies_in_a_match():
    options = {"mode": "powers", "max_moves": 6}
    record = play_match("stratego", [SearchAgent(seed=1, deals=2, width=2, depth=1), HeuristicAgent(seed=2)],
                        seed=9, options=options)
    state = record.final_state()
    assert state.setups == [SearchAgent(seed=1).setup(0, options), HeuristicAgent(seed=2).setup(1, options)]
    assert state.options["setups"] == state.setups


def test_given_setups_positions_and_random_agents_keep_their_set_ups():
    mine = random_setup(side=0, seed=3)
    record = play_match("stratego", [HeuristicAgent(seed=1), HeuristicAgent(seed=2)], seed=4,
                        options={"setups": [mine, None], "max_moves": 4})
    assert record.final_state().setups == [mine, HeuristicAgent(seed=2).setup(1)]
    shuffled = play_match("stratego", [RandomAgent(1), HeuristicAgent(seed=2, setup_style="random")],
                          seed=4, options={"max_moves": 4}).final_state()
    assert shuffled.setups == new_game(seed=4).setups
    position = "\n".join([". " * 9 + "bF"] + [". " * 10] * 2 + [". . ~ ~ . . ~ ~ . ."] * 2 + [". " * 10] * 2
                         + ["rF r2" + " ." * 8])
    from_position = play_match("stratego", [HeuristicAgent(seed=1), HeuristicAgent(seed=2)], seed=4,
                               options={"position": position, "max_moves": 4}).final_state()
    assert from_position.setups == [] and from_position.moves >= 1


def test_asking_for_a_setup_never_changes_the_play():
    state = new_game(seed=11)
    quiet, asked = HeuristicAgent(seed=7), HeuristicAgent(seed=7)
    asked.setup(0)
    assert quiet.act(state.observation(0), state.legal_actions()) == asked.act(state.observation(0),
                                                                               state.legal_actions())


def test_a_malformed_setups_option_is_left_to_the_game_to_refuse():
    with pytest.raises(ValueError, match="setups is a pair"):
        play_match("stratego", [HeuristicAgent(seed=1), HeuristicAgent(seed=2)], seed=4,
                   options={"setups": [None]})
