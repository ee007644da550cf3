//! Well-known games written in a few lines of the language, against their
//! published figures: perft from the start (each figure a test), and the
//! constructs they rest on (lines of k, gravity, outflanking, passing).

use orrery::agents::perft::perft;
use orrery::{Game, State};
use std::sync::Arc;

fn game(name: &str) -> Arc<Game> {
    Game::load(format!("games/{name}.rules")).unwrap_or_else(|e| panic!("{name}: {e}"))
}

fn perfts(name: &str, depth: u32) -> Vec<u64> {
    let start = game(name).initial_state();
    (1..=depth).map(|d| perft(&start, d)).collect()
}

/// Finished games below a position, and the positions where a game ended.
fn games_below(state: &State) -> u64 {
    if state.is_over() {
        return 1;
    }
    let mut moves = Vec::new();
    state.legal_moves(&mut moves);
    moves
        .iter()
        .map(|mv| {
            let mut next = state.clone();
            next.apply(mv);
            games_below(&next)
        })
        .sum()
}

/// Lines of 3: 9·8·…·1 = 362,880 orders of the nine squares, less those cut
/// short by a win; 127,872 sequences reach the ninth ply, 255,168 games in all.
#[test]
fn tic_tac_toe() {
    assert_eq!(perfts("tic_tac_toe", 9), [9, 72, 504, 3024, 15120, 54720, 148176, 200448, 127872]);
    assert_eq!(games_below(&game("tic_tac_toe").initial_state()), 255_168);
}

/// Gravity and lines of 4: 7^d until a column can fill (ply 7: six discs in
/// one column leave six choices, 7 such sequences: 823,543 - 7).
#[test]
fn connect_four() {
    assert_eq!(perfts("connect_four", 8), [7, 49, 343, 2401, 16807, 117_649, 823_536, 5_673_234]);
}

/// Outflanking placements that turn over every bracketed run, passes, and
/// the count at the end: the published perft of Othello.
#[test]
fn reversi() {
    assert_eq!(perfts("reversi", 8), [4, 12, 56, 244, 1396, 8200, 55_092, 390_216]);
}

/// A placement turns over the runs it closes off, in every direction at
/// once, and only those.
#[test]
fn reversi_flips_every_outflanked_run() {
    let mut state = game("reversi").initial_state();
    assert_eq!(state.legal_move_texts(), ["c4", "d3", "e6", "f5"]);
    state.play("d3").unwrap();
    // d3 closes off d4 (white) against d5 (black): d4 turns black.
    let board = orrery::formats::trace::board_json(&state);
    assert_eq!(board["d4"], serde_json::json!(["black disc"]));
    assert_eq!(board["e5"], serde_json::json!(["white disc"]));
    assert_eq!(state.legal_move_texts(), ["c3", "c5", "e3"]);
}

/// A player who cannot place passes (a move written `pass`); when both have
/// passed in a row the game ends by the count.
#[test]
fn reversi_passes_and_ends_when_both_pass() {
    use orrery::diagnostics::Source;
    use orrery::formats::position::parse_position;
    // White's one disc in the corner a1 cannot be outflanked, and black's
    // two on a8 and b8 have no white disc in line beyond them: neither can
    // place.
    let text = "to_move = \"white\"\nphase = \"play\"\n[board]\na1 = \"white disc\"\na8 = \"black disc\"\n\
                b8 = \"black disc\"\n[hands]\nblack = { disc = 10 }\nwhite = { disc = 10 }\n";
    let mut state = parse_position(&game("reversi"), Source::new("walled.toml", text)).unwrap();
    assert_eq!(state.legal_move_texts(), ["pass"]);
    state.play("pass").unwrap();
    assert!(!state.is_over(), "one pass does not end the game");
    assert_eq!(state.legal_move_texts(), ["pass"]);
    state.play("pass").unwrap();
    let outcome = state.outcome().expect("two passes in a row end it");
    assert_eq!(outcome.winner.as_deref(), Some("black"));
    assert_eq!(outcome.reason, "both players passed");
}

/// Directions for each player (`forward`), captures diagonally forward, and
/// reaching the far rank: the published perft of Breakthrough.
#[test]
fn breakthrough() {
    assert_eq!(perfts("breakthrough", 4), [22, 484, 11_132, 256_036]);
}

/// White moves north and black south: the same rule, one direction each.
#[test]
fn breakthrough_forward_is_each_players_own() {
    let mut state = game("breakthrough").initial_state();
    let moves = state.legal_move_texts();
    assert!(moves.contains(&"a2-a3".to_string()) && moves.contains(&"a2-b3".to_string()));
    assert!(!moves.iter().any(|m| m.starts_with("a1")), "rank 1 is walled in by rank 2");
    state.play("a2-a3").unwrap();
    let moves = state.legal_move_texts();
    assert!(moves.contains(&"h7-h6".to_string()) && moves.contains(&"h7-g6".to_string()), "{moves:?}");
    assert_eq!(moves.len(), 22);
}

/// Connection on a hex board: 121 cells, then 120; random games always
/// end with a winner, and a chain joining a player's two edges wins.
#[test]
fn hex() {
    assert_eq!(perfts("hex", 2), [121, 14_520]);
    let game = game("hex");
    let stats = orrery::agents::playout::run_batch(&game.initial_state(), 200, 3, 1);
    assert_eq!(stats.draws, 0);
    assert_eq!(stats.unfinished, 0);
    assert_eq!(stats.wins.iter().sum::<u64>(), 200);
}

/// Red joins rank 1 to rank 11 along the file `a` (each step to the
/// neighbour `ne`); blue's chain along rank 1 does not count for blue until
/// it reaches file k.
#[test]
fn hex_connection_wins() {
    let mut state = game("hex").initial_state();
    for rank in 1..=11 {
        state.play(&format!("a{rank}")).unwrap();
        if rank < 11 {
            assert!(!state.is_over());
            state.play(&format!("{}2", (b'b' + rank as u8 - 1) as char)).unwrap();
        }
    }
    let outcome = state.outcome().expect("red's chain is complete");
    assert_eq!(outcome.winner.as_deref(), Some("red"));
}

/// A graph board of N lines in a row: a man steps along them.
fn many_lines(n: usize) -> String {
    let points: String = (0..=n).map(|i| format!("  point p{i} at ({i}, 0)\n")).collect();
    let lines: String = (0..n).map(|i| format!("  line L{i}: p{i} - p{}\n", i + 1)).collect();
    format!(
        "game \"Many lines\"\nplayers white, black\nboard graph {{\n{points}{lines}}}\npiece man\n\
         setup {{\n  white man on p0\n  black man on p{n}\n}}\nphase play {{\n  move man {{ step lines }}\n}}\n"
    )
}

/// Two directions a line, numbered in 16 bits: boards of hundreds of lines
/// (past the 127 a byte once allowed) move right, even along the last line.
#[test]
fn graph_boards_have_hundreds_of_lines() {
    use orrery::diagnostics::Source;
    for n in [127, 128, 300] {
        let game = Game::from_source(Source::new("lines.rules", many_lines(n)), &[]).expect("fits");
        let state = game.initial_state();
        assert_eq!(state.legal_move_texts(), ["p0-p1"]);
        let mut state = state;
        state.play("p0-p1").unwrap();
        assert_eq!(state.legal_move_texts(), [format!("p{n}-p{}", n - 1)]);
    }
}

/// Two points joined by `n` lines: each line one more pair of directions.
fn parallel_lines(n: usize) -> String {
    let lines: String = (0..n).map(|i| format!("  line L{i}: p0 - p1\n")).collect();
    format!(
        "game \"Parallel\"\nplayers white, black\nboard graph {{\n  point p0 at (0, 0)\n  point p1 at (1, 0)\n{lines}}}\n\
         piece man\nsetup {{\n  white man on p0\n}}\nphase play {{\n  move man {{ step lines }}\n}}\n"
    )
}

/// The directions' numbers end at 32,767 lines: the next line is an error
/// (E0210) at that line, never a silently different game.
#[test]
fn the_32768th_line_is_refused() {
    use orrery::diagnostics::Source;
    let game = Game::from_source(Source::new("lines.rules", parallel_lines(32_767)), &[]).expect("fits");
    // One step to p1 along each line, the same move: deduplicated to one.
    assert_eq!(game.initial_state().legal_move_texts(), ["p0-p1"]);
    match Game::from_source(Source::new("lines.rules", parallel_lines(32_768)), &[]) {
        Err(orrery::compile::LoadError::Invalid(report)) => {
            assert!(report.diagnostics.iter().any(|d| d.code == "E0210"), "{report}");
        }
        other => panic!("32,768 lines must be refused: {:?}", other.map(|g| g.title.clone())),
    }
}

/// A board whose tables would pass 256 MB is refused before they are built
/// (E0211): 4,000 points (64-word sets) on 300 lines.
#[test]
fn a_board_too_big_for_its_tables_is_refused() {
    use orrery::diagnostics::Source;
    let points: String = (0..4000).map(|i| format!("  point p{i} at ({i}, 0)\n")).collect();
    let lines: String = (0..300).map(|i| format!("  line L{i}: p{i} - p{}\n", i + 1)).collect();
    let text = format!("game \"Wide\"\nplayers a, b\nboard graph {{\n{points}{lines}}}\npiece man\n");
    match Game::from_source(Source::new("wide.rules", text), &[]) {
        Err(orrery::compile::LoadError::Invalid(report)) => {
            assert!(report.diagnostics.iter().any(|d| d.code == "E0211"), "{report}");
        }
        other => panic!("the tables must be refused: {:?}", other.map(|g| g.title.clone())),
    }
}

/// Counts of two players compared with one another (and a count in a
/// region): after nine placements on 3 x 3, white holds five men to black's
/// four, so white always wins; black holds the centre in the games where
/// the centre rule fires first.
#[test]
fn counts_compare_between_players() {
    use orrery::diagnostics::Source;
    let text = "game \"Majority\"\nplayers white, black\nboard square 3 x 3\nregion centre = b2\npiece man\n\
                setup { hand white: 5 man  hand black: 4 man }\nphase play {\n  place man on empty\n}\n\
                end {\n  centre: when count(black, man in centre) > count(white, man in centre): black wins \"centre\"\n\
                  more: when hands empty and count(white) > count(black): white wins \"more men\"\n}\n";
    let game = Game::from_source(Source::new("majority.rules", text), &[]).expect("compiles");
    let mut state = game.initial_state();
    for site in ["a1", "b2"] {
        state.play(site).unwrap();
    }
    assert_eq!(state.outcome().map(|o| o.reason), Some("centre".to_string()));
    let mut state = game.initial_state();
    for site in ["b2", "a1", "a2", "a3", "b1", "b3", "c1", "c2", "c3"] {
        state.play(site).unwrap();
    }
    assert_eq!(
        state.outcome().map(|o| (o.winner, o.reason)),
        Some((Some("white".to_string()), "more men".to_string()))
    );
}

/// `must capture`: when some move of the phase takes a piece, only the
/// moves that take one are legal; otherwise every move is.
#[test]
fn must_capture_keeps_only_captures_when_there_are_some() {
    use orrery::diagnostics::Source;
    let text = "game \"Jumps\"\nplayers white, black\nboard square 5 x 5\n\
                directions forward_diagonal { white: ne, nw  black: se, sw }\npiece man\n\
                setup {\n  white man on a1, c1\n  black man on b2, e5\n}\n\
                phase play {\n  must capture\n  move man { step forward_diagonal to empty }\n\
                  jump: move man { hop forward_diagonal over enemy to empty  capture over }\n}\n";
    let game = Game::from_source(Source::new("jumps.rules", text), &[]).expect("compiles");
    let mut state = game.initial_state();
    // a1 and c1 may each jump b2 (to c3 and a3); their steps are not legal then.
    assert_eq!(state.legal_move_texts(), ["a1-c3/xb2", "c1-a3/xb2"]);
    state.play("a1-c3/xb2").unwrap();
    // Black's man on e5 has nothing to take: its one step is legal.
    assert_eq!(state.legal_move_texts(), ["e5-d4"]);
}

/// The site condition `attacked`: a piece of the mover standing there could
/// be taken by the other player's next move, whether the site is empty or
/// not. The king steps only where the rook on b8 does not reach (its file
/// and rank): a2, not b1 or b2.
#[test]
fn attacked_sites_empty_or_not() {
    use orrery::diagnostics::Source;
    let text = "game \"Attacked\"\nplayers white, black\nboard square 8 x 8\npiece king\npiece rook\n\
                setup {\n  white king on a1\n  black rook on b8\n  black king on h8\n}\n\
                phase play {\n  move king { step all to not friend and not attacked }\n\
                  move rook { slide orthogonal to not friend }\n}\n";
    let game = Game::from_source(Source::new("attacked.rules", text), &[]).expect("compiles");
    let state = game.initial_state();
    assert_eq!(state.legal_move_texts(), ["a1-a2"]);
}

/// Gomoku on 15 x 15 (225 sites, beyond one `u128`): 225 first stones,
/// then 224 replies; no single stone makes five.
#[test]
fn gomoku() {
    assert_eq!(perfts("gomoku", 2), [225, 50_400]);
    let game = game("gomoku");
    let stats = orrery::agents::playout::run_batch(&game.initial_state(), 20, 5, 1);
    assert_eq!(stats.unfinished, 0);
}

/// English draughts: chains of hops as one move, compulsory capture,
/// crowning that ends the move. The published perft figures (depths 8 and
/// 9, 845,931 and 3,963,680, in the ignored test below).
#[test]
fn english_draughts() {
    assert_eq!(perfts("english_draughts", 7), [7, 49, 302, 1_469, 7_361, 36_768, 179_740]);
}

#[test]
#[ignore = "a few seconds in a debug build: cargo test --release -- --ignored"]
fn english_draughts_deep() {
    assert_eq!(perfts("english_draughts", 9)[7..], [845_931, 3_963_680]);
}

/// `again or stop` followed by more statements parses (it used to parse
/// only before `}`: the spaces after `stop` were skipped before the test
/// that no name goes on, so `capture` after it was refused), and the chain
/// may stop after any hop: from a1 over b2 and d4, the move may end on c3
/// or go on to e5. With `again` alone it must go on.
#[test]
fn a_chain_that_may_stop_is_followed_by_more_statements() {
    let text = |chain: &str| {
        format!(
            "game \"Hunt\"\nplayers white, black\nboard square 5 x 5\npiece man\n\
             setup {{\n  white man on a1\n  black man on b2, d4\n}}\n\
             phase play {{\n  move man {{ hop diagonal over enemy to empty {chain}  capture over }}\n}}\n"
        )
    };
    let source = |chain: &str| orrery::diagnostics::Source::new("hunt.rules", text(chain));
    let may_stop = Game::from_source(source("again or stop"), &[]).expect("`again or stop` then `capture` parses");
    assert_eq!(may_stop.initial_state().legal_move_texts(), ["a1xc3", "a1xc3xe5"]);
    let must_go_on = Game::from_source(source("again"), &[]).expect("compiles");
    assert_eq!(must_go_on.initial_state().legal_move_texts(), ["a1xc3xe5"]);
}

/// International draughts (FMJD): flying kings, captures both ways,
/// the most pieces compulsory, one move per start, end and set of pieces
/// taken. The published perft from the start; depth 8 (6,483,961, where
/// counting routes gives 6,483,971) and 9 in the ignored test below.
#[test]
fn international_draughts() {
    assert_eq!(perfts("international_draughts", 7), [9, 81, 658, 4_265, 27_117, 167_140, 1_049_442]);
}

#[test]
#[ignore = "20 s in a release build: cargo test --release --test suite -- --ignored international"]
fn international_draughts_deep() {
    assert_eq!(perfts("international_draughts", 9)[7..], [6_483_961, 41_022_423]);
}

/// Published perft of three positions with kings and a middle game (the
/// scenario file checks the first depths of each).
#[test]
fn international_draughts_positions() {
    let game = game("international_draughts");
    let perfts = |name: &str, depth: u32| {
        let path = format!("tests/positions/international_draughts/{name}.toml");
        let text = std::fs::read_to_string(&path).expect("position file");
        let source = orrery::diagnostics::Source::new(path, text);
        let state = orrery::formats::position::parse_position(&game, source).expect("position parses");
        (1..=depth).map(|d| perft(&state, d)).collect::<Vec<_>>()
    };
    assert_eq!(perfts("kings1", 5), [3, 15, 173, 1_282, 12_495]);
    assert_eq!(perfts("kings2", 5), [5, 67, 493, 7_974, 72_168]);
    assert_eq!(perfts("mid40", 6), [12, 111, 1_063, 10_589, 105_696, 1_085_326]);
}

/// A chain of one hop and the plain capture of the same hop, with the same
/// effects, are one move (section 12.13): the plain capture, written as
/// the first rule writes it (`a1-c3/xb2`), and a1xc3xe5; not a1xc3 again.
#[test]
fn a_chain_of_one_hop_is_the_plain_capture_of_it() {
    let text = "game \"Hunt\"\nplayers white, black\nboard square 5 x 5\npiece man\n\
                setup {\n  white man on a1\n  black man on b2, d4\n}\n\
                phase play {\n  move man { hop diagonal over enemy  capture over }\n  \
                move man { hop diagonal over enemy again or stop  capture over }\n}\n";
    let game =
        Game::from_source(orrery::diagnostics::Source::new("hunt.rules", text.to_string()), &[]).expect("compiles");
    assert_eq!(game.initial_state().legal_move_texts(), ["a1-c3/xb2", "a1xc3xe5"]);
}

/// Tablut: rook moves, single custodial captures against a friend or the
/// empty throne (`where not king against throne and empty`), the king
/// taken on four sides or three and the throne. Depth 4 from the start
/// (19,913,864) and from three positions whose figures tell the readings
/// apart; the first depths are in games/tablut.tests.toml. Figures from
/// tools/reference/tablut.py, written from the rules alone.
#[test]
#[ignore = "15 s in a release build: cargo test --release --test suite -- --ignored tablut"]
fn tablut_deep() {
    use orrery::formats::position::load_position;
    let game = game("tablut");
    assert_eq!(perft(&game.initial_state(), 4), 19_913_864);
    for (name, count) in [
        ("king_throne_capture", 3_374_719),
        ("soldier_empty_throne", 867_066),
        ("soldier_empty_throne_defenders", 778_018),
    ] {
        let path = format!("tests/positions/tablut/{name}.toml");
        let state = load_position(&game, std::path::Path::new(&path)).expect("position loads");
        assert_eq!(perft(&state, 4), count, "{name}");
    }
}

/// `must capture` with rules that never capture between rules that may:
/// the rules that may capture are asked first, and when none of their
/// moves takes a piece the list is every rule's, in the rules' order
/// (rook, then man, then king below), as without the shortcut.
#[test]
fn must_capture_lists_every_rule_in_order_when_nothing_is_taken() {
    use orrery::diagnostics::Source;
    let text = "game \"Mixed\"\nplayers white, black\nboard square 5 x 5\n\
                piece man\npiece rook\npiece king\n\
                setup {\n  white rook on e1\n  white man on a1\n  white king on c5\n  black man on b3\n}\n\
                phase play {\n  must capture\n  move rook { step orthogonal to not friend }\n\
                  move man { step n to empty }\n  move king { step orthogonal to not friend }\n}\n";
    let game = Game::from_source(Source::new("mixed.rules", text), &[]).expect("compiles");
    let in_order = |state: &orrery::engine::State| {
        let mut buf = Vec::new();
        state.legal_moves(&mut buf);
        buf.iter().map(|m| state.move_text(m)).collect::<Vec<_>>()
    };
    let mut state = game.initial_state();
    // Nothing to take: the rook's steps, the man's, the king's, in that order.
    let first = in_order(&state);
    let owners: Vec<char> = first.iter().map(|t| t.chars().next().unwrap()).collect();
    assert_eq!(owners, ['e', 'e', 'a', 'c', 'c', 'c'], "{first:?}");
    state.play("c5-c4").unwrap();
    state.play("b3-b4").unwrap();
    // The king on c4 may take b4: that capture is the only legal move.
    assert_eq!(in_order(&state), ["c4-b4"]);
}
