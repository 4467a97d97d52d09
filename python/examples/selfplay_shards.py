#!/usr/bin/env python3
"""Self-play training data in shards: the recipe for a cluster, run on one machine.

Every game of a batch is a function of (seed, game index) alone, so shard i of
n (`damero.selfplay(..., shard=(i, n))`) can run anywhere, and the shard files
concatenated in order are exactly the unsharded file (the header lines aside,
which start with '#' and are skipped by `damero tune`).

Locally (processes on this machine):

    python python/examples/selfplay_shards.py --shards 4 --games 40 --out data/

Slurm array (one task a shard; same output):

    #SBATCH --array=0-63
    python -c "import damero; damero.selfplay('russian', games=64000, nodes=4000, seed=1,
               shard=($SLURM_ARRAY_TASK_ID, 64), out=f'data/shard-$SLURM_ARRAY_TASK_ID.txt')"
    # then: cat data/shard-{0..63}.txt > russian.txt

Ray (one remote task a shard; run with --ray when ray is installed):

    @ray.remote
    def shard(i, n): return damero.selfplay('russian', games=G, shard=(i, n), seed=1)
    lines = sum(ray.get([shard.remote(i, n) for i in range(n)]), [])
"""

import argparse
import os
from concurrent.futures import ProcessPoolExecutor

import damero


def play_shard(game, games, nodes, seed, index, count, out_dir):
    path = os.path.join(out_dir, f"{game}-shard-{index:04d}-of-{count:04d}.txt")
    samples = damero.selfplay(game, games=games, nodes=nodes, seed=seed, shard=(index, count), out=path)
    return path, samples


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--game", default="russian")
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--nodes", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--shards", type=int, default=4)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--out", default="selfplay-shards")
    parser.add_argument("--ray", action="store_true", help="run the shards as Ray tasks (ray.init() locally)")
    parser.add_argument("--check", action="store_true", help="check the shards against one unsharded run")
    args = parser.parse_args()
    os.makedirs(args.out, exist_ok=True)

    jobs = [(args.game, args.games, args.nodes, args.seed, i, args.shards, args.out) for i in range(args.shards)]
    if args.ray:
        import ray

        ray.init(num_cpus=args.workers)
        remote = ray.remote(play_shard)
        results = ray.get([remote.remote(*job) for job in jobs])
    else:
        with ProcessPoolExecutor(args.workers) as pool:
            results = list(pool.map(play_shard, *zip(*jobs)))

    merged = os.path.join(args.out, f"{args.game}.txt")
    with open(merged, "w") as out:
        for path, _ in results:
            with open(path) as shard:
                out.write(shard.read())
    total = sum(samples for _, samples in results)
    print(f"{total} samples from {args.games} games in {args.shards} shards -> {merged}")

    if args.check:
        whole = damero.selfplay(args.game, games=args.games, nodes=args.nodes, seed=args.seed)
        with open(merged) as f:
            lines = [line.rstrip("\n") for line in f if not line.startswith("#")]
        assert lines == whole, "the shards differ from the unsharded batch"
        print("the concatenated shards equal the unsharded batch")


if __name__ == "__main__":
    main()
