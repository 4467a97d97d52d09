#!/usr/bin/env python3
"""`damero hub` driven by pydraughts' HubEngine, the way draughts programs
use a Hub engine.

Checks, each printed as it passes:
- full games engine against engine, Russian and English, through pydraughts'
  Board and HubEngine: every move damero sends must be legal for pydraughts;
- `stop` during an infinite analysis gets `done` with a move (the latency is
  printed, not asserted: timings here depend on the machine's load);
- `quit` during a search ends the process with status 0;
- malformed lines get `error` and the engine still answers `ping`;
- a closed output ends the process with status 2 and no panic;
- a game on a clock (`level time= inc=`, as pydraughts' RoundRobin sends it)
  that damero never loses on time (remaining time printed);
- a pydraughts RoundRobin between two damero configurations completes.

Usage: hub_pydraughts.py [path/to/damero] (default: builds and uses
target/release/damero). Exits non-zero on the first failure.
"""

import os
import queue
import subprocess
import sys
import tempfile
import threading
import time
import warnings

from draughts import Board  # PyPI package `pydraughts`
from draughts.engine import HubEngine, Limit
from draughts.tournament import RoundRobin

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
# How long a check waits for an answer before calling the engine hung.
HANG = 30.0


def damero_binary():
    if len(sys.argv) > 1:
        return os.path.abspath(sys.argv[1])
    subprocess.run(["cargo", "build", "--release", "-q", "-p", "damero-cli"], cwd=ROOT, check=True)
    target = os.environ.get("CARGO_TARGET_DIR", os.path.join(ROOT, "target"))
    return os.path.join(target, "release", "damero")


def start_engine(binary, options):
    engine = HubEngine([binary, "hub"])
    engine.configure(options)
    engine.init()
    return engine


def close(engine):
    engine.quit()
    engine.p.wait(timeout=HANG)
    engine.p.stdin.close()
    engine.p.stdout.close()


def legal(board, move):
    return move.board_move in [m.board_move for m in board.legal_moves()]


def play_game(binary, variant, limits, max_plies=300):
    """Engine against engine; returns (plies, result, the clocks' lowest times)."""
    board = Board(variant)
    engines = [start_engine(binary, {"variant": variant}) for _ in range(2)]
    lowest = [float("inf"), float("inf")]
    try:
        while not board.is_over() and len(board.move_stack) < max_plies:
            side = len(board.move_stack) % 2
            limit = limits[side]
            started = time.perf_counter()
            result = engines[side].play(board, limit, False)
            spent = time.perf_counter() - started
            assert result.move is not None, f"{variant}: no move at ply {len(board.move_stack)}"
            assert legal(board, result.move), f"{variant}: illegal {result.move.hub_move}"
            if limit.time is not None:
                limit.time = limit.time - spent + (limit.inc or 0)
                lowest[side] = min(lowest[side], limit.time)
                assert limit.time > 0, f"{variant}: lost on time at ply {len(board.move_stack)}"
            board.push(result.move)
    finally:
        for engine in engines:
            close(engine)
    return len(board.move_stack), board.winner(), lowest


class Raw:
    """The engine's pipes by hand, for what HubEngine does not send."""

    def __init__(self, binary):
        self.p = subprocess.Popen(
            [binary, "hub"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
            text=True, bufsize=1,
        )
        self.lines = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        for line in self.p.stdout:
            self.lines.put(line.strip())
        self.lines.put(None)

    def send(self, line):
        self.p.stdin.write(line + "\n")
        self.p.stdin.flush()

    def expect(self, prefix):
        """The first line starting with `prefix` (others are skipped)."""
        while True:
            line = self.lines.get(timeout=HANG)
            assert line is not None, f"engine closed its output waiting for {prefix!r}"
            if line.startswith(prefix):
                return line


def check_stop_and_quit(binary):
    raw = Raw(binary)
    raw.send("hub")
    raw.expect("wait")
    raw.send("init")
    raw.expect("ready")
    latencies = []
    for _ in range(5):
        raw.send("pos pos=" + Board("russian")._game.initial_hub_fen)
        raw.send("level infinite")
        raw.send("go analyze")
        raw.expect("info")
        time.sleep(0.3)
        sent = time.perf_counter()
        raw.send("stop")
        done = raw.expect("done")
        latencies.append(time.perf_counter() - sent)
        assert "move=" in done, done
    raw.send("ping")
    raw.expect("pong")
    latencies.sort()
    print(f"ok: stop during infinite analysis answered in {latencies[2] * 1000:.1f} ms "
          f"(median of 5, max {latencies[-1] * 1000:.1f} ms)")

    # Malformed lines: one error each, and the engine stays up.
    for line in ["level depth=x", "go", "pos pos=Wxyz", 'pos pos="unclosed', "set-param name=hash value=0",
                 "pos pos=" + Board("russian")._game.initial_hub_fen + ' moves="10-99"']:
        raw.send(line)
        raw.expect("error")
    raw.send("no-such-command at=all")  # ignored, as the protocol says
    raw.send("ping")
    raw.expect("pong")
    print("ok: malformed lines get error, unknown commands are ignored, the engine stays up")

    # quit while searching.
    raw.send("level infinite")
    raw.send("go analyze")
    raw.expect("info")
    sent = time.perf_counter()
    raw.send("quit")
    status = raw.p.wait(timeout=HANG)
    assert status == 0, f"quit during a search: status {status}, {raw.p.stderr.read()}"
    print(f"ok: quit during a search exits with status 0 in {(time.perf_counter() - sent) * 1000:.1f} ms")


def check_closed_output(binary):
    p = subprocess.Popen([binary, "hub"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    p.stdout.close()
    try:
        p.stdin.write(b"hub\nping\n")
        p.stdin.flush()
    except BrokenPipeError:
        pass
    status = p.wait(timeout=HANG)
    err = p.stderr.read().decode()
    assert status == 2 and "panicked" not in err, f"closed output: status {status}, {err}"
    print("ok: a closed output ends the engine with status 2, no panic")


def main():
    # pydraughts' RoundRobin leaves its engines' pipes to the collector.
    warnings.simplefilter("ignore", ResourceWarning)
    binary = damero_binary()
    check_closed_output(binary)
    check_stop_and_quit(binary)

    for variant in ["russian", "english"]:
        started = time.perf_counter()
        plies, winner, _ = play_game(binary, variant, [Limit(movetime=0.05), Limit(movetime=0.05)])
        print(f"ok: {variant}: a full game of {plies} plies, every move legal for pydraughts "
              f"(winner {winner}, {time.perf_counter() - started:.1f} s)")

    for variant in ["russian", "english"]:
        started = time.perf_counter()
        # pydraughts spends 50-80 ms of the mover's clock per move itself
        # (copying its board, building the move): the increment must cover
        # that, or any engine would run out of time in a long game.
        clocks = [Limit(time=2, inc=0.2), Limit(time=2, inc=0.2)]
        plies, winner, lowest = play_game(binary, variant, clocks, max_plies=80)
        print(f"ok: {variant} on a 2 s + 0.2 s clock: {plies} plies in {time.perf_counter() - started:.1f} s, "
              f"never out of time (lowest clocks {lowest[0]:.2f} s and {lowest[1]:.2f} s)")

    with tempfile.TemporaryDirectory() as directory:
        players = [
            ([binary, "hub"], "hub", {"variant": "russian"}, None),
            ([binary, "hub"], "hub", {"variant": "russian", "engine": "mcts"}, None),
        ]
        started = time.perf_counter()
        tournament = RoundRobin(os.path.join(directory, "round-robin.pdn"), players, 2, 0.2, variant="russian",
                                games_per_pair=2, max_moves=60)
        scores = tournament.play()
        assert sum(scores) == 2 * 2, f"RoundRobin scores {scores}: two games, two points each"
        print(f"ok: RoundRobin alphabeta vs mcts on a 2 s + 0.2 s clock completed, scores {scores} "
              f"({time.perf_counter() - started:.1f} s)")


if __name__ == "__main__":
    main()
