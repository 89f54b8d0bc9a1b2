"""One seat of a hosted table, seen the way a board sees a table.

A board (:class:`gamekit.ui.TableBoard`) is a view over a ``core.Table``: it reads a few of the
table's attributes, draws ``table.view(seat)`` and sends clicks to ``table.submit``. A
:class:`RemoteSeat` gives a board exactly that over one seat of a :class:`HostedTable`, so the
kit's own boards become the students' pages with no change of their own:

* every move goes through ``HostedTable.submit`` (its lock, the teacher's pause, the store); a
  refusal raises ``IllegalActionError`` and the board shows it; a move made on a stale view raises
  ``StaleViewError`` and the board draws the fresh view;
* the seat has a device of its own: no hot-seat, no "pass the screen";
* the teacher runs the table: the next game and the agents' rounds are not the student's to start;
* the seat sees only its own view: asking for another seat's view is refused.
"""

from __future__ import annotations

from collections.abc import Callable

from gamekit.core import IllegalActionError, TableView

from gamekit.i18n import translations

from ..hall import HostedTable

_, ngettext, pgettext = translations("classroom")


class RemoteSeat:
    """``seat`` of ``hosted``, with the attributes and methods a board uses of a table.

    ``schedule(job)`` runs a redraw where the board lives (a page's own kernel): a change made
    from another seat's page arrives in that page's thread, and must not be drawn there. It is
    given the same ``job`` for every change, so it may run several changes' redraws once.
    Without it, listeners are called at once, from the thread that made the change.
    """

    hotseat = False  # one device per seat
    pass_to = None  # nobody passes a screen
    shared_screen = False

    def __init__(self, hosted: HostedTable, seat: int,
                 schedule: Callable[[Callable[[], None]], None] | None = None):
        if type(seat) is not int or not 0 <= seat < len(hosted.names):
            raise IllegalActionError(_("there is no seat {seat} at this table").format(seat=repr(seat)))
        self.hosted = hosted
        self.seat = seat
        self._schedule = schedule or (lambda redraw: redraw())
        self._listeners: list[Callable] = []

    # --- what the board reads ------------------------------------------------------------------
    @property
    def game(self) -> str:
        return self.hosted.game

    @property
    def state(self):
        """The game (the board reads its rules: which card may be played, and why not)."""
        return self.hosted.table.state

    @property
    def seats(self):
        with self.hosted.lock:
            return list(self.hosted.table.seats)

    @property
    def names(self) -> tuple[str, ...]:
        return self.hosted.names

    @property
    def persons(self) -> tuple[int, ...]:
        with self.hosted.lock:
            return self.hosted.table.persons

    @property
    def version(self) -> int:
        return self.hosted.table.version

    @property
    def problem(self) -> str | None:
        return self.hosted.table.problem

    @property
    def waiting_for(self) -> tuple[int, ...]:
        with self.hosted.lock:
            return self.hosted.table.waiting_for

    @property
    def next_person(self) -> int | None:
        with self.hosted.lock:
            return self.hosted.table.next_person

    @property
    def screen(self) -> int:
        """Whose eyes are on this screen: always the seat's own."""
        return self.seat

    @property
    def hidden_information(self) -> bool:
        return self.hosted.table.hidden_information

    def view(self, seat: int | None = None) -> TableView:
        """This seat's view (``seat`` may only name this seat: a page never sees another's)."""
        if seat is not None and seat != self.seat:
            raise PermissionError(f"this page shows {self.names[self.seat]}'s seat only")
        return self.hosted.view(self.seat)

    def log(self, seat: int | None = None) -> list[str]:
        return list(self.view(seat).log)

    def record(self):
        raise PermissionError("the game's record is the teacher's to export")

    # --- what the board does -------------------------------------------------------------------
    def submit(self, action, seat: int, *, version: int | None = None) -> list:
        """This seat's move, through the hosted table (locked, refused while paused, stored)."""
        if seat != self.seat:
            raise IllegalActionError(_("this page plays for {name} only").format(name=self.names[self.seat]))
        return self.hosted.submit(self.seat, action, version)

    def take_screen(self, seat: int, *, version: int | None = None) -> None:
        raise IllegalActionError(_("every player has a screen of their own here: nobody passes it"))

    def advance(self, max_steps: int | None = None) -> list:
        raise IllegalActionError(_("the table plays the computer's seats by itself"))

    def new_game(self, seed: int | None = None) -> list:
        raise IllegalActionError(_("your teacher starts the next game"))

    def replace_seat(self, seat: int, agent=None, *, name: str | None = None) -> list:
        raise IllegalActionError(_("only your teacher gives a seat to someone else"))

    # --- listeners -----------------------------------------------------------------------------
    def subscribe(self, listener: Callable[[RemoteSeat], None]) -> None:
        """Call ``listener(self)`` after every change of the table (through ``schedule``: several
        changes in a row may be drawn in one go)."""
        if not self._listeners:
            self.hosted.subscribe(self._changed)
        self._listeners.append(listener)

    def unsubscribe(self, listener: Callable[[RemoteSeat], None]) -> None:
        if listener in self._listeners:
            self._listeners.remove(listener)
        if not self._listeners:
            self.hosted.unsubscribe(self._changed)

    def close(self) -> None:
        """Stop listening to the table (the page is gone)."""
        self._listeners.clear()
        self.hosted.unsubscribe(self._changed)

    def _changed(self, _hosted) -> None:
        self._schedule(self.tell_listeners)

    def tell_listeners(self) -> None:
        for listener in list(self._listeners):
            listener(self)

    def __repr__(self) -> str:
        return f"<RemoteSeat {self.seat} of {self.hosted!r}>"
