#!/usr/bin/env python3
"""Splits a match's games by how level their opening was, and scores each part.

`damero match` from random openings often starts a pair from a position
where a man is already lost; such a pair is one win for each engine
whatever their strength, so the Elo of the whole match says as much about
the openings as about the engines. This script scores each game's first
PLIES plies with the same fixed-depth search of the hand-set evaluator that
`balanced_openings.py` uses, and prints ENGINE's W/D/L and Elo (with its 95%
margin) over the games whose opening is within MARGIN centipawns of equal,
over the others, and over all of them.

usage: opening_balance.py DAMERO GAME PDN ENGINE [PLIES DEPTH MARGIN]
e.g.   opening_balance.py target/release/damero russian match.pdn \\
           alphabeta:movetime=200,book=true 4 10 25

ENGINE is the engine spec exactly as the PDN's White and Black tags write it.
"""

import math
import re
import subprocess
import sys

from balanced_openings import opening_score


def games(path):
    """(white, black, result, moves) of every game of a PDN file."""
    text = open(path, encoding="utf-8").read()
    for chunk in re.split(r"\n(?=\[Event )", text):
        tags = dict(re.findall(r'\[(\w+) "([^"]*)"\]', chunk))
        if "Result" not in tags:
            continue
        body = re.sub(r"\[[^\]]*\]|\{[^}]*\}", " ", chunk)
        moves = [t for t in body.split() if re.match(r"^[a-h]?[0-9a-h]+[-x:]", t)]
        yield tags.get("White", ""), tags.get("Black", ""), tags["Result"], moves


def elo(p):
    return -400 * math.log10(1 / p - 1) if 0 < p < 1 else math.copysign(math.inf, p - 0.5)


def report(name, points):
    n = len(points)
    if n == 0:
        print(f"{name}: no games")
        return
    wins, losses = points.count(1.0), points.count(0.0)
    p = sum(points) / n
    se = math.sqrt(sum((x - p) ** 2 for x in points) / n / n)
    low, high = elo(max(p - 1.96 * se, 1e-9)), elo(min(p + 1.96 * se, 1 - 1e-9))
    print(
        f"{name}: {n} games, {wins} / {n - wins - losses} / {losses}, "
        f"Elo {elo(p):+.0f} (95%: {low:+.0f} to {high:+.0f})"
    )


def main():
    if len(sys.argv) not in (5, 8):
        sys.exit(__doc__)
    damero, game, pdn, engine = sys.argv[1:5]
    plies, depth, margin = (int(a) for a in sys.argv[5:8]) if len(sys.argv) == 8 else (4, 10, 25)
    cache = {}
    level, other = [], []
    for white, black, result, moves in games(pdn):
        if engine not in (white, black):
            sys.exit(f"a game between {white!r} and {black!r} does not involve {engine!r}")
        white_points = {"1-0": 1.0, "0-1": 0.0, "1/2-1/2": 0.5}.get(result)
        if white_points is None:
            continue
        points = white_points if white == engine else 1 - white_points
        opening = tuple(moves[:plies])
        if opening not in cache:
            score = opening_score(damero, game, opening, depth)
            if score is None:
                sys.exit(f"no score for the opening {' '.join(opening)}")
            cache[opening] = score
        (level if abs(cache[opening]) <= margin else other).append(points)
    print(f"{engine}, openings scored by a depth-{depth} hand-set search after {plies} plies:")
    report(f"within {margin} cp", level)
    report(f"beyond {margin} cp", other)
    report("all", level + other)


if __name__ == "__main__":
    try:
        main()
    except subprocess.CalledProcessError as e:
        sys.exit(f"{' '.join(e.cmd)} failed: {e.stderr.strip()}")
    except (OSError, ValueError) as e:
        # A missing file or binary, a closed output, a non-number argument.
        sys.exit(f"opening_balance.py: {e}")
