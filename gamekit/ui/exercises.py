"""The exercise widget: a question, a box for the answer, and a fair verdict under it.

Answers live in the package's answer key (:mod:`gamekit.ui.answer_key`), never in a lesson, so a
lesson builds its exercises by id::

    Exercise.from_key("21.1")                       # one exercise
    exercises("21_lost_cities_expected_value")      # all of a lesson's exercises

What the checker accepts, so that a right answer is never refused for its spelling:

- numbers written as fractions ``5/12``, mixed numbers ``1 1/2``, decimals ``0.417`` or ``0,417``,
  percentages ``41.7 %``, with a Unicode minus ``−24``; where the key asks for ``decimals``, any
  decimal or percentage correct to that many places (5/12 to 3 places: ``0.417``, ``41.67 %``);
  where it does not, the exact value (``0.375`` for 3/8 is exact; ``0.417`` for 5/12 is not);
- thousands written ``1,000``, ``1 000`` or ``1.000.000`` where that is the only sensible reading (the
  answer is a whole number); otherwise the verdict asks for a clearer form instead of guessing;
- words, ignoring case, accents, punctuation and a leading article, with the key's synonyms
  (``accept``) in English and Portuguese.

Enter (or Check) checks the answer; the verdict clears as soon as the answer changes, at each
keystroke, so a verdict never stands under an answer it was not given for. The verdict says Right /
Not yet in words (and a CSS class), never by an emoji alone; a wrong answer shows the hint, a right
one the worked explanation.
"""

from __future__ import annotations

import html
import re
import unicodedata
from dataclasses import dataclass
from fractions import Fraction

import ipywidgets as widgets

from ..i18n import N_, decimal_separator, translations
from .answer_key import answer_key, key_entry, lessons_with_keys

_, ngettext, pgettext = translations("ui")

RIGHT, WRONG, UNCLEAR = "right", "wrong", "unclear"


class UnclearAnswer(ValueError):
    """Text that is no number, or could be read as two different numbers; the message says why."""


@dataclass(frozen=True)
class Reading:
    """A number read from a student's text: its value, and how many decimal places were written
    (``None`` for exact forms: whole numbers and fractions)."""

    value: Fraction
    places: int | None


@dataclass(frozen=True)
class Verdict:
    status: str          # RIGHT, WRONG or UNCLEAR
    message: str = ""    # what to tell the student besides the verdict itself

    @property
    def right(self) -> bool:
        return self.status == RIGHT


# ---------------------------------------------------------------------------------------------
# Reading numbers

_DASHES = dict.fromkeys(map(ord, "\u2212\u2013\u2012\u2010\u2011\ufe63\uff0d"), "-")
_SPACES = dict.fromkeys(map(ord, "\u00a0\u2009\u202f\u2007\u2008\u200a\u3000\t"), " ")
_SLASHES = dict.fromkeys(map(ord, "\u2044\u2215\u00f7"), "/")
_VULGAR = {ch: f" {Fraction(unicodedata.numeric(ch)).numerator}/{Fraction(unicodedata.numeric(ch)).denominator}"
           for ch in "½⅓⅔¼¾⅕⅖⅗⅘⅙⅚⅛⅜⅝⅞"}

_INTEGER = re.compile(r"\d+")
_DECIMAL_DOT = re.compile(r"(\d*)\.(\d+)")
_DECIMAL_COMMA = re.compile(r"(\d*),(\d+)")
_FRACTION = re.compile(r"(\d+) ?/ ?(\d+)")
_MIXED = re.compile(r"(\d+) (\d+) ?/ ?(\d+)")
# Thousands grouped by commas, dots or spaces, optionally followed by a decimal part in the other mark.
_GROUPED = (
    re.compile(r"(?P<int>\d{1,3}(?:,\d{3})+)(?:\.(?P<frac>\d+))?"),
    re.compile(r"(?P<int>\d{1,3}(?:\.\d{3})+)(?:,(?P<frac>\d+))?"),
    re.compile(r"(?P<int>\d{1,3}(?: \d{3})+)(?:[.,](?P<frac>\d+))?"),
)

HOW_TO_WRITE = N_("write it like 5/12, 1 1/2, 0.417 or 41.7 %")


def _tidy(text: str) -> str:
    text = text.translate(_DASHES).translate(_SPACES).translate(_SLASHES)
    for ch, spelled in _VULGAR.items():
        text = text.replace(ch, spelled)
    text = re.sub(r" +", " ", text).strip()
    return text.lstrip("≈~=").strip()


def _decimal(whole: str, digits: str) -> Reading:
    return Reading(Fraction(int(whole or "0") * 10 ** len(digits) + int(digits), 10 ** len(digits)), len(digits))


def _unsigned(text: str, whole_answer: bool) -> Reading:
    """Read a number without sign or percent sign."""
    if _INTEGER.fullmatch(text):
        return Reading(Fraction(int(text)), None)
    if m := _MIXED.fullmatch(text):
        whole, top, bottom = map(int, m.groups())
        if bottom == 0:
            raise UnclearAnswer(_("A fraction cannot have 0 below the line."))
        if top >= bottom:
            raise UnclearAnswer(_("“{text}” is not a usual mixed number: write it as one fraction.")
                                .format(text=text))
        return Reading(whole + Fraction(top, bottom), None)
    if m := _FRACTION.fullmatch(text):
        top, bottom = map(int, m.groups())
        if bottom == 0:
            raise UnclearAnswer(_("A fraction cannot have 0 below the line."))
        return Reading(Fraction(top, bottom), None)
    if m := _DECIMAL_DOT.fullmatch(text):
        if whole_answer and len(m[2]) == 3 and m[1] and m[1][0] != "0" and len(m[1]) <= 3:
            return Reading(Fraction(int(m[1] + m[2])), None)      # "1.000": a thousand, Portuguese style
        return _decimal(*m.groups())
    if m := _DECIMAL_COMMA.fullmatch(text):
        if len(m[2]) == 3 and m[1] and m[1][0] != "0" and len(m[1]) <= 3:
            if whole_answer:
                return Reading(Fraction(int(m[1] + m[2])), None)  # "1,000": a thousand
            if decimal_separator() == ",":
                return _decimal(*m.groups())                       # the language's own decimal comma
            raise UnclearAnswer(
                _("“{text}” could be {thousands} (a comma between thousands) or {decimal} (a decimal "
                  "comma): write {thousands} or {decimal}.").format(
                    text=text, thousands=m[1] + m[2], decimal=f"{m[1]}.{m[2]}"))
        return _decimal(*m.groups())                               # "0,375": a decimal comma
    for pattern in _GROUPED:
        if m := pattern.fullmatch(text):
            digits = re.sub(r"\D", "", m["int"])
            return _decimal(digits, m["frac"]) if m["frac"] else Reading(Fraction(int(digits)), None)
    raise UnclearAnswer(_("I cannot read “{text}” as a number: {how}.").format(
        text=text, how=_(HOW_TO_WRITE)))


def read_number(text: str, *, whole_answer: bool = False) -> Reading:
    """Read a student's number; ``whole_answer`` says a whole number is expected, which settles
    whether "1,000" means a thousand. Raises :class:`UnclearAnswer` with advice otherwise."""
    text = _tidy(text)
    if not text:
        raise UnclearAnswer(_("Type an answer first."))
    percent = text.endswith("%")
    text = text.removesuffix("%").strip()
    sign = -1 if text.startswith("-") else 1
    text = text[1:].strip() if text[:1] in "+-" else text
    reading = _unsigned(text, whole_answer and not percent)
    if percent:   # "42 %" is 0.42: two places, like "0.42"; "1/3 %" stays exact
        places = 2 if _INTEGER.fullmatch(text) else None if reading.places is None else reading.places + 2
        return Reading(sign * reading.value / 100, places)
    return Reading(sign * reading.value, reading.places)


def parse_number(text: str) -> Fraction:
    """The exact value of a number written as a fraction, mixed number, decimal or percentage."""
    return read_number(text).value


def judge_number(given: str, answer: Fraction, *, decimals: int | None = None,
                 tolerance: Fraction = Fraction(0)) -> Verdict:
    """Whether ``given`` is ``answer``: exactly, or (when ``decimals`` is set) correct to that many
    decimal places; within ``tolerance`` in both cases."""
    answer = Fraction(answer)
    try:
        reading = read_number(given, whole_answer=answer.denominator == 1 and decimals is None)
    except UnclearAnswer as unclear:
        return Verdict(UNCLEAR, str(unclear))
    error = abs(reading.value - answer)
    if error <= tolerance:
        return Verdict(RIGHT)
    rounds_right = reading.places is not None and error <= Fraction(1, 2 * 10 ** reading.places)
    if decimals is None or reading.places is None:
        if rounds_right:
            return Verdict(UNCLEAR, _("Close, but this answer is exact: write it as a fraction."))
        return Verdict(WRONG)
    if reading.places < decimals:
        if rounds_right:
            return Verdict(UNCLEAR, ngettext("Give it to {decimals} decimal place (or as a fraction).",
                                             "Give it to {decimals} decimal places (or as a fraction).",
                                             decimals).format(decimals=decimals))
        return Verdict(WRONG)
    if error <= Fraction(1, 2 * 10 ** decimals) + tolerance:
        return Verdict(RIGHT)
    return Verdict(WRONG)


# ---------------------------------------------------------------------------------------------
# Words

#: Words that mean the same in the two languages of the kit; an answer in one accepts the others.
BILINGUAL = ({"yes", "sim"}, {"no", "nao"}, {"true", "verdadeiro", "verdade"}, {"false", "falso"},
             {"draw", "empate", "tie"}, {"none", "nenhum", "nenhuma", "nothing", "nada"})
_ARTICLES = {"the", "a", "an", "o", "os", "as", "um", "uma"}


def normalise_word(text: str) -> str:
    """Lower case, no accents, no punctuation, no leading article: "Não!" and "nao" are one word."""
    text = unicodedata.normalize("NFKD", text.translate(_DASHES))
    text = "".join(ch for ch in text if not unicodedata.combining(ch)).casefold()
    words = re.sub(r"[^\w]+", " ", text).split()
    if len(words) > 1 and words[0] in _ARTICLES:
        words = words[1:]
    return " ".join(words)


def judge_word(given: str, answer: str, accept: tuple[str, ...] = ()) -> Verdict:
    """Whether ``given`` is the word ``answer`` or one of its synonyms ``accept``."""
    if not given.strip():
        return Verdict(UNCLEAR, _("Type an answer first."))
    good = {normalise_word(word) for word in (answer, *accept)}
    for group in BILINGUAL:
        if good & group:
            good |= group
    return Verdict(RIGHT if normalise_word(given) in good else WRONG)


def matches(given: str, answer, tolerance: float = 0) -> bool:
    """Whether the text ``given`` is the ``answer`` (a number within ``tolerance``, or a word)."""
    if isinstance(answer, str):
        return judge_word(given, answer).right
    return judge_number(given, Fraction(answer), tolerance=Fraction(tolerance)).right


# ---------------------------------------------------------------------------------------------
# The widget

_STYLE = {
    RIGHT: "background:#e3f4e8;color:#0f4d27;border-left:6px solid #1e7b48",
    WRONG: "background:#fde4e1;color:#7a1010;border-left:6px solid #b03a2e",
    UNCLEAR: "background:#fff4d6;color:#4d3800;border-left:6px solid #8a5a00",
}
_HEADLINE = {RIGHT: N_("Right."), WRONG: N_("Not yet."), UNCLEAR: N_("Please check how it is written.")}


def _paragraphs(text: str) -> str:
    return "<br>".join(html.escape(line) for line in text.strip().splitlines())


class Exercise(widgets.VBox):
    """A question, a text box and a Check button; the verdict appears under the box.

    ``answer`` is a number (a ``Fraction`` for exact answers) or, with ``kind="word"`` or a ``str``,
    a word with synonyms ``accept``. ``decimals`` is the precision the question asks for;
    ``hint`` is shown after a wrong answer and ``explanation`` once solved.
    ``exercise.check("3/8")`` does from Python what typing and pressing Enter does.
    """

    def __init__(self, question: str, answer, *, tolerance: float = 0, explanation: str = "",
                 hint: str = "", decimals: int | None = None, accept=(), kind: str | None = None,
                 exercise_id: str | None = None, difficulty: int | None = None):
        self.kind = kind or ("word" if isinstance(answer, str) else "number")
        if self.kind == "word":
            self.answer = str(answer)
        else:  # the key writes numbers as text ("5/9", "-24"); Python callers may pass numbers
            self.answer = parse_number(answer) if isinstance(answer, str) else Fraction(answer)
        self.tolerance = Fraction(tolerance)
        self.decimals, self.accept = decimals, tuple(accept)
        self.explanation, self.hint = explanation, hint
        self.exercise_id, self.difficulty = exercise_id, difficulty
        self.question_text = question
        self.verdict_status: str | None = None
        self.question = widgets.HTML(self._question_html())
        # Each keystroke sends the value (to clear the verdict); Enter sends a "submit" message.
        self.box = widgets.Text(placeholder=self._placeholder(), continuous_update=True)
        self.button = widgets.Button(description=pgettext("button", "Check"), button_style="primary")
        self.verdict = widgets.HTML()
        self.box.add_class("gk-exercise-input")
        self.button.add_class("gk-exercise-check")
        self.verdict.add_class("gk-exercise-verdict")
        self.box.observe(lambda change: self._answer_changed(change["new"]), "value")
        self.box.on_msg(self._box_message)
        self.button.on_click(lambda _: self.submit())
        super().__init__([self.question, widgets.HBox([self.box, self.button]), self.verdict])
        self.add_class("gk-exercise")

    @classmethod
    def from_key(cls, exercise_id: str) -> Exercise:
        """The exercise ``exercise_id`` ("21.1") as the answer key describes it."""
        entry = key_entry(exercise_id)
        return cls(entry["question"], entry["answer"], kind=entry.get("kind", "number"),
                   decimals=entry.get("decimals"), accept=entry.get("accept", ()),
                   hint=entry.get("hint", ""), explanation=entry.get("explanation", ""),
                   exercise_id=entry["id"], difficulty=entry.get("difficulty"))

    @property
    def solved(self) -> bool:
        return self.verdict_status == RIGHT

    @property
    def stars(self) -> str:
        return "★" * (self.difficulty or 0)

    def _question_html(self) -> str:
        label = f"{self.exercise_id}" if self.exercise_id else ""
        title = _("difficulty {level} of 3").format(level=self.difficulty)
        stars = (f' <span class="gk-exercise-stars" title="{html.escape(title)}">'
                 f"{self.stars}</span>") if self.difficulty else ""
        return f"<b>{label}</b>{stars} {html.escape(self.question_text)}".strip()

    def _placeholder(self) -> str:
        if self.kind == "word":
            return _("your answer, in a word or two")
        if self.decimals:
            return ngettext("a fraction, or a decimal to {decimals} place",
                            "a fraction, or a decimal to {decimals} places", self.decimals).format(
                decimals=self.decimals)
        return _("your answer, e.g. 3/8 or 0.375")

    def __repr__(self) -> str:
        # Notebooks show this as the widget's text form: stable (and without the answer) for nbval.
        head = " ".join(part for part in (self.exercise_id, self.stars) if part)
        if head:
            return _("Exercise {head}: {question}").format(head=head, question=self.question_text)
        return _("Exercise: {question}").format(question=self.question_text)

    def judge(self, given: str) -> Verdict:
        """The verdict on ``given``, without touching the widget."""
        if self.kind == "word":
            return judge_word(given, self.answer, self.accept)
        return judge_number(given, self.answer, decimals=self.decimals, tolerance=self.tolerance)

    def check(self, given: str) -> bool:
        """Type ``given`` into the box and check it; returns whether it is right."""
        self.box.value = given
        self.submit()
        return self.solved

    def submit(self) -> None:
        """Check the answer in the box, as pressing Enter in it does."""
        self._judge(self.box.value)

    def _answer_changed(self, given: str) -> None:
        # A keystroke: the old verdict was about another answer. Only Enter or Check judges anew.
        self._show(None, "")

    def _box_message(self, _box, content, _buffers) -> None:
        # The browser's text box sends {"event": "submit"} when Enter is pressed in it. Keystrokes
        # typed faster than the kernel answers may reach it after this message; each clears the
        # verdict again, so a verdict never outlives the answer it judged.
        if content.get("event") == "submit":
            self.submit()

    def _judge(self, given: str) -> None:
        verdict = self.judge(given)
        if verdict.status == RIGHT:
            detail = self.explanation
        elif verdict.status == WRONG:
            detail = _("Hint: {hint}").format(hint=self.hint) if self.hint else _("Try again.")
        else:
            detail = verdict.message
        self._show(verdict.status, detail)

    def _show(self, status: str | None, detail: str) -> None:
        for old in (RIGHT, WRONG, UNCLEAR):
            self.verdict.remove_class(f"gk-exercise-{old}")
        self.verdict_status = status
        if status is None:
            self.verdict.value = ""
            return
        self.verdict.add_class(f"gk-exercise-{status}")
        self.verdict.value = (f'<div style="{_STYLE[status]};padding:4px 10px;border-radius:4px">'
                              f"<b>{_(_HEADLINE[status])}</b> {_paragraphs(detail)}</div>")


class ExerciseSheet(widgets.VBox):
    """All of one lesson's exercises, one under the other."""

    def __init__(self, lesson: str, items: list[Exercise]):
        self.lesson, self.items = lesson, items
        super().__init__(items)
        self.add_class("gk-exercise-sheet")

    def __getitem__(self, index: int) -> Exercise:
        return self.items[index]

    def __len__(self) -> int:
        return len(self.items)

    def __repr__(self) -> str:
        return "\n".join(repr(item) for item in self.items)


def lesson_name(lesson: str) -> str:
    """The full stem of a lesson with an answer key, from the stem or its number ("21")."""
    for name in lessons_with_keys():
        if lesson in (name, name.split("_")[0]):
            return name
    raise KeyError(f"there is no answer key for the lesson {lesson!r}")


def exercises(lesson: str) -> ExerciseSheet:
    """The exercises of ``lesson`` ("21_lost_cities_expected_value", or "21"), from its answer key."""
    name = lesson_name(lesson)
    return ExerciseSheet(name, [Exercise.from_key(entry["id"]) for entry in answer_key(name)])
