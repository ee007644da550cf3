"""Orrery's batch work shared out over a Ray cluster: random playouts,
self-play and the self-play analysis of `orrery analyze`, split into tasks
by their seeds' numbering, run where Ray puts them, and merged, giving the
same figures as one machine for the same seed.

    import ray, orrery.distributed as dist
    ray.init()                                   # or ray.init(address="auto") on a cluster
    dist.playouts("games/chess.rules", 100_000, seed=1, tasks=8)
    dist.self_play("games/man_in_the_moon.rules", 64, iterations=200, seed=1, tasks=8)
    dist.analyze("games/man_in_the_moon.rules", 10_000, players="random", seed=1)

Every worker needs the `orrery` package and the rule file at the path given
(a shared folder, or the same checkout on each machine).
"""

import math

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


@ray.remote
def _analysis_records(file, options, players, seed, start, end, max_plies):
    return orrery.load(file, options).analysis_records(players, seed, start, end, max_plies)


def _gather(futures, workers):
    """The results of `futures` (thunks that submit a task), in order, with
    at most `workers` tasks under way at once (`None`: all at once, as
    many running as Ray has CPUs)."""
    if workers is None:
        return ray.get([submit() for submit in futures])
    if workers < 1:
        raise ValueError("workers must be at least 1")
    results, running, waiting = [None] * len(futures), {}, list(enumerate(futures))[::-1]
    while waiting or running:
        while waiting and len(running) < workers:
            i, submit = waiting.pop()
            running[submit()] = i
        done, _ = ray.wait(list(running), num_returns=1)
        for ref in done:
            results[running.pop(ref)] = ray.get(ref)
    return results


def analyze(path, games, players="random", seed=1, max_plies=2000, options=None, workers=None, chunk=None, vs=None):
    """`orrery analyze` (`Game.analyze`) with its games shared out over Ray:
    the game numbers 0 to `games` in ranges of `chunk` games, one Ray task
    each (`None`: about four tasks per CPU of the cluster), at most
    `workers` under way at once (`None`: as Ray schedules them). Each task
    returns its games' records; the driver joins them and summarizes, so
    the figures are one machine's for the same seed, however the games are
    shared out. With `vs` (a second rule file, played on the same seeds and
    options), a dict of `first`, `second` and their `differences`, as
    `orrery analyze PATH --vs OTHER --format json`.

    `players` is "random", "mcts:PLAYOUTS" or "mcts:SECONDSs" (a bad one is a
    ValueError, raised before any task starts); the driver needs the rule
    files too."""
    options = options or {}
    files = [str(path)] + ([str(vs)] if vs is not None else [])
    loaded = [orrery.load(file, options) for file in files]
    loaded[0].analysis_records(players, seed, 0, 0)  # no games: checks `players` here, not in a task
    if chunk is None:
        if not ray.is_initialized():
            ray.init()
        cpus = max(1, int(ray.cluster_resources().get("CPU", 1)))
        chunk = max(1, math.ceil(games / (4 * cpus)))
    if chunk < 1:
        raise ValueError("chunk must be at least 1")
    ranges = [(a, min(a + chunk, games)) for a in range(0, games, chunk)]

    def task(file, a, b):
        return lambda: _analysis_records.remote(file, options, players, seed, a, b, max_plies)

    parts = _gather([task(file, a, b) for file in files for a, b in ranges], workers)
    records = [parts[i * len(ranges) : (i + 1) * len(ranges)] for i in range(len(files))]
    if vs is None:
        return loaded[0].summarize_analysis(records[0], players, seed, max_plies, file=files[0])
    return loaded[0].compare_analyses(
        records[0], loaded[1], records[1], players, seed, max_plies, file=files[0], other_file=files[1]
    )
