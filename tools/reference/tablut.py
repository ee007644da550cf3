#!/usr/bin/env python3
"""Independent reference move generator for Tablut (9x9 tafl), written from the rules as
stated in the task brief, without reading Orrery's sources or rule files.
Python 3, standard library only.

Board: files a..i, ranks 1..9. Throne e5. Start: king on e5; defenders e3 e4 e6 e7 c5 d5
f5 g5; attackers d1 e1 f1 e2, d9 e9 f9 e8, a4 a5 a6 b5, i4 i5 i6 h5. Attackers move first.

Rules implemented:
  * Every piece moves like a rook: any distance along a rank or file over empty squares.
  * Only the king may stop on the throne or pass over it; other pieces may do neither
    (when the king is on the throne it blocks anyway, being a piece).
  * Custodial capture of soldiers (attackers and defenders, never the king by this rule):
    after a move to square t, each enemy soldier orthogonally next to t is removed when the
    square beyond it on the same line holds a piece of the mover or is the empty throne.
    For the defenders the king counts as a piece of the mover, both as the far partner and
    as the moving piece (the king captures actively, like a soldier). A piece moving between
    two enemies is not captured (captures happen only as a result of the opponent's move).
    Several soldiers may be captured by one move (each sandwich is tested separately).
  * The king is captured by an attacker's move that completes the enclosure, the moved
    attacker being one of the enclosers: on the throne, attackers on all four sides; on a
    square next to the throne, attackers on the three other sides (the throne, empty then,
    closes the fourth); elsewhere, attackers on four sides.
  * The defenders win when the king reaches an edge square; the attackers win when they
    capture the king. A player with no legal move loses. Threefold repetition draws (not
    modelled: perft ignores repetition).
  * Readings (the brief leaves them open; none of them changes the required start figures,
    which depend only on the first four plies):
      - the empty throne is hostile to both sides, also to defenders (the brief: "another
        piece of the mover (or the empty throne)");
      - the king on the throne is not hostile to attackers as a square, but it is a
        defender piece, so it captures as partner (same effect);
      - edges and corners are not hostile; no camps/citadels (the brief has none);
      - a game that ends (king on an edge, king captured) is a leaf: perft counts the move
        that ended it and nothing below; a position with no legal move is a leaf too.

Perft(d) = number of legal move sequences of length d. Required start figures:
80, 4400, 353200, 19913864 (depths 1-3 in --self-test, depth 4 with --deep; depth 4 takes
about 3 s). They are reproduced, and they are also what the alternative readings give
(empty throne not hostile, king not a partner, king not an active capturer): the king
cannot leave the throne before ply 4. The positions of tablut_positions.txt do tell the
readings apart; that file lists the figures under each alternative.

Position format (file or stdin with --pos FILE, '-' for stdin): 9 lines of 9 characters,
rank 9 first, files a..i left to right: A attacker, D defender, K king, '.' empty;
then a line 'attackers' or 'defenders' (side to move; 'A'/'D' also accepted).
Blank lines and lines starting with '#' are skipped.

Move notation: 'e3-h3' (from-to); captures are not marked in the move; with --moves each
line is followed by the captured squares, e.g. 'e3-h3 x h4 h2', and '#' when the move ends
the game.

Usage:
    python3 tools/reference/tablut.py [--pos FILE] [--depth N] [--moves] [--divide]
    python3 tools/reference/tablut.py --self-test [--deep]
    python3 tools/reference/tablut.py --positions [--depth N]   (tablut_positions.txt)
"""
import argparse
import sys
import time

SIZE = 9
THRONE = 4 * 9 + 4
EMPTY, ATT, DEF, KING = 0, 1, 2, 3
FILES = "abcdefghi"


def name(s):
    return "%s%d" % (FILES[s % 9], s // 9 + 1)


def parse_sq(t):
    return (int(t[1:]) - 1) * 9 + FILES.index(t[0])


# neighbour lists per square and direction (None off board); ray lists per direction
DIRS = ((1, 0), (-1, 0), (0, 1), (0, -1))
NEIGH = []
RAYS = []
for s in range(81):
    f, r = s % 9, s // 9
    nb, rays = [], []
    for df, dr in DIRS:
        ray = []
        g, q = f + df, r + dr
        nb.append(q * 9 + g if 0 <= g < 9 and 0 <= q < 9 else None)
        while 0 <= g < 9 and 0 <= q < 9:
            ray.append(q * 9 + g)
            g += df
            q += dr
        rays.append(ray)
    NEIGH.append(nb)
    RAYS.append(rays)
EDGE = [s % 9 in (0, 8) or s // 9 in (0, 8) for s in range(81)]
NEXT_TO_THRONE = set(n for n in NEIGH[THRONE])

START_TEXT = """\
...AAA...
....A....
....D....
A...D...A
AADDKDDAA
A...D...A
....D....
....A....
...AAA...
attackers
"""


class Pos:
    __slots__ = ("b", "side", "over")

    def __init__(self, text=START_TEXT):
        rows = [ln.strip() for ln in text.splitlines()
                if ln.strip() and not ln.strip().startswith("#")]
        assert len(rows) == 10, "9 board lines and a side line expected"
        self.b = [EMPTY] * 81
        for i in range(9):
            row = rows[i]
            assert len(row) == 9, row
            r = 8 - i
            for f, ch in enumerate(row):
                self.b[r * 9 + f] = {".": EMPTY, "A": ATT, "D": DEF, "K": KING}[ch]
        sd = rows[9].lower()
        self.side = ATT if sd.startswith("a") else DEF
        self.over = False

    def text(self):
        out = []
        for r in range(8, -1, -1):
            out.append("".join(".ADK"[self.b[r * 9 + f]] for f in range(9)))
        out.append("attackers" if self.side == ATT else "defenders")
        return "\n".join(out) + "\n"

    def moves(self):
        """legal moves (from, to); none when the game is over."""
        if self.over:
            return []
        b = self.b
        out = []
        own = (ATT,) if self.side == ATT else (DEF, KING)
        for s in range(81):
            p = b[s]
            if p not in own:
                continue
            king = p == KING
            for ray in RAYS[s]:
                for t in ray:
                    if b[t] != EMPTY:
                        break
                    if t == THRONE and not king:
                        break          # may neither stop on nor pass the throne
                    out.append((s, t))
        return out

    def count_moves(self):
        if self.over:
            return 0
        b = self.b
        n = 0
        own = (ATT,) if self.side == ATT else (DEF, KING)
        for s in range(81):
            p = b[s]
            if p not in own:
                continue
            king = p == KING
            for ray in RAYS[s]:
                for t in ray:
                    if b[t] != EMPTY or (t == THRONE and not king):
                        break
                    n += 1
        return n

    def make(self, m):
        """returns undo info (from, to, captured list, over-before)"""
        s, t = m
        b = self.b
        p = b[s]
        b[s] = EMPTY
        b[t] = p
        caps = []
        over_before = self.over
        if self.side == ATT:
            enemy_soldier = DEF
            partners = (ATT,)
        else:
            enemy_soldier = ATT
            partners = (DEF, KING)
        nb = NEIGH[t]
        for i in range(4):
            n = nb[i]
            if n is None or b[n] != enemy_soldier:
                continue
            far = NEIGH[n][i]
            if far is None:
                continue
            if b[far] in partners or (far == THRONE and b[far] == EMPTY):
                caps.append(n)
        for n in caps:
            b[n] = EMPTY
        if self.side == ATT:
            for n in nb:
                if n is not None and b[n] == KING:
                    if self.king_enclosed(n):
                        self.over = True
        else:
            if p == KING and EDGE[t]:
                self.over = True
        self.side = DEF if self.side == ATT else ATT
        return (s, t, p, caps, over_before)

    def king_enclosed(self, k):
        b = self.b
        for n in NEIGH[k]:
            if n is None:
                return False
            if b[n] == ATT:
                continue
            if n == THRONE and b[n] == EMPTY:   # next to the throne: it closes one side
                continue
            return False
        return True

    def unmake(self, u):
        s, t, p, caps, over_before = u
        b = self.b
        self.side = DEF if self.side == ATT else ATT
        enemy = DEF if self.side == ATT else ATT
        for n in caps:
            b[n] = enemy
        b[t] = EMPTY
        b[s] = p
        self.over = over_before

    def notation(self, m):
        return "%s-%s" % (name(m[0]), name(m[1]))


def perft(pos, depth):
    if depth == 1:
        return pos.count_moves()
    if depth == 0:
        return 1
    n = 0
    for m in pos.moves():
        u = pos.make(m)
        n += perft(pos, depth - 1)
        pos.unmake(u)
    return n


START_FIGURES = [80, 4400, 353200, 19913864]

# Positions of tablut_positions.txt: (name, text, comment)
# The board of two positions, one per side to move: the throne e5 empty.
EMPTY_THRONE_BOARD = """\
.........
..A......
......K..
.........
...D.A...
.........
.........
......D..
.........
"""

POSITIONS = [
    ("king_throne_capture", """\
.........
.....A...
....A....
...AK....
.........
..D......
.........
......D..
...A.....
attackers
""", "king on e6 next to the empty throne, attackers on d6 and e7: f8-f6 captures the "
     "king (three attackers + throne) and ends the game"),
    ("soldier_empty_throne", EMPTY_THRONE_BOARD + "attackers\n", "empty throne e5: c8-c5 captures the defender d5 against it; with defenders to "
     "move, g2-g5 captures the attacker f5 against it"),
    ("soldier_empty_throne_defenders", EMPTY_THRONE_BOARD + "defenders\n", "the same position, defenders to move"),
]

SELF_CHECKS = [
    ("king captured against the throne", POSITIONS[0][1], ["f8-f6 #", "f8-f7"]),
    ("soldier captured against the empty throne", POSITIONS[1][1], ["c8-c5 x d5"]),
    ("defender captures against the empty throne", POSITIONS[2][1],
     ["g2-g5 x f5", "g7-g9 #", "d5-d1"]),
]


def self_checks_extra():
    # only the king may pass over or stop on the empty throne
    p = Pos(POSITIONS[2][1])
    mv = show_moves(p)
    assert not any(m.startswith("d5-e5") or m.startswith("d5-f5") for m in mv), mv
    q = Pos("\n".join([".........", ".........", ".........", ".........",
                       "..AK.....", ".........", ".........", ".........", ".........",
                       "defenders"]))
    mv = show_moves(q)
    assert "d5-e5" in mv and "d5-h5" in mv and "d5-i5 #" in mv, mv
    # the king away from the throne needs four attackers: three are not enough
    q = Pos("\n".join([".........", ".........", "...A.....", "..AK.....", ".........",
                       ".........", ".........", "...A.....", ".........", "attackers"]))
    mv = show_moves(q)
    assert "d2-d5" in mv and "d2-d5 #" not in mv, mv
    q = Pos("\n".join([".........", ".........", "...A.....", "..AKA....", ".........",
                       ".........", ".........", "...A.....", ".........", "attackers"]))
    assert "d2-d5 #" in show_moves(q)
    # king on the throne: four attackers
    q = Pos("\n".join([".........", ".........", ".........", "....A....", "...AK....",
                       "....A....", ".........", ".........", ".....A...", "attackers"]))
    mv = show_moves(q)
    assert "f1-f5 #" in mv, mv
    # moving between two enemies is safe
    q = Pos("\n".join([".........", ".........", ".........", ".........", ".........",
                       ".........", "..D.D....", ".........", "...A.K...", "attackers"]))
    m = (parse_sq("d1"), parse_sq("d3"))
    assert "d1-d3" in show_moves(q)
    u = q.make(m)
    assert q.b[parse_sq("d3")] == ATT and not u[3]
    # the king captures actively (b4-d4 takes d5 against the defender on d6) ...
    q = Pos("\n".join([".........", ".........", ".........", "...D.....", "...A.....",
                       ".K.......", ".........", ".........", ".........", "defenders"]))
    assert "b4-d4 x d5" in show_moves(q)
    # ... and is a partner (h3-e3 takes d3 against the king on c3)
    q = Pos("\n".join([".........", ".........", ".........", ".........", ".........",
                       ".........", "..KA...D.", ".........", ".........", "defenders"]))
    assert "h3-e3 x d3" in show_moves(q)
    # the king is not captured by a two-sided sandwich
    q = Pos("\n".join([".........", ".........", ".........", ".........", ".........",
                       ".........", "..AK...A.", ".........", ".........", "attackers"]))
    mv = show_moves(q)
    assert "h3-e3" in mv and "h3-e3 x d3" not in mv, mv
    print("rule checks ok")


def load(path):
    if path == "-":
        return Pos(sys.stdin.read())
    with open(path) as fh:
        return Pos(fh.read())


def show_moves(pos):
    lines = []
    for m in pos.moves():
        u = pos.make(m)
        caps = u[3]
        over = pos.over
        pos.unmake(u)
        s = pos.notation(m)
        if caps:
            s += " x " + " ".join(name(c) for c in sorted(caps))
        if over:
            s += " #"
        lines.append(s)
    return sorted(lines)


def run_self_test(deep):
    pos = Pos()
    top = 4 if deep else 3
    for d in range(1, top + 1):
        t = time.time()
        n = perft(pos, d)
        assert n == START_FIGURES[d - 1], (d, n)
        print("start perft(%d) = %d ok (%.1fs)" % (d, n, time.time() - t))
    assert pos.text() == START_TEXT
    for nm, text, expect in SELF_CHECKS:
        p = Pos(text)
        mv = show_moves(p)
        for e in expect:
            assert e in mv, (nm, e, mv)
        print("%s ok" % nm)
    self_checks_extra()
    print("self-test ok")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--pos", help="position file ('-' = stdin); default the start")
    ap.add_argument("--depth", type=int, default=3)
    ap.add_argument("--moves", action="store_true")
    ap.add_argument("--divide", action="store_true")
    ap.add_argument("--self-test", action="store_true")
    ap.add_argument("--deep", action="store_true", help="with --self-test: depth 4 too")
    ap.add_argument("--positions", action="store_true")
    a = ap.parse_args()
    if a.self_test:
        run_self_test(a.deep)
        return
    if a.positions:
        for nm, text, _ in POSITIONS:
            pos = Pos(text)
            print(nm)
            print(pos.text(), end="")
            print("  moves:", ", ".join(show_moves(pos)))
            for d in range(1, a.depth + 1):
                t = time.time()
                print("  perft(%d) = %d  (%.1fs)" % (d, perft(pos, d), time.time() - t))
        return
    pos = load(a.pos) if a.pos else Pos()
    if a.moves:
        for s in show_moves(pos):
            print(s)
        return
    if a.divide:
        tot = 0
        for m in pos.moves():
            u = pos.make(m)
            n = perft(pos, a.depth - 1)
            pos.unmake(u)
            tot += n
            print(pos.notation(m), n)
        print("total", tot)
        return
    for d in range(1, a.depth + 1):
        t = time.time()
        print("perft(%d) = %d  (%.1fs)" % (d, perft(pos, d), time.time() - t))


if __name__ == "__main__":
    main()
