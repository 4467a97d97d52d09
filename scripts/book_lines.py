#!/usr/bin/env python3
"""The lines a binary's compiled-in book answers for both sides, to PLIES
plies from the start, one a line (an `--openings` file for `damero match`).

Each position's book moves are found by asking `bestmove` with `book=true`
and seeds 1 to SEEDS (the book chooses among its near-equal moves by the
engine's seed); a position the book does not hold (the search answers, with
`info` lines) ends its line there, and the line is dropped.

    python3 scripts/book_lines.py target/release/damero english 4 > lines.txt
"""
import subprocess
import sys


def book_moves(binary, game, line, seeds):
    moves = set()
    for seed in range(1, seeds + 1):
        args = [binary, "bestmove", game, "--engine",
                f"alphabeta:book=true,seed={seed},threads=1", "--nodes", "1000"]
        if line:
            args += ["--moves", " ".join(line)]
        out = subprocess.run(args, capture_output=True, text=True, check=True).stdout
        if any(l.startswith("info") for l in out.splitlines()):
            return set()
        moves |= {l.split()[1] for l in out.splitlines() if l.startswith("bestmove")}
    return moves


def main():
    if len(sys.argv) not in (4, 5):
        sys.exit("usage: book_lines.py BINARY GAME PLIES [SEEDS]")
    binary, game, plies = sys.argv[1], sys.argv[2], int(sys.argv[3])
    seeds = int(sys.argv[4]) if len(sys.argv) == 5 else 8
    lines = [[]]
    for _ in range(plies):
        lines = [l + [m] for l in lines for m in sorted(book_moves(binary, game, l, seeds))]
    for l in lines:
        print(" ".join(l))


if __name__ == "__main__":
    main()
