//! Chess (`games/chess.rules`): leaps, slides, pawns' double steps, en
//! passant (`capture on last_to`), promotion to a chosen type (`promote …
//! to TYPES`), castling (`together` with `unmoved` and `attacked`), the
//! royal king, checkmate and stalemate, the fifty-move rule and threefold
//! repetition, against the published perft figures: from the start, and the
//! well-known positions "Kiwipete", 3, 4 and 5 (`tests/positions/chess/`).
//! The deeper figures are ignored tests: `cargo test --release -- --ignored`.

use orrery::agents::perft::perft;
use orrery::formats::position::load_position;
use orrery::{Game, State};
use std::path::Path;
use std::sync::Arc;

fn game() -> Arc<Game> {
    Game::load("games/chess.rules").expect("the chess file compiles")
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
fn perft_of_kiwipete_position_4_and_position_5() {
    assert_eq!(perfts(&position("kiwipete"), 2), [48, 2_039]);
    assert_eq!(perfts(&position("position4"), 3), [6, 264, 9_467]);
    assert_eq!(perfts(&position("position5"), 2), [44, 1_486]);
}

#[test]
#[ignore = "seconds to a minute in a debug build: cargo test --release -- --ignored"]
fn perft_deep() {
    assert_eq!(perft(&game().initial_state(), 4), 197_281);
    assert_eq!(perft(&game().initial_state(), 5), 4_865_609);
    assert_eq!(perft(&position("position3"), 5), 674_624);
    assert_eq!(perfts(&position("kiwipete"), 4)[2..], [97_862, 4_085_603]);
    assert_eq!(perft(&position("position4"), 4), 422_333);
    assert_eq!(perfts(&position("position5"), 4)[2..], [62_379, 2_103_487]);
}

/// Kiwipete: white may castle both ways (king and rook never moved, the
/// squares between empty, none the king crosses attacked).
#[test]
fn castling_moves_king_and_rook() {
    let mut state = position("kiwipete");
    let moves = state.legal_move_texts();
    assert!(moves.contains(&"e1-g1,h1-f1".to_string()) && moves.contains(&"a1-d1,e1-c1".to_string()));
    state.play("e1-g1,h1-f1").expect("short castling");
    assert_eq!(state.game().describe_code(state.cell(site(&state, "g1"))), "white king");
    assert_eq!(state.game().describe_code(state.cell(site(&state, "f1"))), "white rook");
    // Black still may: e8-g8 with h8-f8, and the long way.
    let moves = state.legal_move_texts();
    assert!(moves.contains(&"e8-g8,h8-f8".to_string()) && moves.contains(&"a8-d8,e8-c8".to_string()));
}

/// A king or rook that has moved, even back again, castles no more.
#[test]
fn a_king_that_moved_castles_no_more() {
    let mut state = position("kiwipete");
    for mv in ["e1-d1", "a6-b5", "d1-e1", "b5-a6"] {
        state.play(mv).unwrap_or_else(|e| panic!("{mv}: {e}"));
    }
    assert!(!state.legal_move_texts().iter().any(|m| m.contains(',')), "{:?}", state.legal_move_texts());
}

/// Not out of check, not through an attacked square.
#[test]
fn no_castling_out_of_or_through_check() {
    let text = |extra: &str| {
        format!(
            "to_move = \"white\"\nphase = \"play\"\nunmoved = [\"e1\", \"h1\", \"a1\"]\n[board]\n\
             e1 = \"white king\"\nh1 = \"white rook\"\na1 = \"white rook\"\na8 = \"black king\"\n{extra}"
        )
    };
    let state_with = |extra: &str| from_text(&game(), &text(extra));
    let castles = |state: &State| state.legal_move_texts().into_iter().filter(|m| m.contains(',')).count();
    assert_eq!(castles(&state_with("")), 2);
    // A black rook on e8 gives check: no castling at all.
    assert_eq!(castles(&state_with("e8 = \"black rook\"\n")), 0);
    // A black rook on f8 attacks f1, which the king crosses going short.
    assert_eq!(state_with("f8 = \"black rook\"\n").legal_move_texts().iter().filter(|m| m.contains(',')).count(), 1);
    // A rook on b8 attacks b1 only, which the rook crosses, not the king: both stay.
    assert_eq!(castles(&state_with("b8 = \"black rook\"\n")), 2);
}

/// Knights out and back twice: the start position occurs a third time.
#[test]
fn threefold_repetition_draws() {
    let mut state = game().initial_state();
    for _ in 0..2 {
        for mv in ["g1-f3", "g8-f6", "f3-g1", "f6-g8"] {
            state.play(mv).unwrap_or_else(|e| panic!("{mv}: {e}"));
        }
    }
    let outcome = state.outcome().expect("a draw");
    assert_eq!(outcome.winner, None);
    assert_eq!(outcome.reason, "threefold repetition");
}

/// A hundred plies without a capture or a pawn move end the game drawn.
#[test]
fn fifty_moves_without_capture_or_pawn_move_draw() {
    let text = "to_move = \"white\"\nphase = \"play\"\n[board]\ne1 = \"white king\"\nh1 = \"white rook\"\na8 = \"black king\"\n[counters]\nquiet_plies = 99\n";
    let mut state = from_text(&game(), text);
    state.play("h1-h2").expect("a quiet rook move");
    assert_eq!(state.outcome().expect("drawn").reason, "fifty moves without a capture or a pawn move");
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
    let state = from_text(&game(), text);
    let promotions: Vec<String> = state.legal_move_texts().into_iter().filter(|m| m.starts_with("b7")).collect();
    assert_eq!(promotions, ["b7-b8/bishop", "b7-b8/knight", "b7-b8/queen", "b7-b8/rook"]);
    let mut state = state;
    state.play("b7-b8/knight").expect("underpromotion");
    assert_eq!(state.game().describe_code(state.cell(site(&state, "b8"))), "white knight");
}

/// A position written out as the text of a position file.
fn from_text(game: &Arc<Game>, text: &str) -> State {
    orrery::formats::position::parse_position(game, orrery::diagnostics::Source::new("p.toml", text)).expect("position")
}

fn site(state: &State, name: &str) -> orrery::board::Site {
    state.game().board.site(name).expect("a site")
}

/// Rows of letters that do not make a board of the game are refused with
/// the reason and the letters the game declares.
#[test]
fn rows_that_are_no_board_are_refused() {
    let refused = |rows: &str| {
        let text = format!("to_move = \"white\"\nrows = \"{rows}\"\n");
        let source = orrery::diagnostics::Source::new("p.toml", text);
        match orrery::formats::position::parse_position(&game(), source) {
            Ok(_) => panic!("{rows} was read"),
            Err(report) => orrery::diagnostics::render_all(&report.source, &report.diagnostics, false),
        }
    };
    assert!(refused("8/8/8/8/8/8/8/7Z").contains("no piece type has the letter `Z`"));
    assert!(refused("8/8/8/8/8/8/8").contains("7 rows for 8 ranks"));
    assert!(refused("8/8/8/8/8/8/8/9").contains("rank 1 has 9 squares, not 8"));
    assert!(refused("8/8/8/8/8/8/8/7kk").contains("rank 1 has more than 8 squares"));
    assert!(refused("8/8/8/8/8/8/8/7x").contains("P pawn, N knight"), "the letters are listed");
}

/// A move typed without its suffix is the one legal move it begins; when it
/// begins several, the refusal names them.
#[test]
fn a_move_typed_without_its_suffix() {
    let text = "to_move = \"white\"\nphase = \"play\"\n[board]\nb7 = \"white pawn\"\na1 = \"white king\"\nh8 = \"black king\"\n";
    let mut state = from_text(&game(), text);
    let refused = state.play("b7-b8").expect_err("four promotions");
    assert!(
        refused.to_string().contains("say which: b7-b8/bishop, b7-b8/knight, b7-b8/queen, b7-b8/rook"),
        "{refused}"
    );
    // A king move has no suffix to leave out: typed in full, as ever.
    state.play("a1-a2").expect("a plain move");
    let draughts = Game::load("games/english_draughts.rules").expect("draughts");
    let text = "to_move = \"black\"\nphase = \"play\"\n[board]\nd6 = \"black man\"\ne7 = \"white man\"\ng7 = \"white man\"\n[hands]\nblack = { king = 12 }\n";
    let mut state = from_text(&draughts, text);
    assert_eq!(state.play("d6xf8").map(|_| ()), Ok(()), "the crowning is the only way to end there");
}

/// A move typed in part is the move it begins when only one does, cut where
/// a site name ends; a refused move lists the legal moves that start or end
/// where it does.
#[test]
fn typed_moves_may_be_cut_short_and_refusals_name_the_moves_near_them() {
    use orrery::formats::notation::parse_move;
    let game = Game::load("games/chess.rules").expect("bundled game");
    let mut state = game.initial_state();
    // Two moves leave g1; `g1-h` does not mean h3 (a site name is cut).
    let refused = parse_move(&state, "g1").unwrap_err();
    assert!(refused.to_string().contains("say which: g1-f3, g1-h3"), "{refused}");
    assert!(parse_move(&state, "g1-h").is_err());
    // e2 to e5 is not a move: the moves from e2 are shown (none go to e5).
    let refused = parse_move(&state, "e2-e5").unwrap_err();
    assert_eq!(refused.legal(), ["e2-e3", "e2-e4"]);
    // Nothing starts or ends where this does: every legal move.
    assert_eq!(parse_move(&state, "d4-d5").unwrap_err().legal().len(), 20);
    // After 1. e4 e5 the king has one move: its site alone says it.
    state.play("e2-e4").unwrap();
    state.play("e7-e5").unwrap();
    assert_eq!(state.move_text(&parse_move(&state, "e1").unwrap()), "e1-e2");
}
