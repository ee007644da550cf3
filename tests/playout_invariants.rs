//! Random playouts of every bundled game and variant, checked: the hash
//! kept incrementally equals one computed fresh from the position, the
//! pieces counted incrementally equal a count of the board, the pieces are
//! conserved as each game's rules say (`LAWS`), every playout ends or
//! reaches the cap (`MAX_PLIES`), and a seed gives the same games on one
//! thread and on two.
//!
//! Two paths are checked: `random_playout` (the playouts of `orrery bench`,
//! which draws most moves without listing them), checked where each
//! playout ends, and a ply-by-ply game of listed legal moves (`apply`, as
//! `play` and `replay` go), checked after every ply.
//!
//! The default run plays `SHORT` playouts a game; the long run, `LONG` (see
//! `long_for`): `cargo test --release --test suite playout_invariants -- --ignored`.

use orrery::agents::playout::{MAX_PLIES, PlayoutRng, pick, random_playout, run_batch};
use orrery::engine::outcome::OutcomeCode;
use orrery::{Game, State};
use rand::SeedableRng;
use rayon::prelude::*;
use std::sync::Arc;
use std::time::Instant;

/// Playouts per game in the long run (`--ignored`), but see `long_for`.
const LONG: u64 = 100_000;
/// Playouts per game in the default run.
const SHORT: u64 = 20;
/// One playout in this many is also played ply by ply, checked at each ply.
const STEPPED_EVERY: u64 = 50;

/// How pieces are conserved, as a game's rules say: each ply changes the
/// total of pieces on the board, in the hands (the neutral supply among
/// them) and in the named counters by `least..=most`; with `ends_free`, the
/// ply that ends the game may change it otherwise (a last payout).
struct Law {
    least: i64,
    most: i64,
    counters: &'static [&'static str],
    ends_free: bool,
}

/// Placements from a hand, turning pieces over, a capture into a hand,
/// promotion by exchange: the total stays.
const SAME: Law = Law { least: 0, most: 0, counters: &[], ends_free: false };
/// Captures take pieces out of the game: the total never grows.
const NEVER_MORE: Law = Law { least: i64::MIN, most: 0, counters: &[], ends_free: false };

/// Every bundled game and variant, with its law.
const LAWS: &[(&str, Law)] = &[
    // A move shoots one arrow, from no hand.
    ("games/amazons.rules", Law { least: 1, most: 1, counters: &[], ends_free: false }),
    // A hit checker goes to the bar (its owner's hand); one borne off leaves.
    ("games/backgammon.rules", NEVER_MORE),
    ("games/breakthrough.rules", NEVER_MORE),
    ("games/chess.rules", NEVER_MORE),
    ("games/connect_four.rules", SAME),
    ("games/english_draughts.rules", NEVER_MORE),
    ("games/international_draughts.rules", NEVER_MORE),
    ("games/flying_obelisks.rules", NEVER_MORE),
    ("games/gomoku.rules", SAME),
    // Stones come from the hands; captured ones go back to them (`returns`).
    ("games/go.rules", SAME),
    ("games/hex.rules", SAME),
    // Seeds are sown and gathered into stores, never taken out of the game.
    ("games/kalah.rules", SAME),
    ("games/oware.rules", SAME),
    ("games/man_in_the_moon.rules", NEVER_MORE),
    // A captured piece goes to the capturer's hand; a drop takes it back out.
    ("games/minishogi.rules", SAME),
    ("games/reversi.rules", SAME),
    ("games/sun_and_moon.rules", NEVER_MORE),
    // Coins on the board plus the stakes and the pot: a coin placed is paid
    // from a stake, a line taken is paid to one; the winner of the last ply
    // may be paid coins that stay on the board.
    ("games/sun_moon_and_stars.rules", Law { least: 0, most: 0, counters: &["stake", "pot"], ends_free: true }),
    ("games/tablut.rules", NEVER_MORE),
    ("games/tic_tac_toe.rules", SAME),
    ("games/zodiac.rules", NEVER_MORE),
    ("games/variants/big_moon.rules", NEVER_MORE),
    ("games/variants/go_13x13.rules", SAME),
    ("games/variants/pockets.rules", Law { least: 0, most: 0, counters: &["stake", "pot"], ends_free: true }),
    ("games/variants/sun_and_moon_open_twilight.rules", NEVER_MORE),
    ("games/variants/zodiac_repetition_draw.rules", NEVER_MORE),
];

/// The long run's playouts for a game: `LONG`, or a tenth of it for the
/// games that play a few hundred playouts a second (minutes each otherwise).
fn long_for(rules: &str) -> u64 {
    let slow = ["sun_and_moon", "flying_obelisks", "sun_moon_and_stars", "pockets"];
    if slow.iter().any(|s| rules.contains(s)) { LONG / 10 } else { LONG }
}

/// Pieces on the board (every piece of every stack), in every hand and in
/// the counters the law names (a per-player counter `stake` is `stake_lo`,
/// `stake_hi`, …).
fn total(state: &State, law: &Law) -> i64 {
    let position = state.position();
    let game = state.game();
    let board: i64 = if game.stacks.is_some() {
        (0..game.board.site_count()).map(|s| position.stack(s as u16).len() as i64).sum()
    } else {
        // A heap counts each of its pieces.
        (0..game.board.site_count()).map(|s| position.pieces_on(s as u16) as i64).sum()
    };
    let hands: i64 = position.hands.iter().map(|&h| h as i64).sum();
    let counters: i64 = game
        .counters
        .iter()
        .zip(&position.counters)
        .filter(|(c, _)| law.counters.iter().any(|name| c.name == *name || c.name.starts_with(&format!("{name}_"))))
        .map(|(_, v)| v)
        .sum();
    board + hands + counters
}

/// What must hold in any position: the hash kept is a fresh one, and the
/// pieces counted are the pieces on the board.
fn check_position(state: &State) -> Result<(), String> {
    if state.hash() != state.compute_hash() {
        return Err(format!("the hash kept is {:x}, a fresh one {:x}", state.hash(), state.compute_hash()));
    }
    let game = state.game();
    let types = game.pieces.len();
    let position = state.position();
    let mut counts = vec![0u16; position.counts.len()];
    for site in 0..game.board.site_count() {
        let pieces: Vec<u16> = if game.stacks.is_some() {
            position.stack(site as u16).to_vec()
        } else {
            vec![position.cells[site]].into_iter().filter(|&c| c != 0).collect()
        };
        // A heap counts each of its pieces (1 for a single piece or a stack's).
        let each = if game.stacks.is_some() { 1 } else { position.pieces_on(site as u16) as u16 };
        for code in pieces {
            counts[game.owner_of(code) as usize * types + game.type_of(code) as usize] += each;
        }
    }
    if counts != position.counts {
        return Err(format!("pieces counted {:?}, on the board {counts:?}", position.counts));
    }
    Ok(())
}

/// The seed of playout `k` of a run seeded `seed`.
fn seed_of(seed: u64, k: u64) -> u64 {
    seed ^ k.wrapping_mul(0x9E37_79B9_7F4A_7C15)
}

/// What a playout came to: plies, outcome, final hash.
type Fingerprint = (u32, Option<OutcomeCode>, u64);

/// Playout `k`, by `random_playout`, checked where it ends.
fn playout(start: &State, law: &Law, seed: u64, k: u64) -> Result<Fingerprint, String> {
    let mut state = start.clone();
    let mut rng = PlayoutRng::seed_from_u64(seed_of(seed, k));
    let result = random_playout(&mut state, &mut rng, &mut Vec::new());
    let fail = |why: String| format!("playout {k} (seed {}), at ply {}: {why}", seed_of(seed, k), state.ply());
    if result.outcome.is_none() && result.plies < MAX_PLIES {
        return Err(fail(format!("stopped after {} plies, neither ended nor at the cap", result.plies)));
    }
    if result.outcome.is_some() != state.is_over() {
        return Err(fail("the playout's outcome is not the state's".to_string()));
    }
    check_position(&state).map_err(fail)?;
    let change = total(&state, law) - total(start, law);
    let plies = result.plies as i64;
    let (least, most) = (law.least.saturating_mul(plies), law.most.saturating_mul(plies));
    if !law.ends_free && !(least..=most).contains(&change) {
        return Err(fail(format!("the pieces changed by {change} in {plies} plies, outside {least}..={most}")));
    }
    Ok((result.plies, result.outcome, state.hash()))
}

/// Playout `k` ply by ply, by listed legal moves, checked at every ply.
fn stepped(start: &State, law: &Law, seed: u64, k: u64) -> Result<u32, String> {
    let mut state = start.clone();
    let mut rng = PlayoutRng::seed_from_u64(seed_of(seed, k));
    let mut moves = Vec::new();
    let fail = |state: &State, why: String| {
        format!("stepped playout {k} (seed {}), at ply {}: {why}", seed_of(seed, k), state.ply())
    };
    while !state.is_over() && state.ply() - start.ply() < MAX_PLIES {
        state.legal_moves(&mut moves);
        if moves.is_empty() {
            return Err(fail(&state, "no legal move, and the game goes on".to_string()));
        }
        let mv = pick(&state, &moves, &mut rng);
        let before = total(&state, law);
        state.apply(&mv);
        check_position(&state).map_err(|why| fail(&state, why))?;
        let change = total(&state, law) - before;
        let lawful = (law.least..=law.most).contains(&change) || (law.ends_free && state.is_over());
        if !lawful {
            return Err(fail(&state, format!("the pieces changed by {change}, outside {}..={}", law.least, law.most)));
        }
    }
    Ok(state.ply())
}

/// Playouts `0..n` on `threads` threads (in order, one after another on one).
fn playouts(start: &State, law: &Law, seed: u64, n: u64, threads: usize) -> Vec<Result<Fingerprint, String>> {
    if threads == 1 {
        return (0..n).map(|k| playout(start, law, seed, k)).collect();
    }
    let pool = rayon::ThreadPoolBuilder::new().num_threads(threads).build().expect("a pool");
    pool.install(|| (0..n).into_par_iter().map(|k| playout(start, law, seed, k)).collect())
}

/// What one game's run found, for the report.
struct Found {
    playouts: u64,
    stepped: u64,
    plies: u64,
    capped: u64,
}

fn check_game(rules: &str, law: &Law, n: u64) -> Result<Found, String> {
    let game: Arc<Game> = Game::load(rules).map_err(|e| e.to_string())?;
    let start = game.initial_state();
    check_position(&start)?;
    let seed = 0x5EED;
    // All playouts on two threads, checked where each ends.
    let results = playouts(&start, law, seed, n, 2);
    let mut fingerprints = Vec::with_capacity(results.len());
    for result in results {
        fingerprints.push(result?);
    }
    // The same seeds on one thread (a tenth of them, at least `SHORT`) give
    // the same games; and so do `run_batch`'s totals.
    let again = n.div_ceil(10).max(SHORT.min(n));
    let one: Result<Vec<Fingerprint>, String> = playouts(&start, law, seed, again, 1).into_iter().collect();
    if one? != fingerprints[..again as usize] {
        return Err("one thread and two threads give other games for the same seeds".to_string());
    }
    if run_batch(&start, again, seed, 1) != run_batch(&start, again, seed, 2) {
        return Err("run_batch gives other totals on one thread and on two".to_string());
    }
    // Some of them ply by ply, checked at every ply.
    let every = if n <= SHORT { 1 } else { STEPPED_EVERY };
    let chosen: Vec<u64> = (0..n).step_by(every as usize).collect();
    let pool = rayon::ThreadPoolBuilder::new().num_threads(2).build().expect("a pool");
    pool.install(|| chosen.par_iter().map(|&k| stepped(&start, law, seed, k)).collect::<Result<Vec<_>, _>>())?;
    let plies = fingerprints.iter().map(|f| f.0 as u64).sum();
    let capped = fingerprints.iter().filter(|f| f.1.is_none()).count() as u64;
    Ok(Found { playouts: n, stepped: chosen.len() as u64, plies, capped })
}

fn run(long: bool) {
    let mut failures = Vec::new();
    for (rules, law) in LAWS {
        let n = if long { long_for(rules) } else { SHORT };
        let began = Instant::now();
        match check_game(rules, law, n) {
            Ok(found) => eprintln!(
                "playouts: {rules}: {} playouts ({} also ply by ply), {} plies, {} at the cap, {:.1} s",
                found.playouts,
                found.stepped,
                found.plies,
                found.capped,
                began.elapsed().as_secs_f64()
            ),
            Err(why) => failures.push(format!("{rules}: {why}")),
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Every bundled game and variant has its law.
#[test]
fn every_bundled_game_has_a_law() {
    for folder in ["games", "games/variants"] {
        for entry in std::fs::read_dir(folder).expect("a folder") {
            let path = entry.expect("an entry").path().display().to_string();
            if path.ends_with(".rules") {
                assert!(LAWS.iter().any(|(rules, _)| *rules == path), "{path} has no law in LAWS");
            }
        }
    }
}

#[test]
fn playouts_keep_hash_pieces_and_seeds() {
    run(false);
}

#[test]
#[ignore = "minutes: cargo test --release --test suite playout_invariants -- --ignored"]
fn playouts_keep_hash_pieces_and_seeds_long_run() {
    run(true);
}
