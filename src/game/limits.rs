//! The limits a compiled game respects. The compiler checks rule files
//! against them (with a span), and the engine sizes its fixed buffers by
//! them, so a game that loads never overflows one.

/// The most pieces of one type a hand may hold (as many as the largest
/// board has sites).
pub const MAX_HAND: i64 = 4095;

/// Hands are hashed by count: a key drawn per count below this, a key mixed
/// from the count above it (big hands are rare; the drawn keys stay the
/// same whatever `MAX_HAND` is).
pub const HAND_KEYS: usize = 256;

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

/// The most piece types a game may have (a type is a byte; 255 means none).
pub const MAX_TYPES: usize = 255;

/// The most directions a chain of hops may take (each hop of a chain is kept
/// in the move as the number of its direction, in 3 bits).
pub const MAX_CHAIN_DIRS: usize = 8;

/// The most hops one chain keeps: 5 bits of count and 3 bits a hop in the
/// 32 bits a move has for them (2 bits a hop when a chain has at most four
/// directions: `MAX_CHAIN_NARROW`).
pub const MAX_CHAIN: usize = 9;
pub const MAX_CHAIN_NARROW: usize = 13;

/// The most links any other chain keeps (slides, and chains told apart by
/// the pieces they take): 5 bits of count, the rest of the 32 bits its rank
/// among the chains found from its start.
pub const MAX_CHAIN_LINKS: usize = 31;

/// The most players a game may have: a player is a byte, the number after
/// the last player is `neutral`, and the two above it mark the chance
/// player and a pass.
pub const MAX_PLAYERS: usize = 253;

/// The most phases a game may have (the phase being played is a byte).
pub const MAX_PHASES: usize = 256;

/// The most effects that end the game (`mover wins`, `draw`, … in actions
/// and `after move` blocks) a game may have: each keeps its reason by a
/// 16-bit number.
pub const MAX_END_EFFECTS: usize = 1 << 16;

/// The most rules that make moves (`place`, `move`, `together`, `action`,
/// …) one phase may have: a move keeps its rule's number in a byte, and
/// the last value marks a pass.
pub const MAX_PHASE_RULES: usize = 255;
