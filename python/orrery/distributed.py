"""Orrery's batch work shared out over a Ray cluster: random playouts and
self-play split into tasks by their seeds' numbering, run where Ray puts
them, and merged, giving the same figures as one machine for the same seed.

    import ray, orrery.distributed as dist
    ray.init()                                   # or ray.init(address="auto") on a cluster
    dist.playouts("games/chess.rules", 100_000, seed=1, tasks=8)
    dist.self_play("games/man_in_the_moon.rules", 64, iterations=200, seed=1, tasks=8)

Every worker needs the `orrery` package and the rule file at the path given
(a shared folder, or the same checkout on each machine).
"""

import ray

import orrery


@ray.remote
def _playouts(file, options, playouts, seed, first, end):
    return orrery.load(file, options).playouts(playouts, seed=seed, chunks=(first, end))


@ray.remote
def _self_play(file, options, games, iterations, seed, players, max_plies, first_game):
    game = orrery.load(file, options)
    return game.self_play(games, iterations=iterations, seed=seed, players=players, max_plies=max_plies, first_game=first_game)


def _split(total, tasks):
    """`total` items in `tasks` ranges, as even as can be."""
    tasks = max(1, min(tasks, total)) if total else 1
    bounds = [total * i // tasks for i in range(tasks + 1)]
    return [(bounds[i], bounds[i + 1]) for i in range(tasks) if bounds[i] < bounds[i + 1]]


def playouts(file, playouts, seed=1, tasks=4, options=None):
    """`Game.playouts(playouts, seed)`, its chunks shared out over `tasks` Ray tasks."""
    chunks = orrery.Game.playout_chunks(playouts)
    parts = ray.get(
        [_playouts.remote(str(file), options or {}, playouts, seed, a, b) for a, b in _split(chunks, tasks)]
    )
    total = {"playouts": 0, "plies": 0, "wins": None, "draws": 0, "unfinished": 0}
    for part in parts:
        for key in ("playouts", "plies", "draws", "unfinished"):
            total[key] += part[key]
        total["wins"] = part["wins"] if total["wins"] is None else [a + b for a, b in zip(total["wins"], part["wins"])]
    if total["wins"] is None:
        total["wins"] = [0] * len(orrery.load(str(file), options or {}).players)
    return total


def self_play(file, games, iterations=200, seed=1, tasks=4, players=None, max_plies=1000, options=None):
    """`Game.self_play(games, …)`, its games shared out over `tasks` Ray tasks, in order."""
    futures = [
        _self_play.remote(str(file), options or {}, b - a, iterations, seed, players, max_plies, a)
        for a, b in _split(games, tasks)
    ]
    return [record for part in ray.get(futures) for record in part]
