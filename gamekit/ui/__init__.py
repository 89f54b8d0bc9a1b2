"""Widget parts every game's board reuses: a theme, card and piece views, a status line, a log
panel, seat pickers (human or agent) and the hot-seat "pass the screen" step."""

from .board import SeatedBoard
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
    "StatusArea", "SeatedBoard", "TableBoard", "SEAT_COLOURS", "seat_colour", "theme",
]
