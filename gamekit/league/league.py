"""A class league: every student bot and some of the kit's agents, mirrored round-robin.

- **Entries**: one ``.py`` file per student in the league's folder (the file's name is the entry's
  name), or :meth:`League.add_entry` (which writes that file), plus the kit's agents for the game
  (``kit:random``, ``kit:heuristic``, ...). A bot is tried once when it is entered, so a file that
  does not run is reported at once (and plays no games until it is fixed); entering a changed
  file makes a new version whose games are played afresh.
- **Mirrored round-robin** in the game's two-player form: every pair plays every seeded deal in
  both seat orders, so the luck of a deal cancels.
- **Where games run**: a pool of worker processes by default (``workers`` of them; ``workers=0``
  plays in this process), or a Dask scheduler when ``dask_address`` is given. Student code runs
  in neither: each bot plays from its own sandboxed process (:mod:`gamekit.league.sandbox`).
- **Results** are typed (``win``, ``loss``, ``draw``, or how the seat at fault failed: see
  :data:`~gamekit.league.sandbox.FAILURE_KINDS`; its opponent wins by forfeit) and stored as each
  game finishes, in tables of the league's own (``league_entries``, ``league_games``) on the
  SQLAlchemy engine or URL given, so a league that is stopped and started again plays only what
  was not finished.
- **Leaderboard**: points (1 a win, ½ a draw, per game) and the score margin per deal, each with a
  95 % interval over the mirrored pairs of games (paired by deal, as in
  :mod:`gamekit.core.leaderboard`), a plotly figure and CSV.
"""

from __future__ import annotations

import hashlib
import json
import importlib
import math
import os
import re
import secrets
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import sqlalchemy as sa

from gamekit.core.agents import kind_name
from gamekit.core.leaderboard import mean_interval
from gamekit.core.registry import game_info
from gamekit.core.rng import derive_seed
from gamekit.i18n import N_, format_number, message, say, translations

from .matches import Match, MatchResult, Player, play
from .sandbox import FAILURE_KINDS, BotFailure, BotLimits, SandboxedAgent

_, ngettext, pgettext = translations("classroom")

NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]{0,39}")
MAX_SOURCE_BYTES = 200_000
DEFAULT_KIT_AGENTS = ("random", "heuristic")
SHARES = {"win": 1.0, "draw": 0.5}
COLUMNS = ["rank", "entry", "kind", "games", "wins", "draws", "losses", "failed", "points", "points_low",
           "points_high", "margin", "margin_low", "margin_high", "status"]
#: A game's result for one seat, in words (the stored results are the keys).
RESULT_WORDS = {"win": N_("won"), "loss": N_("lost"), "draw": N_("drawn"), "illegal": N_("illegal move"),
                "exception": N_("error in the code"), "timeout": N_("out of time"),
                "memory": N_("out of memory"), "crash": N_("its process ended")}

metadata = sa.MetaData()
entries_table = sa.Table(
    "league_entries", metadata,
    sa.Column("league", sa.String(100), primary_key=True),
    sa.Column("name", sa.String(80), primary_key=True),
    sa.Column("kind", sa.String(8), nullable=False),  # "bot" or "kit"
    sa.Column("version", sa.String(64), nullable=False),
    sa.Column("source", sa.Text),
    sa.Column("token", sa.String(64), nullable=False, unique=True),
    sa.Column("problem", sa.Text),  # why a bot cannot play (None: it plays)
    sa.Column("entered", sa.Float, nullable=False),
)
games_table = sa.Table(
    "league_games", metadata,
    sa.Column("league", sa.String(100), primary_key=True),
    sa.Column("key", sa.String(300), primary_key=True),
    sa.Column("deal", sa.Integer, nullable=False),
    sa.Column("deal_seed", sa.BigInteger, nullable=False),
    sa.Column("seat0", sa.String(80), nullable=False),
    sa.Column("version0", sa.String(64), nullable=False),
    sa.Column("seat1", sa.String(80), nullable=False),
    sa.Column("version1", sa.String(64), nullable=False),
    sa.Column("results", sa.JSON, nullable=False),  # one word a seat
    sa.Column("scores", sa.JSON),
    sa.Column("capped", sa.Boolean, nullable=False, default=False),
    sa.Column("fail_seat", sa.Integer),
    sa.Column("fail_kind", sa.String(12)),
    sa.Column("fail_move", sa.Integer),
    sa.Column("fail_action", sa.Text),
    sa.Column("fail_error", sa.Text),
    sa.Column("fail_traceback", sa.Text),
    sa.Column("fail_output", sa.Text),
    sa.Column("finished", sa.Float, nullable=False),
)


@dataclass(frozen=True)
class Entry:
    """A player of the league. ``token`` opens the entry's own report; ``problem`` says why a
    bot cannot play (``None``: it plays)."""

    name: str
    kind: str
    version: str
    token: str
    problem: str | None = None
    source: str | None = None

    @property
    def plays(self) -> bool:
        return self.problem is None

    def player(self) -> Player:
        if self.kind == "kit":
            return Player(self.name, agent=self.name.removeprefix("kit:"))
        return Player(self.name, source=self.source)


@dataclass
class RunSummary:
    """What one :meth:`League.run` did: games played now, those already stored, the failed ones
    (a seat at fault), the void ones (the kit's own fault; tried again next run)."""

    played: int = 0
    already: int = 0
    failed: int = 0
    void: int = 0
    stopped: bool = False


class League:
    """The league of ``game`` whose bots are the ``.py`` files in ``folder``, stored on
    ``engine_or_url`` (an SQLAlchemy engine, such as the classroom store's, or a URL).

    ``deals`` seeded deals are played by every pair in both seat orders; ``kit_agents`` names the
    game's agents that enter too; ``limits`` bound each bot's moves, memory and CPU. ``name`` tells
    several leagues in one database apart (default: the game's name).
    """

    def __init__(self, engine_or_url, folder, game: str, *, workers: int | None = None,
                 dask_address: str | None = None, deals: int = 10, seed: int = 0,
                 kit_agents=DEFAULT_KIT_AGENTS, limits: BotLimits = BotLimits(), options: dict | None = None,
                 max_moves: int = 10_000, name: str | None = None):
        info = game_info(game)
        if 2 not in info.seats:
            raise ValueError(_("{game} has no two-player form, which a league plays").format(game=info.title))
        self.game, self.title, self.name = game, info.title, name or game
        self.options = dict(options or {})
        if info.default_seats != 2:
            self.options["players"] = 2
        self.engine = _engine(engine_or_url)
        metadata.create_all(self.engine)
        self.folder = Path(folder)
        self.folder.mkdir(parents=True, exist_ok=True)
        self.workers, self.dask_address = workers, dask_address
        self.deals, self.seed, self.limits, self.max_moves = deals, seed, limits, max_moves
        kit = importlib.import_module(f"gamekit.{game}.agents").AGENTS
        unknown = sorted(set(kit_agents) - set(kit))
        if unknown:
            raise ValueError(_("{game} has no kit agents called {unknown} (it has {known})").format(
                game=info.title, unknown=", ".join(unknown), known=", ".join(sorted(kit))))
        self._lock = threading.RLock()  # one writer of entries at a time
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        with self.engine.begin() as db:  # kit agents no longer asked for leave the league
            db.execute(entries_table.delete().where(
                entries_table.c.league == self.name, entries_table.c.kind == "kit",
                entries_table.c.name.not_in([f"kit:{agent}" for agent in kit_agents])))
        for agent in kit_agents:
            self._keep_entry(f"kit:{agent}", "kit", source=None, problem=None)

    # --- entries --------------------------------------------------------------------------------
    def add_entry(self, name: str, source_text: str) -> Entry:
        """Enter (or enter again) the bot ``name`` with the text of its Python file: the file is
        written to the folder and tried once; a bot that does not start carries its ``problem``."""
        name = check_name(name)
        source = check_source(source_text)
        (self.folder / f"{name}.py").write_text(source, encoding="utf-8")
        return self._enter(name, source)

    def remove_entry(self, name: str) -> None:
        """Take a bot out of the league (its file too); its games no longer count."""
        with self._lock, self.engine.begin() as db:
            db.execute(entries_table.delete().where(entries_table.c.league == self.name,
                                                    entries_table.c.name == name))
        (self.folder / f"{check_name(name)}.py").unlink(missing_ok=True)

    def scan(self) -> list[Entry]:
        """Enter every new or changed ``.py`` file of the folder; returns the entries."""
        for path in sorted(self.folder.glob("*.py")):
            if not NAME.fullmatch(path.stem):
                continue
            try:
                source = check_source(path.read_text(encoding="utf-8"))
            except (UnicodeDecodeError, ValueError) as error:
                source, problem = path.read_bytes().decode("utf-8", "replace")[:MAX_SOURCE_BYTES], str(error)
                self._keep_entry(path.stem, "bot", source=source, problem=problem)
                continue
            current = self.entry(path.stem)
            if current is None or current.version != _version(source):
                self._enter(path.stem, source)
        return self.entries()

    def entries(self) -> list[Entry]:
        with self.engine.connect() as db:
            rows = db.execute(sa.select(entries_table).where(entries_table.c.league == self.name)
                              .order_by(entries_table.c.kind, entries_table.c.name)).mappings().all()
        return [_entry(row) for row in rows]

    def entry(self, name: str) -> Entry | None:
        return next((e for e in self.entries() if e.name == name), None)

    def entry_by_token(self, token: str) -> Entry | None:
        return next((e for e in self.entries() if secrets.compare_digest(e.token, str(token))), None)

    def _enter(self, name: str, source: str) -> Entry:
        problem = None
        try:
            with SandboxedAgent(source, filename=f"{name}.py", limits=self.limits, game=self.game):
                pass
        except BotFailure as failure:
            # the failure's words (said in each reader's language), then its traceback as Python wrote it
            problem = _stored_words(message("classroom", "{failure}{traceback}", failure=failure.words,
                                            traceback="\n\n" + failure.traceback if failure.traceback else ""))
        return self._keep_entry(name, "bot", source=source, problem=problem)

    def _keep_entry(self, name: str, kind: str, *, source: str | None, problem: str | None) -> Entry:
        version = _version(source) if source is not None else "kit"
        with self._lock, self.engine.begin() as db:
            where = (entries_table.c.league == self.name) & (entries_table.c.name == name)
            old = db.execute(sa.select(entries_table.c.token).where(where)).scalar()
            values = {"kind": kind, "version": version, "source": source, "problem": problem}
            if old is None:  # the token stays the same when a student enters a new version
                db.execute(entries_table.insert().values(league=self.name, name=name, token=secrets.token_urlsafe(16),
                                                         entered=time.time(), **values))
            else:
                db.execute(entries_table.update().where(where).values(entered=time.time(), **values))
        return self.entry(name)

    # --- playing --------------------------------------------------------------------------------
    def schedule(self, deals: int | None = None) -> list[Match]:
        """Every game of the round-robin among the entries that play, deal by deal."""
        players = [e for e in self.entries() if e.plays]
        matches = []
        for deal in range(self.deals if deals is None else deals):
            deal_seed = derive_seed(self.seed, "deal", deal)
            for i, first in enumerate(players):
                for second in players[i + 1:]:
                    for pair in ((first, second), (second, first)):
                        key = f"{deal}|" + "|".join(f"{e.name}@{e.version}" for e in pair)
                        matches.append(Match(key, self.game, self.options, deal_seed,
                                             tuple(e.player() for e in pair), self.limits, self.max_moves))
        return matches

    def run(self, deals: int | None = None, *, on_game: Callable[[MatchResult], object] | None = None) -> RunSummary:
        """Scan the folder and play every game of the schedule not yet stored; results are stored
        as they come. :meth:`stop` (from another thread) ends it after the games being played."""
        self._stop.clear()
        self.scan()
        summary = RunSummary()
        with self.engine.connect() as db:
            done = set(db.execute(sa.select(games_table.c.key).where(games_table.c.league == self.name)).scalars())
        matches = {}
        for match in self.schedule(deals):
            if match.key in done:
                summary.already += 1
            else:
                matches[match.key] = match
        for result in self._execute(list(matches.values())):
            if result.void:
                summary.void += 1
            else:
                self._store(matches[result.key], result)
                summary.played += 1
                summary.failed += result.failure is not None
            if on_game is not None:
                on_game(result)
            if self._stop.is_set():
                summary.stopped = True
                break
        return summary

    def start(self, deals: int | None = None) -> bool:
        """Run the league in a background thread (``False`` if it is already running)."""
        if self.running:
            return False
        self._thread = threading.Thread(target=self.run, args=(deals,), name=f"league {self.name}", daemon=True)
        self._thread.start()
        return True

    @property
    def running(self) -> bool:
        return self._thread is not None and self._thread.is_alive()

    def stop(self, wait: bool = True) -> None:
        self._stop.set()
        if wait and self._thread is not None:
            self._thread.join()

    def _execute(self, matches: list[Match]) -> Iterator[MatchResult]:
        if not matches:
            return
        if self.dask_address is not None:
            yield from self._on_dask(matches)
        elif self.workers == 0:
            for match in matches:
                yield play(match)
        else:
            yield from self._on_pool(matches)

    def _on_pool(self, matches: list[Match]) -> Iterator[MatchResult]:
        import multiprocessing
        from concurrent.futures import ProcessPoolExecutor, as_completed

        size = self.workers or max(1, (os.cpu_count() or 2) - 1)  # a core stays with the server
        # spawn: the server's threads are not copied into the workers
        pool = ProcessPoolExecutor(min(size, len(matches)), mp_context=multiprocessing.get_context("spawn"))
        futures = {pool.submit(play, match): match for match in matches}
        try:
            for future in as_completed(futures):
                yield _result_of(future, futures[future])
        finally:
            pool.shutdown(wait=True, cancel_futures=True)

    def _on_dask(self, matches: list[Match]) -> Iterator[MatchResult]:
        from dask.distributed import Client, as_completed

        with Client(self.dask_address, set_as_default=False) as client:
            futures = [client.submit(play, match, key=f"league-{_version(match.key)}", pure=False)
                       for match in matches]
            by_future = dict(zip(futures, matches))
            try:
                for future in as_completed(futures, loop=client.loop):
                    yield _result_of(future, by_future[future])
            finally:
                client.cancel(futures)

    def _store(self, match: Match, result: MatchResult) -> None:
        failure = result.failure or {}
        (first, version0), (second, version1) = (part.rsplit("@", 1) for part in match.key.split("|")[1:])
        row = {"league": self.name, "key": match.key, "deal": int(match.key.split("|")[0]),
               "deal_seed": match.deal_seed, "seat0": first, "version0": version0, "seat1": second,
               "version1": version1, "results": list(result.results), "scores": list(result.scores) or None,
               "capped": result.capped, "fail_seat": failure.get("seat"), "fail_kind": failure.get("kind"),
               "fail_move": failure.get("move"), "fail_action": failure.get("action"),
               "fail_error": _stored_words(failure.get("error")), "fail_traceback": failure.get("traceback"),
               "fail_output": failure.get("output"), "finished": time.time()}
        with self.engine.begin() as db:
            db.execute(games_table.delete().where(games_table.c.league == self.name, games_table.c.key == match.key))
            db.execute(games_table.insert().values(**row))

    # --- results --------------------------------------------------------------------------------
    def games(self) -> list[dict]:
        """The stored games between the entries as they are now (older versions' games left out)."""
        versions = {e.name: e.version for e in self.entries()}
        with self.engine.connect() as db:
            rows = db.execute(sa.select(games_table).where(games_table.c.league == self.name)
                              .order_by(games_table.c.deal, games_table.c.key)).mappings().all()
        return [dict(row) for row in rows
                if versions.get(row["seat0"]) == row["version0"] and versions.get(row["seat1"]) == row["version1"]]

    def failures(self, name: str) -> list[dict]:
        """The games the entry ``name`` failed: opponent, deal, seat, move, kind, action, error (in
        the language in force), traceback and what it printed (never anything about its opponents'
        failures)."""
        out = []
        for game in self.games():
            seats = (game["seat0"], game["seat1"])
            seat = game["fail_seat"]
            if seat is not None and seats[seat] == name:
                out.append({"deal": game["deal"], "opponent": seats[1 - seat], "seat": seat,
                            "move": game["fail_move"], "kind": game["fail_kind"], "action": game["fail_action"],
                            "error": say(game["fail_error"]), "traceback": game["fail_traceback"] or "",
                            "output": game["fail_output"] or ""})
        return out

    def leaderboard(self):
        """One row per entry, best first (pandas): games, wins, draws, losses, failed games,
        points per game with its 95 % interval and the score margin per deal with its interval
        (both over mirrored pairs of games), and whether it plays."""
        import pandas as pd

        seats = []
        for game in self.games():
            names, results, scores = (game["seat0"], game["seat1"]), game["results"], game["scores"]
            for seat in (0, 1):
                seats.append({"entry": names[seat], "opponent": names[1 - seat], "deal": game["deal"],
                              "result": results[seat], "share": SHARES.get(results[seat], 0.0),
                              "margin": scores[seat] - scores[1 - seat] if scores else math.nan})
        table = pd.DataFrame(seats, columns=["entry", "opponent", "deal", "result", "share", "margin"])
        pairs = table.groupby(["entry", "opponent", "deal"])[["share", "margin"]].mean()
        rows = [self._board_row(entry, table[table.entry == entry.name],
                                pairs.loc[entry.name] if entry.name in pairs.index.get_level_values(0) else None)
                for entry in self.entries()]
        board = pd.DataFrame(rows, columns=COLUMNS)
        order = board.assign(order=board["points"].fillna(-1)).sort_values(["order", "entry"], ascending=[False, True])
        board = board.loc[order.index].reset_index(drop=True)
        board["rank"] = range(1, len(board) + 1)
        return board

    @staticmethod
    def _board_row(entry: Entry, mine, pairs) -> dict:
        results = mine["result"]
        points, points_half = mean_interval(pairs["share"]) if pairs is not None else (math.nan, math.nan)
        margins = pairs["margin"].dropna() if pairs is not None else []
        margin, margin_half = mean_interval(margins)
        status = _("plays") if entry.plays else _("does not play yet: {problem}").format(
            problem=entry.problem.splitlines()[0])
        return {"rank": 0, "entry": entry.name, "kind": entry.kind, "games": len(mine),
                "wins": int((results == "win").sum()), "draws": int((results == "draw").sum()),
                "losses": int((results == "loss").sum()), "failed": int(results.isin(FAILURE_KINDS).sum()),
                "points": points, "points_low": _clip(points - points_half), "points_high": _clip(points + points_half),
                "margin": margin, "margin_low": margin - margin_half, "margin_high": margin + margin_half,
                "status": status}

    def to_csv(self) -> str:
        """The leaderboard as CSV text."""
        return self.leaderboard().to_csv(index=False, float_format="%.4f")

    def figure(self, title: str | None = None):
        """Points per game of every entry with its 95 % interval (plotly), best at the top."""
        import plotly.graph_objects as go

        board = self.leaderboard()
        board = board[board["games"] > 0].iloc[::-1]
        fig = go.Figure(go.Bar(
            y=[entry_in_words(name) for name in board["entry"]], x=board["points"], orientation="h",
            error_x={"type": "data", "symmetric": False, "array": board["points_high"] - board["points"],
                     "arrayminus": board["points"] - board["points_low"]},
            marker_color=["#8a8a8a" if kind == "kit" else "#1f6fb2" for kind in board["kind"]],
            text=[format_number(p, 2) for p in board["points"]], textposition="outside",
        ))
        fig.update_layout(title=title or _("{game} league: points per game (95 % interval)").format(game=self.title),
                          xaxis={"title": _("points per game (1 a win, ½ a draw)"), "range": [0, 1.1]},
                          yaxis={"title": ""}, template="plotly_white", height=160 + 40 * len(board))
        return fig


def entry_in_words(name: str) -> str:
    """An entry's name as a page shows it: a kit agent's by its name in the language in force
    ("kit:heuristic" -> "kit:heurístico"); the stored name stays the key."""
    kit, _colon, agent = name.partition(":")
    return f"kit:{kind_name(agent)}" if kit == "kit" and agent else name


def result_in_words(result: str) -> str:
    """A stored result (``"win"``, ``"timeout"``, ...) in words, in the language in force."""
    return _(RESULT_WORDS[result]) if result in RESULT_WORDS else result


def check_name(name: str) -> str:
    if not isinstance(name, str) or not NAME.fullmatch(name):
        raise ValueError(_("{name} cannot name an entry: use 1 to 40 letters, digits, '-' or '_', "
                           "starting with a letter or digit").format(name=repr(name)))
    return name


def check_source(text) -> str:
    if isinstance(text, bytes):
        text = text.decode("utf-8")
    if not isinstance(text, str):
        raise ValueError(_("a bot is the text of a Python file"))
    if len(text.encode("utf-8")) > MAX_SOURCE_BYTES:
        raise ValueError(_("a bot's file may hold at most {size} kB").format(size=MAX_SOURCE_BYTES // 1000))
    return text


def _engine(engine_or_url):
    """The engine given, or one for the URL; an SQLite file is opened in WAL mode (the server's
    pages read while the league writes)."""
    if not isinstance(engine_or_url, str):
        return engine_or_url
    engine = sa.create_engine(engine_or_url)
    if engine.dialect.name == "sqlite" and engine.url.database not in (None, "", ":memory:"):
        sa.event.listen(engine, "connect", _sqlite_wal)
    return engine


def _sqlite_wal(connection, record) -> None:
    cursor = connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA busy_timeout=5000")
    cursor.close()


def _clip(share: float) -> float:
    """A share of points kept within [0, 1] (NaN, no game yet, stays NaN)."""
    return share if math.isnan(share) else min(1.0, max(0.0, share))


def _stored_words(words) -> str | None:
    """A failure's words as the database keeps them: a message as its JSON (said in each reader's
    language when shown), plain text as it is."""
    return json.dumps(words, ensure_ascii=False) if isinstance(words, dict) else words


def _version(source: str) -> str:
    return hashlib.sha256(source.encode("utf-8")).hexdigest()[:16]


def _entry(row) -> Entry:
    """An entry as stored, its problem (if any) said in the language in force."""
    problem = None if row["problem"] is None else say(row["problem"])
    return Entry(row["name"], row["kind"], row["version"], row["token"], problem, row["source"])


def _result_of(future, match: Match) -> MatchResult:
    """A finished future's result; a worker lost on the way is nobody's fault (played again)."""
    try:
        return future.result()
    except Exception as error:  # noqa: BLE001 - a pool worker killed, a Dask worker gone
        return MatchResult(match.key, failure={"seat": None, "kind": "crash", "move": 0, "action": None,
                                               "error": f"{type(error).__name__}: {error}",
                                               "traceback": "", "output": ""}, void=True)
