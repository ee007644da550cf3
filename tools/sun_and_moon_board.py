#!/usr/bin/env python3
"""Sun and Moon: turn the board data into Orrery's graph-board syntax.

    python3 tools/sun_and_moon_board.py                      # writes sun_and_moon_board.rules beside this script
    python3 tools/sun_and_moon_board.py --check              # also prints the board facts it verified
    python3 tools/sun_and_moon_board.py --orrery BIN         # also asks Orrery (perft --divide, one piece
                                              # per site) for every site's neighbours

Inputs (defaults): /work/shared/specs/sun_and_moon_board.json and, to compare
the two, the arc and half tables of /work/shared/specs/sun_and_moon.md.
Names are exactly those of the spec's "Names Orrery uses": sites EARTH, SUN,
MOON, T00..T11, Rd_aaa; lines C00..C11, TW_OUT, RING1..RING5; players moon, sun.

Every check that fails is printed as `MISMATCH ...` and makes the exit status 1.
"""

import argparse
import json
import math
import os
import re
import subprocess
import sys
import tempfile
from collections import Counter, defaultdict

HERE = os.path.dirname(os.path.abspath(__file__))
SPEC_DIR = os.path.join(HERE, "..", "..", "shared", "specs")
JSON_PATH = os.path.join(SPEC_DIR, "sun_and_moon_board.json")
SPEC_PATH = os.path.join(SPEC_DIR, "sun_and_moon.md")
OUT_PATH = os.path.join(HERE, "sun_and_moon_board.rules")

ROSETTE = [f"C{k:02d}" for k in range(12)]
RINGS = [f"RING{d}" for d in range(1, 6)]
LINE_NAMES = ROSETTE + ["TW_OUT"] + RINGS
IDENT = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")
KEYWORDS = {"and", "or", "not", "else"}

problems = []
facts = []


def fail(msg):
    problems.append(msg)


def fact(ok, msg):
    (facts if ok else problems).append(msg if ok else "MISMATCH " + msg)


# ----------------------------------------------------------------------------- data

def load():
    with open(JSON_PATH) as f:
        data = json.load(f)
    nodes = {n["id"]: n for n in data["nodes"]}
    if len(nodes) != len(data["nodes"]):
        fail("MISMATCH duplicate node ids in the JSON")
    arcs = data["arcs"]
    return data, nodes, arcs


def num(v):
    """A coordinate as Orrery writes numbers: a digit before any point, no exponent, no -0."""
    v = round(v, 6)
    if v == 0:
        return "0"
    s = f"{v:.6f}".rstrip("0").rstrip(".")
    return s


def adjacency(arcs):
    """pair (a, b) with a < b -> list of lines joining them as neighbours."""
    pairs = defaultdict(list)
    for name, pts in arcs.items():
        for i, a in enumerate(pts):
            b = pts[(i + 1) % len(pts)]  # every arc is a closed circle
            pairs[tuple(sorted((a, b)))].append(name)
    return pairs


def lines_through(arcs):
    through = defaultdict(list)
    for name, pts in arcs.items():
        for p in pts:
            through[p].append(name)
    return through


# ----------------------------------------------------------------------------- spec tables

def spec_tables():
    """The arc table and the LIGHT/DARK/TWILIGHT lists as written in the spec."""
    text = open(SPEC_PATH).read()
    arcs = {}
    for line in text.splitlines():
        m = re.match(r"^(C\d\d|TW_OUT|RING\d)\s+(?:\(outer twilight line\)\s+)?(.*)$", line)
        if m:
            arcs[m.group(1)] = m.group(2).split()
    halves = {}
    block = re.search(r"LIGHT \(Sun\):(.*?)```", text, re.S).group(0)
    light = re.search(r"LIGHT \(Sun\):(.*?)DARK", block, re.S).group(1).split()
    dark = re.search(r"DARK \(Moon\):(.*?)TWILIGHT", block, re.S).group(1).split()
    tw = re.search(r"TWILIGHT:(.*?)```", block, re.S).group(1)
    twilight = [f"T{k:02d}" for k in range(12)] + re.findall(r"R\d_\d{3}", tw)
    halves = {"LIGHT": light, "DARK": dark, "TWILIGHT": twilight}
    return arcs, halves


# ----------------------------------------------------------------------------- checks

def s_curve_y(x):
    """The middle twilight line as y(x): upper half of C00 for x >= 0, lower half of C06."""
    if x >= 0:
        return math.sqrt(max(0.0, 0.25 - (x - 0.5) ** 2))
    return -math.sqrt(max(0.0, 0.25 - (x + 0.5) ** 2))


def geometric_half(n):
    x, y = n["x"], n["y"]
    if abs(math.hypot(x, y) - 1) < 1e-4:
        return "TWILIGHT"
    yc = s_curve_y(x)
    # on the S-curve: distance to the C00 / C06 circle on the right side
    cx = 0.5 if x >= 0 else -0.5
    on_circle = abs(math.hypot(x - cx, y) - 0.5) < 1e-4
    if on_circle and ((x >= 0 and y >= -1e-9) or (x <= 0 and y <= 1e-9)):
        return "TWILIGHT"
    return "LIGHT" if y < yc else "DARK"


def check(data, nodes, arcs):
    ids = list(nodes)
    # names
    bad = [i for i in ids if not IDENT.match(i) or i in KEYWORDS]
    fact(not bad, f"all 73 site ids are Orrery names (letters, digits, _){' bad: ' + str(bad) if bad else ''}")
    fact(len(ids) == 73, f"73 sites (JSON has {len(ids)})")
    kinds = Counter(n["kind"] for n in nodes.values())
    fact(kinds == Counter({"star": 70, "earth": 1, "sun": 1, "moon": 1}),
         f"70 stars + EARTH + SUN + MOON (JSON kinds {dict(kinds)})")
    fact(sorted(arcs) == sorted(LINE_NAMES), f"18 lines named C00..C11, TW_OUT, RING1..RING5 (JSON: {sorted(arcs)})")
    for name, pts in arcs.items():
        if len(pts) != 12 or len(set(pts)) != 12:
            fail(f"MISMATCH arc {name} is not 12 distinct nodes")
        for p in pts:
            if p not in nodes:
                fail(f"MISMATCH arc {name} names unknown node {p}")
    facts.append("every arc is a closed circle of 12 distinct known nodes")

    # ids against ring/angle and the spec's coordinate formula
    for i, n in nodes.items():
        if n["kind"] == "earth":
            exp = (0.0, 0.0)
        elif n["ring"] == 0:
            exp = (math.cos(math.radians(n["angle"])), math.sin(math.radians(n["angle"])))
            if i != f"T{n['angle'] // 30:02d}":
                fail(f"MISMATCH border node {i} has angle {n['angle']}")
        else:
            r = math.cos(math.radians(15 * n["ring"]))
            exp = (r * math.cos(math.radians(n["angle"])), r * math.sin(math.radians(n["angle"])))
            if n["kind"] == "star" and i != f"R{n['ring']}_{n['angle']:03d}":
                fail(f"MISMATCH ring node {i} has ring {n['ring']} angle {n['angle']}")
            odd = n["ring"] % 2 == 1
            if (n["angle"] % 30 == 15) != odd:
                fail(f"MISMATCH {i}: odd rings sit at 15+30k degrees, even rings at 30k")
        if math.hypot(n["x"] - exp[0], n["y"] - exp[1]) > 1e-5:
            fail(f"MISMATCH coordinates of {i} ({n['x']}, {n['y']}) differ from the spec formula {exp}")
    facts.append("coordinates follow the spec formula (Tk on the unit circle, Rd_aaa at radius cos(15d))")
    fact(nodes["SUN"]["ring"] == 4 and nodes["SUN"]["angle"] == 0 and nodes["MOON"]["ring"] == 4
         and nodes["MOON"]["angle"] == 180, "SUN is the ring-4 point at 0 deg, MOON the ring-4 point at 180 deg")

    # each arc lies on its geometric circle and in cyclic order around it
    for name, pts in arcs.items():
        if name.startswith("C"):
            k = int(name[1:])
            c = (0.5 * math.cos(math.radians(30 * k)), 0.5 * math.sin(math.radians(30 * k)))
            r = 0.5
        elif name == "TW_OUT":
            c, r = (0, 0), 1
        else:
            c, r = (0, 0), math.cos(math.radians(15 * int(name[4:])))
        angs = []
        for p in pts:
            n = nodes[p]
            if abs(math.hypot(n["x"] - c[0], n["y"] - c[1]) - r) > 1e-4:
                fail(f"MISMATCH {p} is listed on {name} but does not lie on its circle")
            angs.append(math.degrees(math.atan2(n["y"] - c[1], n["x"] - c[0])) % 360)
        steps = [((angs[(i + 1) % 12] - angs[i]) % 360) for i in range(12)]
        if not all(abs(s - 30) < 1e-3 for s in steps):
            fail(f"MISMATCH {name} is not listed in order around its circle (steps {steps})")
    facts.append("every arc's nodes lie on its circle, 30 deg apart, listed in order around it")

    # incidence
    through = lines_through(arcs)
    for i, n in nodes.items():
        ls = through[i]
        if i == "EARTH":
            fact(sorted(ls) == ROSETTE, f"EARTH is on all 12 rosette circles and nothing else ({ls})")
        elif i.startswith("T"):
            k = int(i[1:])
            if sorted(ls) != sorted(["TW_OUT", f"C{k:02d}"]):
                fail(f"MISMATCH {i} should be on TW_OUT and C{k:02d} only: {ls}")
        else:
            ring = f"RING{n['ring']}"
            ros = [l for l in ls if l.startswith("C")]
            if len(ls) != 3 or ring not in ls or len(ros) != 2:
                fail(f"MISMATCH {i} should be on 2 rosette circles + {ring}: {ls}")
    facts.append("each of the 60 ring points (58 ring stars + SUN + MOON) is on exactly 3 arcs "
                 "(2 rosette circles + its ring): 6 directions; each Tk on TW_OUT and Ck only: 4 directions")

    pairs = adjacency(arcs)
    multi = {p: l for p, l in pairs.items() if len(l) > 1}
    earth_pairs = {p for p in multi if "EARTH" in p}
    fact(len(multi) == 12 and earth_pairs == set(multi),
         f"the only neighbour pairs joined by two lines are the 12 EARTH-R5 pairs ({len(multi)} found)")
    nb = defaultdict(set)
    for a, b in pairs:
        nb[a].add(b)
        nb[b].add(a)
    fact(sorted(nb["EARTH"]) == sorted(i for i in ids if i.startswith("R5_")),
         "EARTH's 12 neighbours are the ring-5 stars, each along two circles (24 directions)")
    fact(len(pairs) == 18 * 12 - 12, f"{len(pairs)} distinct neighbour pairs (216 arc segments, 12 doubled)")

    # sun, moon, shooting stars
    fact(sorted(through["SUN"]) == ["C02", "C10", "RING4"], f"SUN is on C02, C10, RING4 ({through['SUN']})")
    fact(sorted(through["MOON"]) == ["C04", "C08", "RING4"], f"MOON is on C04, C08, RING4 ({through['MOON']})")
    sun_nb = sorted(nb["SUN"])
    fact(sun_nb == sorted(["R3_015", "R5_345", "R3_345", "R5_015", "R4_030", "R4_330"]),
         f"SUN's neighbours are R3_015 R5_345 R3_345 R5_015 R4_030 R4_330 ({sun_nb})")
    for k in range(1, 12, 2):
        c = arcs[f"C{k:02d}"]
        if "SUN" in c or "MOON" in c:
            fail(f"MISMATCH odd circle C{k:02d} passes a body")
        t = c.index(f"T{k:02d}")
        e = c.index("EARTH")
        if (e - t) % 12 != 6:
            fail(f"MISMATCH T{k:02d} is not 6 steps from EARTH both ways on C{k:02d}")
    facts.append("odd circles never meet SUN or MOON; from each odd Tk both directions of Ck reach EARTH in 6 steps")

    # border colours
    for k in range(12):
        n = nodes[f"T{k:02d}"]
        want = "dark" if k % 2 else "light"
        if n.get("star_colour") != want:
            fail(f"MISMATCH T{k:02d} colour {n.get('star_colour')} (spec: {want})")
    fact(all(nodes[f"T{k:02d}"]["y"] > 0 for k in (1, 3, 5)) and all(nodes[f"T{k:02d}"]["y"] < 0 for k in (7, 9, 11)),
         "dark border stars: T01 T03 T05 on the Moon side (y > 0), T07 T09 T11 on the Sun side")

    # halves
    mid = data["middle_twilight"]
    c00, c06 = arcs["C00"], arcs["C06"]
    fact(mid[:7] == c00[:7] and list(reversed(mid[6:])) == c06[:7],
         "the middle twilight line = C00 from T00 to EARTH + C06 from EARTH to T06 (13 nodes with EARTH)")
    geo = {i: geometric_half(n) for i, n in nodes.items()}
    for i, n in nodes.items():
        if n["kind"] != "star":
            continue
        if geo[i] != n["half"]:
            fail(f"MISMATCH {i}: JSON half {n['half']}, geometry says {geo[i]}")
        if (n["half"] == "TWILIGHT") != n["twilight"]:
            fail(f"MISMATCH {i}: JSON half {n['half']} but twilight={n['twilight']}")
    counts = Counter(n["half"] for n in nodes.values() if n["kind"] == "star")
    fact(counts == Counter({"LIGHT": 24, "DARK": 24, "TWILIGHT": 22}),
         f"stars: 24 light, 24 dark, 22 twilight (12 border + 10 S-curve) ({dict(counts)})")
    fact(all(nodes[x]["half"] == "LIGHT" for x in nb["SUN"]) and all(nodes[x]["half"] == "DARK" for x in nb["MOON"]),
         "SUN's six neighbours are all light stars, MOON's all dark")
    facts.append("every star's half matches the geometry (light = below the S-curve)")

    # 180 degree symmetry
    def rot(i):
        if i in ("EARTH",):
            return i
        if i == "SUN":
            return "MOON"
        if i == "MOON":
            return "SUN"
        if i.startswith("T"):
            return f"T{(int(i[1:]) + 6) % 12:02d}"
        d, a = i[1], int(i[3:])
        r = f"R{d}_{(a + 180) % 360:03d}"
        if d == "4" and (a + 180) % 360 in (0, 180):
            return "SUN" if (a + 180) % 360 == 0 else "MOON"
        return r
    rpairs = {tuple(sorted((rot(a), rot(b)))): sorted(l) for (a, b), l in pairs.items()}
    fact(set(rpairs) == set(pairs), "the board is symmetric under the 180 deg rotation (SUN <-> MOON)")
    swap = {"LIGHT": "DARK", "DARK": "LIGHT", "TWILIGHT": "TWILIGHT"}
    fact(all(nodes[rot(i)]["half"] == swap[n["half"]] for i, n in nodes.items() if n["kind"] == "star"),
         "the rotation swaps the light and dark halves")

    # the spec's tables against the JSON
    sarcs, shalves = spec_tables()
    fact(sarcs == arcs, "the spec's arc table equals the JSON arcs, point for point"
         + ("" if sarcs == arcs else f": differ on {[k for k in set(sarcs) | set(arcs) if sarcs.get(k) != arcs.get(k)]}"))
    for h, lst in shalves.items():
        js = sorted(i for i, n in nodes.items() if n["kind"] == "star" and n["half"] == h)
        fact(sorted(lst) == js, f"the spec's {h} list equals the JSON's {h} stars ({len(lst)})")

    # things the JSON says that the spec does not
    if nodes["EARTH"]["twilight"]:
        facts.append("NOTE JSON marks EARTH twilight=true, half=TWILIGHT; the spec's TWILIGHT list has "
                     "22 stars and no EARTH (EARTH is on the S-curve but is not a star)")
    if nodes["SUN"]["half"] == "LIGHT" and nodes["MOON"]["half"] == "DARK":
        facts.append("NOTE JSON puts SUN in half LIGHT and MOON in DARK; the spec's half lists are stars only")
    return pairs, through


# ----------------------------------------------------------------------------- output

def regions(nodes, arcs):
    stars = [i for i, n in nodes.items() if n["kind"] == "star"]
    by = lambda h: [i for i in stars if nodes[i]["half"] == h]
    border = [f"T{k:02d}" for k in range(12)]
    tw = by("TWILIGHT")
    return [
        ("earth", ["EARTH"], "the earth: shooting stars' goal; only a promoted soldier starts a move here"),
        ("sun_body", ["SUN"], "the sun (ring 4 at 0 deg): Sun's princess starts here"),
        ("moon_body", ["MOON"], "the moon (ring 4 at 180 deg): Moon's princess starts here"),
        ("bodies", ["SUN", "MOON", "EARTH"], "the heavenly bodies: obstacles to soldiers"),
        ("stars", stars, "every node except the three bodies (70)"),
        ("border", border, "the outer twilight line TW_OUT (12 stars)"),
        ("twilight", tw, "the twilight line: 12 border stars + 10 S-curve stars (EARTH not included)"),
        ("middle_twilight", [i for i in tw if i not in border], "the S-curve's 10 stars (C00 from T00 to EARTH, C06 from EARTH to T06)"),
        ("light_half", by("LIGHT"), "Sun's half: the 24 light stars off the twilight line (deployment)"),
        ("dark_half", by("DARK"), "Moon's half: the 24 dark stars off the twilight line (deployment)"),
        ("dark_border_moon", ["T01", "T03", "T05"], "Moon's shooting stars start here"),
        ("dark_border_sun", ["T07", "T09", "T11"], "Sun's shooting stars start here"),
    ]


def site_list(sites, per_line=12, indent="    "):
    rows = [", ".join(sites[i:i + per_line]) for i in range(0, len(sites), per_line)]
    return "{\n" + ",\n".join(indent + r for r in rows) + "\n}"


def render(nodes, arcs):
    out = []
    w = out.append
    w("# Sun and Moon: the board, generated by drafts/sun_and_moon/gen_board.py from")
    w("# /work/shared/specs/sun_and_moon_board.json. Do not edit by hand: run the script.")
    w("# Names are the spec's (\"Names Orrery uses\"). Everything below `board` and the")
    w("# regions is a stand-in so that `orrery check` can load and smoke-run the board.")
    w("")
    w('game "Sun and Moon (board check)"')
    w("")
    w("players moon, sun                        # moon deploys and moves first")
    w("")
    w("board graph {")
    order = ["EARTH", "SUN", "MOON"] + [f"T{k:02d}" for k in range(12)] + sorted(
        i for i in nodes if i.startswith("R"))
    assert sorted(order) == sorted(nodes)
    w("  # 73 points: EARTH (centre), SUN, MOON, the border stars T00-T11, the ring stars Rd_aaa")
    for i in order:
        n = nodes[i]
        w(f"  point {i} at ({num(n['x'])}, {num(n['y'])})")
    w("  # 12 rosette circles: Ck has centre 0.5*e^(i*30k deg), radius 0.5, passes EARTH,")
    w("  # and touches the border at Tk")
    for name in LINE_NAMES:
        if name == "TW_OUT":
            w("  # the outer twilight line, and the 5 concentric rings")
        w(f"  circle {name}: " + " - ".join(arcs[name]))
    w("}")
    w("")
    for name, sites, comment in regions(nodes, arcs):
        w(f"# {comment}")
        if len(sites) <= 12:
            w(f"region {name} = " + ", ".join(sites))
        else:
            w(f"region {name} = " + site_list(sites))
    w("")
    w("# A stand-in piece: one step along any line, so the smoke run walks the graph.")
    w("piece earth_pony")
    w("")
    w("counter plies = 0")
    w("")
    w("setup {")
    w("  moon earth_pony on T01, T03, T05")
    w("  sun earth_pony on T07, T09, T11")
    w("}")
    w("")
    w("phase play {")
    w("  move earth_pony { step lines }")
    w("  after move: plies += 1")
    w("}")
    w("")
    w("end {")
    w('  when plies >= 60: draw "board check: 60 plies"')
    w("}")
    return "\n".join(out) + "\n"


# ----------------------------------------------------------------------------- Orrery cross-check

def orrery_check(binary, pairs, through, rules):
    """For every site, one piece there, `perft --depth 1 --divide`: the destinations
    Orrery lists must be the site's neighbours, each once per direction leading there."""
    expected = defaultdict(Counter)
    for (a, b), ls in pairs.items():
        expected[a][b] += len(ls)
        expected[b][a] += len(ls)
    bad = 0
    dup_sites = 0
    with tempfile.TemporaryDirectory() as tmp:
        for site in sorted(expected):
            pos = os.path.join(tmp, "p.toml")
            with open(pos, "w") as f:
                f.write(f'to_move = "moon"\nphase = "play"\n\n[board]\n{site} = "moon earth_pony"\n')
            r = subprocess.run([binary, "perft", rules, "--position", pos, "--depth", "1", "--divide"],
                               capture_output=True, text=True)
            got = Counter()
            for line in r.stdout.splitlines():
                m = re.match(r"^(\S+)-(\S+)\s+(\d+)$", line.strip())
                if m and m.group(1) == site:
                    got[m.group(2)] += int(m.group(3))
            exp = expected[site]
            if got == exp:
                continue
            if set(got) == set(exp) and all(got[k] == 1 for k in got):
                dup_sites += 1  # same neighbours, merged duplicates (a move is its effect)
                continue
            bad += 1
            print(f"MISMATCH orrery neighbours of {site}: got {dict(got)} expected {dict(exp)}\n{r.stderr}",
                  file=sys.stderr)
    if bad:
        problems.append(f"MISMATCH Orrery's graph differs from the JSON at {bad} sites")
    else:
        facts.append("Orrery agrees: for all 73 sites `step lines` reaches exactly the JSON neighbours"
                     + (f" ({dup_sites} sites list a neighbour reached along two lines once: single steps are "
                           "merged, so EARTH gives 12 moves, not 24)" if dup_sites else
                        "; EARTH gives 24 moves and each R5 star lists EARTH twice (one per circle): "
                        "two paths to one destination are still two moves (language.md section 22)"))


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--check", action="store_true", help="print the verified board facts")
    ap.add_argument("--orrery", metavar="BIN", help="cross-check the neighbours with an orrery binary")
    ap.add_argument("-o", "--output", default=OUT_PATH)
    args = ap.parse_args()
    data, nodes, arcs = load()
    pairs, through = check(data, nodes, arcs)
    with open(args.output, "w") as f:
        f.write(render(nodes, arcs))
    if args.orrery:
        orrery_check(args.orrery, pairs, through, args.output)
    if args.check or problems:
        for f_ in facts:
            print("ok  " + f_ if not f_.startswith("NOTE") else f_)
        for p in problems:
            print(p)
    print(f"wrote {args.output}" + (f"; {len(problems)} problem(s)" if problems else ""), file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
