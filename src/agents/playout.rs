//! Random playouts: uniformly random legal moves until the game ends, with
//! a named seeded generator so a seed gives the same game everywhere.

use crate::board::SiteSet;
use crate::engine::kernel::{Kernel, KernelPosition};
use crate::engine::outcome::OutcomeCode;
use crate::engine::state::{Move, State};
use crate::with_width;
use rand::Rng;
pub use rand_xoshiro::Xoshiro256PlusPlus as PlayoutRng;

/// A cap on playout length, far beyond what the games' own end rules allow;
/// reaching it is reported, never hidden.
pub const MAX_PLIES: u32 = 100_000;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PlayoutResult {
    pub plies: u32,
    /// `None` when the cap was reached before the game ended.
    pub outcome: Option<OutcomeCode>,
}

/// A random legal move: uniformly among a player's moves, by probability
/// among the chance player's (each throw by how many throws give it).
/// `moves` are the legal moves of `state` and not empty.
pub fn pick(state: &State, moves: &[Move], rng: &mut impl Rng) -> Move {
    if !moves[0].is_chance() {
        return moves[rng.gen_range(0..moves.len())];
    }
    let total: u32 = moves.iter().map(|m| state.weight(m)).sum();
    let mut roll = rng.gen_range(0..total.max(1));
    for mv in moves {
        let weight = state.weight(mv);
        if roll < weight {
            return *mv;
        }
        roll -= weight;
    }
    moves[moves.len() - 1]
}

/// Plays `state` out with random moves; `buf` is reused between calls.
pub fn random_playout<R: Rng + Clone>(state: &mut State, rng: &mut R, buf: &mut Vec<Move>) -> PlayoutResult {
    let start = state.ply();
    // The blocked rule runs only when a player turns out to have no move:
    // the same game as `apply` plays, without a search for a first move each ply.
    // Likewise, end rules that read `blocked` wait for the next draw.
    let mut last_mover = None;
    let mut pending = None;
    loop {
        if let Some(outcome) = state.pos.outcome {
            return PlayoutResult { plies: state.ply() - start, outcome: Some(outcome) };
        }
        if state.ply() - start >= MAX_PLIES {
            if let Some(pending) = pending.take() {
                state.legal_moves(buf);
                if buf.is_empty() {
                    state.settle_pending(pending);
                }
            }
            return PlayoutResult { plies: state.ply() - start, outcome: state.pos.outcome };
        }
        // `apply` would have ended a game the pending rules end, before any
        // draw: a failed draw then leaves the generator as it found it.
        let before_draw = pending.is_some().then(|| rng.clone());
        // Most plies of most games: the move drawn without listing the others.
        let drawn = match state.draw_move(|n| rng.gen_range(0..n)) {
            Some(mv) => Some(mv),
            // With royal pieces: the royal test for the drawn moves only.
            None => state.draw_checked_move(buf, |n| rng.gen_range(0..n)),
        };
        if let Some(mv) = drawn {
            let (mover, waiting) = state.apply_deferring(&mv);
            (last_mover, pending) = (Some(mover), waiting);
            continue;
        }
        state.legal_moves(buf);
        if buf.is_empty() {
            if let Some(pending) = pending.take() {
                state.settle_pending(pending);
                if state.pos.outcome.is_some() {
                    if let Some(before) = before_draw {
                        *rng = before;
                    }
                    continue;
                }
            }
            let Some(mover) = last_mover.take() else {
                // A settled state never lacks moves; guard anyway.
                return PlayoutResult { plies: state.ply() - start, outcome: None };
            };
            state.settle_turn(mover);
            continue;
        }
        let mv = pick(state, buf, rng);
        let (mover, waiting) = state.apply_deferring(&mv);
        (last_mover, pending) = (Some(mover), waiting);
    }
}

/// Totals over many playouts.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct BatchStats {
    pub playouts: u64,
    pub plies: u64,
    /// Wins per player, by index.
    pub wins: Vec<u64>,
    pub draws: u64,
    /// Playouts stopped by `MAX_PLIES` (should stay 0).
    pub unfinished: u64,
}

impl BatchStats {
    pub fn add(&mut self, other: &BatchStats) {
        self.playouts += other.playouts;
        self.plies += other.plies;
        for (w, o) in self.wins.iter_mut().zip(&other.wins) {
            *w += o;
        }
        self.draws += other.draws;
        self.unfinished += other.unfinished;
    }
}

/// Playouts are dealt out in chunks, each with its own generator seeded from
/// (seed, chunk), so the totals do not depend on the number of threads.
const CHUNK: u64 = 64;

/// Which engine plays the playouts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlayoutEngine {
    /// The playout kernel where the game allows it (`engine::kernel`),
    /// else the general engine: the same games either way.
    Auto,
    /// Always the general engine (to compare the two).
    General,
}

/// Runs `playouts` random playouts from `start`, in parallel on `threads` threads.
pub fn run_batch(start: &State, playouts: u64, seed: u64, threads: usize) -> BatchStats {
    run_batch_reporting(start, playouts, seed, threads, PlayoutEngine::Auto, &|_| {})
}

/// `run_batch` on the chosen engine, telling `progress` how many playouts
/// each chunk finished (once a chunk, from whichever thread ran it: cheap
/// enough for a progress bar).
pub fn run_batch_reporting(
    start: &State,
    playouts: u64,
    seed: u64,
    threads: usize,
    engine: PlayoutEngine,
    progress: &(dyn Fn(u64) + Sync),
) -> BatchStats {
    with_width!(start.game().board.width, S => {
        let kernel = match engine {
            PlayoutEngine::Auto => Kernel::<S>::for_state(start),
            PlayoutEngine::General => None,
        };
        run_batch_on(start, playouts, seed, threads, kernel.as_ref(), 0..playouts.div_ceil(CHUNK), progress)
    })
}

/// How many chunks `playouts` playouts are dealt out in.
pub fn chunks_of(playouts: u64) -> u64 {
    playouts.div_ceil(CHUNK)
}

/// The chunks `chunks` (of `chunks_of(playouts)`) of the batch `run_batch`
/// plays: batches of the parts, added up, are the whole batch's figures, so
/// the work can be shared out over processes or machines.
pub fn run_batch_chunks(
    start: &State,
    playouts: u64,
    seed: u64,
    threads: usize,
    chunks: std::ops::Range<u64>,
) -> BatchStats {
    let chunks = chunks.start.min(chunks_of(playouts))..chunks.end.min(chunks_of(playouts));
    with_width!(start.game().board.width, S => {
        let kernel = Kernel::<S>::for_state(start);
        run_batch_on(start, playouts, seed, threads, kernel.as_ref(), chunks, &|_| {})
    })
}

/// Random playouts from positions of one game, on the kernel when the game
/// and the position allow it, else on the general engine: the same games
/// either way (for agents that play many playouts from many positions).
pub struct Rollouts {
    kernel: Option<Box<dyn KernelRun>>,
    buf: Vec<Move>,
}

/// A kernel at its game's set width, with its scratch position.
trait KernelRun: Send {
    fn run(&mut self, start: &State, rng: &mut PlayoutRng) -> Option<(u32, Option<OutcomeCode>)>;
}

impl<S: SiteSet> KernelRun for (Kernel<S>, KernelPosition<S>) {
    fn run(&mut self, start: &State, rng: &mut PlayoutRng) -> Option<(u32, Option<OutcomeCode>)> {
        let (kernel, kpos) = self;
        kernel.takes(start).then(|| kernel.playout(start, kpos, rng, MAX_PLIES))
    }
}

impl Rollouts {
    pub fn new(game: &crate::Game) -> Rollouts {
        let kernel = with_width!(game.board.width, S => {
            Kernel::<S>::for_game(game).map(|k| Box::new((k, KernelPosition::<S>::default())) as Box<dyn KernelRun>)
        });
        Rollouts { kernel, buf: Vec::with_capacity(64) }
    }

    /// A random playout from `state`: its length and outcome (`None`: the
    /// cap was reached). The general engine plays it out in `state`; the
    /// kernel leaves `state` as it was: read the result, not the state.
    pub fn play(&mut self, state: &mut State, rng: &mut PlayoutRng) -> PlayoutResult {
        if let Some((plies, outcome)) = self.kernel.as_mut().and_then(|k| k.run(state, rng)) {
            return PlayoutResult { plies, outcome };
        }
        random_playout(state, rng, &mut self.buf)
    }
}

/// Whether `run_batch` plays this start position's playouts on the kernel.
pub fn runs_on_kernel(start: &State) -> bool {
    with_width!(start.game().board.width, S => Kernel::<S>::for_state(start).is_some())
}

fn run_batch_on<S: SiteSet>(
    start: &State,
    playouts: u64,
    seed: u64,
    threads: usize,
    kernel: Option<&Kernel<S>>,
    chunks: std::ops::Range<u64>,
    progress: &(dyn Fn(u64) + Sync),
) -> BatchStats {
    use rand::SeedableRng;
    use rayon::prelude::*;
    let players = start.game().players.len();
    let work = |chunk: u64| {
        let mut rng = PlayoutRng::seed_from_u64(seed ^ chunk.wrapping_mul(0x9E37_79B9_7F4A_7C15));
        let mut stats = BatchStats { wins: vec![0; players], ..Default::default() };
        let mut state = start.clone();
        let base = kernel.map(|kernel| kernel.position(start)).unwrap_or_default();
        let mut buf = Vec::with_capacity(64);
        let count = CHUNK.min(playouts - chunk * CHUNK);
        for _ in 0..count {
            let result = match kernel {
                Some(kernel) => {
                    let mut kpos = base;
                    let (plies, outcome) = kernel.play_out(&mut kpos, &mut rng, MAX_PLIES);
                    PlayoutResult { plies, outcome }
                }
                None => {
                    state.clone_from(start);
                    random_playout(&mut state, &mut rng, &mut buf)
                }
            };
            stats.playouts += 1;
            stats.plies += result.plies as u64;
            match result.outcome {
                Some(o) => match o.winner {
                    Some(w) => stats.wins[w as usize] += 1,
                    None => stats.draws += 1,
                },
                None => stats.unfinished += 1,
            }
        }
        progress(count);
        stats
    };
    let merge = |mut a: BatchStats, b: BatchStats| {
        a.add(&b);
        a
    };
    let empty = || BatchStats { wins: vec![0; players], ..Default::default() };
    if threads <= 1 {
        return chunks.map(work).fold(empty(), merge);
    }
    match rayon::ThreadPoolBuilder::new().num_threads(threads).build() {
        Ok(pool) => pool.install(|| chunks.into_par_iter().map(work).reduce(empty, merge)),
        Err(_) => chunks.map(work).fold(empty(), merge),
    }
}
