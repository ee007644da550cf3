#!/usr/bin/env python3
"""Cross-check Orrery's games of counted pieces against OpenSpiel: Kalah
(OpenSpiel's `mancala`), Oware (`oware`) and Backgammon (`backgammon`).

Plays seeded random games in both engines and compares, at every decision,
the player to move, the legal moves and the position (the number of pieces
on every site, in every hand and borne off), and at the end the outcome.
The random choice is made on OpenSpiel's side and played in both.

- Kalah and Oware: one OpenSpiel action is one Orrery move. Orrery writes a
  sowing `FROM-TO` (its last site); moves are compared by their start site.
- Backgammon: a turn is one Orrery ply per die (the turn staying with the
  mover) but one or two OpenSpiel actions (two checkers each). So at each
  decision the script compares the set of positions the whole turn can
  reach in each engine (in Orrery: depth first through `orrery moves`, with
  `undo`, until the player to move changes or the game ends), then plays one
  OpenSpiel turn, chosen at random, and an Orrery line reaching the same
  position. The dice throws are compared too: the outcomes OpenSpiel lists
  against the throws Orrery lists, and the player who starts.

The first divergence of each random game is reported with the Orrery moves
that lead to it. A test tool only: Orrery never depends on OpenSpiel.

Usage (from the repository root, after `cargo build --release`):

    python3 tools/openspiel/crosscheck_counts.py --games 3          # the test's run
    python3 tools/openspiel/crosscheck_counts.py --games 100        # the long run
    python3 tools/openspiel/crosscheck_counts.py --only backgammon --games 20 --json out.json

Exit status: 0 when every game agrees (or stops at a documented rule
difference), 1 when something diverged, 2 on bad set-up (no pyspiel, no
binary, a rule file missing: `--skip-missing` skips those games instead).
See docs/openspiel.md for the mappings and the documented differences.
"""

import argparse
import json
import os
import random
import re
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from crosscheck import (  # noqa: E402
    MAX_PLIES,
    ROOT,
    Divergence,
    Orrery,
    common_arguments,
    divergence_entry,
    pyspiel,
)


class Engine(Orrery):
    """`orrery moves` with `undo`, for walking a whole turn."""

    def undo(self):
        self.proc.stdin.write("undo\n")
        self.proc.stdin.flush()
        answer = self._read()
        if "error" in answer:
            raise RuntimeError(f"Orrery refuses `undo`: {answer['error']}")
        self.now = answer


HELD = re.compile(r"^(\S+) (?:(\d+) )?(\S+)$")


def held(text):
    """(owner, number, type) of a position file's `"neutral 4 seed"`
    (`"white checker"` is one)."""
    if isinstance(text, list):
        raise Divergence("position", f"a stack {text} where counted pieces were expected")
    m = HELD.match(text.split(" heading=")[0])
    if not m:
        raise Divergence("position", f"cannot read the site contents `{text}`")
    return m.group(1), int(m.group(2) or 1), m.group(3)


def show(position):
    return ", ".join(f"{k}={v}" for k, v in sorted(position.items()))


def position_difference(ours, theirs):
    keys = sorted(set(ours) | set(theirs))
    return ", ".join(f"{k}: Orrery {ours.get(k, 0)}, OpenSpiel {theirs.get(k, 0)}" for k in keys if ours.get(k, 0) != theirs.get(k, 0))


class Spec:
    label = ""
    os_game = ""
    os_params = {}
    rules = ""
    options = ()
    players = ()

    def outcome_text(self, returns):
        if returns[0] == returns[1]:
            return "a draw"
        return f"{self.players[returns.index(max(returns))]} wins"


# ---------------------------------------------------------------- mancala

class Sowing(Spec):
    """A game where one OpenSpiel action is one Orrery sowing `FROM-TO`."""

    players = ("south", "north")

    def action_site(self, state, action):
        raise NotImplementedError

    def os_position(self, state):
        """{site or store: seeds}, empty sites left out."""
        raise NotImplementedError

    def orrery_position(self, now):
        """{site: seeds}, the stores as `SS` and `NS` whether the rule file
        keeps them as sites or as counters `store_south`, `store_north`."""
        seeds = {}
        for site, text in now["position"].items():
            _, n, _ = held(text)
            seeds[site] = n
        for name, site in (("store_south", "SS"), ("store_north", "NS")):
            if now["counters"].get(name):
                seeds[site] = seeds.get(site, 0) + now["counters"][name]
        return seeds

    def end_totals(self, state):
        """Each player's seeds at the end by OpenSpiel's count, or None."""
        return None

    def orrery_totals(self, now):
        """Each player's seeds: their pits and store."""
        seeds = self.orrery_position(now)
        return [sum(n for s, n in seeds.items() if s[0] == side) for side in "SN"]


class Kalah(Sowing):
    label, os_game, rules = "kalah", "mancala", "games/kalah.rules"

    # OpenSpiel's board: 1..6 south's pits, 7 south's store, 8..13 north's
    # pits, 0 north's store; player 0 sows from 1..6 and moves first.
    SITES = ["NS", "S1", "S2", "S3", "S4", "S5", "S6", "SS", "N1", "N2", "N3", "N4", "N5", "N6"]

    def action_site(self, state, action):
        return self.SITES[action]

    def os_position(self, state):
        board = [round(v) for v in state.observation_tensor(0)[:14]]
        return {self.SITES[i]: n for i, n in enumerate(board) if n}


class Oware(Sowing):
    label, os_game, rules = "oware", "oware", "games/oware.rules"
    SITES = ["S1", "S2", "S3", "S4", "S5", "S6", "N1", "N2", "N3", "N4", "N5", "N6"]

    def parse(self, state):
        """OpenSpiel's houses 0..11 and the two scores, read from its
        string (north's houses are printed 11 down to 6 on the first row)."""
        lines = str(state).splitlines()
        if lines[0] == "[FINISHED]":
            lines = lines[1:]
        scores = [int(re.search(r"score = (\d+)", lines[i]).group(1)) for i in (5, 0)]
        north = [int(x) for x in lines[2].split()][::-1]
        south = [int(x) for x in lines[3].split()]
        return south + north, scores

    def action_site(self, state, action):
        # The action is the house's index on the mover's side.
        return self.SITES[action + 6 * state.current_player()]

    def os_position(self, state):
        houses, scores = self.parse(state)
        seeds = {self.SITES[i]: n for i, n in enumerate(houses) if n}
        for site, n in zip(("SS", "NS"), scores):
            if n:
                seeds[site] = n
        return seeds

    def end_totals(self, state):
        # At the end OpenSpiel moves the seeds left into the scores (or
        # ends on a score over half the seeds, leaving them): either way a
        # player's total is their score plus the seeds on their side.
        houses, scores = self.parse(state)
        return [scores[0] + sum(houses[:6]), scores[1] + sum(houses[6:])]


class PairedGame:
    """One seeded random game in both engines: OpenSpiel's state, Orrery's
    line interface, and the moves played so far."""

    def __init__(self, spec, binary, seed):
        self.spec, self.seed = spec, seed
        self.rng = random.Random(f"{seed}:{spec.label}")
        self.state = pyspiel.load_game(spec.os_game, dict(spec.os_params)).new_initial_state()
        self.orrery = Engine(binary, spec.rules, spec.options)
        self.history, self.actions = [], []
        self.plies = 0  # plies or decisions compared
        self.positions = 0  # positions compared


class SowingGame(PairedGame):
    """One seeded random game of a `Sowing` spec in both engines."""

    def compare_position(self):
        ours, theirs = self.spec.orrery_position(self.orrery.now), self.spec.os_position(self.state)
        if ours != theirs:
            raise Divergence("position", f"the positions differ: {position_difference(ours, theirs)}")
        self.positions += 1

    def play(self):
        spec = self.spec
        while self.plies < MAX_PLIES:
            os_over, orrery_over = self.state.is_terminal(), self.orrery.over()
            if os_over or orrery_over:
                return self.end(os_over, orrery_over)
            self.compare_position()
            player = spec.players[self.state.current_player()]
            if self.orrery.now["player"] != player:
                raise Divergence("player", f"{self.orrery.now['player']} is to move in Orrery but {player} in OpenSpiel")
            theirs = {spec.action_site(self.state, a): a for a in self.state.legal_actions()}
            ours = {}
            for text in self.orrery.now["moves"]:
                start = text.split("-")[0]
                if start in ours:
                    raise Divergence("duplicates", f"Orrery lists two moves from {start}: {ours[start]}, {text}")
                ours[start] = text
            if set(ours) != set(theirs):
                raise Divergence(
                    "legal",
                    f"legal moves differ (by start site): only in Orrery {sorted(set(ours) - set(theirs))}, "
                    f"only in OpenSpiel {sorted(set(theirs) - set(ours))}",
                )
            self.plies += 1
            site = self.rng.choice(sorted(theirs))
            self.state.apply_action(theirs[site])
            self.actions.append(theirs[site])
            self.orrery.play(ours[site])
            self.history.append(ours[site])
        return f"stopped after {MAX_PLIES} plies"

    def end(self, os_over, orrery_over):
        spec = self.spec
        if not os_over:
            raise Divergence(
                "orrery_ends",
                f"Orrery ends ({self.orrery.now['outcome']}) but OpenSpiel goes on "
                f"({len(self.state.legal_actions())} actions; {show(spec.os_position(self.state))})",
            )
        if not orrery_over:
            if spec.os_game == "mancala" and self.state.move_number() > 1000:
                return "OpenSpiel's mancala draws after 1000 moves (not in Orrery's Kalah)"
            raise Divergence(
                "openspiel_ends",
                f"OpenSpiel ends (returns {self.state.returns()}) but Orrery goes on "
                f"({self.orrery.now['player']} to move, {len(self.orrery.now['moves'])} moves; "
                f"{show(spec.orrery_position(self.orrery.now))})",
            )
        totals = spec.end_totals(self.state)
        if totals is None:
            # Both boards stay as they are at the end: compare them as usual.
            self.compare_position()
        elif spec.orrery_totals(self.orrery.now) != totals:
            raise Divergence(
                "totals",
                f"the players' seeds at the end differ: Orrery {spec.orrery_totals(self.orrery.now)}, OpenSpiel {totals}",
            )
        outcome = self.orrery.now["outcome"]
        self.reason = outcome["reason"]
        ours = "a draw" if outcome["draw"] else f"{outcome['winner']} wins"
        theirs = spec.outcome_text(self.state.returns())
        if ours != theirs:
            raise Divergence("outcome", f"the game ends with {ours} in Orrery ({outcome['reason']}) but {theirs} in OpenSpiel")
        return None


# ------------------------------------------------------------- backgammon

FILES = "abcdefghijkl"


def white_point_site(point):
    """The site of white's point 1..24 (white bears off from 1-6)."""
    if point <= 12:
        return f"{FILES[12 - point]}1"
    return f"{FILES[point - 13]}2"


# OpenSpiel's positions 0..23: X (player 0) moves from 0 up and bears off
# past 23, O from 23 down; X starts with 2 on 0, 5 on 11, 3 on 16, 5 on 18.
# White's point p is 24 - position, for both players' checkers.
OS_SITES = [white_point_site(24 - pos) for pos in range(24)]
OS_BAR = 100


class Backgammon(Spec):
    label, os_game, rules = "backgammon", "backgammon", "games/backgammon.rules"
    # OpenSpiel's X (player 0) has the checkers on points 24, 13, 8 and 6 of
    # its own count, as Orrery's white does on l2, a2, e1, g1.
    players = ("white", "black")
    checkers = 15

    def os_position(self, state):
        """(site, owner, n)… , then ('bar', owner, n) and ('off', owner, n)."""
        key = []
        for pos in range(24):
            for p in range(2):
                n = state.board(p, pos)
                if n:
                    key.append((OS_SITES[pos], self.players[p], n))
        off = re.search(r"Scores, X: (\d+), O: (\d+)", str(state))
        for p in range(2):
            key.append(("bar", self.players[p], state.board(p, OS_BAR)))
            key.append(("off", self.players[p], int(off.group(1 + p))))
        return tuple(sorted(key))

    def orrery_position(self, now):
        key, on_board = [], {p: 0 for p in self.players}
        for site, text in now["position"].items():
            owner, n, _ = held(text)
            key.append((site, owner, n))
            on_board[owner] = on_board.get(owner, 0) + n
        for p in self.players:
            bar = sum(now["hands"].get(p, {}).values())
            key.append(("bar", p, bar))
            key.append(("off", p, self.checkers - on_board[p] - bar))
        return tuple(sorted(key))


def describe(key):
    return " ".join(f"{site}:{owner[0]}{n}" for site, owner, n in key if n)


class BackgammonGame(PairedGame):
    """One seeded random game of backgammon in both engines, compared turn
    by turn: the throws, then every position a whole turn can reach; its
    counts are decisions (throws and whole turns) and reachable positions."""

    def __init__(self, spec, binary, seed):
        super().__init__(spec, binary, seed)
        self.turn_plies = 0  # Orrery plies walked to list the reachable positions

    def compare_position(self):
        ours, theirs = self.spec.orrery_position(self.orrery.now), self.spec.os_position(self.state)
        if ours != theirs:
            raise Divergence(
                "position", f"the positions differ: Orrery {describe(ours)}; OpenSpiel {describe(theirs)}"
            )
        self.positions += 1

    def play(self):
        while self.plies < MAX_PLIES:
            os_over, orrery_over = self.state.is_terminal(), self.orrery.over()
            if os_over or orrery_over:
                return self.end(os_over, orrery_over)
            self.compare_position()
            self.plies += 1
            if self.state.is_chance_node():
                self.throw()
            else:
                self.turn()
        return f"stopped after {MAX_PLIES} plies"

    def throw(self):
        now = self.orrery.now
        if now["player"] != "chance":
            raise Divergence("player", f"{now['player']} is to move in Orrery but OpenSpiel throws the dice")
        opening = not self.actions
        outcomes = self.state.chance_outcomes()
        # Each OpenSpiel outcome as (who moves next, the dice, smaller first).
        theirs = {}
        for action, _ in outcomes:
            text = self.state.action_to_string(pyspiel.PlayerId.CHANCE, action)
            dice = tuple(sorted(int(d) for d in re.search(r"roll: (\d)(\d)", text).groups()))
            # Who throws later is compared as the player to move after it.
            mover = self.spec.players[0 if "X starts" in text else 1] if opening else None
            theirs.setdefault((mover, dice), []).append(action)
        ours = {}
        for text in now["moves"]:
            values = [int(v) for v in text.split("+")]
            if opening:
                # Orrery's opening: d1 is black's die, d2 white's; the higher
                # starts, with both; a double is thrown again.
                if values[0] == values[1]:
                    continue
                mover = self.spec.players[0 if values[1] > values[0] else 1]
            else:
                mover = None
            ours.setdefault((mover, tuple(sorted(values))), []).append(text)
        if set(ours) != set(theirs):
            raise Divergence(
                "throws",
                f"the throws differ: only in Orrery {sorted(set(ours) - set(theirs))}, "
                f"only in OpenSpiel {sorted(set(theirs) - set(ours))}",
            )
        # Every outcome's probability: OpenSpiel's in its list, Orrery's by
        # its texts (ordered dice, one text per order, each 1/36).
        weight = {k: sum(p for a, p in outcomes if a in acts) for k, acts in theirs.items()}
        for k, texts in ours.items():
            share = len(texts) / (36 - (6 if opening else 0))
            if abs(share - weight[k]) > 1e-9:
                raise Divergence("throws", f"the throw {k} has probability {share} in Orrery, {weight[k]} in OpenSpiel")
        if opening and self.seed % 2 == 0:
            # An opening double is thrown again in Orrery: check it once.
            double = next(t for t in now["moves"] if len(set(t.split("+"))) == 1)
            self.orrery.play(double)
            if self.orrery.now["player"] != "chance":
                raise Divergence("throws", f"after the opening double {double} Orrery has {self.orrery.now['player']} move")
            self.orrery.undo()
        action = self.rng.choice([a for a, _ in outcomes])
        key = next(k for k, acts in theirs.items() if action in acts)
        text = self.rng.choice(sorted(ours[key]))
        self.state.apply_action(action)
        self.actions.append(action)
        self.orrery.play(text)
        self.history.append(text)
        ours_dice, theirs_dice = sorted(self.orrery.now["dice"]), list(key[1])
        if ours_dice != theirs_dice:
            raise Divergence("dice", f"the dice show {ours_dice} in Orrery, {theirs_dice} in OpenSpiel")

    def os_turns(self):
        """{position: [actions]} of every whole turn OpenSpiel allows now (a
        double is two decisions of the same player)."""
        player = self.state.current_player()
        ends, seen = {}, set()

        def walk(state, actions):
            for action in state.legal_actions():
                child = state.child(action)
                if not child.is_terminal() and not child.is_chance_node() and child.current_player() == player:
                    if str(child) not in seen:
                        seen.add(str(child))
                        walk(child, actions + [action])
                    continue
                ends.setdefault(self.spec.os_position(child), actions + [action])

        walk(self.state, [])
        return ends

    def orrery_turns(self, mover):
        """{position: [moves]} of every whole turn Orrery allows now: every
        line of plies until another player is to move or the game ends."""
        ends, seen = {}, set()
        orrery = self.orrery

        def walk(path):
            now = orrery.now
            if now["outcome"] is not None or now["player"] != mover:
                ends.setdefault(self.spec.orrery_position(now), list(path))
                return
            if not now["moves"]:
                raise Divergence("blocked", f"Orrery has {mover} to move with no legal move")
            state = json.dumps([now["position"], now["hands"], now["counters"], now["dice"], now["moves"]], sort_keys=True)
            if state in seen:
                return
            seen.add(state)
            for text in now["moves"]:
                orrery.play(text)
                self.turn_plies += 1
                walk(path + [text])
                orrery.undo()

        walk([])
        return ends

    def turn(self):
        mover = self.spec.players[self.state.current_player()]
        theirs = self.os_turns()
        ours = self.orrery_turns(mover)
        if self.orrery.now["player"] not in (mover, "chance") and self.orrery.now["outcome"] is None:
            raise Divergence("player", f"{self.orrery.now['player']} is to move in Orrery but {mover} in OpenSpiel")
        if set(ours) != set(theirs):
            only_ours = sorted(set(ours) - set(theirs))
            only_theirs = sorted(set(theirs) - set(ours))
            example = ""
            if only_ours:
                example += f"; e.g. Orrery's {' '.join(ours[only_ours[0]]) or '(no move)'} reaches {describe(only_ours[0])}"
            if only_theirs:
                acts = theirs[only_theirs[0]]
                steps = [self.state.action_to_string(a) for a in acts] if len(acts) == 1 else acts
                example += f"; e.g. OpenSpiel's {steps} reaches {describe(only_theirs[0])}"
            raise Divergence(
                "turns",
                f"the positions {mover}'s turn can reach differ: {len(ours)} in Orrery, {len(theirs)} in OpenSpiel, "
                f"{len(only_ours)} only in Orrery, {len(only_theirs)} only in OpenSpiel{example}",
            )
        self.positions += len(ours)
        key = self.rng.choice(sorted(theirs))
        for action in theirs[key]:
            self.state.apply_action(action)
            self.actions.append(action)
        for text in ours[key]:
            self.orrery.play(text)
            self.history.append(text)

    def end(self, os_over, orrery_over):
        if not os_over:
            raise Divergence("orrery_ends", f"Orrery ends ({self.orrery.now['outcome']}) but OpenSpiel goes on")
        if not orrery_over:
            if "Scores, X: 15" not in str(self.state) and "O: 15" not in str(self.state):
                return "OpenSpiel's backgammon draws after 500 turns (not in Orrery's)"
            raise Divergence(
                "openspiel_ends", f"OpenSpiel ends (returns {self.state.returns()}) but Orrery goes on ({self.orrery.now['player']} to move)"
            )
        self.compare_position()
        outcome = self.orrery.now["outcome"]
        self.reason = outcome["reason"]
        ours = "a draw" if outcome["draw"] else f"{outcome['winner']} wins"
        theirs = self.spec.outcome_text(self.state.returns())
        if ours != theirs:
            raise Divergence("outcome", f"the game ends with {ours} in Orrery ({outcome['reason']}) but {theirs} in OpenSpiel")
        return None


SPECS = [(Kalah(), SowingGame), (Oware(), SowingGame), (Backgammon(), BackgammonGame)]


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    common_arguments(parser, games=3)
    parser.add_argument("--only", action="append", help="compare only this game (kalah, oware, backgammon; repeatable)")
    parser.add_argument("--skip-missing", action="store_true", help="skip a game whose rule file is not there")
    args = parser.parse_args()

    specs = [(s, g) for s, g in SPECS if not args.only or s.label in args.only]
    if not specs:
        print(f"crosscheck_counts: no game called {args.only}", file=sys.stderr)
        return 2
    if not os.path.exists(args.orrery):
        print(f"crosscheck_counts: no Orrery binary at {args.orrery} (cargo build --release, or --orrery)", file=sys.stderr)
        return 2
    print(f"OpenSpiel {getattr(pyspiel, '__version__', '?')}, {args.games} random games each, seeds {args.seed}..")
    failed, records = False, []
    for spec, Game in specs:
        if not os.path.exists(os.path.join(ROOT, spec.rules)):
            print(f"skipped  {spec.label:11} no {spec.rules}")
            if not args.skip_missing:
                failed = True
            continue
        start = time.time()
        plies = positions = walked = 0
        diverged, notes, reasons = [], {}, {}
        for seed in range(args.seed, args.seed + args.games):
            game = Game(spec, args.orrery, seed)
            try:
                note = game.play()
                if note:
                    notes[note] = notes.get(note, 0) + 1
            except Divergence as d:
                entry = divergence_entry(spec, seed, game, d)
                records.append(entry)
                diverged.append(entry)
            finally:
                game.orrery.close()
            plies += game.plies
            if getattr(game, "reason", None):
                reasons[game.reason] = reasons.get(game.reason, 0) + 1
            positions += game.positions
            walked += getattr(game, "turn_plies", 0)
        seconds = time.time() - start
        extra = f", {walked} Orrery plies walked" if walked else ""
        print(
            f"{'ok' if not diverged else 'DIVERGES':8} {spec.label:11} {args.games} games, {plies} plies compared, "
            f"{positions} positions compared{extra}, {len(diverged)} divergent ({seconds:.1f}s)"
        )
        if reasons:
            print("         ends agreed on: " + "; ".join(f"{n} x {r}" for r, n in sorted(reasons.items())))
        for note, count in sorted(notes.items()):
            print(f"         {count} game(s) stopped at a documented difference: {note}")
        kinds = {}
        for entry in diverged:
            kinds.setdefault(entry["kind"], []).append(entry)
        for kind, entries in sorted(kinds.items()):
            entry = entries[0]
            print(f"         {len(entries)} x {kind}; first: seed {entry['seed']}, after {entry['ply']} plies: {entry['message']}")
            print(f"           moves: {' '.join(entry['moves'])}")
            print(f"           reproduce: {entry['reproduce']}")
        failed |= bool(diverged)
    if args.json:
        with open(args.json, "w") as out:
            json.dump(records, out, indent=1)
    return 1 if failed else 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except RuntimeError as e:
        print(f"crosscheck_counts: error: {e}", file=sys.stderr)
        sys.exit(2)
