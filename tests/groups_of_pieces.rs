//! The group of a piece (its owner's pieces joined along directions): its
//! size (`group_size`) and liberties (`liberties`, checked at length by Go's
//! scenarios, games/go.tests.toml). Positions worked out by hand.

use orrery::diagnostics::Source;
use orrery::formats::notation::parse_move;
use orrery::{Game, State};

/// A 3 x 3 placement game won by the first player with a group of three.
fn state(joined: &str) -> State {
    let text = format!(
        "game \"G\"\nplayers a, b\nboard square 3 x 3\npiece stone\nsetup {{ hand a: 5 stone  hand b: 4 stone }}\n\
         phase p {{ place stone on empty }}\nend {{ when sites(friend and group_size{joined} >= 3) >= 3: mover wins }}\n"
    );
    Game::from_source(Source::new("g.rules", text), &[]).unwrap_or_else(|e| panic!("{e}")).initial_state()
}

fn play(mut state: State, moves: &str) -> State {
    for text in moves.split_whitespace() {
        let mv = parse_move(&state, text).unwrap_or_else(|e| panic!("{text}: {e:?}"));
        state.apply(&mv);
    }
    state
}

#[test]
fn group_size_counts_the_pieces_joined_along_the_directions() {
    // a1, a2, b2 are joined orthogonally: a group of three, won at ply 5.
    assert!(play(state("(orthogonal)"), "a1 c3 a2 c2 b2").is_over());
    // a1, b2, a3 touch only diagonally: three groups of one orthogonally...
    assert!(!play(state("(orthogonal)"), "a1 c3 b2 c1 a3").is_over());
    // ...and one group of three along all the board's directions.
    assert!(play(state(""), "a1 c3 b2 c1 a3").is_over());
    // Another player's piece between two of one's own splits them.
    assert!(!play(state("(orthogonal)"), "a1 a2 a3 b1 b3").is_over());
}
