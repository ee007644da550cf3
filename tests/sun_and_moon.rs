//! Sun and Moon, checked against its spec (`shared/specs/sun_and_moon.md`,
//! rules SM-1 to SM-17, ambiguities A1 to A13, Decisions 1 to 6).
//!
//! The positions and their exact legal move lists are those of
//! `drafts/sun_and_moon/plan.md` section 6: derived by hand from the spec and
//! confirmed by an independent reference generator (`refgen.py`), never taken
//! from the engine. The derivations are kept next to each test. The position
//! files are `tests/positions/sun_and_moon_*.toml`. P2 and U3 are not in the
//! plan: derived by hand here, the derivation beside them. The option A9
//! (twilight_one_step, plan position T1) is not tested here.
//!
//! Shorthand in comments: E earth pony, P pegasus, U unicorn, S shooting
//! star, Q princess; `S R2_000 (C11+)` is a star committed to the heading
//! C11+. Moves: `FROM-TO`, then `/xSITE` for a capture away from the
//! destination, `/TYPE` for a promotion choice; placements `TYPE@SITE`.

use orrery::agents::perft::perft;
use orrery::board::NO_SITE;
use orrery::engine::threat::threatened;
use orrery::formats::notation::parse_move;
use orrery::formats::position::parse_position;
use orrery::formats::trace::{record, record_text};
use orrery::render::board_text;
use orrery::{Game, State};
use serde_json::Value;
use std::sync::Arc;

const RULES: &str = "games/sun_and_moon.rules";

fn game() -> Arc<Game> {
    Game::load(RULES).expect("the bundled game compiles")
}

fn game_with(option: &str, value: &str) -> Arc<Game> {
    Game::load_with_options(RULES, &[(option.to_string(), value.to_string())])
        .expect("the game compiles with the option")
}

/// Reads `tests/positions/sun_and_moon_NAME.toml`; a failure shows the diagnostics.
fn position(game: &Arc<Game>, name: &str) -> State {
    let path = format!("tests/positions/sun_and_moon_{name}.toml");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    match parse_position(game, orrery::diagnostics::Source::new(path.clone(), text)) {
        Ok(state) => state,
        Err(report) => {
            let messages: Vec<&str> = report.diagnostics.iter().map(|d| d.message.as_str()).collect();
            panic!("{path} does not load: {messages:?}")
        }
    }
}

/// The legal moves as sorted texts.
fn legal(state: &State) -> Vec<String> {
    state.legal_move_texts()
}

/// Plays a move typed as text, which must be legal.
fn play(state: &mut State, text: &str) {
    let mv = parse_move(state, text).unwrap_or_else(|e| {
        panic!("`{text}` should be legal here: {e}\nlegal: {:?}\n{}", legal(state), board_text(state));
    });
    state.apply(&mv);
}

fn strings(list: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = list.iter().map(|s| s.to_string()).collect();
    v.sort();
    v
}

/// `prefix` followed by each suffix, sorted.
fn from(prefix: &str, suffixes: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = suffixes.iter().map(|s| format!("{prefix}{s}")).collect();
    v.sort();
    v
}

fn player(state: &State, name: &str) -> u8 {
    state.game().player_index(name).expect("moon or sun")
}

fn piece(state: &State, name: &str) -> u8 {
    state.game().pieces.iter().position(|p| p.name == name).expect("a piece type of the game") as u8
}

fn to_move(state: &State) -> &str {
    &state.game().players[state.current_player() as usize]
}

/// What stands on a site: "owner type", "owner type heading=DIR", or "-".
fn at(state: &State, site: &str) -> String {
    let game = state.game();
    let s = game.board.site(site).expect("a site of the board");
    match state.cell(s) {
        0 => "-".to_string(),
        code => match state.position().states[s as usize] {
            0 => game.describe_code(code),
            d => format!("{} heading={}", game.describe_code(code), game.board.directions[d as usize - 1]),
        },
    }
}

/// The whole board as sorted "SITE owner type [heading=DIR]" lines.
fn board(state: &State) -> Vec<String> {
    let game = state.game();
    let mut out: Vec<String> = game
        .board
        .site_names()
        .filter(|name| at(state, name) != "-")
        .map(|name| format!("{name} {}", at(state, name)))
        .collect();
    out.sort();
    out
}

/// A player's hand as "type count" entries (non-zero only), in the order the
/// rule file declares the types (earth_pony, pegasus, unicorn).
fn hand(state: &State, who: &str) -> Vec<String> {
    let p = player(state, who);
    let game = state.game();
    (0..game.pieces.len())
        .filter(|&t| state.hand(p, t as u8) > 0)
        .map(|t| format!("{} {}", game.pieces[t].name, state.hand(p, t as u8)))
        .collect()
}

fn quiet(state: &State) -> i64 {
    state.counter("quiet_plies").expect("the game has a quiet_plies counter")
}

/// Whether `who`'s princess is in eclipse (SM-12).
fn in_eclipse(state: &State, who: &str) -> bool {
    threatened(state.game(), state.position(), player(state, who), piece(state, "princess"))
}

/// The outcome as (winner or "draw", reason).
fn outcome(state: &State) -> Option<(String, String)> {
    state.outcome().map(|o| (o.winner.unwrap_or_else(|| "draw".to_string()), o.reason))
}

// ---------------------------------------------------------------------------
// Board (spec "Board: proposed geometry", A1 to A3)
// ---------------------------------------------------------------------------

#[test]
fn the_board_has_73_sites_and_18_closed_lines_of_12() {
    let game = game();
    let board = &game.board;
    // 70 stars (T00..T11 and the 58 ring stars) plus EARTH, SUN and MOON.
    assert_eq!(board.site_count(), 73);
    let mut names: Vec<String> = vec!["EARTH".into(), "SUN".into(), "MOON".into()];
    names.extend((0..12).map(|k| format!("T{k:02}")));
    for d in 1..=5 {
        // Odd rings at 15, 45, ..., 345 degrees; even rings at 0, 30, ..., 330.
        let first = if d % 2 == 1 { 15 } else { 0 };
        for k in 0..12 {
            let angle = first + 30 * k;
            // SUN and MOON are the ring-4 points at 0 and 180 degrees (A3).
            if d == 4 && (angle == 0 || angle == 180) {
                continue;
            }
            names.push(format!("R{d}_{angle:03}"));
        }
    }
    assert_eq!(names.len(), 73);
    for name in &names {
        assert!(board.site(name).is_some(), "missing site {name}");
    }
    // Lines: C00..C11, TW_OUT, RING1..RING5, each a closed cycle of 12 nodes.
    let mut lines: Vec<&str> = board.lines.iter().map(|l| l.name.as_str()).collect();
    lines.sort();
    let mut expected: Vec<String> = (0..12).map(|k| format!("C{k:02}")).collect();
    expected.push("TW_OUT".into());
    expected.extend((1..=5).map(|d| format!("RING{d}")));
    expected.sort();
    assert_eq!(lines, expected);
    for line in &board.lines {
        assert!(line.closed, "{} is a circle", line.name);
        assert_eq!(line.points.len(), 12, "{}", line.name);
    }
}

#[test]
fn every_site_is_on_the_lines_the_spec_says() {
    // Every ring star (including SUN and MOON) is on 2 rosette circles and
    // its ring: 3 lines, 6 directions with a neighbour. Every Tk is on TW_OUT
    // and Ck: 4 directions. EARTH is on the 12 rosette circles and nothing
    // else: 24 directions, but only the 12 ring-5 stars as neighbours (each
    // reached along two circles, the only such pair of lines).
    let game = game();
    let board = &game.board;
    let lines_through = |site: u16| -> Vec<String> {
        let mut v: Vec<String> =
            board.lines.iter().filter(|l| l.points.contains(&site)).map(|l| l.name.clone()).collect();
        v.sort();
        v
    };
    let directions_with_neighbour = |site: u16| {
        (0..board.directions.len()).filter(|&d| board.next(site, d as orrery::board::Dir) != NO_SITE).count()
    };
    let mut ring_stars = 0;
    for site in 0..board.site_count() as u16 {
        let name = board.site_name(site).to_string();
        let through = lines_through(site);
        if name == "EARTH" {
            assert_eq!(through, (0..12).map(|k| format!("C{k:02}")).collect::<Vec<_>>());
            assert_eq!(directions_with_neighbour(site), 24);
            let mut neighbours: Vec<&str> = (0..board.directions.len())
                .map(|d| board.next(site, d as orrery::board::Dir))
                .filter(|&n| n != NO_SITE)
                .map(|n| board.site_name(n))
                .collect();
            neighbours.sort();
            neighbours.dedup();
            let ring5: Vec<String> = (0..12).map(|k| format!("R5_{:03}", 15 + 30 * k)).collect();
            assert_eq!(neighbours, ring5);
        } else if let Some(k) = name.strip_prefix('T') {
            assert_eq!(through, vec![format!("C{k}"), "TW_OUT".to_string()], "{name}");
            assert_eq!(directions_with_neighbour(site), 4, "{name}");
        } else {
            ring_stars += 1;
            assert_eq!(through.len(), 3, "{name}: {through:?}");
            assert_eq!(through.iter().filter(|l| l.starts_with('C')).count(), 2, "{name}: {through:?}");
            assert_eq!(through.iter().filter(|l| l.starts_with("RING")).count(), 1, "{name}: {through:?}");
            assert_eq!(directions_with_neighbour(site), 6, "{name}");
        }
    }
    assert_eq!(ring_stars, 60, "58 ring stars plus SUN and MOON");
    // SUN is on C02, C10 and RING4, its neighbours all light stars; MOON mirrors it.
    let sun = board.site("SUN").unwrap();
    assert_eq!(lines_through(sun), strings(&["C02", "C10", "RING4"]));
    let mut around: Vec<&str> = (0..board.directions.len())
        .map(|d| board.next(sun, d as orrery::board::Dir))
        .filter(|&n| n != NO_SITE)
        .map(|n| board.site_name(n))
        .collect();
    around.sort();
    assert_eq!(around, ["R3_015", "R3_345", "R4_030", "R4_330", "R5_015", "R5_345"]);
    let moon = board.site("MOON").unwrap();
    assert_eq!(lines_through(moon), strings(&["C04", "C08", "RING4"]));
}

#[test]
fn a_circle_through_the_edge_comes_back_inward() {
    // A1 / figure 3: C00 runs R1_345 -> T00 -> R1_015; TW_OUT is a different
    // line at T00. Directions are named LINE+ (the written order) and LINE-.
    let game = game();
    let board = &game.board;
    let site = |n: &str| board.site(n).unwrap();
    let dir = |n: &str| board.direction(n).unwrap_or_else(|| panic!("direction {n}"));
    assert_eq!(board.next(site("R1_345"), dir("C00+")), site("T00"));
    assert_eq!(board.next(site("T00"), dir("C00+")), site("R1_015"));
    assert_eq!(board.next(site("T00"), dir("C00-")), site("R1_345"));
    assert_eq!(board.next(site("T11"), dir("TW_OUT+")), site("T00"));
    // Odd circles (shooting-star paths) never meet SUN or MOON (A3).
    for k in [1, 3, 5, 7, 9, 11] {
        let line = board.lines.iter().find(|l| l.name == format!("C{k:02}")).unwrap();
        assert!(!line.points.contains(&site("SUN")) && !line.points.contains(&site("MOON")), "C{k:02}");
    }
}

// ---------------------------------------------------------------------------
// Start and deployment (SM-1 to SM-3, A11)
// ---------------------------------------------------------------------------

#[test]
fn perft_from_the_start_counts_deployments() {
    // SM-3c, A11: Moon deploys first, one soldier of any type in hand (3
    // types, 4 of each) on an empty star of its own half off the twilight
    // line. Each half has 24 such stars, all empty at the start.
    //   depth 1: 24 stars x 3 types                 = 72
    //   depth 2: Sun places on its own half, which Moon's placement does not
    //            touch: 72 x 72                      = 5,184
    //   depth 3: Moon again: 23 empty dark stars x 3 types (each type still
    //            has at least 3 in hand) = 69;  5,184 x 69 = 357,696
    // (the spec's reference figures agree). No capture and no eclipse test
    // happen while deploying (SM-3d), so no line is cut short.
    let start = game().initial_state();
    assert_eq!(start.phase_name(), "deployment");
    assert_eq!(to_move(&start), "moon", "SM-4, A11: Moon deploys first");
    assert_eq!(perft(&start, 1), 72);
    assert_eq!(perft(&start, 2), 5_184);
    assert_eq!(perft(&start, 3), 357_696);
}

#[test]
fn the_setup_puts_princesses_on_their_bodies_and_stars_on_dark_border_stars() {
    // SM-3a, b: Q on her own body; S on T01, T03, T05 (Moon), T07, T09, T11 (Sun);
    // SM-2: 4 E, 4 P, 4 U in each hand.
    let start = game().initial_state();
    assert_eq!(
        board(&start),
        strings(&[
            "MOON moon princess",
            "SUN sun princess",
            "T01 moon shooting_star",
            "T03 moon shooting_star",
            "T05 moon shooting_star",
            "T07 sun shooting_star",
            "T09 sun shooting_star",
            "T11 sun shooting_star",
        ])
    );
    for who in ["moon", "sun"] {
        assert_eq!(hand(&start, who), ["earth_pony 4", "pegasus 4", "unicorn 4"], "{who}");
    }
    // The first placements: the 24 dark stars, each with each soldier type.
    let dark = [
        "R1_045", "R1_075", "R1_105", "R1_135", "R1_165", "R2_060", "R2_090", "R2_120", "R2_150", "R2_180", "R3_075",
        "R3_105", "R3_135", "R3_165", "R3_195", "R4_090", "R4_120", "R4_150", "R4_210", "R5_105", "R5_135", "R5_165",
        "R5_195", "R5_225",
    ];
    let mut expected = Vec::new();
    for t in ["earth_pony", "pegasus", "unicorn"] {
        expected.extend(dark.iter().map(|s| format!("{t}@{s}")));
    }
    expected.sort();
    assert_eq!(legal(&start), expected);
}

#[test]
fn d0_no_eclipse_test_while_deploying() {
    // D0 (SM-3d). Deployment, moon to move, moon hand {earth_pony 1}.
    // sun: P R3_165 | moon: Q MOON.
    // The pegasus flies over MOON (C04: R3_165, MOON, R5_195) to R5_195, so
    // the moon princess is in eclipse; moon still has all 23 placements
    // `earth_pony@...` on the empty dark-half stars (24 minus R3_165), none
    // filtered.
    let game = game();
    let state = position(&game, "d0");
    assert_eq!(state.phase_name(), "deployment");
    // The eclipse, seen with the movement rules (the pegasus has no move
    // while deploying): the same board in the movement phase.
    let text = std::fs::read_to_string("tests/positions/sun_and_moon_d0.toml").unwrap();
    let moving = text.replace("phase = \"deployment\"", "phase = \"movement\"");
    let moving = parse_position(&game, orrery::diagnostics::Source::new("d0 in movement", moving)).unwrap();
    assert_eq!(moving.phase_name(), "movement");
    assert!(in_eclipse(&moving, "moon"));
    let sites = [
        "R1_045", "R1_075", "R1_105", "R1_135", "R1_165", "R2_060", "R2_090", "R2_120", "R2_150", "R2_180", "R3_075",
        "R3_105", "R3_135", "R3_195", "R4_090", "R4_120", "R4_150", "R4_210", "R5_105", "R5_135", "R5_165", "R5_195",
        "R5_225",
    ];
    assert_eq!(legal(&state), from("earth_pony@", &sites));
}

// ---------------------------------------------------------------------------
// Earth pony (SM-5, A12, Decisions 1 and 6)
// ---------------------------------------------------------------------------

#[test]
fn e1_earth_pony_steps_and_turns_corners() {
    // E1. moon: E T00 | sun: Q R1_015, E R2_000, U R1_045, S T11 | moon to move.
    // * Single steps:
    //   * R1_015 holds the princess: no move.
    //   * R1_345 and T01 are empty.
    //   * T11 holds the star: capture.
    // * Corners need an empty first star:
    //   * via R1_345 (arrived on C00), turning onto C11: R2_000 (capture) and
    //     T11; onto RING1: R1_015 (no) and R1_315;
    //   * via T01 (TW_OUT), turning onto C01: R1_045 (capture) and R1_015 (no);
    //   * via T11: blocked.
    // * Straight two-steps (T02, T10, R2_030) are absent (A12).
    // Moon has no princess, so no move is filtered by the eclipse test.
    let state = position(&game(), "e1");
    assert_eq!(legal(&state), strings(&["T00-R1_045", "T00-R1_315", "T00-R1_345", "T00-R2_000", "T00-T01", "T00-T11"]));
}

#[test]
fn e1_a_capture_by_an_earth_pony_returns_the_soldier_to_its_owner() {
    // E1, then T00-R2_000 (the corner via R1_345 onto C11): the sun pony on
    // R2_000 is captured and goes to sun's hand (SM-11); a capture resets the
    // quiet counter (SM-17). T00-T11 takes the shooting star, which leaves
    // the game (SM-11): no hand changes.
    let game = game();
    let mut state = position(&game, "e1");
    play(&mut state, "T00-R2_000");
    assert_eq!(at(&state, "T00"), "-");
    assert_eq!(at(&state, "R2_000"), "moon earth_pony");
    assert_eq!(hand(&state, "sun"), ["earth_pony 1"]);
    assert_eq!(hand(&state, "moon"), Vec::<String>::new());
    assert_eq!(quiet(&state), 0);
    assert_eq!(to_move(&state), "sun");

    let mut state = position(&game, "e1");
    play(&mut state, "T00-T11");
    assert_eq!(at(&state, "T11"), "moon earth_pony");
    assert_eq!(hand(&state, "sun"), Vec::<String>::new());
    assert_eq!(quiet(&state), 0);
}

#[test]
fn e2_a_promoted_earth_pony_leaves_earth() {
    // E2. moon: E EARTH | sun: U R4_030, Q R5_195. Expected, 21 moves:
    // * 11 ring-5 stars: all but R5_195 (the princess);
    // * 10 ring-4 stars: all but SUN and MOON. R4_030 is a capture.
    // * Each R4 star r touches two R5 stars along two different circles.
    // * A pony leaves EARTH along circle a to one of those R5 stars, then
    //   turns onto that star's other circle, away from EARTH, and reaches r.
    // * R4_210 is still reached via R5_225 (Decision 6).
    // * Without dedupe, Orrery would list the paths instead: every R5 twice.
    let state = position(&game(), "e2");
    let expected = from(
        "EARTH-",
        &[
            "R4_030", "R4_060", "R4_090", "R4_120", "R4_150", "R4_210", "R4_240", "R4_270", "R4_300", "R4_330",
            "R5_015", "R5_045", "R5_075", "R5_105", "R5_135", "R5_165", "R5_225", "R5_255", "R5_285", "R5_315",
            "R5_345",
        ],
    );
    assert_eq!(legal(&state), expected);
}

// ---------------------------------------------------------------------------
// Pegasus (SM-6, A7)
// ---------------------------------------------------------------------------

#[test]
fn p1_pegasus_flies_two_or_three_over_the_first_piece() {
    // P1. moon: P R2_330, S R2_000 (C01-) | sun: E T00, U R3_315, E R4_300,
    // Q R1_315, S R2_300 (C11-).
    // The rays from R2_330 (first, second, third node) are:
    // * C00+ R1_345, T00, R1_015. The 2-step lands on T00, which is occupied.
    //   The 3-step flies over T00 and must capture it (this ray circles back
    //   inward through the edge).
    // * C00- R3_315, R4_300. Two pieces: nothing.
    // * C10+ R3_345, SUN. A body: nothing.
    // * C10- R1_315. The enemy princess cannot be flown over (A7): nothing.
    // * RING2+ R2_000 (own star), R2_030, R2_060. It flies over the friend,
    //   without capture.
    // * RING2- R2_300 (sun star), R2_270, R2_240. Forced capture on both.
    // There are no 1-step moves. The moon star may go only to R3_345 (its
    // heading C01-).
    let state = position(&game(), "p1");
    assert_eq!(
        legal(&state),
        strings(&[
            "R2_000-R3_345",
            "R2_330-R1_015/xT00",
            "R2_330-R2_030",
            "R2_330-R2_060",
            "R2_330-R2_240/xR2_300",
            "R2_330-R2_270/xR2_300",
        ])
    );
}

#[test]
fn p1_the_pegasus_captures_what_it_flies_over() {
    // P1, then R2_330-R1_015/xT00: the pony on T00 goes to sun's hand; the
    // pegasus lands on R1_015, nothing else changes; quiet resets.
    // P1, then R2_330-R2_240/xR2_300: the sun star leaves the game.
    let game = game();
    let mut state = position(&game, "p1");
    play(&mut state, "R2_330-R1_015/xT00");
    assert_eq!(
        board(&state),
        strings(&[
            "R1_015 moon pegasus",
            "R1_315 sun princess",
            "R2_000 moon shooting_star heading=C01-",
            "R2_300 sun shooting_star heading=C11-",
            "R3_315 sun unicorn",
            "R4_300 sun earth_pony",
        ])
    );
    assert_eq!(hand(&state, "sun"), ["earth_pony 1"]);
    assert_eq!(quiet(&state), 0);

    let mut state = position(&game, "p1");
    play(&mut state, "R2_330-R2_240/xR2_300");
    assert_eq!(at(&state, "R2_300"), "-");
    assert_eq!(at(&state, "R2_240"), "moon pegasus");
    assert_eq!(hand(&state, "sun"), Vec::<String>::new());
}

#[test]
fn p2_a_pegasus_never_flies_over_a_body() {
    // P2 (not in the plan). moon: P R4_300 | sun: E EARTH.
    // * C00 away from EARTH: R3_315, R2_330, R1_345: lands on R2_330 or R1_345.
    // * C00 toward EARTH: R5_285, then EARTH: a body, neither entered nor
    //   passed, so the pony there is not captured (SM-6, SM-9).
    // * C08 away from EARTH: R3_285, R2_270, R1_255: lands on R2_270 or R1_255.
    // * C08 toward EARTH: R5_315, then EARTH: nothing.
    // * RING4 one way: R4_270, R4_240, R4_210: lands on R4_240 or R4_210.
    // * RING4 the other way: R4_330, then SUN: nothing.
    let state = position(&game(), "p2");
    assert_eq!(legal(&state), from("R4_300-", &["R1_255", "R1_345", "R2_270", "R2_330", "R4_210", "R4_240"]));
}

// ---------------------------------------------------------------------------
// Unicorn (SM-7)
// ---------------------------------------------------------------------------

#[test]
fn u1_unicorn_moves_one_or_two_and_may_capture_ahead() {
    // U1. moon: U R3_315 | sun: E T00, E EARTH, U R4_330, S R1_285 (C09+), Q R3_045.
    // * C00+ to R2_330, and to R1_345 with or without taking T00 ahead.
    // * C00- to R4_300, and to R5_285. The piece ahead on EARTH cannot be taken.
    // * C09+: R4_330 is adjacent, so nothing (no capture without moving).
    // * C09- to R2_300, with or without taking the star at R1_285.
    // * RING3+ to R3_345 and R3_015. The princess ahead at R3_045 cannot be taken.
    // * RING3- to R3_285 and R3_255.
    let state = position(&game(), "u1");
    assert_eq!(
        legal(&state),
        from(
            "R3_315-",
            &[
                "R1_345",
                "R1_345/xT00",
                "R2_300",
                "R2_300/xR1_285",
                "R2_330",
                "R3_015",
                "R3_255",
                "R3_285",
                "R3_345",
                "R4_300",
                "R5_285",
            ]
        )
    );
}

#[test]
fn u1_the_unicorn_stays_where_it_stopped_when_it_captures() {
    // U1, then R3_315-R1_345/xT00: the unicorn stands on R1_345, T00 is
    // empty, the pony is in sun's hand.
    let mut state = position(&game(), "u1");
    play(&mut state, "R3_315-R1_345/xT00");
    assert_eq!(at(&state, "R1_345"), "moon unicorn");
    assert_eq!(at(&state, "T00"), "-");
    assert_eq!(at(&state, "R3_315"), "-");
    assert_eq!(hand(&state, "sun"), ["earth_pony 1"]);
    assert_eq!(quiet(&state), 0);
}

#[test]
fn u2_one_destination_with_two_different_captures() {
    // U2. moon: U EARTH | sun: E R4_060, E R4_090. Expected, 24 moves:
    // * 12 ring-5 stars;
    // * the ring-4 stars except R4_060, R4_090, SUN and MOON (8);
    // * 4 captures: EARTH-R5_045/xR4_060 (C04), EARTH-R5_075/xR4_060 (C00),
    //   EARTH-R5_075/xR4_090 (C05), EARTH-R5_105/xR4_090 (C01).
    // Decision 1: a move is its effect; the plain moves to a ring-5 star
    // (reached along two circles) and to a ring-4 star (two circles through
    // EARTH) are one move each.
    let state = position(&game(), "u2");
    let expected = from(
        "EARTH-",
        &[
            "R4_030",
            "R4_120",
            "R4_150",
            "R4_210",
            "R4_240",
            "R4_270",
            "R4_300",
            "R4_330",
            "R5_015",
            "R5_045",
            "R5_045/xR4_060",
            "R5_075",
            "R5_075/xR4_060",
            "R5_075/xR4_090",
            "R5_105",
            "R5_105/xR4_090",
            "R5_135",
            "R5_165",
            "R5_195",
            "R5_225",
            "R5_255",
            "R5_285",
            "R5_315",
            "R5_345",
        ],
    );
    assert_eq!(legal(&state), expected);
}

#[test]
fn u3_a_unicorn_reaching_a_star_two_ways_makes_one_move() {
    // U3 (not in the plan). moon: U R1_105 alone. Its lines are C03, C04 and RING1:
    // * C03: R2_120, R3_135 one way; T03 then, circling back inward through
    //   the edge, R1_075 the other;
    // * C04: T04 then R1_135 one way; R2_090, R3_075 the other;
    // * RING1: R1_135, R1_165 one way; R1_075, R1_045 the other.
    // R1_075 and R1_135 are each reached along two lines, with nothing to
    // capture: one move each (Decision 1). 10 moves.
    let state = position(&game(), "u3");
    assert_eq!(
        legal(&state),
        from(
            "R1_105-",
            &["R1_045", "R1_075", "R1_135", "R1_165", "R2_090", "R2_120", "R3_075", "R3_135", "T03", "T04"]
        )
    );
}

// ---------------------------------------------------------------------------
// Shooting stars (SM-8, SM-9, A5, Decision 2)
// ---------------------------------------------------------------------------

#[test]
fn s1_shooting_stars_capture_soldiers_only() {
    // S1. moon: S T03, S R1_015 (C01-) | sun: S R2_000 (C11+), E R1_075.
    // * The unmoved star may go either way along C03 (R1_075 and R1_105),
    //   and R1_075 is a capture.
    // * The R1_015 star's only target, R2_000, holds an enemy star. It cannot
    //   be taken (A5).
    let state = position(&game(), "s1");
    assert_eq!(legal(&state), strings(&["T03-R1_075", "T03-R1_105"]));
}

#[test]
fn s1_with_the_option_stars_take_stars() {
    // S1 with stars_take_stars = true (A5's general paragraph): the same plus
    // R1_015-R2_000, taking the sun star.
    let state = position(&game_with("stars_take_stars", "true"), "s1");
    assert_eq!(legal(&state), strings(&["R1_015-R2_000", "T03-R1_075", "T03-R1_105"]));
}

#[test]
fn s2_the_direction_of_a_shooting_star_is_committed() {
    // S2. From S1, play T03-R1_105, then sun plays R2_000-R3_015.
    // * Moon then has exactly R1_015-R2_000 R1_105-R2_120.
    // * The star on R1_105 stays on C03+. It never goes to T03, R1_075,
    //   R1_135, R2_090 or T04.
    let game = game();
    let mut state = position(&game, "s1");
    play(&mut state, "T03-R1_105");
    assert_eq!(at(&state, "R1_105"), "moon shooting_star heading=C03+");
    assert_eq!(quiet(&state), 1, "a move without capture or promotion");
    // Sun's moves: the star R2_000 (C11+) only to R3_015; the pony on R1_075
    // (on C02, C03, RING1): steps T02, R2_090, R2_060, T03, R1_045 and
    // R1_105 (taking the moon star); corners via T02 (TW_OUT) T01, T03; via
    // R2_090 (RING2) R2_060, R2_120, (C04) R3_075, R1_105; via R2_060
    // (RING2) R2_030, R2_090, (C01) R3_075, R1_045; via T03 (TW_OUT) T02,
    // T04; via R1_045 (C01) T01, R2_060, (C02) T02, R2_030. 11 sites.
    assert_eq!(
        legal(&state),
        strings(&[
            "R1_075-R1_045",
            "R1_075-R1_105",
            "R1_075-R2_030",
            "R1_075-R2_060",
            "R1_075-R2_090",
            "R1_075-R2_120",
            "R1_075-R3_075",
            "R1_075-T01",
            "R1_075-T02",
            "R1_075-T03",
            "R1_075-T04",
            "R2_000-R3_015",
        ])
    );
    play(&mut state, "R2_000-R3_015");
    assert_eq!(quiet(&state), 2);
    let expected = strings(&["R1_015-R2_000", "R1_105-R2_120"]);
    assert_eq!(legal(&state), expected);
    // The same position read from a file, with the heading written out.
    let loaded = position(&game, "s2");
    assert_eq!(board(&loaded), board(&state));
    assert_eq!(legal(&loaded), expected);
    assert_eq!(loaded.hash(), state.hash(), "headings are part of the position");
}

#[test]
fn s3_immediate_promotion_offers_each_type_in_hand() {
    // S3. moon: S R5_105 (C01+); hand moon {pegasus 1, unicorn 2} | sun: E EARTH, U T06.
    // * Expected, 2 moves: R5_105-EARTH/pegasus R5_105-EARTH/unicorn
    //   (C01+ from R5_105 is EARTH; the star takes the sun pony there).
    // * After /pegasus:
    //   * EARTH holds a moon pegasus;
    //   * the moon hand is {unicorn 2};
    //   * the sun hand is {earth_pony 1};
    //   * quiet = 0.
    let mut state = position(&game(), "s3");
    assert_eq!(legal(&state), strings(&["R5_105-EARTH/pegasus", "R5_105-EARTH/unicorn"]));
    play(&mut state, "R5_105-EARTH/pegasus");
    assert_eq!(board(&state), strings(&["EARTH moon pegasus", "T06 sun unicorn"]));
    assert_eq!(hand(&state, "moon"), ["unicorn 2"]);
    assert_eq!(hand(&state, "sun"), ["earth_pony 1"]);
    assert_eq!(quiet(&state), 0);
    assert_eq!(to_move(&state), "sun");
    assert!(state.outcome().is_none());
}

#[test]
fn s4_a_star_waits_on_earth_then_takes_the_first_captured_soldier() {
    // S4. moon: S R5_105 (C01+), U T07 | sun: E T08, U T06, P R1_225, E R1_195.
    // 1. Moon has 1 move: R5_105-EARTH.
    //    * The unicorn at T07 has all four neighbours occupied (T06, T08 on
    //      TW_OUT; R1_225, R1_195 on C07), so it has no move.
    //    * The star now waits on EARTH, and quiet goes up by 1.
    // 2. Sun plays T08-T07, capturing the unicorn.
    //    * EARTH now holds a moon unicorn.
    //    * The moon hand is empty and quiet = 0.
    // 3. Moon then has 22 moves: EARTH- to the 12 R5 and the 10 non-body R4 stars.
    let mut state = position(&game(), "s4");
    assert_eq!(legal(&state), strings(&["R5_105-EARTH"]));
    play(&mut state, "R5_105-EARTH");
    assert_eq!(at(&state, "EARTH"), "moon shooting_star heading=C01+");
    assert_eq!(at(&state, "R5_105"), "-");
    assert_eq!(quiet(&state), 1);
    assert_eq!(to_move(&state), "sun");
    play(&mut state, "T08-T07");
    assert_eq!(at(&state, "EARTH"), "moon unicorn");
    assert_eq!(at(&state, "T07"), "sun earth_pony");
    assert_eq!(hand(&state, "moon"), Vec::<String>::new());
    assert_eq!(quiet(&state), 0);
    assert_eq!(to_move(&state), "moon");
    // Each destination once (Decision 1: a move is its effect; each R5 star
    // is reached along two circles, each R4 star two steps along either of
    // its two circles).
    let expected = from(
        "EARTH-",
        &[
            "R4_030", "R4_060", "R4_090", "R4_120", "R4_150", "R4_210", "R4_240", "R4_270", "R4_300", "R4_330",
            "R5_015", "R5_045", "R5_075", "R5_105", "R5_135", "R5_165", "R5_195", "R5_225", "R5_255", "R5_285",
            "R5_315", "R5_345",
        ],
    );
    assert_eq!(legal(&state), expected);
}

#[test]
fn s5_the_deferred_promotion_comes_before_the_legality_test() {
    // S5. sun to move. moon: S EARTH (C01+, waiting), U T07 | sun: E T08,
    // U T06, P R1_225, E R1_195, Q SUN.
    // * Sun has 35 legal moves and no capture.
    // * The same position without the star on EARTH has 37 moves. The extra
    //   two are T08-T07 and R1_195-T07.
    // * Reason: either capture promotes a moon unicorn onto EARTH. That
    //   unicorn eclipses the sun princess on SUN: one step along C02 to
    //   R5_345, with SUN ahead.
    // The 37-move list is the reference generator's (refgen_output.txt).
    let game = game();
    let without = position(&game, "s5_no_star");
    let all = strings(&[
        "R1_195-R1_165",
        "R1_195-R2_150",
        "R1_195-R2_180",
        "R1_195-R2_210",
        "R1_195-R2_240",
        "R1_195-R3_195",
        "R1_195-T05",
        "R1_195-T07",
        "R1_225-R1_135",
        "R1_225-R1_165",
        "R1_225-R1_255",
        "R1_225-R1_285",
        "R1_225-R1_315",
        "R1_225-R2_270",
        "R1_225-R3_195",
        "R1_225-R3_255",
        "R1_225-R4_270",
        "SUN-R2_000",
        "SUN-R3_015",
        "SUN-R3_045",
        "SUN-R3_315",
        "SUN-R3_345",
        "SUN-R4_030",
        "SUN-R4_330",
        "SUN-R5_015",
        "SUN-R5_045",
        "SUN-R5_315",
        "SUN-R5_345",
        "T06-R1_165",
        "T06-R2_150",
        "T06-T04",
        "T06-T05",
        "T08-R1_255",
        "T08-R1_285",
        "T08-R2_240",
        "T08-T07",
        "T08-T09",
    ]);
    assert_eq!(all.len(), 37);
    assert_eq!(legal(&without), all);

    let state = position(&game, "s5");
    assert!(!in_eclipse(&state, "sun"), "a waiting star attacks nothing (SM-12)");
    let expected: Vec<String> = all.iter().filter(|m| *m != "T08-T07" && *m != "R1_195-T07").cloned().collect();
    assert_eq!(expected.len(), 35);
    assert_eq!(legal(&state), expected);
}

// ---------------------------------------------------------------------------
// Princess (SM-10, A8)
// ---------------------------------------------------------------------------

#[test]
fn q1_princess_corner_fly_and_step_capture() {
    // Q1. moon: Q T00 | sun: E T10, U R1_315, S R1_345 (C11+).
    // * (a) corners:
    //   * via R1_015: T01, R2_000 and R1_045 (R1_345 is occupied);
    //   * via T01: R1_045 and R1_015;
    //   * via T11: both ends are occupied.
    // * (b) over the star at R1_345, to R2_330.
    // * (c) to T11, taking the pony at T10.
    // * T00-R2_000 is absent: it lands on the star's next node (C11+ from
    //   R1_345), where she would be in eclipse.
    let state = position(&game(), "q1");
    assert_eq!(legal(&state), strings(&["T00-R1_015", "T00-R1_045", "T00-R2_330", "T00-T01", "T00-T11/xT10"]));
}

#[test]
fn q1_the_princess_step_capture_takes_the_piece_ahead() {
    // Q1, then T00-T11/xT10: she stands on T11, the pony is in sun's hand.
    let mut state = position(&game(), "q1");
    play(&mut state, "T00-T11/xT10");
    assert_eq!(
        board(&state),
        strings(&["R1_315 sun unicorn", "R1_345 sun shooting_star heading=C11+", "T11 moon princess"])
    );
    assert_eq!(hand(&state, "sun"), ["earth_pony 1"]);
    assert_eq!(quiet(&state), 0);
}

// ---------------------------------------------------------------------------
// Eclipse (SM-12, SM-13)
// ---------------------------------------------------------------------------

#[test]
fn k1_pinned_pieces() {
    // K1. Q1 plus moon E T11 and sun P T02. Moon is not in eclipse.
    // * Expected, 3 moves: T00-R1_015 T00-R2_330 T00-T01/xT02.
    // * Absent:
    //   * T11-T10, T11-R1_345, T11-R1_315: the pony leaving T11 lets the
    //     pegasus fly T01, T00 (over her) and land on T11;
    //   * T00-T01: the pegasus would fly over her;
    //   * T00-R1_045: the pegasus along C02, over R1_045 to R2_030;
    //   * T00-R2_000: the star.
    let state = position(&game(), "k1");
    assert!(!in_eclipse(&state, "moon"));
    assert_eq!(legal(&state), strings(&["T00-R1_015", "T00-R2_330", "T00-T01/xT02"]));
}

#[test]
fn k2_rescue_from_eclipse() {
    // K2. Q1 plus moon E R1_045 and sun P T02. Moon is in eclipse (P: T01,
    // then over T00, to T11).
    // * Expected, 6 moves: R1_045-T01 (block), R1_045-T02 (take the
    //   attacker), T00-R1_015, T00-R2_330 (move away), T00-T01/xT02 (take the
    //   attacker with her), T00-T11/xT10.
    // * The other 8 pony moves and T00-R2_000, T00-T01 are absent.
    let state = position(&game(), "k2");
    assert!(in_eclipse(&state, "moon"));
    assert_eq!(
        legal(&state),
        strings(&["R1_045-T01", "R1_045-T02", "T00-R1_015", "T00-R2_330", "T00-T01/xT02", "T00-T11/xT10"])
    );
}

// ---------------------------------------------------------------------------
// Endings (SM-14 to SM-17, Decisions 3 and 5)
// ---------------------------------------------------------------------------

#[test]
fn b1_banishment() {
    // B1. sun to move. sun: E R1_045, E R1_345 | moon: Q T00. Sun plays R1_045-R1_015.
    // * The moon princess is now next to a pony, so she is in eclipse.
    // * Her only candidate moves are R1_045 and R1_315 (corners via T01 and
    //   T11) and R2_030 and R2_330 (over the ponies).
    // * Each of those is next to a pony, so she has no legal move.
    // * Result: sun wins, "banishment".
    let mut state = position(&game(), "b1");
    play(&mut state, "R1_045-R1_015");
    assert!(in_eclipse(&state, "moon"));
    assert_eq!(legal(&state), Vec::<String>::new());
    assert_eq!(outcome(&state), Some(("sun".to_string(), "banishment".to_string())));
}

#[test]
fn d1_stalemate() {
    // D1. sun to move. sun: P R1_015, P R3_315 | moon: Q T00. Sun plays R3_315-R1_345.
    // * She is not in eclipse: each pegasus would have to land on the other.
    // * The same four candidates are each flown over:
    //   * R1_015 over R1_045 to R1_075;
    //   * R1_345 over R1_315 to R1_285;
    //   * R1_015 over R2_030 to R3_045;
    //   * R1_345 over R2_330 to R3_315.
    // * So she has no legal move. Result: draw, "stalemate".
    let mut state = position(&game(), "d1");
    play(&mut state, "R3_315-R1_345");
    assert!(!in_eclipse(&state, "moon"));
    assert_eq!(legal(&state), Vec::<String>::new());
    assert_eq!(outcome(&state), Some(("draw".to_string(), "stalemate".to_string())));
}

#[test]
fn n1_no_army_left_is_a_draw() {
    // N1. moon: Q T00 | sun: Q MOON, E T10.
    // * Moon has 5 moves: T00-R1_015 T00-R1_045 T00-R2_000 T00-T01 T00-T11/xT10.
    // * T11, R1_345 and R1_315 are absent: the pony attacks them.
    // * After T00-T11/xT10: draw, "no one can win" (the rule file's reason:
    //   "no soldiers or shooting stars left"). Sun still has moves, so (i)
    //   does not apply.
    let mut state = position(&game(), "n1");
    assert_eq!(legal(&state), strings(&["T00-R1_015", "T00-R1_045", "T00-R2_000", "T00-T01", "T00-T11/xT10"]));
    play(&mut state, "T00-T11/xT10");
    assert_eq!(hand(&state, "sun"), ["earth_pony 1"]);
    assert_eq!(outcome(&state), Some(("draw".to_string(), "no soldiers or shooting stars left".to_string())));
}

#[test]
fn r1_threefold_repetition() {
    // R1. moon: Q T00, S T03 | sun: Q MOON, S T09.
    // * The moves T00-R1_045 MOON-R3_135 R1_045-T00 R3_135-MOON are played twice.
    // * All 8 plies are legal.
    // * The loaded position occurs a 3rd time after ply 8: draw, "threefold
    //   repetition" (the engine's reason for its repetition rule). Not after ply 4.
    let mut state = position(&game(), "r1");
    let cycle = ["T00-R1_045", "MOON-R3_135", "R1_045-T00", "R3_135-MOON"];
    for round in 0..2 {
        for (k, mv) in cycle.iter().enumerate() {
            assert!(state.outcome().is_none(), "round {round}, before {mv}");
            play(&mut state, mv);
            let ply = round * 4 + k + 1;
            if ply < 8 {
                assert!(state.outcome().is_none(), "after ply {ply}");
            }
        }
    }
    assert_eq!(outcome(&state), Some(("draw".to_string(), "threefold repetition".to_string())));
}

#[test]
fn c1_the_150th_quiet_ply_draws() {
    // C1. Q1 with quiet_plies = 149.
    // * T00-R1_015 gives a draw, "150 quiet plies" (the rule file's reason:
    //   "150 plies without capture or promotion").
    // * T00-T11/xT10 sets quiet = 0, and play goes on.
    let game = game();
    let mut state = position(&game, "c1");
    assert_eq!(quiet(&state), 149);
    play(&mut state, "T00-R1_015");
    assert_eq!(quiet(&state), 150);
    assert_eq!(outcome(&state), Some(("draw".to_string(), "150 plies without capture or promotion".to_string())));

    let mut state = position(&game, "c1");
    play(&mut state, "T00-T11/xT10");
    assert_eq!(quiet(&state), 0);
    assert!(state.outcome().is_none());
    assert_eq!(to_move(&state), "sun");
}

// ---------------------------------------------------------------------------
// Seeded transcripts
// ---------------------------------------------------------------------------

const SEED: u64 = 7;

#[test]
fn a_seeded_game_as_text() {
    // One whole random game. To keep the snapshot small: the number of move
    // lines, the last 40 of them, and the final status line.
    let game = game();
    let text = record_text(&game.initial_state(), SEED);
    let moves: Vec<&str> = text.lines().filter(|l| l.trim_start().split('.').next().is_some_and(is_ply)).collect();
    assert!(moves.len() > 24, "24 placements, then moves");
    let status = text.lines().last().expect("a status line");
    let mut snapshot = format!("{} plies\n...\n", moves.len());
    for line in &moves[moves.len().saturating_sub(40)..] {
        snapshot.push_str(line);
        snapshot.push('\n');
    }
    snapshot.push_str(status);
    snapshot.push('\n');
    let mut settings = insta::Settings::clone_current();
    settings.set_snapshot_path("snapshots");
    settings.bind(|| insta::assert_snapshot!(format!("seed_{SEED}_last_40"), snapshot));
}

fn is_ply(word: &str) -> bool {
    !word.is_empty() && word.bytes().all(|b| b.is_ascii_digit())
}

#[test]
fn a_seeded_game_as_json_lines() {
    let game = game();
    let lines = record(&game.initial_state(), SEED);
    let header = &lines[0];
    assert_eq!(header["game"], "Sun and Moon");
    assert_eq!(header["seed"], SEED);
    assert_eq!(header["players"], serde_json::json!(["moon", "sun"]));
    let plies = &lines[1..lines.len() - 1];
    assert!(plies.len() > 24);
    // Deployment: 24 placements, Moon first, alternating; 72, 72, 69 choices
    // for the first three (see the perft test), each on an empty board star.
    for (k, line) in plies.iter().take(24).enumerate() {
        assert_eq!(line["ply"], k as u64);
        assert_eq!(line["phase"], "deployment");
        assert_eq!(line["to_move"], if k % 2 == 0 { "moon" } else { "sun" });
        assert!(line["move"].as_str().unwrap().contains('@'), "{line}");
        assert_eq!(line["board"].as_object().unwrap().len(), 8 + k, "8 setup pieces and {k} soldiers");
    }
    assert_eq!(plies[0]["legal"], 72);
    assert_eq!(plies[1]["legal"], 72);
    assert_eq!(plies[2]["legal"], 69);
    for line in &plies[24..] {
        assert_eq!(line["phase"], "movement");
        assert!(line["move"].as_str().unwrap().contains('-'), "{line}");
    }
    let last = lines.last().unwrap();
    assert_eq!(last["ply"], plies.len() as u64);
    let outcome = &last["outcome"];
    assert!(outcome.is_object(), "the game ends: {last}");
    assert!(outcome["reason"].is_string());
    assert_eq!(outcome["draw"] == Value::Bool(true), outcome["winner"].is_null());
}

#[test]
fn a_seeded_game_replays_from_its_json_lines() {
    let game = game();
    let lines = record(&game.initial_state(), SEED);
    let plies = &lines[1..lines.len() - 1];
    let last = lines.last().unwrap();
    let outcome = &last["outcome"];
    // The transcript replays move by move, by its texts, to the same end.
    let mut state = game.initial_state();
    for line in plies {
        assert_eq!(to_move(&state), line["to_move"].as_str().unwrap());
        play(&mut state, line["move"].as_str().unwrap());
    }
    let end = state.outcome().expect("the replayed game ended");
    assert_eq!(end.winner.as_deref(), outcome["winner"].as_str());
    assert_eq!(end.reason, outcome["reason"].as_str().unwrap());
    // The JSON board has no headings.
    let replayed: Vec<String> =
        board(&state).iter().map(|l| l.split(" heading=").next().unwrap().to_string()).collect();
    let mut recorded: Vec<String> = last["board"]
        .as_object()
        .unwrap()
        .iter()
        .map(|(site, pieces)| format!("{site} {}", pieces[0].as_str().unwrap()))
        .collect();
    recorded.sort();
    assert_eq!(replayed, recorded);
}

/// perft at the first movement ply from two fixed full deployments (all 24
/// soldiers placed, Moon to move). The counts are far beyond hand derivation;
/// they agree with an independent move generator written in Python straight
/// from the spec (`tools/reference/sun_and_moon_moves.py`, `perft` there).
/// In deployment b Moon's pieces stand close to Sun's, so the eclipse rule
/// already cuts Sun's replies to a handful (73 -> 864).
#[test]
fn perft_from_two_fixed_deployments() {
    let game = game();
    let a = position(&game, "deploy_a");
    assert_eq!([perft(&a, 1), perft(&a, 2), perft(&a, 3)], [76, 3_891, 287_241]);
    let b = position(&game, "deploy_b");
    assert_eq!([perft(&b, 1), perft(&b, 2), perft(&b, 3)], [73, 864, 61_567]);
}
