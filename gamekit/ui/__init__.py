"""Widget parts every game's board reuses: :class:`TableBoard`, the base view every board is built
on (a board draws a ``gamekit.core.Table``), a theme, card and piece views, a status line, a log
panel, seat pickers (a person or an agent, with typed names) and the "pass the screen" step."""

from .cards import card_button, chip, is_selected, piece_button, row, set_enabled, set_selected
from .exercises import Exercise
from .hotseat import PassScreen
from .log import LogPanel
from .seats import HUMAN, SeatPicker, build_agents, check_seats
from .status import StatusArea
from .table_board import TableBoard
from .theme import SEAT_COLOURS, seat_colour, theme

__all__ = [
    "card_button", "chip", "is_selected", "piece_button", "row", "set_enabled", "set_selected",
    "Exercise", "PassScreen", "LogPanel", "HUMAN", "SeatPicker", "build_agents", "check_seats",
    "StatusArea", "TableBoard", "SEAT_COLOURS", "seat_colour", "theme",
]
