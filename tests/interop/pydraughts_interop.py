#!/usr/bin/env python3
"""Interop check: positions written by `damero` as FEN are read by pydraughts
and give the same legal moves, for English checkers and Russian draughts.

For each rule set it plays seeded random games with the damero CLI
(`damero show GAME --fen F --moves M` gives the next FEN), hands every FEN to
pydraughts, and compares the two move lists as multisets of
(from square, to square, number of pieces captured). pydraughts prints Russian
squares as numbers counted from White's side (a1 = 1, c1 = 2, ..., h8 = 32);
English numbers are the PDN ones damero uses too.

Usage: pydraughts_interop.py [path/to/damero] (default: builds and uses
target/release/damero). Prints `N passed, M failed` and exits non-zero on any
mismatch.
"""

import os
import random
import re
import subprocess
import sys

import draughts  # PyPI package `pydraughts`

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def damero_binary():
    if len(sys.argv) > 1:
        return sys.argv[1]
    subprocess.run(["cargo", "build", "--release", "-q", "-p", "damero-cli"], cwd=ROOT, check=True)
    target = os.environ.get("CARGO_TARGET_DIR", os.path.join(ROOT, "target"))
    return os.path.join(target, "release", "damero")


def run(binary, *args):
    out = subprocess.run([binary, *args], capture_output=True, text=True)
    if out.returncode != 0:
        raise RuntimeError(f"damero {' '.join(args)} failed: {out.stderr.strip()}")
    return out.stdout


def russian_number_to_square(n):
    """pydraughts' Russian numbering: a1 = 1, c1 = 2, ..., b2 = 5, ..., h8 = 32."""
    row, k = divmod(n - 1, 4)
    file = 2 * k + (row % 2)
    return "abcdefgh"[file] + str(row + 1)


def damero_moves(binary, game, fen):
    """(from, to, captures) for each legal move as damero prints it."""
    result = []
    for line in run(binary, "moves", game, "--fen", fen).split():
        squares = re.split(r"[-:x]", line)
        captures = len(squares) - 1 if re.search(r"[:x]", line) else 0
        result.append((squares[0], squares[-1], captures))
    return sorted(result)


def pydraughts_moves(game, fen):
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


def check_game(binary, game, games, plies, seed):
    rng = random.Random(seed)
    passed = failed = 0
    for _ in range(games):
        fen = run(binary, "show", game).strip().splitlines()[-1]
        for _ in range(plies):
            ours = damero_moves(binary, game, fen)
            theirs = pydraughts_moves(game, fen)
            if ours == theirs:
                passed += 1
            else:
                failed += 1
                print(f"MISMATCH {game} {fen}\n  damero:    {ours}\n  pydraughts: {theirs}")
            if not ours:
                break
            texts = run(binary, "moves", game, "--fen", fen).split()
            move = rng.choice(texts)
            fen = run(binary, "show", game, "--fen", fen, "--moves", move).strip().splitlines()[-1]
    return passed, failed


def main():
    binary = damero_binary()
    total_passed = total_failed = 0
    for game, seed in (("english", 1), ("russian", 2)):
        passed, failed = check_game(binary, game, games=12, plies=80, seed=seed)
        print(f"{game}: {passed} positions agree, {failed} differ")
        total_passed += passed
        total_failed += failed
    print(f"interop: {total_passed} passed, {total_failed} failed")
    return 1 if total_failed or not total_passed else 0


if __name__ == "__main__":
    sys.exit(main())
