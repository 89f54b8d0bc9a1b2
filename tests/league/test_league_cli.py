"""``gamekit league FOLDER --game NAME``: plays the folder's bots, prints and writes the leaderboard,
and a second run plays only what is missing."""

import argparse

import pandas as pd

from gamekit.league.cli import add_league_command, main
from tests.league.bots import GOOD, HOSTILE


def test_the_league_command_plays_a_folder_and_keeps_its_results(tmp_path, capsys):
    (tmp_path / "alice.py").write_text(GOOD)
    (tmp_path / "oops.py").write_text(HOSTILE["raises"][0])
    (tmp_path / "broken.py").write_text("import nope\n")
    options = ["--game", "milhoes", "--games", "1", "--workers", "0", "--kit", "random", "--move-time", "0.5"]
    assert main([str(tmp_path), *options]) == 0
    said = capsys.readouterr().out
    assert "broken does not start: ModuleNotFoundError" in said
    assert "oops: exception at move 1: IndexError" in said
    assert "6 games played now, 0 kept from before, 4 failed" in said
    table = pd.read_csv(tmp_path / "leaderboard.csv")
    assert list(table["entry"]) == ["alice", "kit:random", "oops", "broken"]
    assert main([str(tmp_path), *options]) == 0
    assert "0 games played now, 6 kept from before" in capsys.readouterr().out


def test_a_missing_folder_is_a_plain_message(tmp_path, capsys):
    assert main([str(tmp_path / "nowhere"), "--game", "milhoes"]) == 2
    assert "is not a folder of bots" in capsys.readouterr().err


def test_the_subcommand_joins_the_gamekit_command():
    command = argparse.ArgumentParser(prog="gamekit")
    add_league_command(command.add_subparsers(dest="command"))
    args = command.parse_args(["league", "bots", "--game", "stratego", "--games", "4", "--dask", "tcp://127.0.0.1:9312"])
    assert (args.folder, args.game, args.games, args.dask) == ("bots", "stratego", 4, "tcp://127.0.0.1:9312")
    assert callable(args.run)
