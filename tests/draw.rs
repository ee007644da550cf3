//! Drawing a move without listing them all (`State::draw_move`) must give
//! exactly the move `legal_moves` lists at the drawn index, and agree on
//! how many there are, so that a seeded random game is the same game on
//! either path. Checked at every ply of seeded random games.

use orrery::engine::State;
use orrery::game::Game;
use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

/// Plays `games` random games of the rule file, checking every ply.
/// Returns how many plies the fast path answered.
fn check_game(file: &str, games: u64, max_plies: usize) -> usize {
    let game = Game::load(file).expect("compiles");
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(7);
    let mut answered = 0;
    let mut moves = Vec::new();
    for _ in 0..games {
        let mut state = game.initial_state();
        for _ in 0..max_plies {
            if state.is_over() {
                break;
            }
            state.legal_moves(&mut moves);
            if moves.is_empty() {
                // The blocked rule decides; `draw_move` has nothing to draw.
                assert!(state.draw_move(|_| 0).is_none());
                break;
            }
            answered += usize::from(agrees(&state, &moves, file));
            let mv = moves[rng.gen_range(0..moves.len())];
            state.apply(&mv);
        }
    }
    answered
}

/// Whether the fast path answered here; panics when it answers wrongly.
fn agrees(state: &State, moves: &[orrery::engine::state::Move], file: &str) -> bool {
    let n = moves.len();
    // The first, the last and a few between.
    for index in [0, n / 3, n / 2, n - 1] {
        let mut seen = None;
        let drawn = state.draw_move(|count| {
            seen = Some(count);
            index
        });
        let Some(drawn) = drawn else { return false };
        assert_eq!(seen, Some(n), "{file}: counted moves");
        assert_eq!(drawn, moves[index], "{file}: move {index} of {n}");
    }
    true
}

#[test]
fn drawn_moves_are_the_listed_moves() {
    for (file, games, plies) in [
        ("games/man_in_the_moon.rules", 20, 200),
        ("games/tic_tac_toe.rules", 20, 9),
        ("games/connect_four.rules", 10, 42),
        ("games/hex.rules", 2, 121),
        ("games/gomoku.rules", 1, 60),
        ("games/breakthrough.rules", 5, 200),
        ("games/variants/big_moon.rules", 5, 300),
    ] {
        let answered = check_game(file, games, plies);
        assert!(answered > 0, "{file}: the fast path should answer in this game");
    }
}

#[test]
fn phases_whose_moves_cannot_be_counted_list_them() {
    // Zodiac's hops, chess's royal king, draughts' chains, a placement that
    // `forbid leaves` judges: the fast path declines, the playout lists the moves.
    for file in [
        "games/zodiac.rules",
        "games/chess.rules",
        "games/english_draughts.rules",
        "tests/games/forbid_leaves_corners.rules",
    ] {
        assert_eq!(check_game(file, 2, 40), 0, "{file}");
    }
}

#[test]
fn compulsory_outflanking_is_counted_by_sets_where_directions_shift_evenly() {
    // Reversi's flips: every direction of the grid is one shift of the
    // site numbers, so the sites that outflank are found as a set.
    assert!(check_game("games/reversi.rules", 5, 70) > 0);
}

/// Reversi on 4 x 4, as a grid, or as a graph board whose points are
/// numbered out of order, so that no line of three or four points steps
/// evenly through the site numbers and each site is asked on its own.
fn small_reversi(graph: bool) -> String {
    let mut text = String::from("game \"Small Reversi\"\nplayers black, white\n");
    if graph {
        let order = [5, 14, 0, 11, 3, 8, 13, 6, 1, 10, 15, 4, 9, 2, 7, 12];
        let name = |i: usize| format!("{}{}", (b'a' + (i % 4) as u8) as char, i / 4 + 1);
        text.push_str("board graph {\n");
        for &i in &order {
            text.push_str(&format!("  point {} at ({}, {})\n", name(i), i % 4, i / 4));
        }
        // Rows, columns and both diagonals of at least two points.
        let mut lines: Vec<Vec<usize>> = Vec::new();
        for k in 0..4 {
            lines.push((0..4).map(|f| k * 4 + f).collect());
            lines.push((0..4).map(|r| r * 4 + k).collect());
        }
        for d in -2i32..=2 {
            lines.push((0..4i32).filter(|&f| (0..4).contains(&(f + d))).map(|f| ((f + d) * 4 + f) as usize).collect());
            lines.push(
                (0..4i32).filter(|&f| (0..4).contains(&(3 - f + d))).map(|f| ((3 - f + d) * 4 + f) as usize).collect(),
            );
        }
        for (n, line) in lines.iter().enumerate() {
            let points: Vec<String> = line.iter().map(|&i| name(i)).collect();
            text.push_str(&format!("  line L{n}: {}\n", points.join(" - ")));
        }
        text.push_str("}\n");
    } else {
        text.push_str("board square 4 x 4\n");
    }
    let dirs = if graph { "lines" } else { "all" };
    text.push_str(&format!(
        "piece disc reversible\nsetup {{\n  hand black: 16 disc\n  hand white: 16 disc\n  white disc on b2, c3\n  black disc on b3, c2\n}}\n\
         phase play {{\n  place disc on empty {{ must flip custodial {dirs} }}\n  when blocked: pass\n}}\n\
         end {{\n  when all passed: most disc wins, equal draws \"both passed\"\n}}\n"
    ));
    text
}

#[test]
fn outflanking_by_sets_and_site_by_site_agree() {
    use orrery::diagnostics::Source;
    let grid = Game::from_source(Source::new("grid.rules", small_reversi(false)), &[]).expect("the grid compiles");
    let graph = Game::from_source(Source::new("graph.rules", small_reversi(true)), &[]).expect("the graph compiles");
    // The grid counts its placements by sets; the graph asks site by site.
    assert!(grid.initial_state().draw_move(|_| 0).is_some());
    assert!(graph.initial_state().draw_move(|_| 0).is_none());
    // By hand: black outflanks at a2, b1, c4 or d3; after a2 white answers
    // a1, a3 or c1, and the other three openings are its mirror images.
    let counts: Vec<u64> = (1..=2).map(|d| orrery::agents::perft::perft(&grid.initial_state(), d)).collect();
    assert_eq!(counts, [4, 12]);
    for depth in 1..=7 {
        assert_eq!(
            orrery::agents::perft::perft(&grid.initial_state(), depth),
            orrery::agents::perft::perft(&graph.initial_state(), depth),
            "perft({depth}) of the same game on a grid and on an unevenly numbered graph"
        );
    }
}

/// Royal games: a drawn move is always legal, whatever the draws.
#[test]
fn checked_draws_are_legal_moves() {
    for file in ["games/chess.rules", "games/sun_and_moon.rules"] {
        let game = Game::load(file).expect("compiles");
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(11);
        let mut state = game.initial_state();
        let (mut moves, mut scratch) = (Vec::new(), Vec::new());
        for _ in 0..150 {
            state.legal_moves(&mut moves);
            if state.is_over() || moves.is_empty() {
                break;
            }
            for _ in 0..5 {
                let drawn =
                    state.draw_checked_move(&mut scratch, |n| rng.gen_range(0..n)).expect("a legal move exists");
                assert!(moves.contains(&drawn), "{file}: drew an illegal move {}", state.move_text(&drawn));
            }
            let mv = moves[rng.gen_range(0..moves.len())];
            state.apply(&mv);
        }
    }
}

/// In check with one way out, every draw finds it: the candidates that
/// leave the king attacked are struck off one by one.
#[test]
fn checked_draws_strike_off_moves_that_leave_the_king_attacked() {
    let game = Game::load("games/chess.rules").expect("compiles");
    let mut state = game.initial_state();
    for mv in ["e2-e4", "f7-f6", "d1-h5"] {
        state.play(mv).expect("legal");
    }
    assert_eq!(state.legal_move_texts(), ["g7-g6"]);
    let mut scratch = Vec::new();
    for first in [0, 5, 10, 15] {
        // Always the candidate at `first` (or the last), then the first one left.
        let mut draws = 0;
        let drawn = state
            .draw_checked_move(&mut scratch, |n| {
                draws += 1;
                if draws == 1 { first.min(n - 1) } else { 0 }
            })
            .expect("g7-g6 is legal");
        assert_eq!(state.move_text(&drawn), "g7-g6");
    }
}

/// End rules that read `blocked` are left waiting in random playouts until
/// the next draw shows whether the player to move has a move. The games
/// played must be the ones `apply` plays: same lengths and results, and the
/// same generator afterwards, so that the next playouts are the same too.
/// The counter rule comes before the blocked rule, so that which of the two
/// decides depends on their order.
#[test]
fn waiting_blocked_end_rules_play_the_games_apply_plays() {
    use orrery::agents::playout::{PlayoutRng, pick, random_playout};
    use orrery::diagnostics::Source;
    use std::sync::Arc;
    let rules = "game \"Crowded\"\nplayers white, black\nboard square 3 x 3\npiece man\ncounter plies = 0\n\
                 setup {\n  hand white: 4 man\n  hand black: 4 man\n}\n\
                 phase placing {\n  place man on empty\n  next moving when hands empty\n}\n\
                 phase moving {\n  move man { step orthogonal to empty }\n  after move: plies += 1\n}\n\
                 end {\n  long: in moving when plies >= 6: draw \"long\"\n  stuck: when blocked: mover wins \"stuck\"\n}\n";
    let game = Arc::new(Game::from_source(Source::new("crowded.rules", rules), &[]).expect("the game loads"));
    let mut fast = PlayoutRng::seed_from_u64(11);
    let mut reference = PlayoutRng::seed_from_u64(11);
    let (mut buf, mut stuck) = (Vec::new(), 0);
    for playout in 0..300 {
        let mut state = game.initial_state();
        let result = random_playout(&mut state, &mut fast, &mut buf);
        let mut expected = game.initial_state();
        while !expected.is_over() {
            expected.legal_moves(&mut buf);
            let mv = pick(&expected, &buf, &mut reference);
            expected.apply(&mv);
        }
        assert_eq!(result.plies, expected.ply(), "playout {playout}: length");
        assert_eq!(state.outcome(), expected.outcome(), "playout {playout}: result");
        stuck += usize::from(expected.outcome().is_some_and(|o| o.reason == "stuck"));
    }
    assert_eq!(fast.gen_range(0..u64::MAX), reference.gen_range(0..u64::MAX), "the generators agree afterwards");
    // Both end rules decided some games.
    assert!(stuck > 10, "only {stuck} games ended blocked");
}
