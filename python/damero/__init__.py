"""damero: exact rules, an engine and learning environments for seven 8x8 games.

Boards follow python-chess's idiom::

    import damero
    board = damero.Board("russian")
    move = board.legal_moves()[0]
    board.push(move)          # or board.push("c3-d4")
    board.pop()

See docs/python.md in the repository for the whole interface, the action
encodings and observation planes of each game, and measured speeds.
"""

from damero._damero import (
    BLACK,
    GAMES,
    WHITE,
    Analysis,
    Board,
    Engine,
    Error,
    FenError,
    IllegalMoveError,
    MatchResult,
    Move,
    Outcome,
    PdnError,
    PdnGame,
    RuleError,
    SpecError,
    VectorEnv,
    _panic_for_test,
    elo_estimate,
    read_pdn,
    selfplay,
)
from damero._damero import match as match  # noqa: PLC0414 (`match` is a soft keyword)

__all__ = [
    "BLACK",
    "GAMES",
    "WHITE",
    "Analysis",
    "Board",
    "Engine",
    "Error",
    "FenError",
    "IllegalMoveError",
    "MatchResult",
    "Move",
    "Outcome",
    "PdnError",
    "PdnGame",
    "RuleError",
    "SpecError",
    "VectorEnv",
    "elo_estimate",
    "match",
    "read_pdn",
    "selfplay",
]
