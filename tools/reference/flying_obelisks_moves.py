#!/usr/bin/env python3
"""Flying Obelisks: an independent reference move generator, written from the
specification only (shared/specs/flying_obelisks.md: FO-1..FO-13, the proposed
9x9 board, and the binding readings R1..R15 with the move notation). It is used
to cross-check Orrery's perft counts; it does not use Orrery's code.

Standard library only (Python 3.11+).

    python3 tools/reference/flying_obelisks_moves.py [POSITION.toml]
        prints the position and its sorted legal moves.

Model
-----
* Squares are indices 0..80, idx = rank*9 + file (a1 = 0, i9 = 80).
* A square holds None, or a tuple (owner, pieces, obelisk):
  owner 0 = black, 1 = white, None = a lone neutral obelisk;
  pieces = sorted tuple of piece-type indices (order of TYPES, the notation
  order); obelisk = True when an obelisk stands there.
* A position (R11) is (board, player to move). Pools and supply follow from the
  board: every army piece not on the board is in its owner's pool, every
  obelisk not on the board is in the supply.
* A move is its effect (R1): moves are generated per (group, obelisk choice,
  destination, destination-obelisk choice, recovery) and deduplicated on that
  key, which is one-to-one with the resulting board (the only two descriptions
  with equal effect, `/x+obelisk` and `/obelisk`, are merged into `/obelisk`).
"""

import itertools
import os
import sys

TYPES = ("globe", "pyramid", "disk", "cube", "star", "triangle", "hprism", "vprism")
GLOBE, PYR, DISK, CUBE, STAR, TRI, HPRISM, VPRISM = range(8)
TYPE_INDEX = {n: i for i, n in enumerate(TYPES)}
ARMY = (1, 1, 4, 2, 2, 2, 1, 1)          # 14 pieces per side
N_OBELISKS = 5
BLACK, WHITE = 0, 1
PLAYERS = ("black", "white")
FILES = "abcdefghi"


def sq(name):
    return (int(name[1:]) - 1) * 9 + FILES.index(name[0])


def name(i):
    return FILES[i % 9] + str(i // 9 + 1)


def on(f, r):
    return 0 <= f < 9 and 0 <= r < 9


# ---------------------------------------------------------------- the board
LEVEL = [0] * 81
HILL = [0] * 81              # 0 = ground, 1 = hill A (b4-d6), 2 = hill B (f4-h6)
for _hill, _f0 in ((1, 1), (2, 5)):
    for _df in range(3):
        for _dr in range(3):
            _i = (3 + _dr) * 9 + _f0 + _df
            HILL[_i] = _hill
            LEVEL[_i] = 2 if (_df, _dr) == (1, 1) else 1
C5, G5 = sq("c5"), sq("g5")
HILL_SQUARES = [i for i in range(81) if HILL[i]]
LAST_RANK = {BLACK: 8, WHITE: 0}      # the opponent's last rank (rank 9 for black)


def _steps(dirs):
    out = []
    for i in range(81):
        f, r = i % 9, i // 9
        out.append([(r + dr) * 9 + f + df for df, dr in dirs if on(f + df, r + dr)])
    return out


ORTH = ((1, 0), (-1, 0), (0, 1), (0, -1))
DIAG = ((1, 1), (1, -1), (-1, 1), (-1, -1))
KING = _steps(ORTH + DIAG)
ORTH1 = _steps(ORTH)
DIAG1 = _steps(DIAG)


def _jumps2(dirs):
    out = []
    for i in range(81):
        f, r = i % 9, i // 9
        out.append([((r + 2 * dr) * 9 + f + 2 * df, (r + dr) * 9 + f + df)
                    for df, dr in dirs if on(f + 2 * df, r + 2 * dr)])
    return out


ORTH2 = _jumps2(ORTH)          # (dest, jumped square)
DIAG2 = _jumps2(DIAG)


def _knight():
    out = []
    for i in range(81):
        f, r = i % 9, i // 9
        lst = []
        for df, dr in ((1, 2), (2, 1), (-1, 2), (-2, 1), (1, -2), (2, -1), (-1, -2), (-2, -1)):
            if not on(f + df, r + dr):
                continue
            box = [(r + y) * 9 + f + x
                   for x in range(min(0, df), max(0, df) + 1)
                   for y in range(min(0, dr), max(0, dr) + 1)]
            d = (r + dr) * 9 + f + df
            passed = tuple(p for p in box if p not in (i, d))
            assert len(passed) == 4
            lst.append((d, passed))
        out.append(lst)
    return out


KNIGHT = _knight()             # (dest, the other 4 squares of the 2x3 box)


def _rays(dirs):
    out = []
    for i in range(81):
        f, r = i % 9, i // 9
        rays = []
        for df, dr in dirs:
            ray, x, y = [], f + df, r + dr
            while on(x, y):
                ray.append(y * 9 + x)
                x, y = x + df, y + dr
            rays.append(ray)
        out.append(rays)
    return out


RANK_RAYS = _rays(((1, 0), (-1, 0)))      # horizontal prism
FILE_RAYS = _rays(((0, 1), (0, -1)))      # vertical prism


def flight_target(s):
    """R7: the corresponding square of the other hill (four files away), or None."""
    if HILL[s] == 1:
        return s + 4
    if HILL[s] == 2:
        return s - 4
    return None


# ---------------------------------------------------------------- stacks
def stack_ok(pieces, ob):
    """FO-5 for a one-coloured stack (pieces sorted) with an optional obelisk."""
    if len(pieces) > 3:
        return False
    if pieces and pieces[0] == GLOBE:
        if ob:
            return False
        for t in pieces[1:]:
            if t != DISK:
                return False
    if ob and PYR in pieces:
        return False
    return True


def remove(pieces, group):
    lst = list(pieces)
    for t in group:
        lst.remove(t)
    return tuple(lst)


def subgroups(pieces):
    """Distinct non-empty sub-multisets of a sorted piece tuple (R1: either of two
    identical pieces is the same move)."""
    out = set()
    for k in range(1, len(pieces) + 1):
        out.update(itertools.combinations(pieces, k))
    return sorted(out)


# ---------------------------------------------------------------- state
class State:
    __slots__ = ("board", "to_move", "winner", "win_reason")

    def __init__(self, board, to_move, winner=None, win_reason=None):
        self.board = tuple(board)
        self.to_move = to_move
        self.winner = winner          # set by apply() after a winning move (R13 1, 2)
        self.win_reason = win_reason

    def key(self):
        """The position of R11: board (each square a multiset) + player to move."""
        return (self.board, self.to_move)

    def pool(self, player):
        cnt = list(ARMY)
        for e in self.board:
            if e is not None and e[0] == player:
                for t in e[1]:
                    cnt[t] -= 1
        return cnt

    def obelisks_on_board(self):
        return sum(1 for e in self.board if e is not None and e[2])


def start_state():
    b = [None] * 81
    back = (VPRISM, TRI, STAR, CUBE, GLOBE, CUBE, STAR, TRI, HPRISM)
    for f, t in enumerate(back):
        b[f] = (BLACK, (t,), False)
        b[72 + f] = (WHITE, (t,), False)
    for f in (1, 3, 5, 7):
        b[9 + f] = (BLACK, (DISK,), False)
        b[63 + f] = (WHITE, (DISK,), False)
    b[9 + 4] = (BLACK, (PYR,), False)
    b[63 + 4] = (WHITE, (PYR,), False)
    for n in ("c5", "e5", "g5"):
        b[sq(n)] = (None, (), True)
    return State(b, BLACK)


# ---------------------------------------------------------------- powers
def _hill_ban(s, d):
    """FO-4 (e): an ordinary move may not go from one hill to the other."""
    return HILL[s] and HILL[d] and HILL[s] != HILL[d]


def _jump_ok(s, d, passed):
    """R5: a jump lands no higher than its start; if it passes a square higher
    than the start, it lands exactly at the start's level."""
    ls, ld = LEVEL[s], LEVEL[d]
    if ld > ls:
        return False
    if ld != ls:
        for p in passed:
            if LEVEL[p] > ls:
                return False
    return True


def _is_bridge_pair(s, d):
    """Middle level to middle level of the other hill, or top to top (R6)."""
    return (HILL[s] and HILL[d] and HILL[s] != HILL[d] and LEVEL[s] == LEVEL[d]
            and LEVEL[s] >= 1)


def type_dests(board, s, t, bridge):
    """Squares that the power of a piece of type t reaches from s, by the
    ordinary rules, plus the bridge moves (R6) when `bridge` (an own pyramid on
    s, moving or staying). Occupancy of the destination is not judged here."""
    out = []
    ls = LEVEL[s]
    if t == DISK:
        for d in DIAG1[s]:
            if not _hill_ban(s, d):
                out.append(d)                       # up, down or level (FO-4 c, R5)
    elif t == GLOBE:
        for d in KING[s]:
            if LEVEL[d] <= ls and not _hill_ban(s, d):
                out.append(d)
    elif t == CUBE or t == STAR:
        ones, twos = (ORTH1, ORTH2) if t == CUBE else (DIAG1, DIAG2)
        for d in ones[s]:
            if LEVEL[d] <= ls and not _hill_ban(s, d):
                out.append(d)
        for d, j in twos[s]:
            if _hill_ban(s, d):
                if bridge and _is_bridge_pair(s, d):
                    out.append(d)                   # R6: passed squares never matter
            elif _jump_ok(s, d, (j,)):
                out.append(d)
    elif t == TRI:
        for d, passed in KNIGHT[s]:
            if _hill_ban(s, d):
                if bridge and _is_bridge_pair(s, d):
                    out.append(d)
            elif _jump_ok(s, d, passed):
                out.append(d)
    elif t == HPRISM or t == VPRISM:
        rays = RANK_RAYS[s] if t == HPRISM else FILE_RAYS[s]
        for ray in rays:
            prev = ls
            for d in ray:                         # ordinary slide
                if LEVEL[d] > prev:
                    break
                if not _hill_ban(s, d):
                    out.append(d)
                if board[d] is not None:
                    break
                prev = LEVEL[d]
            if bridge and ls >= 1:                # bridge slide (R6)
                for d in ray:
                    if _is_bridge_pair(s, d):
                        out.append(d)
                    if LEVEL[d] < ls:
                        continue                  # ignored: level and occupancy
                    if LEVEL[d] > ls or board[d] is not None:
                        break
    return out


# ---------------------------------------------------------------- moves
class Move:
    __slots__ = ("s", "d", "group", "take", "dob", "rec", "capture", "arr", "arr_ob")

    def __init__(self, s, d, group, take, dob, rec, capture, arr, arr_ob):
        self.s, self.d, self.group, self.take = s, d, group, take
        self.dob = dob            # None, "obelisk" (keep the obelisk found on d) or "x" (remove it)
        self.rec = rec            # None, a type index, or "obelisk" (from the supply)
        self.capture = capture    # enemy pieces on d are captured
        self.arr = arr            # arriving stack: sorted pieces
        self.arr_ob = arr_ob      # arriving stack holds an obelisk


def notation(state, m):
    src = state.board[m.s]
    if m.group == src[1] and m.take == src[2]:
        g = ""
    else:
        g = "{" + ",".join([TYPES[t] for t in m.group] + (["obelisk"] if m.take else [])) + "}"
    t = g + name(m.s) + ("x" if m.capture else "-") + name(m.d)
    if m.dob:
        t += "/" + m.dob
    if m.rec is not None:
        t += "+" + (m.rec if m.rec == "obelisk" else TYPES[m.rec])
    return t


def pseudo_moves(state, player=None):
    """All moves of FO-1..FO-10 with R1..R9, R14, R15 (no repetition ban)."""
    board = state.board
    me = state.to_move if player is None else player
    pool = state.pool(me)
    supply = N_OBELISKS - state.obelisks_on_board()
    last = LAST_RANK[me]
    moves = {}
    for s in range(81):
        e = board[s]
        if e is None or e[0] != me:
            continue
        pieces, sob = e[1], e[2]
        bridge = PYR in pieces
        tdests = {t: type_dests(board, s, t, bridge) for t in set(pieces) if t != PYR}
        ft = flight_target(s) if sob else None
        for G in subgroups(pieces):
            reach = {}                            # dest -> [by a disk's power, by another power]
            for t in set(G):
                if t == PYR:
                    continue                      # R15: no power
                k = 0 if t == DISK else 1
                for d in tdests[t]:
                    fl = reach.get(d)
                    if fl is None:
                        reach[d] = fl = [False, False]
                    fl[k] = True
            if ft is not None:                    # R7: flight, whatever the powers
                fl = reach.get(ft)
                if fl is None:
                    reach[ft] = fl = [False, False]
                fl[1] = True
            if not reach:
                continue
            recover = (s // 9 != last) and len(G) <= 2
            for take in ((False, True) if sob else (False,)):
                for d, (dp, op) in reach.items():
                    de = board[d]
                    capture = False
                    if de is None:
                        opts = [(None, G, take)]
                    elif de[0] == me:             # merge with an own stack
                        if de[2]:                 # R8 b: own obelisk on d
                            if take:
                                continue
                            opts = [(None, tuple(sorted(de[1] + G)), True)]
                        else:
                            opts = [(None, tuple(sorted(de[1] + G)), take)]
                    else:
                        capture = de[0] is not None
                        if de[2]:                 # R8 a: lone obelisk / obelisk with enemies
                            opts = [("x", G, take)]
                            if not take:
                                opts.append(("obelisk", G, True))
                        else:
                            opts = [(None, G, take)]
                    for dob, arr, aob in opts:
                        if not stack_ok(arr, aob):
                            continue
                        key = (s, d, G, take, dob, None)
                        if key not in moves:
                            moves[key] = Move(s, d, G, take, dob, None, capture, arr, aob)
                        if not recover or d // 9 != last:
                            continue
                        # R9: recovery onto the opponent's last rank, from another rank
                        recs = []
                        if op and pool[DISK] > 0:
                            recs.append(DISK)
                        if dp:
                            recs.extend(t for t in range(8) if t != DISK and pool[t] > 0)
                            # R9 f: with `/x` the supply obelisk is the `/obelisk` move
                            if supply > 0 and not aob and dob != "x" and stack_ok(arr, True):
                                recs.append("obelisk")
                        for r in recs:
                            if r == "obelisk":
                                a2, o2 = arr, True
                            else:
                                a2, o2 = tuple(sorted(arr + (r,))), aob
                                if not stack_ok(a2, o2):
                                    continue
                            key = (s, d, G, take, dob, r)
                            if key not in moves:
                                moves[key] = Move(s, d, G, take, dob, r, capture, a2, o2)
    return list(moves.values())


def hill_winner(board, first):
    """R13 2: the hill condition, for `first` and then for the other player."""
    for p in (first, 1 - first):
        a, b = board[C5], board[G5]
        if a is None or a[0] != p or b is None or b[0] != p:
            continue
        if not any(board[i] is not None and board[i][0] == 1 - p for i in HILL_SQUARES):
            return p
    return None


def apply(state, m):
    me = state.to_move
    b = list(state.board)
    src = b[m.s]
    rem = remove(src[1], m.group)
    rem_ob = src[2] and not m.take
    b[m.s] = (me, rem, rem_ob) if rem else ((None, (), True) if rem_ob else None)
    de = b[m.d]
    globe_taken = de is not None and de[0] == 1 - me and GLOBE in de[1]
    b[m.d] = (me, m.arr, m.arr_ob)
    if globe_taken:
        return State(b, 1 - me, me, "globe captured")
    w = hill_winner(b, me)
    if w is not None:
        return State(b, 1 - me, w, "hilltops")
    return State(b, 1 - me)


def capturable(state, player):
    """R10: the opponent (to move in `state`) has a move ending on `player`'s globe."""
    if state.winner is not None:
        return False                              # R12: the game is over, no next move
    board = state.board
    g = None
    for i, e in enumerate(board):
        if e is not None and e[0] == player and GLOBE in e[1]:
            g = i
            break
    if g is None:
        return False
    opp = 1 - player
    for s, e in enumerate(board):
        if e is None or e[0] != opp:
            continue
        if e[2] and flight_target(s) == g:
            return True
        bridge = PYR in e[1]
        for t in set(e[1]):
            if t != PYR and g in type_dests(board, s, t, bridge):
                return True
    return False


def legal_moves(state, history=()):
    """Legal moves with their resulting states: [(move, child)].
    history: positions (State.key()) that existed earlier in the game, the
    current one included (R11, R12)."""
    if state.winner is not None:
        return []
    out = [(m, apply(state, m)) for m in pseudo_moves(state)]
    if not history:
        return out
    rep = [x for x in out if x[1].key() in history]
    if not rep:
        return out
    non = [x for x in out if x[1].key() not in history]
    if not non:
        return []                                 # FO-13: every move repeats
    me = state.to_move
    if all(capturable(c, me) for _, c in non):
        return out                                # R12 exception: all repeating moves allowed
    return non


# ---------------------------------------------------------------- positions
def load_toml(path):
    import tomllib
    with open(path, "rb") as fh:
        data = tomllib.load(fh)
    if data.get("phase", "play") != "play":
        raise ValueError("only phase = \"play\" is supported")
    to_move = PLAYERS.index(data["to_move"])
    b = [None] * 81
    for sname, val in data.get("board", {}).items():
        items = [val] if isinstance(val, str) else list(val)
        owner, pieces, ob = None, [], False
        for it in items:
            o, t = it.split()
            if t == "obelisk":
                if o != "neutral" or ob:
                    raise ValueError(f"{sname}: bad obelisk")
                ob = True
                continue
            oi = PLAYERS.index(o)
            if owner is not None and owner != oi:
                raise ValueError(f"{sname}: two colours")
            owner = oi
            pieces.append(TYPE_INDEX[t])
        pieces = tuple(sorted(pieces))
        if not stack_ok(pieces, ob):
            raise ValueError(f"{sname}: stack breaks FO-5")
        b[sq(sname)] = (owner, pieces, ob)
    st = State(b, to_move)
    # R11: the pools and the supply must be what the board implies
    hands = data.get("hands", {})
    for p in (BLACK, WHITE):
        pool = st.pool(p)
        if min(pool) < 0:
            raise ValueError(f"{PLAYERS[p]} has more pieces than an army")
        if pool[GLOBE]:
            raise ValueError(f"{PLAYERS[p]} has no globe: the game would be over (R13)")
        want = {TYPES[t]: n for t, n in enumerate(pool) if n}
        got = {k: v for k, v in hands.get(PLAYERS[p], {}).items() if v}
        if want != got:
            raise ValueError(f"{path}: {PLAYERS[p]} pool {got} != implied {want}")
    sup = N_OBELISKS - st.obelisks_on_board()
    # The supply may be left out: R11 fixes it (5 minus the obelisks on the board).
    if sup < 0 or hands.get("neutral", {}).get("obelisk", sup) != sup:
        raise ValueError(f"{path}: supply must be {sup}")
    return st


def show(state):
    rows = []
    for r in range(8, -1, -1):
        cells = []
        for f in range(9):
            e = state.board[r * 9 + f]
            if e is None:
                c = "." if not HILL[r * 9 + f] else str(LEVEL[r * 9 + f])
            else:
                c = ("" if e[0] is None else "bw"[e[0]]) + "".join(
                    "GPDCSTHV"[t] for t in e[1]) + ("O" if e[2] else "")
            cells.append(c.ljust(6))
        rows.append(f"{r + 1} " + "".join(cells))
    rows.append("  " + "".join(x.ljust(6) for x in FILES))
    rows.append(f"{PLAYERS[state.to_move]} to move; pools black {state.pool(BLACK)} "
                f"white {state.pool(WHITE)} (order {','.join(TYPES)}); "
                f"supply {N_OBELISKS - state.obelisks_on_board()}")
    return "\n".join(rows)


def outcome(state, history=()):
    """R13 after a move: (winner, reason), or None while the game goes on.
    1. globe captured, 2. hill condition (mover, then opponent) - both set by
    apply(); 3. the player to move has no legal move (FO-13, including when
    every move repeats a position): that player loses."""
    if state.winner is not None:
        return (PLAYERS[state.winner], state.win_reason)
    if not legal_moves(state, history):
        return (PLAYERS[1 - state.to_move], "no legal move")
    return None


def find_move(state, text, history=()):
    for m, c in legal_moves(state, history):
        if notation(state, m) == text:
            return m, c
    raise ValueError(f"{text}: not a legal move")


if __name__ == "__main__":
    st = load_toml(sys.argv[1]) if len(sys.argv) > 1 else start_state()
    print(show(st))
    ms = sorted(notation(st, m) for m, _ in legal_moves(st, {st.key()}))
    print(len(ms), "legal:", " ".join(ms))
