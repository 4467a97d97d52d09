"""Shared helpers: seeded random games of every game."""

import random

import damero


def random_board(game, seed, plies):
    """A board after up to `plies` random moves from the start (a seeded
    setup for Eliminar), stopping at the end of the game."""
    rng = random.Random(seed)
    board = damero.Board(game, seed=seed if game == "eliminar" else None)
    for _ in range(plies):
        moves = board.legal_moves()
        if not moves or board.is_game_over():
            break
        board.push(rng.choice(moves))
    return board


def random_walk(game, seed, plies):
    """Yields the board at each position of a seeded random game."""
    rng = random.Random(seed)
    board = damero.Board(game, seed=seed if game == "eliminar" else None)
    yield board
    for _ in range(plies):
        moves = board.legal_moves()
        if not moves or board.is_game_over():
            return
        board.push(rng.choice(moves))
        yield board
