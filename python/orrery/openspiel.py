"""Any Orrery rule file as an OpenSpiel game, so that OpenSpiel's own
algorithms (MCTS, AlphaZero, CFR, ...) run on it unchanged:

    import orrery.openspiel, pyspiel
    game = pyspiel.load_game("orrery", {"file": "games/chess.rules"})
    # or orrery.openspiel.load("games/chess.rules", {"long_moves": True})

Moves are Orrery's move numbers (``State.legal_actions``); throws of the
dice are chance nodes with their probabilities; the observation tensor is
Orrery's (docs/python.md).
"""

import numpy as np
import pyspiel

import orrery

# Games longer than this are not expected; OpenSpiel wants a bound.
MAX_GAME_LENGTH = 100_000

_PARAMETERS = {"file": "games/tic_tac_toe.rules", "options": ""}


def _game_type(game, short_name="orrery"):
    chance = _has_chance(game)
    return pyspiel.GameType(
        short_name=short_name,
        long_name=f"Orrery: {game.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=(
            pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
            if chance
            else pyspiel.GameType.ChanceMode.DETERMINISTIC
        ),
        information=pyspiel.GameType.Information.PERFECT_INFORMATION,
        utility=(
            pyspiel.GameType.Utility.ZERO_SUM
            if len(game.players) == 2
            else pyspiel.GameType.Utility.GENERAL_SUM
        ),
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=len(game.players),
        min_num_players=len(game.players),
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=_PARAMETERS,
    )


def _has_chance(game):
    """Whether some state of the game is a throw: its start, or a little way in."""
    state = game.new_initial_state()
    for _ in range(4):
        if state.is_terminal():
            return False
        if state.is_chance_node():
            return True
        state.apply(state.legal_actions()[0])
    return False


def _options(text):
    """`"a=1,b=true"` as a dict."""
    pairs = [p.split("=", 1) for p in text.split(",") if p.strip()]
    return {k.strip(): v.strip() for k, v in pairs}


class OrreryGame(pyspiel.Game):
    """A rule file as an OpenSpiel game: parameters `file` and `options`
    (`"NAME=VALUE,NAME=VALUE"`)."""

    def __init__(self, params=None):
        params = {**_PARAMETERS, **(params or {})}
        self.orrery = orrery.load(params["file"], _options(params["options"]))
        n = len(self.orrery.players)
        info = pyspiel.GameInfo(
            num_distinct_actions=self.orrery.num_distinct_moves,
            max_chance_outcomes=self.orrery.num_distinct_moves,
            num_players=n,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0 if n == 2 else None,
            max_game_length=MAX_GAME_LENGTH,
        )
        super().__init__(_game_type(self.orrery), info, params)

    def new_initial_state(self):
        return OrreryState(self, self.orrery.new_initial_state())

    def make_py_observer(self, iig_obs_type=None, params=None):
        return OrreryObserver(self.orrery, params)


class OrreryState(pyspiel.State):
    """An Orrery state behind OpenSpiel's state interface."""

    def __init__(self, game, state):
        super().__init__(game)
        self.state = state

    def current_player(self):
        player = self.state.current_player()
        if player == -4:
            return pyspiel.PlayerId.TERMINAL
        if player == -1:
            return pyspiel.PlayerId.CHANCE
        return player

    def _legal_actions(self, player):
        return sorted(self.state.legal_actions())

    def chance_outcomes(self):
        return sorted(self.state.chance_outcomes())

    def _apply_action(self, action):
        self.state.apply(int(action))

    def _action_to_string(self, player, action):
        return self.state.move_text(int(action))

    def is_terminal(self):
        return self.state.is_terminal()

    def returns(self):
        return self.state.returns()

    def __str__(self):
        return self.state.to_text()

    def __deepcopy__(self, memo):
        return OrreryState(self.get_game(), self.state.clone())


class OrreryObserver:
    """Orrery's observation tensor (the same for every player: the game
    shows everything)."""

    def __init__(self, game, params):
        if params:
            raise ValueError(f"observation parameters are not supported; given {params}")
        self.tensor = np.zeros(game.observation_length, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state, player):
        state.state.observation_into(self.tensor)

    def string_from(self, state, player):
        return state.state.to_text()


def load(path, options=None):
    """The rule file as an OpenSpiel game."""
    text = ",".join(f"{k}={str(v).lower() if isinstance(v, bool) else v}" for k, v in (options or {}).items())
    return pyspiel.load_game("orrery", {"file": str(path), "options": text})


# Registered once for every rule file: each loaded game gives its own
# players, chance mode and move numbers (`OrreryGame.get_type()`).
pyspiel.register_game(
    pyspiel.GameType(
        short_name="orrery",
        long_name="Orrery: any rule file",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.PERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=255,
        min_num_players=1,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=_PARAMETERS,
    ),
    OrreryGame,
)
