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
    """Calls run() (which returns a count of steps) until `seconds` pass:
    steps per second of wall time, and per second of this process's CPU time
    (all its threads; what a shared machine's load does not change much)."""
    steps = 0
    start, cpu = time.perf_counter(), time.process_time()
    while time.perf_counter() - start < seconds:
        steps += run()
    return steps / (time.perf_counter() - start), steps / max(time.process_time() - cpu, 1e-9)


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
        runs = [timed(run, args.seconds) for _ in range(args.repeats)]
        return statistics.median(r[0] for r in runs), statistics.median(r[1] for r in runs)

    def show(label, rates, unit):
        wall, cpu = rates
        print(f"{label:<48} {wall:>12,.0f} {unit}/s  ({cpu:>12,.0f} per CPU-second)", flush=True)

    print(f"damero python bench: median of {args.repeats} runs of {args.seconds:g} s, {os.cpu_count()} cores, "
          f"load average {os.getloadavg()[0]:.1f}")
    for game in args.games.split(","):
        show(f"{game}: single board, legal_moves + push", median(playouts(game, False)), "moves")
        show(f"{game}: single board, + observation + action mask", median(playouts(game, True)), "moves")
        for threads in (1, 2):
            for n in (1, 64, 1024):
                show(f"{game}: VectorEnv n={n} threads={threads}", median(vector(game, n, threads)), "steps")
    print(f"load average at the end {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
