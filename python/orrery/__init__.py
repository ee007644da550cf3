"""Orrery's games in Python.

    import orrery
    game = orrery.load("games/chess.rules")
    state = game.new_initial_state()
    state.apply("e4")                     # notation, or a move number
    state.legal_actions()                 # move numbers, below game.num_distinct_moves
    orrery.observation(state)             # a numpy float32 vector (see docs/python.md)

Batch work runs in Rust: ``game.playouts(10_000, seed=1)``,
``game.perft(4)``, ``game.self_play(10, iterations=200)``,
``game.analyze(1000, players="mcts:200")`` (``orrery analyze``).
"""

from ._orrery import Game, IllegalMove, RulesError, State, load

__all__ = ["Game", "IllegalMove", "RulesError", "State", "load", "observation", "ObservationBuffer"]


def observation(state, out=None):
    """The state's observation as a numpy float32 vector; with ``out`` (an
    array of ``game.observation_length``), written into it, no new array."""
    import numpy as np

    if out is None:
        out = np.zeros(len(state.observation()), dtype=np.float32)
    state.observation_into(out)
    return out


class ObservationBuffer:
    """One numpy array reused for every observation of a game's states."""

    def __init__(self, game):
        import numpy as np

        self.array = np.zeros(game.observation_length, dtype=np.float32)

    def __call__(self, state):
        state.observation_into(self.array)
        return self.array
