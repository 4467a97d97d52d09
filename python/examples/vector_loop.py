#!/usr/bin/env python3
"""The reinforcement-learning loop with damero.VectorEnv, training nothing heavy.

A linear softmax policy over the observation planes (numpy only) plays both
sides of 256 Russian boards at once; illegal actions are masked out; a crude
REINFORCE-style update nudges the weights with each finished game's reward.
The point is the shape of the loop: reset -> (obs, mask), step(actions) ->
(obs, mask, reward, terminated, truncated) with boards restarting by
themselves, and arrays that are the env's own (copy what you keep).

    python python/examples/vector_loop.py [--steps 200]
"""

import argparse

import numpy as np

import damero


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--game", default="russian")
    parser.add_argument("--boards", type=int, default=256)
    parser.add_argument("--steps", type=int, default=200)
    args = parser.parse_args()

    env = damero.VectorEnv(args.game, args.boards, seed=1)
    rng = np.random.default_rng(1)
    features = int(np.prod(env.observation_shape))
    weights = np.zeros((features, env.num_actions), dtype=np.float32)
    obs, mask = env.reset()
    finished, wins = 0, 0
    for step in range(args.steps):
        x = obs.reshape(args.boards, features)
        logits = x @ weights
        logits[~mask] = -np.inf  # only legal actions
        logits -= logits.max(axis=1, keepdims=True)
        p = np.exp(logits)
        p /= p.sum(axis=1, keepdims=True)
        # Sample one action per board (inverse CDF on each row).
        actions = (p.cumsum(axis=1) > rng.random((args.boards, 1))).argmax(axis=1)
        chosen = x.copy()  # the env rewrites obs on the next step
        obs, mask, reward, terminated, truncated = env.step(actions)
        done = terminated | truncated
        if done.any():
            # The mover's reward (+1 win, -1 loss, 0 draw) for the move that ended it.
            for i in np.flatnonzero(done):
                weights[:, actions[i]] += 0.01 * reward[i] * chosen[i]
            finished += int(done.sum())
            wins += int((reward[done] > 0).sum())
        if (step + 1) % 50 == 0:
            print(f"step {step + 1}: {finished} games finished, {wins} won by the last mover")
    print("board 0 now:")
    print(env.board(0))


if __name__ == "__main__":
    main()
