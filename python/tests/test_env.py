"""VectorEnv: n boards stepped in Rust."""

import numpy as np
import pytest

import damero


@pytest.mark.parametrize("game", damero.GAMES)
def test_reset_and_step_agree_with_boards(game):
    env = damero.VectorEnv(game, 8, seed=1, threads=2)
    obs, mask = env.reset()
    assert obs.shape == (8, *env.observation_shape) and obs.dtype == np.float32
    assert mask.shape == (8, env.num_actions) and mask.dtype == np.bool_
    for i in range(8):
        board = env.board(i)
        assert np.array_equal(board.legal_action_mask(), mask[i])
        assert np.array_equal(board.observation(), obs[i])
    rng = np.random.default_rng(0)
    ended = 0
    for _ in range(300 if game != "tumbling-down" else 60):
        actions = np.array([rng.choice(np.flatnonzero(m)) for m in mask])
        boards = [env.board(i) for i in range(8)]
        obs2, mask2, reward, terminated, truncated = env.step(actions)
        # The arrays are allocated once and reused.
        assert obs2 is obs and mask2 is mask
        for i in range(8):
            if terminated[i] or truncated[i]:
                ended += 1
                continue
            boards[i].push_action(int(actions[i]))
            assert env.board(i) == boards[i]
            assert np.array_equal(mask[i], boards[i].legal_action_mask())
            assert np.array_equal(obs[i], boards[i].observation())
            assert reward[i] == 0
        assert set(np.unique(reward)) <= {-1.0, 0.0, 1.0}
    if game in ("russian", "english", "eliminar"):
        assert ended > 0


def test_rewards_of_a_decided_game():
    # Random play to the end: the winner's last move gets +1.
    env = damero.VectorEnv("english", 64, seed=3, threads=1)
    env.reset()
    seen = set()
    for _ in range(400):
        _, _, reward, terminated, _ = env.step(env.random_actions())
        seen.update(reward[terminated].tolist())
    assert 1.0 in seen


def test_truncation_and_seeding():
    env = damero.VectorEnv("russian", 4, seed=5, max_plies=10, threads=1)
    env.reset()
    truncated_any = False
    for _ in range(10):
        _, _, _, terminated, truncated = env.step(env.random_actions())
        truncated_any |= bool(truncated.any())
    assert truncated_any
    a = damero.VectorEnv("eliminar", 4, seed=9)
    b = damero.VectorEnv("eliminar", 4, seed=9)
    assert np.array_equal(a.reset()[0], b.reset()[0])
    for _ in range(20):
        sa = a.step(a.random_actions().copy())
        sb = b.step(b.random_actions().copy())
        for x, y in zip(sa, sb):
            assert np.array_equal(x, y)


def test_reset_goes_on_without_a_seed_and_starts_again_with_one():
    env = damero.VectorEnv("eliminar", 3, seed=4)
    first = env.reset()[0].copy()
    assert not np.array_equal(env.reset()[0], first)  # the next random setups
    assert np.array_equal(env.reset(seed=4)[0], first)


def test_thread_counts_agree():
    # 300 boards: five pieces of work of 64 boards or fewer for the pool.
    results = []
    for threads in (1, 2, 3, 8):  # 8: more threads than pieces
        env = damero.VectorEnv("russian", 300, seed=2, threads=threads)
        env.reset()
        steps = []
        for _ in range(40):
            obs, mask, reward, terminated, truncated = env.step(env.random_actions())
            steps.append((obs.copy(), mask.copy(), reward.copy(), terminated.copy(), truncated.copy()))
        results.append(steps)
    for other in results[1:]:
        for a, b in zip(results[0], other):
            assert all(np.array_equal(x, y) for x, y in zip(a, b))


def test_illegal_actions():
    env = damero.VectorEnv("russian", 2)
    env.reset()
    with pytest.raises(damero.IllegalMoveError):
        env.step(np.array([0, 0]))
    with pytest.raises(damero.Error):
        env.step(np.array([1]))
    assert env.step([int(a) for a in env.random_actions()])[0].shape[0] == 2
    with pytest.raises(damero.Error):
        damero.VectorEnv("russian", 0)


def _snapshot(env, obs, mask):
    return obs.copy(), mask.copy(), [env.board(i).fen() for i in range(env.num_envs)]


@pytest.mark.parametrize("threads", [2, 3])
def test_an_illegal_action_on_the_pool_changes_no_board(threads):
    # 300 boards on a pool: the boards are checked and stepped in pieces by
    # several threads; an illegal action in the last piece must stop every
    # piece, checked or not.
    env = damero.VectorEnv("russian", 300, seed=6, threads=threads)
    twin = damero.VectorEnv("russian", 300, seed=6, threads=1)
    obs, mask = env.reset()
    twin.reset()
    for _ in range(5):
        actions = env.random_actions().copy()
        assert np.array_equal(actions, twin.random_actions())
        env.step(actions)
        twin.step(actions)
    before = _snapshot(env, obs, mask)
    actions = env.random_actions().copy()
    bad = actions.copy()
    bad[-1] = int(np.flatnonzero(~mask[-1])[0])
    with pytest.raises(damero.IllegalMoveError, match="board 299"):
        env.step(bad)
    after = _snapshot(env, obs, mask)
    assert np.array_equal(before[0], after[0]) and np.array_equal(before[1], after[1])
    assert before[2] == after[2]
    # The refused step drew nothing: both go on alike.
    assert np.array_equal(actions, twin.random_actions())
    for step in range(20):
        result, expected = env.step(actions), twin.step(actions)
        assert all(np.array_equal(x, y) for x, y in zip(result, expected)), step
        actions = env.random_actions().copy()
        assert np.array_equal(actions, twin.random_actions())


def test_random_actions_draw_again_on_each_call():
    env = damero.VectorEnv("russian", 300, seed=8, threads=2)
    twin = damero.VectorEnv("russian", 300, seed=8, threads=2)
    _, mask = env.reset()
    twin.reset()
    env.step(env.random_actions())
    twin.step(twin.random_actions())
    first, second = env.random_actions().copy(), env.random_actions().copy()
    for actions in (first, second):
        assert mask[np.arange(300), actions].all()
    assert not np.array_equal(first, second)
    assert np.array_equal(first, twin.random_actions())
    assert np.array_equal(second, twin.random_actions())
    # A step with other actions than the draws: the next draws are for the
    # new positions, the same on both.
    own = np.array([int(np.flatnonzero(m)[0]) for m in mask])
    env.step(own)
    twin.step(own)
    drawn = env.random_actions()
    assert mask[np.arange(300), drawn].all()
    assert np.array_equal(drawn, twin.random_actions())
