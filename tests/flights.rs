//! `fly`: a movement to any site meeting a condition, on every kind of
//! board, with guards and effects after it (docs/language.md, section
//! 12.7.3; tests/games/flying_fragment.rules).

use orrery::agents::perft::perft;
use orrery::diagnostics::Source;
use orrery::game::Game;

fn perfts(name: &str, text: &str, depth: u32) -> Vec<u64> {
    let game = Game::from_source(Source::new(name, text.to_string()), &[]).expect("compiles");
    let state = game.initial_state();
    (1..=depth).map(|d| perft(&state, d)).collect()
}

/// The morris fragment: points a-i in three rows (a b c / d e f / g h i)
/// joined along rows and columns. White has three men (a, b, h) and flies;
/// black has four (d, e, f, i) and steps. Empty: c and g.
///
/// Ply 1, white: 3 men x 2 empty points = 6 flights, and only h-c makes a
/// line (a b c), which removes one of black's 4 men: 5 + 4 = 9.
///
/// Ply 2, black steps to an empty point next to one of its men:
/// - after a-c (empty a, g): d-a, d-g; after a-g (empty a, c): d-a, f-c;
///   after b-c (empty b, g): e-b, d-g; after b-g (empty b, c): e-b, f-c;
///   after h-g (empty c, h): f-c, e-h, i-h: 11;
/// - after h-c and a removal, black has three men and flies: 3 x 3 = 9
///   flights each; with d, e or f removed, i flying to the removed point
///   makes the line d e f and removes one of white's 3 men (9 - 1 + 3 = 11
///   moves each); with i removed no flight makes a line (9): 11 x 3 + 9 = 42.
///
/// 11 + 42 = 53.
#[test]
fn three_men_fly_to_any_empty_point_of_a_graph() {
    let state = Game::load("tests/games/flying_fragment.rules").expect("the test game compiles").initial_state();
    assert_eq!([perft(&state, 1), perft(&state, 2)], [9, 53]);
}

/// With the guards turned round, white's three men step instead of flying:
/// from a, b and h to c or g, only b-c and h-g: 2.
#[test]
fn a_flight_keeps_to_its_guard() {
    let text = std::fs::read_to_string("tests/games/flying_fragment.rules")
        .expect("test game")
        .replace("when count(mover) == 3", "when count(mover) == 4")
        .replace("when count(mover) > 3", "when count(mover) <= 3");
    assert_eq!(perfts("flying_fragment.rules", &text, 1), [2]);
}

const SQUARE: &str = r#"
game "Flying square"
players white, black
board square 3 x 3
piece man
setup {
  white man on a1
  black man on b2, c3
}
phase play {
  move man { fly to empty or enemy }
}
"#;

/// On a 3 x 3 board, white's man flies to any of the 8 other squares
/// (6 empty, 2 taking a black man by landing there): 8. Then after a flight
/// to an empty square black's two men each fly to one of 6 empty squares
/// or onto white's man: 6 x 14 = 84; after a capture black's one man flies
/// to one of 7 empty squares or onto white's: 2 x 8 = 16. 84 + 16 = 100.
#[test]
fn a_flight_on_a_square_board_lands_anywhere_it_may() {
    assert_eq!(perfts("flying_square.rules", SQUARE, 2), [8, 100]);
}

const ROW: &str = r#"
game "Flying row"
players white, black
board square 5 x 1
piece man
setup {
  white man on a1, e1
  black man on b1
}
phase play {
  move man {
    fly to empty
    capture custodial {e, w}
  }
}
"#;

/// Effects after a flight: five squares a1-e1, white a1 and e1, black b1.
/// White's 4 flights (a1 or e1 to c1 or d1); only e1-c1 closes b1 off
/// (between c1 and a1) and takes it. Black then: after a1-c1, b1 flies to
/// a1 or d1; after a1-d1, to a1 or c1; after e1-d1, to c1 or e1 (none of
/// them closes a white man off); after e1-c1 black has no man: 2 + 2 + 2 = 6.
#[test]
fn a_flight_is_followed_by_its_effects() {
    assert_eq!(perfts("flying_row.rules", ROW, 2), [4, 6]);
    let game = Game::from_source(Source::new("flying_row.rules", ROW.to_string()), &[]).expect("compiles");
    let mut state = game.initial_state();
    state.play("e1-c1").expect("legal");
    assert_eq!(state.legal_move_texts(), Vec::<String>::new(), "b1 was taken");
}

/// On a hex board too: a rhombus of 2 x 2 cells, white on a1, black on
/// b2; white flies to a2 or b1, or onto b2 with `or enemy`.
#[test]
fn a_flight_on_a_hex_board() {
    let text = SQUARE.replace("square 3 x 3", "hex 2 x 2").replace("b2, c3", "b2");
    assert_eq!(perfts("flying_hex.rules", &text, 1), [3]);
    assert_eq!(perfts("flying_hex.rules", &text.replace(" or enemy", ""), 1), [2]);
}
