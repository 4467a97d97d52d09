"""Cross-check against pydraughts: the same legal moves (from, to, captures)
in random Russian and English positions."""

import random
import re

import pytest

import damero

draughts = pytest.importorskip("draughts")  # PyPI package `pydraughts`


def russian_number_to_square(n):
    """pydraughts' Russian numbering: a1 = 1, c1 = 2, ..., b2 = 5, ..., h8 = 32."""
    row, k = divmod(n - 1, 4)
    file = 2 * k + (row % 2)
    return "abcdefgh"[file] + str(row + 1)


def ours(board):
    result = []
    for move in board.legal_moves():
        text = str(move)
        squares = re.split(r"[-:x]", text)
        captures = len(squares) - 1 if re.search(r"[:x]", text) else 0
        result.append((squares[0], squares[-1], captures))
    return sorted(result)


def theirs(game, fen):
    board = draughts.Board(variant=game, fen=fen)
    result = []
    for move in board.legal_moves():
        steps = move.steps_move
        captures = len(move.captures or [])
        if game == "russian":
            result.append((russian_number_to_square(steps[0]), russian_number_to_square(steps[-1]), captures))
        else:
            result.append((str(steps[0]), str(steps[-1]), captures))
    return sorted(result)


@pytest.mark.parametrize("game,seed", [("russian", 1), ("english", 2)])
def test_legal_moves_agree_with_pydraughts(game, seed):
    rng = random.Random(seed)
    checked = 0
    for _ in range(8):
        board = damero.Board(game)
        for _ in range(60):
            assert ours(board) == theirs(game, board.fen()), board.fen()
            checked += 1
            moves = board.legal_moves()
            if not moves:
                break
            board.push(rng.choice(moves))
    assert checked > 100
