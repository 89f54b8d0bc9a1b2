"""A table: one game (then the next) for a list of seats, people or agents, with no widgets.

The table owns the game flow that every board needs and none should write twice: whose turn it is,
checking that a seat may act, applying, playing the agent seats, collecting the secret choices of a
simultaneous round, the log (and which seat may read which line of it), the shared screen of a
hot-seat game, the next game's seed and the record. A board is a view over a table: it draws
``table.view(seat)`` and turns clicks into ``table.submit(action, seat)``. A server can drive the same
table with one browser per seat, sending each exactly ``table.view(seat)``.

>>> table = Table("milhoes", [None, RandomAgent], names=["Ana", "Computer"], seed=3)
>>> table.waiting_for
(0,)
>>> events = table.submit("bid 12", 0)
>>> table.state.round
2
"""

from __future__ import annotations

import inspect
import logging
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..i18n import LANGUAGES, SOURCE_LANGUAGE, in_every_language, language, translations, using_language

from .agents import RandomAgent  # noqa: F401 (the doctest's agent)
from .arena import agent_setups
from .errors import IllegalActionError
from .players import SIMULTANEOUS
from .record import GameRecord, record_of
from .registry import game_factory, game_info
from .rng import derive_seed, fresh_seed
from .state import GameState, Outcome

#: How many agent steps ``advance()`` plays at most before it pauses (a game between agents
#: that would never end, such as two Stratego armies that only shuffle, cannot hang a board).
MAX_AGENT_STEPS = 10_000

log = logging.getLogger(__name__)
_, ngettext, pgettext = translations("core")

EVERYONE = None  # an event's audience: everyone, the projector included


class StaleViewError(IllegalActionError):
    """An action sent from a view older than the table's current one (a double click, a slow
    network): refused, and nothing changes; look at the table again and choose."""


@dataclass(frozen=True)
class Event:
    """Something that happened at the table, and who may read it.

    ``audience`` is ``EVERYONE`` (``None``) or a frozenset of viewers: seat numbers, and ``None``
    for the public view (a projector, a spectator). ``kind`` is one of ``"start"``, ``"step"`` (a
    move or a round of the game, in the game's own words), ``"chosen"`` (a seat's own secret choice,
    for that seat only),
    ``"agent_error"``, ``"paused"`` and ``"over"``.

    ``texts`` holds the event's words in every language the kit speaks (``{"en": ..., "pt": ...}``),
    written when it happened, so that seats reading different languages, or a language chosen
    mid-game, each read it in their own; ``text`` is the words in the language in force when read.
    A single string stands for every language (a line with no words, such as ``"1. take 2"``).
    """

    version: int
    kind: str
    texts: Mapping[str, str] = field(hash=False)
    audience: frozenset | None = EVERYONE
    seat: int | None = None

    def __post_init__(self):
        if isinstance(self.texts, str):
            object.__setattr__(self, "texts", dict.fromkeys(LANGUAGES, self.texts))

    @property
    def text(self) -> str:
        """The event's words in the language in force now."""
        texts = self.texts
        return texts.get(language()) or texts[SOURCE_LANGUAGE]

    def visible_to(self, viewer: int | None) -> bool:
        return self.audience is EVERYONE or viewer in self.audience


@dataclass(frozen=True)
class Seat:
    """Who sits at a seat: a person (``agent is None``) or an agent, and the name shown."""

    name: str
    agent: Any = None
    maker: Callable | None = None  # builds a fresh agent for each game from a seed

    @property
    def is_person(self) -> bool:
        return self.agent is None and self.maker is None


@dataclass(frozen=True)
class TableView:
    """Everything one viewer may see of the table now, and nothing else.

    ``seat`` is the viewer (``None``: the public view). ``observation`` is the seat's observation
    (the game's public observation for ``None``); ``legal_actions`` are the seat's choices if the
    table waits for its person (an agent's seat is played by the table); ``waiting_for`` the seats the table waits for; ``chosen`` the seats whose
    secret choice for this round is in, and ``my_choice`` the viewer's own; ``log`` the lines the
    viewer may read; ``pass_to`` the seat the shared screen must go to first (or ``None``).
    """

    seat: int | None
    names: tuple[str, ...]
    persons: tuple[int, ...]
    version: int
    game_number: int
    observation: Any
    legal_actions: tuple
    waiting_for: tuple[int, ...]
    chosen: tuple[int, ...]
    my_choice: Any
    my_choice_words: str | None  # the same choice in words, in the language in force ("Power card 5")
    log: tuple[str, ...]
    outcome: Outcome | None
    pass_to: int | None
    problem: str | None

    @property
    def name(self) -> str | None:
        return None if self.seat is None else self.names[self.seat]

    @property
    def my_turn(self) -> bool:
        return bool(self.legal_actions)

    @property
    def is_over(self) -> bool:
        return self.outcome is not None


class Table:
    """One game at a time for ``seats``: each ``None`` (a person), an agent (anything with
    ``act(observation, legal_actions)``), or an agent class (built afresh for every game with
    ``seed=derive_seed(game seed, seat)``, so a game's seed fixes its agents too).

    ``game`` is a game's name (``"milhoes"``) or a started state; ``options`` are ``new_game``'s
    keyword options (``players`` defaults to the number of seats); ``seed`` starts a series: the
    first game uses it, later ones ``derive_seed(seed, "game", n)``. ``names`` name the seats.

    ``shared_screen=True`` (a board at one screen): with several people in a game with hidden
    information, the table plays hot-seat: a person's secrets show only after
    :meth:`take_screen`, and :attr:`pass_to` says when the screen must change hands. A server
    with one device per seat passes ``shared_screen=False``.
    """

    def __init__(self, game: str | GameState, seats: Sequence, *, seed: int | None = None,
                 options: Mapping | None = None, names: Sequence[str] | None = None,
                 shared_screen: bool = True, max_agent_steps: int = MAX_AGENT_STEPS):
        given = game if isinstance(game, GameState) else None
        self.game = given.game if given is not None else game
        self.factory = game_factory(self.game)
        try:
            self._hidden = game_info(self.game).hidden_information
        except KeyError:  # a game without GameInfo: assume it keeps secrets
            self._hidden = True
        self.options = dict(options if options is not None else (given.options if given else {}))
        if "players" in inspect.signature(self.factory).parameters:
            self.options.setdefault("players", len(seats))
        self.seats = _seats(seats, names)
        self.series_seed = seed
        self.shared_screen = shared_screen
        self.max_agent_steps = max_agent_steps
        self.version = 0
        self.game_number = 0
        self.finished: list[GameRecord] = []  # the records of the games played before this one
        self._listeners: list[Callable] = []
        self._notified = 0  # the version the listeners last heard of
        self._start(given.clone() if given is not None else None, seed)

    # --- seats and turns -----------------------------------------------------------------------
    @property
    def names(self) -> tuple[str, ...]:
        return tuple(seat.name for seat in self.seats)

    @property
    def persons(self) -> tuple[int, ...]:
        """The seats played by people."""
        return tuple(p for p, seat in enumerate(self.seats) if seat.is_person)

    @property
    def hidden_information(self) -> bool:
        """Whether the game keeps secrets (its ``GameInfo``; a game without one is assumed to)."""
        return self._hidden

    @property
    def hotseat(self) -> bool:
        """Several people share one screen in a game with secrets: each turn waits for its
        player to take the screen."""
        return self.shared_screen and len(self.persons) > 1 and self.hidden_information

    @property
    def waiting_for(self) -> tuple[int, ...]:
        """The seats whose move (or secret choice) the game waits for now."""
        if self.problem is not None:
            return ()
        return tuple(p for p in self.state.acting_players() if p not in self.pending)

    @property
    def next_person(self) -> int | None:
        """The first person the game waits for (``None``: nobody, or only agents)."""
        return next((p for p in self.waiting_for if self.seats[p].is_person), None)

    @property
    def screen(self) -> int | None:
        """The seat whose eyes may be on the shared screen now (``None``: the public view).

        One person at the table always holds it; in hot-seat only the person who took it
        (:meth:`take_screen`), until their turn ends; with no secrets, the next person to act."""
        if self.hotseat:
            return self._screen
        persons = self.persons
        if len(persons) == 1:
            return persons[0]
        return self.next_person if persons else None

    @property
    def pass_to(self) -> int | None:
        """The person the shared screen must be passed to before the game can go on, or ``None``."""
        awaited = self.next_person
        if not self.hotseat or awaited is None or awaited == self._screen:
            return None
        return awaited

    def take_screen(self, seat: int, *, version: int | None = None) -> None:
        """``seat``'s person has the screen (the "I am Ana: show my cards" button)."""
        self._check_version(version)
        if not self.hotseat:
            raise IllegalActionError(_("nobody needs to pass the screen at this table"))
        if self.pass_to is None:
            raise IllegalActionError(_("the screen is where it should be: nobody needs to take it"))
        if seat != self.pass_to:
            raise IllegalActionError(_("pass the screen to {name}, not {other}").format(
                name=self.names[self.pass_to], other=self._name_of(seat)))
        self._screen = seat
        self._changed()
        self._notify()

    def replace_seat(self, seat: int, agent=None, *, name: str | None = None) -> list[Event]:
        """Give ``seat`` to a person (``agent=None``) or an agent (an absent player, an agent
        that failed), then play on; returns the events that followed."""
        self._check_seat_number(seat)
        maker = agent if isinstance(agent, type) else None
        built = maker(seed=derive_seed(self.state.seed, seat)) if maker else agent
        self.seats[seat] = Seat(name or self.seats[seat].name, built, maker)
        self.problem = None
        mark = len(self.events)
        self._changed()
        self._auto_advance()
        self._notify()
        return self.events[mark:]

    # --- acting ----------------------------------------------------------------------------------
    def submit(self, action, seat: int, *, version: int | None = None) -> list[Event]:
        """A person's move for ``seat``: an action or its text. Checks that the seat may act now,
        validates with the rules, applies (in a simultaneous round: keeps the choice secret until
        every seat has chosen), then plays the agents until a person must act. Returns the events
        that followed; a refusal raises :class:`IllegalActionError` and changes nothing."""
        self._check_version(version)
        self._check_may_act(seat)
        action = self.state.parse(action) if isinstance(action, str) else action
        reason = self.state.why_illegal(action, seat, names=self.names)
        if reason is not None:
            raise IllegalActionError(reason, action)
        mark = len(self.events)
        self._act(seat, action)
        self._hand_back_screen(seat)
        self._auto_advance()
        self._notify()
        return self.events[mark:]

    def advance(self, max_steps: int | None = None) -> list[Event]:
        """Play the agent seats until a person must act or the game ends, at most ``max_steps``
        game steps (a move, or a simultaneous round; default :data:`MAX_AGENT_STEPS`). An agent
        that fails (raises, or answers an illegal action) stops the table with an
        ``"agent_error"`` event until its seat is replaced. Returns the events that followed."""
        cap = self.max_agent_steps if max_steps is None else max_steps
        mark, steps = len(self.events), 0
        while self.problem is None and steps < cap and not self.state.is_terminal:
            agents = [p for p in self.waiting_for if not self.seats[p].is_person]
            if not agents:
                break
            before = len(self.state.history)
            for seat in agents:
                if not self._agent_moves(seat):
                    break
            steps += len(self.state.history) - before
            if len(self.state.history) == before and self.next_person is not None:
                break  # a simultaneous round now waits for its people
        if steps >= cap and max_steps is None and self.waiting_for and self.next_person is None:
            self._event("paused", lambda: ngettext("Paused after {moves} move between agents.",
                                                   "Paused after {moves} moves between agents.",
                                                   cap).format(moves=cap))
        self._notify()
        return self.events[mark:]

    def new_game(self, seed: int | None = None) -> list[Event]:
        """Start the next game at the same table (same seats and options): with ``seed``, or the
        next seed of the table's series (a fresh one without a series)."""
        self.finished.append(self.record())
        self.game_number += 1
        if seed is None and self.series_seed is not None:
            seed = derive_seed(self.series_seed, "game", self.game_number)
        self._start(None, seed)
        self._notify()
        return list(self.events)

    def subscribe(self, listener: Callable[[Table], None]) -> None:
        """Call ``listener(table)`` after every change, once the table is settled again (a board
        over a seat redraws; a server sends each seat its new view)."""
        self._listeners.append(listener)

    def unsubscribe(self, listener: Callable[[Table], None]) -> None:
        self._listeners.remove(listener)

    # --- what each viewer sees -------------------------------------------------------------------
    def view(self, seat: int | None = None) -> TableView:
        """What ``seat`` may see now (``None``: the public view, for a projector or a spectator)."""
        if seat is not None:
            self._check_seat_number(seat)
        state, waiting = self.state, self.waiting_for
        observation = state.observation(seat) if seat is not None else state.public_observation()
        person = seat is not None and self.seats[seat].is_person
        legal = tuple(state.legal_actions(seat)) if person and seat in waiting else ()
        return TableView(
            seat=seat, names=self.names, persons=self.persons, version=self.version,
            game_number=self.game_number, observation=observation, legal_actions=legal,
            waiting_for=waiting, chosen=tuple(sorted(self.pending)),
            my_choice=self.pending.get(seat) if seat is not None else None,
            my_choice_words=(state.describe_action(self.pending[seat])
                             if seat is not None and seat in self.pending else None),
            log=self._log_for(seat),
            outcome=state.outcome(self.names), pass_to=self.pass_to,
            problem=None if self.problem is None else _("the game waits: an agent could not move"),
        )

    def log(self, seat: int | None = None) -> list[str]:
        """The log lines ``seat`` may read (``None``: the public log)."""
        return list(self._log_for(seat))

    def _log_for(self, seat: int | None) -> tuple[str, ...]:
        """The lines ``seat`` may read, in the language in force: kept per viewer and language and
        read on from the last event read (a view is asked for after every move)."""
        key, events = (seat, language()), self.events
        kept, read, lines = self._logs_read.get(key, (events, 0, ()))
        if kept is not events:  # a new game: its own events
            read, lines = 0, ()
        if read < len(events):
            lines += tuple(e.text for e in events[read:] if e.visible_to(seat))
            self._logs_read[key] = (events, len(events), lines)
        return lines

    def record(self) -> GameRecord:
        """The kit's JSON record of the current game (``gamekit.core.record``)."""
        return record_of(self.state)

    @property
    def state(self) -> GameState:
        """The game being played. Read it, never change it: play through the table."""
        return self._state

    def __repr__(self) -> str:
        where = "over" if self.state.is_terminal else f"waiting for {list(self.waiting_for)}"
        return f"<Table {self.game} game {self.game_number + 1}, {where}, version {self.version}>"

    # --- inside ----------------------------------------------------------------------------------
    def _start(self, state: GameState | None, seed: int | None) -> None:
        seed = state.seed if state is not None else (fresh_seed() if seed is None else seed)
        self.seats = [Seat(s.name, s.maker(seed=derive_seed(seed, p)), s.maker) if s.maker else s
                      for p, s in enumerate(self.seats)]
        if state is None:
            agents = [seat.agent for seat in self.seats]
            state = self.factory(**agent_setups(self.factory, agents, dict(self.options)), seed=seed)
        if state.num_players != len(self.seats):
            raise ValueError(f"this game has {state.num_players} seats, but {len(self.seats)} "
                             "seats were given")
        self._state = state
        self.pending: dict[int, Any] = {}
        self.events: list[Event] = []
        self._logs_read: dict[tuple, tuple] = {}  # (viewer, language) -> (events, how many read, lines)
        self.problem: str | None = None
        self._screen: int | None = None
        self._logged = 0  # history steps already turned into events
        self._changed()
        self._event("start", self._start_text)
        self._log_new_steps()  # a state handed over mid-game keeps its past
        self._auto_advance()

    def _check_version(self, version: int | None) -> None:
        if version is not None and version != self.version:
            raise StaleViewError(_("the table changed since this view was drawn: look again and "
                                   "choose"))

    def _check_seat_number(self, seat) -> None:
        if type(seat) is not int or not 0 <= seat < len(self.seats):
            raise IllegalActionError(_("there is no seat {seat}: seats are 0 to {last}").format(
                seat=repr(seat), last=len(self.seats) - 1))

    def _check_may_act(self, seat) -> None:
        self._check_seat_number(seat)
        name = self.names[seat]
        if self.state.is_terminal:
            raise IllegalActionError(_("the game is over: start a new game to play again"))
        if not self.seats[seat].is_person:
            raise IllegalActionError(_("{name}'s seat is played by the computer").format(name=name))
        if seat in self.pending:
            raise IllegalActionError(_("{name} has already chosen this round").format(name=name))
        if seat not in self.waiting_for:
            if not self.waiting_for:
                raise IllegalActionError(_("it is not {name}'s turn: the game waits for nobody")
                                         .format(name=name))
            raise IllegalActionError(_("it is not {name}'s turn: the game waits for {waiting}").format(
                name=name, waiting=names_together([self.names[p] for p in self.waiting_for])))
        if self.hotseat and self._screen != seat:
            holder = self._screen if self._screen is not None else self.pass_to
            if holder is not None and holder != seat and self._screen is not None:
                raise IllegalActionError(_("{holder} has the screen: {name} chooses after").format(
                    holder=self.names[holder], name=name))
            raise IllegalActionError(_("pass the screen to {name} first").format(name=self.names[holder]))

    def _act(self, seat: int, action) -> None:
        """Apply a validated action: at once in a sequential turn, or kept until every seat of a
        simultaneous round has chosen."""
        if self.state.current_player != SIMULTANEOUS:
            self.state.apply(action)
            self._changed()
            self._log_new_steps()
            return
        self.pending[seat] = action
        self._changed()
        # only the chooser reads what was chosen; the others see who has chosen in view.chosen
        self._event("chosen", lambda: _("You chose {action}.").format(
            action=self.state.describe_action(action)), frozenset({seat}), seat)
        if all(p in self.pending for p in self.state.acting_players()):
            joint, self.pending = dict(self.pending), {}
            self.state.apply_joint(joint)
            self._changed()
            self._log_new_steps()

    def _agent_moves(self, seat: int) -> bool:
        """Let the agent at ``seat`` act; ``False`` (and an ``agent_error`` event) if it fails."""
        agent, state = self.seats[seat].agent, self.state
        try:
            legal = state.legal_actions(seat)
            offered = tuple(legal)  # as offered, whatever the agent does to its list
            action = agent.act(state.observation(seat), legal)
            # an action it was offered is legal by the protocol's promise: only another is checked
            reason = None if action in offered else state.why_illegal(action, seat, names=self.names)
        except Exception as error:  # an agent's bug must not take the table down with it
            reason = f"{type(error).__name__}: {error}"
        if reason is not None:
            self.problem = f"{self.names[seat]} ({getattr(agent, 'name', 'agent')}): {reason}"
            name = self.names[seat]
            self._event("agent_error", lambda: _("{name} could not move, so the game waits (give the "
                                                 "seat to another player or agent).").format(name=name),
                        seat=seat)
            return False
        self._act(seat, action)
        return True

    def _hand_back_screen(self, seat: int) -> None:
        """After a turn in hot-seat, the screen goes public unless the same person acts again."""
        if self.hotseat and self.next_person != seat:
            self._screen = None
            self._changed()

    def _auto_advance(self) -> None:
        if self.persons:  # tables of agents only wait to be advanced (one round at a time, ...)
            self.advance()

    def _log_new_steps(self) -> None:
        """Turn the game's new history steps into events, one audience per distinct reading (told
        apart by the English lines): the public's, and another only for a seat the game says may
        read more. Each line is said in another language when someone first reads it there."""
        start, end = self._logged, len(self.state.history)
        self._logged = end
        readers, names = set(self.state.secret_log_readers(start)), self.names
        with using_language(SOURCE_LANGUAGE):
            public = tuple(self.state.log_lines(None, start=start, end=end, names=names))
            readings = {public: [None, *(seat for seat in range(len(self.seats)) if seat not in readers)]}
            for seat in sorted(readers):
                lines = tuple(self.state.log_lines(seat, start=start, end=end, names=names))
                readings.setdefault(lines, []).append(seat)
        for lines, group in readings.items():
            audience = EVERYONE if len(group) == len(self.seats) + 1 else frozenset(group)
            reading = _Reading(self.state, group[0], (start, end), names, lines)
            self.events += [Event(self.version, "step", _LineTexts(reading, number), audience)
                            for number in range(len(lines))]
        if self.state.is_terminal:
            self._event("over", self._result_text)

    def _start_text(self) -> str:
        players = ", ".join(self.names)
        if self.game_number:
            return _("Game {number} begins: {players}.").format(number=self.game_number + 1, players=players)
        return _("The game begins: {players}.").format(players=players)

    def _result_text(self) -> str:
        """The game's own account of the end, with the players' names ("Ana wins with 12 points")."""
        reason = self.state.outcome(self.names).reason.rstrip(".")
        return _("Game over: {reason}.").format(reason=reason)

    def _event(self, kind: str, render: Callable[[], str], audience=EVERYONE,
               seat: int | None = None) -> None:
        """An event whose words ``render()`` says, in every language."""
        self.events.append(Event(self.version, kind, in_every_language(render), audience, seat))

    def _changed(self) -> None:
        self.version += 1

    def _notify(self) -> None:
        if self.version == self._notified:
            return
        self._notified = self.version
        for listener in list(self._listeners):
            try:
                listener(self)
            except Exception:  # one broken listener must not stop the table or the others
                log.exception("a table listener failed")

    def _name_of(self, seat) -> str:
        return self.names[seat] if type(seat) is int and 0 <= seat < len(self.seats) else repr(seat)


class _Reading:
    """New lines of the log as one audience reads them: in English when they happen (that tells the
    audiences apart), in another language when someone first reads them in it (a table is mostly
    read in one language, and saying a line costs as much as working it out)."""

    def __init__(self, state: GameState, viewer: int | None, steps: tuple[int, int], names, lines: tuple):
        self._source = (state, viewer, steps, names)
        self._said = {SOURCE_LANGUAGE: lines}

    def line(self, number: int, code: str) -> str:
        said = self._said.get(code)
        if said is None:
            state, viewer, (start, end), names = self._source
            with using_language(code):
                said = tuple(state.log_lines(viewer, start=start, end=end, names=names))
            if len(said) != len(self._said[SOURCE_LANGUAGE]):  # a catalog that splits a line: keep English
                said = self._said[SOURCE_LANGUAGE]
            self._said[code] = said
            if len(self._said) == len(LANGUAGES):
                self._source = None  # said in every language: the state may go
        return said[number]


class _LineTexts(Mapping):
    """One log line's ``Event.texts``: ``{language: words}``, each said when first read."""

    __slots__ = ("_reading", "_number")

    def __init__(self, reading: _Reading, number: int):
        self._reading, self._number = reading, number

    def __getitem__(self, code: str) -> str:
        if code not in LANGUAGES:
            raise KeyError(code)
        return self._reading.line(self._number, code)

    def __iter__(self):
        return iter(LANGUAGES)

    def __len__(self) -> int:
        return len(LANGUAGES)

    def __repr__(self) -> str:
        return repr(dict(self))


def names_together(names: Sequence[str]) -> str:
    """Names joined as a sentence joins them: "Ana", "Ana and Bo", "Ana, Bo and Cy"."""
    if len(names) <= 1:
        return "".join(names)
    return _("{names} and {last}").format(names=", ".join(names[:-1]), last=names[-1])


def _seats(seats: Sequence, names: Sequence[str] | None) -> list[Seat]:
    """One :class:`Seat` a seat: ``None`` (a person), an agent, an agent class, or a ``Seat``."""
    if not seats:
        raise ValueError("a table needs seats: one entry a seat, None for a person or an agent")
    names = list(names or [])
    if len(names) > len(seats):
        raise ValueError(f"{len(names)} names for {len(seats)} seats")
    built = []
    for p, seat in enumerate(seats):
        if isinstance(seat, Seat):
            built.append(seat)
            continue
        maker = seat if isinstance(seat, type) else None
        if seat is not None and maker is None and not callable(getattr(seat, "act", None)):
            raise ValueError(f"seat {p} is {seat!r}: use None for a person, or an agent")
        label = getattr(seat, "name", "computer") if seat is not None else ""
        default = (_("Player {number}") if seat is None else _("Computer {number}")).format(number=p + 1)
        name = str(names[p]).strip() if p < len(names) and str(names[p]).strip() else default
        built.append(Seat(name, None if maker else seat, maker))
    taken = [seat.name for seat in built]
    if len(set(taken)) < len(taken):
        raise ValueError(f"two seats have the same name: {taken}; give each player a name of their own")
    return built
