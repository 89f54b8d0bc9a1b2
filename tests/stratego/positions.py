"""Hand-built positions for the Stratego tests, written in the engine's text format."""

from gamekit.stratego import board_spec, from_ascii
from gamekit.stratego.notation import format_position


def position_text(pieces: dict[str, str], board: str = "fire-and-ice") -> str:
    """The position text with ``pieces`` (``{"b2": "r2", "b5": "b5"}``) and every other square empty."""
    spec = board_spec(board)
    for square in pieces:
        if spec.square_of(square) in spec.forbidden:
            raise ValueError(f"{square} is a forbidden square: the test cannot put a piece there")
    return format_position(spec, {spec.square_of(square): tok for square, tok in pieces.items()})


def game(pieces: dict[str, str], mode: str = "classic", board: str = "fire-and-ice", to_move: int = 0, **options):
    """A game from ``pieces``; each side gets a Flag in a far corner unless the test places one."""
    pieces = dict(pieces)
    spec = board_spec(board)
    top = spec.height
    if not any(tok == "rF" for tok in pieces.values()) and "a1" not in pieces:
        pieces["a1"] = "rF"
    if not any(tok == "bF" for tok in pieces.values()) and f"j{top}" not in pieces:
        pieces[f"j{top}"] = "bF"
    return from_ascii(position_text(pieces, board), mode=mode, board=board, to_move=to_move, **options)


def moves(state, square: str) -> list[str]:
    """The legal actions of the piece on ``square``, as text."""
    return sorted(str(a) for a in state.legal_actions() if a.src == square)
