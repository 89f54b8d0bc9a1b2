"""A class league: one agent against each of the kit's agents, mirrored deal by deal, with 95 % intervals.

``tournament`` (in :mod:`gamekit.core.arena`) plays every deal from every seat. In a two-seat game
that makes each deal a *pair* of games, and the fair measure of "who plays better" is the margin
over the pair: luck of the deal cancels, so the interval is narrower than over single games.

- :func:`paired_margins` — the margin of one agent over another, deal by deal (mean of both seats).
- :func:`league` — one agent against several opponents: win rate with its Wilson interval, mean
  margin per deal with ±1.96 standard errors, and the failed games, one row per opponent.
- :func:`league_figure` — the league as a plotly chart, margins with their intervals.
- :func:`challenge` — the league against one opponent, with a verdict in words: beaten only when
  the whole interval of the margin is above zero.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass

from ..i18n import decimal_separator, translations
from .arena import TournamentResult, figure_separators, tournament, wilson_interval

_, ngettext, pgettext = translations("core")

_LEAGUE = ["opponent", "deals", "games", "failed", "win_rate", "win_low", "win_high",
           "margin", "margin_low", "margin_high"]


def mean_interval(values) -> tuple[float, float]:
    """The mean of ``values`` and the half-width of its 95 % interval (1.96 standard errors)."""
    values = [float(v) for v in values]
    n = len(values)
    if n == 0:
        return float("nan"), float("nan")
    centre = sum(values) / n
    if n == 1:
        return centre, float("nan")
    spread = math.sqrt(sum((v - centre) ** 2 for v in values) / (n - 1))
    return centre, 1.96 * spread / math.sqrt(n)


def paired_margins(result: TournamentResult, agent: str, opponent: str):
    """Per deal of a two-seat ``result``: ``agent``'s score minus ``opponent``'s, averaged over the
    games of that deal (both seats, when both finished). A pandas Series indexed by deal seed."""
    table = result.table
    if table.empty:
        import pandas as pd

        return pd.Series(dtype=float, name="margin")
    mine = table[table["agent"] == agent].set_index("game")["score"].astype(float)
    theirs = table[table["agent"] == opponent].set_index("game")["score"].astype(float)
    deals = table.drop_duplicates("game").set_index("game")["deal_seed"]
    margin = (mine - theirs).dropna()
    return margin.groupby(deals.loc[margin.index]).mean().rename("margin")


def league(game: str, agent: Callable, opponents: Mapping[str, Callable], *, name: str = "you",
           deals: int = 20, seed: int = 0, options: Mapping | None = None, workers: int | None = 1,
           move_time: float | None = 5.0, progress: bool = False):
    """``agent`` (a factory called with ``seed=``) against each opponent in mirrored two-seat
    games: ``deals`` deals, each played from both seats. One row per opponent: deals, games
    finished, failed games, win rate (ties shared) with its Wilson interval, and the mean margin
    per deal with its 95 % interval (paired by deal). The tournaments are kept in ``.attrs``."""
    import pandas as pd

    rows, results = [], {}
    for rival, factory in opponents.items():
        if rival == name:
            raise ValueError(_("the opponent {rival} has the same name as your agent: rename one").format(
                rival=repr(rival)))
        result = tournament(game, {name: agent, rival: factory}, games=2 * deals, seed=seed,
                            options=options, workers=workers, move_time=move_time, progress=progress)
        results[rival] = result
        rows.append(_league_row(result, name, rival, deals))
    board = pd.DataFrame(rows, columns=_LEAGUE).set_index("opponent")
    board.attrs["results"] = results
    board.attrs["agent"] = name
    return board


def _league_row(result: TournamentResult, name: str, rival: str, deals: int) -> dict:
    table = result.table
    mine = table[table["agent"] == name]
    games = len(mine)
    wins = float(mine["win_share"].sum())
    low, high = wilson_interval(wins, games)
    margin, half = mean_interval(paired_margins(result, name, rival))
    return {"opponent": rival, "deals": deals, "games": games, "failed": len(result.failures),
            "win_rate": wins / games if games else float("nan"), "win_low": low, "win_high": high,
            "margin": margin, "margin_low": margin - half, "margin_high": margin + half}


def league_figure(board, title: str | None = None):
    """Mean margin per deal against each opponent, with its 95 % interval (plotly)."""
    import plotly.graph_objects as go

    name = board.attrs.get("agent") or _("your agent")
    fig = go.Figure(go.Bar(
        x=list(board.index), y=board["margin"],
        error_y={"type": "data", "symmetric": False, "array": board["margin_high"] - board["margin"],
                 "arrayminus": board["margin"] - board["margin_low"]},
        text=[_signed(m, 1) for m in board["margin"]], textposition="outside",
        marker_color=["#1e7b48" if low > 0 else "#b03a2e" if high < 0 else "#8a8a8a"
                      for low, high in zip(board["margin_low"], board["margin_high"])],
    ))
    fig.add_hline(y=0, line_color="black", line_width=1)
    fig.update_layout(title=title or _("{name}: mean margin per deal against each opponent (95 % interval)")
                      .format(name=name), yaxis_title=_("points ahead per deal"), xaxis_title=_("opponent"),
                      template="plotly_white", **figure_separators())
    return fig


def _signed(value: float, places: int) -> str:
    """A margin with its sign, in the language's decimals: "+1.25" / "+1,25"."""
    return f"{value:+.{places}f}".replace(".", decimal_separator())


@dataclass(frozen=True)
class Verdict:
    """The outcome of a challenge: ``beaten`` only if the margin's whole interval is above 0."""

    opponent: str
    deals: int
    failed: int
    margin: float
    low: float
    high: float

    @property
    def beaten(self) -> bool:
        return self.failed == 0 and self.low > 0

    def __str__(self) -> str:
        if self.failed:
            return _("Against {opponent} over {deals} mirrored deals: {failed} game(s) failed; read "
                     "result.failures, fix the agent and try again.").format(
                opponent=self.opponent, deals=self.deals, failed=self.failed)
        if self.beaten:
            sentence = _("Against {opponent} over {deals} mirrored deals: mean margin {margin} points "
                         "per deal, 95 % interval [{low}, {high}]. Beaten: the whole interval is above 0.")
        elif self.high < 0:
            sentence = _("Against {opponent} over {deals} mirrored deals: mean margin {margin} points "
                         "per deal, 95 % interval [{low}, {high}]. Not yet: the whole interval is below 0.")
        else:
            sentence = _("Against {opponent} over {deals} mirrored deals: mean margin {margin} points "
                         "per deal, 95 % interval [{low}, {high}]. Not yet: the interval contains 0, so this "
                         "could be luck.")
        return sentence.format(opponent=self.opponent, deals=self.deals, margin=_signed(self.margin, 2),
                               low=_signed(self.low, 2), high=_signed(self.high, 2))


def challenge(game: str, agent: Callable, opponent: str, factory: Callable, *, deals: int = 30,
              seed: int = 2026, options: Mapping | None = None, move_time: float | None = 5.0) -> Verdict:
    """Play ``agent`` against one opponent on ``deals`` mirrored deals and judge the margin.
    The seed is fixed, so that everyone in a class faces the same deals."""
    board = league(game, agent, {opponent: factory}, deals=deals, seed=seed, options=options,
                   move_time=move_time)
    row = board.loc[opponent]
    return Verdict(opponent, deals, int(row["failed"]), float(row["margin"]),
                   float(row["margin_low"]), float(row["margin_high"]))
