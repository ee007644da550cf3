//! Named site conditions (`condition NAME = SITE-CONDITION`): a game using
//! one in two rules plays as the same game with the condition written out,
//! and the condition reads `enemy` for whichever player moves. The figures
//! are derived by hand in tests/games/named_condition.rules and in the
//! position files tests/positions/named_condition/*.toml.

use orrery::agents::perft::perft;
use orrery::diagnostics::Source;
use orrery::formats::position::load_position;
use orrery::game::Game;
use std::sync::Arc;

fn game(name: &str) -> Arc<Game> {
    Game::load(format!("tests/games/{name}.rules")).unwrap_or_else(|e| panic!("{name}: {e}"))
}

fn perfts(game: &Arc<Game>, depth: u32) -> Vec<u64> {
    let start = game.initial_state();
    (1..=depth).map(|d| perft(&start, d)).collect()
}

#[test]
fn perft_by_hand() {
    assert_eq!(perfts(&game("named_condition"), 2), [9, 48]);
}

/// The same figures, deep into the game, as with the condition written out.
#[test]
fn a_named_condition_plays_as_written_out() {
    let (named, inline) = (game("named_condition"), game("named_condition_inline"));
    let figures = perfts(&named, 6);
    assert_eq!(figures, perfts(&inline, 6));
    assert_eq!(&figures[..2], [9, 48]);
}

/// `calm` reads `enemy` for the player to move: 7 moves for white, 5 for
/// black, in one position.
#[test]
fn the_condition_is_read_for_the_player_to_move() {
    let game = game("named_condition");
    for (file, moves) in [("white", 7), ("black", 5)] {
        let path = format!("tests/positions/named_condition/{file}.toml");
        let state = load_position(&game, path.as_ref()).unwrap_or_else(|e| panic!("{path}: {e}"));
        assert_eq!(state.legal_move_texts().len(), moves, "{file}: {:?}", state.legal_move_texts());
    }
    let white = load_position(&game, "tests/positions/named_condition/white.toml".as_ref()).expect("reads");
    assert_eq!(white.legal_move_texts(), ["a1-a2", "a2", "a3", "b1-b2", "b1-c1", "b2", "c1"]);
}

/// Used in a pattern, through `sites(…)` in an end rule, and inside another
/// named condition declared after it; a variant replaces it.
#[test]
fn usable_wherever_a_site_condition_is() {
    let text = "game \"Uses\"\nplayers white, black\nboard square 3 x 3\npiece stone\n\
        setup { hand white: 4 stone  hand black: 4 stone }\n\
        region middle = b2\n\
        condition spot = calm and not middle\n\
        condition calm = empty and no next orthogonal is enemy\n\
        pattern pair = friend and not calm along e length 2\n\
        phase play {\n  place stone on spot\n}\n\
        end {\n  when found(pair): mover wins\n  when sites(calm) == 0: draw\n}\n";
    let game = Game::from_source(Source::new("uses.rules", text), &[]).expect("compiles");
    // Every site but b2 at first; then not b2, nor the first stone's site
    // or its orthogonal neighbours: 9 - 1 - 2 - 1 = 5 beside a corner
    // (b2 is not one of its neighbours), 9 - 1 - 3 = 5 beside an edge
    // (b2 is): 8 * 5.
    assert_eq!(perfts(&game, 2), [8, 40]);
}

/// A named condition nobody uses is checked all the same, and named in a warning.
#[test]
fn an_unused_condition_is_checked_and_named() {
    let base = "game \"Unused\"\nplayers white, black\nboard square 3 x 3\npiece stone\n\
        setup { hand white: 4 stone  hand black: 4 stone }\nphase play {\n  place stone on empty\n}\n\
        end {\n  when plies >= 4: draw\n}\n";
    let codes = |extra: &str| {
        let text = format!("{base}{extra}");
        orrery::check::check(&Source::new("unused.rules", text.as_str())).iter().map(|d| d.code).collect::<Vec<_>>()
    };
    assert_eq!(codes("condition spare = empty\n"), ["W0109"]);
    assert_eq!(codes("condition spare = empti\n"), ["E0301"]);
}
