"""The game's log: public lines and the secret lines each seat alone may read.

:class:`Log` is a part of :class:`~gamekit.brief_history.rules.BriefHistoryState`. A line is kept as a
:class:`~gamekit.brief_history.words.Sentence` tuple (the English sentence and its values) and said,
as a :class:`~gamekit.brief_history.words.Said`, when it is first read, in the reader's language.
"""

from __future__ import annotations

from gamekit.i18n import language, translations

from .actions import in_words
from .words import colour_name, name_colours, said, words

_, ngettext, pgettext = translations("brief_history")

INDENT = "  "  # the log's lines about one roll or one step of an invasion stand under its first line


def _read(lines: list) -> list[str]:
    """Lines of the log (``Said``, or ``Sentence`` tuples of the secret log) in the language in force."""
    return [words(said(line)) for line in lines]


class Log:
    """The public log (``log``), each seat's (``log_for``) and the table's numbered lines."""

    def _say(self, message, indent: str = "", **values) -> None:
        """A line of the public log: an English sentence (marked for the catalog where it is written,
        or a ``Sentence`` tuple already) and its values, kept as a ``Sentence`` and said when read,
        in the language of whoever reads it."""
        self._log.append(message if type(message) is tuple else (message, None, 1, indent, values))

    def _tell(self, colour: int, line: tuple) -> None:
        """A line of the log (a ``Sentence``) that only ``colour``'s player may read."""
        self.secret_log.append((len(self._log), colour, line, len(self.history) + 1))

    def _lines(self, start: int = 0, end: int | None = None) -> list:
        """Public lines ``start:end`` as ``Said`` sentences, each said once, when first read."""
        log = self._log
        for at in range(start, len(log) if end is None else end):
            if type(log[at]) is tuple:
                log[at] = said(log[at])
        return log[start:end]

    @property
    def log(self) -> list[str]:
        """The public log, one line each, in the language in force (the lines keep their English
        text and sentence: ``words.Said``). A copy: changing it changes nothing in the game."""
        if language() == "en":
            return self._lines()
        return [words(line) for line in self._lines()]

    @log.setter
    def log(self, lines) -> None:  # a test's position starts with a clean log
        self._log = list(lines)

    def log_for(self, player: int) -> list[str]:
        """The log as ``player`` may read it: every public line, and the secret lines about their
        own colours' cards in their place."""
        player = self._resolve_player(player)
        mine = [(at, text) for at, colour, text, _told in self.secret_log if self.seat_of[colour] == player]
        return _read(self._merged(0, len(self._log), mine))

    def _merged(self, start: int, end: int, secret: list) -> list:
        """Public lines ``start:end`` with the ``secret`` ones, ``(public lines before it, line)``, in their places."""
        lines, cursor = [], start
        for at, text in secret:
            lines += self._lines(cursor, at)
            lines.append(text)
            cursor = at
        return lines + self._lines(cursor, end)

    def _log_step(self, number: int, step, viewer: int | None, names) -> list[str]:
        """The lines step ``number`` of ``history`` wrote, as ``viewer`` may read them (a seat's
        secret lines only to that seat); with ``names`` (one per seat) colours read as
        ``"green (Eva)"``. The lines written before the first step come with it."""
        marks = self.log_marks
        if number > len(marks):
            return [f"{number}. {in_words(step)}"]
        start, end = (marks[number - 2] if number > 1 else 0), marks[number - 1]
        secret = [] if viewer is None else [(at, text) for at, colour, text, told in self.secret_log
                                            if told == number and self.seat_of[colour] == viewer]
        lines = _read(self._merged(start, end, secret))
        if names:
            lines = [name_colours(line, lambda c: f"{colour_name(c)} ({names[self.seat_of[c]]})") for line in lines]
        return [line.strip() for line in lines]

    def secret_log_readers(self, start: int = 0) -> set[int]:
        """The seats told a secret line (a card they drew or kept) from step ``start`` on."""
        readers = set()
        for _at, colour, _line, told in reversed(self.secret_log):
            if told <= start:  # secret lines come in the steps' order
                break
            readers.add(self.seat_of[colour])
        return readers

    def _log_tail(self, player: int | None, count: int) -> list[str]:
        """The last ``count`` lines of ``log_for(player)`` (of the public log for ``None``), merging
        only the tail of the log."""
        since = max(0, len(self._log) - count)
        mine = []
        for at, colour, text, _told in reversed(self.secret_log if player is not None else ()):
            if at < since:  # secret lines come in the log's order
                break
            if self.seat_of[colour] == player:
                mine.append((at, text))
        return _read(self._merged(since, len(self._log), mine[::-1])[-count:])
