//! Numbers with a fraction in comparisons (Go's komi), made exact when the
//! game is loaded: each operator against a fraction, on both sides, after
//! each number of plies. The expected plies are worked out by hand from the
//! comparison read with real numbers.

use orrery::diagnostics::Source;
use orrery::{Game, State};
use std::sync::Arc;

/// A game of passes that ends (mover wins) at the first ply after which
/// `condition` holds; `None` when it never does within 8 plies.
fn first_ply_where(condition: &str) -> Option<u32> {
    let text = format!(
        "game \"F\"\nplayers a, b\nboard square 1 x 1\nphase p {{ action pass {{ }} }}\nend {{ when {condition}: mover wins }}\n"
    );
    let game: Arc<Game> =
        Game::from_source(Source::new("f.rules", text), &[]).unwrap_or_else(|e| panic!("{condition}: {e}"));
    let mut state: State = game.initial_state();
    for ply in 1..=8 {
        let mut moves = Vec::new();
        state.legal_moves(&mut moves);
        state.apply(&moves[0]);
        if state.is_over() {
            return Some(ply);
        }
    }
    None
}

#[test]
fn each_operator_against_a_fraction_reads_as_real_numbers_do() {
    // plies > 2.5: from 3; plies >= 2.5: from 3; plies < 2.5 (and > 0): 1.
    assert_eq!(first_ply_where("plies > 2.5"), Some(3));
    assert_eq!(first_ply_where("plies >= 2.5"), Some(3));
    assert_eq!(first_ply_where("plies < 2.5"), Some(1));
    assert_eq!(first_ply_where("plies <= 0.5 + 1"), Some(1));
    assert_eq!(first_ply_where("plies + 0.5 > 4"), Some(4));
    assert_eq!(first_ply_where("plies + 0.25 >= 4 + 0.5"), Some(5));
    // A whole number never equals 2.5; it always differs from it.
    assert_eq!(first_ply_where("plies == 2.5"), None);
    assert_eq!(first_ply_where("plies != 2.5"), Some(1));
    // Fractions that add up to a whole number compare as whole numbers.
    assert_eq!(first_ply_where("plies + 0.5 == 3.5"), Some(3));
    assert_eq!(first_ply_where("plies > 7.5 + -5"), Some(3));
}
