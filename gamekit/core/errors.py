"""The errors every game raises."""


class IllegalActionError(ValueError):
    """An action the rules do not allow here. ``reason`` says why, in plain words.

    Raising it never changes the state: engines check everything before they touch anything.
    """

    def __init__(self, reason: str, action=None):
        super().__init__(reason)
        self.reason = reason
        self.action = action


class RecordError(ValueError):
    """A saved game that cannot be loaded: bad JSON, unknown keys, wrong types, illegal moves."""
