//! Numbers read from the board (issue 32): slide distances counted along
//! the line of movement, the groups a player's pieces form, custodial
//! captures of runs of a given length, pieces in hand, the pieces the last
//! move captured, and counts of sites inside a site condition.

use orrery::agents::perft::perft;
use orrery::diagnostics::Source;
use orrery::formats::position::parse_position;
use orrery::{Game, State};
use std::sync::Arc;

fn load(path: &str) -> Arc<Game> {
    Game::load(path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

fn edited(path: &str, from: &str, to: &str) -> Arc<Game> {
    let text = std::fs::read_to_string(path).expect("test game");
    assert!(text.contains(from), "{path} holds `{from}`");
    Game::from_source(Source::new(path, text.replace(from, to)), &[]).unwrap_or_else(|e| panic!("{path}: {e}"))
}

fn position(game: &Arc<Game>, text: &str) -> State {
    parse_position(game, Source::new("p.toml", text.to_string())).unwrap_or_else(|e| panic!("{e:?}"))
}

fn pieces(state: &State) -> usize {
    let board = &state.game().board;
    (0..board.site_count()).filter(|&s| state.cell(s as orrery::board::Site) != 0).count()
}

const LOA: &str = "tests/games/lines_of_action_5x5.rules";

/// Perft from the start, as counted by an independent script written from
/// the rules alone (a Python breadth-first count of the 5 x 5 game, line
/// counts and groups recomputed from scratch at every node). Depth 1 by
/// hand: b1 goes north 2 (b1, b5 on its file) to b3 and north-east 2
/// (b1 and e4 on its diagonal) to d3; east it would pass c1 and d1, two
/// of its own; d1 likewise; c1 goes north 2 to c3 and diagonally 2 onto
/// the white checkers on a3 and e3. The top row mirrors it: 2 * (2 + 3 + 2).
#[test]
fn a_slide_as_long_as_its_line_is_full_and_a_win_by_one_group() {
    let state = load(LOA).initial_state();
    let counts: Vec<u64> = (1..=5).map(|d| perft(&state, d)).collect();
    assert_eq!(counts, [14, 164, 2_092, 24_020, 284_836]);
}

#[test]
fn the_distance_is_the_count_of_the_whole_line_both_ways() {
    // Black c1 alone on its file and its rank, with e3 white on its
    // diagonal: one checker north (1 square), two on the diagonal.
    let game = load(LOA);
    let mut state = position(
        &game,
        r#"
to_move = "black"
[board]
c1 = "black checker"
a5 = "black checker"
e3 = "white checker"
e5 = "white checker"
"#,
    );
    // c1: file c holds c1 alone: 1 square, to c2; rank 1: to b1 or d1;
    // diagonal a3-e3... c1-d2-e3 holds c1 and e3: 2 squares, onto e3;
    // c1-b2-a3 holds c1 alone: 1 square to b2. a5: file a, rank 5 (a5,
    // e5: 2 squares to c5), diagonal a5-e1 (a5 alone, 1 to b4).
    assert_eq!(state.legal_move_texts(), ["a5-a4", "a5-b4", "a5-c5", "c1-b1", "c1-b2", "c1-c2", "c1-d1", "c1-e3"]);
    // Taking e3 leaves black c1 ... e3 and a5 apart: two groups; white e5
    // alone is one group, so white wins.
    state.play("c1-e3").expect("legal");
    let outcome = state.outcome().expect("over");
    assert_eq!(outcome.winner.as_deref(), Some("white"), "{outcome:?}");
}

#[test]
fn pieces_of_the_mover_may_be_passed_but_not_enemy_ones() {
    // b1 and c1 black, d1 white: b1's rank holds three checkers, so b1
    // would go to e1 past c1 (its own) and d1 (an enemy): no move east.
    let game = load(LOA);
    let state = position(
        &game,
        r#"
to_move = "black"
[board]
a1 = "black checker"
b1 = "black checker"
d1 = "white checker"
a5 = "white checker"
"#,
    );
    // a1: rank 1 holds three: east 3 passes b1 (own), then d1 is the
    // destination, an enemy: taken. File a holds a1, a5: north 2 to a3.
    // Diagonal a1-e5 holds a1 alone: b2. b1: rank 3 -> e1 passes d1: no;
    // file b: b1 alone -> b2; diagonals b1-a2 (1: a2), b1-e4 (1: c2).
    let moves = state.legal_move_texts();
    assert!(moves.contains(&"a1-d1".to_string()), "{moves:?}");
    assert!(!moves.iter().any(|m| m == "b1-e1"), "{moves:?}");
    assert_eq!(moves, ["a1-a3", "a1-b2", "a1-d1", "b1-a2", "b1-b2", "b1-c2"]);
}

#[test]
fn groups_follow_the_directions_the_rule_gives() {
    // Black c2 goes west 1 (rank 2 holds c2 alone) to b2, touching a1
    // diagonally: one group in all directions, two orthogonally. White
    // c5 and e5 stay two groups either way.
    let text = r#"
to_move = "black"
[board]
a1 = "black checker"
c2 = "black checker"
c5 = "white checker"
e5 = "white checker"
"#;
    let mut state = position(&load(LOA), text);
    state.play("c2-b2").expect("legal");
    let outcome = state.outcome().expect("one group in all directions");
    assert_eq!(outcome.winner.as_deref(), Some("black"));
    let orthogonal = edited(LOA, "groups(mover) == 1", "groups(mover, orthogonal) == 1");
    let mut state = position(&orthogonal, text);
    state.play("c2-b2").expect("legal");
    assert!(state.outcome().is_none(), "a1 and b2 do not touch orthogonally");
}

const PAIRS: &str = "tests/games/custodial_pairs.rules";

/// e5 is closed off: west a run of one (d5), east a run of two (f5, g5),
/// north a run of three (e6, e7, e8), south a run of two (e4, e3).
const CROSS: &str = r#"
to_move = "black"
[board]
c5 = "black stone"
d5 = "white stone"
f5 = "white stone"
g5 = "white stone"
h5 = "black stone"
e6 = "white stone"
e7 = "white stone"
e8 = "white stone"
e9 = "black stone"
e4 = "white stone"
e3 = "white stone"
e2 = "black stone"
[hands]
black = { stone = 10 }
white = { stone = 10 }
"#;

#[test]
fn a_custodial_capture_of_exactly_two_takes_runs_of_two_only() {
    let game = load(PAIRS);
    let mut state = position(&game, CROSS);
    assert_eq!(pieces(&state), 12);
    state.play("e5").expect("legal");
    // f5, g5, e4 and e3 taken; d5 and e6-e8 stay: 13 - 4.
    assert_eq!(pieces(&state), 9);
    let site = |name: &str| state.game().board.site(name).expect("site");
    for kept in ["d5", "e6", "e7", "e8"] {
        assert_ne!(state.cell(site(kept)), 0, "{kept} stays");
    }
    // `captured` is 4 after that move: the first end rule decides.
    let outcome = state.outcome().expect("over");
    assert_eq!(outcome.winner.as_deref(), Some("black"));
    assert_eq!(outcome.reason, "four stones in one move");
}

#[test]
fn at_most_two_and_any_length_take_more() {
    // 1..2: d5 too (5 taken); any length: all eight.
    for (length, left) in [("orthogonal 1..2", 8), ("orthogonal", 5), ("orthogonal 3", 10), ("orthogonal 2..", 6)] {
        let game = edited(PAIRS, "orthogonal 2", length);
        let mut state = position(&game, CROSS);
        state.play("e5").expect("legal");
        assert_eq!(pieces(&state), left, "capture custodial {length}");
    }
}

#[test]
fn captured_counts_the_last_move_and_feeds_after_move_and_hand_counts() {
    // Two taken: no win by the first rule; `after move` adds 2 to black's
    // `taken`, and a later capture of two more ... reaches 4 < 6.
    let game = load(PAIRS);
    let mut state = position(
        &game,
        r#"
to_move = "black"
[board]
a1 = "black stone"
b1 = "white stone"
c1 = "white stone"
[hands]
black = { stone = 1 }
white = { stone = 1 }
[counters]
taken_black = 5
"#,
    );
    state.play("d1").expect("legal");
    assert_eq!(pieces(&state), 2);
    // taken(black) = 5 + 2 = 7 >= 6: black wins by the second rule.
    let outcome = state.outcome().expect("over");
    assert_eq!(outcome.reason, "six stones taken");
}

#[test]
fn hand_counts_end_the_game_when_both_hands_are_empty() {
    let game = load(PAIRS);
    let mut state = position(
        &game,
        r#"
to_move = "black"
[hands]
black = { stone = 1 }
white = { stone = 0 }
"#,
    );
    state.play("a1").expect("legal");
    assert_eq!(state.outcome().expect("over").reason, "every stone placed");
    // With a stone left in white's hand the game goes on.
    let mut state = position(
        &game,
        r#"
to_move = "black"
[hands]
black = { stone = 1 }
white = { stone = 1 }
"#,
    );
    state.play("a1").expect("legal");
    assert!(state.outcome().is_none());
}

/// A placement next to at least two friendly stones (all eight directions)
/// or on a corner: a count of sites inside a site condition.
const NEIGHBOURS: &str = r#"
game "Neighbours"
players black, white
board square 4 x 4
piece stone
region corners = a1, d1, a4, d4
setup {
  hand black: 8 stone
  hand white: 8 stone
}
phase play {
  place stone on empty and (corners or count(next all is friend) >= 2)
}
end {
  when hands empty: draw
}
"#;

#[test]
fn a_count_of_sites_in_a_site_condition() {
    let game = Game::from_source(Source::new("n.rules", NEIGHBOURS), &[]).expect("compiles");
    let state = position(
        &game,
        r#"
to_move = "black"
[board]
a1 = "black stone"
c1 = "black stone"
c3 = "white stone"
[hands]
black = { stone = 8 }
white = { stone = 8 }
"#,
    );
    // Next to a1 and c1 both: b1 and b2; corners d1, a4, d4.
    assert_eq!(state.legal_move_texts(), ["a4", "b1", "b2", "d1", "d4"]);
    let exactly_one = Game::from_source(
        Source::new(
            "n.rules",
            NEIGHBOURS.replace("corners or count(next all is friend) >= 2", "count(next all is friend) == 1"),
        ),
        &[],
    )
    .expect("compiles");
    let state = position(
        &exactly_one,
        r#"
to_move = "black"
[board]
a1 = "black stone"
c1 = "black stone"
c3 = "white stone"
[hands]
black = { stone = 8 }
white = { stone = 8 }
"#,
    );
    // a2 (a1's), c2, d1, d2 (c1's); b1 and b2 touch both; b3 neither.
    assert_eq!(state.legal_move_texts(), ["a2", "c2", "d1", "d2"]);
}
