"""The package and the `damero` command line agree: the same move lists and
the same self-play files (skipped when the binary is not built)."""

import os
import subprocess

import pytest

import damero

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BINARY = os.environ.get("DAMERO_BIN", os.path.join(ROOT, "target", "release", "damero"))

pytestmark = pytest.mark.skipif(not os.path.exists(BINARY), reason=f"no damero binary at {BINARY}")


def cli(*args):
    return subprocess.run([BINARY, *args], capture_output=True, text=True, check=True).stdout


@pytest.mark.parametrize("game", damero.GAMES)
def test_moves_as_the_cli_prints_them(game):
    board = damero.Board(game)
    assert cli("moves", game).split("\n")[:-1] == board.legal_move_texts()
    board.push(board.legal_moves()[0])
    assert cli("moves", game, "--fen", board.fen()).split("\n")[:-1] == board.legal_move_texts()


@pytest.mark.parametrize("game", ["russian", "eliminar"])
def test_selfplay_files_are_the_cli_files(game, tmp_path):
    ours, theirs = tmp_path / "py.txt", tmp_path / "cli.txt"
    damero.selfplay(game, games=3, nodes=200, seed=4, out=str(ours))
    cli("selfplay", game, "--games", "3", "--nodes", "200", "--seed", "4", "--out", str(theirs), "--quiet")
    assert ours.read_text() == theirs.read_text()


def test_a_match_from_a_pair_is_the_cli_match(tmp_path):
    out = tmp_path / "cli.pdn"
    white, black = "alphabeta:depth=2", "alphabeta:depth=1"
    cli("match", "russian", "--white", white, "--black", black, "--games", "3", "--first-pair", "4",
        "--seed", "6", "--out", str(out), "--quiet")
    ours = damero.match("russian", white, black, games=3, first_pair=4, seed=6)

    def games(pdn):
        # Every tag but the Date (the day the match was played).
        return [({k: v for k, v in g.tags.items() if k != "Date"}, g.moves) for g in damero.read_pdn(pdn)]

    theirs = games(out.read_text())
    assert [t["Round"] for t, _ in theirs] == ["9", "10", "11"]
    assert games("".join(ours.records)) == theirs


def test_a_match_from_listed_openings_is_the_cli_match(tmp_path):
    out = tmp_path / "cli.pdn"
    white, black = "alphabeta:depth=2", "alphabeta:depth=1"
    shipped = os.path.join(ROOT, "openings", "english-4ply.txt")
    cli("match", "english", "--white", white, "--black", black, "--games", "4", "--first-pair", "1",
        "--openings", shipped, "--out", str(out), "--quiet")
    with open(shipped) as f:
        ours = damero.match("english", white, black, games=4, first_pair=1, openings=f.read().splitlines())

    def games(pdn):
        return [({k: v for k, v in g.tags.items() if k != "Date"}, g.moves) for g in damero.read_pdn(pdn)]

    theirs = games(out.read_text())
    assert [t["Round"] for t, _ in theirs] == ["3", "4", "5", "6"]
    assert games("".join(ours.records)) == theirs
