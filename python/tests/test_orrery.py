"""The Python package against the engine it wraps, and OpenSpiel's own
checks of a game where open-spiel is installed (`.ci/run` installs it;
without it those tests say they are skipped).

    python3 -m pip install ./python
    python3 -m unittest discover -s python/tests -v
"""

import json
import os
import subprocess
import unittest

import numpy as np

import orrery

ROOT = os.path.join(os.path.dirname(__file__), "..", "..")
GAMES = os.path.join(ROOT, "games")
# The command line, for the analysis it prints (`cargo build --release`).
ORRERY = os.environ.get("ORRERY_BIN", os.path.join(ROOT, "target", "release", "orrery"))


def cli_analyze(path, games, players, seed, vs=None):
    """`orrery analyze … --format json`, read."""
    args = [ORRERY, "analyze", path, "--games", str(games), "--players", players, "--seed", str(seed)]
    args += ["--vs", vs] if vs else []
    done = subprocess.run(args + ["--format", "json"], capture_output=True, text=True, check=True)
    return json.loads(done.stdout)


def bundled():
    files = []
    for folder in [GAMES, os.path.join(GAMES, "variants")]:
        files += [os.path.join(folder, f) for f in sorted(os.listdir(folder)) if f.endswith(".rules")]
    return files


class TheApi(unittest.TestCase):
    def test_a_game_and_its_state(self):
        game = orrery.load(os.path.join(GAMES, "chess.rules"))
        self.assertEqual(game.players, ["white", "black"])
        self.assertIn("knight", game.piece_types)
        self.assertEqual(len(game.sites), 64)
        state = game.new_initial_state()
        self.assertEqual(len(state.legal_actions()), 20)
        self.assertEqual(len(set(state.legal_actions())), 20)
        self.assertTrue(all(0 <= a < game.num_distinct_moves for a in state.legal_actions()))
        state.apply("e4")
        state.apply(state.action_of("e5"))
        state.apply(state.legal_actions()[state.legal_moves().index("g1-f3")])
        self.assertEqual(state.history(), ["e2-e4", "e7-e5", "g1-f3"])
        self.assertEqual(state.current_player(), 1)
        copy = state.clone()
        copy.undo()
        self.assertEqual(copy.history(), ["e2-e4", "e7-e5"])
        self.assertEqual(state.history(), ["e2-e4", "e7-e5", "g1-f3"])
        self.assertIn("♘", state.to_text())
        self.assertIn('to_move = "black"', state.to_position())
        self.assertTrue(state.to_svg().startswith("<svg"))
        self.assertEqual(len(state.transcript().splitlines()), 5)  # header, 3 moves, end

    def test_an_illegal_move_and_a_broken_file_are_exceptions(self):
        state = orrery.load(os.path.join(GAMES, "chess.rules")).new_initial_state()
        with self.assertRaises(orrery.IllegalMove) as caught:
            state.apply("Ke3")
        self.assertIn("no king can move to e3", str(caught.exception))
        with self.assertRaises(orrery.IllegalMove):
            state.apply(10**12)
        broken = os.path.join(ROOT, "tests", "broken", "glyphs_for_three_of_two_players.rules")
        with self.assertRaises(orrery.RulesError) as caught:
            orrery.load(broken)
        codes = [d[0] for d in caught.exception.diagnostics]
        self.assertEqual(codes, ["E0517", "E0518"])
        self.assertEqual(caught.exception.diagnostics[0][3:], (6, 17))
        self.assertIn("E0517", str(caught.exception))

    def test_options(self):
        game = orrery.load(os.path.join(GAMES, "man_in_the_moon.rules"), {"long_moves": True})
        self.assertIn(("long_moves", 1), game.options)

    def test_observation_into_a_numpy_array(self):
        game = orrery.load(os.path.join(GAMES, "tic_tac_toe.rules"))
        state = game.new_initial_state()
        state.apply("b2")
        buffer = orrery.ObservationBuffer(game)
        seen = buffer(state)
        self.assertEqual(seen.shape, (game.observation_length,))
        layout = game.observation_layout()
        x_plane = seen[: layout["sites"]]
        self.assertEqual(x_plane.sum(), 1.0)
        self.assertEqual(x_plane[4], 1.0)  # b2 is site 4 of a 3 x 3 board
        self.assertIs(buffer(state), buffer.array)
        with self.assertRaises(ValueError):
            state.observation_into(np.zeros(3, np.float32))

    def test_chance_nodes(self):
        state = orrery.load(os.path.join(GAMES, "backgammon.rules")).new_initial_state()
        self.assertTrue(state.is_chance_node())
        outcomes = state.chance_outcomes()
        self.assertAlmostEqual(sum(p for _, p in outcomes), 1.0)
        self.assertEqual(len(outcomes), 36)  # two dice, which die showed what counts

    def test_batch_work_runs_in_rust(self):
        game = orrery.load(os.path.join(GAMES, "tic_tac_toe.rules"))
        self.assertEqual(game.perft(3), 504)
        stats = game.playouts(2000, seed=3, threads=2)
        self.assertEqual(stats["playouts"], 2000)
        self.assertEqual(sum(stats["wins"]) + stats["draws"], 2000)
        self.assertEqual(stats, game.playouts(2000, seed=3, threads=1))
        games = game.self_play(2, iterations=50, seed=1)
        self.assertEqual(len(games), 2)
        for record in games:
            self.assertEqual(len(record["moves"]), len(record["actions"]))
            self.assertIn(sum(record["returns"]), (0.0,))

    def test_analysis_records_played_apart_join_into_one_analysis(self):
        path = os.path.join(GAMES, "tic_tac_toe.rules")
        game = orrery.load(path)
        one = game.analyze(120, players="random", seed=5)
        self.assertEqual((one["games"], one["agents"], one["seed"], one["file"]), (120, "random", 5, path))
        self.assertEqual(sum(w["count"] for w in one["outcomes"]["wins"]) + one["outcomes"]["draws"]["count"], 120)
        self.assertIsNone(one["drama"])
        self.assertEqual(game.analyze(120, players="random", seed=5, threads=2), one)
        parts = [game.analysis_records("random", 5, a, b, threads=t) for a, b, t in [(80, 120, 1), (0, 35, 2), (35, 80, 1)]]
        self.assertEqual(game.summarize_analysis(parts, "random", 5, 2000), one)
        self.assertEqual(json.loads(parts[1])[0]["number"], 0)
        with self.assertRaisesRegex(ValueError, "game 80 is given twice"):
            game.summarize_analysis(parts + parts[:1], "random", 5, 2000)
        with self.assertRaisesRegex(ValueError, "not a game of"):
            orrery.load(os.path.join(GAMES, "chess.rules")).summarize_analysis(parts, "random", 5, 2000)
        searched = game.analyze(4, players="mcts:20", seed=5)
        self.assertEqual(searched["agents"], "mcts:20")
        self.assertIsNotNone(searched["drama"])
        other = orrery.load(os.path.join(GAMES, "connect_four.rules"))
        both = game.analyze(30, seed=5, vs=other)
        self.assertEqual(both["first"], game.analyze(30, seed=5))
        self.assertEqual(both["second"]["title"], other.title)
        self.assertIn("mean length (plies)", [d["figure"] for d in both["differences"]])

    def test_a_bad_players_text_is_a_value_error(self):
        game = orrery.load(os.path.join(GAMES, "tic_tac_toe.rules"))
        for bad in ("mcts", "mcts:0", "mcts:fast", "alphazero", "mcts:9999s"):
            with self.assertRaises(ValueError, msg=bad):
                game.analyze(2, players=bad)
            with self.assertRaises(ValueError, msg=bad):
                game.analysis_records(bad, 1, 0, 2)
            with self.assertRaises(ValueError, msg=bad):
                game.summarize_analysis([], bad, 1, 2000)
        with self.assertRaisesRegex(ValueError, "write `random`, `mcts:PLAYOUTS` or `mcts:SECONDSs`"):
            game.analyze(2, players="alphazero")

    def test_every_bundled_file_plays_through_the_api(self):
        for path in bundled():
            game = orrery.load(path)
            state = game.new_initial_state()
            observation = orrery.ObservationBuffer(game)
            for ply in range(60):
                if state.is_terminal():
                    break
                actions = state.legal_actions()
                self.assertEqual(len(actions), len(set(actions)), path)
                observation(state)
                state.apply(actions[(ply * 7919) % len(actions)])


try:
    import pyspiel

    import orrery.openspiel
except ImportError:  # pragma: no cover - said below
    pyspiel = None


@unittest.skipIf(pyspiel is None, "open-spiel is not installed (python3 -m pip install open-spiel)")
class OpenSpiel(unittest.TestCase):
    def test_random_simulation_checks_pass_for_every_bundled_file(self):
        for path in bundled():
            game = orrery.openspiel.load(path)
            pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)

    def test_mcts_plays_man_in_the_moon_to_the_end(self):
        from open_spiel.python.algorithms import mcts

        game = orrery.openspiel.load(os.path.join(GAMES, "man_in_the_moon.rules"))
        evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(1))
        bot = mcts.MCTSBot(game, uct_c=2, max_simulations=4, evaluator=evaluator, random_state=np.random.RandomState(2))
        state = game.new_initial_state()
        while not state.is_terminal():
            state.apply_action(bot.step(state))
        self.assertIn(sorted(state.returns()), ([-1.0, 1.0], [0.0, 0.0]))

    def test_mcts_plays_chess_to_the_end(self):
        from open_spiel.python.algorithms import mcts

        game = orrery.openspiel.load(os.path.join(GAMES, "chess.rules"))
        evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(3))
        bot = mcts.MCTSBot(game, uct_c=2, max_simulations=2, evaluator=evaluator, random_state=np.random.RandomState(4))
        state = game.new_initial_state()
        while not state.is_terminal():
            state.apply_action(bot.step(state))
        self.assertIn(sorted(state.returns()), ([-1.0, 1.0], [0.0, 0.0]))
        self.assertGreater(len(state.history()), 10)

    def test_tic_tac_toe_agrees_with_openspiel_move_by_move(self):
        ours = orrery.openspiel.load(os.path.join(GAMES, "tic_tac_toe.rules"))
        theirs = pyspiel.load_game("tic_tac_toe")
        rng = np.random.RandomState(5)
        for _ in range(20):
            a, b = ours.new_initial_state(), theirs.new_initial_state()
            while not b.is_terminal():
                self.assertFalse(a.is_terminal())
                # OpenSpiel numbers cells row by row from the top; Orrery writes sites a1..c3.
                names = {f"{'abc'[c % 3]}{3 - c // 3}": c for c in range(9)}
                ours_moves = sorted(names[a.action_to_string(a.current_player(), x)] for x in a.legal_actions())
                self.assertEqual(ours_moves, sorted(b.legal_actions()))
                cell = rng.choice(b.legal_actions())
                b.apply_action(cell)
                mine = [x for x in a.legal_actions() if names[a.action_to_string(a.current_player(), x)] == cell]
                a.apply_action(mine[0])
            self.assertTrue(a.is_terminal())
            self.assertEqual(list(a.returns()), list(b.returns()))


if __name__ == "__main__":
    unittest.main()


try:
    import pettingzoo.test

    import orrery.pettingzoo
except ImportError:  # pragma: no cover - said below
    pettingzoo = None


@unittest.skipIf(pettingzoo is None, "pettingzoo is not installed (python3 -m pip install pettingzoo gymnasium)")
class PettingZoo(unittest.TestCase):
    def test_api_and_seed_tests_pass_for_every_bundled_file(self):
        import warnings

        for path in bundled():
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")  # naming and observation-type advice, not failures
                pettingzoo.test.api_test(orrery.pettingzoo.env(path), num_cycles=60)
                pettingzoo.test.seed_test(lambda: orrery.pettingzoo.env(path), num_cycles=30)

    def test_a_game_to_its_end_and_a_truncated_one(self):
        env = orrery.pettingzoo.env(os.path.join(GAMES, "tic_tac_toe.rules"), render_mode="ansi")
        env.reset(seed=3)
        for agent in env.agent_iter():
            observation, reward, termination, truncation, info = env.last()
            action = None if termination or truncation else env.action_space(agent).sample(observation["action_mask"])
            env.step(action)
        self.assertTrue(all(env.terminations.values()) or not env.agents)
        self.assertIn("wins", env.render()) if any(env.rewards.values()) else None
        self.assertEqual(sum(env.rewards.values()), 0.0)
        self.assertTrue(env.render().startswith(" 3 "))

        long = orrery.pettingzoo.env(os.path.join(GAMES, "chess.rules"), max_plies=10)
        long.reset(seed=1)
        plies = 0
        for agent in long.agent_iter():
            observation, reward, termination, truncation, info = long.last()
            if termination or truncation:
                self.assertTrue(truncation)
                long.step(None)
                continue
            long.step(long.action_space(agent).sample(observation["action_mask"]))
            plies += 1
        self.assertEqual(plies, 10)


try:
    import ray

    import orrery.distributed
except ImportError:  # pragma: no cover - said below
    ray = None


@unittest.skipIf(ray is None, "ray is not installed (python3 -m pip install ray)")
class Ray(unittest.TestCase):
    """On a local Ray the test starts itself: shared-out work gives the
    figures of one machine for the same seed."""

    @classmethod
    def setUpClass(cls):
        try:
            ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False, ignore_reinit_error=True)
        except Exception as error:  # the machine's, not Orrery's: said, and skipped
            raise unittest.SkipTest(f"a local Ray could not start here: {error}")

    @classmethod
    def tearDownClass(cls):
        ray.shutdown()

    def test_playouts_shared_out_add_up_to_one_machines(self):
        path = os.path.join(GAMES, "man_in_the_moon.rules")
        one = orrery.load(path).playouts(5000, seed=9)
        for tasks in (1, 3, 7):
            self.assertEqual(orrery.distributed.playouts(path, 5000, seed=9, tasks=tasks), one, tasks)

    def test_self_play_shared_out_is_one_machines(self):
        path = os.path.join(GAMES, "tic_tac_toe.rules")
        one = orrery.load(path).self_play(6, iterations=30, seed=4)
        shared = orrery.distributed.self_play(path, 6, iterations=30, seed=4, tasks=4)
        self.assertEqual([g["moves"] for g in shared], [g["moves"] for g in one])
        self.assertEqual([g["returns"] for g in shared], [g["returns"] for g in one])

    def test_analysis_shared_out_is_one_machines(self):
        path = os.path.join(GAMES, "tic_tac_toe.rules")
        game = orrery.load(path)
        for players, games in (("random", 300), ("mcts:20", 12)):
            one = game.analyze(games, players=players, seed=7)
            for chunk, workers in ((None, None), (7, 2), (games, 1)):
                shared = orrery.distributed.analyze(path, games, players=players, seed=7, chunk=chunk, workers=workers)
                self.assertEqual(shared, one, (players, chunk, workers))

    def test_analysis_of_two_files_shared_out_is_one_machines(self):
        path, other = os.path.join(GAMES, "man_in_the_moon.rules"), os.path.join(GAMES, "variants", "big_moon.rules")
        one = orrery.load(path).analyze(200, seed=2, vs=orrery.load(other))
        shared = orrery.distributed.analyze(path, 200, seed=2, vs=other, chunk=30)
        self.assertEqual(shared, one)
        self.assertEqual(sorted(shared), ["differences", "first", "second"])

    @unittest.skipUnless(os.path.exists(ORRERY), f"no {ORRERY} to compare with (cargo build --release)")
    def test_analysis_shared_out_is_the_command_lines(self):
        path = os.path.join(GAMES, "tic_tac_toe.rules")
        for players, games in (("random", 300), ("mcts:20", 12)):
            shared = orrery.distributed.analyze(path, games, players=players, seed=7, chunk=40)
            self.assertEqual(shared, cli_analyze(path, games, players, 7), players)
        path, other = os.path.join(GAMES, "man_in_the_moon.rules"), os.path.join(GAMES, "variants", "big_moon.rules")
        shared = orrery.distributed.analyze(path, 200, seed=2, vs=other, chunk=30)
        self.assertEqual(shared, cli_analyze(path, 200, "random", 2, vs=other))

    def test_a_bad_players_text_is_a_value_error_before_any_task(self):
        path = os.path.join(GAMES, "tic_tac_toe.rules")
        with self.assertRaisesRegex(ValueError, "`many` is not a number of playouts"):
            orrery.distributed.analyze(path, 10, players="mcts:many")
