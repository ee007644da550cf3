//! The royal rule's threat test: a move may not leave a royal piece where
//! another player's next move would take it, whatever way that move takes.

use orrery::Game;
use orrery::diagnostics::Source;
use std::sync::Arc;

fn legal_count(text: &str) -> usize {
    let game = Arc::new(Game::from_source(Source::new("royal.rules", text), &[]).expect("the game loads"));
    let mut moves = Vec::new();
    game.initial_state().legal_moves(&mut moves);
    moves.len()
}

/// The black man takes whatever moved last, wherever it lands: the white
/// king has nowhere safe to go. (The threat test once looked only at moves
/// landing on the royal piece.)
#[test]
fn a_capture_on_the_last_destination_threatens_the_piece_that_moved() {
    let rules = "game \"Last mover taken\"\nplayers white, black\nboard square 4 x 4\npiece king royal\npiece man\n\
                 setup {\n  white king on a1\n  white man on b4\n  black king on d1\n  black man on d4\n}\n\
                 phase play {\n  move king { step all to empty }\n  move man { step all to empty  NOTE }\n}\n";
    // Without the capture, the king's three steps and the man's five are legal.
    assert_eq!(legal_count(&rules.replace("NOTE", "")), 3 + 5);
    // With it, the man's moves stay legal (the king stays where it is), the king's do not.
    assert_eq!(legal_count(&rules.replace("NOTE", "capture on last_to")), 5);
}

/// Rules that only ever move to empty sites take nothing: the threat test
/// skips them, but a capturing rule of the same piece still counts.
#[test]
fn only_rules_that_can_take_a_piece_threaten() {
    let rules = "game \"Steps\"\nplayers white, black\nboard square 4 x 4\npiece king royal\npiece rook\n\
                 setup {\n  white king on a1\n  black king on d4\n  black rook on b3\n}\n\
                 phase play {\n  move king { step orthogonal to empty }\n  move rook { slide orthogonal to empty }\n  RULE\n}\n";
    // The rook only ever moves to empty squares: a2 and b1 are safe.
    assert_eq!(legal_count(&rules.replace("RULE", "")), 2);
    // A rook that takes too: b1 lies on its file, a2 does not (its rank is 3).
    assert_eq!(legal_count(&rules.replace("RULE", "move rook { slide orthogonal to enemy }")), 1);
}

/// A piece that takes by sliding over one screen: taking away the far one
/// of two screens, off the line's first piece, uncovers the king. The
/// royal test may skip moves far from a royal piece, but for such a slide
/// "far" begins only beyond the whole line, not beyond its first piece.
#[test]
fn a_screen_taken_away_beyond_the_first_piece_uncovers_the_king() {
    let rules = "game \"Screens\"\nplayers white, black\nboard square 3 x 8\n\
                 piece king royal\npiece man\npiece cannon\n\
                 setup {\n  white king on a1\n  white man on a3, a6\n  black cannon on a8\n  black king on c8\n}\n\
                 phase play {\n  move king { step all to not friend }\n  move man { step orthogonal to empty }\n\
                 move cannon { slide orthogonal over occupied to enemy }\n}\n";
    // King a2, b1, b2; man a3 to a2 or a4 and man a6 to a5 or a7 keep two
    // screens on the file; a3-b3 and a6-b6 would leave one.
    assert_eq!(legal_count(rules), 3 + 2 + 2);
}
