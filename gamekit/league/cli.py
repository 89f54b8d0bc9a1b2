"""``gamekit league FOLDER --game NAME [--games N] [--dask ADDRESS]``: play a class league from a
folder of bots (one ``.py`` a student) and print the leaderboard.

Results are kept in ``FOLDER/league.db`` (or ``--db URL``), so running the command again plays only
the games not played yet: after a bot is changed, after an interruption, or with a larger ``--games``.
The leaderboard is also written as ``FOLDER/leaderboard.csv``.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from gamekit.i18n import N_, say, translations

from .sandbox import BotLimits

_, ngettext, pgettext = translations("classroom")
#: How a bot failed a game, in the command's short words (the stored kinds are the keys).
FAILURE_NAMES = {"illegal": N_("illegal"), "exception": N_("exception"), "timeout": N_("timeout"),
                 "memory": N_("memory"), "crash": N_("crash")}


def add_league_command(commands) -> argparse.ArgumentParser:
    """Add the ``league`` subcommand to the ``gamekit`` command's subparsers."""
    league = commands.add_parser(
        "league", help=_("play a league of student bots from a folder and print the leaderboard"),
        description=_("Play every bot in FOLDER (one .py file a student, the file's name is the entry's name) "
                      "and some of the kit's agents in a mirrored round-robin, each bot in a sandboxed process "
                      "of its own. Finished games are kept: running it again plays only what is missing."))
    league.add_argument("folder", metavar="FOLDER", help=_("the folder of bots"))
    league.add_argument("--game", required=True, help=_("milhoes, lost_cities, stratego or brief_history"))
    league.add_argument("--games", type=int, default=10, metavar="N",
                        help=_("seeded deals every pair plays, each from both seats (default: {default})")
                        .format(default=10))
    league.add_argument("--dask", metavar="ADDRESS", help=_("play on this Dask scheduler (tcp://host:port)"))
    league.add_argument("--workers", type=int, help=_("worker processes on this machine (default: cores - 1)"))
    league.add_argument("--db", metavar="URL", help=_("where results are kept (default: FOLDER/league.db)"))
    league.add_argument("--kit", default="random,heuristic",
                        help=_("the kit's agents that enter, separated by commas (default: {default})")
                        .format(default="random,heuristic"))
    league.add_argument("--move-time", type=float, default=1.0, help=_("seconds a bot may take a move"))
    league.add_argument("--time-bank", type=float, default=10.0, help=_("extra seconds a bot may use over a game"))
    league.add_argument("--memory", type=int, default=512, metavar="MB", help=_("memory a bot may use"))
    league.add_argument("--seed", type=int, default=0, help=_("the seed of the deals"))
    league.set_defaults(run=cmd_league)
    return league


def cmd_league(args: argparse.Namespace) -> int:
    import pandas as pd

    from .league import League

    folder = Path(args.folder).expanduser().resolve()
    if not folder.is_dir():
        raise FileNotFoundError(_("{folder} is not a folder of bots").format(folder=folder))
    limits = BotLimits(move_time=args.move_time, time_bank=args.time_bank, memory_mb=args.memory)
    kit = tuple(name.strip() for name in args.kit.split(",") if name.strip())
    league = League(args.db or f"sqlite:///{folder / 'league.db'}", folder, args.game, workers=args.workers,
                    dask_address=args.dask, deals=args.games, seed=args.seed, kit_agents=kit, limits=limits)
    for entry in league.scan():
        if not entry.plays:
            print(_("{name} does not start: {problem}").format(name=entry.name, problem=entry.problem.splitlines()[0]))

    def tell(result) -> None:
        if result.failure is not None and result.failure["seat"] is not None:
            failure = result.failure
            who = result.key.split("|")[1 + failure["seat"]].rsplit("@", 1)[0]
            kind = _(FAILURE_NAMES[failure["kind"]]) if failure["kind"] in FAILURE_NAMES else failure["kind"]
            print(_("{who}: {kind} at move {move}: {error}").format(who=who, kind=kind, move=failure["move"],
                                                                    error=say(failure["error"])), flush=True)

    try:
        summary = league.run(on_game=tell)
    except KeyboardInterrupt:
        print(_("stopped: the games that finished are kept"), file=sys.stderr)
        return 130
    print(_("{played} games played now, {kept} kept from before, {failed} failed").format(
        played=summary.played, kept=summary.already, failed=summary.failed))
    board = league.leaderboard()
    board["status"] = board["status"].str.slice(0, 60)
    with pd.option_context("display.width", 160, "display.max_columns", 20):
        print(board.drop(columns=["kind"]).round(2).to_string(index=False))
    (folder / "leaderboard.csv").write_text(league.to_csv(), encoding="utf-8")
    print(_("the table is in {path}").format(path=folder / "leaderboard.csv"))
    return 0


def main(argv: list[str] | None = None) -> int:
    """``python -m gamekit.league.cli FOLDER --game NAME``, the same command on its own."""
    command_line = argparse.ArgumentParser(prog="gamekit")
    add_league_command(command_line.add_subparsers(dest="command"))
    args = command_line.parse_args(["league", *(sys.argv[1:] if argv is None else argv)])
    try:
        return args.run(args)
    except (FileNotFoundError, ValueError, KeyError) as error:
        print(f"gamekit league: {error}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
