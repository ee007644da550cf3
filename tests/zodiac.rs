//! Zodiac, checked rule by rule against its spec (`shared/specs/zodiac.md`,
//! rules ZO-1 to ZO-10, ambiguities E1 to E8 and the binding order of end
//! checks) as written in `games/zodiac.rules`.
//!
//! Every expected number, move list and board below is derived by hand from
//! the spec, and the derivation is written next to it. Nothing is taken from
//! the engine's own output, except the insta transcripts (which only guard
//! against change) and the reference perft figures quoted by the spec.
//!
//! Boards are written in one line, the way `pos` reads them and `picture`
//! prints them:
//!
//! ```text
//!   A b.b B ..w I .nbnbw
//!     | | |   | | |  ...
//!     | | |   | | B270     A: the apexes of triangle A: A090 A210 A330
//!     | | |   | B150       B: the apexes of triangle B: B030 B150 B270
//!     | | |   B030         I: the inner hexagon, I000 I060 I120 I180 I240 I300
//!     A090 A210 A330
//! ```
//!
//! `b` a black disc, `w` a white disc, `n` a neutral piece, `.` empty.
//! The spec's jump table, used in every derivation (from: over->to):
//!
//! ```text
//! A090: I120->I180, I060->I000     B270: I300->I000, I240->I180
//! A210: I180->I120, I240->I300     B030: I000->I300, I060->I120
//! A330: I300->I240, I000->I060     B150: I120->I060, I180->I240
//! I000: I060->A090, I300->B270     I060: I000->A330, I120->B150
//! I120: I180->A210, I060->B030     I180: I120->A090, I240->B270
//! I240: I300->A330, I180->B150     I300: I240->A210, I000->B030
//! ```
//!
//! and the hexagon on which neutrals step:
//! I000 - I060 - I120 - I180 - I240 - I300 - I000.
//!
//! The last tests play random games against a small reference model written
//! here straight from the spec (the jump table above, independent of the
//! engine's board), comparing legal moves, boards, the counter and the
//! outcome at every ply.

use orrery::agents::perft::{divide, perft};
use orrery::agents::playout::{PlayoutRng, random_playout};
use orrery::diagnostics::Source;
use orrery::formats::notation::{MoveError, parse_move};
use orrery::formats::position::{load_position, parse_position};
use orrery::formats::trace::{record, record_text};
use orrery::render::board_text;
use orrery::{Game, State};
use rand::{Rng, SeedableRng};
use serde_json::Value;
use std::sync::Arc;

const RULES: &str = "games/zodiac.rules";
const BLACK: u8 = 0;
const WHITE: u8 = 1;

const APEX_A: [&str; 3] = ["A090", "A210", "A330"];
const APEX_B: [&str; 3] = ["B030", "B150", "B270"];
const INNER: [&str; 6] = ["I000", "I060", "I120", "I180", "I240", "I300"];

/// Reasons the engine gives (the rule file's reason for the centre rule, the
/// engine's own words for the others).
const CENTRE: &str = "centre full";
const REPEATED: &str = "repeated";
const NO_MOVE: &str = "no legal move";

fn game() -> Arc<Game> {
    Game::load(RULES).expect("the bundled game compiles")
}

/// Parses position text; a failure shows the diagnostics.
fn position_text(game: &Arc<Game>, text: &str) -> State {
    match parse_position(game, Source::new("test", text)) {
        Ok(state) => state,
        Err(report) => {
            let messages: Vec<&str> = report.diagnostics.iter().map(|d| d.message.as_str()).collect();
            panic!("position does not load: {messages:?}\n{text}")
        }
    }
}

/// Loads one of the bundled position files.
fn position_file(name: &str) -> State {
    let path = format!("tests/positions/{name}");
    load_position(&game(), std::path::Path::new(&path))
        .unwrap_or_else(|report| panic!("{path} does not load: {:?}", report.diagnostics))
}

/// Position text for a board written as `A ... B ... I ......` (see the top
/// of the file), the player to move, the neutral-ply counter and the last
/// move (from, to), if any.
fn zodiac_text(to_move: &str, board: &str, neutral_plies: i64, last: Option<(&str, &str)>) -> String {
    let groups: Vec<&str> = board.split_whitespace().collect();
    assert!(
        groups.len() == 6 && groups[0] == "A" && groups[2] == "B" && groups[4] == "I",
        "board `{board}` is not `A xxx B xxx I xxxxxx`"
    );
    let mut text = format!("to_move = \"{to_move}\"\nphase = \"play\"\n");
    if let Some((from, to)) = last {
        text.push_str(&format!("last_from = \"{from}\"\nlast_to = \"{to}\"\n"));
    }
    text.push_str("[board]\n");
    for (sites, marks) in [(&APEX_A[..], groups[1]), (&APEX_B[..], groups[3]), (&INNER[..], groups[5])] {
        assert_eq!(sites.len(), marks.len(), "board `{board}`");
        for (site, mark) in sites.iter().zip(marks.chars()) {
            let piece = match mark {
                'b' => "black disc",
                'w' => "white disc",
                'n' => "neutral neutral",
                '.' => continue,
                other => panic!("unknown mark `{other}` in `{board}`"),
            };
            text.push_str(&format!("{site} = \"{piece}\"\n"));
        }
    }
    text.push_str(&format!("[counters]\nneutral_plies = {neutral_plies}\n"));
    text
}

fn pos(to_move: &str, board: &str, neutral_plies: i64, last: Option<(&str, &str)>) -> State {
    position_text(&game(), &zodiac_text(to_move, board, neutral_plies, last))
}

/// The board in the notation `pos` reads, read site by site through the site
/// names (independent of the engine's site numbering and of `render`).
fn picture(state: &State) -> String {
    let game = state.game();
    let marks = |sites: &[&str]| -> String {
        sites
            .iter()
            .map(|name| {
                let site = game.board.site(name).expect("every Zodiac point exists");
                match state.cell(site) {
                    0 => '.',
                    code => match game.describe_code(code).as_str() {
                        "black disc" => 'b',
                        "white disc" => 'w',
                        "neutral neutral" => 'n',
                        _ => '?',
                    },
                }
            })
            .collect()
    };
    format!("A {} B {} I {}", marks(&APEX_A), marks(&APEX_B), marks(&INNER))
}

/// The legal moves as sorted texts.
fn legal(state: &State) -> Vec<String> {
    state.legal_move_texts()
}

/// Plays a move typed as text, which must be legal.
fn play(state: &mut State, text: &str) {
    let mv = parse_move(state, text).unwrap_or_else(|e| {
        panic!("`{text}` should be legal here: {e}\n{}\n{}", picture(state), board_text(state));
    });
    state.apply(&mv);
}

fn neutral_plies(state: &State) -> i64 {
    state.counter("neutral_plies").expect("the game has a neutral_plies counter")
}

/// Discs showing each colour: (black, white).
fn discs(state: &State) -> (u32, u32) {
    (state.count(BLACK, None), state.count(WHITE, None))
}

fn strings(list: &[&str]) -> Vec<String> {
    list.iter().map(|s| s.to_string()).collect()
}

/// The game is over with this winner, for a reason containing `reason`.
fn assert_won(state: &State, winner: &str, reason: &str) {
    let outcome = state.outcome().unwrap_or_else(|| panic!("the game should be over\n{}", picture(state)));
    assert_eq!(outcome.winner.as_deref(), Some(winner), "{outcome:?}");
    assert!(!outcome.draw, "{outcome:?}");
    assert!(outcome.reason.contains(reason), "reason `{}` should mention `{reason}`", outcome.reason);
    assert!(legal(state).is_empty(), "no moves after the end");
}

// ---------------------------------------------------------------------------
// The start and perft
// ---------------------------------------------------------------------------

/// The setup (spec "Setup", E1): black on A090 A210 A330, white on B030 B150
/// B270, the neutrals on I000 and I180.
const START: &str = "A bbb B www I n..n..";

#[test]
fn the_setup_matches_the_spec() {
    let start = game().initial_state();
    assert_eq!(picture(&start), START);
    assert_eq!(start.current_player(), BLACK, "black moves first by default");
    assert_eq!(start.phase_name(), "play");
    assert_eq!(neutral_plies(&start), 0);
    assert_eq!(discs(&start), (3, 3));
    assert!(start.outcome().is_none());
}

#[test]
fn the_first_moves_are_two_jumps_over_a_neutral_and_four_neutral_steps() {
    // Black to move from the start; empty: I060 I120 I240 I300.
    // Discs (ZO-2, jump table):
    //   A090: over I120 (empty) no; over I060 (empty) no.
    //   A210: over I180 (neutral) -> I120, empty, an inner point: legal (ZO-4).
    //         over I240 (empty) no.
    //   A330: over I300 (empty) no; over I000 (neutral) -> I060: legal.
    // Neutrals (ZO-5): I000 -> I060, I300; I180 -> I120, I240 (all empty).
    // No plain disc steps (ZO-2). 2 + 4 = 6.
    let start = game().initial_state();
    assert_eq!(legal(&start), strings(&["A210-I120", "A330-I060", "I000-I060", "I000-I300", "I180-I120", "I180-I240"]));
}

#[test]
fn perft_from_the_start() {
    // Depth 1 is 6 (the test above).
    //
    // Depth 2, white's replies to each (white discs B030 B150 B270):
    //  A210-I120 (black disc on I120, I180 still neutral):
    //    B030 over I000 (n) -> I300; B150 over I120 (b) -> I060; B150 over
    //    I180 (n) -> I240; B270 has I300, I240 empty: none. Neutrals: I000 ->
    //    I060, I300; I180 -> I240 (I120 taken).                       3 + 3 = 6
    //  A330-I060 (black disc on I060):
    //    B030 over I000 (n) -> I300; B030 over I060 (b) -> I120; B150 over
    //    I180 (n) -> I240. Neutrals: I000 -> I300; I180 -> I120, I240. 3 + 3 = 6
    //  I000-I060 (neutrals I060, I180; ZO-6 bans I060 -> I000):
    //    B030 over I060 (n) -> I120; B150 over I180 (n) -> I240.
    //    Neutrals: I060 -> I120; I180 -> I120, I240.                  2 + 3 = 5
    //  I000-I300 (neutrals I300, I180; I300 -> I000 banned):
    //    B270 over I300 (n) -> I000; B150 over I180 (n) -> I240.
    //    Neutrals: I300 -> I240; I180 -> I120, I240.                  2 + 3 = 5
    //  I180-I120 (neutrals I000, I120; I120 -> I180 banned):
    //    B030 over I000 (n) -> I300; B150 over I120 (n) -> I060.
    //    Neutrals: I000 -> I060, I300; I120 -> I060.                  2 + 3 = 5
    //  I180-I240 (neutrals I000, I240; I240 -> I180 banned):
    //    B030 over I000 (n) -> I300; B270 over I240 (n) -> I180.
    //    Neutrals: I000 -> I060, I300; I240 -> I300.                  2 + 3 = 5
    //  total 6 + 6 + 5 + 5 + 5 + 5 = 32.
    // No game ends within two plies (no full centre, no repetition, white
    // always has a move), so every line counts.
    //
    // Depths 3 to 6 are the spec's reference figures from an independent
    // implementation: 90, 258, 672, 1,662.
    let start = game().initial_state();
    let mut by_move = divide(&start, 2);
    by_move.sort();
    let expected =
        [("A210-I120", 6), ("A330-I060", 6), ("I000-I060", 5), ("I000-I300", 5), ("I180-I120", 5), ("I180-I240", 5)];
    let expected: Vec<(String, u64)> = expected.iter().map(|(m, n)| (m.to_string(), *n)).collect();
    assert_eq!(by_move, expected);
    let counts: Vec<u64> = (1..=6).map(|depth| perft(&start, depth)).collect();
    assert_eq!(counts, [6, 32, 90, 258, 672, 1662]);
}

// ---------------------------------------------------------------------------
// Jumps and flips (ZO-2, ZO-3, ZO-4, E2, E8)
// ---------------------------------------------------------------------------

#[test]
fn a_jump_onto_an_apex_over_a_neutral_is_illegal_and_a_neutral_jumped_inward_stays_neutral() {
    // A b.b B .ww I .nbn.w, black to move.
    //   A090: over I120 (own disc) -> I180, taken; over I060 (n) -> I000:
    //         legal, the landing is an inner point (ZO-4).
    //   A330: over I300 (w) -> I240: legal; over I000 (empty): no.
    //   I120: over I180 (n) -> A210, and over I060 (n) -> B030: both land
    //         on an empty apex over a neutral: illegal (ZO-4).
    //   Neutrals: I060 -> I000 (I120 taken); I180 -> I240 (I120 taken).
    let mut state = pos("black", "A b.b B .ww I .nbn.w", 0, None);
    assert_eq!(legal(&state), strings(&["A090-I000", "A330-I240", "I060-I000", "I180-I240"]));
    for refused in ["I120-A210", "I120-B030"] {
        assert!(
            matches!(parse_move(&state, refused), Err(MoveError::Illegal { .. })),
            "{refused}: a jump landing on an apex must not jump a neutral"
        );
    }
    // A090-I000 over the neutral on I060: the disc lands on I000, A090 is
    // empty, the neutral is still there and still neutral (ZO-3: flipping a
    // neutral has no effect), no disc changed face.
    play(&mut state, "A090-I000");
    assert_eq!(picture(&state), "A ..b B .ww I bnbn.w");
    assert_eq!(discs(&state), (3, 3));
    assert_eq!(neutral_plies(&state), 0);
    assert!(state.outcome().is_none(), "I240 is empty: the centre is not full");
    // White: B150 over I120 (b) -> I060 taken; over I180 (n) -> I240: legal.
    // B270: over I300 (own) -> I000 taken; over I240 (empty): no.
    // I300: over I240 (empty): no; over I000 (b) -> B030: legal.
    // Neutrals: I060 is boxed in (I000, I120 taken); I180 -> I240.
    assert_eq!(state.current_player(), WHITE);
    assert_eq!(legal(&state), strings(&["B150-I240", "I180-I240", "I300-B030"]));
}

#[test]
fn jumping_an_own_disc_turns_it_over_to_the_opponent() {
    // A b.b B www I n.b.n., black to move.
    //   A090: over I120 (own disc) -> I180: legal (an inner landing may jump
    //         any piece); over I060 (empty): no.
    //   I120: over I180 (empty), over I060 (empty): no.
    //   A330: over I300 (empty): no; over I000 (n) -> I060: legal.
    //   Neutrals: I000 -> I060, I300; I240 -> I180, I300.
    //   White's apex discs are not black's to move.
    let mut state = pos("black", "A b.b B www I n.b.n.", 0, None);
    assert_eq!(legal(&state), strings(&["A090-I180", "A330-I060", "I000-I060", "I000-I300", "I240-I180", "I240-I300"]));
    // ZO-3, E2: every jumped piece is turned over, the mover's own included:
    // I120 now shows white. Black 3 -> 2, white 3 -> 4.
    play(&mut state, "A090-I180");
    assert_eq!(picture(&state), "A ..b B www I n.wbn.");
    assert_eq!(discs(&state), (2, 4));
    // E8: ownership is the face showing now, so white may move the disc on
    // I120 at once.
    //   I120: over I180 (b) -> A210: legal (apex landing over a disc);
    //         over I060 (empty): no.
    //   B030: over I000 (n) -> I300: legal; over I060 (empty): no.
    //   B150: over I120 (own) -> I060: legal; over I180 (b) -> I240: taken.
    //   B270: over I300 (empty): no; over I240 (n) -> I180: taken.
    //   Neutrals: I000 -> I060, I300; I240 -> I300 (I180 taken).
    assert_eq!(state.current_player(), WHITE);
    assert_eq!(legal(&state), strings(&["B030-I300", "B150-I060", "I000-I060", "I000-I300", "I120-A210", "I240-I300"]));
    // I120-A210 jumps the black disc on I180, which turns white (ZO-3).
    play(&mut state, "I120-A210");
    assert_eq!(picture(&state), "A .wb B www I n..wn.");
    assert_eq!(discs(&state), (1, 5));
    // Black has only A330 left: over I300 (empty) no; over I000 (n) -> I060.
    // Neutrals: I000 -> I060, I300; I240 -> I300 (I180 taken).
    assert_eq!(legal(&state), strings(&["A330-I060", "I000-I060", "I000-I300", "I240-I300"]));
}

#[test]
fn jumping_an_enemy_disc_outward_turns_it_to_the_mover() {
    // A .bb B ..w I nbwnw., black to move.
    //   A210: over I180 (n) -> I120 taken; over I240 (w) -> I300: legal.
    //   I060: over I000 (n) -> A330: apex over a neutral (and taken): no;
    //         over I120 (w) -> B150: legal, an apex landing over a disc.
    //   A330: over I300 (empty): no; over I000 (n) -> I060 taken.
    //   Neutrals: I000 -> I300 (I060 taken); I180 boxed in (I120, I240).
    let mut state = pos("black", "A .bb B ..w I nbwnw.", 0, None);
    assert_eq!(legal(&state), strings(&["A210-I300", "I000-I300", "I060-B150"]));
    // I060-B150: the white disc on I120 turns black.
    play(&mut state, "I060-B150");
    assert_eq!(picture(&state), "A .bb B .bw I n.bnw.");
    assert_eq!(discs(&state), (4, 2));
    // White: I240: over I300 (empty) no; over I180 (n) -> B150: no.
    // B270: over I300 (empty) no; over I240 (own) -> I180 taken.
    // Neutrals: I000 -> I060, I300; I180 boxed in.
    assert_eq!(legal(&state), strings(&["I000-I060", "I000-I300"]));
}

#[test]
fn jumping_an_enemy_disc_inward_turns_it_to_the_mover() {
    // A bbb B ww. I n.w.n., black to move.
    //   A090: over I120 (w) -> I180: legal; over I060 (empty): no.
    //   A210: over I180 (empty): no; over I240 (n) -> I300: legal.
    //   A330: over I300 (empty): no; over I000 (n) -> I060: legal.
    //   Neutrals: I000 -> I060, I300; I240 -> I180, I300.
    let mut state = pos("black", "A bbb B ww. I n.w.n.", 0, None);
    assert_eq!(
        legal(&state),
        strings(&["A090-I180", "A210-I300", "A330-I060", "I000-I060", "I000-I300", "I240-I180", "I240-I300"])
    );
    play(&mut state, "A090-I180");
    assert_eq!(picture(&state), "A .bb B ww. I n.bbn.");
    assert_eq!(discs(&state), (4, 2));
    // White: B030: over I000 (n) -> I300; over I060 (empty) no.
    // B150: over I120 (b) -> I060: legal; over I180 (b) -> I240 taken.
    // Neutrals: I000 -> I060, I300; I240 -> I300 (I180 taken).
    assert_eq!(legal(&state), strings(&["B030-I300", "B150-I060", "I000-I060", "I000-I300", "I240-I300"]));
}

// ---------------------------------------------------------------------------
// The neutral's back-move ban (ZO-6, E5)
// ---------------------------------------------------------------------------

#[test]
fn a_neutral_may_not_go_straight_back_on_the_next_ply_given_by_last_from_and_last_to() {
    // Black's last move was the neutral I000 -> I060 (last_from I000,
    // last_to I060, one neutral ply). White to move:
    //   A bbb B www I .n...n
    //   B030: over I000 (empty) no; over I060 (n) -> I120: legal.
    //   B150: over I120, I180 (empty): no.
    //   B270: over I300 (n) -> I000: legal; over I240 (empty): no.
    //   Neutrals (1 neutral ply so far, so allowed):
    //     I060 -> I000 is straight back: banned (ZO-6); I060 -> I120 legal.
    //     I300 -> I000: a different neutral may take the vacated point;
    //     I300 -> I240.
    let text = zodiac_text("white", "A bbb B www I .n...n", 1, Some(("I000", "I060")));
    let from_file = position_file("zodiac_back_move.toml");
    assert_eq!(from_file.hash(), position_text(&game(), &text).hash());
    assert_eq!(neutral_plies(&from_file), 1);
    let mut state = from_file.clone();
    let expected = ["B030-I120", "B270-I000", "I060-I120", "I300-I000", "I300-I240"];
    assert_eq!(legal(&state), strings(&expected));
    assert!(parse_move(&state, "I060-I000").is_err());

    // The same board with no last move recorded: I060 -> I000 is legal.
    let fresh = pos("white", "A bbb B www I .n...n", 1, None);
    let mut with_back = expected.to_vec();
    with_back.push("I060-I000");
    with_back.sort();
    assert_eq!(legal(&fresh), strings(&with_back));

    // The ban lasts one ply. White moves a disc, B030-I120 over the neutral
    // on I060 (no flip). Black to move:
    //   A bbb B .ww I .nw..n
    //   A090: over I120 (w) -> I180: legal; over I060 (n) -> I000: legal.
    //   A210: over I180, I240 (empty): no.
    //   A330: over I300 (n) -> I240: legal; over I000 (empty): no.
    //   Neutrals (counter back to 0): I060 -> I000 is allowed again (its
    //   move was two plies ago); I120 taken. I300 -> I000, I240.
    play(&mut state, "B030-I120");
    assert_eq!(picture(&state), "A bbb B .ww I .nw..n");
    assert_eq!(neutral_plies(&state), 0);
    assert_eq!(legal(&state), strings(&["A090-I000", "A090-I180", "A330-I240", "I060-I000", "I300-I000", "I300-I240"]));
}

#[test]
fn the_back_move_ban_played_from_the_start() {
    // Black I000-I060. White to move (depth-2 case I000-I060 of the perft
    // derivation): B030-I120, B150-I240, I060-I120, I180-I120, I180-I240.
    // E5: the ban binds the next ply whoever makes it, here white.
    let mut state = game().initial_state();
    play(&mut state, "I000-I060");
    assert_eq!(picture(&state), "A bbb B www I .n.n..");
    assert_eq!(neutral_plies(&state), 1);
    assert_eq!(legal(&state), strings(&["B030-I120", "B150-I240", "I060-I120", "I180-I120", "I180-I240"]));
    assert!(parse_move(&state, "I060-I000").is_err(), "ZO-6: not straight back");

    // White B150-I240 jumps the neutral on I180 (no flip). Black to move:
    //   A bbb B w.w I .n.nw.
    //   A090: over I120 (empty) no; over I060 (n) -> I000: legal.
    //   A210: over I180 (n) -> I120: legal; over I240 (w) -> I300: legal.
    //   A330: over I300, I000 (empty): no.
    //   Neutrals: I060 -> I000 (the ban is over), I120; I180 -> I120 (I240
    //   taken).
    play(&mut state, "B150-I240");
    assert_eq!(picture(&state), "A bbb B w.w I .n.nw.");
    assert_eq!(neutral_plies(&state), 0);
    assert_eq!(legal(&state), strings(&["A090-I000", "A210-I120", "A210-I300", "I060-I000", "I060-I120", "I180-I120"]));
}

// ---------------------------------------------------------------------------
// No third neutral ply in a row (ZO-7, E4)
// ---------------------------------------------------------------------------

#[test]
fn after_two_neutral_plies_no_neutral_may_move_and_a_disc_move_resets_the_count() {
    // The start board with neutral_plies = 2: only the two disc jumps of the
    // start remain (A210 over I180, A330 over I000).
    let mut state = pos("black", START, 2, None);
    assert_eq!(legal(&state), strings(&["A210-I120", "A330-I060"]));
    // A disc move sets the count to 0: white's replies are those of the
    // depth-2 case A210-I120, neutral steps included.
    play(&mut state, "A210-I120");
    assert_eq!(neutral_plies(&state), 0);
    assert_eq!(legal(&state), strings(&["B030-I300", "B150-I060", "B150-I240", "I000-I060", "I000-I300", "I180-I240"]));
}

#[test]
fn two_neutral_plies_played_from_the_start_leave_only_disc_moves() {
    let mut state = game().initial_state();
    play(&mut state, "I000-I060");
    assert_eq!(neutral_plies(&state), 1);
    // A neutral ply by white after one by black: allowed (count 1 < 2). The
    // plies are counted whoever makes them (E4).
    play(&mut state, "I180-I120");
    assert_eq!(neutral_plies(&state), 2);
    // A bbb B www I .nn... Black: A090 over I120 (n) -> I180 and over I060
    // (n) -> I000; A210 and A330 jump only empty points. No neutral step,
    // though I060 -> I000 and I120 -> I180 etc. would otherwise be open.
    assert_eq!(picture(&state), "A bbb B www I .nn...");
    assert_eq!(legal(&state), strings(&["A090-I000", "A090-I180"]));
    // A090-I180 (over the neutral on I120): count back to 0. White:
    //   A .bb B www I .nnb..
    //   B030: over I000 (empty) no; over I060 (n) -> I120 taken.
    //   B150: over I120 (n) -> I060 taken; over I180 (b) -> I240: legal.
    //   B270: over I300, I240 (empty): no.
    //   Neutrals: I060 -> I000 (I120 taken); I120 boxed in (I060, I180).
    play(&mut state, "A090-I180");
    assert_eq!(neutral_plies(&state), 0);
    assert_eq!(picture(&state), "A .bb B www I .nnb..");
    assert_eq!(legal(&state), strings(&["B150-I240", "I060-I000"]));
}

// ---------------------------------------------------------------------------
// No legal move loses (ZO-10)
// ---------------------------------------------------------------------------

#[test]
fn a_player_left_without_a_move_loses() {
    // The back-move position (white to move, one neutral ply). White moves
    // the other neutral, I300-I000: the second neutral ply in a row.
    //   A bbb B www I nn....
    // Black may not move a neutral (ZO-7) and its discs have nothing to
    // jump into: A090 over I120 (empty) no, over I060 (n) -> I000 taken;
    // A210 over I180, I240 (empty) no; A330 over I300 (empty) no, over I000
    // (n) -> I060 taken. Black has no legal move and loses: white wins.
    let mut state = position_file("zodiac_back_move.toml");
    play(&mut state, "I300-I000");
    assert_eq!(picture(&state), "A bbb B www I nn....");
    assert_eq!(neutral_plies(&state), 2);
    assert_won(&state, "white", NO_MOVE);
}

#[test]
fn a_loaded_position_whose_player_to_move_is_stuck_is_lost_at_once() {
    // The repetition-order position (below) with two neutral plies already
    // made: black's only moves there are neutral steps, so black cannot move.
    //   A bb. B w.w I ..nbwn
    //   A090: over I120 (n) -> I180 taken; over I060 (empty) no.
    //   A210: over I180 (b) -> I120 taken; over I240 (w) -> I300 taken.
    //   I180: over I120 (n) -> A090: apex over a neutral; over I240 (w) ->
    //         B270 taken.
    let state = pos("black", "A bb. B w.w I ..nbwn", 2, None);
    assert_won(&state, "white", NO_MOVE);
}

// ---------------------------------------------------------------------------
// The centre (ZO-9, E7)
// ---------------------------------------------------------------------------

#[test]
fn filling_the_centre_four_discs_to_two_wins() {
    // A b.b B ..w I .nbnbw, black to move.
    //   A090: over I120 (b) -> I180 taken; over I060 (n) -> I000: legal.
    //   A330: over I300 (w) -> I240 taken; over I000 (empty) no.
    //   I120: over I180 (n) -> A210 and over I060 (n) -> B030: apex over a
    //         neutral, no. I240: over I300 (w) -> A330 taken; over I180 (n)
    //         -> B150 no.
    //   Neutrals: I060 -> I000; I180 boxed in (I120, I240).
    let mut state = pos("black", "A b.b B ..w I .nbnbw", 0, None);
    assert_eq!(legal(&state), strings(&["A090-I000", "I060-I000"]));
    // A090-I000 fills the sixth inner point. Discs showing, over all six:
    // black I000 I120 I240 A330 = 4, white I300 B270 = 2: black wins.
    play(&mut state, "A090-I000");
    assert_eq!(picture(&state), "A ..b B ..w I bnbnbw");
    assert_eq!(discs(&state), (4, 2));
    assert_won(&state, "black", CENTRE);
    assert_eq!(parse_move(&state, "I300-A210"), Err(MoveError::GameOver));
}

#[test]
fn filling_the_centre_counts_all_discs_and_may_win_for_the_opponent() {
    // A b.b B ..w I .bnnww, black to move.
    //   A090: over I120 (n) -> I180 taken; over I060 (b) -> I000: legal.
    //   A330: over I300 (w) -> I240 taken; over I000 (empty) no.
    //   I060: over I000 (empty) no; over I120 (n) -> B150: no.
    //   Neutrals: I120 boxed in (I060, I180); I180 boxed in (I120, I240).
    let mut state = pos("black", "A b.b B ..w I .bnnww", 0, None);
    assert_eq!(legal(&state), strings(&["A090-I000"]));
    // Black's only move fills the centre and turns its own disc on I060
    // white: black I000 A330 = 2, white I060 I240 I300 B270 = 4. White wins
    // although black made the move (ZO-9 names the player with more discs).
    play(&mut state, "A090-I000");
    assert_eq!(picture(&state), "A ..b B ..w I bwnnww");
    assert_eq!(discs(&state), (2, 4));
    assert_won(&state, "white", CENTRE);
}

#[test]
fn a_full_centre_at_three_all_plays_on() {
    // A b.b B ..w I .nbnww: as in the 4-2 test but I240 is white.
    //   Black's moves as there: A090-I000, I060-I000.
    let mut state = pos("black", "A b.b B ..w I .nbnww", 0, None);
    assert_eq!(legal(&state), strings(&["A090-I000", "I060-I000"]));
    // After A090-I000 the centre is full with black I000 I120 A330 = 3 and
    // white I240 I300 B270 = 3: play continues (ZO-9), white to move.
    play(&mut state, "A090-I000");
    assert_eq!(picture(&state), "A ..b B ..w I bnbnww");
    assert_eq!(discs(&state), (3, 3));
    assert!(state.outcome().is_none());
    assert_eq!(state.current_player(), WHITE);
    // White: I240: over I300 (own) -> A330 taken; over I180 (n) -> B150 no.
    // I300: over I240 (own) -> A210: legal; over I000 (b) -> B030: legal.
    // B270: over I300 -> I000 and over I240 -> I180, both taken.
    // Neutrals: every inner point is taken.
    assert_eq!(legal(&state), strings(&["I300-A210", "I300-B030"]));
    // I300-B030 turns I000 white and empties I300: the centre is no longer
    // full (black I120 A330 = 2, white 4), so nothing is decided by ZO-9.
    //   A ..b B w.w I wnbnw.
    // But black cannot move: A330 over I300 (empty) no, over I000 (w) ->
    // I060 taken; I120 over I180 (n) -> A210 and over I060 (n) -> B030:
    // apex over a neutral, no. Neutrals: I060 (I000, I120 taken) and I180
    // (I120, I240 taken) are boxed in. Black loses (ZO-10).
    play(&mut state, "I300-B030");
    assert_eq!(picture(&state), "A ..b B w.w I wnbnw.");
    assert_eq!(discs(&state), (2, 4));
    assert_won(&state, "white", NO_MOVE);
}

// ---------------------------------------------------------------------------
// Repetition (ZO-8, E6) and the order of the end checks
// ---------------------------------------------------------------------------

#[test]
fn recreating_an_earlier_position_loses() {
    // A .bb B ..w I .nnbww, black to move, no neutral ply yet.
    //   I180: over I120 (n) -> A090: apex over a neutral; over I240 (w) ->
    //         B270 taken. A210: over I180 -> I120 taken, over I240 -> I300
    //         taken. A330: over I300 (w) -> I240 taken; over I000 (empty).
    //   Neutrals: I060 -> I000; I120 boxed in (I060, I180).
    let mut state = pos("black", "A .bb B ..w I .nnbww", 0, None);
    assert_eq!(legal(&state), strings(&["I060-I000"]));
    // 1. black I060-I000. Position R1, white to move:  A .bb B ..w I n.nbww
    play(&mut state, "I060-I000");
    let r1 = picture(&state);
    assert_eq!(r1, "A .bb B ..w I n.nbww");
    // White: I240 over I180 (b) -> B150; over I300 (own) -> A330 taken.
    // I300: over I240 -> A210 taken; over I000 (n) -> B030: no.
    // B270: both landings taken. Neutrals: I000 -> I060 banned (ZO-6), I300
    // taken; I120 -> I060.
    assert_eq!(legal(&state), strings(&["I120-I060", "I240-B150"]));
    // 2. white I240-B150: I180 turns white.
    play(&mut state, "I240-B150");
    assert_eq!(picture(&state), "A .bb B .ww I n.nw.w");
    // Black: A330 over I300 (w) -> I240, over I000 (n) -> I060; A210 over
    // I180 (w) -> I120 taken, over I240 (empty) no. Neutrals: I000 -> I060;
    // I120 -> I060.
    assert_eq!(legal(&state), strings(&["A330-I060", "A330-I240", "I000-I060", "I120-I060"]));
    // 3. black I120-I060.
    play(&mut state, "I120-I060");
    assert_eq!(picture(&state), "A .bb B .ww I nn.w.w");
    // White: B150 over I180 (own) -> I240; over I120 (empty) no. B270 and
    // I300 and I180 have nothing to jump into. Neutrals: I000 boxed in;
    // I060 -> I120 banned (ZO-6), I000 taken.
    assert_eq!(legal(&state), strings(&["B150-I240"]));
    // 4. white B150-I240: I180 turns back to black.
    play(&mut state, "B150-I240");
    assert_eq!(picture(&state), "A .bb B ..w I nn.bww");
    // Black: A210 over I180 (own) -> I120; the rest as before blocked.
    // Neutrals: I060 -> I120 (its move was two plies ago); I000 boxed in.
    assert_eq!(legal(&state), strings(&["A210-I120", "I060-I120"]));

    // 5. (the alternative) A210-I120 is no repetition: it fills I120, the
    // last empty inner point, and turns black's own I180 white. Black I120
    // A330 = 2, white I180 I240 I300 B270 = 4: white wins on the centre.
    let mut other = state.clone();
    play(&mut other, "A210-I120");
    assert_eq!(picture(&other), "A ..b B ..w I nnbwww");
    assert_won(&other, "white", CENTRE);

    // 5. I060-I120 recreates R1 with white to move (the neutral counter is
    // not part of a position): black, who made the move, loses.
    play(&mut state, "I060-I120");
    assert_eq!(picture(&state), r1);
    assert_won(&state, "white", REPEATED);
}

/// `tests/positions/zodiac_repetition_order.toml`: A bb. B w.w I ..nbwn,
/// black to move, no neutral ply yet.
#[test]
fn the_loaded_start_counts_and_repetition_is_checked_before_no_move() {
    let mut state = position_file("zodiac_repetition_order.toml");
    let start = picture(&state);
    assert_eq!(start, "A bb. B w.w I ..nbwn");
    assert_eq!(neutral_plies(&state), 0);
    // Black: A090 over I120 (n) -> I180 taken, over I060 (empty) no; A210
    // over I180 (b) -> I120 taken, over I240 (w) -> I300 taken; I180 over
    // I120 (n) -> A090 no, over I240 (w) -> B270 taken. Neutrals: I120 ->
    // I060 (I180 taken); I300 -> I000 (I240 taken). Only neutral steps.
    assert_eq!(legal(&state), strings(&["I120-I060", "I300-I000"]));
    // 1. black I300-I000.                               A bb. B w.w I n.nbw.
    play(&mut state, "I300-I000");
    // White: B030 over I000 (n) -> I300; over I060 (empty) no. B270 over
    // I300 (empty) no, over I240 (own) -> I180 taken. I240 over I300
    // (empty) no, over I180 (b) -> B150. Neutrals: I000 -> I060 (I300 is
    // straight back); I120 -> I060.
    assert_eq!(legal(&state), strings(&["B030-I300", "I000-I060", "I120-I060", "I240-B150"]));
    // 2. white I240-B150: I180 turns white.              A bb. B www I n.nw..
    play(&mut state, "I240-B150");
    // Black: A090 over I120 (n) -> I180 taken; A210 over I180 (w) -> I120
    // taken, over I240 (empty) no. Neutrals: I000 -> I060, I300; I120 -> I060.
    assert_eq!(legal(&state), strings(&["I000-I060", "I000-I300", "I120-I060"]));
    // 3. black I120-I060.                                A bb. B www I nn.w..
    play(&mut state, "I120-I060");
    // White: B030 over I000 (n) -> I300, over I060 (n) -> I120; B150 over
    // I180 (own) -> I240, over I120 (empty) no; B270 and I180 jump only
    // empty points. Neutrals: I000 -> I300; I060 -> I120 straight back, no.
    assert_eq!(legal(&state), strings(&["B030-I120", "B030-I300", "B150-I240", "I000-I300"]));
    // 4. white B150-I240: I180 turns back to black.      A bb. B w.w I nn.bw.
    play(&mut state, "B150-I240");
    // Black: A210 over I180 (own) -> I120, over I240 (w) -> I300; A090 over
    // I060 (n) -> I000 taken; I180 over I240 (w) -> B270 taken. Neutrals:
    // I000 -> I300; I060 -> I120.
    assert_eq!(legal(&state), strings(&["A210-I120", "A210-I300", "I000-I300", "I060-I120"]));
    // 5. black I000-I300.                                A bb. B w.w I .n.bwn
    play(&mut state, "I000-I300");
    // White: B030 over I060 (n) -> I120; B270 over I300 (n) -> I000; I240
    // over I180 (b) -> B150, over I300 (n) -> A330 no. Neutrals (one
    // neutral ply): I060 -> I000, I120; I300 -> I000 straight back, no.
    assert_eq!(legal(&state), strings(&["B030-I120", "B270-I000", "I060-I000", "I060-I120", "I240-B150"]));
    // Positions so far, none repeated: black to move at plies 0, 2, 4 with
    // neutrals {I120, I300}, {I000, I120} (I240 empty), {I000, I060};
    // white to move at plies 1, 3, 5 with {I000, I120}, {I000, I060}
    // (I240 empty), {I060, I300}.
    assert!(state.outcome().is_none());
    // 6. white I060-I120: the loaded position again, black to move. It is
    // the second neutral ply in a row, so black could not move at all
    // (check iii: black would lose; see the test above). But check ii comes
    // first: the position occurred before (the loaded start counts), so
    // white, who recreated it, loses.
    play(&mut state, "I060-I120");
    assert_eq!(picture(&state), start);
    assert_eq!(neutral_plies(&state), 2);
    assert_won(&state, "black", REPEATED);
}

/// `tests/positions/zodiac_centre_order.toml`: A .bb B ... I wbnbwn, white
/// to move. A loaded position is not end-checked, so its full centre at
/// black 4, white 2 decides nothing yet.
#[test]
fn a_full_centre_is_checked_before_repetition() {
    let mut state = position_file("zodiac_centre_order.toml");
    let start = picture(&state);
    assert_eq!(start, "A .bb B ... I wbnbwn");
    assert_eq!(discs(&state), (4, 2));
    assert!(state.outcome().is_none());
    // White: I000 over I060 (b) -> A090; over I300 (n) -> B270 no. I240
    // over I180 (b) -> B150; over I300 (n) -> A330 no. No empty inner point
    // for a neutral.
    assert_eq!(legal(&state), strings(&["I000-A090", "I240-B150"]));
    // 1. white I000-A090: I060 turns white.              A wbb B ... I .wnbwn
    play(&mut state, "I000-A090");
    // Black: I180 over I240 (w) -> B270; over I120 (n) -> A090 no. A210
    // over I180 -> I120 taken, over I240 -> I300 taken. A330 over I300 (n)
    // -> I240 taken, over I000 (empty) no. Neutrals: I300 -> I000; I120
    // boxed in.
    assert_eq!(legal(&state), strings(&["I180-B270", "I300-I000"]));
    // 2. black I180-B270: I240 turns black.              A wbb B ..b I .wn.bn
    play(&mut state, "I180-B270");
    // White: A090 over I120 (n) -> I180, over I060 (own) -> I000; I060 over
    // I000 (empty) no, over I120 (n) -> B150 no. Neutrals: I120 -> I180;
    // I300 -> I000.
    assert_eq!(legal(&state), strings(&["A090-I000", "A090-I180", "I120-I180", "I300-I000"]));
    // 3. white A090-I000: I060 turns back to black. I180 is empty: the
    //    centre is not full.                             A .bb B ..b I wbn.bn
    play(&mut state, "A090-I000");
    assert!(state.outcome().is_none());
    // Black: B270 over I240 (own) -> I180; over I300 (n) -> I000 taken.
    // The other discs have no empty landing. Neutrals: I120 -> I180.
    assert_eq!(legal(&state), strings(&["B270-I180", "I120-I180"]));
    // 4. black B270-I180: I240 turns back to white. This recreates the
    //    loaded position (check ii: black would lose), but the centre is
    //    full with black 4 (I060 I180 A210 A330) to white 2 (I000 I240), and
    //    check i comes first: black wins.
    play(&mut state, "B270-I180");
    assert_eq!(picture(&state), start);
    assert_won(&state, "black", CENTRE);
}

#[test]
fn the_setup_position_is_recorded_and_can_never_recur() {
    // The spec says the start counts as having occurred. The engine records
    // it as the first entry of the repetition history.
    let start = game().initial_state();
    assert_eq!(start.position().history, vec![start.hash()]);
    // By play, though, the setup can never come back: all six discs stand on
    // apexes, and after any disc move some disc stands on an inner point (an
    // inward jump leaves the jumper there, an outward jump leaves the jumped
    // disc there), which neutral steps cannot change; before the first disc
    // move at most two neutral plies are made (ZO-7), and a second neutral
    // ply cannot undo the first (ZO-6) and the other neutral is then moved
    // off its start point. So the loaded-position test above stands in for
    // "the start counts". Checked here on every line of the first 10 plies.
    fn walk(state: &State, depth: u32) {
        if depth == 0 || state.is_over() {
            return;
        }
        let mut moves = Vec::new();
        state.legal_moves(&mut moves);
        for mv in moves {
            let mut child = state.clone();
            child.apply(&mv);
            assert_ne!(picture(&child), START, "the setup recurred");
            walk(&child, depth - 1);
        }
    }
    walk(&start, 10);
}

// ---------------------------------------------------------------------------
// Transcripts
// ---------------------------------------------------------------------------

#[test]
fn zodiac_games_as_text() {
    let game = game();
    for seed in [1, 2, 3] {
        let text = record_text(&game.initial_state(), seed);
        insta::assert_snapshot!(format!("seed_{seed}"), text);
    }
}

#[test]
fn zodiac_game_as_json_lines() {
    let game = game();
    let lines = record(&game.initial_state(), 42);
    let header = &lines[0];
    assert_eq!(header["game"], "Zodiac");
    assert_eq!(header["seed"], 42);
    assert_eq!(header["players"], serde_json::json!(["black", "white"]));
    let last = lines.last().expect("at least a header and a last line");
    let outcome = &last["outcome"];
    assert!(outcome.is_object(), "the game ended: {last}");
    assert!(outcome["reason"].is_string());
    assert_eq!(outcome["draw"], false, "Zodiac has no draws");
    assert!(outcome["winner"] == "black" || outcome["winner"] == "white");
    assert_eq!(last["ply"], (lines.len() - 2) as u64);
    let text: Vec<String> = lines.iter().map(Value::to_string).collect();
    insta::assert_snapshot!("seed_42_json", text.join("\n"));
}

#[test]
fn json_transcripts_keep_every_piece_and_replay() {
    // Nothing is ever captured: every board in every transcript has the six
    // discs and the two neutrals. Each transcript replays move by move.
    let game = game();
    for seed in 0..50 {
        let lines = record(&game.initial_state(), seed);
        let mut state = game.initial_state();
        for (k, line) in lines[1..lines.len() - 1].iter().enumerate() {
            assert_eq!(line["ply"], k as u64);
            assert_eq!(line["phase"], "play");
            let board = line["board"].as_object().expect("a board");
            assert_eq!(board.len(), 8, "seed {seed}, ply {k}");
            let neutrals = board.values().filter(|v| v[0] == "neutral neutral").count();
            assert_eq!(neutrals, 2);
            assert!(board.values().all(|v| v.as_array().unwrap().len() == 1
                && ["black disc", "white disc", "neutral neutral"].contains(&v[0].as_str().unwrap())));
            assert_eq!(game.players[state.current_player() as usize], line["to_move"].as_str().unwrap());
            assert_eq!(line["legal"].as_u64().unwrap() as usize, legal(&state).len());
            play(&mut state, line["move"].as_str().unwrap());
        }
        let outcome = state.outcome().expect("the game ended");
        let recorded = &lines.last().unwrap()["outcome"];
        assert_eq!(outcome.winner.as_deref(), recorded["winner"].as_str());
        assert_eq!(outcome.reason, recorded["reason"].as_str().unwrap());
    }
}

// ---------------------------------------------------------------------------
// Properties
// ---------------------------------------------------------------------------

#[test]
fn random_playouts_end_within_200_plies() {
    // Repetition loses, so a game cannot go on forever; the spec's own
    // 20,000 random games lasted at most 40 plies. 200 is a generous bound.
    let game = game();
    let mut buf = Vec::new();
    let mut longest = 0;
    for seed in 0..2000 {
        let mut state = game.initial_state();
        let mut rng = PlayoutRng::seed_from_u64(seed);
        let result = random_playout(&mut state, &mut rng, &mut buf);
        assert!(result.outcome.is_some(), "seed {seed}: the game did not end");
        assert!(result.plies <= 200, "seed {seed}: {} plies", result.plies);
        longest = longest.max(result.plies);
    }
    assert!(longest >= 2, "{longest}");
}

#[test]
fn the_incremental_hash_equals_a_fresh_one_at_every_ply() {
    let game = game();
    let mut moves = Vec::new();
    for seed in 0..200 {
        let mut state = game.initial_state();
        let mut rng = PlayoutRng::seed_from_u64(seed ^ 0x5eed);
        assert_eq!(state.hash(), state.compute_hash());
        while !state.is_over() {
            state.legal_moves(&mut moves);
            let mv = moves[rng.gen_range(0..moves.len())];
            state.apply(&mv);
            assert_eq!(state.hash(), state.compute_hash(), "seed {seed}, ply {}", state.ply());
        }
    }
}

// ---------------------------------------------------------------------------
// Random games against a reference model written from the spec
// ---------------------------------------------------------------------------

/// The twelve points, apexes first.
const SITES: [&str; 12] =
    ["A090", "A210", "A330", "B030", "B150", "B270", "I000", "I060", "I120", "I180", "I240", "I300"];

/// The spec's jump table, from over to.
const JUMPS: [(&str, &str, &str); 24] = [
    ("A090", "I120", "I180"),
    ("A090", "I060", "I000"),
    ("A210", "I180", "I120"),
    ("A210", "I240", "I300"),
    ("A330", "I300", "I240"),
    ("A330", "I000", "I060"),
    ("B270", "I300", "I000"),
    ("B270", "I240", "I180"),
    ("B030", "I000", "I300"),
    ("B030", "I060", "I120"),
    ("B150", "I120", "I060"),
    ("B150", "I180", "I240"),
    ("I000", "I060", "A090"),
    ("I000", "I300", "B270"),
    ("I060", "I000", "A330"),
    ("I060", "I120", "B150"),
    ("I120", "I180", "A210"),
    ("I120", "I060", "B030"),
    ("I180", "I120", "A090"),
    ("I180", "I240", "B270"),
    ("I240", "I300", "A330"),
    ("I240", "I180", "B150"),
    ("I300", "I240", "A210"),
    ("I300", "I000", "B030"),
];

#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
enum Cell {
    Empty,
    Disc(u8),
    Neutral,
}

fn index(name: &str) -> usize {
    SITES.iter().position(|s| *s == name).expect("a Zodiac point")
}

fn is_apex(site: usize) -> bool {
    site < 6
}

/// The two hexagon neighbours of an inner point.
fn hexagon_neighbours(site: usize) -> [usize; 2] {
    let k = site - 6;
    [6 + (k + 1) % 6, 6 + (k + 5) % 6]
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum End {
    Centre,
    Repetition,
    NoMove,
}

#[derive(Clone)]
struct Model {
    cells: [Cell; 12],
    to_move: u8,
    /// ZO-7: consecutive neutral plies.
    neutral_plies: i64,
    /// ZO-6: the previous ply's neutral move, if it was one.
    last_neutral: Option<(usize, usize)>,
    /// ZO-8: positions seen (cells and player to move), the start included.
    seen: Vec<([Cell; 12], u8)>,
    over: Option<(u8, End)>,
}

/// What random play reached, to show each rule was exercised.
#[derive(Default, Debug)]
struct Seen {
    centre_wins: u32,
    centre_wins_for_opponent: u32,
    centre_draws_continued: u32,
    repetitions: u32,
    no_moves: u32,
    own_flips: u32,
    enemy_flips: u32,
    neutral_jumps: u32,
    back_bans: u32,
    third_ply_bans: u32,
}

/// A move: (from, to, over) where over is the jumped point of a disc jump.
type ModelMove = (usize, usize, Option<usize>);

impl Model {
    fn new() -> Model {
        let mut cells = [Cell::Empty; 12];
        for s in ["A090", "A210", "A330"] {
            cells[index(s)] = Cell::Disc(BLACK);
        }
        for s in ["B030", "B150", "B270"] {
            cells[index(s)] = Cell::Disc(WHITE);
        }
        for s in ["I000", "I180"] {
            cells[index(s)] = Cell::Neutral;
        }
        Model { cells, to_move: BLACK, neutral_plies: 0, last_neutral: None, seen: vec![(cells, BLACK)], over: None }
    }

    fn moves(&self, seen: &mut Seen) -> Vec<ModelMove> {
        let mut out = Vec::new();
        let p = self.to_move;
        // ZO-2, ZO-4: a disc of the mover's colour jumps an occupied point
        // to the empty point beyond; onto an apex never over a neutral.
        for (from, over, to) in JUMPS {
            let (from, over, to) = (index(from), index(over), index(to));
            if self.cells[from] != Cell::Disc(p) || self.cells[over] == Cell::Empty || self.cells[to] != Cell::Empty {
                continue;
            }
            if is_apex(to) && self.cells[over] == Cell::Neutral {
                continue;
            }
            out.push((from, to, Some(over)));
        }
        // ZO-5, ZO-6, ZO-7: neutral steps along the hexagon.
        for from in 6..12 {
            if self.cells[from] != Cell::Neutral {
                continue;
            }
            for to in hexagon_neighbours(from) {
                if self.cells[to] != Cell::Empty {
                    continue;
                }
                if self.neutral_plies >= 2 {
                    seen.third_ply_bans += 1;
                    continue;
                }
                if self.last_neutral == Some((to, from)) {
                    seen.back_bans += 1;
                    continue;
                }
                out.push((from, to, None));
            }
        }
        out
    }

    fn texts(&self) -> Vec<String> {
        if self.over.is_some() {
            return Vec::new();
        }
        let mut texts: Vec<String> =
            self.moves(&mut Seen::default()).iter().map(|(f, t, _)| format!("{}-{}", SITES[*f], SITES[*t])).collect();
        texts.sort();
        texts
    }

    fn count(&self, p: u8) -> usize {
        self.cells.iter().filter(|c| **c == Cell::Disc(p)).count()
    }

    fn apply(&mut self, (from, to, over): ModelMove, seen: &mut Seen) {
        let mover = self.to_move;
        let piece = self.cells[from];
        self.cells[from] = Cell::Empty;
        self.cells[to] = piece;
        match over {
            Some(o) => {
                // ZO-3: the jumped piece is turned over.
                match self.cells[o] {
                    Cell::Disc(q) if q == mover => {
                        seen.own_flips += 1;
                        self.cells[o] = Cell::Disc(1 - q);
                    }
                    Cell::Disc(q) => {
                        seen.enemy_flips += 1;
                        self.cells[o] = Cell::Disc(1 - q);
                    }
                    _ => seen.neutral_jumps += 1,
                }
                self.neutral_plies = 0;
                self.last_neutral = None;
            }
            None => {
                self.neutral_plies += 1;
                self.last_neutral = Some((from, to));
            }
        }
        self.to_move = 1 - mover;
        // The binding order: (i) full centre with unequal counts,
        // (ii) repetition, (iii) no legal move.
        if (6..12).all(|s| self.cells[s] != Cell::Empty) {
            let (b, w) = (self.count(BLACK), self.count(WHITE));
            if b != w {
                let winner = if b > w { BLACK } else { WHITE };
                self.over = Some((winner, End::Centre));
                seen.centre_wins += 1;
                if winner != mover {
                    seen.centre_wins_for_opponent += 1;
                }
                return;
            }
            seen.centre_draws_continued += 1;
        }
        let key = (self.cells, self.to_move);
        if self.seen.contains(&key) {
            self.over = Some((1 - mover, End::Repetition));
            seen.repetitions += 1;
            return;
        }
        self.seen.push(key);
        if self.moves(&mut Seen::default()).is_empty() {
            self.over = Some((mover, End::NoMove));
            seen.no_moves += 1;
        }
    }
}

fn compare(model: &Model, state: &State, context: &str) {
    let game = state.game();
    assert_eq!(legal(state), model.texts(), "legal moves, {context}\n{}", picture(state));
    for (i, name) in SITES.iter().enumerate() {
        let code = state.cell(game.board.site(name).expect("a Zodiac point"));
        let engine = match code {
            0 => Cell::Empty,
            c if game.owner_of(c) == game.neutral() => Cell::Neutral,
            c => Cell::Disc(game.owner_of(c)),
        };
        assert_eq!(engine, model.cells[i], "{name}, {context}");
    }
    assert_eq!(neutral_plies(state), model.neutral_plies, "neutral_plies, {context}");
    match (model.over, state.outcome()) {
        (None, None) => assert_eq!(state.current_player(), model.to_move, "player to move, {context}"),
        (Some((winner, end)), Some(outcome)) => {
            assert_eq!(outcome.winner.as_deref(), Some(game.players[winner as usize].as_str()), "{context}");
            let reason = match end {
                End::Centre => CENTRE,
                End::Repetition => REPEATED,
                End::NoMove => NO_MOVE,
            };
            assert!(outcome.reason.contains(reason), "`{}` for {end:?}, {context}", outcome.reason);
        }
        (expected, got) => panic!("outcome: model {expected:?}, engine {got:?}, {context}"),
    }
}

/// xorshift64: a fixed, engine-independent source of choices.
fn next_random(seed: &mut u64) -> u64 {
    *seed ^= *seed << 13;
    *seed ^= *seed >> 7;
    *seed ^= *seed << 17;
    *seed
}

#[test]
fn random_games_agree_with_a_reference_model_of_the_spec() {
    let game = game();
    let mut seen = Seen::default();
    let mut seed = 0x9e37_79b9_7f4a_7c15_u64;
    for g in 0..3000 {
        let mut model = Model::new();
        let mut state = game.initial_state();
        compare(&model, &state, "at the start");
        let mut ply = 0;
        while model.over.is_none() {
            let moves = model.moves(&mut seen);
            let mv = moves[(next_random(&mut seed) % moves.len() as u64) as usize];
            let text = format!("{}-{}", SITES[mv.0], SITES[mv.1]);
            play(&mut state, &text);
            model.apply(mv, &mut seen);
            ply += 1;
            compare(&model, &state, &format!("game {g}, ply {ply} after {text}"));
            assert!(ply <= 200, "game {g} is too long");
        }
    }
    // Random play must have reached every rule for this to mean anything.
    assert!(seen.centre_wins > 0, "{seen:?}");
    assert!(seen.centre_wins_for_opponent > 0, "{seen:?}");
    assert!(seen.centre_draws_continued > 0, "{seen:?}");
    assert!(seen.repetitions > 0, "{seen:?}");
    assert!(seen.no_moves > 0, "{seen:?}");
    assert!(seen.own_flips > 0, "{seen:?}");
    assert!(seen.enemy_flips > 0, "{seen:?}");
    assert!(seen.neutral_jumps > 0, "{seen:?}");
    assert!(seen.back_bans > 0, "{seen:?}");
    assert!(seen.third_ply_bans > 0, "{seen:?}");
}
