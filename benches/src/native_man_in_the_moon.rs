//! Hand-written native implementation of "Man in the Moon".
//!
//! Used only as a benchmark reference (what plain native code does) and as an
//! independent cross-check of the interpreter (perft counts, playout
//! statistics). The library of the `orrery-benches` package.
//!
//! Board: 5x5, index = (rank-1)*5 + file, so a1=0, e1=4, c3=12, e5=24.
//! Each side is a `u32` bitboard; moves are generated into a fixed-size
//! array on the stack, so no allocation happens per move.
#![allow(dead_code)]

use rand::Rng;
use rand_xoshiro::Xoshiro256PlusPlus;

const SIZE: usize = 5;
const CELLS: usize = SIZE * SIZE;
const CENTER: u8 = 12; // c3, never a placement target
const FULL: u32 = (1 << CELLS) - 1;
const FILE_A: u32 = 0b00001_00001_00001_00001_00001;
const FILE_E: u32 = FILE_A << 4;
const MEN_PER_SIDE: u8 = 12;
const NO_CAPTURE_LIMIT: u8 = 20;
/// Each (empty target, approach direction) pair yields at most one move,
/// so 4 * 25 bounds the move count in every phase.
const MAX_MOVES: usize = 4 * CELLS;
/// "No square": off-board neighbour, or the `from` of a placement.
const NONE: u8 = u8::MAX;
const WHITE: usize = 0;
const BLACK: usize = 1;

/// `NEIGH[sq][dir]`: neighbour of `sq` towards N, E, S, W, or `NONE`.
const NEIGH: [[u8; 4]; CELLS] = build_neighbours();

const fn build_neighbours() -> [[u8; 4]; CELLS] {
    let mut t = [[NONE; 4]; CELLS];
    let mut sq = 0;
    while sq < CELLS {
        let (file, rank) = (sq % SIZE, sq / SIZE);
        if rank + 1 < SIZE {
            t[sq][0] = (sq + SIZE) as u8;
        }
        if file + 1 < SIZE {
            t[sq][1] = (sq + 1) as u8;
        }
        if rank > 0 {
            t[sq][2] = (sq - SIZE) as u8;
        }
        if file > 0 {
            t[sq][3] = (sq - 1) as u8;
        }
        sq += 1;
    }
    t
}

/// Squares orthogonally adjacent to any square of `set` (no edge wrap).
#[inline]
fn adjacent(set: u32) -> u32 {
    ((set << SIZE) | (set >> SIZE) | ((set << 1) & !FILE_A) | ((set >> 1) & !FILE_E)) & FULL
}

#[inline]
fn bit(sq: u8) -> u32 {
    1 << sq
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NativeResult {
    WhiteWins,
    BlackWins,
    Draw,
}

/// One move: a placement (`from == NONE`) or a shift `from -> to`.
#[derive(Clone, Copy, Debug, Default)]
struct Move {
    from: u8,
    to: u8,
}

#[derive(Clone, Debug)]
pub struct NativeMoon {
    /// Occupancy bitboards, indexed by `WHITE` / `BLACK`.
    men: [u32; 2],
    /// Men still in hand; the placement phase lasts while any remain.
    hand: [u8; 2],
    /// Movement plies since the last capture.
    no_capture: u8,
    /// `WHITE` or `BLACK`.
    to_move: usize,
    /// Variant option: slide any distance instead of one step.
    long_moves: bool,
    /// Plies played so far, placements included.
    plies: u32,
    /// `Some` once the game is over.
    result: Option<NativeResult>,
}

impl NativeMoon {
    pub fn new(long_moves: bool) -> Self {
        NativeMoon {
            men: [0; 2],
            hand: [MEN_PER_SIDE; 2],
            no_capture: 0,
            to_move: WHITE,
            long_moves,
            plies: 0,
            result: None,
        }
    }

    #[inline]
    fn placing(&self) -> bool {
        self.hand[WHITE] + self.hand[BLACK] > 0
    }

    #[inline]
    fn empty(&self) -> u32 {
        FULL & !(self.men[WHITE] | self.men[BLACK])
    }

    /// Whether `player` has any legal move in the current phase. A slide's
    /// first step is a one-square move, so both variants share this test.
    #[inline]
    fn has_moves(&self, player: usize) -> bool {
        if self.placing() { self.hand[player] > 0 } else { self.men[player] & adjacent(self.empty()) != 0 }
    }

    /// Writes the legal moves of the side to move into `out`, returns count.
    fn gen_moves(&self, out: &mut [Move; MAX_MOVES]) -> usize {
        let empty = self.empty();
        let mut n = 0;
        if self.placing() {
            let mut targets = empty & !bit(CENTER);
            while targets != 0 {
                out[n] = Move { from: NONE, to: targets.trailing_zeros() as u8 };
                n += 1;
                targets &= targets - 1;
            }
            return n;
        }
        let mut own = self.men[self.to_move];
        while own != 0 {
            let from = own.trailing_zeros() as u8;
            own &= own - 1;
            for (dir, &first) in NEIGH[from as usize].iter().enumerate() {
                // Walk over empty squares; short moves stop after one step.
                let mut sq = first;
                while sq != NONE && empty & bit(sq) != 0 {
                    out[n] = Move { from, to: sq };
                    n += 1;
                    if !self.long_moves {
                        break;
                    }
                    sq = NEIGH[sq as usize][dir];
                }
            }
        }
        n
    }

    /// Applies a legal move, resolves captures and end checks, and picks the
    /// next player.
    fn play(&mut self, mv: Move) {
        let me = self.to_move;
        let opp = me ^ 1;
        self.plies += 1;

        if mv.from == NONE {
            // Placement: no captures, no end checks.
            self.men[me] |= bit(mv.to);
            self.hand[me] -= 1;
        } else {
            self.men[me] ^= bit(mv.from) | bit(mv.to);

            // Custodian capture: a run of enemies closed by an own man.
            let mut captured = 0;
            for (dir, &first) in NEIGH[mv.to as usize].iter().enumerate() {
                let mut run = 0;
                let mut sq = first;
                while sq != NONE && self.men[opp] & bit(sq) != 0 {
                    run |= bit(sq);
                    sq = NEIGH[sq as usize][dir];
                }
                if run != 0 && sq != NONE && self.men[me] & bit(sq) != 0 {
                    captured |= run;
                }
            }
            self.men[opp] &= !captured;
            self.no_capture = if captured != 0 { 0 } else { self.no_capture + 1 };

            // End checks, in order.
            if self.men[opp].count_ones() <= 1 {
                self.result = Some(Self::win_for(me));
                return;
            }
            if self.no_capture >= NO_CAPTURE_LIMIT {
                let (w, b) = (self.men[WHITE].count_ones(), self.men[BLACK].count_ones());
                self.result = Some(if w > b {
                    NativeResult::WhiteWins
                } else if b > w {
                    NativeResult::BlackWins
                } else {
                    NativeResult::Draw
                });
                return;
            }
        }

        // Opponent moves next unless blocked; then the mover goes again.
        if self.has_moves(opp) {
            self.to_move = opp;
        } else if !self.has_moves(me) {
            self.result = Some(NativeResult::Draw);
        }
    }

    fn win_for(player: usize) -> NativeResult {
        if player == WHITE { NativeResult::WhiteWins } else { NativeResult::BlackWins }
    }

    /// Plays one uniformly random game from the start to the end, returns
    /// (plies including placements, result).
    pub fn random_playout(&mut self, rng: &mut Xoshiro256PlusPlus) -> (u32, NativeResult) {
        *self = Self::new(self.long_moves);
        let mut moves = [Move::default(); MAX_MOVES];
        loop {
            if let Some(result) = self.result {
                return (self.plies, result);
            }
            // The side to move always has at least one move here.
            let n = self.gen_moves(&mut moves);
            self.play(moves[rng.gen_range(0..n)]);
        }
    }

    /// Number of legal move sequences of length `depth`; finished games add
    /// nothing deeper.
    pub fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        if self.result.is_some() {
            return 0;
        }
        let mut moves = [Move::default(); MAX_MOVES];
        let n = self.gen_moves(&mut moves);
        if depth == 1 {
            return n as u64;
        }
        moves[..n]
            .iter()
            .map(|&mv| {
                let mut child = self.clone();
                child.play(mv);
                child.perft(depth - 1)
            })
            .sum()
    }
}
