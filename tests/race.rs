//! Race moves (`advance TRACK by …`, docs/language.md 11.13-11.14) on
//! tests/games/rosettes.rules: three stones a side on the royal game of
//! Ur's track, one four-sided die, a rosette giving another throw. Every
//! figure is derived by hand in the comment above it. White's path is d1 c1
//! b1 a1 (places 1-4, a1 a rosette), the shared row a2 .. h2 (5-12, d2 the
//! middle rosette), h1 g1 (13-14, g1 a rosette); black's the same on rank 3.

use orrery::agents::perft::perft;
use orrery::diagnostics::Source;
use orrery::engine::state::State;
use orrery::formats::notation::parse_move;
use orrery::formats::position::parse_position;
use orrery::game::Game;
use orrery::game::rules::CHANCE;
use std::sync::Arc;

fn rosettes() -> Arc<Game> {
    Game::load("tests/games/rosettes.rules").expect("the test game compiles")
}

/// A position of the test game: white to move in `play`, the die showing `roll`.
fn at(board: &str, hands: &str, roll: u8) -> State {
    let text = format!("to_move = \"white\"\nphase = \"play\"\ndice = [{roll}]\n{hands}\n[board]\n{board}\n");
    parse_position(&rosettes(), Source::new("race.toml", text)).expect("the position reads")
}

fn play(state: &mut State, text: &str) {
    let mv = parse_move(state, text).unwrap_or_else(|e| panic!("{text}: {e:?}"));
    state.apply(&mv);
}

fn sorted(mut texts: Vec<String>) -> Vec<String> {
    texts.sort();
    texts
}

/// Depth 1: white's throw, 4 outcomes. Depth 2: a stone enters on the
/// roll-th site of white's path (d1, c1, b1, a1): 1 move each. Depth 3: a
/// throw after each (black's after d1, c1, b1; white's again after a1, a
/// rosette): 16. Depth 4: black enters (1 move) after each of its 3 x 4
/// throws: 12; white, again after a1, enters (d1, c1, b1: a1 is its own) or
/// moves a1 on to a2, b2, c2 (rolls 1-3: 2 moves each) and with a 4 only
/// moves a1 to d2 (a1 holds its own stone): 7. 12 + 7 = 19.
#[test]
fn perft_from_the_start_by_hand() {
    let state = rosettes().initial_state();
    assert_eq!(state.current_player(), CHANCE);
    let counts: Vec<u64> = (1..=4).map(|d| perft(&state, d)).collect();
    assert_eq!(counts, [4, 4, 16, 19]);
}

/// A stone enters on the roll-th site: a 3 puts it on b1.
#[test]
fn a_stone_enters_on_the_rolled_site() {
    let state = at("", "[hands.white]\nstone = 3\n[hands.black]\nstone = 3", 3);
    assert_eq!(state.legal_move_texts(), ["hand-b1"]);
}

/// On the shared row a 2 takes white's a2 stone to c2, where black's stone
/// stands (black's place 7, not a rosette): taken, back to black's hand.
/// The stone stopped off the rosettes: the dice pass to black.
#[test]
fn stopping_on_an_enemy_stone_sends_it_home() {
    let mut state =
        at("a2 = \"white stone\"\nc2 = \"black stone\"", "[hands.white]\nstone = 2\n[hands.black]\nstone = 2", 2);
    assert_eq!(sorted(state.legal_move_texts()), ["a2-c2", "hand-c1"]);
    play(&mut state, "a2-c2");
    assert_eq!(state.hand(1, 0), 3);
    assert_eq!(state.count(0, None), 1);
    assert_eq!(state.current_player(), CHANCE);
    assert_eq!(state.holder(), 1);
}

/// A black stone on d2, the middle rosette, cannot be taken: b2 + 2 is
/// refused, and a1 + 2 would stop on white's own b2. Entering on c1 is left.
/// Entering on a1 with a 4 (a rosette) gives white another throw.
#[test]
fn the_middle_rosette_is_safe_and_a_rosette_throws_again() {
    let board = "a1 = \"white stone\"\nb2 = \"white stone\"\nd2 = \"black stone\"";
    let hands = "[hands.white]\nstone = 1\n[hands.black]\nstone = 2";
    let state = at(board, hands, 2);
    assert_eq!(state.legal_move_texts(), ["hand-c1"]);
    let mut state = at("b2 = \"white stone\"\nd2 = \"black stone\"", hands, 4);
    // 4: hand to a1 (a rosette), or b2 (place 6) to f2 (place 10).
    assert_eq!(sorted(state.legal_move_texts()), ["b2-f2", "hand-a1"]);
    play(&mut state, "hand-a1");
    assert_eq!(state.current_player(), CHANCE);
    assert_eq!(state.holder(), 0, "white throws again");
}

/// A stone leaves the board by the exact number only: from h1 (place 13) a
/// 2, from g1 (place 14) a 1. A 3 takes nothing off, and g1 + 2 is refused.
/// White's last stone off wins.
#[test]
fn bearing_off_takes_the_exact_number() {
    let board = "h1 = \"white stone\"\ng1 = \"white stone\"\na3 = \"black stone\"";
    let hands = "[hands.black]\nstone = 2";
    assert_eq!(at(board, hands, 2).legal_move_texts(), ["h1-off"]);
    assert_eq!(at(board, hands, 1).legal_move_texts().len(), 1, "g1-off; h1 + 1 is white's own g1");
    assert_eq!(at(board, hands, 1).legal_move_texts(), ["g1-off"]);
    let stuck = at(board, hands, 3);
    assert_eq!(stuck.current_player(), CHANCE, "a 3 moves nothing: the dice pass");
    let mut last = at("g1 = \"white stone\"\na3 = \"black stone\"", hands, 1);
    play(&mut last, "g1-off");
    assert_eq!(last.outcome().and_then(|o| o.winner).as_deref(), Some("white"));
}
