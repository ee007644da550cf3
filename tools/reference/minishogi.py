#!/usr/bin/env python3
"""Independent reference move generator for Minishogi (5x5 shogi), written from the
rules as stated in the task brief (standard Minishogi / Gogo shogi), without reading
Orrery's sources or rule files. Python 3, standard library only.

Board: files a..e left to right from sente's side, ranks 1..5, sente's back rank is 1.
Start: sente K a1, G b1, S c1, B d1, R e1, P a2; gote K e5, G d5, S c5, B b5, R a5, P e4
(the 180-degree rotation of sente's set-up). Sente (black, 'b') moves first.

Rules implemented:
  * king (8 steps), gold (6 steps: forward, forward-diagonals, sideways, back),
    silver (5 steps: forward, four diagonals), pawn (1 step forward),
    bishop (diagonal slider), rook (orthogonal slider);
    promoted pawn (tokin) and promoted silver move as gold;
    horse (+B) = bishop + one orthogonal step; dragon (+R) = rook + one diagonal step.
  * Promotion zone = the far rank (rank 5 for sente, rank 1 for gote). Silver, bishop,
    rook and pawn may promote when a move starts or ends in the zone (into, within or
    out of it); both the promoting and the non-promoting move are listed, except that a
    pawn reaching the last rank must promote (the non-promoting move does not exist).
    Gold and king never promote.
  * A capture sends the piece, demoted, to the capturer's hand. A piece in hand may be
    dropped on any empty square, except a pawn: not on the last rank, not on a file
    holding an unpromoted pawn of the dropper, not giving immediate checkmate
    (uchifuzume: a pawn drop after which the opponent is in check and has no legal move).
  * A move (or drop) that leaves the mover's own king attacked is illegal.
  * Readings: a silver may stay unpromoted anywhere (it can always move again). The
    pawn-drop-mate test counts every legal reply of the opponent, including drops that
    block (none can block a pawn check, it is adjacent, but the code does not assume it)
    and captures of the pawn by the king. Repetition (sennichite) and perpetual check are
    not part of move generation and are ignored. A position with no legal move is simply
    a leaf (perft counts 0 below it).

Perft(d) = number of legal move sequences of length d; a move with and without promotion
are two moves. Figures from the start (checked in --self-test up to depth 4, depth 5 with
--self-test --deep): 14, 181, 2512, 35401, 533203.

Position format: SFEN-like, one string:
    BOARD SIDE HAND
  BOARD: 5 ranks from rank 5 (gote's back rank) down to rank 1, separated by '/';
         each rank lists files a..e; uppercase = sente, lowercase = gote;
         letters K G S B R P; '+' before a letter = promoted; a digit = that many empties.
  SIDE:  'b' (sente to move) or 'w' (gote to move).
  HAND:  '-' or pieces in hand, optional count before a letter, uppercase = sente's hand,
         e.g. 'P2s' (sente one pawn, gote two silvers).
  Start: 'rbsgk/4p/5/P4/KGSBR b -'.  A trailing move number is accepted and ignored.

Move notation: 'c1-c2' (board move), 'c1-c2+' (same with promotion), 'P*c3' (drop; the
piece letter is always uppercase). Captures are written like plain moves.

Usage:
    python3 tools/reference/minishogi.py [--depth N] [--fen SFEN] [--moves] [--divide]
    python3 tools/reference/minishogi.py --self-test [--deep]
    python3 tools/reference/minishogi.py --positions   (the figures of minishogi_positions.txt)
    python3 tools/reference/minishogi.py --ffish PATH [--games N]
        cross-check against Fairy-Stockfish's Python wrapper (pip package pyffish, installed
        under PATH, e.g. `pip install --target /tmp/pyff pyffish`): legal-move sets of the
        positions of N random games. Not needed by anything else.

Cross-check done (pyffish 0.0.90, variant "minishogi"): the start figures 14/181/2512 and
the legal-move sets of 21376 positions from 400 random games agree, except in 33 positions
where Fairy-Stockfish also lists a mating pawn drop: it generates the drop and then scores
the position as lost for the dropper, where this generator (as the brief says) omits it.
The same shows in perft: pawn_drop_mate perft(3) is 17051 here, 17178 in pyffish (127
mating drops), depths 1, 2, 4 count the same as they do not end on such a drop (at depth 1
pyffish has 31: the extra one is P*a4).
"""
import argparse
import sys
import time

W = 7                      # mailbox width: 5 files + 1 sentinel column each side
OFF = 99                   # sentinel
FILES = "abcde"
P, S, G, B, R, K, TP, PS, HB, DR = range(1, 11)   # +P tokin, +S, horse, dragon
LETTER = {P: "P", S: "S", G: "G", B: "B", R: "R", K: "K",
          TP: "+P", PS: "+S", HB: "+B", DR: "+R"}
PROMOTE = {P: TP, S: PS, B: HB, R: DR}
DEMOTE = {P: P, S: S, G: G, B: B, R: R, K: K, TP: P, PS: S, HB: B, DR: R}

N, E = W, 1
KING_STEPS = (N, -N, E, -E, N + E, N - E, -N + E, -N - E)
GOLD_STEPS = (N, N + E, N - E, E, -E, -N)        # for sente; gote negates
SILVER_STEPS = (N, N + E, N - E, -N + E, -N - E)
DIAG = (N + E, N - E, -N + E, -N - E)
ORTH = (N, -N, E, -E)

# Step and slide offsets for sente pieces; gote uses the negated offsets.
STEPS = {P: (N,), S: SILVER_STEPS, G: GOLD_STEPS, K: KING_STEPS, B: (), R: (),
         TP: GOLD_STEPS, PS: GOLD_STEPS, HB: ORTH, DR: DIAG}
SLIDES = {P: (), S: (), G: (), K: (), B: DIAG, R: ORTH, TP: (), PS: (), HB: DIAG, DR: ORTH}


def sq(f, r):
    """file 0..4, rank 0..4 -> mailbox index"""
    return (r + 1) * W + f + 1


def fr(s):
    return s % W - 1, s // W - 1


def name(s):
    f, r = fr(s)
    return "%s%d" % (FILES[f], r + 1)


SQUARES = [sq(f, r) for r in range(5) for f in range(5)]

# For the attack test: for a signed piece code, the set of offsets it steps / slides by.
STEP_SET = {}
SLIDE_SET = {}
for t in range(1, 11):
    STEP_SET[t] = frozenset(STEPS[t])
    STEP_SET[-t] = frozenset(-d for d in STEPS[t])
    SLIDE_SET[t] = frozenset(SLIDES[t])
    SLIDE_SET[-t] = frozenset(-d for d in SLIDES[t])


class Pos:
    __slots__ = ("b", "hand", "side", "king")

    def __init__(self, sfen="rbsgk/4p/5/P4/KGSBR b -"):
        parts = sfen.split()
        rows = parts[0].split("/")
        assert len(rows) == 5, "5 ranks expected"
        self.b = [OFF] * (W * W)
        for s in SQUARES:
            self.b[s] = 0
        self.king = [None, None]
        for i, row in enumerate(rows):
            r = 4 - i
            f = 0
            prom = False
            for ch in row:
                if ch.isdigit():
                    f += int(ch)
                    continue
                if ch == "+":
                    prom = True
                    continue
                t = "PSGBRK".index(ch.upper()) + 1
                if prom:
                    t = PROMOTE[t]
                    prom = False
                v = t if ch.isupper() else -t
                self.b[sq(f, r)] = v
                if t == K:
                    self.king[0 if v > 0 else 1] = sq(f, r)
                f += 1
            assert f == 5, "rank %d has %d files" % (r + 1, f)
        self.side = 0 if parts[1] == "b" else 1
        self.hand = [[0] * 7, [0] * 7]
        h = parts[2] if len(parts) > 2 else "-"
        if h != "-":
            cnt = ""
            for ch in h:
                if ch.isdigit():
                    cnt += ch
                    continue
                t = "PSGBR".index(ch.upper()) + 1
                self.hand[0 if ch.isupper() else 1][t] += int(cnt or "1")
                cnt = ""

    def sfen(self):
        rows = []
        for r in range(4, -1, -1):
            out, e = "", 0
            for f in range(5):
                v = self.b[sq(f, r)]
                if v == 0:
                    e += 1
                    continue
                if e:
                    out += str(e)
                    e = 0
                l = LETTER[abs(v)]
                out += l if v > 0 else l.lower()
            if e:
                out += str(e)
            rows.append(out)
        h = ""
        for side in (0, 1):
            for t in (R, B, G, S, P):
                n = self.hand[side][t]
                if n:
                    l = LETTER[t] if side == 0 else LETTER[t].lower()
                    h += (str(n) if n > 1 else "") + l
        return "%s %s %s" % ("/".join(rows), "bw"[self.side], h or "-")

    # -- attacks ---------------------------------------------------------------
    def attacked(self, s, by):
        """is square s attacked by side `by` (0 sente, 1 gote)?"""
        b = self.b
        for d in KING_STEPS:
            v = b[s + d]
            if v == 0 or v == OFF:
                # slide further for sliders
                if v == 0:
                    t = s + d + d
                    while True:
                        v = b[t]
                        if v != 0:
                            break
                        t += d
                    if v != OFF and ((v > 0) == (by == 0)) and (-d) in SLIDE_SET[v]:
                        return True
                continue
            if (v > 0) != (by == 0):
                continue
            if (-d) in STEP_SET[v] or (-d) in SLIDE_SET[v]:
                return True
        return False

    def in_check(self, side):
        return self.attacked(self.king[side], 1 - side)

    # -- move generation -------------------------------------------------------
    def pseudo(self):
        """pseudo-legal moves: (from, to, newpiece) with from = 0 for drops."""
        b = self.b
        side = self.side
        sign = 1 if side == 0 else -1
        moves = []
        for s in SQUARES:
            v = b[s]
            if v == 0 or (v > 0) != (side == 0):
                continue
            t = v * sign
            dests = []
            for d in STEPS[t]:
                to = s + d * sign
                w = b[to]
                if w == OFF or (w != 0 and (w > 0) == (side == 0)):
                    continue
                dests.append(to)
            for d in SLIDES[t]:
                d *= sign
                to = s + d
                while True:
                    w = b[to]
                    if w == OFF:
                        break
                    if w != 0:
                        if (w > 0) != (side == 0):
                            dests.append(to)
                        break
                    dests.append(to)
                    to += d
            if t in PROMOTE:
                fr_rank = s // W - 1
                for to in dests:
                    to_rank = to // W - 1
                    if side == 0:
                        zone = fr_rank == 4 or to_rank == 4
                        last = to_rank == 4
                    else:
                        zone = fr_rank == 0 or to_rank == 0
                        last = to_rank == 0
                    if zone:
                        moves.append((s, to, PROMOTE[t] * sign))
                        if not (t == P and last):
                            moves.append((s, to, v))
                    else:
                        moves.append((s, to, v))
            else:
                for to in dests:
                    moves.append((s, to, v))
        hand = self.hand[side]
        empties = None
        for t in (P, S, G, B, R):
            if not hand[t]:
                continue
            if empties is None:
                empties = [s for s in SQUARES if b[s] == 0]
            if t == P:
                last = 4 if side == 0 else 0
                pawn_files = set()
                for s in SQUARES:
                    if b[s] == sign * P:
                        pawn_files.add(s % W)
                for s in empties:
                    if s // W - 1 != last and s % W not in pawn_files:
                        moves.append((0, s, sign * P))
            else:
                for s in empties:
                    moves.append((0, s, sign * t))
        return moves

    def make(self, m):
        fr_, to, nv = m
        b = self.b
        side = self.side
        cap = b[to]
        if fr_:
            old = b[fr_]
            b[fr_] = 0
        else:
            old = 0
            self.hand[side][abs(nv)] -= 1
        b[to] = nv
        if cap:
            self.hand[side][DEMOTE[abs(cap)]] += 1
        if abs(nv) == K:
            self.king[side] = to
        self.side = 1 - side
        return (cap, old)

    def unmake(self, m, undo):
        fr_, to, nv = m
        cap, old = undo
        b = self.b
        self.side = side = 1 - self.side
        if cap:
            self.hand[side][DEMOTE[abs(cap)]] -= 1
        b[to] = cap
        if fr_:
            b[fr_] = old
        else:
            self.hand[side][abs(nv)] += 1
        if abs(nv) == K:
            self.king[side] = fr_

    def legal(self):
        return list(self.legal_moves())

    def legal_moves(self):
        """the legal moves, one at a time (the position is as it was
        between them)"""
        side = self.side
        for m in self.pseudo():
            u = self.make(m)
            ok = not self.attacked(self.king[side], 1 - side)
            if ok and m[0] == 0 and abs(m[2]) == P:
                ok = not self.drop_mates(m)
            self.unmake(m, u)
            if ok:
                yield m

    def drop_mates(self, m):
        """called with the pawn drop m already made: does it checkmate?"""
        side = self.side            # the opponent, now to move
        s = m[1]
        fwd = W if side == 1 else -W   # the dropper's forward direction
        if self.king[side] != s + fwd:
            return False            # no check from the pawn (other checks were excluded)
        return not self.has_legal()

    def has_legal(self):
        return any(True for _ in self.legal_moves())

    def notation(self, m):
        fr_, to, nv = m
        if fr_ == 0:
            return "%s*%s" % (LETTER[abs(nv)], name(to))
        promo = abs(nv) != abs(self.b[fr_])
        return "%s-%s%s" % (name(fr_), name(to), "+" if promo else "")


def perft(pos, depth):
    if depth == 0:
        return 1
    moves = pos.legal()
    if depth == 1:
        return len(moves)
    n = 0
    for m in moves:
        u = pos.make(m)
        n += perft(pos, depth - 1)
        pos.unmake(m, u)
    return n


START = "rbsgk/4p/5/P4/KGSBR b -"
START_FIGURES = [14, 181, 2512, 35401, 533203]

# Positions of minishogi_positions.txt (name, sfen, comment)
POSITIONS = [
    ("pawn_drop_mate",
     "k4/2G2/1G3/5/4K b Prs",
     "P*a4 would mate the gote king on a5 (a4 guarded by the gold on b3, b5 and b4 by "
     "the gold on c4): that drop is excluded; P*a4 is the only mating pawn drop"),
    ("second_pawn",
     "r1s1k/2b1g/1P3/1K3/1G1BR b PS",
     "sente has a pawn on b3 and one in hand: no P*b.. drop (nor P*..5)"),
]


def run_self_test(deep):
    pos = Pos(START)
    top = 5 if deep else 4
    for d in range(1, top + 1):
        t = time.time()
        n = perft(pos, d)
        assert n == START_FIGURES[d - 1], (d, n)
        print("start perft(%d) = %d ok (%.1fs)" % (d, n, time.time() - t))
    assert pos.sfen() == START
    # pawn-drop mate: sente to drop at a4 would mate the gote king on a5
    p = Pos("k4/2G2/1G3/5/4K b Prs")
    mv = {p.notation(m) for m in p.legal()}
    assert "P*a4" not in mv and "P*b4" in mv, sorted(mv)
    # same but the pawn drop is only check (king can escape to b5): legal
    p = Pos("k4/5/5/5/4K b P")
    assert "P*a4" in {p.notation(m) for m in p.legal()}
    # the pawn is guarded and the king boxed in, but a gote silver on b5 takes it: legal
    p = Pos("ks3/2G2/1G3/5/4K b P")
    assert "P*a4" in {p.notation(m) for m in p.legal()}
    # a pawn drop mate is illegal, but a pawn *move* giving mate is fine
    p = Pos("k4/2G2/PG3/5/4K b -")
    assert "a3-a4" in {p.notation(m) for m in p.legal()}
    # a gote pawn drop mate (mirror): excluded as well
    p = Pos("k4/5/3g1/2g2/4K w p")
    mv = {p.notation(m) for m in p.legal()}
    assert "P*e2" not in mv and "P*d2" in mv, sorted(mv)
    # two pawns on a file
    p = Pos("2k2/5/1p3/1P3/K4 b Pp")
    mv = {p.notation(m) for m in p.legal()}
    assert not any(x.startswith("P*b") for x in mv) and "P*a3" in mv, sorted(mv)
    assert "P*c5" not in mv          # last rank
    # compulsory pawn promotion on the last rank, optional elsewhere in the zone
    p = Pos("k4/2P2/5/5/4K b -")
    mv = {p.notation(m) for m in p.legal()}
    assert "c4-c5+" in mv and "c4-c5" not in mv, sorted(mv)
    p = Pos("k4/5/5/2S2/4K b -")
    mv = {p.notation(m) for m in p.legal()}
    assert "c2-c3" in mv and "c2-c3+" not in mv
    p = Pos("k2S1/5/5/5/4K b -")
    mv = {p.notation(m) for m in p.legal()}
    assert {"d5-e4", "d5-e4+", "d5-c4", "d5-c4+"} <= mv, sorted(mv)   # moving out of the zone
    print("self-test ok")


def ffish_crosscheck(path, games):
    import random
    sys.path.insert(0, path)
    import pyffish as sf

    def fsf(pos):
        b, side, h = pos.sfen().split()
        hand, cnt = "", ""
        for ch in ("" if h == "-" else h):
            if ch.isdigit():
                cnt += ch
            else:
                hand += ch * int(cnt or "1")
                cnt = ""
        return "%s[%s] %s 0 1" % (b, hand, "w" if side == "b" else "b")

    def conv(n):
        return n.replace("*", "@") if "*" in n else n.replace("-", "")

    rnd = random.Random(1)
    npos = bad = dropmate = 0
    for _ in range(games):
        pos = Pos()
        for _ in range(60):
            moves = pos.legal()
            f = fsf(pos)
            mine = {conv(pos.notation(m)) for m in moves}
            theirs = set(sf.legal_moves("minishogi", f, []))
            npos += 1
            if mine != theirs:
                diff = mine ^ theirs
                if all(d in theirs and d.startswith("P@") and sf.gives_check("minishogi", f, [d])
                       and not sf.legal_moves("minishogi", f, [d]) for d in diff):
                    dropmate += 1
                else:
                    bad += 1
                    print("MISMATCH", pos.sfen(), sorted(diff))
            if not moves:
                break
            pos.make(rnd.choice(moves))
    print("positions %d, mismatches %d, differing only by pyffish's mating pawn drops %d"
          % (npos, bad, dropmate))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--fen", default=START, help="position (SFEN-like, see docstring)")
    ap.add_argument("--depth", type=int, default=4)
    ap.add_argument("--moves", action="store_true", help="print the legal moves, one a line")
    ap.add_argument("--divide", action="store_true")
    ap.add_argument("--self-test", action="store_true")
    ap.add_argument("--deep", action="store_true", help="with --self-test: depth 5 too")
    ap.add_argument("--positions", action="store_true")
    ap.add_argument("--ffish", metavar="PATH", help="cross-check against pyffish under PATH")
    ap.add_argument("--games", type=int, default=400)
    a = ap.parse_args()
    if a.ffish:
        ffish_crosscheck(a.ffish, a.games)
        return
    if a.self_test:
        run_self_test(a.deep)
        return
    if a.positions:
        for nm, fen, _ in POSITIONS:
            pos = Pos(fen)
            print(nm, fen)
            print("  moves:", " ".join(sorted(pos.notation(m) for m in pos.legal())))
            for d in range(1, a.depth + 1):
                t = time.time()
                print("  perft(%d) = %d  (%.1fs)" % (d, perft(pos, d), time.time() - t))
        return
    pos = Pos(a.fen)
    if a.moves:
        for s in sorted(pos.notation(m) for m in pos.legal()):
            print(s)
        return
    if a.divide:
        tot = 0
        for m in pos.legal():
            nm = pos.notation(m)
            u = pos.make(m)
            n = perft(pos, a.depth - 1)
            pos.unmake(m, u)
            tot += n
            print(nm, n)
        print("total", tot)
        return
    for d in range(1, a.depth + 1):
        t = time.time()
        print("perft(%d) = %d  (%.1fs)" % (d, perft(pos, d), time.time() - t))


if __name__ == "__main__":
    main()
