"""Games saved as JSON — game, options, seed, actions — and loaded back with full validation.

A record never holds code: loading reads plain JSON, checks every key and type, rebuilds the game
with ``new_game(**options, seed=seed)`` and replays every action through the rules, so a record
that was edited by hand either replays legally or is refused with the step and the reason.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass, field

from .errors import IllegalActionError, RecordError
from .registry import game_factory

FORMAT = "gamekit-record/1"
_KEYS = {"format", "game", "options", "seed", "actions", "result"}
_REQUIRED = _KEYS - {"result"}


@dataclass(frozen=True)
class GameRecord:
    """One game: enough to replay it exactly. ``actions`` holds one text per sequential turn,
    or one list of texts (seat order) per simultaneous round."""

    game: str
    options: dict
    seed: int
    actions: list
    result: dict | None = field(default=None, compare=False)

    def new_state(self):
        """The game's starting position."""
        try:
            return game_factory(self.game)(**self.options, seed=self.seed)
        except KeyError as error:
            raise RecordError(error.args[0]) from None
        except (TypeError, ValueError) as error:
            raise RecordError(f"the options {self.options} do not make a game: {error}") from None

    def replay(self) -> Iterator:
        """Yield the state before the first step, then after every step (each a fresh clone)."""
        state = self.new_state()
        yield state.clone()
        for number, step in enumerate(self.actions, start=1):
            _replay_step(state, number, step)
            yield state.clone()

    def final_state(self):
        """Replay every step and return the last state (checked against ``result`` if saved)."""
        state = self.new_state()
        for number, step in enumerate(self.actions, start=1):
            _replay_step(state, number, step)
        if self.result is not None:
            capped = self.result.get("capped")
            expected = capped_result(state, capped) if capped and not state.is_terminal else result_of(state)
            if self.result != expected:
                raise RecordError(f"the saved result {_short(self.result)} does not match the replay {_short(expected)}")
        return state

    def to_dict(self) -> dict:
        data = {
            "format": FORMAT,
            "game": self.game,
            "options": self.options,
            "seed": self.seed,
            "actions": self.actions,
        }
        if self.result is not None:
            data["result"] = self.result
        return data

    def to_json(self, indent: int | None = None) -> str:
        return json.dumps(self.to_dict(), indent=indent)

    @classmethod
    def from_json(cls, text: str | bytes) -> GameRecord:
        """Parse and validate the structure (the moves are checked by ``final_state``/``load``)."""
        try:
            data = json.loads(text)
        except (json.JSONDecodeError, UnicodeDecodeError, TypeError) as error:
            raise RecordError(f"not a JSON game record: {error}") from None
        return cls.from_dict(data)

    @classmethod
    def from_dict(cls, data) -> GameRecord:
        if not isinstance(data, dict):
            raise RecordError("a game record is a JSON object {format, game, options, seed, actions}")
        unknown = sorted(set(data) - _KEYS)
        if unknown:
            raise RecordError(f"unknown key(s) in the record: {unknown}")
        missing = sorted(_REQUIRED - set(data))
        if missing:
            raise RecordError(f"the record lacks key(s): {missing}")
        if data["format"] != FORMAT:
            raise RecordError(f"format must be {FORMAT!r}, not {data['format']!r}")
        _expect(data["game"], str, "game")
        _expect(data["options"], dict, "options")
        _expect_json_values(data["options"], "options")
        _expect(data["seed"], int, "seed")
        _expect(data["actions"], list, "actions")
        for number, step in enumerate(data["actions"], start=1):
            if isinstance(step, list):
                for text in step:
                    _expect(text, str, f"an action in step {number}")
            else:
                _expect(step, str, f"step {number}")
        result = data.get("result")
        if result is not None:
            _expect(result, dict, "result")
            _expect_json_values(result, "result")
            if "capped" in result:
                _expect(result["capped"], int, "result.capped")
        return cls(data["game"], data["options"], data["seed"], data["actions"], result)


def _replay_step(state, number: int, step) -> None:
    try:
        if isinstance(step, list):
            state.apply_joint(dict(enumerate(step)))
        else:
            state.apply(step)
    except IllegalActionError as refusal:
        raise RecordError(f"step {number} ({step!r}) is illegal: {refusal.reason}") from None


def _expect(value, kind: type, what: str) -> None:
    if isinstance(value, bool) and kind is not bool or not isinstance(value, kind):
        raise RecordError(f"{what} must be a {kind.__name__}, not {type(value).__name__} {value!r}")


def _expect_json_values(value, what: str) -> None:
    """Only plain JSON data may pass to new_game: no objects hide in options."""
    if isinstance(value, dict):
        for key, item in value.items():
            _expect(key, str, f"a key of {what}")
            _expect_json_values(item, f"{what}.{key}")
    elif isinstance(value, list):
        for item in value:
            _expect_json_values(item, what)
    elif value is not None and not isinstance(value, (str, int, float, bool)):
        raise RecordError(f"{what} holds {value!r}, which is not plain JSON data")


def result_of(state) -> dict:
    return {"scores": list(state.scores()), "winners": list(state.winners())}


def capped_result(state, max_moves: int) -> dict:
    """The result of a game stopped by a match's move cap: a draw, with the reason."""
    return {"scores": list(state.scores()), "winners": [], "capped": max_moves,
            "reason": f"no result after {max_moves:,} steps (the match's move cap): recorded as a draw"}


def record_of(state) -> GameRecord:
    """The record of a game so far (with its result once it is over)."""
    actions = []
    for step in state.history:
        if isinstance(step, dict):
            actions.append([str(step[player]) for player in sorted(step)])
        else:
            actions.append(str(step))
    result = result_of(state) if state.is_terminal else None
    return GameRecord(state.game, copy_json(state.options), state.seed, actions, result)


def _short(value, limit: int = 80) -> str:
    """``repr(value)``, cut to ``limit`` characters: a message quotes an excerpt, never a whole input."""
    text = repr(value)
    return text if len(text) <= limit else text[:limit] + f" ... ({len(text):,} characters)"


def copy_json(value):
    return json.loads(json.dumps(value))


def load(text: str | bytes):
    """Read a record and return its final state, replayed and checked move by move."""
    return GameRecord.from_json(text).final_state()


def save(state, indent: int | None = None) -> str:
    return record_of(state).to_json(indent=indent)
