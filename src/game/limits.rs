//! The limits a compiled game respects. The compiler checks rule files
//! against them (with a span), and the engine sizes its fixed buffers by
//! them, so a game that loads never overflows one.

/// The most pieces of one type a hand may hold (hands are hashed by count).
pub const MAX_HAND: i64 = 255;

/// Hands are hashed by count up to this (one key per count, `0..=MAX_HAND`).
pub const HAND_KEYS: usize = MAX_HAND as usize + 1;

/// The most movement statements in one move (move generation keeps one
/// destination set per statement on the stack).
pub const MAX_PATH: usize = 8;

/// The most `along` limits one phase may have (move generation keeps a run
/// count per limit).
pub const MAX_ALONG: usize = 4;

/// The most pieces one site may hold in a game with stacks (a move names
/// the pieces it takes by one bit each of a byte).
pub const MAX_STACK: usize = 8;

/// The most piece types a game with stacks may have (the types a group move
/// may add from a pool are one bit each of a word).
pub const MAX_STACK_TYPES: usize = 64;

/// The most group rules one phase may have (move generation keeps the sites
/// each reaches on the stack).
pub const MAX_GROUP_RULES: usize = 32;
