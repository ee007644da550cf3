//! `orrery analyze`: self-play figures from fixed seeds (the same on any
//! number of threads), checked against exact values where they are known,
//! and `--vs` finding a change whose effect is known.

use crate::run::orrery;
use orrery::analysis::{GameRecord, Players, analyze, play_games, stats, summarize};
use orrery::game::Game;

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// `orrery analyze ARGS --format json`, which must succeed, read.
fn analysis_json(args: &[&str]) -> serde_json::Value {
    let out = orrery(&[&["analyze"], args, &["--format", "json"]].concat());
    assert!(out.status.success(), "{}", text(&out.stderr));
    serde_json::from_slice(&out.stdout).unwrap()
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
    let v = analysis_json(&[
        "games/man_in_the_moon.rules",
        "--vs",
        "tests/games/moon_black_short_of_men.rules",
        "--games",
        "300",
        "--threads",
        "2",
    ]);
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
    for bad in ["mcts:0", "mcts:x", "alphabeta", "mcts", "mcts:0s", "mcts:-1s", "mcts:xs", "mcts:5000s"] {
        let out = orrery(&["analyze", "games/tic_tac_toe.rules", "--players", bad]);
        assert_eq!(out.status.code(), Some(2), "{bad}");
        assert!(
            ["mcts:PLAYOUTS", "number of playouts", "number of seconds"].iter().any(|m| text(&out.stderr).contains(m)),
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

#[test]
fn players_are_read_with_playouts_or_seconds() {
    assert_eq!("random".parse::<Players>(), Ok(Players::Random));
    assert_eq!("mcts:200".parse::<Players>(), Ok(Players::Mcts(200)));
    assert_eq!("mcts:0.5s".parse::<Players>(), Ok(Players::MctsTimed(500)));
    assert_eq!(Players::MctsTimed(500).to_string(), "mcts:0.5s");
    assert_eq!(Players::Mcts(200).to_string(), "mcts:200");
}

/// A game whose estimates are written out: decided-at and lead changes
/// follow their definitions (docs/analysis.md).
#[test]
fn decisiveness_and_lead_changes_by_their_definitions() {
    let game = Game::load("games/tic_tac_toe.rules").unwrap();
    let record = |winner: Option<usize>, values: &[(u32, u8, f32)]| GameRecord {
        plies: 10,
        winner,
        finished: true,
        rules: vec![vec![0]],
        choices: vec![2; 10],
        values: values.to_vec(),
        ..GameRecord::default()
    };
    // Player 0 (x) estimates at plies 0, 2, 4, 6, 8, player 1 (o) at 1, 3, 5, 7, 9.
    // x's chance, the mean of x's last estimate and one minus o's:
    // 0.6 0.6 0.5 0.35 0.375 0.575 0.75 0.85 0.9 0.925.
    let values = [
        (0, 0, 0.6),
        (1, 1, 0.4),
        (2, 0, 0.4),
        (3, 1, 0.7),
        (4, 0, 0.45),
        (5, 1, 0.3),
        (6, 0, 0.8),
        (7, 1, 0.1),
        (8, 0, 0.9),
        (9, 1, 0.05),
    ];
    // x wins: its chance is last at or below one half at ply 4, so the game
    // is decided at ply 5 of 10. The leader (past one half by 0.05) goes
    // x, o (ply 3), x (ply 5): two changes; ply 2's even chance changes nothing.
    let a = summarize(&game, "t", Players::Mcts(10), 1, 100, &[record(Some(0), &values)]);
    let d = a.drama.expect("estimates give decisiveness");
    assert_eq!((d.games, d.decided_at_mean, d.lead_changes_mean, d.lead_changes_max), (1, 0.5, 2.0, 2));
    let tenths = &d.winner_value_by_tenths;
    assert!((tenths[0].unwrap() - 0.6).abs() < 1e-6 && (tenths[9].unwrap() - 0.925).abs() < 1e-6, "{tenths:?}");
    // Had o won, its chance (one minus x's) is at or below one half at the
    // last estimate, ply 9: it never led for good, so 1.
    let b = summarize(&game, "t", Players::Mcts(10), 1, 100, &[record(Some(1), &values)]);
    assert_eq!(b.drama.unwrap().decided_at_mean, 1.0);
    // A winner ahead from the first estimate was decided from the start.
    let ahead: Vec<(u32, u8, f32)> = (0..10).map(|p| (p, (p % 2) as u8, if p % 2 == 0 { 0.8 } else { 0.2 })).collect();
    let c = summarize(&game, "t", Players::Mcts(10), 1, 100, &[record(Some(0), &ahead)]);
    let c = c.drama.unwrap();
    assert_eq!((c.decided_at_mean, c.lead_changes_mean), (0.0, 0.0));
    // Random players give no estimates, so no decisiveness.
    assert!(summarize(&game, "t", Players::Random, 1, 100, &[record(Some(0), &[])]).drama.is_none());
}

/// MCTS games are the same on any number of threads, and give estimates.
#[test]
fn mcts_games_are_seeded_and_estimated() {
    let game = Game::load("games/tic_tac_toe.rules").unwrap();
    let one = play_games(&game, Players::Mcts(50), 7, 0..6, 1, 100, &|| {});
    let two = play_games(&game, Players::Mcts(50), 7, 0..6, 2, 100, &|| {});
    assert_eq!(one, two);
    // Shares of the range played apart join into the same records.
    let mut joined = play_games(&game, Players::Mcts(50), 7, 0..2, 1, 100, &|| {});
    joined.extend(play_games(&game, Players::Mcts(50), 7, 2..6, 1, 100, &|| {}));
    assert_eq!(one, joined);
    assert!(one.iter().all(|r| !r.values.is_empty() && r.values.iter().all(|v| (0.0..=1.0).contains(&v.2))));
    let a = summarize(&game, "t", Players::Mcts(50), 7, 100, &one);
    let d = a.drama.unwrap();
    assert!((0.0..=1.0).contains(&d.decided_at_mean));
}

/// Chess under random play: captures and promotions are counted as
/// effects, and the fifty-move rule's endings as endings for want of progress.
#[test]
fn effects_and_endings_for_want_of_progress() {
    let game = Game::load("games/chess.rules").unwrap();
    let a = analyze(&game, "chess", 12, Players::Random, 1, 2, 3000);
    let effect = |name: &str| a.effects.iter().find(|e| e.effect == name).map_or(0, |e| e.plies);
    assert!(effect("capture") > 12 * 10, "{:?}", a.effects);
    assert!(effect("promotion") > 0, "{:?}", a.effects);
    let fifty = a.end_rules.iter().find(|r| r.rule.starts_with("fifty moves")).unwrap().fired;
    assert!(fifty > 0);
    assert_eq!(a.endings.no_progress, fifty);
    // Tic-Tac-Toe has no capture; nothing else is listed.
    let ttt = analyze(&Game::load("games/tic_tac_toe.rules").unwrap(), "ttt", 50, Players::Random, 1, 1, 100);
    assert_eq!(ttt.effects.len(), 1);
    assert_eq!((ttt.effects[0].effect.as_str(), ttt.effects[0].plies), ("capture", 0));
}

/// MCTS figures from fixed seeds, decisiveness and all, as a snapshot.
#[test]
fn the_mcts_report_of_fixed_seeds() {
    let out = orrery(&["analyze", "games/tic_tac_toe.rules", "--games", "30", "--players", "mcts:40", "--seed", "2"]);
    assert!(out.status.success());
    insta::assert_snapshot!(text(&out.stdout));
}

/// Every bundled rule file and variant can be analyzed and drawn: random
/// and MCTS players, the text, HTML and SVG reports, each beside the base.
#[test]
fn every_bundled_file_is_analyzed_and_drawn() {
    let mut files: Vec<std::path::PathBuf> = Vec::new();
    for dir in ["games", "games/variants"] {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.extension().is_some_and(|e| e == "rules") {
                files.push(path);
            }
        }
    }
    files.sort();
    assert!(files.len() >= 20, "{files:?}");
    let base = Game::load("games/man_in_the_moon.rules").unwrap();
    let base = analyze(&base, "base", 2, Players::Mcts(4), 1, 1, 40);
    for path in &files {
        let game = Game::load(path).unwrap_or_else(|e| panic!("{}: {e:?}", path.display()));
        let name = path.display().to_string();
        // A search's playouts run to the game's end: few plies keep it quick.
        for (players, plies) in [(Players::Random, 60), (Players::Mcts(2), 6)] {
            let a = analyze(&game, &name, 2, players, 1, 1, plies);
            assert_eq!(a.games, 2, "{name}");
            assert!(a.rules.iter().map(|r| r.fired).sum::<u64>() > 0, "{name}: no rule fired");
            let both = [&base, &a];
            let html = orrery::analysis::report::html(&both, &orrery::analysis::differences(&base, &a));
            assert!(html.contains("</html>") && html.matches("<svg").count() >= 3, "{name}");
            let svg = orrery::analysis::charts::all(&both);
            assert!(svg.starts_with("<svg") && svg.trim_end().ends_with("</svg>"), "{name}");
            assert!(!svg.contains("NaN") && !svg.contains("inf"), "{name}: {svg}");
            assert!(!orrery::analysis::text::text(&a).is_empty());
        }
    }
}

/// No games: the command refuses; the library's charts still draw (empty).
#[test]
fn no_games_is_refused_and_draws_nothing_wrong() {
    let out = orrery(&["analyze", "games/tic_tac_toe.rules", "--games", "0"]);
    assert_eq!(out.status.code(), Some(2));
    let game = Game::load("games/tic_tac_toe.rules").unwrap();
    let none = summarize(&game, "t", Players::Random, 1, 100, &[]);
    let svg = orrery::analysis::charts::all(&[&none]);
    assert!(!svg.contains("NaN") && !svg.contains("inf"), "{svg}");
}

/// `--position` starts every game there: walled in with one man, white is
/// skipped and black's first move wins (MM-6, MM-7).
#[test]
fn games_start_from_a_position_file() {
    let v =
        analysis_json(&["games/man_in_the_moon.rules", "--position", "tests/positions/blockade.toml", "--games", "50"]);
    assert_eq!(v["outcomes"]["wins"][1]["count"], 50, "{}", v["outcomes"]);
    assert_eq!((v["length"]["min"].as_f64(), v["length"]["max"].as_f64()), (Some(1.0), Some(1.0)));
}

/// `--vs-option` sets a file against itself under an option value, and
/// Man in the Moon's twenty quiet plies are an ending for want of progress.
#[test]
fn a_file_against_itself_under_an_option() {
    let v = analysis_json(&[
        "games/man_in_the_moon.rules",
        "--vs-option",
        "long_moves=true",
        "--games",
        "200",
        "--threads",
        "2",
    ]);
    assert_eq!(v["second"]["file"], "games/man_in_the_moon.rules (long_moves=true)");
    assert!(v["differences"].as_array().unwrap().len() >= 5);
    let quiet = v["first"]["end_rules"].as_array().unwrap().iter().find(|r| r["rule"] == "20 plies without a capture");
    assert_eq!(v["first"]["endings"]["no_progress"], quiet.unwrap()["fired"]);
    assert!(v["first"]["endings"]["no_progress"].as_u64().unwrap() > 0);
    let bad = orrery(&["analyze", "games/man_in_the_moon.rules", "--vs-option", "no_such=1", "--games", "2"]);
    assert_eq!(bad.status.code(), Some(1), "{}", text(&bad.stderr));
}
