//! Sowing (mancala): `sow TRACK [skipping …]`, `gather … into SITE` with
//! runs back along a track and `unless it empties`, `turn stays` as an
//! effect, `must leave`, `repeated`, and `most TYPE in REGION wins`. Kalah
//! and Oware against OpenSpiel's perft, and a game of several laps whose
//! figures are derived by hand in its rule file.

use orrery::agents::perft::perft;
use orrery::board::Site;
use orrery::diagnostics::Source;
use orrery::formats::position::parse_position;
use orrery::{Game, State};
use std::sync::Arc;

fn load(path: &str) -> Arc<Game> {
    Game::load(path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

fn edited(path: &str, from: &str, to: &str) -> Arc<Game> {
    let text = std::fs::read_to_string(path).expect("rule file");
    assert!(text.contains(from), "{path} holds `{from}`");
    Game::from_source(Source::new(path, text.replace(from, to)), &[]).unwrap_or_else(|e| panic!("{path}: {e}"))
}

fn position(game: &Arc<Game>, text: &str) -> State {
    parse_position(game, Source::new("p.toml", text.to_string())).unwrap_or_else(|e| panic!("{e:?}"))
}

fn perfts(state: &State, depth: u32) -> Vec<u64> {
    (1..=depth).map(|d| perft(state, d)).collect()
}

/// The seeds on a site, by its name.
fn seeds(state: &State, site: &str) -> u32 {
    let at: Site = state.game().board.site(site).unwrap_or_else(|| panic!("no site {site}"));
    state.position().pieces_on(at)
}

const LAPS: &str = "tests/games/sowing_laps.rules";

/// Derived by hand in the rule file's comment (depths 1 to 3), and by an
/// independent Python count from the rules (depths 4 and 5).
#[test]
fn sowing_over_several_laps_then_a_capture_back_along_the_track() {
    let start = load(LAPS).initial_state();
    assert_eq!(start.legal_move_texts(), ["A1-B3", "A2-A3"]);
    assert_eq!(perfts(&start, 5), [2, 2, 8, 17, 48]);
    let mut state = start.clone();
    state.play("A1-B3").expect("legal");
    // Two laps and six more: A2 1 + 3, A3 A4 3, B1 B2 B3 3 (taken), B4 5 + 2.
    let after: Vec<u32> =
        ["A1", "A2", "A3", "A4", "B1", "B2", "B3", "B4", "AS", "BS"].iter().map(|s| seeds(&state, s)).collect();
    assert_eq!(after, [0, 4, 3, 3, 0, 0, 0, 7, 9, 0]);
}

/// Without `skipping from`, the start gets a seed on each lap: 20 seeds
/// over 8 houses make two laps and four more, the last in B1 (A2 1 + 3,
/// A3 A4 B1 3, B2 B3 2, B4 7, A1 2), and B1 alone is taken.
#[test]
fn without_skipping_the_start_gets_a_seed_each_lap() {
    let game = edited(LAPS, "sow ring skipping from", "sow ring");
    let mut state = game.initial_state();
    assert!(state.legal_move_texts().contains(&"A1-B1".to_string()), "{:?}", state.legal_move_texts());
    state.play("A1-B1").expect("legal");
    assert_eq!((seeds(&state, "A1"), seeds(&state, "B1"), seeds(&state, "AS")), (2, 0, 3));
}

/// After A1 B4, south's A3 (4 seeds: A4 B1 B2 B3) leaves B1 B2 B3 with 2
/// each and B4 empty: the capture would take every seed north has, so
/// nothing is taken. Without `unless it empties`, all six are.
#[test]
fn the_grand_slam_takes_nothing() {
    let mut state = load(LAPS).initial_state();
    for mv in ["A1-B3", "B4-B3", "A3-B3"] {
        state.play(mv).expect("legal");
    }
    assert_eq!((seeds(&state, "B1"), seeds(&state, "B2"), seeds(&state, "B3"), seeds(&state, "AS")), (2, 2, 2, 9));
    let greedy = edited(LAPS, " unless it empties houses(opponent)", "");
    let mut state = greedy.initial_state();
    for mv in ["A1-B3", "B4-B3"] {
        state.play(mv).expect("legal");
    }
    // Taking all of north's seeds leaves north nothing to play, which
    // `must leave` forbids: A2 and A3 are no longer legal.
    assert_eq!(state.legal_move_texts(), ["A1-A2", "A4-B4"]);
}

/// `must leave`: with north's houses empty, only the moves that reach them.
#[test]
fn a_move_must_leave_the_opponent_a_seed() {
    let game = load("games/oware.rules");
    let text = r#"
to_move = "south"
[board]
S1 = "neutral 2 seed"
S5 = "neutral 3 seed"
SS = "neutral 20 seed"
NS = "neutral 23 seed"
"#;
    let state = position(&game, text);
    assert_eq!(state.legal_move_texts(), ["S5-N2"]);
    let free = edited("games/oware.rules", "  must leave pieces(houses(opponent)) > 0\n", "");
    assert_eq!(position(&free, text).legal_move_texts(), ["S1-S3", "S5-N2"]);
}

/// Kalah, against OpenSpiel's `mancala` (an extra move counted as a ply).
#[test]
fn kalah_perft_against_openspiel() {
    let start = load("games/kalah.rules").initial_state();
    assert_eq!(perfts(&start, 7), [6, 35, 185, 942, 4_690, 23_233, 114_430]);
}

#[test]
#[ignore = "two seconds in release; run with --ignored"]
fn kalah_perft_deep() {
    let start = load("games/kalah.rules").initial_state();
    assert_eq!(perft(&start, 9), 2_763_490);
}

/// Oware, against OpenSpiel's `oware`.
#[test]
fn oware_perft_against_openspiel() {
    let start = load("games/oware.rules").initial_state();
    assert_eq!(perfts(&start, 6), [6, 36, 190, 1_014, 5_219, 27_332]);
}

#[test]
#[ignore = "a few seconds in release; run with --ignored"]
fn oware_perft_deep() {
    let start = load("games/oware.rules").initial_state();
    assert_eq!(perfts(&start, 8)[6..], [139_157, 711_414]);
}

/// `turn stays` as an effect: Kalah's last seed in one's own store.
#[test]
fn the_last_seed_in_ones_store_gives_another_move() {
    let mut state = load("games/kalah.rules").initial_state();
    state.play("S3-SS").expect("legal");
    assert_eq!(state.current_player(), 0, "south again");
    state.play("S1-S5").expect("legal");
    assert_eq!(state.current_player(), 1, "north");
}

/// Oware ends when a position comes back: two single seeds chasing each
/// other round the board are back after twelve plies (an independent
/// Python replay of OpenSpiel's rules ends there too), one seed each: a draw.
#[test]
fn a_position_that_comes_back_ends_oware() {
    let game = load("games/oware.rules");
    let mut state = position(
        &game,
        r#"
to_move = "south"
[board]
S6 = "neutral 1 seed"
N6 = "neutral 1 seed"
SS = "neutral 23 seed"
NS = "neutral 23 seed"
"#,
    );
    let plies =
        ["S6-N1", "N6-S1", "S1-S2", "N1-N2", "S2-S3", "N2-N3", "S3-S4", "N3-N4", "S4-S5", "N4-N5", "S5-S6", "N5-N6"];
    for (i, mv) in plies.iter().enumerate() {
        assert!(state.outcome().is_none(), "over before ply {i}");
        assert_eq!(state.legal_move_texts(), [*mv], "ply {i}");
        state.play(mv).expect("legal");
    }
    let outcome = state.outcome().expect("the start came back");
    assert_eq!(outcome.winner, None, "{outcome:?}");
    assert_eq!(outcome.reason, "a position came back");
}
