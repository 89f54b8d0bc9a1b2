"""The ``gamekit`` command (also ``python -m gamekit``): copy, open, reset and hand out the lessons.

    gamekit lab [DIR]              copy the lessons to DIR (default ~/gamekit-lessons) if it is not
                                   there, then open JupyterLab on it
    gamekit lessons DIR            copy the lessons to a new folder
    gamekit lessons DIR --reset N  restore one lesson (the student's copy is kept beside it)
    gamekit app GAME               one board alone in Voilà, ready to project
    gamekit handouts DIR           every lesson as an HTML page that opens offline (--pdf, --teacher)
    gamekit classroom              a server for the class: one device per student, at tables the
                                   teacher watches (--port N, --lan, --db URL, --league FOLDER)
    gamekit league FOLDER --game G a league of the student bots in FOLDER, and its leaderboard

Every command takes ``--lang pt`` (or reads ``GAMEKIT_LANG``): it then speaks Portuguese, opens the
Portuguese edition of the lessons (the lessons folder's ``pt/``) and starts JupyterLab, Voilà and the
handouts' kernels with ``GAMEKIT_LANG`` set, so the boards and messages speak Portuguese too.

Written with the standard library's argparse: seven subcommands with a handful of options each need
no more, and a teaching kit should not pull in a CLI framework (click, typer) for them.
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import subprocess
import sys
import time
import unicodedata
from pathlib import Path

from gamekit import __version__, lesson_files
from gamekit.i18n import LANGUAGE_VARIABLE, LANGUAGES, supported, translations, using_language

_, ngettext, pgettext = translations("cli")


class CommandError(Exception):
    """A mistake in what was asked (an unknown game, a folder that exists): shown without a traceback."""


def is_root() -> bool:
    return hasattr(os, "geteuid") and os.geteuid() == 0


def _server_options(args: argparse.Namespace) -> list[str]:
    options = []
    if args.port is not None:
        options.append(f"--port={args.port}")
    if args.no_browser:
        options.append("--no-browser")
    return options


def _require(module: str, what: str, extra: str) -> None:
    if importlib.util.find_spec(module) is None:
        raise CommandError(_("{what} is not installed: pip install \"gamekit[{extra}]\"").format(
            what=what, extra=extra))


def _run_server(command: list[str]) -> int:
    """Become the server (so its process id is ours, and Ctrl-C or a kill reaches it directly)."""
    print("running:", " ".join(command), flush=True)
    if os.name == "posix":
        os.execv(command[0], command)
    return subprocess.call(command)


def lab_command(folder: Path, extra: list[str], edition: str = "") -> list[str]:
    """JupyterLab on ``folder``, opened at the ``edition`` subfolder (``"pt"``: the Portuguese
    lessons); as root (containers, CI) it must be told ``--allow-root``."""
    command = [sys.executable, "-m", "jupyterlab", f"--ServerApp.root_dir={folder}"]
    if edition:
        command.append(f"--ServerApp.default_url=/lab/tree/{edition}")
    if is_root():
        command.append("--allow-root")
    return command + extra


def cmd_lab(args: argparse.Namespace) -> int:
    _require("jupyterlab", "JupyterLab", "lab")
    folder = Path(args.dir).expanduser().resolve()
    if folder.exists():
        missing = lesson_files.missing_lessons(folder)
        if missing:
            print(_("{folder} lacks {count} of the lessons (for example {example}); bring one back with "
                    "`gamekit lessons {folder} --reset NAME`").format(
                folder=folder, count=len(missing), example=lesson_files.within_edition(missing[0])))
    else:
        lesson_files.copy_lessons(folder)
        print(_("copied {count} lessons to {folder}").format(count=len(lesson_files.lesson_names()),
                                                             folder=folder))
    edition = lesson_files.edition_prefix().rstrip("/")
    if edition and not (folder / edition).is_dir():
        edition = ""  # an older copy without this edition: open the folder itself
    return _run_server(lab_command(folder, _server_options(args) + args.server_args, edition))


def cmd_lessons(args: argparse.Namespace) -> int:
    if args.list:
        print("\n".join(lesson_files.lesson_names()))
        return 0
    if args.dir is None:
        raise CommandError(_("say which folder: gamekit lessons DIR (or gamekit lessons --list)"))
    folder = Path(args.dir).expanduser()
    if args.reset:
        for name in args.reset:
            restored, kept = lesson_files.reset_lesson(folder, name)
            if kept:
                print(_("restored {lesson}; your copy is kept as {copy}").format(lesson=restored,
                                                                                 copy=kept.name))
            else:
                print(_("restored {lesson}").format(lesson=restored))
        return 0
    lesson_files.copy_lessons(folder)
    print(_("copied {count} lessons to {folder}; open them with `gamekit lab {folder}`").format(
        count=len(lesson_files.lesson_names()), folder=folder))
    return 0


def app_names() -> list[str]:
    """The games that have an app in the edition of the language in force."""
    apps = lesson_files.edition_prefix() + "apps/"
    return [name.removeprefix(apps) for name in lesson_files.lesson_names() if name.startswith(apps)]


def find_app(game: str) -> str:
    """``lost-cities``, ``lost_cities``, ``Lost Cities`` or ``milhões`` -> the app's name."""
    plain = unicodedata.normalize("NFKD", game).encode("ascii", "ignore").decode().lower()
    wanted = plain.strip().replace("-", "_").replace(" ", "_")
    if wanted not in app_names():
        raise CommandError(_("there is no game {game}; the games are: {games}").format(
            game=repr(game), games=", ".join(name.replace("_", "-") for name in app_names())))
    return wanted


def cmd_app(args: argparse.Namespace) -> int:
    _require("voila", "Voilà", "lab")
    app = f"{lesson_files.edition_prefix()}apps/{find_app(args.game)}.ipynb"
    notebook = lesson_files.lessons_folder() / app
    command = [sys.executable, "-m", "voila", str(notebook)] + _server_options(args) + args.server_args
    return _run_server(command)


def cmd_handouts(args: argparse.Namespace) -> int:
    from gamekit.handouts import export_handouts  # nbconvert and nbclient load only when needed

    lessons = [lesson_files.find_lesson(name) for name in args.lesson] if args.lesson else None
    started = time.monotonic()
    written = export_handouts(Path(args.dir).expanduser(), lessons=lessons, teacher=args.teacher,
                              pdf=args.pdf, progress=print)
    print(_("wrote {count} files to {folder} in {seconds} s").format(
        count=len(written), folder=args.dir, seconds=f"{time.monotonic() - started:.0f}"))
    return 0


def cmd_classroom(args: argparse.Namespace) -> int:
    _require("uvicorn", "The classroom server", "classroom")
    _require("starlette", "The classroom server", "classroom")
    from gamekit.classroom.server import serve

    return serve(args.port, lan=args.lan, db=args.db, league_folder=args.league,
                 league_game=args.league_game)


def _with_language(parser: argparse.ArgumentParser, default=None) -> None:
    parser.add_argument("--lang", choices=list(LANGUAGES), default=default,
                        help=_("the language of the command and the lessons it opens: {choices} (default: "
                               "{variable} if set, else English)").format(
                            choices=", ".join(f"{code} ({name})" for code, name in LANGUAGES.items()),
                            variable=LANGUAGE_VARIABLE))


def parser() -> argparse.ArgumentParser:
    """The command line, in the language in force."""
    main = argparse.ArgumentParser(
        prog="gamekit", description=_("Lessons on four board and card games, in Jupyter."),
        epilog=_("Options after `--` go to the server itself (JupyterLab or Voilà)."))
    main.add_argument("--version", action="store_true", help=_("show the version and where the lessons are"))
    _with_language(main)
    commands = main.add_subparsers(dest="command", metavar=_("COMMAND"))

    lab = commands.add_parser("lab", help=_("open the lessons in JupyterLab (copying them first if needed)"),
                              description=_("Copy the lessons to DIR if it does not exist yet, then open "
                                            "JupyterLab there. A folder that exists is opened as it is."))
    lab.add_argument("dir", nargs="?", default=str(lesson_files.DEFAULT_FOLDER), metavar="DIR",
                     help=_("your lessons folder (default: %(default)s)"))
    lab.set_defaults(run=cmd_lab)

    lessons = commands.add_parser("lessons", help=_("copy the lessons to a folder, or restore one"),
                                  description=_("Copy every lesson to a new folder DIR, or with --reset "
                                                "restore one lesson there (your copy is kept beside it)."))
    lessons.add_argument("dir", nargs="?", metavar="DIR", help=_("the lessons folder"))
    lessons.add_argument("--reset", action="append", metavar="NAME",
                         help=_("restore this lesson (e.g. 21 or 21_lost_cities_expected_value or "
                                "apps/milhoes); may be repeated"))
    lessons.add_argument("--list", action="store_true", help=_("list the lessons and apps"))
    lessons.set_defaults(run=cmd_lessons)

    app = commands.add_parser("app", help=_("one game's board alone in Voilà, ready to project"),
                              description=_("Open one game's board alone in Voilà."))
    app.add_argument("game", metavar="GAME", help=_("one of: {games}").format(
        games=", ".join(n.replace("_", "-") for n in app_names())))
    app.set_defaults(run=cmd_app)

    for server in (lab, app):
        server.add_argument("--port", type=int, help=_("the port to listen on (default: the server's own)"))
        server.add_argument("--no-browser", action="store_true", help=_("do not open a web browser"))

    handouts = commands.add_parser(
        "handouts", help=_("every lesson as a page that opens offline (and as a PDF)"),
        description=_("Run every lesson and write it to DIR as a self-contained HTML page that opens with "
                      "no network (charts and boards included); --pdf adds a PDF of each for printing."))
    handouts.add_argument("dir", metavar="DIR", help=_("where to write the handouts"))
    handouts.add_argument("--teacher", action="store_true",
                          help=_("also write each lesson's teacher edition (<lesson>.teacher.html), with "
                                 "the teacher notes and the answer key"))
    handouts.add_argument("--pdf", action="store_true",
                          help=_("also print each page to PDF (needs Chromium)"))
    handouts.add_argument("--lesson", action="append", metavar="NAME",
                          help=_("only this lesson (may be repeated; default: every lesson)"))
    handouts.set_defaults(run=cmd_handouts)

    from gamekit.classroom.server import DEFAULT_PORT

    classroom = commands.add_parser(
        "classroom", help=_("a server for the class: each student at their own device, at tables you watch"),
        description=_("Serve tables for the class: students join with a short code (or a QR code) from "
                      "their own device; the teacher's page makes tables and watches them all. Every "
                      "table is kept in a database, so a restarted server goes on where it was."))
    classroom.add_argument("--port", type=int, default=DEFAULT_PORT,
                           help=_("the port (default: %(default)s)"))
    classroom.add_argument("--lan", action="store_true",
                           help=_("open the server to the classroom's network (default: this computer only)"))
    classroom.add_argument("--db", metavar="URL",
                           help=_("the database: an SQLite file's path, or postgresql://user@host/db for a "
                                  "school server (default: classroom.sqlite in your data folder)"))
    classroom.add_argument("--league", metavar="FOLDER",
                           help=_("also run a league of student bots from this folder (entered on the "
                                  "teacher's page)"))
    classroom.add_argument("--league-game", metavar="GAME", default="milhoes",
                           help=_("the league's game (default: %(default)s)"))
    classroom.set_defaults(run=cmd_classroom)

    from gamekit.league.cli import add_league_command

    add_league_command(commands)
    for command in commands.choices.values():  # `gamekit lab --lang pt` as well as `gamekit --lang pt lab`
        _with_language(command, default=argparse.SUPPRESS)
    return main


def chosen_language(argv: list[str]) -> str | None:
    """The ``--lang`` of a command line, wherever it is (``None``: not given, or not a language the
    kit speaks, which the full parser then refuses in words)."""
    early = argparse.ArgumentParser(add_help=False)
    early.add_argument("--lang")
    given, _rest = early.parse_known_args(argv)
    return supported(given.lang)


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    server_args = argv[argv.index("--") + 1:] if "--" in argv else []
    argv = argv[:argv.index("--")] if "--" in argv else argv
    code = chosen_language(argv)
    if code is not None:  # the servers, kernels and handouts this command starts speak it too
        os.environ[LANGUAGE_VARIABLE] = code
    with using_language(code):
        return _main(argv, server_args)


def _main(argv: list[str], server_args: list[str]) -> int:
    command_line = parser()
    args = command_line.parse_args(argv)
    if args.version:  # printed as is: argparse's version action wraps long paths
        print(_("gamekit {version} (lessons in {folder})").format(version=__version__,
                                                                 folder=lesson_files.lessons_folder()))
        return 0
    if args.command is None:
        command_line.print_help(sys.stderr)
        return 2
    args.server_args = server_args
    try:
        return args.run(args)
    except (CommandError, FileExistsError, FileNotFoundError, LookupError) as error:
        print(f"gamekit {args.command}: {error}", file=sys.stderr)
        return 2
