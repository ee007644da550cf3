//! Engine and parser properties, checked on generated inputs (proptest):
//! random playouts always end, the incremental hash always equals a fresh
//! one, and no input given as a rule file or position file makes Orrery panic.

use orrery::agents::playout::{MAX_PLIES, PlayoutRng, random_playout};
use orrery::diagnostics::Source;
use orrery::formats::position::parse_position;
use orrery::{Game, State};
use proptest::prelude::*;
use rand::{Rng, SeedableRng};
use std::sync::Arc;

fn man_in_the_moon(long_moves: bool) -> Arc<Game> {
    let options = [("long_moves".to_string(), long_moves.to_string())];
    Game::load_with_options("games/man_in_the_moon.rules", &options).expect("bundled game compiles")
}

/// One of the bundled rule files, chosen by `which`.
fn rule_text(which: usize) -> String {
    let file = [
        "games/man_in_the_moon",
        "games/zodiac",
        "games/sun_and_moon",
        "games/flying_obelisks",
        "tests/games/pig",
        "games/sun_moon_and_stars",
    ][which % 6];
    std::fs::read_to_string(format!("{file}.rules")).expect("bundled game")
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    #[test]
    fn random_playouts_end(seed in any::<u64>(), long_moves in any::<bool>()) {
        let game = man_in_the_moon(long_moves);
        let mut state = game.initial_state();
        let mut rng = PlayoutRng::seed_from_u64(seed);
        let result = random_playout(&mut state, &mut rng, &mut Vec::new());
        prop_assert!(result.outcome.is_some(), "playout hit the {MAX_PLIES}-ply cap");
        // 24 placements, then at most 20 quiet plies between captures, and at
        // most 22 captures before someone is down to one man.
        prop_assert!(result.plies <= 24 + 21 * 23, "{} plies", result.plies);
    }

    #[test]
    fn incremental_hash_equals_fresh_hash(seed in any::<u64>(), long_moves in any::<bool>()) {
        let game = man_in_the_moon(long_moves);
        let mut state = game.initial_state();
        let mut rng = PlayoutRng::seed_from_u64(seed);
        let mut moves = Vec::new();
        while !state.is_over() {
            state.legal_moves(&mut moves);
            let mv = moves[rng.gen_range(0..moves.len())];
            state.apply(&mv);
            prop_assert_eq!(state.hash(), state.compute_hash(), "after ply {}", state.ply());
        }
    }

    /// Flying Obelisks from random starts of a seeded game: playouts end
    /// (a game of captures and a repetition ban), and the hash kept
    /// incrementally through stacks, pools and the supply is a fresh one.
    #[test]
    fn flying_obelisks_playouts_end_and_hash_stays_right(seed in any::<u64>()) {
        let game = Game::load("games/flying_obelisks.rules").expect("bundled game compiles");
        let mut state = game.initial_state();
        let mut rng = PlayoutRng::seed_from_u64(seed);
        let mut moves = Vec::new();
        while !state.is_over() {
            prop_assert!(state.ply() < MAX_PLIES, "the game did not end");
            state.legal_moves(&mut moves);
            let mv = moves[rng.gen_range(0..moves.len())];
            state.apply(&mv);
            prop_assert_eq!(state.hash(), state.compute_hash(), "after ply {}", state.ply());
        }
    }

    #[test]
    fn arbitrary_bytes_as_rule_file_never_panic(bytes in proptest::collection::vec(any::<u8>(), 0..400)) {
        let text = String::from_utf8_lossy(&bytes).into_owned();
        let (game, diagnostics) = orrery::compile::compile(&Source::new("fuzz.rules", text), &[]);
        prop_assert!(game.is_some() || diagnostics.iter().any(|d| d.is_error()));
    }

    #[test]
    fn rule_file_with_edits_never_panics(which in 0usize..6, edits in proptest::collection::vec((any::<prop::sample::Index>(), 0usize..3, "[a-z0-9{}(),:=<>#\" \n./-]{0,3}"), 1..6)) {
        let mut text = rule_text(which);
        for (at, kind, insert) in edits {
            let mut i = at.index(text.len() + 1);
            while !text.is_char_boundary(i) { i -= 1; }
            match kind {
                0 => text.insert_str(i, &insert),
                1 => { let end = (i + insert.len()).min(text.len()); if text.is_char_boundary(end) { text.replace_range(i..end, ""); } }
                _ => { let end = (i + insert.len()).min(text.len()); if text.is_char_boundary(end) { text.replace_range(i..end, &insert); } }
            }
        }
        let source = Source::new("edited.rules", text);
        let (game, diagnostics) = orrery::compile::compile(&source, &[]);
        prop_assert!(game.is_some() || diagnostics.iter().any(|d| d.is_error()));
        // Rendering must not panic either, whatever the spans.
        let _ = orrery::diagnostics::render_all(&source, &diagnostics, false);
    }

    #[test]
    fn arbitrary_bytes_as_position_never_panic(bytes in proptest::collection::vec(any::<u8>(), 0..300)) {
        let game = man_in_the_moon(false);
        let text = String::from_utf8_lossy(&bytes).into_owned();
        let source = Source::new("fuzz.toml", text);
        if let Err(report) = parse_position(&game, source) {
            prop_assert!(report.has_errors());
            let _ = report.to_string();
        }
    }

    #[test]
    fn position_like_text_never_panics(
        to_move in "(white|black|grey|)",
        phase in "(movement|placement|dance|)",
        cells in proptest::collection::vec(("[a-f][0-6]", "(white|black|neutral|red) (man|king)"), 0..30),
        hand in -3i64..300,
        quiet in any::<i64>(),
    ) {
        let game = man_in_the_moon(false);
        let mut text = format!("to_move = \"{to_move}\"\nphase = \"{phase}\"\n[board]\n");
        for (site, piece) in &cells {
            text.push_str(&format!("{site} = \"{piece}\"\n"));
        }
        text.push_str(&format!("[hands]\nwhite = {{ man = {hand} }}\n[counters]\nquiet_plies = {quiet}\n"));
        if let Ok(mut state) = parse_position(&game, Source::new("gen.toml", text)) {
            // A loaded position can be played out without panicking.
            let mut rng = PlayoutRng::seed_from_u64(7);
            let _ = random_playout(&mut state, &mut rng, &mut Vec::new());
        }
    }
}

#[test]
fn a_written_position_reads_back_the_same() {
    let game = man_in_the_moon(false);
    let mut state: State = game.initial_state();
    let mut rng = PlayoutRng::seed_from_u64(11);
    let mut moves = Vec::new();
    for _ in 0..30 {
        state.legal_moves(&mut moves);
        let mv = moves[rng.gen_range(0..moves.len())];
        state.apply(&mv);
    }
    let text = orrery::formats::position::to_toml(&state);
    let back = parse_position(&game, Source::new("back.toml", text)).expect("own output reads back");
    assert_eq!(back.hash(), state.hash());
    assert_eq!(back.position().cells, state.position().cells);
    assert_eq!(back.counter("quiet_plies"), state.counter("quiet_plies"));
    assert_eq!(back.current_player(), state.current_player());
}

/// Sun and Moon keeps more in its hash than the other games: piece headings,
/// hands refilled by captures, promotions. Two whole random games, checked at
/// every ply, and a position with headings written and read back.
#[test]
fn sun_and_moon_hash_and_positions_stay_right() {
    let game = Game::load("games/sun_and_moon.rules").expect("bundled game compiles");
    let mut moves = Vec::new();
    let mut round_trips = 0;
    for seed in [3, 8] {
        let mut state = game.initial_state();
        let mut rng = PlayoutRng::seed_from_u64(seed);
        while !state.is_over() {
            state.legal_moves(&mut moves);
            let mv = moves[rng.gen_range(0..moves.len())];
            state.apply(&mv);
            assert_eq!(state.hash(), state.compute_hash(), "seed {seed}, after ply {}", state.ply());
            if state.ply() == 200 {
                let text = orrery::formats::position::to_toml(&state);
                let back = parse_position(&game, Source::new("back.toml", text)).expect("own output reads back");
                assert_eq!(back.hash(), state.hash(), "seed {seed}");
                assert_eq!(back.position().states, state.position().states, "seed {seed}");
                assert_eq!(back.legal_move_texts(), state.legal_move_texts(), "seed {seed}");
                round_trips += 1;
            }
        }
    }
    assert_eq!(round_trips, 2, "both games reach ply 200");
}

/// `repetition forbidden`: a move may not recreate an earlier position with
/// the same player to move. On a line a-b-c-d, white on a and black on d:
/// after a-b, d-c, b-a, black's c-d would bring back the start with white to
/// move, so black's only move is c-b. A player left with only repeating
/// moves is blocked.
#[test]
fn forbidden_repetition_removes_repeating_moves() {
    let text = r#"
game "Shuttle"
players white, black
board graph {
  point a at (0, 0)
  point b at (1, 0)
  point c at (2, 0)
  point d at (3, 0)
  line L: a - b - c - d
}
piece man
setup {
  white man on a
  black man on d
}
phase play {
  move man { step lines }
}
repetition forbidden
"#;
    let game = Game::from_source(Source::new("shuttle.rules", text.to_string()), &[]).expect("compiles");
    let mut state = game.initial_state();
    for mv in ["a-b", "d-c", "b-a"] {
        state.play(mv).expect("legal");
    }
    assert_eq!(state.legal_move_texts(), vec!["c-b"]);
    // Without the ban both moves are there.
    let free = text.replace("repetition forbidden", "");
    let game = Game::from_source(Source::new("free.rules", free), &[]).expect("compiles");
    let mut state = game.initial_state();
    for mv in ["a-b", "d-c", "b-a"] {
        state.play(mv).expect("legal");
    }
    assert_eq!(state.legal_move_texts(), vec!["c-b", "c-d"]);
}

/// The threat test sees custodial captures: a royal king may not step
/// between two squares where the enemy can close a line on it. On a1-d1 with
/// black men on a1 and d1 and the white king on b1, b1-c1 would let a1-b1
/// shut the king in between b1 and d1, so the king has no legal move.
#[test]
fn a_royal_piece_may_not_step_into_a_custodial_capture() {
    let text = r#"
game "Line"
players white, black
board square 4 x 1
piece king royal
piece man
setup {
  white king on b1
  black man on a1, d1
}
phase play {
  move king { step orthogonal capture custodial orthogonal }
  move man { step orthogonal capture custodial orthogonal }
}
"#;
    let game = Game::from_source(Source::new("line.rules", text.to_string()), &[]).expect("compiles");
    let state = game.initial_state();
    assert!(state.legal_move_texts().is_empty(), "{:?}", state.legal_move_texts());
    assert_eq!(state.outcome().map(|o| o.winner), Some(Some("black".to_string())));
}
