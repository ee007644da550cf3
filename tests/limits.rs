//! The language's size limits, each tested at its edge: boards of up to
//! 4,095 sites (a game's site sets are as wide as its board needs: one
//! `u128` up to 127 sites, wider sets beyond, so big boards play the same
//! rules as small ones), and up to 255 piece types. Graph lines and table
//! memory are in `classic_games.rs`.

use orrery::Game;
use orrery::agents::perft::perft;
use orrery::check::check;
use orrery::diagnostics::{Source, render_all};

/// A graph board of `points` points in rows of 64, one line through all.
fn graph_game(points: usize) -> String {
    let mut text = String::from("game \"Many points\"\nplayers white, black\nboard graph {\n");
    for i in 0..points {
        text.push_str(&format!("  point p{i} at ({}, {})\n", i % 64, i / 64));
    }
    let names: Vec<String> = (0..points).map(|i| format!("p{i}")).collect();
    text.push_str(&format!("  line all: {}\n", names.join(" - ")));
    text.push_str("}\npiece stone\nsetup { hand white: 1 stone  hand black: 1 stone }\n");
    text.push_str("phase play {\n  place stone on empty\n}\nend {\n  when hands empty: draw\n}\n");
    text
}

#[test]
fn a_graph_of_4095_points_is_the_largest_board() {
    let game = Game::from_source(Source::new("many.rules", graph_game(4095)), &[]).expect("4,095 points fit");
    assert_eq!(perft(&game.initial_state(), 1), 4095);
}

#[test]
fn a_graph_of_4096_points_is_refused_at_the_extra_point() {
    let source = Source::new("many.rules", graph_game(4096));
    let diagnostics = check(&source);
    assert_eq!(diagnostics.iter().map(|d| d.code.to_string()).collect::<Vec<_>>(), ["E0208"]);
    let rendered = render_all(&source, &diagnostics, false);
    insta::with_settings!({ snapshot_path => "snapshots", prepend_module_to_snapshot => false, omit_expression => true }, {
        insta::assert_snapshot!("board_too_big", rendered);
    });
}

/// A 26 x 26 board (676 sites, eleven words a set) with five in a row:
/// lines that cross the 64-site word boundaries and reach the far corner.
const BIG_FIVE: &str = "game \"Big five\"\nplayers black, white\nboard square 26 x 26\npiece stone\n\
    setup { hand black: 338 stone  hand white: 338 stone }\n\
    pattern five = friend along {n, e, ne, se} length 5..\n\
    phase play {\n  place stone on empty\n}\n\
    end {\n  when found(five): mover wins \"five\"\n  when hands empty: draw\n}\n";

fn play(moves: &[&str]) -> orrery::State {
    let game = Game::from_source(Source::new("big_five.rules", BIG_FIVE), &[]).expect("compiles");
    let mut state = game.initial_state();
    for text in moves {
        state.play(text).unwrap_or_else(|e| panic!("{text}: {e}"));
    }
    state
}

#[test]
fn a_26_by_26_board_places_anywhere() {
    // 676 empty sites, then 675.
    let game = Game::from_source(Source::new("big_five.rules", BIG_FIVE), &[]).expect("compiles");
    let state = game.initial_state();
    assert_eq!(perft(&state, 1), 676);
    assert_eq!(perft(&state, 2), 676 * 675);
}

#[test]
fn five_in_the_far_corner_of_a_26_by_26_board_wins() {
    // Black z22..z26 along file z, to the last site; white a1..d1 are four.
    let state = play(&["z22", "a1", "z23", "b1", "z24", "c1", "z25", "d1", "z26"]);
    let outcome = state.outcome().expect("five ends the game");
    assert_eq!(outcome.winner.as_deref(), Some("black"));
    assert_eq!(outcome.reason, "five");
}

#[test]
fn five_along_a_diagonal_across_set_words_wins() {
    // Black c3 d4 e5 f6 g7: sites 54, 81, 108, 135, 162 lie in three words.
    let state = play(&["c3", "a26", "d4", "b26", "e5", "c26", "f6", "d26", "g7"]);
    assert!(state.is_over());
    // Four of them are not five.
    let state = play(&["c3", "a26", "d4", "b26", "e5", "c26", "f6", "d26"]);
    assert!(!state.is_over());
    assert_eq!(perft(&state, 1), 676 - 8);
}

/// A game declaring `types` piece types, one of each placed from hand.
fn many_types(types: usize) -> String {
    let mut text = String::from("game \"Types\"\nplayers white, black\nboard square 26 x 26\n");
    (0..types).for_each(|t| text.push_str(&format!("piece t{t}\n")));
    text.push_str(&format!("setup {{ hand white: 1 t{}  hand black: 1 t0 }}\n", types - 1));
    // Rules for the first and the last type (a phase has at most 255 rules).
    text.push_str(&format!("phase play {{\n  place t0 on empty\n  place t{} on empty\n}}\n", types - 1));
    text
}

#[test]
fn a_game_has_up_to_255_piece_types() {
    // 255 types, three owners: 766 piece codes, past the 255 one byte held.
    let game = Game::from_source(Source::new("types.rules", many_types(255)), &[]).expect("255 types fit");
    let mut state = game.initial_state();
    assert_eq!(perft(&state, 1), 676);
    state.play("t254@z26").expect("the last type is placed");
    assert!(orrery::formats::position::to_toml(&state).contains("z26 = \"white t254\""));
    let source = Source::new("types.rules", many_types(256));
    let diagnostics = check(&source);
    assert_eq!(diagnostics.iter().map(|d| d.code.to_string()).collect::<Vec<_>>(), ["E0503"]);
    let rendered = render_all(&source, &diagnostics, false);
    assert!(rendered.contains("piece type number 256"), "{rendered}");
}

/// The codes `check` gives a rule file.
fn codes(text: &str) -> Vec<String> {
    check(&Source::new("limits.rules", text)).iter().filter(|d| d.is_error()).map(|d| d.code.to_string()).collect()
}

/// A game of `players` players on 256 squares, each with a man in hand.
fn many_players(players: usize) -> String {
    let names: Vec<String> = (0..players).map(|p| format!("p{p}")).collect();
    let hands: String = names.iter().map(|p| format!("  hand {p}: 1 man\n")).collect();
    format!(
        "game \"Crowd\"\nplayers {}\nboard square 16 x 16\npiece man\nsetup {{\n{hands}}}\n\
         phase play {{\n  place man on empty\n}}\nend {{\n  when hands empty: draw\n}}\n",
        names.join(", ")
    )
}

/// Players are numbered in a byte, with `neutral`, the chance player and a
/// pass after them: 253 players play in turn, the last one too; the 254th
/// is E0512 at its name (256 players once divided by zero, and more
/// wrapped round silently).
#[test]
fn a_game_has_up_to_253_players() {
    let game = Game::from_source(Source::new("crowd.rules", many_players(253)), &[]).expect("253 players fit");
    let mut state = game.initial_state();
    let mut buf = Vec::new();
    for _ in 0..252 {
        state.legal_moves(&mut buf);
        state.apply(&buf[0]);
    }
    assert_eq!(game.players[state.current_player() as usize], "p252");
    assert_eq!(perft(&state, 1), 256 - 252);
    state.legal_moves(&mut buf);
    state.apply(&buf[0]);
    assert!(state.is_over(), "every hand is empty");
    let text = many_players(254);
    assert_eq!(codes(&text), ["E0512"]);
    let error = check(&Source::new("crowd.rules", text.as_str())).into_iter().find(|d| d.is_error()).unwrap();
    assert_eq!(&text[error.labels[0].span.start..error.labels[0].span.end], "p253");
    assert_eq!(codes(&many_players(256)), ["E0512"]);
}

/// `phases` phases in a ring, each passing to the next after one move.
fn many_phases(phases: usize) -> String {
    let mut text = String::from(
        "game \"Ring\"\nplayers white, black\nboard square 3 x 3\npiece man\nsetup {\n  white man on a1\n  black man on c3\n}\n",
    );
    for p in 0..phases {
        text.push_str(&format!(
            "phase ph{p} {{\n  move man {{ step all to empty }}\n  next ph{}\n}}\n",
            (p + 1) % phases
        ));
    }
    text.push_str("end {\n  when plies > 600: draw\n}\n");
    text
}

/// The phase being played is a byte: 256 phases, the last reached after
/// 255 moves; a 257th is E0512 at its name.
#[test]
fn a_game_has_up_to_256_phases() {
    let game = Game::from_source(Source::new("ring.rules", many_phases(256)), &[]).expect("256 phases fit");
    let mut state = game.initial_state();
    let mut buf = Vec::new();
    for _ in 0..255 {
        state.legal_moves(&mut buf);
        state.apply(&buf[0]);
    }
    assert_eq!(state.phase_name(), "ph255");
    state.legal_moves(&mut buf);
    state.apply(&buf[0]);
    assert_eq!(state.phase_name(), "ph0");
    let text = many_phases(257);
    assert_eq!(codes(&text), ["E0512"]);
    let error = check(&Source::new("ring.rules", text.as_str())).into_iter().find(|d| d.is_error()).unwrap();
    assert_eq!(&text[error.labels[0].span.start..error.labels[0].span.end], "ph256");
}

/// A phase of `rules` actions: all but the last never allowed, the last
/// adding 1 to a counter.
fn many_rules(rules: usize) -> String {
    let mut text = String::from(
        "game \"Rules\"\nplayers white, black\nboard square 3 x 3\npiece man\ncounter c = 0\nphase play {\n",
    );
    for r in 0..rules - 1 {
        text.push_str(&format!("  action a{r} when plies < 0 {{ c += 2 }}\n"));
    }
    text.push_str("  action last { c += 1 }\n}\nend {\n  when c > 5: draw\n}\n");
    text
}

/// A move keeps its rule's number in a byte (the last value is a pass): 255
/// rules in a phase, the last one's move doing what it says; 256 are E0415.
#[test]
fn a_phase_has_up_to_255_rules() {
    let game = Game::from_source(Source::new("rules.rules", many_rules(255)), &[]).expect("255 rules fit");
    let mut state = game.initial_state();
    state.play("last").expect("the last rule's action");
    assert_eq!(state.counter("c"), Some(1));
    assert_eq!(codes(&many_rules(256)), ["E0415"]);
}

/// `effects` effects that end the game, none of them reached.
fn many_endings(effects: usize) -> String {
    format!(
        "game \"Endings\"\nplayers white, black\nboard square 3 x 3\npiece man\nsetup {{\n  white man on a1\n}}\n\
         phase play {{\n  move man {{ step all to empty }}\n  after move {{\n    if plies < 0 {{ {} }}\n  }}\n}}\n\
         end {{\n  when plies > 5: draw\n}}\n",
        "draw ".repeat(effects)
    )
}

/// Each effect that ends the game keeps its reason by a 16-bit number:
/// 65,536 of them, and the next is E0414 at its place.
#[test]
fn a_game_has_up_to_65536_effects_that_end_it() {
    assert!(codes(&many_endings(65_536)).is_empty());
    let text = many_endings(65_537);
    assert_eq!(codes(&text), ["E0414"]);
    let error = check(&Source::new("endings.rules", text.as_str())).into_iter().find(|d| d.is_error()).unwrap();
    let last = text.find("draw  }").unwrap();
    assert_eq!(error.labels[0].span.start, last);
}

/// A game to put one number into: each entry replaces a line of it.
const NUMBERS: &str = "game \"Numbers\"\nplayers white, black\nboard square 8 x 8\npiece man\n\
    counter c = 0\nattribute level = 0 { 1: a1 }\ntrack t = a1 - a2\n\
    setup {\n  white man on a1\n  black man on h8\n  hand white: 1 man\n}\n\
    phase play {\n  move man { slide orthogonal 1..2 to empty }\n  along t at most 1\n}\n\
    end {\n  when c > 0: draw\n}\nrepetition draw after 3\n";

/// A board to size, with nothing on it.
const BOARD: &str = "game \"Board\"\nplayers white, black\nboard square 8 x 8\npiece man\n\
    phase play {\n  move man { step all to empty }\n}\nend {\n  when plies > 5: draw\n}\n";

/// Every number of the language, each at its range's edges: one under (an
/// error with its code, on the number's line), at (clean) and, where the
/// range has a top, one over. docs/language.md lists the same ranges.
#[test]
fn every_number_is_checked_at_the_edges_of_its_range() {
    // (the game, the line to replace, the line with N in it, N clean, N refused, code)
    type Case<'a> = (&'a str, &'a str, &'a str, &'a [&'a str], &'a [&'a str], &'a str);
    let cases: &[Case] = &[
        (BOARD, "board square 8 x 8", "board square N x 8", &["1", "26"], &["0", "27", "-1"], "E0201"),
        (BOARD, "board square 8 x 8", "board square 8 x N", &["1", "99"], &["0", "100"], "E0201"),
        (BOARD, "board square 8 x 8", "board hex N x 8", &["1", "26"], &["0", "27"], "E0201"),
        (BOARD, "board square 8 x 8", "board hex 8 x N", &["1", "99"], &["0", "100"], "E0201"),
        (BOARD, "board square 8 x 8", "board hex hexagon N", &["1", "13"], &["0", "14", "-1"], "E0201"),
        (NUMBERS, "  hand white: 1 man", "  hand white: N man", &["0", "4095"], &["-1", "4096", "1000000000"], "E0504"),
        (NUMBERS, "repetition draw after 3", "repetition draw after N", &["2", "1000"], &["1", "0", "1001"], "E0507"),
        (NUMBERS, "  along t at most 1", "  along t at most N", &["0", "8"], &["-1", "9"], "E0410"),
        (NUMBERS, SLIDE, "  move man { slide orthogonal N to empty }", &["1", "255"], &["0", "256"], "E0408"),
        (NUMBERS, SLIDE, "  move man { slide orthogonal 1..N to empty }", &["1", "255"], &["0", "256"], "E0408"),
        (NUMBERS, SLIDE, "  move man { leap (1, N) to empty }", &["0", "8"], &["9", "-1"], "E0703"),
        (STACKS, "  move group { slide all }", "  move group { slide all N }", &["1", "255"], &["0", "256"], "E0408"),
        (STACKS, "  at most 2 disk", "  at most N disk", &["1", "8"], &["0", "9"], "E0708"),
        (
            NUMBERS,
            "counter c = 0",
            "counter c = N",
            &["9223372036854775807", "-9223372036854775808"],
            &["9223372036854775808", "-9223372036854775809"],
            "E0003",
        ),
        (
            NUMBERS,
            "  when c > 0: draw",
            "  when c > N: draw",
            &["9223372036854775807"],
            &["99999999999999999999"],
            "E0003",
        ),
        (
            NUMBERS,
            "attribute level = 0 { 1: a1 }",
            "attribute level = 0 { N: a1 }",
            &["-9223372036854775808"],
            &["-9223372036854775809"],
            "E0003",
        ),
    ];
    for (game, line, template, clean, refused, code) in cases {
        assert!(game.contains(line), "{line}");
        for n in *clean {
            let text = game.replace(line, &template.replace('N', n));
            assert!(codes(&text).is_empty(), "{template} with {n}: {:?}", codes(&text));
        }
        for n in *refused {
            let text = game.replace(line, &template.replace('N', n));
            let diagnostics = check(&Source::new("numbers.rules", text.as_str()));
            let error = diagnostics.iter().find(|d| d.is_error()).unwrap_or_else(|| panic!("{template} with {n}"));
            assert_eq!(error.code, *code, "{template} with {n}");
            let at = error.labels[0].span.start;
            let line_start = text[..at].rfind('\n').map_or(0, |i| i + 1);
            let line_end = text[at..].find('\n').map_or(text.len(), |i| at + i);
            assert_eq!(&text[line_start..line_end], template.replace('N', n), "{template} with {n}");
        }
    }
}

/// A game of stacks moved whole.
const STACKS: &str = "game \"Stacks\"\nplayers white, black\nboard square 8 x 8\npiece disk\nstacks {\n  at most 2 disk\n}\n\
    setup {\n  white disk on a1\n  black disk on h8\n}\nphase play {\n  move group { slide all }\n}\nend {\n  when plies > 5: draw\n}\n";

const SLIDE: &str = "  move man { slide orthogonal 1..2 to empty }";

/// A graph board whose second point is at (`x`, 0).
fn far_point(x: &str) -> String {
    format!(
        "game \"Far\"\nplayers white, black\nboard graph {{\n  point a at (0, 0)\n  point b at ({x}, 0)\n  line l: a - b\n}}\n\
         piece man\nsetup {{\n  white man on a\n}}\nphase play {{\n  move man {{ step lines to empty }}\n}}\n\
         end {{\n  when plies > 5: draw\n}}\n"
    )
}

/// A point's coordinates run from -1,000,000,000 to 1,000,000,000 (a number
/// of 330 digits once became infinity, and pictures of the board NaN).
#[test]
fn coordinates_are_checked_at_their_edges() {
    for x in ["1000000000", "-1000000000", "999999999.5"] {
        assert!(codes(&far_point(x)).is_empty(), "{x}");
    }
    for x in ["1000000000.5", "-1000000001", &"9".repeat(330)] {
        assert_eq!(codes(&far_point(x)), ["E0003"], "{x}");
    }
}
