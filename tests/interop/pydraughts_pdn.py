#!/usr/bin/env python3
"""PDN interop with pydraughts, both ways, for Russian and English draughts.

1. damero writes games (`damero match` with seeded random players saves them
   through the library's PDN writer); pydraughts reads the file with its
   PDNReader and replays every move on its own board, which must accept each
   one; the final positions must agree.
2. pydraughts plays seeded random games and writes them with its PDNWriter;
   `damero replay` must read and check every move, and its final position
   must be the one pydraughts reached.

Positions are compared as (side to move, set of pieces), since the two write
the pieces of a FEN in different orders.

Usage: pydraughts_pdn.py path/to/damero. Exits non-zero on any failure.
"""

import os
import random
import subprocess
import sys
import tempfile

from draughts import Board, Move  # PyPI package `pydraughts`
from draughts.PDN import PDNReader, PDNWriter


def run(binary, *args):
    out = subprocess.run([binary, *args], capture_output=True, text=True)
    if out.returncode != 0:
        raise RuntimeError(f"damero {' '.join(args)} failed: {out.stderr.strip()}")
    return out.stdout


def fen_key(fen):
    """(side, frozenset of pieces) of a FEN such as W:Wa1,Kc3:Bd6."""
    fields = fen.strip().rstrip(".").split(":")
    pieces = set()
    for field in fields[1:]:
        color, rest = field[0], field[1:]
        for entry in filter(None, rest.split(",")):
            pieces.add((color, entry.strip()))
    return fields[0], frozenset(pieces)


def damero_to_pydraughts(binary, game, workdir):
    path = os.path.join(workdir, f"damero-{game}.pdn")
    run(binary, "match", game, "--white", "random:seed=5", "--black", "random:seed=9",
        "--games", "6", "--opening-plies", "0", "--quiet", "--seed", "3", "--out", path)
    with open(path, encoding="utf8") as f:
        text = f.read()
    finals = [line for line in run(binary, "replay", game, path, "--last").splitlines()
              if line[:2] in ("W:", "B:")]
    games = PDNReader(pdn_text=text).games
    if len(games) != 6 or len(finals) != 6:
        raise RuntimeError(f"{game}: expected 6 games, pydraughts read {len(games)}")
    plies = 0
    for number, (pdn, final) in enumerate(zip(games, finals), 1):
        if pdn.variant != game:
            raise RuntimeError(f"{game} game {number}: pydraughts reads it as {pdn.variant}")
        board = Board(variant=game, fen=pdn.tags.get("FEN", "startpos"))
        for move in pdn.moves:
            board.push(Move(board, pdn_move=move))  # raises on a move it finds illegal
            plies += 1
        if fen_key(board.fen) != fen_key(final):
            raise RuntimeError(f"{game} game {number}: pydraughts ends at {board.fen}, damero at {final}")
    return plies


def pydraughts_to_damero(binary, game, workdir):
    rng = random.Random(17)
    plies = 0
    for number in range(6):
        board = Board(variant=game)
        for _ in range(rng.randrange(20, 120)):
            moves = board.legal_moves()
            if not moves:
                break
            board.push(rng.choice(moves))
        path = os.path.join(workdir, f"pydraughts-{game}-{number}.pdn")
        PDNWriter(path, board=board, file_mode="w")
        out = run(binary, "replay", game, path, "--last")
        final = [line for line in out.splitlines() if line[:2] in ("W:", "B:")][-1]
        if fen_key(final) != fen_key(board.fen):
            raise RuntimeError(f"{game} game {number}: damero ends at {final}, pydraughts at {board.fen}")
        plies += len(board.move_stack)
    return plies


def main():
    binary = sys.argv[1] if len(sys.argv) > 1 else os.path.join("target", "release", "damero")
    failed = 0
    with tempfile.TemporaryDirectory() as workdir:
        for game in ("russian", "english"):
            for name, check in (("damero -> pydraughts", damero_to_pydraughts),
                                ("pydraughts -> damero", pydraughts_to_damero)):
                try:
                    plies = check(binary, game, workdir)
                    print(f"{game}: {name}: {plies} moves replayed")
                except Exception as error:  # one line per failure, then go on
                    failed += 1
                    print(f"{game}: {name}: FAILED: {error}")
    print(f"pdn interop: {4 - failed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
