"""Arbitrary text at every text entry point of the package: a game id, a
position (FEN), a move, a PDN text, an engine spec, rule options, and the
actions of a VectorEnv. Each call either succeeds or raises a damero.Error
subclass: never another exception type, never a Rust panic (pyo3's
PanicException, a BaseException). What succeeds is checked as well: a
position that reads writes back to itself, a move that plays takes back, a
PDN text that reads writes a text that reads to the same games.

The inputs are random text (st.text()), random bytes decoded with
errors="replace", and near-valid mutations of real strings: FENs, move
texts and PDN records of seeded random games, and real specs and rules."""

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import damero
from conftest import random_board

SETTINGS = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
FEW = settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])


class Refused:
    """What a call that raised a damero.Error gives back."""

    def __init__(self, error):
        self.error = error


def attempt(call, *args, **kwargs):
    """The call's result, or Refused when it raised a damero.Error. Any
    other exception, a panic included, fails the test with its type."""
    try:
        return call(*args, **kwargs)
    except damero.Error as error:
        assert str(error), f"{type(error).__name__} without a message"
        return Refused(error)
    except (KeyboardInterrupt, SystemExit):
        raise
    except BaseException as error:  # pyo3's PanicException is a BaseException
        raise AssertionError(f"{call.__qualname__} raised {type(error).__name__}: {error!r}") from error


def seeded(game):
    """The seed a game's setup needs (Eliminar draws its own), else None."""
    return 5 if game == "eliminar" else None


def sample_boards():
    """A few real positions of every game: the start and two random games."""
    boards = []
    for game in damero.GAMES:
        boards.append(damero.Board(game, seed=seeded(game)))
        for seed in (1, 2):
            boards.append(random_board(game, seed, 30))
    return boards


BOARDS = sample_boards()
FENS = [(board.game, board.fen()) for board in BOARDS]
MOVES = [(board.game, board.fen(), text) for board in BOARDS for text in board.legal_move_texts()[:3]]
PDNS = [(board.game, board.pdn()) for board in BOARDS if board.ply > 0]
SPECS = [
    "alphabeta",
    "alphabeta:depth=2",
    "alphabeta:nodes=500,threads=1",
    "alphabeta:movetime=10,hash=4",
    "mcts:playouts=100",
    "mcts:movetime=10",
    "random",
]
RULES = [
    ("russian", {"draws": "olsen"}),
    ("english", ["draws=olsen"]),
    ("spanish", "men_capture_backward=true"),
    ("eliminar", {"setup": "S3", "seed": "5"}),
    ("tumbling-down", "max_plies=200,repetition_draw=true"),
    ("cross", {"repetition_draw": False}),
]

# Any character a Python str can be encoded with to UTF-8: a lone
# surrogate cannot (test_lone_surrogates_are_refused_as_a_damero_error).
CHARACTERS = st.characters(codec="utf-8")
TEXT = st.text(alphabet=CHARACTERS, max_size=200)

# Characters that the texts are made of, for insertions that stay close.
NOTATION = '0123456789abcdefghWBKwbk:,.-x*=[]"{}() \n\t/+#?!'


# Text from arbitrary bytes, undecodable ones replaced.
garbled = st.binary(max_size=200).map(lambda raw: raw.decode("utf-8", errors="replace"))


@st.composite
def mutated(draw, text):
    """`text` after a few random edits: a character deleted, inserted,
    replaced or doubled, a slice repeated, the end cut."""
    chars = list(text)
    for _ in range(draw(st.integers(min_value=1, max_value=3))):
        edit = draw(st.sampled_from(["delete", "insert", "replace", "double", "repeat", "cut"]))
        at = draw(st.integers(min_value=0, max_value=len(chars)))
        new = draw(st.one_of(st.sampled_from(NOTATION), CHARACTERS))
        if edit == "delete" and at < len(chars):
            del chars[at]
        elif edit == "insert":
            chars.insert(at, new)
        elif edit == "replace" and at < len(chars):
            chars[at] = new
        elif edit == "double" and at < len(chars):
            chars.insert(at, chars[at])
        elif edit == "repeat":
            end = draw(st.integers(min_value=at, max_value=min(len(chars), at + 20)))
            chars[at:at] = chars[at:end] * draw(st.integers(min_value=1, max_value=5))
        elif edit == "cut":
            chars = chars[:at]
    return "".join(chars)


def texts_near(samples):
    """Random text, garbled bytes, one of `samples` or a mutation of one."""
    return st.one_of(
        TEXT,
        garbled,
        st.sampled_from(samples),
        st.sampled_from(samples).flatmap(mutated),
    )


games = st.sampled_from(damero.GAMES)


@SETTINGS
@given(game=st.one_of(games, texts_near(list(damero.GAMES))))
def test_any_game_id_makes_a_board_or_an_error(game):
    board = attempt(damero.Board, game)
    if not isinstance(board, Refused):
        assert board.game in damero.GAMES


@SETTINGS
@given(data=st.data())
def test_any_fen_reads_to_a_position_that_writes_back_or_an_error(data):
    game, fen = data.draw(st.sampled_from(FENS))
    text = data.draw(st.one_of(texts_near([fen]), st.sampled_from([f for _, f in FENS]).flatmap(mutated)))
    board = attempt(damero.Board, game, fen=text, seed=seeded(game))
    if isinstance(board, Refused):
        assert isinstance(board.error, damero.FenError), type(board.error)
        return
    again = damero.Board(game, fen=board.fen(), seed=seeded(game))
    assert again.fen() == board.fen()
    assert again.zobrist() == board.zobrist()
    assert sorted(again.legal_move_texts()) == sorted(board.legal_move_texts())


@SETTINGS
@given(data=st.data())
def test_any_move_text_plays_and_takes_back_or_is_an_illegal_move(data):
    game, fen, _ = data.draw(st.sampled_from(MOVES))
    # Its own moves (near-valid texts that may still read), others' moves.
    own = damero.Board(game, fen=fen, seed=seeded(game)).legal_move_texts()
    text = data.draw(st.one_of(texts_near(own), st.sampled_from([m for _, _, m in MOVES])))
    board = damero.Board(game, fen=fen, seed=seeded(game))
    before = (board.fen(), board.zobrist(), board.move_stack)
    for call in (board.parse_move, board.is_legal):
        attempt(call, text)
    played = attempt(board.push, text)
    if isinstance(played, Refused):
        assert isinstance(played.error, damero.IllegalMoveError), type(played.error)
        assert (board.fen(), board.zobrist(), board.move_stack) == before, "a refused move changed the board"
        return
    assert board.ply == 1
    board.pop()
    assert (board.fen(), board.zobrist(), board.move_stack) == before


@FEW
@given(data=st.data())
def test_any_pdn_text_reads_to_games_that_write_back_or_a_pdn_error(data):
    game, pdn = data.draw(st.sampled_from(PDNS))
    text = data.draw(st.one_of(texts_near([pdn]), st.text(alphabet=CHARACTERS, max_size=2000)))
    for which in (None, game):
        games_read = attempt(damero.read_pdn, text, game=which)
        if isinstance(games_read, Refused):
            continue
        for record in games_read:
            again = damero.read_pdn(record.pdn(), game=record.game)
            assert [g.moves for g in again] == [record.moves], record.pdn()
            assert again[0].result == record.result


@SETTINGS
@given(data=st.data())
def test_any_engine_spec_builds_an_engine_that_searches_or_a_spec_error(data):
    spec = data.draw(texts_near(SPECS))
    engine = attempt(damero.Engine, spec)
    if isinstance(engine, Refused):
        return
    assert isinstance(engine.spec, str)
    # The spec's own threads could be any number: search on one, briefly.
    engine = attempt(damero.Engine, spec, threads=1)
    if isinstance(engine, Refused):
        return
    board = data.draw(st.sampled_from(BOARDS))
    found = attempt(engine.best_move, board, nodes=200)
    if not isinstance(found, Refused) and found is not None:
        assert board.is_legal(found)


@SETTINGS
@given(
    level=st.one_of(st.integers(min_value=-(2**31), max_value=2**31 - 1), st.integers(-3, 12)),
    threads=st.one_of(st.none(), st.integers(min_value=0, max_value=4)),
)
def test_any_level_builds_an_engine_or_a_spec_error(level, threads):
    engine = attempt(damero.Engine, level=level, threads=threads)
    if not isinstance(engine, Refused):
        assert isinstance(engine.spec, str)


rule_values = st.one_of(
    texts_near(["olsen", "true", "false", "S3", "5", "200"]),
    st.integers(),
    st.booleans(),
    st.none(),
    st.floats(allow_nan=True),
)
rule_keys = st.one_of(
    st.sampled_from(
        [
            "draws",
            "men_capture_backward",
            "setup",
            "seed",
            "objective",
            "max_plies",
            "repetition_draw",
            "variant",
        ]
    ),
    texts_near(["draws", "setup", "max_plies"]),
)


@SETTINGS
@given(
    game=games,
    rules=st.one_of(
        st.dictionaries(rule_keys, rule_values, max_size=4),
        st.lists(texts_near(["draws=olsen", "setup=S3", "max_plies=100"]), max_size=4),
        texts_near(["draws=olsen", "men_capture_backward=true", "setup=S3,seed=5"]),
        st.sampled_from([r for _, r in RULES]),
    ),
)
def test_any_rule_options_apply_or_are_a_rule_error(game, rules):
    board = attempt(damero.Board, game, rules=rules, seed=seeded(game))
    if not isinstance(board, Refused):
        assert board.game == game
    attempt(damero.VectorEnv, game, 1, rules=rules)
    if PDNS:
        attempt(damero.read_pdn, PDNS[0][1], game=game, rules=rules)


INT64 = st.integers(min_value=-(2**63), max_value=2**63 - 1)


@SETTINGS
@given(game=games, data=st.data())
def test_any_actions_step_the_env_or_are_an_error_that_plays_nothing(game, data):
    # A fresh env a few random steps in: the draws depend on nothing else.
    env = damero.VectorEnv(game, 3, seed=data.draw(st.integers(0, 2**32 - 1)))
    for _ in range(data.draw(st.integers(0, 20))):
        env.step(env.random_actions())
    n, actions_count = env.num_envs, env.num_actions
    edge = st.sampled_from(
        [-1, 0, actions_count - 1, actions_count, actions_count + 1, 2**31, -(2**63), 2**63 - 1]
    )
    legal = [np.flatnonzero(env.board(i).legal_action_mask()).tolist() for i in range(n)]
    kind = data.draw(st.sampled_from(["legal", "one off", "random", "wrong length"]))
    if kind == "random":
        actions = data.draw(st.lists(st.one_of(edge, INT64), min_size=n, max_size=n))
    elif kind == "wrong length":
        length = data.draw(st.sampled_from([0, 1, n - 1, n + 1, 3 * n]))
        actions = data.draw(st.lists(st.integers(0, actions_count - 1), min_size=length, max_size=length))
    else:
        actions = [data.draw(st.sampled_from(moves)) if moves else 0 for moves in legal]
        if kind == "one off":
            actions[data.draw(st.integers(0, n - 1))] = data.draw(st.one_of(edge, INT64))
    as_array = data.draw(st.booleans())
    given_actions = np.array(actions, dtype=np.int64) if as_array else actions
    boards = [env.board(i).fen() for i in range(n)]
    stepped = attempt(env.step, given_actions)
    if isinstance(stepped, Refused):
        assert [env.board(i).fen() for i in range(n)] == boards, "a refused step played something"
        return
    obs, mask, reward, terminated, truncated = stepped
    assert obs.shape[0] == mask.shape[0] == reward.shape[0] == n
    # A legal step leaves each board with a legal move or a reset board.
    for i in range(n):
        assert mask[i].any() or terminated[i] or truncated[i]


@FEW
@given(game=games, data=st.data())
def test_any_action_number_plays_on_a_board_or_is_an_illegal_move(game, data):
    board = damero.Board(game, seed=seeded(game))
    legal = np.flatnonzero(board.legal_action_mask()).tolist()
    action = data.draw(st.one_of(st.sampled_from(legal), st.integers(min_value=0, max_value=2**32 - 1)))
    before = board.fen()
    move = attempt(board.move, action)
    played = attempt(board.push_action, action)
    if isinstance(played, Refused):
        assert isinstance(played.error, damero.IllegalMoveError)
        assert isinstance(move, Refused), "move() named an action push_action refused"
        assert board.fen() == before
    else:
        assert board.ply == 1 and board.move_stack == [str(move)]


@pytest.mark.parametrize("game", damero.GAMES)
def test_nul_bytes_and_huge_texts_are_errors_not_crashes(game):
    board = damero.Board(game, seed=seeded(game))
    for text in ["\0", "a\0b", "\0" * 10_000, "x" * 1_000_000, "\ud7ff" * 1000, "\r\n" * 1000]:
        attempt(damero.Board, game, fen=text, seed=seeded(game))
        attempt(board.push, text)
        attempt(damero.read_pdn, text, game=game)
        attempt(damero.Engine, text)
        attempt(damero.Board, game, rules=text)


def test_lone_surrogates_are_refused_as_a_damero_error():
    # A str holding a lone surrogate has no UTF-8 form: damero's text
    # arguments refuse it as a damero.Error (pyo3's own conversion would
    # raise UnicodeEncodeError before damero saw the text).
    board = damero.Board("russian")
    for call, args in [
        (damero.Board, ("\ud800russian",)),
        (damero.Board, ("russian", "W:W\udfff")),
        (board.push, ("c3-d4\ud800",)),
        (board.parse_move, ("c3\ud800",)),
        (board.pdn, (None, "1-0\ud800")),
        (damero.read_pdn, ("1. c3-d4 \ud800 *",)),
        (damero.read_pdn, ("1. c3-d4 *", "russ\ud800")),
        (damero.Engine, ("alphabeta:\udc80",)),
        (damero.VectorEnv, ("russian\udc80", 2)),
        (damero.match, ("russian", "alphabeta:depth=1\udc80", "random")),
        (damero.selfplay, ("russian\ud800",)),
    ]:
        with pytest.raises(damero.Error, match="lone surrogate"):
            call(*args)
