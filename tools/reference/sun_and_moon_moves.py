#!/usr/bin/env python3
"""Sun and Moon: a small reference move generator written from the spec
(../shared/specs/sun_and_moon.md, SM-5..SM-17, decisions 1-5), used to
double-check the hand-derived test positions of tests/sun_and_moon.rs and the
perft counts from fixed deployments (sun_and_moon_perft.py). Not part of
Orrery, and independent of its engine.

    python3 tools/reference/sun_and_moon_moves.py   # every test position with its legal moves

Move text, as Orrery writes it: FROM-TO, then /xSITE for a capture
on a site other than TO (pegasus fly-over, unicorn and princess ahead), then
/TYPE for a promotion. A capture on TO (replacement) is not written.
"""

import json
import sys
from collections import Counter

JSON_PATH = __import__("os").path.join(__import__("os").path.dirname(__import__("os").path.abspath(__file__)), "../../../shared/specs/sun_and_moon_board.json")
SOLDIERS = ("earth_pony", "pegasus", "unicorn")
ABBR = {"E": "earth_pony", "P": "pegasus", "U": "unicorn", "S": "shooting_star", "Q": "princess"}
BODIES = {"SUN", "MOON", "EARTH"}


class Board:
    def __init__(self, path=JSON_PATH):
        data = json.load(open(path))
        self.sites = [n["id"] for n in data["nodes"]]
        self.lines = data["arcs"]
        self.next = {}  # (site, (line, sign)) -> site
        self.dirs_at = {s: [] for s in self.sites}
        for name, pts in self.lines.items():
            k = len(pts)
            for i, p in enumerate(pts):
                for sign in (1, -1):
                    self.next[(p, (name, sign))] = pts[(i + sign) % k]
                    self.dirs_at[p].append((name, sign))


B = Board()


def other(p):
    return "sun" if p == "moon" else "moon"


class State:
    """board: site -> [owner, type, heading]; heading is None or (line, sign)."""

    def __init__(self, to_move, pieces, pools=None):
        self.to_move = to_move
        self.board = {}
        for owner, spec in pieces.items():
            for item in spec.split():
                t, site = item.split("@") if "@" in item else (item[0], item[1:])
                heading = None
                if ":" in site:
                    site, h = site.split(":")
                    heading = (h[:-1], 1 if h[-1] == "+" else -1)
                assert site in B.dirs_at, site
                self.board[site] = [owner, ABBR.get(t, t), heading]
        self.pools = {"moon": Counter(), "sun": Counter()}
        for p, c in (pools or {}).items():
            self.pools[p].update(c)

    def copy(self):
        s = State.__new__(State)
        s.to_move = self.to_move
        s.board = {k: list(v) for k, v in self.board.items()}
        s.pools = {p: Counter(c) for p, c in self.pools.items()}
        return s


def capturable(piece, by, stars_capture_stars=True):
    """An enemy soldier or shooting star (the princess only in the threat view)."""
    return piece is not None and piece[0] != by and piece[1] in SOLDIERS + ("shooting_star",)


def gen(st, player, view=None, options=None):
    """Pseudo-legal moves of `player`. view = site of a princess seen as an
    enemy earth pony on an ordinary star (the eclipse test)."""
    opts = options or {}
    bd = {k: v for k, v in st.board.items()}
    if view is not None:
        bd[view] = [bd[view][0], "earth_pony", None]

    def body(s):
        return s in BODIES and s != view

    def empty(s):
        return s not in bd

    def enemy_army(s):
        return s in bd and capturable(bd[s], player)

    moves = {}

    def add(frm, to, caps=(), promo=None, heading=None):
        key = (frm, to, tuple(sorted(caps)), promo)
        moves.setdefault(key, heading)

    for frm, (owner, typ, heading) in list(bd.items()):
        if owner != player or frm == view:
            continue
        if typ == "earth_pony":
            for d in B.dirs_at[frm]:
                m = B.next[(frm, d)]
                if body(m):
                    continue
                if empty(m) or enemy_army(m):
                    add(frm, m)
                if not empty(m):
                    continue
                for d2 in B.dirs_at[m]:
                    if d2[0] == d[0]:
                        continue
                    t = B.next[(m, d2)]
                    if t == frm or body(t):
                        continue
                    if empty(t) or enemy_army(t):
                        add(frm, t)
        elif typ == "pegasus":
            for d in B.dirs_at[frm]:
                path, s = [], frm
                for _ in range(3):
                    s = B.next[(s, d)]
                    path.append(s)
                for n in (2, 3):
                    p = path[:n]
                    if any(body(x) for x in p):
                        continue
                    occ = [x for x in p[:-1] if not empty(x)]
                    if len(occ) > 1 or not empty(p[-1]):
                        continue
                    if opts.get("twilight_one_step") and twilight_steps(frm, d, n) >= 2:
                        continue
                    if occ:
                        o = bd[occ[0]]
                        if o[0] != player:
                            if o[1] == "princess":
                                continue  # A7: cannot fly over the enemy princess
                            add(frm, p[-1], (occ[0],))
                            continue
                    add(frm, p[-1])
        elif typ == "unicorn":
            for d in B.dirs_at[frm]:
                s = frm
                for n in (1, 2):
                    s = B.next[(s, d)]
                    if body(s) or not empty(s):
                        break
                    if opts.get("twilight_one_step") and twilight_steps(frm, d, n) >= 2:
                        break
                    add(frm, s)
                    a = B.next[(s, d)]
                    if a != "EARTH" and enemy_army(a):
                        add(frm, s, (a,))
        elif typ == "shooting_star":
            if frm == "EARTH":
                continue  # waiting
            if heading is not None:
                ds = [heading]
            else:
                ds = [d for d in B.dirs_at[frm] if d[0].startswith("C")]
            for d in ds:
                t = B.next[(frm, d)]
                if t in ("SUN", "MOON") and t != view:
                    continue
                ok = empty(t) or (t in bd and bd[t][0] != player and bd[t][1] in SOLDIERS) or (
                    opts.get("stars_capture_stars") and t in bd and bd[t][0] != player
                    and bd[t][1] == "shooting_star")
                if not ok:
                    continue
                if t == "EARTH":
                    types = sorted(k for k, v in st.pools[player].items() if v > 0)
                    if types:
                        for ty in types:
                            add(frm, t, promo=ty, heading=d)
                        continue
                add(frm, t, heading=d)
        elif typ == "princess":
            for d in B.dirs_at[frm]:
                m = B.next[(frm, d)]
                if m == "EARTH":
                    continue
                if empty(m):
                    # (a) corner
                    for d2 in B.dirs_at[m]:
                        if d2[0] == d[0]:
                            continue
                        t = B.next[(m, d2)]
                        if t != frm and t != "EARTH" and empty(t):
                            if not (opts.get("twilight_one_step") and is_tw(frm, m, d[0]) and is_tw(m, t, d2[0])):
                                add(frm, t)
                    # (c) one step, must capture ahead
                    a = B.next[(m, d)]
                    if a != "EARTH" and enemy_army(a):
                        add(frm, m, (a,))
                else:
                    # (b) fly over the occupied first node
                    t = B.next[(m, d)]
                    if t != "EARTH" and empty(t):
                        if not (opts.get("twilight_one_step") and twilight_steps(frm, d, 2) >= 2):
                            add(frm, t)
    out = []
    for (frm, to, caps, promo), heading in moves.items():
        out.append({"from": frm, "to": to, "caps": list(caps), "promo": promo, "heading": heading})
    return out


# twilight segments: TW_OUT, C00 from T00 to EARTH, C06 from EARTH to T06
def _tw_edges():
    e = set()
    tw = B.lines["TW_OUT"]
    for i in range(12):
        e.add(("TW_OUT", frozenset((tw[i], tw[(i + 1) % 12]))))
    for name in ("C00", "C06"):
        c = B.lines[name]
        for i in range(6):
            e.add((name, frozenset((c[i], c[i + 1]))))
    return e


TW_EDGES = _tw_edges()


def is_tw(a, b, line=None):
    if line is None:
        return any((l, frozenset((a, b))) in TW_EDGES for l in B.lines)
    return (line, frozenset((a, b))) in TW_EDGES


def twilight_steps(frm, d, n):
    s, c = frm, 0
    for _ in range(n):
        t = B.next[(s, d)]
        c += is_tw(s, t, d[0])
        s = t
    return c


def apply(st, mv):
    s = st.copy()
    me = s.to_move
    piece = s.board.pop(mv["from"])
    captured = []
    for c in mv["caps"]:
        captured.append(s.board.pop(c))
    if mv["to"] in s.board:
        captured.append(s.board.pop(mv["to"]))
    if piece[1] == "shooting_star" and mv["heading"] is not None:
        piece[2] = mv["heading"]
    s.board[mv["to"]] = piece
    if mv["promo"]:
        s.pools[me][mv["promo"]] -= 1
        s.board[mv["to"]] = [me, mv["promo"], None]
    for c in captured:
        if c[1] in SOLDIERS:
            owner = c[0]
            s.pools[owner][c[1]] += 1
            e = s.board.get("EARTH")
            if e and e[0] == owner and e[1] == "shooting_star":  # deferred promotion (SM-9)
                s.pools[owner][c[1]] -= 1
                s.board["EARTH"] = [owner, c[1], None]
    s.pools = {p: +c for p, c in s.pools.items()}
    s.to_move = other(me)
    return s


def in_eclipse(st, player, options=None):
    q = [k for k, v in st.board.items() if v[0] == player and v[1] == "princess"]
    if not q:
        return False
    q = q[0]
    return any(q in m["caps"] or m["to"] == q for m in gen(st, other(player), view=q, options=options))


def legal(st, options=None):
    out = []
    for m in gen(st, st.to_move, options=options):
        if not in_eclipse(apply(st, m), st.to_move, options):
            out.append(m)
    return out


def text(m):
    t = f"{m['from']}-{m['to']}"
    for c in m["caps"]:
        t += f"/x{c}"
    if m["promo"]:
        t += f"/{m['promo']}"
    return t


def outcome(st, options=None):
    """Decision 5 (i) and (ii), on the position reached (repetition/quiet need history)."""
    if not legal(st, options):
        return ("banishment: %s loses" % st.to_move) if in_eclipse(st, st.to_move, options) else "stalemate: draw"
    if not any(v[1] != "princess" for v in st.board.values()):
        return "no army: draw"
    return None


def show(name, st, options=None, play=None):
    print(f"== {name}  ({st.to_move} to move" + (f", options {options}" if options else "") + ")")
    ms = sorted(text(m) for m in legal(st, options))
    print(f"   {len(ms)} legal: " + " ".join(ms))
    ec = in_eclipse(st, st.to_move, options)
    if ec:
        print("   mover's princess is in eclipse")
    if play:
        m = [x for x in legal(st, options) if text(x) == play]
        assert m, f"{play} not legal"
        s2 = apply(st, m[0])
        o = outcome(s2, options)
        print(f"   after {play}: {s2.to_move} to move, eclipse={in_eclipse(s2, s2.to_move, options)}, "
              f"pools={ {p: dict(c) for p, c in s2.pools.items()} }, EARTH={s2.board.get('EARTH')}, outcome={o}")
        return s2
    return st


if __name__ == "__main__":
    import sun_and_moon_positions  # noqa: F401  (the hand-derived test positions)
