"""The hall of tables: every game a classroom server hosts, its seats, tokens and join codes.

A :class:`Classroom` holds :class:`HostedTable` s. Each wraps one ``gamekit.core.Table`` (built with
``shared_screen=False``: one device per seat) and is the only way anything changes it: it takes the
table's lock, refuses moves while the teacher has paused it, stores each step before answering, and
tells its subscribers. A student joins with the table's short code and gets a :class:`SeatPass`
whose token acts for that seat only; the teacher's page acts for every table.

>>> classroom = Classroom()
>>> hosted = classroom.create_table("milhoes", ["student", "random", "random"], seed=3)
>>> ticket = classroom.join(hosted.code, name="Ana")
>>> classroom.seat_of(ticket.token) == (hosted, 0)
True
>>> events = hosted.submit(0, "bid 12")
>>> hosted.table.state.round
2
"""

from __future__ import annotations

import logging
import secrets
import threading
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from gamekit.core import IllegalActionError, Table, TableView, game_agents, game_info, record_of
from gamekit.core.record import GameRecord
from gamekit.i18n import translations

_, ngettext, pgettext = translations("classroom")

log = logging.getLogger(__name__)

STUDENT = "student"  # a seat kind: an open seat, filled by a student joining
CODE_LETTERS = "ACDEFHJKMNPRTUVWXY"  # no letter that reads as a digit or as another letter
CODE_LENGTH = 5
MAX_NAME = 24
GAMES = ("milhoes", "lost_cities", "stratego", "brief_history")  # the kit's games a table can host


class ClassroomError(Exception):
    """Something asked of the classroom that cannot be done, in words a student or teacher understands."""


class UnknownTable(ClassroomError):
    """No table has this id or join code."""


class UnknownToken(ClassroomError):
    """A seat token no table gave out (mistyped, or from another classroom)."""


class SeatTaken(ClassroomError):
    """The seat asked for is not free."""


class RevealRefused(ClassroomError):
    """A reveal asked for while the game is on, without the teacher's confirmation."""


class TablePaused(IllegalActionError):
    """A move sent while the teacher has paused the table: nothing changes."""


@dataclass(frozen=True)
class SeatPass:
    """What a student keeps (in the browser) to act for one seat: its secret token."""

    token: str
    table_id: str
    seat: int


def new_token() -> str:
    return secrets.token_urlsafe(18)


def new_code(taken: set[str]) -> str:
    """A join code no other table has: a few letters that are easy to read out and type."""
    while True:
        code = "".join(secrets.choice(CODE_LETTERS) for _ in range(CODE_LENGTH))
        if code not in taken:
            return code


def agent_class(game: str, name: str) -> type:
    """The kit's agent called ``name`` for ``game`` (``"random"``, ``"heuristic"``, ...)."""
    agents = game_agents(game)
    if name not in agents:
        raise ClassroomError(_("{game} has no agent called {name}: choose {agents} or {student}").format(
            game=game, name=repr(name), agents=", ".join(agents), student=repr(STUDENT)))
    return agents[name]


class HostedTable:
    """One table of the classroom. Read :attr:`table` while holding :attr:`lock`; change it only
    through the methods here (they store every step and tell the subscribers)."""

    def __init__(self, table_id: str, code: str, table: Table, kinds: Sequence[str],
                 tokens: Mapping[int, str], *, title: str = "", taken=(), paused: bool = False,
                 store=None):
        self.id = table_id
        self.code = code
        self.table = table
        self.game = table.game
        self.title = title or game_info(table.game).title
        self.kinds = list(kinds)
        self.tokens = dict(tokens)  # seat -> token, for every seat ever given to a student
        self.taken = set(taken)  # student seats someone has joined
        self.paused = paused
        self.lock = threading.RLock()
        self.store = store
        self._connections: Counter = Counter()
        self._listeners: list[Callable] = []
        self._steps_stored = len(table.state.history)
        self._choices_stored = set(table.pending)

    # --- reading ---------------------------------------------------------------------------------
    @property
    def names(self) -> tuple[str, ...]:
        return self.table.names

    @property
    def connected(self) -> tuple[int, ...]:
        """The seats with a live page now."""
        with self.lock:
            return tuple(sorted(seat for seat, count in self._connections.items() if count > 0))

    @property
    def free_seats(self) -> tuple[int, ...]:
        """Student seats nobody has joined yet."""
        with self.lock:
            return tuple(s for s, kind in enumerate(self.kinds) if kind == STUDENT and s not in self.taken)

    @property
    def is_over(self) -> bool:
        with self.lock:
            return self.table.state.is_terminal

    def view(self, seat: int | None = None) -> TableView:
        """What ``seat`` may see now (``None``: the public view, for the projector)."""
        with self.lock:
            return self.table.view(seat)

    def record(self) -> GameRecord:
        """The kit's JSON record of the game so far (``gamekit.core.record``)."""
        with self.lock:
            return self.table.record()

    def reveal(self, *, confirm: bool = False) -> str:
        """Everything, secrets included, as text. During a game only with ``confirm=True`` (the
        projector may be on)."""
        with self.lock:
            self._check_reveal(confirm)
            return self.table.state.reveal()

    def replay(self, *, confirm: bool = False) -> list[dict]:
        """The game step by step, secrets shown: one frame a step, ``{"step", "action", "text"}``
        (step 0 is the start). After the end, or during a game with ``confirm=True``."""
        with self.lock:
            self._check_reveal(confirm)
            record = record_of(self.table.state)
        frames = []
        for number, state in enumerate(record.replay()):
            action = record.actions[number - 1] if number else None
            frames.append({"step": number, "action": action, "text": state.reveal()})
        return frames

    def summary(self) -> dict:
        """The table at a glance, for the teacher: seats, who is connected, whose turn, the score."""
        with self.lock:
            view, state = self.table.view(None), self.table.state
            outcome = view.outcome
            return {
                "id": self.id, "code": self.code, "game": self.game, "title": self.title,
                "version": view.version, "names": list(view.names), "kinds": list(self.kinds),
                "taken": sorted(self.taken), "connected": list(self.connected),
                "waiting_for": list(view.waiting_for), "chosen": list(view.chosen), "paused": self.paused,
                "scores": [_plain(score) for score in state.scores()],
                "over": outcome is not None,
                "winners": list(outcome.winners) if outcome else [],
                "reason": outcome.reason if outcome else "",
                "problem": view.problem, "steps": len(state.history),
            }

    # --- changing --------------------------------------------------------------------------------
    def submit(self, seat: int, action, version: int | None = None) -> list:
        """``seat``'s move (an action or its text) from a view of ``version`` (``None``: not
        checked). Refused (``IllegalActionError``, nothing changes) while paused, on a stale
        view, or when the rules refuse it; otherwise stored before it returns the events."""
        with self.lock:
            if self.paused:
                raise TablePaused(_("the teacher has paused this table: wait until it goes on"))
            events = self.table.submit(action, seat, version=version)
            self._store_progress()
        self._notify()
        return events

    def pause(self) -> None:
        self._set_paused(True)

    def resume(self) -> None:
        self._set_paused(False)

    def replace(self, seat: int, kind: str, *, name: str | None = None) -> list:
        """Give ``seat`` to one of the kit's agents (``kind`` is its name: an absent student)
        or back to a student (``kind="student"``), then play on."""
        with self.lock:
            if type(seat) is not int or not 0 <= seat < len(self.kinds):
                raise ClassroomError(_("there is no seat {seat} at this table").format(seat=repr(seat)))
            agent = None if kind == STUDENT else agent_class(self.game, kind)
            if name is not None:
                name = self._check_name(seat, name)
            events = self.table.replace_seat(seat, agent, name=name)
            if not self.table.persons:  # no student left: the agents play the game out
                events += self.table.advance()
            self.kinds[seat] = kind
            if kind == STUDENT and seat not in self.tokens:
                self.tokens[seat] = new_token()
            if self.store is not None:
                self.store.update_seat(self.id, seat, kind=kind, name=self.names[seat],
                                       token=self.tokens.get(seat), taken=seat in self.taken)
                self.store.append(self.id, "replace", {"seat": seat, "kind": kind}, version=self.table.version)
            self._store_progress()
        self._notify()
        return events

    def connect(self, seat: int) -> None:
        """A page for ``seat`` opened (every page counts: a student may have two tabs)."""
        with self.lock:
            self._connections[seat] += 1
        self._notify()

    def disconnect(self, seat: int) -> None:
        with self.lock:
            if self._connections[seat] > 0:
                self._connections[seat] -= 1
        self._notify()

    def subscribe(self, callback: Callable[[HostedTable], None]) -> None:
        """Call ``callback(hosted_table)`` after every change, from the thread that made it."""
        with self.lock:
            self._listeners.append(callback)

    def unsubscribe(self, callback: Callable[[HostedTable], None]) -> None:
        with self.lock:
            if callback in self._listeners:
                self._listeners.remove(callback)

    def __repr__(self) -> str:
        return f"<HostedTable {self.id} {self.code} {self.table!r}>"

    # --- inside ----------------------------------------------------------------------------------
    def _take_seat(self, seat: int | None, name: str) -> int:
        """Seat a joining student: the seat asked for, or the first free one."""
        with self.lock:
            free = self.free_seats
            if seat is None:
                if not free:
                    raise SeatTaken(_("every seat at this table is taken: ask your teacher"))
                seat = free[0]
            elif type(seat) is not int or not 0 <= seat < len(self.kinds):
                raise ClassroomError(_("there is no seat {seat} at this table").format(seat=repr(seat)))
            elif self.kinds[seat] != STUDENT:
                raise SeatTaken(_("{name}'s seat is played by the computer").format(name=self.names[seat]))
            elif seat not in free:
                raise SeatTaken(_("{name}'s seat is taken: choose a free one").format(name=self.names[seat]))
            if name.strip():
                name = self._check_name(seat, name)
                self.table.replace_seat(seat, None, name=name)
            self.taken.add(seat)
            if self.store is not None:
                self.store.update_seat(self.id, seat, kind=STUDENT, name=self.names[seat],
                                       token=self.tokens[seat], taken=True, version=self.table.version)
        self._notify()
        return seat

    def _check_name(self, seat: int, name: str) -> str:
        name = " ".join(str(name).split())[:MAX_NAME]
        if not name:
            raise ClassroomError(_("a name needs at least one letter"))
        if any(other.lower() == name.lower() for p, other in enumerate(self.names) if p != seat):
            raise ClassroomError(_("someone at this table is already called {name}: choose another "
                                   "name").format(name=name))
        return name

    def _check_reveal(self, confirm: bool) -> None:
        if not self.table.state.is_terminal and not confirm:
            raise RevealRefused(_("the game is still being played: confirm to show every secret "
                                  "(is the projector on?)"))

    def _set_paused(self, paused: bool) -> None:
        with self.lock:
            if self.paused == paused:
                return
            self.paused = paused
            if self.store is not None:
                self.store.set_paused(self.id, paused)
        self._notify()

    def _store_progress(self) -> None:
        """Append the game's new steps, and the secret choices of a round still open, to the store."""
        if self.store is None:
            self._steps_stored = len(self.table.state.history)
            self._choices_stored = set(self.table.pending)
            return
        history = self.table.state.history
        if len(history) > self._steps_stored:
            actions = record_of(self.table.state).actions
            for step in actions[self._steps_stored:]:
                self.store.append(self.id, "step", step, version=self.table.version)
            self._steps_stored = len(history)
            self._choices_stored = set()
        for seat, action in sorted(self.table.pending.items()):
            if seat not in self._choices_stored:
                self.store.append(self.id, "choice", {"seat": seat, "action": str(action)},
                                  version=self.table.version)
                self._choices_stored.add(seat)

    def _notify(self) -> None:
        with self.lock:
            listeners = list(self._listeners)
        for callback in listeners:
            try:
                callback(self)
            except Exception:  # one broken page must not stop the table or the other pages
                log.exception("a classroom listener failed")


class Classroom:
    """Every table of one classroom server. Thread-safe. With a ``store``
    (:class:`gamekit.classroom.store.Store`), every table is saved as it goes and rebuilt, each
    seat with its token, when a new ``Classroom`` opens the same store."""

    def __init__(self, store=None):
        self.store = store
        self._lock = threading.RLock()
        self._tables: dict[str, HostedTable] = {}
        self._tokens: dict[str, tuple[str, int]] = {}  # seat token -> (table id, seat)
        self._listeners: list[Callable] = []
        if store is not None:
            for saved in store.load_tables():
                self._add(restore_table(saved, store))

    def create_table(self, game: str, seats: Sequence[str], *, options: Mapping | None = None,
                     seed: int | None = None, names: Sequence[str] | None = None,
                     title: str | None = None) -> HostedTable:
        """A new table for ``game``: each of ``seats`` is ``"student"`` or one of the kit's
        agents for the game, by name (``gamekit.core.game_agents``)."""
        if game not in GAMES:
            raise ClassroomError(_("there is no game called {game}: choose one of {games}").format(
                game=repr(game), games=", ".join(GAMES)))
        kinds = [str(kind) for kind in seats]
        players = [None if kind == STUDENT else agent_class(game, kind) for kind in kinds]
        try:
            table = Table(game, players, seed=seed, options=options, names=names, shared_screen=False)
        except (TypeError, ValueError, KeyError) as error:
            raise ClassroomError(_("cannot set up {game} so: {error}").format(
                game=game, error=error)) from None
        with self._lock:
            table_id = secrets.token_hex(4)
            while table_id in self._tables:
                table_id = secrets.token_hex(4)
            code = new_code({t.code for t in self._tables.values()})
            tokens = {seat: new_token() for seat, kind in enumerate(kinds) if kind == STUDENT}
            hosted = HostedTable(table_id, code, table, kinds, tokens, title=title or "", store=self.store)
            if self.store is not None:
                self.store.add_table(hosted)
                hosted._steps_stored = 0
                hosted._choices_stored = set()
                hosted._store_progress()  # agents may have moved before any student
            self._add(hosted)
        return hosted

    def tables(self) -> list[HostedTable]:
        with self._lock:
            return list(self._tables.values())

    def table(self, table_id: str) -> HostedTable:
        with self._lock:
            if table_id not in self._tables:
                raise UnknownTable(_("there is no table {table}").format(table=repr(table_id)))
            return self._tables[table_id]

    def by_code(self, join_code: str) -> HostedTable:
        code = "".join(str(join_code).split()).upper()
        with self._lock:
            for hosted in self._tables.values():
                if hosted.code == code:
                    return hosted
        raise UnknownTable(_("no table has the code {code}: check it with your teacher").format(
            code=code or _("(empty)")))

    def join(self, join_code: str, seat: int | None = None, name: str = "") -> SeatPass:
        """Seat a student at the table with ``join_code``: the seat asked for, or a free one."""
        hosted = self.by_code(join_code)
        seat = hosted._take_seat(seat, name or "")
        return SeatPass(hosted.tokens[seat], hosted.id, seat)

    def seat_of(self, token: str) -> tuple[HostedTable, int]:
        """The table and seat a seat token acts for (raises :class:`UnknownToken`)."""
        with self._lock:
            found = self._tokens.get(token) if isinstance(token, str) else None
            if found is None:
                for hosted in self._tables.values():  # a token given out after creation (replace)
                    for seat, given in hosted.tokens.items():
                        if given == token:
                            self._tokens[token] = found = (hosted.id, seat)
            if found is None:
                raise UnknownToken(_("this seat link is not valid here: join again with the table's code"))
            return self._tables[found[0]], found[1]

    def subscribe(self, callback: Callable[[HostedTable], None]) -> None:
        """Call ``callback(hosted_table)`` after every change of any table, and when one is made
        (the teacher's page)."""
        with self._lock:
            self._listeners.append(callback)

    def unsubscribe(self, callback: Callable[[HostedTable], None]) -> None:
        with self._lock:
            if callback in self._listeners:
                self._listeners.remove(callback)

    def _add(self, hosted: HostedTable) -> None:
        with self._lock:
            self._tables[hosted.id] = hosted
            for seat, token in hosted.tokens.items():
                self._tokens[token] = (hosted.id, seat)
        hosted.subscribe(self._table_changed)
        self._table_changed(hosted)

    def _table_changed(self, hosted: HostedTable) -> None:
        with self._lock:
            listeners = list(self._listeners)
        for callback in listeners:
            try:
                callback(hosted)
            except Exception:
                log.exception("a classroom listener failed")


def restore_table(saved, store) -> HostedTable:
    """Rebuild a stored table: the game played again step by step from its log, every seat a
    person (so that each seat's log reads as it did, its own secret choices included), the open
    round's secret choices made again, then each agent seat given back to its agent."""
    table = Table(saved.game, [None] * len(saved.kinds), seed=saved.seed, options=saved.options,
                  names=saved.names, shared_screen=False)
    for step in saved.steps:
        if isinstance(step, list):
            for seat, action in enumerate(step):
                table.submit(action, seat)
        else:
            table.submit(step, table.state.current_player)
    for seat, action in saved.choices:
        table.submit(action, seat)
    for seat, kind in enumerate(saved.kinds):
        if kind != STUDENT:
            table.replace_seat(seat, agent_class(saved.game, kind))
    if not table.persons:
        table.advance()
    if table.version <= saved.version:  # views go on numbering from before the restart, never back
        table.version = saved.version + 1
    hosted = HostedTable(saved.id, saved.code, table, saved.kinds, saved.tokens, title=saved.title,
                         taken=saved.taken, paused=saved.paused, store=store)
    hosted._steps_stored = len(saved.steps)
    hosted._choices_stored = {seat for seat, _ in saved.choices}
    hosted._store_progress()  # the agents' moves made on the way back, if any
    return hosted


def _plain(value):
    """A score as JSON takes it (NumPy numbers and fractions included)."""
    if isinstance(value, bool) or isinstance(value, (int, str)) or value is None:
        return value
    try:
        return float(value)
    except (TypeError, ValueError):
        return str(value)
