//! Site conditions that look beyond the site: along rays and next to it.

use orrery::diagnostics::Source;
use orrery::formats::notation::parse_move;
use orrery::game::Game;

/// Site conditions along rays and next to a site: on a 3 x 3 board, a
/// piece may be placed only where its column holds nothing (`no along {n,
/// s} is occupied`), and only on the bottom row or on a piece (`every next
/// s is occupied`, the edge counting as every: gravity).
#[test]
fn site_conditions_along_rays_and_next_to_a_site() {
    let text = r#"
game "Columns"
players white, black
board square 3 x 3
piece man
setup {
  hand white: 3 man
  hand black: 3 man
}
phase drop {
  place man on no along {n, s} is occupied and every next s is occupied
}
"#;
    let game = Game::from_source(Source::new("columns.rules", text.to_string()), &[]).expect("compiles");
    let mut state = game.initial_state();
    // Empty columns, bottom row only: a1, b1, c1.
    assert_eq!(state.legal_move_texts(), ["a1", "b1", "c1"]);
    state.apply(&parse_move(&state, "b1").expect("legal"));
    // Column b now holds a piece: nothing more there, not even on top of it.
    assert_eq!(state.legal_move_texts(), ["a1", "c1"]);
    let text = text.replace("no along {n, s} is occupied and ", "");
    let game = Game::from_source(Source::new("gravity.rules", text), &[]).expect("compiles");
    let mut state = game.initial_state();
    state.apply(&parse_move(&state, "b1").expect("legal"));
    // Gravity alone: on the bottom row, or on the piece on b1.
    assert_eq!(state.legal_move_texts(), ["a1", "b2", "c1"]);
}

/// `transpose(CONDITION)`: the site with its file and rank exchanged meets
/// the condition. On a 3 x 3 board a piece goes only where the mirror of
/// the region `marked` (a2 and c1) lies: b1 and a3.
#[test]
fn transpose_mirrors_a_condition_across_the_long_diagonal() {
    let text = r#"
game "Mirror"
players white, black
board square 3 x 3
region marked = a2, c1
piece man
setup {
  hand white: 3 man
  hand black: 3 man
}
phase drop {
  place man on empty and (transpose(marked) or transpose(occupied))
}
"#;
    let game = Game::from_source(Source::new("mirror.rules", text.to_string()), &[]).expect("compiles");
    let mut state = game.initial_state();
    assert_eq!(state.legal_move_texts(), ["a3", "b1"]);
    // A piece on b1 makes its mirror a2 a site to place on too.
    state.apply(&parse_move(&state, "b1").expect("legal"));
    assert_eq!(state.legal_move_texts(), ["a2", "a3"]);

    // A board with more files than ranks has sites with no partner.
    let wide = text.replace("board square 3 x 3", "board square 4 x 3");
    let Err(orrery::compile::LoadError::Invalid(report)) = Game::from_source(Source::new("wide.rules", wide), &[])
    else {
        panic!("a 4 x 3 board cannot transpose");
    };
    let codes: Vec<_> = report.diagnostics.iter().map(|d| d.code).collect();
    assert_eq!(codes, ["E0306", "E0306"], "one error per use");
}
