//! perft: the number of legal move sequences of a given length. States and
//! move buffers are reused per depth, so the count allocates only at the start.
//! Each child's moves are listed once: whether its player is blocked (for
//! end rules and blocked rules) is read off that list, not searched for.

use crate::engine::state::{Move, State};
use std::time::Instant;

/// The deepest count asked for anywhere (the CLI, scenario files): the count
/// keeps one position a ply and recurses as deep.
pub const MAX_DEPTH: u32 = 64;

pub fn perft(state: &State, depth: u32) -> u64 {
    counted(state, depth, &mut || true).unwrap_or(0)
}

/// `perft`, or `None` when `deadline` passes first: the clock is read
/// before each position's moves are listed (`check`'s smoke run, which
/// keeps to a time budget on any board).
pub fn perft_until(state: &State, depth: u32, deadline: Instant) -> Option<u64> {
    counted(state, depth, &mut || Instant::now() < deadline)
}

/// The count to `depth`, or `None` as soon as `go_on` says to stop.
fn counted(state: &State, depth: u32, go_on: &mut impl FnMut() -> bool) -> Option<u64> {
    if depth == 0 {
        return Some(1);
    }
    let mut buffers = vec![Vec::with_capacity(64); depth as usize];
    let mut states = vec![state.clone(); depth as usize];
    state.legal_moves(&mut buffers[0]);
    count(state, &mut buffers, &mut states, go_on)
}

/// `perft`, calling `progress(done, of)` after counting under each first
/// move (for a progress bar; the count is the same).
pub fn perft_reporting(state: &State, depth: u32, progress: &mut dyn FnMut(usize, usize)) -> u64 {
    if depth <= 1 {
        return perft(state, depth);
    }
    let mut buffers = vec![Vec::with_capacity(64); depth as usize];
    let mut states = vec![state.clone(); depth as usize];
    state.legal_moves(&mut buffers[0]);
    let (moves, deeper_buffers) = buffers.split_first_mut().expect("depth at least 2");
    let (child, deeper_states) = states.split_first_mut().expect("one state per depth");
    let mut total = 0;
    for (i, mv) in moves.iter().enumerate() {
        child.clone_from(state);
        child.apply_listing(mv, &mut deeper_buffers[0]);
        total += count(child, deeper_buffers, deeper_states, &mut || true).unwrap_or(0);
        progress(i + 1, moves.len());
    }
    total
}

/// The count below `state`, whose legal moves are in `buffers[0]`; `None`
/// once `go_on` says to stop (never, for a `go_on` always true).
fn count(
    state: &State,
    buffers: &mut [Vec<Move>],
    states: &mut [State],
    go_on: &mut impl FnMut() -> bool,
) -> Option<u64> {
    let (moves, deeper_buffers) = buffers.split_first_mut().expect("depth at least 1");
    if deeper_buffers.is_empty() {
        return Some(moves.len() as u64);
    }
    let (child, deeper_states) = states.split_first_mut().expect("one state per depth");
    let mut total = 0;
    for mv in moves.iter() {
        if !go_on() {
            return None;
        }
        child.clone_from(state);
        child.apply_listing(mv, &mut deeper_buffers[0]);
        total += count(child, deeper_buffers, deeper_states, go_on)?;
    }
    Some(total)
}

/// perft split by first move, as `(move text, count)`, for finding where two
/// implementations disagree.
pub fn divide(state: &State, depth: u32) -> Vec<(String, u64)> {
    let mut moves = Vec::new();
    state.legal_moves(&mut moves);
    moves
        .iter()
        .map(|mv| {
            let mut child = state.clone();
            child.apply(mv);
            (state.move_text(mv), perft(&child, depth.saturating_sub(1)))
        })
        .collect()
}
