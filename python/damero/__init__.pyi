"""Type stubs for damero: rules, engine and learning environments of seven 8x8 games."""

from os import PathLike
from typing import Callable, List, Mapping, Optional, Sequence, Tuple, Union

import numpy as np
import numpy.typing as npt

GAMES: List[str]
"""Every game id: russian zisnella spanish english eliminar tumbling-down cross."""
WHITE: str
"""The value of `Board.turn` when White is to move: "white"."""
BLACK: str
"""The value of `Board.turn` when Black is to move: "black"."""

Rules = Union[Mapping[str, object], Sequence[str], str, None]
"""Rule options: {"draws": "olsen"}, ["draws=olsen"] or "draws=olsen"."""

class Error(ValueError):
    """Every damero error."""

class IllegalMoveError(Error):
    """A move that is malformed or not legal here."""

class FenError(Error):
    """A position text (FEN) that is malformed or illegal."""

class PdnError(Error):
    """A PDN text that cannot be read."""

class SpecError(Error):
    """An engine spec or level that is not valid."""

class RuleError(Error):
    """A rule option that does not apply."""

class Move:
    """A legal move, as listed by `Board.legal_moves()`; `str()` is its text."""

    @property
    def game(self) -> str: ...
    @property
    def action(self) -> Optional[int]:
        """Its action number in the position it was listed in."""
    def __eq__(self, other: object) -> bool: ...
    def __hash__(self) -> int: ...

class Outcome:
    """How a game ended."""

    @property
    def winner(self) -> Optional[str]:
        """"white", "black", or None for a draw."""
    @property
    def reason(self) -> str:
        """Why, in words."""
    @property
    def draw(self) -> bool: ...
    def result(self) -> str:
        """"1-0", "0-1" or "1/2-1/2"."""

class Board:
    """A board of one of damero's games, with its move history."""

    def __init__(
        self,
        game: str = "russian",
        fen: Optional[str] = None,
        rules: Rules = None,
        seed: Optional[int] = None,
    ) -> None: ...
    @property
    def game(self) -> str: ...
    @property
    def turn(self) -> str:
        """"white" or "black" (damero.WHITE, damero.BLACK)."""
    @property
    def ply(self) -> int:
        """Moves played since the board's start."""
    @property
    def move_stack(self) -> List[str]: ...
    @property
    def num_actions(self) -> int:
        """The size of this game's action space (fixed per game)."""
    @property
    def observation_shape(self) -> Tuple[int, int, int]:
        """(planes, 8, 8)."""
    @property
    def observation_planes(self) -> str: ...
    @property
    def action_encoding(self) -> str: ...
    def legal_moves(self) -> List[Move]: ...
    def legal_move_texts(self) -> List[str]:
        """As `damero moves` prints them (sorted)."""
    def legal_move_count(self) -> int: ...
    def parse_move(self, text: str) -> Move: ...
    def is_legal(self, move: Union[Move, str]) -> bool: ...
    def push(self, move: Union[Move, str]) -> None: ...
    def push_action(self, action: int) -> None: ...
    def pop(self) -> Move: ...
    def peek(self) -> Optional[Move]: ...
    def copy(self, stack: bool = True) -> "Board": ...
    def fen(self) -> str: ...
    def start_fen(self) -> str: ...
    def is_game_over(self) -> bool: ...
    def outcome(self) -> Optional[Outcome]: ...
    def result(self) -> str:
        """"1-0", "0-1", "1/2-1/2" or "*"."""
    def repetitions(self) -> int: ...
    def zobrist(self) -> int: ...
    def perft(self, depth: int, threads: int = 1) -> int: ...
    def pdn(self, tags: Optional[Mapping[str, str]] = None, result: Optional[str] = None) -> str: ...
    def action(self, move: Union[Move, str]) -> int: ...
    def move(self, action: int) -> Move: ...
    def legal_action_mask(self) -> npt.NDArray[np.bool_]: ...
    def observation(self) -> npt.NDArray[np.float32]: ...
    def __eq__(self, other: object) -> bool: ...
    def __hash__(self) -> int: ...
    def __copy__(self) -> "Board": ...
    def __deepcopy__(self, memo: object) -> "Board": ...

class PdnGame:
    """One game of a PDN text."""

    @property
    def game(self) -> str: ...
    @property
    def tags(self) -> dict[str, str]: ...
    @property
    def result(self) -> str: ...
    @property
    def moves(self) -> List[str]: ...
    def board(self, ply: Optional[int] = None) -> Board: ...
    def pdn(self) -> str: ...

def read_pdn(text: str, game: Optional[str] = None, rules: Rules = None) -> List[PdnGame]:
    """Every game of a PDN text; the game is read from its GameType/Game tag by default."""

class Analysis:
    """What a search found."""

    @property
    def best_move(self) -> Optional[Move]: ...
    @property
    def score(self) -> int: ...
    @property
    def score_text(self) -> str: ...
    @property
    def depth(self) -> int: ...
    @property
    def seldepth(self) -> int: ...
    @property
    def nodes(self) -> int: ...
    @property
    def time(self) -> float: ...
    @property
    def pv(self) -> List[str]: ...

InfoCallback = Callable[[dict], object]

class Engine:
    """An engine: a spec such as "alphabeta:movetime=200", or a level."""

    def __init__(
        self,
        spec: Optional[str] = None,
        level: Optional[int] = None,
        seed: int = 0,
        threads: Optional[int] = None,
    ) -> None: ...
    @property
    def spec(self) -> str: ...
    def best_move(
        self,
        board: Board,
        depth: Optional[int] = None,
        nodes: Optional[int] = None,
        movetime: Optional[float] = None,
        info: Optional[InfoCallback] = None,
    ) -> Optional[Move]: ...
    def analyse(
        self,
        board: Board,
        depth: Optional[int] = None,
        nodes: Optional[int] = None,
        movetime: Optional[float] = None,
        info: Optional[InfoCallback] = None,
    ) -> Analysis: ...
    def stop(self) -> None: ...
    def new_game(self) -> None: ...

class MatchResult:
    wins: int
    draws: int
    losses: int
    score: float
    elo: float
    elo_margin: float
    records: List[str]

def match(
    game: str,
    first: str,
    second: str,
    games: int = 10,
    threads: int = 1,
    opening_plies: Optional[int] = None,
    max_plies: int = 300,
    seed: int = 1,
    fen: Optional[str] = None,
    rules: Rules = None,
    first_pair: int = 0,
    openings: Union[List[str], Tuple[str, ...], None] = None,
) -> MatchResult:
    """Engine against engine, as `damero match`. Random openings of
    `opening_plies` plies (4 when None), or `openings`: lines in the format
    of openings/*.txt (pair i plays opening i modulo their number; a move
    that cannot be played raises IllegalMoveError, an opening that ends the
    game, no opening, or both arguments raise Error). `first_pair=N`
    plays the games a whole match plays from pair N (Round 2N + 1) on, with
    the same openings; raises Error (a ValueError) if 2 * first_pair + games
    passes 4294967295."""
def elo_estimate(wins: int, draws: int, losses: int) -> Tuple[float, float]: ...
def selfplay(
    game: str,
    games: int = 1000,
    nodes: int = 4000,
    engine: Optional[str] = None,
    seed: int = 1,
    shard: Tuple[int, int] = (0, 1),
    threads: int = 1,
    opening_plies: Tuple[int, int] = (4, 9),
    max_plies: int = 300,
    out: Union[str, "PathLike[str]", None] = None,
    resume: bool = False,
    fen: Optional[str] = None,
    rules: Rules = None,
) -> Union[List[str], int]: ...

class VectorEnv:
    """n boards of one game stepped together in Rust (Gymnasium-style autoreset)."""

    def __init__(
        self,
        game: str,
        n: int,
        seed: int = 0,
        threads: Optional[int] = None,
        max_plies: int = 300,
        rules: Rules = None,
    ) -> None: ...
    @property
    def game(self) -> str: ...
    @property
    def num_envs(self) -> int: ...
    @property
    def num_actions(self) -> int: ...
    @property
    def observation_shape(self) -> Tuple[int, int, int]: ...
    def __len__(self) -> int: ...
    def reset(
        self, seed: Optional[int] = None
    ) -> Tuple[npt.NDArray[np.float32], npt.NDArray[np.bool_]]: ...
    def step(
        self, actions: Union[npt.NDArray[np.int64], Sequence[int]]
    ) -> Tuple[
        npt.NDArray[np.float32],
        npt.NDArray[np.bool_],
        npt.NDArray[np.float32],
        npt.NDArray[np.bool_],
        npt.NDArray[np.bool_],
    ]: ...
    def random_actions(self) -> npt.NDArray[np.int64]: ...
    def board(self, index: int) -> Board: ...

def _panic_for_test(message: str) -> None: ...
