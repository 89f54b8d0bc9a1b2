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


class AgentError(RuntimeError):
    """An agent failed during a match: it raised, answered with an illegal move or ran out of time.

    ``seat`` is the agent's seat, ``move`` the step of the game (1 for the first), ``action`` the
    text of what it answered (``None`` if it answered nothing) and ``error`` the failure in one
    line; the original exception, if any, is chained as ``__cause__``. ``words`` is ``error`` to
    say later in another language (a :func:`gamekit.i18n.message`, or the same text where the
    failure's words are the agent's own).
    """

    def __init__(self, message: str, *, seat: int | None, move: int, action: str | None, error: str,
                 words: dict | str | None = None):
        super().__init__(message)
        self.seat = seat
        self.move = move
        self.action = action
        self.error = error
        self.words = error if words is None else words


class AgentTimeout(BaseException):
    """Raised inside an agent whose move outlasts its time limit. A ``BaseException``, like
    ``KeyboardInterrupt``, so that an agent's own ``except Exception`` cannot swallow it.
    ``words`` is the limit as a :func:`gamekit.i18n.message`, to say in another language later."""

    def __init__(self, limit: str, words: dict | None = None):
        super().__init__(limit)
        self.words = limit if words is None else words
