//! What `after move` effects read (docs/language.md, sections 11.12 and
//! 13): `last_to` names the move just made, and `remove on` reads its
//! condition once, before it removes anything.

use orrery::diagnostics::Source;
use orrery::engine::State;
use orrery::game::Game;

fn start(text: &str) -> State {
    Game::from_source(Source::new("after_move.rules", text.to_string()), &[]).expect("compiles").initial_state()
}

/// A counter goes up after each placement on an edge square, read through
/// `last_to`: a1 (an edge) counts, then b1 does not. Were `last_to` the ply
/// before, the first placement would count nothing and the second one a1.
#[test]
fn last_to_in_after_move_names_the_move_just_made() {
    let mut state = start(
        r#"
game "Edges"
players white, black
board square 3 x 1
piece man
region edge = a1, c1
counter hits = 0
setup { hand white: 2 man  hand black: 2 man }
phase play {
  place man on empty
  after move { if sites(last_to and edge) > 0 { hits += 1 } }
}
end { when hits > 5: draw }
"#,
    );
    state.play("a1").expect("legal");
    assert_eq!(state.counter("hits"), Some(1), "a1, the move just made, is an edge");
    state.play("b1").expect("legal");
    assert_eq!(state.counter("hits"), Some(1), "b1 is not");
}

/// Three men in a row, each next to another: the condition holds on all
/// three before anything is removed, so all three go. Read while removing
/// (a1 first), c1 would be left, its neighbour b1 gone.
#[test]
fn remove_on_reads_its_condition_before_removing_anything() {
    let mut state = start(
        r#"
game "Neighbours"
players white, black
board square 4 x 1
piece man
setup {
  hand white: 1 man
  hand black: 1 man
  white man on a1, b1
}
phase play {
  place man on empty
  after move { remove on friend and some next {e, w} is friend }
}
end { when hands empty: draw }
"#,
    );
    state.play("c1").expect("legal");
    let game = state.game().clone();
    for name in ["a1", "b1", "c1"] {
        assert_eq!(state.cell(game.board.site(name).expect("site")), 0, "{name} emptied");
    }
}
