//! `orrery analyze`: self-play figures from fixed seeds (the same on any
//! number of threads), checked against exact values where they are known,
//! and `--vs` finding a change whose effect is known.

use crate::run::orrery;
use orrery::analysis::{Players, analyze, stats};
use orrery::game::Game;

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// Random Tic-Tac-Toe's exact shares (by enumerating every game with its
/// probability): x wins 58.49%, o wins 28.81%, draws 12.70%. Each lies in
/// the analysis's 95% interval, and the figures do not depend on threads.
#[test]
fn random_tic_tac_toe_agrees_with_its_exact_shares() {
    let game = Game::load("games/tic_tac_toe.rules").unwrap();
    let a = analyze(&game, "ttt", 4000, Players::Random, 1, 1, 100);
    let b = analyze(&game, "ttt", 4000, Players::Random, 1, 2, 100);
    assert_eq!(serde_json::to_value(&a).unwrap(), serde_json::to_value(&b).unwrap());
    let o = &a.outcomes;
    for (share, exact) in [(&o.wins[0], 0.5849), (&o.wins[1], 0.2881), (&o.draws, 0.1270)] {
        assert!(share.low <= exact && exact <= share.high, "{exact} outside [{}, {}]", share.low, share.high);
    }
    assert!(o.first_player_significant);
    assert_eq!(a.length.min, 5.0);
    assert_eq!(a.length.max, 9.0);
    assert_eq!(a.endings.cut_by_cap, 0);
    assert_eq!(a.end_rules.iter().map(|r| r.fired).sum::<u64>(), 4000);
    // Every ply but the last of a full board offers a choice: 9, 8, … at plies 0, 1, ….
    assert!((a.choice.by_tens_of_plies[0] - 5.6).abs() < 0.2, "{:?}", a.choice.by_tens_of_plies);
}

/// The base has no significant first-player edge; the variant that leaves
/// black two men short does, and `--vs` marks the difference significant.
#[test]
fn vs_finds_a_known_change() {
    let out = orrery(&[
        "analyze",
        "games/man_in_the_moon.rules",
        "--vs",
        "tests/games/moon_black_short_of_men.rules",
        "--games",
        "300",
        "--threads",
        "2",
        "--format",
        "json",
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["first"]["outcomes"]["first_player_significant"], false, "{}", v["first"]["outcomes"]);
    assert_eq!(v["second"]["outcomes"]["first_player_significant"], true);
    let white = &v["differences"][0];
    assert_eq!(white["figure"], "white wins (share)");
    assert!(white["difference"].as_f64().unwrap() > 0.2 && white["p"].as_f64().unwrap() < 0.05, "{white}");
}

#[test]
fn the_text_report_of_fixed_seeds() {
    let out = orrery(&["analyze", "games/tic_tac_toe.rules", "--games", "500", "--seed", "3"]);
    assert!(out.status.success());
    insta::assert_snapshot!(text(&out.stdout));
}

#[test]
fn bad_players_are_refused() {
    for bad in ["mcts:0", "mcts:x", "alphabeta", "mcts"] {
        let out = orrery(&["analyze", "games/tic_tac_toe.rules", "--players", bad]);
        assert_eq!(out.status.code(), Some(2), "{bad}");
        assert!(
            text(&out.stderr).contains("mcts:PLAYOUTS") || text(&out.stderr).contains("number of playouts"),
            "{bad}: {}",
            text(&out.stderr)
        );
    }
}

#[test]
fn the_statistics() {
    let (low, high) = stats::wilson(50, 100);
    assert!((low - 0.4038).abs() < 1e-3 && (high - 0.5962).abs() < 1e-3, "{low} {high}");
    assert!((stats::two_sided_p(1.959_964) - 0.05).abs() < 1e-4);
    assert!((stats::two_sided_p(0.0) - 1.0).abs() < 1e-9);
    assert!(stats::share_against(60, 100, 0.5) < 0.05 && stats::share_against(55, 100, 0.5) > 0.05);
    assert_eq!(stats::quantile(&[1.0, 2.0, 3.0, 4.0], 0.5), 2.5);
}
