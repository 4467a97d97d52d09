#!/usr/bin/env python3
"""Writes a list of balanced openings for `damero match --openings FILE`.

Every line of PLIES plies from the start is scored by a fixed-depth search
of the hand-set evaluator (neutral between the trained and the hand-set
engines); lines that reach the same position keep only the first in sorted
order, and a line is kept when its score is within MARGIN centipawns of 0.
The kept lines are shuffled (seeded), so that the first N of the file are
a fair sample for a match of 2N games.
Random openings often give a man away, and such a pair is one win for each
engine whatever their strength: a balanced list measures a difference in
strength with fewer games.

usage: balanced_openings.py DAMERO GAME PLIES DEPTH MARGIN OUT
e.g.   balanced_openings.py target/release/damero russian 4 10 25 openings/russian-4ply.txt
"""

import random
import re
import subprocess
import sys


def run(damero, *args):
    out = subprocess.run([damero, *args], capture_output=True, text=True, check=True)
    return out.stdout


def opening_score(damero, game, moves, depth):
    """The score (centipawns, for the side to move) of a depth-`depth` search
    of the hand-set evaluator after `moves`, or None if it printed none."""
    engine = f"alphabeta:depth={depth},eval=hand,book=false"
    text = run(damero, "bestmove", game, "--moves", " ".join(moves), "--engine", engine)
    scores = re.findall(r"^info depth=\d+ .*?score=(-?\d+)", text, re.M)
    return int(scores[-1]) if scores else None


def lines_of(damero, game, plies, prefix=()):
    """Every legal line of `plies` plies after `prefix` (sorted)."""
    if plies == 0:
        return [list(prefix)]
    moves = run(damero, "moves", game, "--moves", " ".join(prefix)).split()
    result = []
    for move in moves:
        result += lines_of(damero, game, plies - 1, (*prefix, move))
    return result


def main():
    if len(sys.argv) != 7:
        sys.exit(__doc__)
    damero, game, plies, depth, margin, out = sys.argv[1:]
    plies, depth, margin = int(plies), int(depth), int(margin)
    seen = set()
    kept = []
    lines = lines_of(damero, game, plies)
    for line in lines:
        moves = " ".join(line)
        fen = run(damero, "show", game, "--moves", moves).strip().splitlines()[-1]
        if fen in seen:
            continue
        seen.add(fen)
        score = opening_score(damero, game, line, depth)
        if score is not None and abs(score) <= margin:
            kept.append(moves)
    random.Random(1).shuffle(kept)
    with open(out, "w") as f:
        f.write(f"# {len(kept)} balanced {game} openings of {plies} plies: of {len(seen)} distinct\n")
        f.write(f"# positions, those a depth-{depth} search of the hand-set evaluator scores\n")
        f.write(f"# within {margin} centipawns of 0, shuffled (scripts/balanced_openings.py)\n")
        for moves in kept:
            f.write(moves + "\n")
    print(f"{len(kept)} of {len(seen)} positions kept ({len(lines)} lines)")


if __name__ == "__main__":
    main()
