//! Shogi-style drops: captured pieces go, demoted, to the capturer's hand
//! (`returns as TYPE to capturer`), drops and moves in one phase,
//! promotion on entering, inside or leaving a zone (`promote … or from …`)
//! and a rule's moves judged by what they leave (`forbid leaves`), as
//! Minishogi uses them. Every figure is the independent reference
//! generator's, tools/reference/minishogi.py (which does not read src/):
//! `python3 tools/reference/minishogi.py --depth 5` from the start,
//! `--fen "…" --depth N` for the positions (their SFEN-like text in each
//! position file's comment and in tools/reference/minishogi_positions.txt).

use orrery::agents::perft::perft;
use orrery::formats::position::load_position;
use orrery::{Game, State};
use std::sync::Arc;

fn minishogi() -> Arc<Game> {
    Game::load("games/minishogi.rules").expect("minishogi loads")
}

fn perfts(start: &State, depth: u32) -> Vec<u64> {
    (1..=depth).map(|d| perft(start, d)).collect()
}

fn at(position: &str) -> State {
    let path = format!("tests/positions/minishogi/{position}.toml");
    load_position(&minishogi(), std::path::Path::new(&path)).unwrap_or_else(|e| panic!("{path}: {e:?}"))
}

/// From the start: 14, 181, 2,512, 35,401, 533,203.
#[test]
fn minishogi_from_the_start() {
    let start = minishogi().initial_state();
    assert_eq!(perfts(&start, 5), [14, 181, 2_512, 35_401, 533_203]);
}

/// Gote's king on a5, boxed in by golds on c4 and b3; sente holds a pawn,
/// gote a rook and a silver. pawn@a4 would checkmate and is no move.
#[test]
fn no_checkmate_by_dropping_a_pawn() {
    assert_eq!(perfts(&at("pawn_drop_mate"), 4), [30, 1_067, 17_051, 352_539]);
}

/// A pawn on b3 bars a second one from the b-file; none on the last rank.
#[test]
fn no_second_pawn_on_a_file() {
    assert_eq!(perfts(&at("second_pawn"), 4), [40, 595, 16_664, 279_142]);
}

/// Promoted pieces on the board, pieces in both hands: captures of
/// promoted pieces fill the capturer's hand with their base types.
#[test]
fn promoted_pieces_and_hands() {
    assert_eq!(perfts(&at("promoted_in_play"), 4), [26, 1_122, 17_044, 522_619]);
}

/// Entering, inside and leaving the zone, each with the choice to decline;
/// a pawn on the last rank promoted only.
#[test]
fn promotion_in_the_zone() {
    assert_eq!(perfts(&at("zone"), 3), [22, 89, 1_822]);
}

/// A pawn drop that checks without mating stands; a gold drop may mate.
#[test]
fn other_drops_with_check() {
    assert_eq!(perfts(&at("pawn_drop_check"), 3), [27, 29, 476]);
    assert_eq!(perfts(&at("gold_drop_mate"), 3), [35, 7, 235]);
}

#[test]
#[ignore = "a few seconds: cargo test --release -- --ignored"]
fn minishogi_positions_deep() {
    assert_eq!(perft(&at("pawn_drop_mate"), 5), 5_100_591);
    assert_eq!(perft(&at("second_pawn"), 5), 6_356_726);
}

/// `orrery explain` names `forbid leaves` as what refuses the mating pawn
/// drop, and the rule (the pawn's placement, rule 17 of the phase: the
/// five move rules with per-player directions count twice) as
/// making it otherwise; a pawn dropped elsewhere is legal.
#[test]
fn explain_names_forbid_leaves() {
    use orrery::engine::explain::{Explanation, RuleFinding, Why};
    let state = at("pawn_drop_mate");
    let asked = orrery::formats::explain::asked(&state, "pawn@a4").expect("a placement");
    assert_eq!(state.explain(asked), Explanation::Rules(vec![RuleFinding { rule: 17, why: Why::LeavesForbidden }]));
    let answer = orrery::formats::explain::explain_move(&state, "pawn@a4").expect("explained");
    assert!(!answer.legal);
    let asked = orrery::formats::explain::asked(&state, "pawn@b4").expect("a placement");
    assert!(state.explain(asked).legal());
}
