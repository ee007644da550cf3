//! Hex boards shaped as hexagons (`board hex hexagon N`): 3N(N - 1) + 1
//! cells named as in the enclosing rhombus of 2N - 1 files and ranks, six
//! directions, and pictures of the hexagon's cells only. The figures are
//! derived by hand in the comments of tests/games/hexagon_*.rules.

use orrery::agents::perft::perft;
use orrery::diagnostics::Source;
use orrery::formats::notation::parse_move;
use orrery::formats::position::{load_position, parse_position, to_toml};
use orrery::game::Game;
use orrery::render::board_text;
use std::sync::Arc;

fn game(name: &str) -> Arc<Game> {
    Game::load(format!("tests/games/{name}.rules")).unwrap_or_else(|e| panic!("{name}: {e}"))
}

/// The 19 cells of a hexagon of side 3, rank by rank from the bottom.
const CELLS: [&str; 19] =
    ["c1", "d1", "e1", "b2", "c2", "d2", "e2", "a3", "b3", "c3", "d3", "e3", "a4", "b4", "c4", "d4", "a5", "b5", "c5"];

/// Placing on any empty cell: 19, 19 * 18, 19 * 18 * 17, each cell once.
#[test]
fn placement_counts_the_cells() {
    let start = game("hexagon_placement").initial_state();
    assert_eq!((1..=3).map(|d| perft(&start, d)).collect::<Vec<_>>(), [19, 342, 5814]);
    let mut texts = start.legal_move_texts();
    let mut cells: Vec<String> = CELLS.iter().map(|c| c.to_string()).collect();
    texts.sort();
    cells.sort();
    assert_eq!(texts, cells);
    let board = &start.game().board;
    assert_eq!(board.site_names().collect::<Vec<_>>(), CELLS, "named as in the rhombus, numbered rank by rank");
    for corner in ["a1", "b1", "a2", "d5", "e5", "e4"] {
        assert_eq!(board.site(corner), None, "{corner} is cut off");
    }
}

/// Six steps from the centre, three from a corner.
#[test]
fn steps_from_the_centre_and_from_corners() {
    let start = game("hexagon_steps").initial_state();
    assert_eq!((1..=2).map(|d| perft(&start, d)).collect::<Vec<_>>(), [6, 17]);
    let mut texts = start.legal_move_texts();
    texts.sort();
    assert_eq!(texts, ["c3-b3", "c3-b4", "c3-c2", "c3-c4", "c3-d2", "c3-d3"]);
    let mut after = start.clone();
    after.apply(&parse_move(&start, "c3-c2").expect("a legal move"));
    let mut black = after.legal_move_texts();
    black.sort();
    assert_eq!(black, ["c1-b2", "c1-d1"], "c2 taken, b1 cut off, sw and se off the board");
}

/// A position file names the cells, and a written position reads back.
#[test]
fn position_files_use_the_cell_names() {
    let game = game("hexagon_steps");
    let corner = load_position(&game, "tests/positions/hexagon/corner.toml".as_ref()).expect("reads");
    let mut texts = corner.legal_move_texts();
    texts.sort();
    assert_eq!(texts, ["a3-a4", "a3-b2", "a3-b3"], "a2 is a cut-off corner");
    let back = parse_position(&game, Source::new("back.toml", to_toml(&corner))).expect("own output");
    assert_eq!(back.hash(), corner.hash());
    let cut = "to_move = \"white\"\n[board]\na1 = \"white king\"\n";
    assert!(parse_position(&game, Source::new("cut.toml", cut.to_string())).is_err(), "a1 is no cell");
}

/// The picture has the hexagon's 19 cells and nothing of the cut corners.
#[test]
fn the_picture_is_a_hexagon() {
    let text = board_text(&game("hexagon_steps").initial_state());
    insta::assert_snapshot!("hexagon_side_3", text);
}
