#!/usr/bin/env python3
"""Independent reference move generator for Go on an NxN board (default 9x9), meant as a
check of an Orrery Go file that follows OpenSpiel's `go` game. The rules below were
established by experiment with pyspiel 2.0.2 (load_game("go", {"board_size": N})), not by
reading its code, and not from Orrery's sources. Python 3, standard library only
(pyspiel only for the optional --pyspiel cross-check).

Rules (as OpenSpiel plays them, found by experiment):
  * Black moves first. A move is a stone on an empty point, or a pass (always legal while
    the game is on).
  * After a stone is placed, opponent groups left without liberty are removed.
  * Suicide is illegal: a stone that captures nothing and leaves its own group without
    liberty may not be played (checked: single-stone and two-stone suicide are both
    refused by pyspiel).
  * Ko, two mechanisms (both checked):
    - simple ko, as illegality: when a stone captured exactly one stone and is itself a
      lone stone with exactly one liberty (the captured point), the opponent may not play
      on that point on the very next move. A recapture that takes two or more stones is
      legal (pyspiel: B b1 takes a1, making a2-b2-b1 with the one liberty a1; W a1 taking
      three stones is legal).
    - positional superko, as game end: a stone move that recreates a board that occurred
      before in the game (stones only; the side to move is not compared: a 7-move cycle
      with a pass in it, returning to the same board with the other side to move, also
      ends it) ends the game at once, as a draw (pyspiel returns [0, 0]). The move itself
      is legal and counted. Passes never trigger it. A triple ko cycle of six captures ends
      the game on the sixth.
  * The game ends after two consecutive passes, on a superko repetition, or when the
    number of moves played reaches max_game_length = 2*N*N (pyspiel's default).
  * Scoring (--score): area scoring (Tromp-Taylor): stones of a colour plus empty regions
    whose bordering stones are all of that colour; black's score minus white's minus komi
    (7.5 default); black wins when it is positive (pyspiel: returns +1/-1). A game ended
    by repetition is a draw in pyspiel whatever the score.
  * Reading: for a position given as a board (not as a move sequence) the earlier boards
    are unknown; superko then looks only at the given board and at the boards of the perft
    line. The `moves N` line sets the move count for max_game_length (default 0). With
    --play (a move sequence from the empty board), everything is exact.

Perft(d) = number of move sequences of length d (passes count; a sequence stops where the
game ends: nothing is counted below a game-ending move, which itself is counted).

Checked against pyspiel (--pyspiel): perft 1..4 of the four positions of go_positions.txt,
perft 1..3 of the empty 9x9 board (82, 6643, 531522) and 1..5 of the empty 5x5 board
(26, 651, 15650, 361041, 7984104) are equal; so are the legal-move sets, game ends and
results at every position of 3000 random games on 5x5/7x7/9x9 (289347 positions).

Position format (--pos FILE, '-' = stdin): N lines of N characters, the top line is row N
(the side away from row 1), columns left to right: 'X' black, 'O' white, '.' or '+' empty.
Then optional lines, any order:
    to_play B|W          (default B)
    ko c3                (the point the side to move may not play, simple ko)
    passed 1             (the previous move was a pass: a pass now ends the game)
    moves 24             (moves played so far, for max_game_length)
    komi 7.5
Lines starting with '#' are skipped.
Or --play "c3 d4 pass e5 ..." (from the empty board, with --size N).

Move notation (pyspiel's, without its colour prefix): column letter a..t skipping 'i'
(a b c d e f g h j ...), then the row number from 1 at the bottom: 'c3'; 'pass'.
OpenSpiel's action number for a point is (row-1)*N + column index; pass is N*N.

Usage:
    python3 tools/reference/go.py [--size N] [--pos FILE | --play MOVES] [--depth D]
                                  [--moves] [--divide] [--score]
    python3 tools/reference/go.py --self-test
    python3 tools/reference/go.py --positions [--depth D]    (go_positions.txt)
    python3 tools/reference/go.py --pyspiel [--games G]       (cross-check, needs pyspiel)
"""
import argparse
import sys
import time

COLS = "abcdefghjklmnopqrst"
EMPTY, BLACK, WHITE = 0, 1, 2


def other(c):
    return 3 - c


class Go:
    def __init__(self, n=9, komi=7.5):
        self.n = n
        self.komi = komi
        self.pass_move = n * n
        self.max_len = 2 * n * n
        self.nb = []
        for p in range(n * n):
            r, c = divmod(p, n)
            lst = []
            if c > 0:
                lst.append(p - 1)
            if c < n - 1:
                lst.append(p + 1)
            if r > 0:
                lst.append(p - n)
            if r < n - 1:
                lst.append(p + n)
            self.nb.append(tuple(lst))

    # -- notation --------------------------------------------------------------
    def name(self, m):
        if m == self.pass_move:
            return "pass"
        r, c = divmod(m, self.n)
        return "%s%d" % (COLS[c], r + 1)

    def parse(self, s):
        s = s.strip().lower()
        if s == "pass":
            return self.pass_move
        c = COLS.index(s[0])
        r = int(s[1:]) - 1
        assert 0 <= c < self.n and 0 <= r < self.n, s
        return r * self.n + c

    # -- groups ----------------------------------------------------------------
    def group(self, board, p):
        """stones of p's group and its liberties (sets)"""
        col = board[p]
        stones = {p}
        libs = set()
        stack = [p]
        nb = self.nb
        while stack:
            q = stack.pop()
            for t in nb[q]:
                v = board[t]
                if v == EMPTY:
                    libs.add(t)
                elif v == col and t not in stones:
                    stones.add(t)
                    stack.append(t)
        return stones, libs

    def has_other_liberty(self, board, p, exclude):
        """does p's group have a liberty other than `exclude`?"""
        col = board[p]
        seen = {p}
        stack = [p]
        nb = self.nb
        while stack:
            q = stack.pop()
            for t in nb[q]:
                v = board[t]
                if v == EMPTY:
                    if t != exclude:
                        return True
                elif v == col and t not in seen:
                    seen.add(t)
                    stack.append(t)
        return False

    def legal_point(self, st, p):
        board = st.board
        if board[p] != EMPTY or p == st.ko:
            return False
        me = st.to_play
        opp = other(me)
        for t in self.nb[p]:
            if board[t] == EMPTY:
                return True
        for t in self.nb[p]:
            v = board[t]
            if v == opp and not self.has_other_liberty(board, t, p):
                return True           # captures
            if v == me and self.has_other_liberty(board, t, p):
                return True           # joins a group that keeps a liberty
        return False                  # suicide

    def legal(self, st):
        if st.over:
            return []
        out = [p for p in range(self.n * self.n) if self.legal_point(st, p)]
        out.append(self.pass_move)
        return out

    def play(self, st, m):
        """the state after move m (new State)"""
        ns = st.copy()
        ns.moves += 1
        me = st.to_play
        ns.to_play = other(me)
        ns.ko = None
        if m == self.pass_move:
            if st.passed:
                ns.over = "passes"
            ns.passed = True
        else:
            ns.passed = False
            board = ns.board
            board[m] = me
            captured = []
            for t in self.nb[m]:
                if board[t] == other(me):
                    stones, libs = self.group(board, t)
                    if not libs:
                        for s in stones:
                            board[s] = EMPTY
                        captured.extend(stones)
            if len(captured) == 1:
                stones, libs = self.group(board, m)
                if len(stones) == 1 and len(libs) == 1:
                    ns.ko = captured[0]
            key = bytes(board)
            if key in st.seen:
                ns.over = "repetition"
            else:
                ns.seen = st.seen | {key}
        if not ns.over and ns.moves >= self.max_len:
            ns.over = "length"
        return ns

    # -- scoring ---------------------------------------------------------------
    def area(self, board):
        """(black area, white area)"""
        n2 = self.n * self.n
        score = [0, 0, 0]
        seen = set()
        for p in range(n2):
            v = board[p]
            if v != EMPTY:
                score[v] += 1
                continue
            if p in seen:
                continue
            region = {p}
            stack = [p]
            border = set()
            while stack:
                q = stack.pop()
                for t in self.nb[q]:
                    w = board[t]
                    if w == EMPTY:
                        if t not in region:
                            region.add(t)
                            stack.append(t)
                    else:
                        border.add(w)
            seen |= region
            if len(border) == 1:
                score[border.pop()] += len(region)
        return score[BLACK], score[WHITE]


class State:
    __slots__ = ("board", "to_play", "ko", "passed", "moves", "over", "seen")

    def copy(self):
        s = State()
        s.board = self.board[:]
        s.to_play = self.to_play
        s.ko = self.ko
        s.passed = self.passed
        s.moves = self.moves
        s.over = self.over
        s.seen = self.seen
        return s


def empty_state(g):
    s = State()
    s.board = [EMPTY] * (g.n * g.n)
    s.to_play = BLACK
    s.ko = None
    s.passed = False
    s.moves = 0
    s.over = None
    s.seen = frozenset([bytes(s.board)])
    return s


def from_moves(g, text):
    st = empty_state(g)
    for tok in text.split():
        m = g.parse(tok)
        assert m in g.legal(st), "illegal move %s" % tok
        st = g.play(st, m)
    return st


def from_text(text, komi=None):
    rows, opts = [], {}
    for ln in text.splitlines():
        ln = ln.strip()
        if not ln or ln.startswith("#"):
            continue
        if set(ln) <= set("XO.+"):
            rows.append(ln)
        else:
            k, v = ln.split(None, 1)
            opts[k.lower()] = v.strip()
    n = len(rows)
    assert all(len(r) == n for r in rows), "square board expected"
    g = Go(n, float(opts.get("komi", komi if komi is not None else 7.5)))
    st = empty_state(g)
    for i, row in enumerate(rows):
        r = n - 1 - i
        for c, ch in enumerate(row):
            st.board[r * n + c] = {"X": BLACK, "O": WHITE}.get(ch, EMPTY)
    st.to_play = WHITE if opts.get("to_play", "B").upper().startswith("W") else BLACK
    st.ko = g.parse(opts["ko"]) if "ko" in opts else None
    st.passed = opts.get("passed", "0") not in ("0", "no", "false")
    st.moves = int(opts.get("moves", "0"))
    st.seen = frozenset([bytes(st.board)])
    return g, st


def show(g, st):
    out = []
    for r in range(g.n - 1, -1, -1):
        out.append("".join(".XO"[st.board[r * g.n + c]] for c in range(g.n)))
    out.append("to_play %s" % ("B" if st.to_play == BLACK else "W"))
    if st.ko is not None:
        out.append("ko %s" % g.name(st.ko))
    if st.passed:
        out.append("passed 1")
    if st.moves:
        out.append("moves %d" % st.moves)
    return "\n".join(out)


def perft(g, st, depth):
    if depth == 0:
        return 1
    moves = g.legal(st)
    if depth == 1:
        return len(moves)
    return sum(perft(g, g.play(st, m), depth - 1) for m in moves)


def score_text(g, st):
    b, w = g.area(st.board)
    d = b - w - g.komi
    return "black %d, white %d, komi %g: black - white - komi = %g, %s wins" % (
        b, w, g.komi, d, "black" if d > 0 else "white")


def interleave(blacks, whites, to_play="B"):
    """a move sequence from the empty board placing the given stones (black first,
    passing for a side that has none left), ending with `to_play` to move"""
    bl, wh, out, turn = blacks.split(), whites.split(), [], 0
    while bl or wh:
        src = bl if turn == 0 else wh
        out.append(src.pop(0) if src else "pass")
        turn ^= 1
    if (turn == 0) != (to_play == "B"):
        out.append("pass")
    return " ".join(out)


# --- positions of go_positions.txt: (name, size, move sequence from the empty board) ---
TRIPLE_KO = interleave("b1 a2 b3 g1 h2 g3 f2 b6 a7 b8",
                       "c1 d2 c3 b2 f1 e2 f3 c6 d7 c8 b7", "B")
TRIPLE_KO_CYCLE = ["c2", "g2", "c7", "b2", "f2", "b7"]
POSITIONS = [
    # black to move: a8 takes a9 (1 stone), e5 takes d5 (1), d3 takes e3-e2 (2)
    ("captures", 9, interleave("d4 d6 c5 e4 f3 f2 d2 b9 e1",
                               "d5 e3 e2 a9 g7 g6 h5 c7 b2", "B")),
    # black has just taken the ko with c2 (capturing b2): white may not play b2 now
    ("ko", 9, interleave("b1 a2 b3 e5", "c1 d2 c3 b2 f5 f6") + " c2"),
    # black to move: a9 is suicide (one stone), a1 suicide of two stones (b1 joins);
    # j9 looks enclosed but captures h9; for white, j9 would be a two-stone suicide
    ("suicide", 9, interleave("g9 h8 j8 b1 e5 f5", "h9 b9 a8 c1 b2 a2 e4 e6", "B")),
    # triple ko, five captures into the cycle: white's b7 recreates the start board
    # and ends the game (draw); any other move goes on
    ("triple_ko", 9, TRIPLE_KO + " " + " ".join(TRIPLE_KO_CYCLE[:5])),
]
POSITION_FIGURES = {          # perft 1..4, equal to pyspiel's (see go_positions.txt)
    "captures": [64, 4032, 250304, 15269313],
    "ko": [70, 4971, 343003, 23681152],
    "suicide": [66, 4358, 279178, 17888475],
    "triple_ko": [60, 3538, 208517, 12090694],
}


def self_test():
    g = Go(9)
    st = empty_state(g)
    assert [perft(g, st, d) for d in (1, 2)] == [82, 81 * 81 + 82]
    # two passes end the game; a pass after a stone does not
    st = g.play(empty_state(g), g.pass_move)
    assert not st.over and len(g.legal(st)) == 82
    st = g.play(st, g.pass_move)
    assert st.over == "passes" and g.legal(st) == []

    def names(st):
        return {g.name(m) for m in g.legal(st)}

    # suicide
    st = from_moves(g, dict((n, m) for n, _, m in POSITIONS)["suicide"])
    mv = names(st)
    assert "a9" not in mv and "a1" not in mv and "j9" in mv, sorted(mv)
    st2 = g.play(st, g.pass_move)
    assert "j9" not in names(st2) and "a9" in names(st2)   # white: j9 two-stone suicide
    st3 = g.play(st, g.parse("j9"))
    assert st3.board[g.parse("h9")] == EMPTY
    # captures
    st = from_moves(g, POSITIONS[0][2])
    for mv, gone in (("a8", ["a9"]), ("e5", ["d5"]), ("d3", ["e3", "e2"])):
        s2 = g.play(st, g.parse(mv))
        assert all(s2.board[g.parse(x)] == EMPTY for x in gone), mv
    # simple ko: no immediate retake, retake after an exchange
    st = from_moves(g, POSITIONS[1][2])
    assert st.ko == g.parse("b2") and "b2" not in names(st)
    s2 = g.play(g.play(st, g.parse("j9")), g.parse("j1"))
    assert "b2" in names(s2)
    # a one-stone capture that is not a ko: retaking three stones is legal
    st = from_moves(g, interleave("a2 b2", "a1 a3 b3 c2 c1", "B") + " b1")
    assert st.ko is None and "a1" in names(st)
    # triple ko: the sixth capture recreates the board and ends the game (a draw)
    st = from_moves(g, TRIPLE_KO)
    for mv in TRIPLE_KO_CYCLE[:-1]:
        assert mv in names(st), mv
        st = g.play(st, g.parse(mv))
        assert not st.over
    st = g.play(st, g.parse(TRIPLE_KO_CYCLE[-1]))
    assert st.over == "repetition", st.over
    # position figures, depths 1-3
    for nm, n, moves in POSITIONS:
        gg = Go(n)
        st = from_moves(gg, moves)
        got = [perft(gg, st, d) for d in (1, 2, 3)]
        assert got == POSITION_FIGURES[nm][:3], (nm, got)
    # the same positions read back from the board format give the same counts (no
    # superko in reach within 3 plies, so the unknown history does not matter)
    for nm, n, moves in POSITIONS[:3]:
        gg = Go(n)
        st = from_moves(gg, moves)
        g2, st2 = from_text(show(gg, st))
        assert [perft(g2, st2, d) for d in (1, 2)] == POSITION_FIGURES[nm][:2], nm
    # scoring: an empty region bordered by no stone counts for nobody
    assert g.area(empty_state(g).board) == (0, 0)
    st = from_moves(g, "e5")
    assert g.area(st.board) == (81, 0)
    print("self-test ok")


def run_positions(depth):
    for nm, n, moves in POSITIONS:
        g = Go(n)
        st = from_moves(g, moves)
        print(nm, "(%dx%d)" % (n, n))
        print("  from the empty board:", moves)
        for ln in show(g, st).splitlines():
            print("  " + ln)
        print("  moves:", " ".join(g.name(m) for m in g.legal(st)))
        for d in range(1, depth + 1):
            t = time.time()
            print("  perft(%d) = %d  (%.1fs)" % (d, perft(g, st, d), time.time() - t))
        print("  score:", score_text(g, st))


def pyspiel_check(games, depth):
    """compare with pyspiel: perft of the positions, and legal moves / game end / result
    along random games on 5x5, 7x7 and 9x9"""
    import random
    import pyspiel

    def sp_perft(s, d):
        la = s.legal_actions()
        if d == 1:
            return len(la)
        n = 0
        for a in la:
            c = s.clone()
            c.apply_action(a)
            n += sp_perft(c, d - 1)
        return n

    for nm, n, moves in POSITIONS:
        g = Go(n)
        st = from_moves(g, moves)
        game = pyspiel.load_game("go", {"board_size": n})
        s = game.new_initial_state()
        for tok in moves.split():
            s.apply_action(g.parse(tok))
        assert sorted(s.legal_actions()) == sorted(g.legal(st)), nm
        mine = [perft(g, st, d) for d in range(1, depth + 1)]
        theirs = [sp_perft(s, d) for d in range(1, depth + 1)]
        print("%-10s reference %s pyspiel %s %s" % (nm, mine, theirs,
                                                   "ok" if mine == theirs else "DIFFER"))
    rnd = random.Random(7)
    npos = bad = 0
    ends = {}
    for i in range(games):
        n = (5, 7, 9)[i % 3]
        g = Go(n)
        game = pyspiel.load_game("go", {"board_size": n})
        s = game.new_initial_state()
        st = empty_state(g)
        while True:
            npos += 1
            la = sorted(s.legal_actions())
            mine = sorted(g.legal(st))
            if la != mine or s.is_terminal() != bool(st.over):
                bad += 1
                print("MISMATCH", n, [g.name(a) for a in s.history()])
                break
            if st.over:
                r = s.returns()[0]
                if st.over == "repetition":
                    exp = 0.0
                else:
                    b, w = g.area(st.board)
                    exp = 1.0 if b - w - g.komi > 0 else -1.0
                if r != exp:
                    bad += 1
                    print("RESULT MISMATCH", st.over, r, exp)
                ends[st.over] = ends.get(st.over, 0) + 1
                break
            # prefer stones so games get long and full of captures; pass now and then
            m = rnd.choice(mine[:-1]) if len(mine) > 1 and rnd.random() < 0.97 else g.pass_move
            s.apply_action(m)
            st = g.play(st, m)
    print("random games: %d, positions %d, mismatches %d, game ends %s"
          % (games, npos, bad, ends))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--size", type=int, default=9)
    ap.add_argument("--komi", type=float, default=7.5)
    ap.add_argument("--pos")
    ap.add_argument("--play", help="moves from the empty board, space separated")
    ap.add_argument("--depth", type=int, default=3)
    ap.add_argument("--moves", action="store_true")
    ap.add_argument("--divide", action="store_true")
    ap.add_argument("--score", action="store_true")
    ap.add_argument("--self-test", action="store_true")
    ap.add_argument("--positions", action="store_true")
    ap.add_argument("--pyspiel", action="store_true")
    ap.add_argument("--games", type=int, default=200)
    a = ap.parse_args()
    if a.self_test:
        self_test()
        return
    if a.positions:
        run_positions(a.depth)
        return
    if a.pyspiel:
        pyspiel_check(a.games, a.depth)
        return
    if a.pos:
        text = sys.stdin.read() if a.pos == "-" else open(a.pos).read()
        g, st = from_text(text, a.komi)
    else:
        g = Go(a.size, a.komi)
        st = from_moves(g, a.play or "")
    if a.score:
        print(score_text(g, st))
        return
    if a.moves:
        for m in g.legal(st):
            print(g.name(m))
        return
    if a.divide:
        tot = 0
        for m in g.legal(st):
            n = perft(g, g.play(st, m), a.depth - 1)
            tot += n
            print(g.name(m), n)
        print("total", tot)
        return
    for d in range(1, a.depth + 1):
        t = time.time()
        print("perft(%d) = %d  (%.1fs)" % (d, perft(g, st, d), time.time() - t))


if __name__ == "__main__":
    main()
