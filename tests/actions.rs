//! Moves as numbers (`formats::actions`) and positions as numbers
//! (`formats::observation`), as the Python package hands them to OpenSpiel
//! and PettingZoo: along seeded random games of every bundled game and
//! variant, each legal move has its own number below the space's size, the
//! number decodes to the move, and the observation has the layout's length
//! with the pieces where the board has them.

use orrery::agents::{Agent, RandomAgent};
use orrery::formats::actions::ActionSpace;
use orrery::formats::observation::{Layout, observe};
use orrery::game::Game;

fn bundled() -> Vec<std::path::PathBuf> {
    let mut files = Vec::new();
    for folder in ["games", "games/variants"] {
        for entry in std::fs::read_dir(folder).unwrap() {
            let path = entry.unwrap().path();
            if path.extension().is_some_and(|e| e == "rules") {
                files.push(path);
            }
        }
    }
    files.sort();
    files
}

#[test]
fn every_legal_move_has_its_own_number_and_decodes_to_it() {
    let mut checked = 0;
    for file in bundled() {
        let game = Game::load(&file).unwrap();
        let space = ActionSpace::of(&game);
        let layout = Layout::of(&game);
        let mut observation = vec![0.0f32; layout.len];
        let mut state = game.initial_state();
        let mut agent = RandomAgent::new(11);
        let mut moves = Vec::new();
        for _ in 0..150 {
            if state.is_over() {
                break;
            }
            state.legal_moves(&mut moves);
            let numbers = space.numbers(&state, &moves).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
            let mut sorted = numbers.clone();
            sorted.sort_unstable();
            sorted.dedup();
            assert_eq!(sorted.len(), moves.len(), "{}: two moves share a number", file.display());
            for (i, (mv, &n)) in moves.iter().zip(&numbers).enumerate() {
                assert!(n < space.size(), "{}: {n} is not below {}", file.display(), space.size());
                // Decoding lists the moves again: a few of each position.
                if i % (moves.len() / 4).max(1) == 0 {
                    assert_eq!(space.decode(&state, n), Some(*mv), "{}", file.display());
                }
            }
            observe(&state, &layout, &mut observation);
            let on_board: f32 = observation[..layout.hands].iter().sum();
            let pieces: u32 = (0..game.board.site_count()).map(|s| state.position().pieces_on(s as u16)).sum();
            assert_eq!(on_board as u32, pieces, "{}: the planes count the pieces on the board", file.display());
            assert_eq!(observation[layout.to_move..layout.phase].iter().sum::<f32>(), 1.0);
            checked += 1;
            let mv = agent.choose(&state).unwrap();
            state.apply(&mv);
        }
    }
    assert!(checked > 1000, "{checked} positions");
}

/// A number no legal move has decodes to nothing.
#[test]
fn a_number_of_no_legal_move_decodes_to_nothing() {
    let game = Game::load("games/chess.rules").unwrap();
    let space = ActionSpace::of(&game);
    let state = game.initial_state();
    let mut moves = Vec::new();
    state.legal_moves(&mut moves);
    let numbers = space.numbers(&state, &moves).unwrap();
    let unused = (0..space.size()).find(|n| !numbers.contains(n)).unwrap();
    assert_eq!(space.decode(&state, unused), None);
    assert_eq!(space.decode(&state, space.size() + 5), None);
}

/// A move keeps its number from one position to the next, and the number is
/// read off its parts as documented: `g1-f3` in chess is
/// `(from * 64 + to) * THEN * CHOICES` with from g1 = 6, to f3 = 21.
#[test]
fn a_move_keeps_its_number() {
    let game = Game::load("games/chess.rules").unwrap();
    let space = ActionSpace::of(&game);
    let number_of = |state: &orrery::State, text: &str| {
        let mut moves = Vec::new();
        state.legal_moves(&mut moves);
        let numbers = space.numbers(state, &moves).unwrap();
        let at = moves.iter().position(|m| state.move_text(m) == text).unwrap();
        numbers[at]
    };
    let start = game.initial_state();
    let mut later = start.clone();
    for m in ["b1-c3", "g8-f6"] {
        later.play(m).unwrap();
    }
    assert_eq!(number_of(&start, "g1-f3"), number_of(&later, "g1-f3"));
    assert_eq!(number_of(&start, "g1-f3"), (6 * 64 + 21) * space.then * space.choices);
    assert_ne!(number_of(&start, "e2-e4"), number_of(&start, "e2-e3"));
}
