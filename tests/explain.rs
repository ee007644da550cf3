//! `orrery explain`: which rule makes a move, or which condition of which
//! rule refuses it. `tests/explain/small.rules` gives each rule one
//! condition that can refuse a move; the bundled chess covers the royal test
//! and a labelled rule.

use crate::run::orrery;
use orrery::Game;
use orrery::engine::State;
use orrery::engine::explain::{Explanation, RuleFinding, Why};
use orrery::formats::explain::explain_move;
use orrery::formats::notation::parse_move;

/// The state after playing `moves` from the start of `file`.
fn after(file: &str, moves: &[&str]) -> State {
    let game = Game::load(file).expect("the game loads");
    let mut state = game.initial_state();
    for text in moves {
        let mv = parse_move(&state, text).expect("a legal move");
        state.apply(&mv);
    }
    state
}

/// What the engine says of `text` (read as `explain_move` reads it).
fn explained(state: &State, text: &str) -> Explanation {
    let answer = explain_move(state, text).expect("the text names sites");
    let asked = orrery::formats::explain::asked(state, text).expect("the text names sites");
    let explanation = state.explain(asked);
    assert_eq!(answer.legal, explanation.legal(), "{text}");
    explanation
}

fn rules(found: &[(usize, Why)]) -> Explanation {
    Explanation::Rules(found.iter().map(|(rule, why)| RuleFinding { rule: *rule, why: why.clone() }).collect())
}

const SMALL: &str = "tests/explain/small.rules";

#[test]
fn each_condition_of_a_rule_is_named_when_it_refuses() {
    let start = after(SMALL, &[]);
    // Rule 0: `move man when turns > 3 { step n to empty }`; rule 2: `move man { slide e to empty }`.
    assert_eq!(explained(&start, "a1-a2"), rules(&[(0, Why::Condition), (2, Why::Unreachable)]));
    assert_eq!(explained(&start, "a1-b2"), rules(&[(0, Why::Unreachable), (2, Why::Unreachable)]));
    // The slide stops short of the white king: the destination is not empty.
    assert_eq!(explained(&start, "a1-d1"), rules(&[(0, Why::Unreachable), (2, Why::Destination)]));
    assert_eq!(explained(&start, "a1-c1"), rules(&[(2, Why::Makes)]));
    // Rule 1: `move king { step all to not friend  forbid to is corner }` (corner = c2).
    assert_eq!(explained(&start, "d1-c2"), rules(&[(1, Why::Forbidden(0))]));
    assert_eq!(explained(&start, "d1-d2"), rules(&[(1, Why::Makes)]));
    // Rule 3: `place stone on empty and not corner`.
    assert_eq!(explained(&start, "c2"), rules(&[(3, Why::Destination)]));
    assert_eq!(explained(&start, "stone@b2"), rules(&[(3, Why::Makes)]));
}

#[test]
fn what_is_not_the_movers_or_not_there_is_said_so() {
    let start = after(SMALL, &[]);
    assert_eq!(explained(&start, "b3-b4"), Explanation::NotYours { owner: 1 });
    assert_eq!(explained(&start, "a2-a3"), Explanation::NoPiece);
    // Both conditions of rule 0 refuse a step onto a stone before turn 4.
    let stone = after(SMALL, &["stone@a2", "stone@a3"]);
    assert_eq!(explained(&stone, "a1-a2"), rules(&[(0, Why::Several), (2, Why::Unreachable)]));
    // The one stone in hand is placed.
    assert_eq!(explained(&stone, "b2"), rules(&[(3, Why::NoneInHand)]));
}

#[test]
fn chess_moves_refused_by_the_royal_test_by_a_forbid_and_by_movement() {
    // (Pawn rules are written once and compiled once for each player, so
    // rule numbers are not the written order: the reasons are compared.)
    let whys = |state: &State, text: &str| match explained(state, text) {
        Explanation::Rules(found) => found.into_iter().map(|f| f.why).collect::<Vec<_>>(),
        other => panic!("{other:?}"),
    };
    // The f-pawn is pinned by the queen on h5.
    let pinned = after("games/chess.rules", &["e2-e4", "e7-e5", "d1-h5"]);
    assert!(whys(&pinned, "f7-f6").contains(&Why::LeavesRoyalThreatened));
    // The double step is only for pawns on their home rank.
    let moved = after("games/chess.rules", &["e2-e3", "e7-e6"]);
    assert!(whys(&moved, "e3-e5").contains(&Why::Forbidden(0)));
    let start = after("games/chess.rules", &[]);
    assert_eq!(whys(&start, "e2-e4"), vec![Why::Makes]);
    assert_eq!(whys(&start, "b1-b3"), vec![Why::Unreachable]);
    // Castling at the start: the king's way is blocked and its guard does not hold.
    assert!(whys(&start, "e1-g1").contains(&Why::Several));
}

#[test]
fn the_command_points_at_the_rule_and_exits_by_legality() {
    let legal = orrery(&["explain", "games/chess.rules", "e2-e4"]);
    assert_eq!(legal.status.code(), Some(0));
    let refused = orrery(&["explain", "games/chess.rules", "f7-f6", "--after", "e2-e4", "e7-e5", "d1-h5"]);
    assert_eq!(refused.status.code(), Some(1));
    let text = String::from_utf8_lossy(&refused.stdout).to_string() + &String::from_utf8_lossy(&legal.stdout);
    insta::assert_snapshot!("explain_chess", text);
    let unknown = orrery(&["explain", "games/chess.rules", "e2-e9"]);
    assert_eq!(unknown.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&unknown.stderr).contains("there is no site `e9`"));
    let bad_after = orrery(&["explain", "games/chess.rules", "e2-e4", "--after", "e2-e5"]);
    assert_eq!(bad_after.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&bad_after.stderr).contains("move 1 of --after"));
}

/// Castling through an attacked square: the answer names the part (the
/// king's move, the first of the two), the site (f1) and the part of the
/// condition that fails there (`not attacked`).
#[test]
fn a_two_piece_move_names_the_part_the_site_and_the_condition() {
    // White to move: king e1 and rook h1 unmoved, a black rook on f8 watching f1.
    let dir = std::env::temp_dir().join(format!("orrery-explain-castle-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let position = dir.join("castle.toml");
    std::fs::write(
        &position,
        "to_move = \"white\"\nunmoved = [\"e1\", \"h1\"]\n[board]\ne1 = \"white king\"\nh1 = \"white rook\"\nf8 = \"black rook\"\na8 = \"black king\"\n",
    )
    .unwrap();
    let out = orrery(&["explain", "games/chess.rules", "e1-g1", "--position", position.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("rule `castle_short`: in its first move, f1, a site on the way, fails `not attacked`"),
        "{text}"
    );
}
