"""Figures for docs/python.md (a benchmark, not a test):

1. steps a second through the Python API (legal moves + apply, random
   play from a Python loop), Orrery against OpenSpiel's C++ chess and
   breakthrough driven by the same loop;
2. random playouts through `Game.playouts` against `orrery bench`;
3. Ray: playouts a second on 1 and 2 local workers.

    python3 -m pip install ./python open-spiel ray
    cargo build --release
    python3 tools/python/bench.py
"""

import json
import random
import subprocess
import time

import orrery

SECONDS = 3.0


def steps_per_second(new_state, legal, apply, terminal):
    rng = random.Random(1)
    steps, start = 0, time.perf_counter()
    while time.perf_counter() - start < SECONDS:
        state = new_state()
        while not terminal(state):
            apply(state, rng.choice(legal(state)))
            steps += 1
    return steps / (time.perf_counter() - start)


def python_loop():
    import pyspiel

    rows = []
    for ours, theirs in [("games/chess.rules", "chess"), ("games/breakthrough.rules", "breakthrough")]:
        game = orrery.load(ours)
        a = steps_per_second(
            game.new_initial_state, lambda s: s.legal_actions(), lambda s, m: s.apply(m), lambda s: s.is_terminal()
        )
        other = pyspiel.load_game(theirs)
        b = steps_per_second(
            other.new_initial_state,
            lambda s: s.legal_actions(),
            lambda s, m: s.apply_action(m),
            lambda s: s.is_terminal(),
        )
        rows.append((theirs, a, b))
        print(f"{theirs:12} Python loop: Orrery {a:10.0f} steps/s, OpenSpiel C++ {b:10.0f} steps/s, ratio {a / b:.2f}")
    return rows


def batch_against_cli():
    rows = []
    for file, playouts in [("games/man_in_the_moon.rules", 100_000), ("games/chess.rules", 2_000)]:
        game = orrery.load(file)
        start = time.perf_counter()
        game.playouts(playouts, seed=1)
        python = playouts / (time.perf_counter() - start)
        out = subprocess.run(
            ["target/release/orrery", "bench", file, "--playouts", str(playouts), "--seed", "1", "--format", "json"],
            capture_output=True,
            text=True,
            check=True,
        )
        cli = json.loads(out.stdout)["playouts_per_second"]
        rows.append((file, python, cli))
        print(f"{file:30} playouts/s: Python {python:10.0f}, CLI {cli:10.0f}, ratio {python / cli:.3f}")
    return rows


def ray_workers():
    import ray

    import orrery.distributed as dist

    rows = []
    for workers in (1, 2):
        ray.init(num_cpus=workers, include_dashboard=False, log_to_driver=False)
        dist.playouts("games/man_in_the_moon.rules", 1000, seed=1, tasks=workers)  # warm the workers
        start = time.perf_counter()
        dist.playouts("games/man_in_the_moon.rules", 400_000, seed=1, tasks=workers * 4)
        rate = 400_000 / (time.perf_counter() - start)
        start = time.perf_counter()
        dist.self_play("games/tic_tac_toe.rules", 200, iterations=100, seed=1, tasks=workers * 4)
        games = 200 / (time.perf_counter() - start)
        ray.shutdown()
        rows.append((workers, rate, games))
        print(f"Ray, {workers} worker(s): {rate:10.0f} playouts/s (Man in the Moon), {games:6.1f} MCTS games/s (Tic-Tac-Toe)")
    return rows


if __name__ == "__main__":
    python_loop()
    batch_against_cli()
    ray_workers()
