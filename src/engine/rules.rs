//! The compiled form of a game's rules: small enums over dense indices, read
//! by move generation and apply. Produced by `compile`, never by hand.

use crate::board::{Dir, Site, SiteSet};
pub use crate::syntax::ast::{BlockedAction, CompareOp, MoveSite, TieResult, UpdateOp};

/// Index of a player; `neutral` is `players.len()`.
pub type Player = u8;
/// Index of a piece type.
pub type PieceType = u8;

#[derive(Clone, Debug)]
pub struct PieceDef {
    pub name: String,
    pub reversible: bool,
    pub royal: bool,
}

#[derive(Clone, Debug)]
pub struct RegionDef {
    pub name: String,
    pub sites: Vec<Site>,
    pub set: SiteSet,
}

#[derive(Clone, Debug, PartialEq)]
pub struct OptionDef {
    pub name: String,
    pub default: i64,
    pub is_bool: bool,
    pub doc: Option<String>,
}

#[derive(Clone, Debug)]
pub struct CounterDef {
    pub name: String,
    pub initial: i64,
}

/// A condition on one site that depends on the position.
#[derive(Clone, Debug, PartialEq)]
pub enum SiteTest {
    True,
    False,
    Empty,
    Occupied,
    /// Holds a piece of the player moving.
    Friend,
    /// Holds a piece of another player (not neutral).
    Enemy,
    Neutral,
    Type(PieceType),
    /// The site the previous ply started from (nothing before the first ply
    /// or after a placement).
    LastFrom,
    /// The site the previous ply ended on.
    LastTo,
    /// The site is in a fixed set (a region folded in at compile time).
    In(SiteSet),
    Not(Box<SiteTest>),
    And(Vec<SiteTest>),
    Or(Vec<SiteTest>),
}

/// A site condition split at compile time: a fixed mask of allowed sites
/// (regions are known in advance) and what remains to test per position.
#[derive(Clone, Debug)]
pub struct SiteFilter {
    pub allowed: SiteSet,
    pub test: SiteTest,
}

/// How a piece gets from its site to its destination.
#[derive(Clone, Debug)]
pub enum MoveOp {
    /// One step in one of the directions to a site passing the filter.
    /// `reach[site]`: the sites one step away in any of `dirs`; `back[site]`:
    /// the sites from which one step in `dirs` arrives at `site`.
    Step { dirs: Vec<Dir>, to: SiteFilter, reach: Vec<SiteSet>, back: Vec<SiteSet> },
    /// Any distance over empty sites, stopping on a site passing the filter.
    Slide { dirs: Vec<Dir>, to: SiteFilter },
    /// Over the adjacent site, which must pass `over`, to the site beyond it
    /// in the same direction, which must pass `to`.
    /// `jumps[site]`: the (over, landing) pairs of the directions from `site`.
    Hop { dirs: Vec<Dir>, over: SiteFilter, to: SiteFilter, jumps: Vec<Vec<(Site, Site)>> },
}

/// What happens after the piece has arrived; deterministic given the move.
#[derive(Clone, Debug)]
pub enum EffectOp {
    /// Every line of enemy pieces from the destination closed off by a friendly piece is removed.
    CaptureCustodial { dirs: Vec<Dir> },
    /// Turn over the reversible piece on a site of the move (others stay).
    Flip { site: MoveSite },
}

/// A condition on a move being generated: tests on its sites.
#[derive(Clone, Debug)]
pub enum MoveTest {
    Is { site: MoveSite, filter: SiteFilter },
    Not(Box<MoveTest>),
    And(Vec<MoveTest>),
    Or(Vec<MoveTest>),
}

#[derive(Clone, Debug)]
pub enum MoveRule {
    Place {
        piece: PieceType,
        on: SiteFilter,
    },
    Move {
        piece: PieceType,
        /// Moves pieces nobody owns (either player may) instead of the mover's.
        neutral: bool,
        /// The rule gives moves only when this holds before the move.
        guard: Option<GameTest>,
        path: Vec<MoveOp>,
        effects: Vec<EffectOp>,
        /// Moves matching any of these are not legal.
        forbid: Vec<MoveTest>,
    },
}

/// Whose pieces a count is about, seen from the player who just moved.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Who {
    Mover,
    Opponent,
    Player(Player),
}

#[derive(Clone, Debug)]
pub enum GameTest {
    HandsEmpty,
    Count { who: Who, piece: Option<PieceType>, op: CompareOp, value: i64 },
    Full { region: usize },
    Counter { counter: usize, op: CompareOp, value: i64 },
    Not(Box<GameTest>),
    And(Vec<GameTest>),
    Or(Vec<GameTest>),
}

#[derive(Clone, Debug)]
pub struct CounterUpdate {
    /// Only after moves of this piece type, when given.
    pub piece: Option<PieceType>,
    pub counter: usize,
    pub op: UpdateOp,
    pub amount: i64,
}

#[derive(Clone, Debug)]
pub struct PhaseDef {
    pub name: String,
    pub moves: Vec<MoveRule>,
    pub next: Vec<(GameTest, usize)>,
    pub after_move: Vec<CounterUpdate>,
    pub after_capture: Vec<CounterUpdate>,
    pub blocked: BlockedAction,
}

#[derive(Clone, Debug)]
pub enum EndAction {
    Wins(Who),
    Loses(Who),
    Draw,
    /// The player with the most pieces (of a type, or all) wins.
    Most {
        piece: Option<PieceType>,
        on_tie: TieResult,
    },
}

#[derive(Clone, Debug)]
pub struct EndRuleDef {
    pub phase: Option<usize>,
    pub when: GameTest,
    pub action: EndAction,
    pub reason: String,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Repetition {
    Loses,
    DrawAfter(u32),
    Forbidden,
}

#[derive(Clone, Debug, Default)]
pub struct SetupDef {
    /// (player, piece type, count)
    pub hands: Vec<(Player, PieceType, u32)>,
    /// (site, owner, piece type)
    pub pieces: Vec<(Site, Player, PieceType)>,
}
