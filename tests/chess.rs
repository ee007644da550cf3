//! Chess without castling (`tests/games/chess_without_castling.rules`), a
//! step towards `games/chess.rules`: leaps, slides, pawns' double steps, en
//! passant (`capture on last_to`), promotion to a chosen type (`promote …
//! to TYPES`), the royal king, checkmate and stalemate, against the
//! published perft figures where castling plays no part: from the start to
//! depth 5, and "position 3", which has no castling rights.

use orrery::agents::perft::perft;
use orrery::formats::position::load_position;
use orrery::{Game, State};
use std::path::Path;
use std::sync::Arc;

fn game() -> Arc<Game> {
    Game::load("tests/games/chess_without_castling.rules").expect("the chess file compiles")
}

fn perfts(state: &State, depth: u32) -> Vec<u64> {
    (1..=depth).map(|d| perft(state, d)).collect()
}

fn position(name: &str) -> State {
    let path = format!("tests/positions/chess/{name}.toml");
    load_position(&game(), Path::new(&path)).unwrap_or_else(|e| panic!("{path}: {e}"))
}

#[test]
fn perft_from_the_start() {
    assert_eq!(perfts(&game().initial_state(), 3), [20, 400, 8_902]);
}

/// Position 3 is full of en passant captures, discovered checks and pins.
#[test]
fn perft_of_position_3() {
    assert_eq!(perfts(&position("position3"), 4), [14, 191, 2_812, 43_238]);
}

#[test]
#[ignore = "seconds in a debug build: cargo test --release -- --ignored"]
fn perft_deep() {
    assert_eq!(perft(&game().initial_state(), 4), 197_281);
    assert_eq!(perft(&game().initial_state(), 5), 4_865_609);
    assert_eq!(perft(&position("position3"), 5), 674_624);
}

/// En passant: after 1. e4 a6 2. e5 d5, white's e5 pawn takes d5 on d6, and
/// the black pawn on d5 leaves the board. The next move, it may not.
#[test]
fn en_passant_takes_the_pawn_that_passed() {
    let mut state = game().initial_state();
    for mv in ["e2-e3", "a7-a6", "e3-e4", "a6-a5", "e4-e5", "d7-d5"] {
        state.play(mv).unwrap_or_else(|e| panic!("{mv}: {e}"));
    }
    assert!(state.legal_move_texts().contains(&"e5-d6".to_string()), "{:?}", state.legal_move_texts());
    state.play("e5-d6").expect("en passant");
    assert_eq!(state.cell(site(&state, "d5")), 0, "the pawn that passed is taken");
    // A pawn that stepped twice one move ago is no longer exposed.
    let mut state = game().initial_state();
    for mv in ["e2-e4", "a7-a6", "e4-e5", "d7-d5", "h2-h3", "h7-h6"] {
        state.play(mv).unwrap_or_else(|e| panic!("{mv}: {e}"));
    }
    assert!(!state.legal_move_texts().contains(&"e5-d6".to_string()));
}

/// A pawn reaching the far rank becomes the piece its player chooses, one
/// move per type; the pawn is gone.
#[test]
fn promotion_offers_four_types() {
    let text = "to_move = \"white\"\nphase = \"play\"\n[board]\nb7 = \"white pawn\"\na1 = \"white king\"\nh8 = \"black king\"\n";
    let state = orrery::formats::position::parse_position(&game(), orrery::diagnostics::Source::new("p.toml", text))
        .expect("position");
    let promotions: Vec<String> = state.legal_move_texts().into_iter().filter(|m| m.starts_with("b7")).collect();
    assert_eq!(promotions, ["b7-b8/bishop", "b7-b8/knight", "b7-b8/queen", "b7-b8/rook"]);
    let mut state = state;
    state.play("b7-b8/knight").expect("underpromotion");
    assert_eq!(state.game().describe_code(state.cell(site(&state, "b8"))), "white knight");
}

fn site(state: &State, name: &str) -> orrery::board::Site {
    state.game().board.site(name).expect("a site")
}
