"""What every game shares: the state protocol, errors, seeded randomness, agents, the arena and
JSON records. Core never imports a game."""

from .agents import Agent, Candidate, ExplainingAgent, Explanation, RandomAgent, kind_name, the_agent
from .arena import (DEFAULT_MAX_MOVES, GameResult, TournamentResult, agent_setups, iter_tournament, play_match,
                    tournament, wilson_interval)
from .errors import AgentError, AgentTimeout, IllegalActionError, NotAnActionError, RecordError
from .players import SIMULTANEOUS, TERMINAL
from .record import GameRecord, load, record_of, save
from .registry import GameInfo, game_agents, game_factory, game_info, known_games, register_game
from .rng import derive_seed, make_rng, shuffle
from .state import GameState, Outcome, seat_name
from .table import Event, Seat, StaleViewError, Table, TableView

__all__ = [
    "Agent", "Candidate", "ExplainingAgent", "Explanation", "RandomAgent", "kind_name", "the_agent",
    "DEFAULT_MAX_MOVES", "GameResult", "TournamentResult", "agent_setups", "iter_tournament", "play_match",
    "tournament", "wilson_interval", "AgentError", "AgentTimeout", "IllegalActionError", "NotAnActionError", "RecordError", "GameInfo", "game_info", "Outcome", "SIMULTANEOUS", "TERMINAL",
    "GameRecord", "load", "record_of", "save",
    "game_agents", "game_factory", "known_games", "register_game", "derive_seed", "make_rng", "shuffle",
    "GameState", "seat_name",
    "Event", "Seat", "StaleViewError", "Table", "TableView",
]
