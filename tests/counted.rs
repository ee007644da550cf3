//! Counted pieces (issue 33): heaps of any number of one piece on a site,
//! their number in conditions, the hash and position files; ordered
//! per-player tracks; counters in the position unless they are clocks.

use orrery::agents::perft::perft;
use orrery::diagnostics::Source;
use orrery::formats::position::{parse_position, to_toml};
use orrery::{Game, State};
use std::sync::Arc;

const HEAPS: &str = "tests/games/heaps.rules";
const HITS: &str = "tests/games/heap_hits.rules";

fn load(path: &str) -> Arc<Game> {
    Game::load(path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

fn from_text(text: &str) -> Arc<Game> {
    Game::from_source(Source::new("t.rules", text.to_string()), &[]).unwrap_or_else(|e| panic!("{e}"))
}

fn site(game: &Game, name: &str) -> orrery::board::Site {
    game.board.site(name).unwrap_or_else(|| panic!("no site {name}"))
}

/// Perft(1) is derived in the rule file's comment; deeper figures follow
/// from the same reading and guard the whole of the heap code (a heap
/// that forgot its number would let a seed onto a1, b1 or c1).
#[test]
fn a_seed_steps_onto_a_heap_of_at_most_three() {
    let state = load(HEAPS).initial_state();
    assert_eq!(perft(&state, 1), 8);
    assert_eq!(state.legal_move_texts(), ["a1-a2", "a1-b2", "a2-b2", "b1-a2", "b1-b2", "b1-c2", "c1-b2", "c1-c2"]);
    assert_eq!([perft(&state, 2), perft(&state, 3)], [94, 1244]);
}

#[test]
fn a_step_moves_one_piece_and_joins_its_like() {
    let game = load(HEAPS);
    let mut state = game.initial_state();
    state.play("b1-a2").expect("legal");
    let pos = state.position();
    assert_eq!((pos.pieces_on(site(&game, "b1")), pos.pieces_on(site(&game, "a2"))), (3, 3));
    assert_eq!(state.count(game.neutral(), None), 14, "every seed of every heap counts");
    assert_eq!(state.hash(), state.compute_hash());
    // The same heaps reached in another order are the same position.
    let mut other = game.initial_state();
    other.play("b1-b2").expect("legal");
    other.play("b2-a2").expect("legal");
    let mut again = game.initial_state();
    again.play("b1-a2").expect("legal");
    again.play("a1-b2").expect("legal");
    again.play("b2-a1").expect("legal");
    assert_eq!(other.position().heaps, again.position().heaps);
    assert_eq!(other.hash() ^ other.compute_hash(), 0);
    assert_eq!(again.hash(), again.compute_hash());
}

/// By hand: white a1 (3) hits the lone black b1 or steps d1-e1; black c1
/// (2) then hits d1 or b1 joins c1; depth 3 as in the comments below.
#[test]
fn a_lone_enemy_is_hit_and_a_heap_of_two_is_closed() {
    let game = load(HITS);
    let state = game.initial_state();
    // a1-b1 hits; d1 cannot reach c1's two.
    assert_eq!(state.legal_move_texts(), ["a1-b1", "d1-e1"]);
    // Depth 2: after a1-b1 black has c1-d1 (a hit); after d1-e1, b1-c1 and c1-d1.
    // Depth 3: a1-b1 c1-d1 then a1-b1 (joins) or b1-c1 (a hit); d1-e1 b1-c1 then
    // a1-b1; d1-e1 c1-d1 then a1-b1 (a hit). So 2, 3, 4.
    assert_eq!([1, 2, 3].map(|d| perft(&state, d)), [2, 3, 4]);
    let mut state = state;
    state.play("a1-b1").expect("legal");
    let black = game.player_index("black").expect("black");
    assert_eq!(state.hand(black, 0), 1, "the hit checker is on the bar");
    assert_eq!(state.position().pieces_on(site(&game, "a1")), 2);
    state.play("c1-d1").expect("a hit");
    state.play("b1-c1").expect("a second hit");
    let outcome = state.outcome().expect("two hits win");
    assert_eq!(outcome.winner.as_deref(), Some("white"));
}

#[test]
fn position_files_write_and_read_heaps() {
    let game = load(HITS);
    let mut state = game.initial_state();
    state.play("a1-b1").expect("legal");
    let text = to_toml(&state);
    assert!(text.contains("a1 = \"white 2 checker\""), "{text}");
    assert!(text.contains("c1 = \"black 2 checker\""), "{text}");
    assert!(text.contains("b1 = \"white checker\""), "{text}");
    let read = parse_position(&game, Source::new("p.toml", text)).expect("reads back");
    assert_eq!(read.position().heaps, state.position().heaps);
    assert_eq!(read.hash(), read.compute_hash());
    let bad = |board: &str| {
        let text = format!("to_move = \"white\"\n[board]\n{board}\n");
        let err = parse_position(&game, Source::new("p.toml", text)).expect_err("refused");
        err.diagnostics.iter().map(|d| format!("{} {:?}", d.message, d.help)).collect::<Vec<_>>().join("\n")
    };
    assert!(bad("a1 = \"white 0 checker\"").contains("not a piece"));
    assert!(bad("a1 = \"white 70000 checker\"").contains("not a piece"));
}

#[test]
fn pieces_compares_the_number_on_a_site() {
    let game = load(HITS);
    // Closed when two stand there: c1 is never a destination for white.
    let state = parse_position(
        &game,
        Source::new("p.toml", "to_move = \"white\"\n[board]\nb1 = \"white checker\"\nc1 = \"black 2 checker\"\n"),
    )
    .expect("position");
    assert_eq!(state.legal_move_texts(), ["pass"], "blocked: the phase's pass alone");
    let open = parse_position(
        &game,
        Source::new("p.toml", "to_move = \"white\"\n[board]\nb1 = \"white checker\"\nc1 = \"black checker\"\n"),
    )
    .expect("position");
    assert_eq!(open.legal_move_texts(), ["b1-c1"]);
}

#[test]
fn per_player_tracks_keep_each_players_order() {
    let game = load(HITS);
    let track = &game.tracks[0];
    let names = |player| track.path(player).iter().map(|&s| game.board.site_name(s)).collect::<Vec<_>>();
    assert_eq!(names(0), ["a1", "b1", "c1", "d1", "e1"]);
    assert_eq!(names(1), ["e1", "d1", "c1", "b1", "a1"]);
    assert!(!track.looped());
    assert_eq!(track.index(1, site(&game, "d1")), Some(1));
    let ring = from_text(
        "game \"Ring\"\nplayers a, b\nboard square 2 x 2\npiece p\ntrack ring = a1 - b1 - b2 - a2 - a1\n\
         setup {\n  a p on a1\n}\nphase play {\n  move p { step all }\n  along ring at most 1\n}\n",
    );
    let ring_track = &ring.tracks[0];
    assert!(ring_track.looped());
    assert_eq!(ring_track.path(1).len(), 4, "a loop's first site comes once");
}

/// A shuttle whose every move adds to a counter: in the position, the
/// counter keeps positions from repeating; as a clock, the fourth ply
/// repeats the start.
#[test]
fn counters_are_in_the_position_unless_they_are_clocks() {
    let rules = |clock: &str| {
        format!(
            "game \"Shuttle\"\nplayers a, b\nboard square 2 x 1\npiece p\ncounter moves = 0{clock}\n\
             setup {{\n  a p on a1\n  b p on b1\n}}\nphase play {{\n  move p {{ step {{n, s}} }}\n  \
             after move: moves += 1\n  when blocked: pass\n}}\nend {{\n  when moves >= 100: draw \"long\"\n}}\n\
             repetition draw after 2\n"
        )
    };
    let board2 = |text: String| text.replace("square 2 x 1", "square 2 x 2");
    let play = |game: Arc<Game>| {
        let mut state: State = game.initial_state();
        for mv in ["a1-a2", "b1-b2", "a2-a1", "b2-b1"] {
            state.play(mv).unwrap_or_else(|e| panic!("{mv}: {e}"));
            if state.is_over() {
                break;
            }
        }
        (state.ply(), state.outcome().map(|o| o.reason))
    };
    let (plies, outcome) = play(from_text(&board2(rules(""))));
    assert_eq!((plies, outcome), (4, None), "the counter differs: no repetition");
    let (plies, outcome) = play(from_text(&board2(rules(" clock"))));
    assert_eq!(plies, 4);
    assert!(outcome.is_some_and(|r| r.contains("repeated")), "a clock is not part of the position");
}
