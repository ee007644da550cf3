#!/usr/bin/env python3
"""perft from the two fixed deployments of tests/positions/sun_and_moon_deploy_{a,b}.toml,
with the independent move generator sun_and_moon_moves.py (written from the spec, not
from Orrery). tests/sun_and_moon.rs asserts the same counts. Takes a few minutes.

    python3 tools/reference/sun_and_moon_perft.py
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from sun_and_moon_moves import State, apply, legal, outcome  # noqa: E402

DEPLOYMENTS = {
    "a": State("moon", {"moon": "Q@MOON S@T01 S@T03 S@T05 E@R3_195 P@R4_150 U@R5_225 P@R5_165 P@R4_120 P@R4_210 U@R2_090 E@R2_060 E@R4_090 E@R3_075 U@R2_180 U@R3_135", "sun": "Q@SUN S@T07 S@T09 S@T11 E@R2_000 P@R1_315 P@R3_345 E@R2_330 U@R1_345 E@R1_285 U@R4_300 U@R1_255 E@R3_285 U@R2_270 P@R3_015 P@R3_255"}),
    "b": State("moon", {"moon": "Q@MOON S@T01 S@T03 S@T05 U@R2_180 U@R1_105 E@R1_045 E@R4_210 P@R5_225 P@R3_165 E@R3_135 U@R4_120 P@R3_105 P@R5_195 U@R4_090 E@R1_135", "sun": "Q@SUN S@T07 S@T09 S@T11 P@R2_300 U@R3_345 E@R1_225 E@R2_270 P@R5_015 E@R5_315 U@R5_285 P@R1_315 U@R1_285 P@R3_255 E@R5_045 U@R2_240"}),
}


def perft(st, depth):
    moves = legal(st)
    if depth == 1:
        return len(moves)
    total = 0
    for m in moves:
        child = apply(st, m)
        if outcome(child) is None:
            total += perft(child, depth - 1)
    return total


if __name__ == "__main__":
    for name, st in DEPLOYMENTS.items():
        print(name, [perft(st, d) for d in (1, 2, 3)], flush=True)
