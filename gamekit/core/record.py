"""Games saved as JSON — game, options, seed, actions — and loaded back with full validation.

A record never holds code: loading reads plain JSON, checks every key and type, rebuilds the game
with ``new_game(**options, seed=seed)`` and replays every action through the rules, so a record
that was edited by hand either replays legally or is refused with the step and the reason.

Loading is bounded (:class:`RecordLimits`, generous for any real game and configurable): the text's
size, the number of steps, an action's length, the options' size, the nesting of lists and objects
and the seed's digits. JSON that repeats a key is refused, and a refusal quotes a short excerpt of
the input, never all of it.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass, field

from ..i18n import format_number, translations
from .errors import IllegalActionError, RecordError
from .registry import game_factory, known_games

_, ngettext, pgettext = translations("core")

FORMAT = "gamekit-record/1"


@dataclass(frozen=True)
class RecordLimits:
    """How large a record :func:`load` accepts. The longest real game, a match stopped at the
    arena's move cap, has 10,000 steps; lower the limits for a server, raise them for an archive."""

    max_chars: int = 5_000_000  # the JSON text, in characters (bytes, if given bytes)
    max_actions: int = 100_000  # steps: turns, or simultaneous rounds
    max_action_chars: int = 200  # the text of one action
    max_options_chars: int = 100_000  # the options, written as JSON
    max_depth: int = 16  # lists and objects inside one another, in options and result
    max_seed_digits: int = 40


DEFAULT_LIMITS = RecordLimits()
_MESSAGE = 400  # characters of a refusal: an excerpt of the input at most
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
        except KeyError:
            raise _error(_("unknown game {game} (known games: {games})").format(
                game=repr(self.game), games=", ".join(known_games()) or _("none loaded"))) from None
        except (TypeError, ValueError) as error:
            raise _error(_("the options {options} do not make a game: {error}").format(
                options=_short(self.options), error=error)) from None

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
                raise _error(_("the saved result {saved} does not match the replay {replayed}").format(
                    saved=_short(self.result), replayed=_short(expected)))
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
    def from_json(cls, text: str | bytes, limits: RecordLimits = DEFAULT_LIMITS) -> GameRecord:
        """Parse and validate the structure (the moves are checked by ``final_state``/``load``)."""
        if not isinstance(text, (str, bytes, bytearray)):
            raise _error(f"a game record is JSON text, not {type(text).__name__}")
        if len(text) > limits.max_chars:
            raise _error(_("the record is {count} characters long; records are limited to {limit} "
                           "(RecordLimits.max_chars)").format(count=format_number(len(text)), limit=format_number(limits.max_chars)))
        try:
            data = json.loads(text, object_pairs_hook=_refuse_repeated_keys)
        except RecursionError:
            raise _error(_("the record nests lists or objects too deeply to be a game record")) from None
        except RecordError:
            raise
        except (ValueError, UnicodeDecodeError) as error:  # bad JSON, or a number of thousands of digits
            raise _error(_("not a JSON game record: {error}").format(error=error)) from None
        return cls.from_dict(data, limits)

    @classmethod
    def from_dict(cls, data, limits: RecordLimits = DEFAULT_LIMITS) -> GameRecord:
        if not isinstance(data, dict):
            raise _error(_("a game record is a JSON object {keys}").format(keys="{format, game, options, seed, actions}"))
        unknown = sorted(set(data) - _KEYS)
        if unknown:
            raise _error(_("unknown key(s) in the record: {keys}").format(keys=unknown))
        missing = sorted(_REQUIRED - set(data))
        if missing:
            raise _error(_("the record lacks key(s): {keys}").format(keys=missing))
        if data["format"] != FORMAT:
            raise _error(_("format must be {expected}, not {given}").format(expected=repr(FORMAT),
                                                                            given=_short(data["format"])))
        _expect(data["game"], str, "game")
        _expect(data["options"], dict, "options")
        _expect_json_values(data["options"], "options", limits.max_depth)
        if len(json.dumps(data["options"])) > limits.max_options_chars:
            raise _error(_("the options are longer than {limit} characters (RecordLimits.max_options_chars)")
                         .format(limit=format_number(limits.max_options_chars)))
        _expect(data["seed"], int, "seed")
        if abs(data["seed"]) >= 10 ** limits.max_seed_digits:
            raise _error(_("the seed has more than {limit} digits (RecordLimits.max_seed_digits)").format(
                limit=limits.max_seed_digits))
        _expect(data["actions"], list, "actions")
        if len(data["actions"]) > limits.max_actions:
            raise _error(_("the record has {count} steps; records are limited to {limit} (RecordLimits.max_actions)")
                         .format(count=format_number(len(data["actions"])), limit=format_number(limits.max_actions)))
        for number, step in enumerate(data["actions"], start=1):
            for text in step if isinstance(step, list) else [step]:
                _expect(text, str, (_("an action in step {number}") if isinstance(step, list) else
                                    _("step {number}")).format(number=number))
                if len(text) > limits.max_action_chars:
                    raise _error(_("step {number} holds an action of {count} characters ({excerpt}); an action "
                                   "is at most {limit}").format(number=number, count=format_number(len(text)),
                                                                excerpt=_short(text, 40), limit=limits.max_action_chars))
        result = data.get("result")
        if result is not None:
            _expect(result, dict, "result")
            _expect_json_values(result, "result", limits.max_depth)
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
        raise _error(_("step {number} ({step}) is illegal: {reason}").format(
            number=number, step=_short(step), reason=refusal.reason)) from None
    except (ValueError, TypeError, KeyError, IndexError, OverflowError) as error:
        raise _error(_("step {number} ({step}) cannot be replayed: {error}").format(
            number=number, step=_short(step), error=error)) from None


def _error(message: str) -> RecordError:
    """A RecordError whose message is at most a few lines, whatever the input quoted in it."""
    return RecordError(message if len(message) <= _MESSAGE else message[:_MESSAGE] + " ...")


def _refuse_repeated_keys(pairs: list) -> dict:
    data = dict(pairs)
    if len(data) < len(pairs):
        seen = set()
        repeated = next(key for key, _ in pairs if key in seen or seen.add(key))
        raise _error(_("the key {key} appears twice in one object: a record says everything once").format(
            key=_short(repeated, 40)))
    return data


def _expect(value, kind: type, what: str) -> None:
    if isinstance(value, bool) and kind is not bool or not isinstance(value, kind):
        raise _error(_("{what} must be a {kind}, not {given} {value}").format(
            what=what, kind=kind.__name__, given=type(value).__name__, value=_short(value)))


def _expect_json_values(value, what: str, depth: int = DEFAULT_LIMITS.max_depth) -> None:
    """Only plain JSON data may pass to new_game: no objects hide in options."""
    if depth < 0 and isinstance(value, (dict, list)):
        raise _error(_("{what} nests lists or objects too deeply (RecordLimits.max_depth)").format(what=what))
    if isinstance(value, dict):
        for key, item in value.items():
            _expect(key, str, _("a key of {what}").format(what=what))
            _expect_json_values(item, f"{what}.{_short(key, 30)}", depth - 1)
    elif isinstance(value, list):
        for item in value:
            _expect_json_values(item, what, depth - 1)
    elif value is not None and not isinstance(value, (str, int, float, bool)):
        raise _error(_("{what} holds {value}, which is not plain JSON data").format(what=what, value=_short(value)))


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
    return text if len(text) <= limit else text[:limit] + _(" ... ({count} characters)").format(
        count=format_number(len(text)))


def copy_json(value):
    return json.loads(json.dumps(value))


def load(text: str | bytes, limits: RecordLimits = DEFAULT_LIMITS):
    """Read a record and return its final state, replayed and checked move by move.
    ``limits`` bounds what is read (:class:`RecordLimits`); anything wrong raises RecordError."""
    return GameRecord.from_json(text, limits).final_state()


def save(state, indent: int | None = None) -> str:
    return record_of(state).to_json(indent=indent)
