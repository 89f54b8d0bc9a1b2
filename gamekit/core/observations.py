"""Observations worked out when first read, for games whose observation is a frozen dataclass.

An agent is shown an observation before every action, and many never read most of it (the
random agent reads none; a board reads the parts it draws). A deferred observation keeps the
state and the seat; the first field read works out every field from the state. The state settles
every observation still held before it changes (:meth:`Watchers.settle`), so one read later
still shows the moment it was taken. Lost Cities does the same with its own slotted class.

A game uses it in three places::

    class MyObservation(DeferredFields): ...          # a frozen dataclass

    def observation(self, player):                     # the state hands one out
        return deferred(MyObservation, self, player, self._watchers)

    def _apply(self, action):                          # and settles them before it moves on
        self._watchers.settle()

and gives the state ``_observed_fields(player) -> dict`` (every field but ``player``).
"""

from __future__ import annotations

import weakref


class DeferredFields:
    """Mixin for a frozen dataclass whose fields may be worked out when first read."""

    def __getattr__(self, name):
        # Reached only for a name not (yet) in the instance's dict: work the fields out, once.
        fields = object.__getattribute__(self, "__dict__")
        state = fields.get("_source")
        if state is None:
            raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")
        fields.update(state._observed_fields(fields["player"]))
        del fields["_source"]
        return object.__getattribute__(self, name)

    def _settle(self) -> None:
        fields = object.__getattribute__(self, "__dict__")
        state = fields.get("_source")
        if state is not None:
            fields.update(state._observed_fields(fields["player"]))
            del fields["_source"]

    def __getstate__(self) -> dict:  # copies and pickles carry the values, never the state
        self._settle()
        return dict(object.__getattribute__(self, "__dict__"))


def deferred(cls: type, state, player, watchers: Watchers, **known):
    """A ``cls`` observation of ``state`` for ``player`` whose other fields come when first read.
    ``known`` are fields given now (those with a class default must be: the class would answer)."""
    seen = object.__new__(cls)
    fields = seen.__dict__
    fields.update(known)
    fields["player"] = player
    fields["_source"] = state
    watchers.watch(seen)
    return seen


def filled(cls: type, fields: dict):
    """A ``cls`` observation from every one of its fields, without the frozen dataclass's
    ``__init__`` (which sets them one by one)."""
    seen = object.__new__(cls)
    seen.__dict__.update(fields)
    return seen


class Watchers:
    """The observations of one state not yet worked out. Copies and pickles of a state start with
    none (a copy's observations are its own)."""

    __slots__ = ("_refs",)

    def __init__(self):
        self._refs: list = []

    def watch(self, seen) -> None:
        refs = self._refs
        if len(refs) >= 16:  # asked again and again without a move (a board redrawing): drop the dead
            refs[:] = [ref for ref in refs if ref() is not None]
        refs.append(weakref.ref(seen))

    def settle(self) -> None:
        """Work out every observation still held (a dropped one is gone): the state is about to change."""
        refs = self._refs
        if refs:
            for ref in refs:
                seen = ref()
                if seen is not None:
                    seen._settle()
            refs.clear()

    def __bool__(self) -> bool:
        return bool(self._refs)

    def __reduce__(self):
        return (Watchers, ())

    def __deepcopy__(self, memo) -> Watchers:
        return Watchers()
