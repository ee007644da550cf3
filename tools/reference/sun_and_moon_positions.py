"""The test positions of plan.md, run through the reference generator:
    python3 refgen.py
Piece shorthand: E earth_pony, P pegasus, U unicorn, S shooting_star, Q princess;
`S@R1_345:C11+` is a shooting star whose committed heading is C11+ (no suffix: not started)."""
from sun_and_moon_moves import State, show, legal, text, in_eclipse, apply, gen

def pseudo_vs_legal(name, st, opts=None):
    lg = {text(m) for m in legal(st, opts)}
    bad = sorted(text(m) for m in gen(st, st.to_move, options=opts) if text(m) not in lg)
    print(f"   {name}: pseudo-legal but illegal (eclipse): {' '.join(bad) or '-'}")

# --- earth pony
show("E1 pony on the border", State("moon", {"moon": "E@T00", "sun": "Q@R1_015 E@R2_000 U@R1_045 S@T11"}))
show("E2 promoted pony on EARTH", State("moon", {"moon": "E@EARTH", "sun": "U@R4_030 Q@R5_195"}))
# --- pegasus
show("P1 pegasus", State("moon", {"moon": "P@R2_330 S@R2_000:C01-",
                                  "sun": "E@T00 U@R3_315 E@R4_300 Q@R1_315 S@R2_300:C11-"}))
# --- unicorn
show("U1 unicorn", State("moon", {"moon": "U@R3_315", "sun": "E@T00 E@EARTH U@R4_330 S@R1_285:C09+ Q@R3_045"}))
# --- shooting stars
s1 = State("moon", {"moon": "S@T03 S@R1_015:C01-", "sun": "S@R2_000:C11+ E@R1_075"})
show("S1 stars", s1)
show("S1 stars, option stars_capture_stars", s1, {"stars_capture_stars": True})
s = show("S2 commitment (1)", s1, play="T03-R1_105")
s = show("S2 commitment (2)", s, play="R2_000-R3_015")
show("S2 commitment (3)", s)
show("S3 immediate promotion", State("moon", {"moon": "S@R5_105:C01+", "sun": "E@EARTH U@T06"},
                                     {"moon": {"pegasus": 1, "unicorn": 2}}), play="R5_105-EARTH/pegasus")
s4 = State("moon", {"moon": "S@R5_105:C01+ U@T07", "sun": "E@T08 U@T06 P@R1_225 E@R1_195"})
s = show("S4 waiting star", s4, play="R5_105-EARTH")
s = show("S4 deferred promotion", s, play="T08-T07")
show("S4 after", s)
s5 = State("sun", {"moon": "S@EARTH:C01+ U@T07", "sun": "E@T08 U@T06 P@R1_225 E@R1_195 Q@SUN"})
print("== S5 deferred promotion before legality (sun to move): captures only")
print("   legal captures:", sorted(text(m) for m in legal(s5) if m["to"] in ("T07",) or m["caps"]))
pseudo_vs_legal("S5", s5)
# --- princess
show("Q1 princess", State("moon", {"moon": "Q@T00", "sun": "E@T10 U@R1_315 S@R1_345:C11+"}))
pseudo_vs_legal("Q1", State("moon", {"moon": "Q@T00", "sun": "E@T10 U@R1_315 S@R1_345:C11+"}))
# --- eclipse
k1 = State("moon", {"moon": "Q@T00 E@T11", "sun": "E@T10 U@R1_315 S@R1_345:C11+ P@T02"})
show("K1 pinned pony", k1); pseudo_vs_legal("K1", k1)
k2 = State("moon", {"moon": "Q@T00 E@R1_045", "sun": "E@T10 U@R1_315 S@R1_345:C11+ P@T02"})
show("K2 in eclipse: rescue", k2); pseudo_vs_legal("K2", k2)
# --- banishment, stalemate
show("B1 banishment", State("sun", {"moon": "Q@T00", "sun": "E@R1_045 E@R1_345"}), play="R1_045-R1_015")
show("D1 stalemate", State("sun", {"moon": "Q@T00", "sun": "P@R1_015 P@R3_315"}), play="R3_315-R1_345")
# --- no army left
show("N1 no army", State("moon", {"moon": "Q@T00", "sun": "Q@MOON E@T10"}), play="T00-T11/xT10")
# --- option twilight_one_step
t1 = State("moon", {"moon": "P@R1_345 Q@T01", "sun": "U@T00"})
show("T1 twilight, off", t1)
show("T1 twilight, on", t1, {"twilight_one_step": True})
# --- unicorn on EARTH: one destination, two rays, two different captures
show("U2 unicorn on EARTH", State("moon", {"moon": "U@EARTH", "sun": "E@R4_060 E@R4_090"}))

# --- threefold repetition: the 8 plies are legal; the start position occurs a 3rd time after ply 8
st = State("moon", {"moon": "Q@T00 S@T03", "sun": "Q@MOON S@T09"})
show("R1 repetition start", st)
for mv in ["T00-R1_045", "MOON-R3_135", "R1_045-T00", "R3_135-MOON"] * 2:
    st = show(f"R1 ply {mv}", st, play=mv)
# --- deferred-promotion differential: S5 without the waiting star
show("S5 without the star on EARTH", State("sun", {"moon": "U@T07", "sun": "E@T08 U@T06 P@R1_225 E@R1_195 Q@SUN"}))
show("S5", State("sun", {"moon": "S@EARTH:C01+ U@T07", "sun": "E@T08 U@T06 P@R1_225 E@R1_195 Q@SUN"}))
# --- D0: deployment ignores eclipse; here only the eclipse claim is checked (refgen has no placements)
from sun_and_moon_moves import in_eclipse
print("== D0 moon princess on MOON with a sun pegasus on R3_165: in eclipse =",
      in_eclipse(State("moon", {"moon": "Q@MOON", "sun": "P@R3_165"}), "moon"))
# --- C1: quiet plies: both moves are legal in Q1
show("C1 (Q1 with quiet = 149)", State("moon", {"moon": "Q@T00", "sun": "E@T10 U@R1_315 S@R1_345:C11+"}), play="T00-R1_015")
