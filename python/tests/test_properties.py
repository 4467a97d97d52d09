"""Hypothesis property tests over seeded random games of every game: at every
position, push/pop restores, the FEN reads back, the mask is the legal moves
and the action encoding is a bijection on them."""

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import damero
from conftest import random_walk

PLIES = {"tumbling-down": 40, "cross": 60}
SETTINGS = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@pytest.mark.parametrize("game", damero.GAMES)
@SETTINGS
@given(seed=st.integers(min_value=0, max_value=2**32 - 1))
def test_invariants_along_a_random_game(game, seed):
    for board in random_walk(game, seed, PLIES.get(game, 120)):
        fen = board.fen()
        # FEN round trip: same placement, side to move and moves.
        again = damero.Board(game, fen=fen, seed=seed if game == "eliminar" else None)
        assert again.fen() == fen
        assert again.zobrist() == board.zobrist()
        assert sorted(again.legal_move_texts()) == sorted(board.legal_move_texts())

        moves = board.legal_moves()
        mask = board.legal_action_mask()
        actions = [board.action(m) for m in moves]
        # The mask is exactly the legal moves' actions, and the encoding is
        # one-to-one on them and decodes back.
        assert len(set(actions)) == len(actions)
        assert sorted(np.flatnonzero(mask).tolist()) == sorted(actions)
        for move, action in zip(moves, actions):
            assert 0 <= action < board.num_actions
            assert board.move(action) == move

        obs = board.observation()
        assert obs.shape == board.observation_shape and obs.dtype == np.float32
        assert np.isfinite(obs).all()

        # push/pop restores the position, its hash and its history.
        for move in moves[:4]:
            before = (board.fen(), board.zobrist(), board.ply, board.move_stack)
            board.push(move)
            assert board.ply == before[2] + 1
            popped = board.pop()
            assert popped == move
            assert (board.fen(), board.zobrist(), board.ply, board.move_stack) == before
        if not moves:
            assert board.is_game_over()


@pytest.mark.parametrize("game", ["russian", "english", "cross"])
@settings(max_examples=10, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**32 - 1))
def test_pdn_round_trip(game, seed):
    from conftest import random_board

    board = random_board(game, seed, 60)
    games = damero.read_pdn(board.pdn())
    assert len(games) == 1
    read = games[0]
    assert read.moves == board.move_stack
    assert read.board() == board
    assert read.result == board.result()
    assert read.pdn() == board.pdn()
