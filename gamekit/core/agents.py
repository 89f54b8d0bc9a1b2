"""Opponents. Every agent answers ``act(observation, legal_actions) -> action``; explaining agents
also return the table of candidates they weighed, which is what makes them useful in class."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from html import escape
from typing import Any, Protocol, runtime_checkable

from ..i18n import N_, translations
from .rng import make_rng

_, ngettext, pgettext = translations("core")


def kind_name(kind: str) -> str:
    """A seat kind as a person reads it: ``"human"`` or one of the kit's agent keys ("heuristic" ->
    "heurístico" in Portuguese). The key stays the key in records, options and code; a key the kit
    does not know (a student's own agent) is shown as it is."""
    names = {
        "human": pgettext("seat kind", "human"),
        "random": pgettext("agent kind", "random"),
        "heuristic": pgettext("agent kind", "heuristic"),
        "search": pgettext("agent kind", "search"),
        "matching": pgettext("agent kind", "matching"),
        "equilibrium": pgettext("agent kind", "equilibrium"),
    }
    return names.get(kind, kind)


def the_agent(kind: str) -> str:
    """An agent named in a sentence ("the heuristic agent", "o agente heurístico")."""
    phrases = {
        "random": _("the random agent"),
        "heuristic": _("the heuristic agent"),
        "search": _("the search agent"),
        "matching": _("the matching agent"),
        "equilibrium": _("the equilibrium agent"),
    }
    return phrases.get(kind) or _("the {agent} agent").format(agent=kind)


@runtime_checkable
class Agent(Protocol):
    name: str

    def act(self, observation, legal_actions: list) -> Any: ...


@dataclass(frozen=True)
class Candidate:
    """One action an agent considered, with its value on the agent's own scale."""

    action: Any
    value: float
    note: str = ""


@dataclass(frozen=True)
class Explanation:
    """The candidates an agent weighed, best first, and what the values mean."""

    agent: str
    candidates: tuple[Candidate, ...]
    value_meaning: str = "value"
    summary: str = field(default="")

    @property
    def best(self):
        return self.candidates[0].action

    def rows(self) -> list[dict]:
        return [
            {"action": str(c.action), self.value_meaning: round(c.value, 4), "why": c.note}
            for c in self.candidates
        ]

    def __str__(self) -> str:
        width = max([len(str(c.action)) for c in self.candidates] + [6])
        lines = [self._title() + (f": {self.summary}" if self.summary else "")]
        lines.append(f"  {pgettext('column', 'action'):<{width}}  {self.value_meaning:>10}  "
                     f"{pgettext('column', 'why')}")
        for c in self.candidates:
            lines.append(f"  {str(c.action):<{width}}  {c.value:>10.3f}  {c.note}".rstrip())
        return "\n".join(lines)

    def _repr_html_(self) -> str:
        head = (f"<tr><th>{escape(pgettext('column', 'action'))}</th><th>{escape(self.value_meaning)}</th>"
                f"<th>{escape(pgettext('column', 'why'))}</th></tr>")
        body = "".join(
            f"<tr><td>{escape(str(c.action))}</td><td>{c.value:.3f}</td><td>{escape(c.note)}</td></tr>"
            for c in self.candidates
        )
        title = escape(self._title())
        return f"<div class='gk-explanation'><b>{title}</b><table>{head}{body}</table></div>"


    def _title(self) -> str:
        return _("{agent} chooses {action}").format(agent=kind_name(self.agent), action=self.best)


class ExplainingAgent:
    """Base for agents that score every legal action: ``act`` picks the best of ``explain``."""

    name = "explaining agent"
    value_meaning = "value"

    def __init__(self, seed: int | None = 0):
        self.seed = seed
        # make_rng, so that seeds -s and s play differently; other seeds as random.Random takes them
        self.rng = make_rng(seed)[0] if isinstance(seed, int) and not isinstance(seed, bool) else random.Random(seed)

    def act(self, observation, legal_actions: list):
        return self.explain(observation, legal_actions).best

    def explain(self, observation, legal_actions: list) -> Explanation:
        scored = [self.evaluate(observation, action) for action in legal_actions]
        ranked = sorted(scored, key=lambda c: (-c.value, str(c.action)))
        return Explanation(self.name, tuple(ranked), self.value_meaning)

    def evaluate(self, observation, action) -> Candidate:
        raise NotImplementedError

    def __repr__(self) -> str:
        return f"{type(self).__name__}(seed={self.seed})"


class RandomAgent(ExplainingAgent):
    """Chooses uniformly among the legal actions (seeded: the same seed plays the same game)."""

    name = "random"
    value_meaning = N_("probability")

    def act(self, observation, legal_actions: list):
        return self.rng.choice(legal_actions)

    def explain(self, observation, legal_actions: list) -> Explanation:
        share = 1 / len(legal_actions)
        chosen = self.act(observation, legal_actions)
        candidates = [Candidate(chosen, share, _("drawn at random"))] + [
            Candidate(a, share, "") for a in legal_actions if a != chosen
        ]
        return Explanation(self.name, tuple(candidates), _(self.value_meaning), _("every legal action alike"))
