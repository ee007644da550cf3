//! The computer opponents: the Monte Carlo tree search player must beat the
//! random player clearly, in games as different as Zodiac (short, tactical)
//! and Man in the Moon (long, positional); random against random wins about
//! half. Seeded, so the counts are exact
//! and the same on every machine.

use orrery::Game;
use orrery::agents::{Agent, MctsAgent, RandomAgent};
use std::sync::Arc;

/// Plays `games` games, the search player taking each side in turn; returns
/// (search wins, random wins, draws).
fn match_up(game: &Arc<Game>, games: u64, think: u32) -> (u32, u32, u32) {
    let (mut search_wins, mut random_wins, mut draws) = (0, 0, 0);
    for g in 0..games {
        let search_side = (g % 2) as u8;
        let mut search = MctsAgent::new(g, think);
        let mut random = RandomAgent::new(1000 + g);
        let mut state = game.initial_state();
        while !state.is_over() && state.ply() < 2000 {
            let agent: &mut dyn Agent = if state.current_player() == search_side { &mut search } else { &mut random };
            let mv = agent.choose(&state).expect("a live game has a move");
            state.apply(&mv);
        }
        match state.outcome().and_then(|o| o.winner) {
            Some(w) if game.player_index(&w) == Some(search_side) => search_wins += 1,
            Some(_) => random_wins += 1,
            None => draws += 1,
        }
    }
    (search_wins, random_wins, draws)
}

#[test]
fn search_beats_random_at_zodiac() {
    let game = Game::load("games/zodiac.rules").expect("bundled game");
    let (search, random, draws) = match_up(&game, 20, 300);
    assert!(search >= 17, "search {search}, random {random}, draws {draws}");
}

#[test]
fn search_beats_random_at_man_in_the_moon() {
    let game = Game::load("games/man_in_the_moon.rules").expect("bundled game");
    let (search, random, draws) = match_up(&game, 6, 200);
    assert!(search >= 5, "search {search}, random {random}, draws {draws}");
}

/// A batch of playouts played in parts (chunks shared out over processes or
/// machines, as the Python package does on Ray) adds up to the whole batch,
/// on the kernel (Man in the Moon) and on the general engine (chess).
#[test]
fn a_batch_played_in_parts_adds_up_to_the_whole() {
    use orrery::agents::playout::{BatchStats, chunks_of, run_batch, run_batch_chunks};
    for (file, playouts) in [("games/man_in_the_moon.rules", 1000), ("games/chess.rules", 150)] {
        let start = Game::load(file).unwrap().initial_state();
        let whole = run_batch(&start, playouts, 5, 1);
        let chunks = chunks_of(playouts);
        let mut parts = BatchStats { wins: vec![0; 2], ..Default::default() };
        for (a, b) in [(0, 1), (1, chunks / 2), (chunks / 2, chunks)] {
            parts.add(&run_batch_chunks(&start, playouts, 5, 2, a..b));
        }
        assert_eq!(parts, whole, "{file}");
        assert_eq!(whole.playouts, playouts);
        // A range past the end plays nothing more.
        assert_eq!(run_batch_chunks(&start, playouts, 5, 1, chunks..chunks + 3).playouts, 0);
    }
}
