"""Any Orrery rule file as a PettingZoo AEC environment (agents take turns):

    from orrery.pettingzoo import env
    e = env("games/chess.rules", render_mode="ansi")
    e.reset(seed=1)
    for agent in e.agent_iter():
        observation, reward, termination, truncation, info = e.last()
        mask = observation["action_mask"]
        action = None if termination or truncation else e.action_space(agent).sample(mask)
        e.step(action)

Observations are a dict of Orrery's observation vector (docs/python.md) and
the action mask over its move numbers; the rewards are the returns at the
end (1 the winner, -1 the others, 0 in a draw). Throws of the dice are
made by the environment, with its seeded generator. A game longer than
`max_plies` is truncated. `render()` gives the board as text ("ansi",
"human" prints it) or as SVG ("svg").
"""

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

import orrery


def env(file, options=None, render_mode=None, max_plies=1000):
    """The rule file as an AEC environment."""
    return OrreryEnv(file, options, render_mode, max_plies)


class OrreryEnv(AECEnv):
    metadata = {"render_modes": ["ansi", "human", "svg"], "name": "orrery_v0", "is_parallelizable": False}

    def __init__(self, file, options=None, render_mode=None, max_plies=1000):
        super().__init__()
        self.game = orrery.load(str(file), options or {})
        self.render_mode = render_mode
        self.max_plies = max_plies
        self.possible_agents = list(self.game.players)
        moves = self.game.num_distinct_moves
        length = self.game.observation_length
        self.action_spaces = {a: spaces.Discrete(moves) for a in self.possible_agents}
        self.observation_spaces = {
            a: spaces.Dict(
                {
                    "observation": spaces.Box(-np.inf, np.inf, (length,), np.float32),
                    "action_mask": spaces.Box(0, 1, (moves,), np.int8),
                }
            )
            for a in self.possible_agents
        }
        self._rng = np.random.default_rng()
        self.state = None

    def observation_space(self, agent):
        return self.observation_spaces[agent]

    def action_space(self, agent):
        return self.action_spaces[agent]

    def reset(self, seed=None, options=None):
        if seed is not None:
            self._rng = np.random.default_rng(seed)
        self.state = self.game.new_initial_state()
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self._throw()
        self.agent_selection = self._mover()

    def _throw(self):
        """Throws the dice while the state waits for them."""
        while self.state.is_chance_node():
            outcomes = self.state.chance_outcomes()
            numbers = [n for n, _ in outcomes]
            weights = np.array([p for _, p in outcomes])
            self.state.apply(int(self._rng.choice(numbers, p=weights / weights.sum())))

    def _mover(self):
        player = self.state.current_player()
        return self.possible_agents[player] if player >= 0 else self.agent_selection

    def observe(self, agent):
        observation = np.zeros(self.game.observation_length, np.float32)
        self.state.observation_into(observation)
        mask = np.zeros(self.game.num_distinct_moves, np.int8)
        if not self.state.is_terminal() and agent == self._mover():
            mask[self.state.legal_actions()] = 1
        return {"observation": observation, "action_mask": mask}

    def step(self, action):
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        self.state.apply(int(action))
        self._throw()
        if self.state.is_terminal():
            for a, value in zip(self.possible_agents, self.state.returns()):
                self.rewards[a] = value
                self.terminations[a] = True
        elif self.state.ply >= self.max_plies:
            for a in self.agents:
                self.truncations[a] = True
        else:
            self.rewards = {a: 0.0 for a in self.agents}
        self.agent_selection = self._mover()
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self):
        if self.render_mode is None:
            return None
        if self.render_mode == "svg":
            return self.state.to_svg()
        text = self.state.to_text()
        if self.render_mode == "human":
            print(text)
        return text

    def close(self):
        pass
