"""Boards in python-chess's idiom, for every game."""

import copy
import pickle  # noqa: F401  (boards are not picklable; nothing relies on it)

import numpy as np
import pytest

import damero

START_MOVES = {"russian": 7, "zisnella": 7, "spanish": 7, "english": 7, "cross": 58}


def test_done_when_line():
    assert len(damero.Board("russian").legal_moves()) == 7


def test_games_list():
    assert damero.GAMES == ["russian", "zisnella", "spanish", "english", "eliminar", "tumbling-down", "cross"]


@pytest.mark.parametrize("game", damero.GAMES)
def test_start_position(game):
    board = damero.Board(game, seed=3 if game == "eliminar" else None)
    assert board.game == game
    assert board.ply == 0
    assert board.turn in (damero.WHITE, damero.BLACK)
    assert not board.is_game_over()
    assert board.outcome() is None
    assert board.result() == "*"
    moves = board.legal_moves()
    if game in START_MOVES:
        assert len(moves) == START_MOVES[game]
    assert len(moves) == board.legal_move_count()
    assert sorted(str(m) for m in moves) == sorted(board.legal_move_texts())
    assert str(board).endswith("\n")
    assert repr(board).startswith(f"Board('{game}'")
    assert isinstance(board.zobrist(), int)


def test_push_text_and_move():
    board = damero.Board("russian")
    board.push("c3-d4")
    assert board.turn == damero.BLACK
    move = board.parse_move("f6-g5")
    board.push(move)
    assert board.move_stack == ["c3-d4", "f6-g5"]
    assert str(board.peek()) == "f6-g5"
    assert str(board.pop()) == "f6-g5"
    assert str(board.pop()) == "c3-d4"
    assert board == damero.Board("russian")
    with pytest.raises(IndexError):
        board.pop()


def test_illegal_moves_raise_and_leave_the_board():
    board = damero.Board("english")
    before = board.fen()
    for bad in ["1-2", "nonsense", "", "32-28"]:
        with pytest.raises(damero.IllegalMoveError):
            board.push(bad)
    assert board.fen() == before
    with pytest.raises(TypeError):
        board.push(42)
    assert issubclass(damero.IllegalMoveError, damero.Error)
    assert issubclass(damero.Error, ValueError)


def test_a_move_of_another_position_is_checked():
    board = damero.Board("russian")
    move = board.parse_move("c3-d4")
    board.push("c3-d4")
    with pytest.raises(damero.IllegalMoveError):
        board.push(move)
    # The same move in an equal position (a copy) is legal there.
    fresh = damero.Board("russian")
    fresh.push(move)
    assert fresh.move_stack == ["c3-d4"]
    with pytest.raises(damero.IllegalMoveError):
        damero.Board("cross").push(move)


def test_move_objects():
    board = damero.Board("russian")
    a, b = board.legal_moves()[0], board.copy().legal_moves()[0]
    assert a == b and hash(a) == hash(b)
    assert a == str(a) and hash(a) == hash(str(a))
    assert str(a) in {a} and a in {str(a)}
    assert repr(a) == f"Move('{a}')"
    assert a.game == "russian"
    assert {a, b} == {a}
    assert board.is_legal(a) and board.is_legal("c3-d4") and not board.is_legal("c3-c4")


def test_copy_equality_hash():
    board = damero.Board("english")
    board.push("11-15")
    other = board.copy()
    assert other == board and hash(other) == hash(board)
    assert other.move_stack == board.move_stack
    assert board.copy(stack=False).move_stack == []
    assert board.copy(stack=False) == board
    other.push(other.legal_moves()[0])
    assert other != board
    assert copy.copy(board) == board and copy.deepcopy(board) == board
    assert board != "not a board"
    assert damero.Board("russian") != damero.Board("zisnella")


def test_fen_and_errors():
    board = damero.Board("russian")
    again = damero.Board("russian", fen=board.fen())
    assert again == board
    with pytest.raises(damero.FenError):
        damero.Board("russian", fen="W:Wz9")
    with pytest.raises(damero.Error):
        damero.Board("chess")
    with pytest.raises(damero.RuleError):
        damero.Board("russian", rules={"nonsense": "1"})
    with pytest.raises(damero.RuleError):
        damero.Board("russian", seed=3)


def test_rules_forms():
    a = damero.Board("russian", rules={"draws": "olsen"})
    b = damero.Board("russian", rules=["draws=olsen"])
    c = damero.Board("russian", rules="draws=olsen")
    assert a == b == c


def test_outcome_of_a_finished_game():
    # White has no piece left to move: Black won.
    board = damero.Board("english", fen="W:W:B1,2")
    assert board.is_game_over()
    outcome = board.outcome()
    assert outcome.winner == damero.BLACK
    assert not outcome.draw
    assert outcome.result() == board.result() == "0-1"
    assert outcome.reason == "white has no pieces left"
    assert board.legal_moves() == []


def test_repetition_draw():
    # Two kings each shuffling: the third time the position stands, a draw.
    board = damero.Board("english", fen="W:WK32:BK1")
    for _ in range(2):
        for move in ["32-28", "1-5", "28-32", "5-1"]:
            board.push(move)
    assert board.repetitions() == 3
    assert board.is_game_over()
    assert board.outcome().draw
    assert board.result() == "1/2-1/2"


def test_perft_matches_known_counts():
    board = damero.Board("russian")
    assert [board.perft(d) for d in range(1, 6)] == [7, 49, 302, 1469, 7482]
    assert board.perft(6, threads=2) == board.perft(6)
    english = damero.Board("english")
    assert english.perft(6) == 36768


@pytest.mark.parametrize("game", damero.GAMES)
def test_actions_and_observation(game):
    board = damero.Board(game, seed=5 if game == "eliminar" else None)
    mask = board.legal_action_mask()
    assert mask.dtype == np.bool_ and mask.shape == (board.num_actions,)
    assert mask.sum() == board.legal_move_count()
    obs = board.observation()
    assert obs.dtype == np.float32
    assert obs.shape == board.observation_shape
    assert obs.shape[1:] == (8, 8)
    for move in board.legal_moves():
        action = board.action(move)
        assert move.action == action
        assert mask[action]
        assert board.move(action) == move
    with pytest.raises(damero.IllegalMoveError):
        board.move(int(np.flatnonzero(~mask)[0]))
    move = board.legal_moves()[-1]
    board.push_action(board.action(move))
    assert board.move_stack == [str(move)]
    assert isinstance(board.observation_planes, str) and isinstance(board.action_encoding, str)


def test_observation_is_from_the_side_to_move():
    board = damero.Board("russian")
    white = board.observation()
    # The start is symmetric: after turning it, Black sees the same planes.
    board2 = damero.Board("russian", fen=board.fen().replace("W:", "B:", 1))
    black = board2.observation()
    assert np.array_equal(white, black)
    # Own men are on the bottom three rows (rows 0..2 = ranks 1..3 from the mover's side).
    assert white[0, :3].sum() == 12 and white[2, 5:].sum() == 12
    assert white[1].sum() == white[3].sum() == 0


def test_a_panic_becomes_a_python_exception():
    with pytest.raises(BaseException, match="boom") as info:
        damero._panic_for_test("boom")
    assert type(info.value).__name__ == "PanicException"
    # The interpreter and the package go on working.
    assert len(damero.Board("russian").legal_moves()) == 7
