"""The errors every game raises."""


class IllegalActionError(ValueError):
    """An action the rules do not allow here. ``reason`` says why, in plain words.

    Raising it never changes the state: engines check everything before they touch anything.
    """

    def __init__(self, reason: str, action=None):
        super().__init__(reason)
        self.reason = reason
        self.action = action


class NotAnActionError(IllegalActionError):
    """Text (or an object) that is not an action of this game at all, such as ``"fly to Mars"``.

    A subclass of :class:`IllegalActionError`, so code that catches refusals catches this too;
    ``parse`` raises it, where ``why_illegal`` answers for actions that exist but are not allowed.
    """


class RecordError(ValueError):
    """A saved game that cannot be loaded: bad JSON, unknown keys, wrong types, illegal moves."""
