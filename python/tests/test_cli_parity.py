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
