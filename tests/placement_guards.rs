//! Guards on placement rules: `place TYPE on CONDITION when GAME-CONDITION`
//! gives placements only when the condition holds, seen from the player to
//! move, before the placement (tests/games/guarded_placement.rules).

use orrery::agents::perft::perft;
use orrery::diagnostics::Source;
use orrery::game::Game;

const GAME: &str = "tests/games/guarded_placement.rules";

/// The test game with its king's guard replaced.
fn with_guard(guard: &str) -> Vec<u64> {
    let text = std::fs::read_to_string(GAME).expect("test game");
    let text = text.replace("when count(mover, man) >= 1", guard);
    let game = Game::from_source(Source::new("guarded_placement.rules", text), &[]).expect("compiles");
    let state = game.initial_state();
    (1..=4).map(|d| perft(&state, d)).collect()
}

/// Four squares in a row; each player holds two men and a king, and may
/// place the king only once a man of theirs is on the board.
/// - ply 1, white, no man on the board: a man on one of 4 squares: 4;
/// - ply 2, black, no man either: a man on one of 3: 4 x 3 = 12;
/// - ply 3, white has a man down: a man or the king on one of 2: 12 x 4 = 48;
/// - ply 4, black has a man down: a man or the king on the last: 48 x 2 = 96;
/// - ply 5: the board is full, white has no move (and loses): 0.
///
/// The `when blocked: lose` line after the guarded rule stays a rule of
/// its own (the placement's guard would otherwise swallow it).
#[test]
fn a_placement_guard_is_read_from_the_mover() {
    let state = Game::load(GAME).expect("the test game compiles").initial_state();
    let counts: Vec<u64> = (1..=5).map(|d| perft(&state, d)).collect();
    assert_eq!(counts, [4, 12, 48, 96, 0]);
}

/// The same with the guard on the opponent's men: white's first ply has no
/// king (black has no man); black's has (white has one): 4 x (3 + 3) = 24.
/// White's second ply: a man or the king on one of 2 after a black man
/// (3 lines: 4 moves), a man only after the black king (3 lines: 2):
/// 4 x (3 x 4 + 3 x 2) = 72. Black's last ply, one square left: a man or
/// the king after a black man (4 x 3 x 4 lines x 2), a man only after the
/// king (4 x 3 x 2 lines x 1): 96 + 24 = 120.
#[test]
fn a_placement_guard_may_read_the_opponent() {
    assert_eq!(with_guard("when count(opponent, man) >= 1"), [4, 24, 72, 120]);
}

/// A guard on a number: the king may be placed from the second ply on.
/// 4; 4 x 6 = 24; white has a man and the king to place on 2 squares
/// whatever black did: 24 x 4 = 96; black on the last square: a man or the
/// king after placing a man (4 x 3 x 4 lines x 2 = 96), a man only after
/// placing the king (4 x 3 x 4 lines x 1 = 48): 144.
#[test]
fn a_placement_guard_may_read_a_number() {
    assert_eq!(with_guard("when plies >= 1"), [4, 24, 96, 144]);
}
