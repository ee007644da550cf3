#!/usr/bin/env python3
"""perft for Flying Obelisks with the independent reference generator
flying_obelisks_moves.py (written from shared/specs/flying_obelisks.md only,
not from Orrery's code).

    python3 tools/reference/flying_obelisks_perft.py [--depth N] [--moves] [--divide]
                                                     [--play MOVE ...] [POSITION.toml ...]

Without a position file, the proposed start position is used (binding figures:
51, 2559, 134021 for depths 1..3). For each position it prints perft(1..N)
(default N = 3) and, with --moves, the sorted list of depth-1 moves in the
spec's notation. --divide prints perft(N-1) below each depth-1 move.
--play plays the given moves (in notation) from each position before
counting; the line's history then holds every position it passed through.

perft(d) is the number of legal move sequences of length d. A move that wins
(globe captured, hill condition) ends the game: nothing is counted below it.
The history of a perft line starts with the position perft starts from, so
the repetition ban (FO-12, R12) applies to it.

Figures of this generator (perft 1, 2, 3 [, 4]):
    start                       51, 2559, 134021, 6952713
    flying_obelisks_hills       192, 8757, 1389320
    flying_obelisks_recovery    178, 6862, 1027724
    flying_obelisks_hilltop     91, 4065, 337129, 14203640
    flying_obelisks_flight_win  117, 3516, 302615, 8731090
    flying_obelisks_rep_ban     20, 100, 1769, 10853, 204332 (depth 5)
    flying_obelisks_rep_exception 27, 135, 3269, 20270, 504165 (depth 5)

Repetition examples: see flying_obelisks_repetition.txt next to this script,
reproduced by
    python3 tools/reference/flying_obelisks_perft.py --repetition
"""
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from flying_obelisks_moves import (  # noqa: E402
    load_toml, start_state, legal_moves, notation, find_move, show, capturable)


def perft(state, depth, hist):
    moves = legal_moves(state, hist)
    if depth == 1:
        return len(moves)
    total = 0
    for _, child in moves:
        k = child.key()
        hist[k] = hist.get(k, 0) + 1
        total += perft(child, depth - 1, hist)
        hist[k] -= 1
        if not hist[k]:
            del hist[k]
    return total


def play(state, texts, hist):
    for t in texts:
        _, state = find_move(state, t, hist)
        hist[state.key()] = hist.get(state.key(), 0) + 1
    return state


def run(label, state, depth, moves, divide, played=()):
    hist = {state.key(): 1}
    state = play(state, played, hist)
    print(f"== {label}" + (f" after {' '.join(played)}" if played else ""))
    if state.winner is not None:
        print(f"   game over: {['black', 'white'][state.winner]} won ({state.win_reason})")
    figs = []
    for d in range(1, depth + 1):
        t0 = time.time()
        n = perft(state, d, dict(hist))
        figs.append(n)
        print(f"   perft({d}) = {n}   [{time.time() - t0:.1f}s]", flush=True)
    print("   perft:", figs)
    if moves or divide:
        lm = sorted((notation(state, m), c) for m, c in legal_moves(state, hist))
        print(f"   {len(lm)} depth-1 moves:")
        for t, c in lm:
            if divide and depth > 1:
                h = dict(hist)
                h[c.key()] = h.get(c.key(), 0) + 1
                print(f"     {t}  {perft(c, depth - 1, h)}")
            else:
                print(f"     {t}")
    return figs


REPETITION = [
    # (file, moves, comment)
    ("flying_obelisks_rep_ban.toml",
     ["a1-b2", "e9-e8", "b2-a1"],
     "a1-b2 e9-e8 b2-a1: e8-e9 would recreate the start; e8-f9 is safe, so the ban holds"),
    ("flying_obelisks_rep_exception.toml",
     ["a1-b2", "e9-e8", "b2-a1"],
     "a1-b2 e9-e8 b2-a1: every non-repeating white move leaves the globe capturable, so the exception applies"),
]


def repetition_demo():
    here = os.path.dirname(os.path.abspath(__file__))
    pos_dir = os.path.join(here, "..", "..", "tests", "positions")
    for fn, seq, comment in REPETITION:
        st = load_toml(os.path.join(pos_dir, fn))
        hist = {st.key(): 1}
        print(f"== {fn}: {comment}")
        print(show(st))
        for t in seq:
            _, st = find_move(st, t, hist)
            hist[st.key()] = hist.get(st.key(), 0) + 1
            print(f"   played {t}")
        me = st.to_move
        pseudo = sorted((notation(st, m), c) for m, c in legal_moves(st, ()))
        legal = {notation(st, m) for m, _ in legal_moves(st, hist)}
        print(f"   after the sequence: {len(legal)} legal of {len(pseudo)} (ban ignored)")
        for t, c in pseudo:
            flags = []
            if c.key() in hist:
                flags.append("repeats")
            if capturable(c, me):
                flags.append("globe capturable")
            if c.winner is not None:
                flags.append("wins")
            print(f"     {'legal  ' if t in legal else 'BANNED '} {t}  {' '.join(flags)}")
        print()


def main(argv):
    depth, moves, divide, files, played = 3, False, False, [], []
    i = 0
    while i < len(argv):
        a = argv[i]
        if a == "--depth":
            depth = int(argv[i + 1])
            i += 1
        elif a == "--moves":
            moves = True
        elif a == "--divide":
            divide = True
        elif a == "--play":
            played.append(argv[i + 1])
            i += 1
        elif a == "--repetition":
            repetition_demo()
            return
        else:
            files.append(a)
        i += 1
    if not files:
        run("start", start_state(), depth, moves, divide, played)
    for f in files:
        run(os.path.basename(f), load_toml(f), depth, moves, divide, played)


if __name__ == "__main__":
    main(sys.argv[1:])
