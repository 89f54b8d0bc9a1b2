"""A small widget that checks a student's answer to an exercise, in the notebook itself."""

from __future__ import annotations

from fractions import Fraction

import ipywidgets as widgets


def parse_number(text: str) -> Fraction:
    """Read ``'3/8'``, ``'0.375'`` or ``'37.5%'`` as an exact fraction (ValueError otherwise)."""
    text = text.strip().replace(",", ".").replace(" ", "")
    if text.endswith("%"):
        return Fraction(text[:-1]) / 100
    return Fraction(text)


def matches(given: str, answer, tolerance: float = 0) -> bool:
    """Whether the text ``given`` is the ``answer`` (a number within ``tolerance``, or a word)."""
    if isinstance(answer, str):
        return given.strip().lower() == answer.strip().lower()
    try:
        value = parse_number(given)
    except (ValueError, ZeroDivisionError):
        return False
    return abs(value - Fraction(answer)) <= Fraction(tolerance)


class Exercise(widgets.VBox):
    """A question, a text box and a Check button; the verdict appears under it.

    ``answer`` is a number (``Fraction`` for exact answers; fractions, decimals and percentages are
    all accepted) or a word; ``tolerance`` allows rounding; ``explanation`` is shown once solved.
    ``exercise.check("3/8")`` does from Python what typing and clicking does.
    """

    def __init__(self, question: str, answer, *, tolerance: float = 0, explanation: str = "",
                 hint: str = ""):
        self.answer = answer
        self.tolerance = tolerance
        self.explanation = explanation
        self.hint = hint
        self.question = widgets.HTML(f"<b>{question}</b>")
        self.box = widgets.Text(placeholder="your answer, e.g. 3/8 or 0.375")
        self.button = widgets.Button(description="Check", button_style="primary")
        self.verdict = widgets.HTML()
        self.box.add_class("gk-exercise-input")
        self.button.add_class("gk-exercise-check")
        self.verdict.add_class("gk-exercise-verdict")
        self.button.on_click(lambda _: self.check(self.box.value))
        self.solved = False
        super().__init__([self.question, widgets.HBox([self.box, self.button]), self.verdict])
        self.add_class("gk-exercise")

    def __repr__(self) -> str:
        # Notebooks show this as the widget's text form: stable, so nbval can compare it.
        return f"Exercise: {self.question.value[3:-4]}"

    def check(self, given: str) -> bool:
        self.box.value = given
        self.solved = matches(given, self.answer, self.tolerance)
        if self.solved:
            self.verdict.value = f"✅ Right. {self.explanation}".strip()
        elif not given.strip():
            self.verdict.value = "Type an answer first."
        else:
            self.verdict.value = f"❌ Not quite. {self.hint}".strip()
        return self.solved
