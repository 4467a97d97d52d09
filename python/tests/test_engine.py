"""Engines, matches and self-play from Python."""

import os
import threading
import time

import pytest

import damero

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def test_best_move_and_analyse():
    board = damero.Board("russian")
    engine = damero.Engine("alphabeta:depth=5")
    infos = []
    analysis = engine.analyse(board, info=infos.append)
    assert analysis.best_move in board.legal_moves()
    assert analysis.depth == 5
    assert analysis.nodes > 0
    assert analysis.pv[0] == str(analysis.best_move)
    assert isinstance(analysis.score, int) and isinstance(analysis.score_text, str)
    assert infos and {"depth", "score", "nodes", "pv", "time"} <= set(infos[-1])
    assert [i["depth"] for i in infos] == sorted(i["depth"] for i in infos)
    # Per-call limits override the spec's.
    assert engine.analyse(board, depth=2).depth == 2
    assert engine.best_move(board, nodes=500) in board.legal_moves()
    assert engine.best_move(board, movetime=20) in board.legal_moves()


@pytest.mark.parametrize("game", damero.GAMES)
def test_every_game_searches(game):
    board = damero.Board(game, seed=2 if game == "eliminar" else None)
    move = damero.Engine("alphabeta:depth=2").best_move(board)
    assert move in board.legal_moves()
    board.push(move)
    assert damero.Engine("mcts:playouts=200").best_move(board) in board.legal_moves()


def test_no_move_when_the_game_is_over():
    board = damero.Board("english", fen="W:W:B1,2")
    assert damero.Engine("alphabeta:depth=3").best_move(board) is None


def test_stop_from_another_thread_and_gil_released():
    board = damero.Board("russian")
    engine = damero.Engine("alphabeta:movetime=20000")
    ticks = []

    def tick():
        # Runs while the engine searches: the GIL is released.
        for _ in range(5):
            ticks.append(time.monotonic())
            time.sleep(0.01)
        engine.stop()

    thread = threading.Thread(target=tick)
    start = time.monotonic()
    thread.start()
    move = engine.best_move(board)
    thread.join()
    assert time.monotonic() - start < 10
    assert len(ticks) == 5
    assert move in board.legal_moves()


def test_an_info_callback_error_stops_and_raises():
    board = damero.Board("russian")

    def bad(info):
        raise RuntimeError("from the callback")

    with pytest.raises(RuntimeError, match="from the callback"):
        damero.Engine("alphabeta:depth=30").analyse(board, info=bad)


def test_specs_and_levels():
    assert damero.Engine("alphabeta:movetime=200").spec == "alphabeta:movetime=200"
    assert "movetime" in damero.Engine(level=5).spec
    for bad in ["bogus", "alphabeta:depth=x", "alphabeta:nonsense=1"]:
        with pytest.raises(damero.SpecError):
            damero.Engine(bad)
    with pytest.raises(damero.SpecError):
        damero.Engine(level=99)
    with pytest.raises(damero.SpecError):
        damero.Engine("alphabeta", level=3)
    with pytest.raises(damero.SpecError):
        damero.Engine("alphabeta:eval=nonsense").best_move(damero.Board("russian"))
    with pytest.raises(damero.SpecError):
        damero.Engine("alphabeta").best_move(damero.Board("russian"), depth=0)


def test_match():
    result = damero.match("english", "alphabeta:depth=3", "random", games=4, seed=7)
    assert result.wins + result.draws + result.losses == 4
    assert result.wins >= 3
    assert len(result.records) == 4
    assert result.records[0].startswith('[Event "damero match"]')
    games = damero.read_pdn("".join(result.records))
    assert len(games) == 4
    again = damero.match("english", "alphabeta:depth=3", "random", games=4, seed=7)
    assert (again.wins, again.draws, again.losses) == (result.wins, result.draws, result.losses)
    elo, margin = damero.elo_estimate(6, 2, 2)
    assert elo > 0 and margin > 0


def match_games(result):
    """A match's games, each as (round, white, black, moves, result), in
    game order (with threads the records come as the games finish)."""
    games = damero.read_pdn("".join(result.records))
    assert len(games) == len(result.records)
    played = [(int(g.tags["Round"]), g.tags["White"], g.tags["Black"], g.moves, g.result) for g in games]
    return sorted(played)


@pytest.mark.parametrize("threads", [1, 2])
@pytest.mark.parametrize("game", ["russian", "english"])
def test_match_split_at_a_pair_plays_the_whole_match(game, threads):
    args = (game, "alphabeta:depth=2", "alphabeta:depth=1")
    whole = damero.match(*args, games=6, seed=5, threads=threads)
    head = damero.match(*args, games=4, seed=5, threads=threads)
    tail = damero.match(*args, games=2, seed=5, threads=threads, first_pair=2)
    games = match_games(whole)
    assert [g[0] for g in games] == [1, 2, 3, 4, 5, 6]
    # The random openings differ from pair to pair, so the tail is not the
    # head's first games renumbered.
    assert len({tuple(g[3][:4]) for g in games}) > 1
    assert match_games(head) + match_games(tail) == games
    assert [g[0] for g in match_games(tail)] == [5, 6]
    tally = [(r.wins, r.draws, r.losses) for r in (head, tail)]
    assert [sum(column) for column in zip(*tally)] == [whole.wins, whole.draws, whole.losses]


def test_match_first_pair_past_the_last_game_number_is_refused():
    args = ("english", "alphabeta:depth=2", "random")
    # The last game a match can number: Round 4294967295.
    last = damero.match(*args, games=1, first_pair=2**31 - 1)
    assert [g[0] for g in match_games(last)] == [4294967295]
    for first_pair, games in [(2**31 - 1, 2), (2**31, 1), (2**31 - 2, 4), (2**32, 1), (2**64 - 1, 1)]:
        with pytest.raises(ValueError, match="number games past 4294967295"):
            damero.match(*args, games=games, first_pair=first_pair)
    with pytest.raises(damero.Error):
        damero.match(*args, games=2, first_pair=2**31 - 1)
    # pyo3 refuses what fits no u64, negative numbers included, with an
    # OverflowError (not a panic: PanicException is no Exception).
    for first_pair in (-1, 2**64):
        with pytest.raises(OverflowError):
            damero.match(*args, games=2, first_pair=first_pair)
    with pytest.raises(TypeError):
        damero.match(*args, games=2, first_pair="2")


def test_match_from_listed_openings_plays_pair_i_from_line_i():
    lines = ["# two openings", "", "c3-d4 f6-g5", "e3-f4  # the second"]
    args = ("russian", "alphabeta:depth=2", "alphabeta:depth=1")
    result = damero.match(*args, games=6, openings=lines)
    games = match_games(result)
    assert [g[0] for g in games] == [1, 2, 3, 4, 5, 6]
    # Games 1-2 from the first line, 3-4 from the second, 5-6 the first again.
    heads = [g[3][:2] if i // 2 % 2 == 0 else g[3][:1] for i, g in enumerate(games)]
    assert heads == [["c3-d4", "f6-g5"]] * 2 + [["e3-f4"]] * 2 + [["c3-d4", "f6-g5"]] * 2
    # The shipped file, read as lines, from a later pair.
    with open(os.path.join(ROOT, "openings", "russian-4ply.txt")) as f:
        shipped = f.read().splitlines()
    tail = damero.match(*args, games=2, openings=shipped, first_pair=3)
    first = [line.split("#")[0].split() for line in shipped if line.split("#")[0].strip()][3]
    assert all(g[3][: len(first)] == first for g in match_games(tail))
    with pytest.raises(damero.IllegalMoveError, match="openings line 2: 'z9-z8'"):
        damero.match(*args, games=2, openings=["c3-d4", "c3-d4 z9-z8"])
    # readlines() keeps the newlines: the line numbers are the list's.
    with pytest.raises(damero.IllegalMoveError, match="openings line 3: 'z9-z8'"):
        damero.match(*args, games=2, openings=["c3-d4\n", "# a comment\n", "e3-f4 z9-z8\n"])
    # A won position: its one move ends the game (no game left to play), and
    # a move after that cannot be played.
    won = dict(fen="W:Wc3:Bd4")
    with pytest.raises(damero.Error, match="openings line 1: the opening ends the game") as raised:
        damero.match(*args, games=2, openings=["c3:e5"], **won)
    assert not isinstance(raised.value, damero.IllegalMoveError)
    with pytest.raises(damero.IllegalMoveError, match="'d6-c5' comes after the end of the game"):
        damero.match(*args, games=2, openings=["c3:e5 d6-c5"], **won)
    with pytest.raises(damero.Error, match="openings holds no opening"):
        damero.match(*args, games=2, openings=["# nothing"])
    with pytest.raises(damero.Error, match="not both"):
        damero.match(*args, games=2, openings=["c3-d4"], opening_plies=4)
    # A string is not a list of lines.
    with pytest.raises(TypeError):
        damero.match(*args, games=2, openings="c3-d4")


def test_selfplay_resumes_a_cut_file_to_the_uninterrupted_one(tmp_path):
    whole = tmp_path / "whole.txt"
    damero.selfplay("russian", games=4, nodes=300, seed=3, out=str(whole))
    expected = whole.read_text()
    cut = tmp_path / "cut.txt"
    for at in (5, len(expected) // 2, len(expected) - 3, len(expected)):
        cut.write_text(expected[:at])
        count = damero.selfplay("russian", games=4, nodes=300, seed=3, out=str(cut), resume=True)
        assert cut.read_text() == expected, at
        assert count == sum(1 for line in expected.splitlines() if not line.startswith("#"))
    with pytest.raises(damero.Error, match="another batch"):
        damero.selfplay("russian", games=4, nodes=300, seed=4, out=str(cut), resume=True)


def test_selfplay_lines_and_shards(tmp_path):
    lines = damero.selfplay("russian", games=4, nodes=300, seed=3)
    assert lines and all(len(line.split("\t")) == 3 for line in lines)
    a = damero.selfplay("russian", games=4, nodes=300, seed=3, shard=(0, 2))
    b = damero.selfplay("russian", games=4, nodes=300, seed=3, shard=(1, 2), threads=2)
    assert a + b == lines
    out = tmp_path / "data.txt"
    count = damero.selfplay("russian", games=4, nodes=300, seed=3, out=str(out))
    text = out.read_text().splitlines()
    assert text[0].startswith("# damero selfplay russian games 0..4 of 4 seed 3 engine alphabeta:nodes=300")
    assert [line for line in text[1:] if not line.startswith("#")] == lines and count == len(lines)
    assert text[-1] == "# end of game 3"
    for line in lines:
        fen, score, result = line.split("\t")
        damero.Board("russian", fen=fen)
        int(score)
        assert result in ("1-0", "0-1", "1/2-1/2")
