//! The language's size limits, each tested at its edge: boards of up to
//! 4,095 sites (a game's site sets are as wide as its board needs: one
//! `u128` up to 127 sites, wider sets beyond, so big boards play the same
//! rules as small ones), and up to 255 piece types. Graph lines and table
//! memory are in `classic_games.rs`.

use orrery::Game;
use orrery::agents::perft::perft;
use orrery::check::check;
use orrery::diagnostics::{Source, render_all};

/// A graph board of `points` points in rows of 64, one line through all.
fn graph_game(points: usize) -> String {
    let mut text = String::from("game \"Many points\"\nplayers white, black\nboard graph {\n");
    for i in 0..points {
        text.push_str(&format!("  point p{i} at ({}, {})\n", i % 64, i / 64));
    }
    let names: Vec<String> = (0..points).map(|i| format!("p{i}")).collect();
    text.push_str(&format!("  line all: {}\n", names.join(" - ")));
    text.push_str("}\npiece stone\nsetup { hand white: 1 stone  hand black: 1 stone }\n");
    text.push_str("phase play {\n  place stone on empty\n}\nend {\n  when hands empty: draw\n}\n");
    text
}

#[test]
fn a_graph_of_4095_points_is_the_largest_board() {
    let game = Game::from_source(Source::new("many.rules", graph_game(4095)), &[]).expect("4,095 points fit");
    assert_eq!(perft(&game.initial_state(), 1), 4095);
}

#[test]
fn a_graph_of_4096_points_is_refused_at_the_extra_point() {
    let source = Source::new("many.rules", graph_game(4096));
    let diagnostics = check(&source);
    assert_eq!(diagnostics.iter().map(|d| d.code.to_string()).collect::<Vec<_>>(), ["E0208"]);
    let rendered = render_all(&source, &diagnostics, false);
    insta::with_settings!({ snapshot_path => "snapshots", prepend_module_to_snapshot => false, omit_expression => true }, {
        insta::assert_snapshot!("board_too_big", rendered);
    });
}

/// A 26 x 26 board (676 sites, eleven words a set) with five in a row:
/// lines that cross the 64-site word boundaries and reach the far corner.
const BIG_FIVE: &str = "game \"Big five\"\nplayers black, white\nboard square 26 x 26\npiece stone\n\
    setup { hand black: 338 stone  hand white: 338 stone }\n\
    pattern five = friend along {n, e, ne, se} length 5..\n\
    phase play {\n  place stone on empty\n}\n\
    end {\n  when found(five): mover wins \"five\"\n  when hands empty: draw\n}\n";

fn play(moves: &[&str]) -> orrery::State {
    let game = Game::from_source(Source::new("big_five.rules", BIG_FIVE), &[]).expect("compiles");
    let mut state = game.initial_state();
    for text in moves {
        state.play(text).unwrap_or_else(|e| panic!("{text}: {e}"));
    }
    state
}

#[test]
fn a_26_by_26_board_places_anywhere() {
    // 676 empty sites, then 675.
    let game = Game::from_source(Source::new("big_five.rules", BIG_FIVE), &[]).expect("compiles");
    let state = game.initial_state();
    assert_eq!(perft(&state, 1), 676);
    assert_eq!(perft(&state, 2), 676 * 675);
}

#[test]
fn five_in_the_far_corner_of_a_26_by_26_board_wins() {
    // Black z22..z26 along file z, to the last site; white a1..d1 are four.
    let state = play(&["z22", "a1", "z23", "b1", "z24", "c1", "z25", "d1", "z26"]);
    let outcome = state.outcome().expect("five ends the game");
    assert_eq!(outcome.winner.as_deref(), Some("black"));
    assert_eq!(outcome.reason, "five");
}

#[test]
fn five_along_a_diagonal_across_set_words_wins() {
    // Black c3 d4 e5 f6 g7: sites 54, 81, 108, 135, 162 lie in three words.
    let state = play(&["c3", "a26", "d4", "b26", "e5", "c26", "f6", "d26", "g7"]);
    assert!(state.is_over());
    // Four of them are not five.
    let state = play(&["c3", "a26", "d4", "b26", "e5", "c26", "f6", "d26"]);
    assert!(!state.is_over());
    assert_eq!(perft(&state, 1), 676 - 8);
}

/// A game declaring `types` piece types, one of each placed from hand.
fn many_types(types: usize) -> String {
    let mut text = String::from("game \"Types\"\nplayers white, black\nboard square 26 x 26\n");
    (0..types).for_each(|t| text.push_str(&format!("piece t{t}\n")));
    text.push_str(&format!("setup {{ hand white: 1 t{}  hand black: 1 t0 }}\n", types - 1));
    text.push_str("phase play {\n");
    (0..types).for_each(|t| text.push_str(&format!("  place t{t} on empty\n")));
    text.push_str("}\n");
    text
}

#[test]
fn a_game_has_up_to_255_piece_types() {
    // 255 types, three owners: 766 piece codes, past the 255 one byte held.
    let game = Game::from_source(Source::new("types.rules", many_types(255)), &[]).expect("255 types fit");
    let mut state = game.initial_state();
    assert_eq!(perft(&state, 1), 676);
    state.play("t254@z26").expect("the last type is placed");
    assert!(orrery::formats::position::to_toml(&state).contains("z26 = \"white t254\""));
    let source = Source::new("types.rules", many_types(256));
    let diagnostics = check(&source);
    assert_eq!(diagnostics.iter().map(|d| d.code.to_string()).collect::<Vec<_>>(), ["E0503"]);
    let rendered = render_all(&source, &diagnostics, false);
    assert!(rendered.contains("piece type number 256"), "{rendered}");
}
