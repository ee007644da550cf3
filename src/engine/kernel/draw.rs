//! The kernel's draw of a move: `rng.gen_range(0..n)` exactly as rand
//! draws it, from the same numbers, so that the kernel plays the general
//! engine's games.
//!
//! Rand rejects a draw that would bias the result, and for a small `n` it
//! rejects up to half of them: a loop whose exit no predictor learns, about
//! half a mispredicted branch a ply. Here the first two draws are made
//! either way and the right one kept without a branch; only when both are
//! rejected (a quarter of the time at worst, far less for most `n`) does a
//! loop go on.

use rand::RngCore;
use std::hint::select_unpredictable as choose;

/// A number below `n` (above 0), as `rng.gen_range(0..n)` for `usize` on a
/// 64-bit target: the same result, and `rng` left where it leaves it.
#[inline(always)]
pub fn below<R: RngCore + Clone>(rng: &mut R, n: usize) -> usize {
    let range = n as u64;
    // rand 0.8's zone: the largest multiple of `range` shifted to the top, less one.
    let zone = (range << range.leading_zeros()).wrapping_sub(1);
    let split = |draw: u64| {
        let wide = draw as u128 * range as u128;
        ((wide >> 64) as usize, wide as u64)
    };
    let (first, first_low) = split(rng.next_u64());
    let after_first = rng.clone();
    let (second, second_low) = split(rng.next_u64());
    let first_taken = first_low <= zone;
    // One comparison for "either is taken", so that it stays one branch.
    if first_low.min(second_low) <= zone {
        *rng = choose(first_taken, after_first, rng.clone());
        return choose(first_taken, first, second);
    }
    loop {
        let (value, low) = split(rng.next_u64());
        if low <= zone {
            return value;
        }
    }
}
