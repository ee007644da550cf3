#!/usr/bin/env python3
"""Independent reference implementation of Sun Moon and Stars (after "Tablero de Jesus").

Written from the spec alone (shared/specs/sun_moon_and_stars.md, in particular the binding
section "Plies, notation and trace", P1..P16), without reading Orrery's sources or
games/sun_moon_and_stars.rules. Python 3, standard library only.

The game is a state machine cut into plies as P1..P12 say: 5 lo setup placements, 2 hi
setup placements, then throws (chance, 21 unordered outcomes `a+b`, a <= b), two-coin moves
(`c1-c4,e7-e2`), decisions (`take`, `run`, `continue`, `pass`), run throws and run decisions
(`again`, `take`).

Usage (from the repository root):

    python3 tools/reference/sun_moon_and_stars.py --perft 9
    python3 tools/reference/sun_moon_and_stars.py --moves a1 b1 c1 d1 e1 f7 g7 3+5
    python3 tools/reference/sun_moon_and_stars.py --random 1 --games 200
    python3 tools/reference/sun_moon_and_stars.py --selftest   (hand-built run/take scenarios)
    (add --house for the Pockets house rule: a run throw loses on 7 and 11 only)

Readings beyond the spec's wording are marked "Reading:" in comments.
"""
import argparse
import random
import statistics
import sys
import time

COLS = "abcdefg"
ROWS = range(1, 8)
STAR_ROWS = range(2, 7)
TURN_END_SUMS = (7, 11, 12)          # P4 (a): a throw with these sums ends the turn
RUN_LOSE_DEFAULT = (7, 11, 12)       # P10, C5
RUN_LOSE_HOUSE = (7, 11)             # P10 under the C5 option (--house)
HOME = {"lo": 1, "hi": 7}            # lo: suns (row 1), hi: moons (row 7)
THROWS = [(a, b) for a in range(1, 7) for b in range(a, 7)]   # 21 unordered pairs
THROW_NAMES = ["%d+%d" % t for t in THROWS]
TOTAL_COINS = 30


def other(p):
    return "hi" if p == "lo" else "lo"


def site(col, row):
    return "%s%d" % (COLS[col], row)


class State:
    """One position between plies.

    board: tuple of 7 entries, one per column a..g: the row (1..7) of the coin in that
    column, or 0 if the column is empty. Reading: a list of occupied sites would be the
    literal form, but between plies no column ever holds two coins (setup fills empty
    columns only, moves stay in their column, replenishing fills emptied columns only), so
    this is the same information; `sites()` gives the site form and check() asserts it.
    """

    __slots__ = ("board", "stake", "pot", "phase", "holder", "dice", "moved",
                 "placed", "outcome", "house")

    def __init__(self, house=False):
        self.board = (0,) * 7
        self.stake = {"lo": 15, "hi": 15}
        self.pot = 0
        self.phase = "setup"
        self.holder = "lo"
        self.dice = None          # last throw (run throws included), sorted pair
        self.moved = frozenset()  # sites reached by the last two-coin move (P6)
        self.placed = 0           # setup placements made so far
        self.outcome = None
        self.house = house

    def copy(self):
        s = State.__new__(State)
        s.board = self.board
        s.stake = dict(self.stake)
        s.pot = self.pot
        s.phase = self.phase
        s.holder = self.holder
        s.dice = self.dice
        s.moved = self.moved
        s.placed = self.placed
        s.outcome = self.outcome
        s.house = self.house
        return s

    def sites(self):
        return [site(c, r) for c, r in enumerate(self.board) if r]

    def coins(self):
        return sum(1 for r in self.board if r)

    def to_move(self):
        if self.outcome is not None:
            return None
        if self.phase == "setup":
            return "lo" if self.placed < 5 else "hi"
        if self.phase in ("throw", "run_throw"):
            return "chance"
        return self.holder

    def check(self):
        total = self.stake["lo"] + self.stake["hi"] + self.pot + self.coins()
        assert total == TOTAL_COINS, "invariant broken: %d coins" % total
        assert min(self.stake.values()) >= 0 and self.pot >= 0
        if self.outcome is not None:
            assert self.coins() == 0, "final board must be empty"
        elif self.phase != "setup":
            assert all(self.board), "every column holds one coin after setup"


# ---------------------------------------------------------------- two-coin moves (P5)

def two_coin_moves(board, dice):
    """Distinct two-coin moves for the pair `dice`, as sorted notation strings."""
    a, b = dice
    out = set()
    for i in range(7):
        ri = board[i]
        if not ri:
            continue
        for j in range(7):
            rj = board[j]
            if j == i or not rj:
                continue
            # coin i moves by a, coin j by b; up or down, no bounce
            for ti in (ri + a, ri - a):
                if not 1 <= ti <= 7:
                    continue
                for tj in (rj + b, rj - b):
                    if not 1 <= tj <= 7:
                        continue
                    parts = sorted([(i, ri, ti), (j, rj, tj)])
                    # ",".join of the parts ordered by column; identical results
                    # (doubles: i<->j swapped) give identical strings and merge here
                    out.add(",".join("%s-%s" % (site(c, f), site(c, t)) for c, f, t in parts))
    return sorted(out)


def count_two_coin_moves(board, dice):
    """Same count as len(two_coin_moves(...)), by arithmetic (used for bulk perft).

    n_c(d) = number of directions in which the coin of column c can go d rows. Different
    column pairs or different targets give different boards; a non-double (a, b) never
    gives the same board with the dice swapped (r+-a != r+-b), a double always does.
    """
    a, b = dice
    na = [(r + a <= 7) + (r - a >= 1) if r else 0 for r in board]
    if a == b:
        s = sum(na)
        return (s * s - sum(x * x for x in na)) // 2
    nb = [(r + b <= 7) + (r - b >= 1) if r else 0 for r in board]
    return sum(na) * sum(nb) - sum(x * y for x, y in zip(na, nb))


# ---------------------------------------------------------------- lines (P6)

def eligible_lines(board, moved):
    """Maximal horizontal groups of >= 2 coins in adjacent columns on a star row that
    contain at least one site in `moved`. Returns a list of lists of columns."""
    lines = []
    for row in STAR_ROWS:
        c = 0
        while c < 7:
            if board[c] != row:
                c += 1
                continue
            start = c
            while c < 7 and board[c] == row:
                c += 1
            group = list(range(start, c))
            if len(group) >= 2 and any(site(k, row) in moved for k in group):
                lines.append(group)
    return lines


# ---------------------------------------------------------------- legal moves

def legal_moves(s):
    if s.outcome is not None:
        return []
    ph = s.phase
    if ph == "setup":
        row = 1 if s.placed < 5 else 7
        return [site(c, row) for c in range(7) if not s.board[c]]
    if ph in ("throw", "run_throw"):
        return list(THROW_NAMES)
    if ph == "move":
        return two_coin_moves(s.board, s.dice)
    if ph == "decide":
        lines = eligible_lines(s.board, s.moved)
        ms = []
        if lines:
            ms.append("take")
        if any(len(g) == 7 for g in lines):
            ms.append("run")
        ms += ["continue", "pass"]
        return ms
    if ph == "run_decide":
        return ["again", "take"]
    raise AssertionError(ph)


def count_legal(s):
    """len(legal_moves(s)) without building the strings (bulk perft)."""
    if s.outcome is not None:
        return 0
    ph = s.phase
    if ph == "setup":
        return sum(1 for r in s.board if not r)
    if ph in ("throw", "run_throw"):
        return 21
    if ph == "move":
        return count_two_coin_moves(s.board, s.dice)
    if ph == "decide":
        lines = eligible_lines(s.board, s.moved)
        return 2 + (1 if lines else 0) + (1 if any(len(g) == 7 for g in lines) else 0)
    if ph == "run_decide":
        return 2
    raise AssertionError(ph)


# ---------------------------------------------------------------- applying a move

def parse_throw(m):
    digits = [ch for ch in m if ch.isdigit()]
    if len(digits) != 2 or not all("1" <= d <= "6" for d in digits):
        return None
    return tuple(sorted(int(d) for d in digits))


def end_game(s, winner, reason):
    """P12: the winner takes every coin still on the board."""
    s.stake[winner] += s.coins()
    s.board = (0,) * 7
    s.outcome = {"winner": winner, "draw": False, "reason": reason}


def replenish(s, by, cols, taker):
    """P8/P10/P11: `by` puts one coin on his home row in each column of `cols`, or, if he
    can't pay for all of them, places none and the game ends, won by `taker`."""
    if s.stake[by] < len(cols):
        end_game(s, taker, "%s cannot replenish %d columns" % (by, len(cols)))
        return False
    b = list(s.board)
    for c in cols:
        assert b[c] == 0
        b[c] = HOME[by]
    s.board = tuple(b)
    s.stake[by] -= len(cols)
    return True


def run_stake(s):
    """P9 (also `again`, P11): the opponent stakes 2 into the pot, or the game ends."""
    x, y = s.holder, other(s.holder)
    if s.stake[y] < 2:
        end_game(s, x, "%s cannot stake 2 for the run" % y)
        return
    s.stake[y] -= 2
    s.pot += 2        # pot is 0 whenever a stake is made, so this is "pot = 2"
    s.phase = "run_throw"


def take_all_board(s, taker):
    """Board coins go to the taker (used by a run decision's take and a lost run)."""
    s.stake[taker] += s.coins()
    s.board = (0,) * 7


def apply(s, m):
    """Return the position after move string `m`; raise ValueError if illegal."""
    if m not in legal_moves(s):
        t = parse_throw(m) if s.phase in ("throw", "run_throw") else None
        if t is None or s.outcome is not None:
            raise ValueError("illegal move %r in phase %s; legal: %s"
                             % (m, s.phase if s.outcome is None else "over",
                                " ".join(legal_moves(s)) or "(none)"))
        m = "%d+%d" % t
    n = s.copy()
    ph = s.phase
    x = s.holder
    y = other(x)

    if ph == "setup":                                   # P2, P3
        col = COLS.index(m[0])
        who = "lo" if s.placed < 5 else "hi"
        b = list(n.board)
        b[col] = HOME[who]
        n.board = tuple(b)
        n.stake[who] -= 1
        n.placed += 1
        if n.placed == 7:
            n.phase = "throw"
            n.holder = "lo"                             # TS-3
        return n

    if ph == "throw":                                   # P4
        d = parse_throw(m)
        n.dice = d
        n.moved = frozenset()
        if sum(d) in TURN_END_SUMS or count_two_coin_moves(n.board, d) == 0:
            n.holder = y                                # (a), (b): turn ends
            n.phase = "throw"
        else:
            n.phase = "move"                            # (c)
        return n

    if ph == "move":                                    # P5
        b = list(n.board)
        reached = set()
        for part in m.split(","):
            f, t = part.split("-")
            col = COLS.index(f[0])
            assert b[col] == int(f[1:])
            b[col] = int(t[1:])
            reached.add(t)
        n.board = tuple(b)
        n.moved = frozenset(reached)
        n.phase = "decide"
        return n

    if ph == "decide":                                  # P7
        if m == "take":                                 # P8
            lines = eligible_lines(n.board, n.moved)
            cols = sorted(c for g in lines for c in g)
            b = list(n.board)
            for c in cols:
                b[c] = 0
            n.board = tuple(b)
            n.stake[x] += len(cols)
            if replenish(n, y, cols, x):
                n.holder = y
                n.phase = "throw"
            return n
        if m == "run":                                  # P9
            run_stake(n)
            return n
        if m == "continue":
            n.phase = "throw"
            return n
        if m == "pass":
            n.holder = y
            n.phase = "throw"
            return n

    if ph == "run_throw":                               # P10
        d = parse_throw(m)
        n.dice = d
        lose = RUN_LOSE_HOUSE if n.house else RUN_LOSE_DEFAULT
        if sum(d) in lose:
            take_all_board(n, y)                        # 7 board coins ...
            n.stake[y] += n.pot                         # ... and the pot: 9 coins
            n.pot = 0
            if replenish(n, x, list(range(7)), y):
                n.holder = y
                n.phase = "throw"
        else:
            n.stake[x] += n.pot
            n.pot = 0
            n.phase = "run_decide"
        return n

    if ph == "run_decide":                              # P11
        if m == "again":
            run_stake(n)
            return n
        if m == "take":
            take_all_board(n, x)
            if replenish(n, y, list(range(7)), x):
                n.holder = y
                n.phase = "throw"
            return n

    raise AssertionError((ph, m))


# ---------------------------------------------------------------- perft (P15)

def perft(s, depth):
    """Number of move sequences of length `depth`; chance outcomes count 1 each.
    Bulk counting: at depth 1 the legal moves are counted, not played."""
    if depth == 1:
        return count_legal(s)
    total = 0
    for m in legal_moves(s):
        c = apply(s, m)
        if c.outcome is None:
            total += perft(c, depth - 1)
    return total


# ---------------------------------------------------------------- printing

def describe(s):
    lines = []
    occ = s.sites()
    lines.append("board (%d coins): %s" % (len(occ), " ".join(occ) or "(empty)"))
    lines.append("  7 " + " ".join("o" if s.board[c] == 7 else "." for c in range(7)))
    for r in range(6, 0, -1):
        lines.append("  %d " % r + " ".join("o" if s.board[c] == r else "." for c in range(7)))
    lines.append("    " + " ".join(COLS))
    lines.append("counters: stake_lo=%d stake_hi=%d pot=%d"
                 % (s.stake["lo"], s.stake["hi"], s.pot))
    lines.append("phase: %s" % (s.phase if s.outcome is None else "over"))
    lines.append("holder: %s   to_move: %s" % (s.holder, s.to_move()))
    lines.append("dice: %s" % ("%d+%d" % s.dice if s.dice else "None"))
    lines.append("moved: %s" % (" ".join(sorted(s.moved)) or "-"))
    lines.append("outcome: %s" % (s.outcome,))
    ms = legal_moves(s)
    lines.append("legal moves (%d): %s" % (len(ms), " ".join(ms)))
    return "\n".join(lines)


# ---------------------------------------------------------------- random playouts (P16)

def play_random(seed, house=False, max_plies=None, check_counts=False):
    rng = random.Random(seed)
    s = State(house)
    s.check()
    plies = throws = runs = 0
    while s.outcome is None:
        if max_plies is not None and plies >= max_plies:
            break
        ms = legal_moves(s)
        if check_counts:
            assert len(ms) == count_legal(s), (describe(s))
        if s.phase in ("throw", "run_throw"):
            d = tuple(sorted((rng.randint(1, 6), rng.randint(1, 6))))
            m = "%d+%d" % d
            throws += 1
        else:
            m = rng.choice(ms)
            if m == "run":
                runs += 1
        s = apply(s, m)
        s.check()
        plies += 1
    return s, plies, throws, runs


# ---------------------------------------------------------------- scenario self-test

def position(board, stake_lo, stake_hi, phase, holder, dice=None, pot=0, house=False):
    """Hand-built position; board is a string of 7 rows for columns a..g, e.g. "4444437"."""
    s = State(house)
    s.board = tuple(int(ch) for ch in board)
    s.stake = {"lo": stake_lo, "hi": stake_hi}
    s.pot = pot
    s.phase = phase
    s.holder = holder
    s.dice = dice
    s.placed = 7
    s.check()
    return s


def play(s, *moves):
    for m in moves:
        s = apply(s, m)
        s.check()
    return s


def selftest():
    # A 7-line formed by lo: f3-f4 and g7-g4 complete row 4.
    s0 = position("4444437", 12, 11, "move", "lo", (1, 3))
    s = play(s0, "f3-f4,g7-g4")
    assert legal_moves(s) == ["take", "run", "continue", "pass"], legal_moves(s)
    # Run, win the pot on 3+5, run again, lose on 5+6: hi takes 9, lo refills row 1.
    s = play(s, "run")
    assert (s.phase, s.stake["hi"], s.pot) == ("run_throw", 9, 2)
    s = play(s, "3+5")
    assert (s.phase, s.stake["lo"], s.pot, s.dice) == ("run_decide", 14, 0, (3, 5))
    assert legal_moves(s) == ["again", "take"]
    s = play(s, "again", "5+6")
    assert s.outcome is None and s.phase == "throw" and s.holder == "hi"
    assert s.board == (1,) * 7 and s.stake == {"lo": 7, "hi": 16} and s.pot == 0
    # 6+6 loses a run by default but not under the house rule (C5).
    s = play(s0, "f3-f4,g7-g4", "run", "6+6")
    assert s.holder == "hi" and s.board == (1,) * 7 and s.stake == {"lo": 5, "hi": 18}
    h = position("4444437", 12, 11, "move", "lo", (1, 3), house=True)
    s = play(h, "f3-f4,g7-g4", "run", "6+6")
    assert s.phase == "run_decide" and s.stake == {"lo": 14, "hi": 9}
    # Run decision take: lo takes 7, hi refills row 7 and holds the dice.
    s = play(s, "take")
    assert s.board == (7,) * 7 and s.stake == {"lo": 21, "hi": 2} and s.holder == "hi"
    assert s.phase == "throw"
    # A lost run the runner can't refill: opponent wins, board empty.
    s = play(position("4444437", 6, 17, "move", "lo", (1, 3)), "f3-f4,g7-g4", "run", "3+4")
    assert s.outcome["winner"] == "hi" and s.stake == {"lo": 6, "hi": 24} and s.coins() == 0
    # Opponent can't stake for the run (P9) or for `again` (P11).
    s = play(position("4444437", 22, 1, "move", "lo", (1, 3)), "f3-f4,g7-g4", "run")
    assert s.outcome["winner"] == "lo" and s.stake == {"lo": 29, "hi": 1}
    s = play(position("4444437", 19, 4, "move", "lo", (1, 3)), "f3-f4,g7-g4", "run",
             "1+2", "again", "1+2", "again")
    assert s.outcome["winner"] == "lo" and s.stake == {"lo": 30, "hi": 0}, s.stake
    # Take of two eligible lines (b,c on row 3 and d..g on row 5): hi refills 6 columns.
    s = play(position("1235557", 10, 13, "move", "lo", (1, 2)), "b2-b3,g7-g5")
    assert eligible_lines(s.board, s.moved) == [[1, 2], [3, 4, 5, 6]]
    s = play(s, "take")
    assert s.board == (1, 7, 7, 7, 7, 7, 7) and s.stake == {"lo": 16, "hi": 7}
    assert s.holder == "hi" and s.phase == "throw"
    # A stale line is not eligible: d,e on row 4 stand; lo moves a and g elsewhere.
    s = play(position("1114477", 10, 13, "move", "lo", (1, 2)), "a1-a2,g7-g5")
    assert legal_moves(s) == ["continue", "pass"]
    # ... but extending it makes it eligible again (f7-f4 joins d4 e4).
    s = play(position("1114477", 10, 13, "move", "lo", (3, 1)), "a1-a2,f7-f4")
    assert eligible_lines(s.board, s.moved) == [[3, 4, 5]]
    # Take the replenisher can't pay: taker wins and sweeps the board.
    s = play(position("1114477", 21, 2, "move", "lo", (3, 1)), "a1-a2,f7-f4", "take")
    assert s.outcome["winner"] == "lo" and s.stake == {"lo": 28, "hi": 2}
    assert s.outcome["reason"] == "hi cannot replenish 3 columns"
    # Unplayable throw: coins on rows 3,4,5 only except one; 5+5 needs two coins able to
    # move 5 (rows 1,2,6,7): only a1 can, so the dice pass.
    s = play(position("1344444", 10, 13, "throw", "lo"), "5+5")
    assert s.phase == "throw" and s.holder == "hi" and s.board == (1, 3, 4, 4, 4, 4, 4)
    # A turn-ending sum with moves available still passes the dice; 6+6 too.
    for t in ("3+4", "5+6", "6+6", "1+6", "2+5"):
        s = play(position("1111177", 10, 13, "throw", "lo"), t)
        assert s.phase == "throw" and s.holder == "hi"
    # Doubles merge swapped dice: 2+2 from the start position gives 21 moves.
    s = play(position("1111177", 10, 13, "throw", "lo"), "2+2")
    assert len(legal_moves(s)) == 21 == count_legal(s)
    # continue keeps the dice, pass hands them over.
    s = play(position("1111177", 10, 13, "throw", "lo"), "2+3", "a1-a3,b1-b4")
    assert play(s, "continue").holder == "lo" and play(s, "pass").holder == "hi"
    print("selftest: all scenarios passed")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--house", action="store_true",
                    help="run throw loses on 7 and 11 only (C5 option)")
    ap.add_argument("--perft", type=int, metavar="D")
    ap.add_argument("--moves", nargs="*", metavar="MOVE")
    ap.add_argument("--random", type=int, metavar="SEED")
    ap.add_argument("--games", type=int, default=1)
    ap.add_argument("--max-plies", type=int, default=None,
                    help="stop a random game after N plies (off by default; P14)")
    ap.add_argument("--check-counts", action="store_true",
                    help="in random games also assert count_legal == len(legal_moves)")
    ap.add_argument("--selftest", action="store_true",
                    help="run hand-built scenarios (runs, takes, end of game)")
    a = ap.parse_args(argv)
    if a.selftest:
        selftest()

    if a.perft is not None:
        start = State(a.house)
        t0 = time.time()
        for d in range(1, a.perft + 1):
            t = time.time()
            n = perft(start, d)
            print("depth %d: %d   (%.1fs)" % (d, n, time.time() - t), flush=True)
        print("total %.1fs" % (time.time() - t0))

    if a.moves is not None:
        s = State(a.house)
        for i, m in enumerate(a.moves):
            try:
                s = apply(s, m)
            except ValueError as e:
                sys.exit("move %d (%s): %s" % (i + 1, m, e))
            s.check()
        print("after %d plies" % len(a.moves))
        print(describe(s))

    if a.random is not None:
        t0 = time.time()
        plies_l, throws_l, winners, ended, runs = [], [], {}, 0, 0
        reasons = {}
        for g in range(a.games):
            s, plies, throws, r = play_random(a.random + g, a.house, a.max_plies,
                                              a.check_counts)
            plies_l.append(plies)
            throws_l.append(throws)
            runs += r
            if s.outcome is not None:
                ended += 1
                w = s.outcome["winner"]
                winners[w] = winners.get(w, 0) + 1
                key = s.outcome["reason"].split()[1:]
                key = " ".join(["X"] + key)
                reasons[key] = reasons.get(key, 0) + 1
        print("games %d (seeds %d..%d), ended %d, invariant held at every ply"
              % (a.games, a.random, a.random + a.games - 1, ended))
        print("plies: mean %.1f median %s max %d min %d"
              % (statistics.mean(plies_l), statistics.median(plies_l),
                 max(plies_l), min(plies_l)))
        print("throws: mean %.1f max %d" % (statistics.mean(throws_l), max(throws_l)))
        print("winners: %s" % ", ".join("%s %d" % kv for kv in sorted(winners.items())))
        print("end reasons: %s" % ", ".join("%s: %d" % kv for kv in sorted(reasons.items())))
        print("runs announced: %d" % runs)
        print("time %.1fs" % (time.time() - t0))


if __name__ == "__main__":
    main()
