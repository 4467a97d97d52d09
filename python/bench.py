#!/usr/bin/env python3
"""Speed of the damero Python package (numbers in docs/python.md).

    OPENBLAS_NUM_THREADS=1 python python/bench.py [--seconds S] [--repeats R]

Measures, each as the median of R runs of about S seconds:

- single-board random play-outs from Python: `legal_moves()` + `push(move)`
  per step (a new board when the game ends or after 300 plies);
- the same with `observation()` and `legal_action_mask()` per step;
- VectorEnv steps per second (observations and masks written every step,
  actions from `random_actions()`), n = 1, 64, 1024 on 1 and 2 threads.
"""

import argparse
import os
import random
import statistics
import time

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")  # numpy's BLAS threads would spin beside us

import damero  # noqa: E402


def timed(run, seconds):
    """Calls run() (which returns a count of steps) until `seconds` pass; steps/s."""
    steps = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        steps += run()
    return steps / (time.perf_counter() - start)


def playouts(game, with_obs):
    rng = random.Random(1)

    def run():
        board = damero.Board(game)
        steps = 0
        while board.ply < 300:
            moves = board.legal_moves()
            if not moves:
                break
            if with_obs:
                board.observation()
                board.legal_action_mask()
            board.push(moves[int(rng.random() * len(moves))])
            steps += 1
        return steps

    return run


def vector(game, n, threads):
    env = damero.VectorEnv(game, n, seed=1, threads=threads)
    env.reset()

    def run():
        for _ in range(20):
            env.step(env.random_actions())
        return 20 * n

    return run


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=1.0)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--games", default="russian,english")
    args = parser.parse_args()

    def median(run):
        return statistics.median(timed(run, args.seconds) for _ in range(args.repeats))

    print(f"damero python bench: median of {args.repeats} runs of {args.seconds:g} s, {os.cpu_count()} cores")
    for game in args.games.split(","):
        print(f"{game}: single board, legal_moves + push:           {median(playouts(game, False)):>12,.0f} moves/s")
        print(f"{game}: single board, + observation + action mask:  {median(playouts(game, True)):>12,.0f} moves/s")
        for threads in (1, 2):
            for n in (1, 64, 1024):
                rate = median(vector(game, n, threads))
                print(f"{game}: VectorEnv n={n:<5} threads={threads}:               {rate:>12,.0f} steps/s")


if __name__ == "__main__":
    main()
