//! The compiled form of a game's rules: small enums over dense indices, read
//! by move generation and apply. Produced by `compile`, never by hand.

pub use super::race::{Advance, AdvanceAmount, BearOffRule, OFF_PATH};
use crate::board::{Dir, Neighbours, SetTable, Site, Sites};
pub use crate::syntax::ast::{CompareOp, EffectMode, MoveSite, RayQuant, TieResult, UpdateOp};

/// What happens when the player to move has no legal move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BlockedAction {
    /// The turn passes back to the player who moved last.
    Skip,
    /// The blocked player's one legal move is `pass`.
    Pass,
    Lose,
    Draw,
    /// The game goes on in another phase, passing the turn or not.
    Next {
        phase: usize,
        pass_turn: bool,
    },
}

/// Index of a player; `neutral` is `players.len()`.
pub type Player = u8;

/// The player who throws the dice in a phase `by chance` (never an index
/// into `players`: ask `Game::player_name`).
pub const CHANCE: Player = Player::MAX - 1;
/// Index of a piece type.
pub type PieceType = u8;

/// A piece on a site, owner and type in one number (0: no piece; see
/// `Game::code`).
pub type Code = u16;

#[derive(Clone, Debug)]
pub struct PieceDef {
    pub name: String,
    pub reversible: bool,
    pub royal: bool,
    /// A captured piece of this type goes to a hand: its owner's, or with
    /// `to_capturer` the capturer's; as `returns_as` when given (`returns
    /// as BASE`), else as itself.
    pub returns: bool,
    pub returns_as: Option<PieceType>,
    pub to_capturer: bool,
    /// Positions keep whether a piece of this type has moved (`unmoved`).
    pub remembers_moving: bool,
    /// A site holds any number of pieces of this type (and one owner): a
    /// heap, kept as a number (`Position::heaps`).
    pub counted: bool,
    /// Short notation writes this type's moves without its letter (`e4`).
    pub unlettered: bool,
    /// The type's letter in position rows, upper case (`letter N`).
    pub letter: Option<char>,
    /// How pictures draw it (`glyph "♔" "♚"`): one text for every player,
    /// or one per player; empty for a disc with the type's label.
    pub glyphs: Vec<String>,
}

impl PieceDef {
    /// The glyph of this type for `owner` (a neutral piece takes the first).
    pub fn glyph(&self, owner: usize) -> Option<&str> {
        self.glyphs.get(owner).or(self.glyphs.first()).map(String::as_str)
    }

    /// Whether each player has a glyph of its own, so that the glyph alone
    /// tells whose the piece is.
    pub fn glyph_per_player(&self) -> bool {
        self.glyphs.len() > 1
    }
}

#[derive(Clone, Debug)]
pub struct RegionDef {
    pub name: String,
    /// All its sites (for a per-player region, every player's).
    pub sites: Vec<Site>,
    pub set: Sites,
    /// For a per-player region, each player's sites; empty otherwise.
    pub per_player: Vec<Sites>,
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
    /// A count of plies (`clock`): not part of the position, so not in the
    /// hash that repetition compares.
    pub clock: bool,
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
    /// The site is in the set of the player the test is for.
    PlayerIn(SetTable),
    /// The site is in the set of a player named relative to the one the
    /// test is for (`home(opponent)`).
    RegionOf {
        sets: SetTable,
        who: Who,
    },
    /// The site the previous ply started from (nothing before the first ply
    /// or after a placement).
    LastFrom,
    /// A site the previous ply ended on (both, for a move of two pieces).
    LastTo,
    /// A site whose piece has not moved since the game began (or since it
    /// was placed): rights that a first move spends.
    Unmoved,
    /// A piece of the player the test is for, standing there, could be
    /// taken by another player's next move.
    Attacked,
    /// The number of pieces on the site (a heap's number, a stack's height,
    /// else 1 or 0) compares so with the number: `pieces >= 2`.
    Pieces(CompareOp, u32),
    /// The empty sites next to the group of the piece on the site (its
    /// owner's pieces joined through `neighbours`) compare so with the
    /// number; an empty site has no group and never holds.
    Liberties(Box<(Neighbours, CompareOp, u32)>),
    /// The site is in a fixed set (a region folded in at compile time); the
    /// flag says whether an ordinary site of the threat region would be.
    In(Sites, bool),
    Not(Box<SiteTest>),
    And(Vec<SiteTest>),
    Or(Vec<SiteTest>),
    /// Of the sites a site reaches (along rays, or next to it): some, none
    /// or every one meets the condition. The reach is kept turned around,
    /// `back[s]` being the sites whose reach holds `s`, so the sites whose
    /// reach meets a few sites are found from those few.
    Ray {
        quant: RayQuant,
        back: SetTable,
        /// The directions of a one-step reach (`next`, not `along`): with
        /// constant steps, the sites are found by shifts (`Board::before`).
        steps: Vec<Dir>,
        test: Box<SiteTest>,
    },
}

/// The largest number `count(along|next DIRECTIONS is CONDITION) OP N`
/// compares with.
pub const MAX_RAY_COUNT: usize = 16;

/// A site condition split at compile time: a fixed mask of allowed sites
/// (regions are known in advance) and what remains to test per position.
#[derive(Clone, Debug)]
pub struct SiteFilter {
    pub allowed: Sites,
    /// Whether a site of the threat region and no other would pass the
    /// fixed part (the threat test's "ordinary site", see `threat`).
    pub plain: bool,
    pub test: SiteTest,
}

/// A chain of captures in one move (`hop … again`, `slide … over … again`):
/// the movement repeats from where it lands, never over a piece passed over
/// before in the move (those pieces stay until the move ends), until none
/// is possible, or a landing site passes `until`, or (with `may_stop`) after
/// any one. A chain move keeps its links in the move itself (see
/// `engine::chain`).
#[derive(Clone, Debug)]
pub struct Chain {
    pub may_stop: bool,
    pub until: Option<SiteFilter>,
    /// `chains differ by captures`: one move per start, end and set of
    /// pieces taken, the first path found standing for the others.
    pub by_captures: bool,
}

/// Per site, the directions that lead somewhere and the site each leads to.
pub type Links = Vec<Vec<(Dir, Site)>>;

/// How a piece gets from its site to its destination.
#[derive(Clone, Debug)]
pub enum MoveOp {
    /// One step in one of the directions to a site passing the filter.
    /// `reach[site]`: the sites one step away in any of `dirs`; `back[site]`:
    /// the sites from which one step in `dirs` arrives at `site`.
    /// `links[site]`: `Board::links` of `dirs` (empty for a leap).
    /// `even`: when each direction moves by a constant, different number
    /// of sites, those numbers, and in `has_next` row i the sites with a
    /// next site in direction i: the moves are then counted by shifting
    /// whole sets (empty otherwise).
    Step {
        dirs: Vec<Dir>,
        heading: Heading,
        to: SiteFilter,
        reach: SetTable,
        back: SetTable,
        links: Links,
        even: Vec<i32>,
        has_next: SetTable,
    },
    /// Along one direction over empty sites, stopping on a site passing the
    /// filter. The plain form (`simple`) stops at any distance; otherwise the
    /// distance is `min..=max`, every site passed must pass `through`, and
    /// with `over` the slide may pass one occupied site that passes it.
    Slide {
        dirs: Vec<Dir>,
        /// `Board::links` of `dirs`: the first site of each ray.
        links: Links,
        heading: Heading,
        to: SiteFilter,
        min: u8,
        max: u8,
        over: Option<SiteFilter>,
        through: Option<SiteFilter>,
        simple: bool,
        /// `by DIE`: the distance is the die's value (none before a throw).
        die: Option<u8>,
        /// With `over … again`, a chain of such slides, each over a piece.
        chain: Option<Chain>,
        /// `by NUMBER`: the distance is that number, read when the move is
        /// made (none below 1).
        by: Option<Box<SlideBy>>,
    },
    /// Over the adjacent site, which must pass `over`, to the site beyond it
    /// in the same direction, which must pass `to`.
    /// `jumps[site]`: the (over, landing) pairs of the directions from `site`.
    /// With `chain`, a chain of such hops (`hop … again`).
    Hop { dirs: Vec<Dir>, over: SiteFilter, to: SiteFilter, jumps: Vec<Vec<(Site, Site, Dir)>>, chain: Option<Chain> },
    /// To any site passing the filter but the one it stands on, on any
    /// board (`fly to empty`): the destinations are the filter's set,
    /// found in one set operation, in no direction.
    Fly { to: SiteFilter },
}

/// A number a slide goes exactly (`slide … by …`), other than a die.
#[derive(Clone, Debug)]
pub enum SlideBy {
    /// A counter, an option, a count: any number conditions read.
    Number(Quantity),
    /// The sites passing the filter on the whole line through the start,
    /// both ways along the direction of movement, the start included.
    Line(SiteFilter),
}

/// What happens after the piece has arrived; deterministic given the move.
#[derive(Clone, Debug)]
pub enum EffectOp {
    /// Every line of enemy pieces from the destination closed off by a
    /// friendly piece, of a length `length` allows, is removed; `limits`
    /// narrow what is taken and widen what closes a run.
    CaptureCustodial { dirs: Vec<Dir>, length: RunLength, limits: Option<Box<CustodialLimits>> },
    /// Every such line is turned over (outflanking); with `must`, a move
    /// that turns nothing over is not legal.
    FlipCustodial { dirs: Vec<Dir>, must: bool },
    /// Turn over the reversible piece on a site of the move (others stay).
    Flip { site: MoveSite },
    /// Remove the piece on a site of the move if it is another player's and
    /// passes the filter: always, when the move says so (`May`, by its bit
    /// in `Move::taken`), or with moves that do not capture being illegal.
    CaptureAt { site: MoveSite, filter: SiteFilter, mode: CaptureMode },
    /// Remove every other player's piece (not a neutral one) on the sites
    /// passing the filter, seen from the mover before the move.
    CaptureOn { filter: SiteFilter },
}

impl EffectOp {
    /// The site of the move the effect acts on, if it names one.
    pub fn site(&self) -> Option<MoveSite> {
        match self {
            EffectOp::Flip { site } | EffectOp::CaptureAt { site, .. } => Some(*site),
            EffectOp::CaptureCustodial { .. } | EffectOp::FlipCustodial { .. } | EffectOp::CaptureOn { .. } => None,
        }
    }

    /// Whether the effect decides which moves there are: an optional one
    /// splits a move in two, a compulsory one drops moves it cannot make.
    pub fn shapes_moves(&self) -> bool {
        matches!(
            self,
            EffectOp::CaptureAt { mode: CaptureMode::May(_) | CaptureMode::Must, .. }
                | EffectOp::FlipCustodial { must: true, .. }
        )
    }
}

/// `capture custodial … where TAKEN against CLOSING`: only pieces on
/// `taken` sites belong to a run (another piece ends it uncaptured), and a
/// `closing` site ends a run as a piece of the mover does (a hostile square).
/// Both are read, seen from the mover, once the piece has arrived.
#[derive(Clone, Debug)]
pub struct CustodialLimits {
    pub taken: Option<SiteFilter>,
    pub closing: Option<SiteFilter>,
}

/// The lengths of the runs a custodial capture takes: from `min` to `max`
/// pieces (`capture custodial DIRS 2`, `1..2`; any length by default).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RunLength {
    pub min: u16,
    pub max: u16,
}

impl RunLength {
    /// Runs of one piece or more, however long.
    pub const ANY: RunLength = RunLength { min: 1, max: u16::MAX };

    /// Whether a run of `run` pieces is taken.
    #[inline]
    pub fn holds(self, run: u32) -> bool {
        run.wrapping_sub(self.min as u32) <= (self.max - self.min) as u32
    }

    /// Whether every run of one piece or more is taken.
    pub fn is_any(self) -> bool {
        self == RunLength::ANY
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CaptureMode {
    Always,
    /// Optional; the bit of `Move::taken` that says it was taken.
    May(u8),
    Must,
}

impl CaptureMode {
    /// Whether a move with these optional effects `taken` makes this capture.
    #[inline]
    pub fn made(self, taken: u8) -> bool {
        match self {
            CaptureMode::May(bit) => taken & (1 << bit) != 0,
            CaptureMode::Always | CaptureMode::Must => true,
        }
    }
}

/// Which way a movement goes, relative to the movement before it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Heading {
    Any,
    /// Any direction while the piece has none stored; then only that one.
    Keep,
    /// The direction of the movement before.
    Straight,
    /// A direction on another line than the movement before.
    Turn,
}

/// A condition on a move being generated: tests on its sites.
#[derive(Clone, Debug)]
pub enum MoveTest {
    Is {
        site: MoveSite,
        filter: SiteFilter,
    },
    /// How many of the mover's pieces move (1 for a move of one piece).
    Moving(CompareOp, i64),
    /// The move used the movement of a piece of this type.
    MovedBy(PieceType),
    Not(Box<MoveTest>),
    And(Vec<MoveTest>),
    Or(Vec<MoveTest>),
}

#[derive(Clone, Debug)]
pub enum MoveRule {
    Place {
        piece: PieceType,
        on: SiteFilter,
        /// The rule gives placements only when this holds before the move,
        /// seen from the mover (`place man on empty when …`).
        guard: Option<GameTest>,
        /// Places a piece nobody owns, taken from no hand.
        neutral: bool,
        /// Custodial captures and flips from the site placed on.
        effects: Vec<EffectOp>,
        /// `then …`: a follow-up after the placement.
        then: Option<Box<FollowUp>>,
    },
    /// `together { MOVE MOVE }`: the first part's move, then the second's
    /// on the position it leaves, with a different piece. Parts capture
    /// nothing (destinations are empty sites).
    Together { parts: Vec<MoveRule> },
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
        /// Rules of a phase with equal effects share this, so that one result
        /// reached in two ways is one move.
        effect_class: u8,
        /// Something needs the direction of the last movement (`ahead`,
        /// `keep`), so the fast paths that do not track it are off.
        needs_dir: bool,
        /// The piece stores the direction it moves in (`keep`).
        keeps_dir: bool,
        /// `reach[i]`: how many steps from where movement `i` starts the
        /// move can still capture (`u8::MAX`: unbounded), for the threat
        /// test; `reach[0]` counts from the piece's site.
        reach: Vec<u8>,
        /// `then …`: a follow-up after the move.
        then: Option<Box<FollowUp>>,
    },
    /// `move [neutral] TYPE { sow TRACK [skipping …] }`: the whole heap of
    /// a site holding pieces of the type, one piece on each next site of the
    /// mover's path of the track (a loop), passing the sites of `skip` and,
    /// with `skip_start`, the start (see `engine::sow`). The move's `to` is
    /// the last site sown.
    Sow {
        piece: PieceType,
        neutral: bool,
        guard: Option<GameTest>,
        track: usize,
        skip: Option<SiteFilter>,
        skip_start: bool,
        forbid: Vec<MoveTest>,
    },
    /// `advance TRACK by …`: along the mover's path of an ordered track
    /// (see `game::race`).
    Advance(Box<Advance>),
    /// `action NAME [when CONDITION] { EFFECTS }`: a move with no piece,
    /// written as its name.
    Action { name: String, guard: Option<GameTest>, effects: Vec<Effect> },
    /// `move group with TYPE { MOVEMENT }`: any part of the mover's stack
    /// that holds a piece of `power` moves by that piece's movement, carrying
    /// any of the neutral pieces there as passengers. Arriving, it captures
    /// the other players' pieces and joins what else stands there.
    Group {
        /// `None`: `move group` without `with`, a movement that needs no
        /// piece's power.
        power: Option<PieceType>,
        /// `when from has TYPE`: the start's stack holds such a piece (the
        /// mover's or a neutral one), moving or staying.
        needs: Option<PieceType>,
        movement: GroupMovement,
    },
}

impl MoveRule {
    /// The rule's follow-up (`then …`), if it has one.
    pub fn follow_up(&self) -> Option<&FollowUp> {
        match self {
            MoveRule::Move { then, .. } | MoveRule::Place { then, .. } => then.as_deref(),
            _ => None,
        }
    }
}

/// `then [may|must] [when CONDITION] ACTION`: after a move and its effects,
/// the same player acts again on a site of their choice, within the same
/// move (`Move::then`). Seen on the position the move leaves.
#[derive(Clone, Debug)]
pub struct FollowUp {
    /// Without it, or when it fails, the move has no follow-up.
    pub guard: Option<GameTest>,
    pub mode: FollowMode,
    pub action: FollowAction,
}

/// Whether a follow-up must, may or (when it can) will be made.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FollowMode {
    /// Made when some site allows it; the move stands alone otherwise.
    WhenPossible,
    /// The player may leave it.
    May,
    /// A move that cannot make it is not legal (when the guard holds).
    Must,
}

#[derive(Clone, Debug)]
pub enum FollowAction {
    /// A piece of the mover's (from hand) or a neutral one, on an empty site
    /// meeting `on`, reached from the move's destination by `path` when it
    /// is not empty.
    Place { piece: PieceType, neutral: bool, on: SiteFilter, path: Vec<MoveOp> },
    /// The piece on an occupied site meeting `on` is removed (a capture).
    Remove { on: SiteFilter },
}

/// What an action or an `after move` block does, in order, seen from the mover.
#[derive(Clone, Debug)]
pub enum Effect {
    Update(CounterUpdate),
    If {
        when: GameTest,
        then: Vec<Effect>,
        otherwise: Vec<Effect>,
    },
    /// Every piece of every run of the pattern leaves the board.
    RemovePattern(usize),
    /// Every piece on a site passing the filter leaves the board.
    RemoveOn(SiteFilter),
    /// A piece of `owner` (`None`: neutral) on every empty site passing the filter.
    PlaceEvery {
        piece: PieceType,
        owner: Option<Who>,
        on: SiteFilter,
    },
    /// The game ends; `reason` indexes `Game::said`.
    End {
        action: EndAction,
        reason: u16,
    },
    /// Where the game goes next, instead of the phase's `next` rules.
    Next {
        phase: usize,
        pass_turn: bool,
    },
    /// Every piece on the sites `from` names moves onto the one site of
    /// `into` (seen from the mover); with `unless`, nothing moves when the
    /// sites passing it would then hold no piece (see `engine::sow`).
    Gather {
        from: Box<GatherFrom>,
        into: Box<SiteFilter>,
        unless: Option<Box<SiteFilter>>,
    },
    /// `turn stays` (true) or `turn passes` for this move, whatever the
    /// phase says.
    Turn(bool),
}

/// The sites a `gather` empties.
#[derive(Clone, Debug)]
pub enum GatherFrom {
    Sites(SiteFilter),
    /// The last move's end (or start, `last_to` false), then the sites
    /// before it on the mover's path of track number `track`, while each
    /// passes the filter.
    Run {
        last_to: bool,
        track: usize,
        cond: SiteFilter,
    },
}

/// A pattern: the maximal runs of sites meeting a condition along one of
/// some directions (`pattern lines = coin along {e, w} length 2..`).
#[derive(Clone, Debug)]
pub struct PatternDef {
    pub name: String,
    pub cond: SiteFilter,
    /// One direction per line of sites (of two opposite ones, the first).
    pub axes: Vec<Dir>,
    /// `prev[axis][site]`: the site before `site` along the axis, or `NO_SITE`.
    pub prev: Vec<Vec<Site>>,
    pub min: u8,
    pub max: u8,
    /// Only runs holding a site that passes this count.
    pub touching: Option<SiteFilter>,
}

/// How the pieces of a group move (`move group with TYPE`): the movement's
/// geometry, with every static condition (`where`) already folded into the
/// tables when the game was compiled.
#[derive(Clone, Debug)]
pub enum GroupMovement {
    /// One displacement: per start site, the (landing, site passed over)
    /// pairs, `NO_SITE` when none is passed (steps, leaps, hops).
    Jump { to: SiteFilter, over: Option<SiteFilter>, jumps: Vec<Vec<(Site, Site)>> },
    /// Along rays over empty sites: per start site and direction, the sites
    /// in order, cut where a `where` condition first fails.
    /// A site marked `true` is passed whatever stands there, and never
    /// landed on (`passing`).
    Slide { to: SiteFilter, min: u8, max: u8, rays: Vec<Vec<Vec<(Site, bool)>>> },
}

/// A limit on what one stack may hold (`stacks { … }`). Every kind forbids
/// a combination, so any part of a legal stack is legal: limits are checked
/// on the stacks that moves build, never on what stays behind.
#[derive(Clone, Debug)]
pub enum StackLimit {
    /// At most `count` pieces whose type is marked in `types`.
    AtMost { types: Vec<bool>, count: u8 },
    /// Pieces of at most one player (neutral pieces aside).
    OneOwner,
    /// A stack holding `piece` holds no other type unless marked in `with`.
    OnlyWith { piece: PieceType, with: Vec<bool> },
    /// A stack holding `piece` holds none of the types marked in `others`.
    NotWith { piece: PieceType, others: Vec<bool> },
}

/// Sites that hold stacks: the `stacks` item.
#[derive(Clone, Debug)]
pub struct StackDef {
    /// The most pieces one stack can hold, as the limits imply.
    pub capacity: u8,
    /// The order within a stack is not part of the game: stacks are kept
    /// sorted by piece code, so equal contents are equal positions.
    pub unordered: bool,
    /// `found neutral: join or return`: neutral pieces on a site where the
    /// mover arrives and has no piece either join the group or go to the
    /// supply, the mover's choice (otherwise they join).
    pub found_choice: bool,
    pub limits: Vec<StackLimit>,
}

/// A number per site (`attribute level = 0 { 2: c5 }`), read by `where`
/// conditions when the game is compiled and shown in pictures.
#[derive(Clone, Debug)]
pub struct AttributeDef {
    pub name: String,
    pub values: Vec<i64>,
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
    /// Pieces of `who` of the types (all types when empty) compared with `value`.
    Count {
        who: Who,
        types: Vec<PieceType>,
        /// Only the pieces on these sites (`in REGION`).
        region: Option<Sites>,
        op: CompareOp,
        value: i64,
    },
    /// The player to move has no legal move.
    Blocked,
    /// No player has a legal move.
    AllBlocked,
    /// The player the test is seen from is this one (rules written with
    /// per-player directions are compiled once per player).
    MoverIs(Player),
    /// The last plies, one per player, were all passes.
    AllPassed,
    Full {
        region: usize,
    },
    /// A piece of `piece` of `who` could be captured by the other player.
    Threatened {
        who: Who,
        piece: PieceType,
    },
    Counter {
        counter: usize,
        op: CompareOp,
        value: i64,
    },
    /// The pattern has at least one run.
    Found(usize),
    /// `who`'s pieces join a site of `from` to a site of `to` through
    /// neighbouring sites. A region given per player has one set per player.
    Connected {
        who: Who,
        from: SetTable,
        to: SetTable,
    },
    /// Two quantities compared: dice, counters, numbers.
    Compare {
        left: Quantity,
        op: CompareOp,
        right: Quantity,
    },
    /// The position has been reached before in the game (`repeated`).
    Repeated,
    Not(Box<GameTest>),
    And(Vec<GameTest>),
    Or(Vec<GameTest>),
}

impl GameTest {
    /// Whether the test reads `repeated` (the game then keeps its history).
    pub fn reads_repeated(&self) -> bool {
        match self {
            GameTest::Repeated => true,
            GameTest::Not(inner) => inner.reads_repeated(),
            GameTest::And(parts) | GameTest::Or(parts) => parts.iter().any(GameTest::reads_repeated),
            _ => false,
        }
    }

    /// Whether the test reads `blocked` (the player to move has no move).
    pub fn reads_blocked(&self) -> bool {
        match self {
            GameTest::Blocked => true,
            GameTest::Not(inner) => inner.reads_blocked(),
            GameTest::And(parts) | GameTest::Or(parts) => parts.iter().any(GameTest::reads_blocked),
            _ => false,
        }
    }
}

#[derive(Clone, Debug)]
pub struct CounterUpdate {
    /// Only after moves of this piece type, when given.
    pub piece: Option<PieceType>,
    /// Only when this holds (seen from the mover), when given.
    pub when: Option<GameTest>,
    pub counter: CounterRef,
    pub op: UpdateOp,
    pub amount: Quantity,
}

/// A counter an update changes: a fixed one, or the counter of a player
/// among a per-player counter's (`score(mover)`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CounterRef {
    Fixed(usize),
    /// `base` is the first player's counter; the others follow in player order.
    OfPlayer {
        base: usize,
        who: Who,
    },
}

/// A number a condition reads from the position.
#[derive(Clone, Debug)]
pub enum Quantity {
    Number(i64),
    Counter(usize),
    /// A player's counter among a per-player counter's.
    OfPlayer {
        base: usize,
        who: Who,
    },
    /// The value of a die (0 before the first throw).
    Die(usize),
    Sum(Vec<Quantity>),
    /// The sites in all the pattern's runs.
    Size(usize),
    /// The length of the pattern's longest run (0: none).
    Longest(usize),
    /// How many sites pass the filter.
    Sites(Box<SiteFilter>),
    /// How many pieces stand on the sites passing the filter (`pieces(…)`).
    Pieces(Box<SiteFilter>),
    /// The plies played.
    Plies,
    /// Pieces of `who` of the types (all when empty), on `region` if given
    /// (boxed, to keep the common quantities small).
    Count(Box<(Who, Vec<PieceType>, Option<Sites>)>),
    /// Pieces in `who`'s hand of the types (all when empty).
    Hand(Box<(Who, Vec<PieceType>)>),
    /// The pieces the last move captured.
    Captured,
    /// The groups `who`'s pieces form: `neighbours` holds, per site, the
    /// sites next to it along the rule's directions, either way.
    Groups(Box<(Who, Neighbours)>),
    /// The empty sites whose empty region (joined through the table's
    /// neighbours) touches pieces of `who` and of no one else.
    Territory(Box<(Who, Neighbours)>),
}

/// `next PHASE [passing the turn] [when CONDITION]`
#[derive(Clone, Debug)]
pub struct NextRule {
    /// `None`: always.
    pub when: Option<GameTest>,
    pub phase: usize,
    pub pass_turn: bool,
}

/// The `dice` item: dice thrown by the chance player, their values kept in
/// the position until the next throw.
#[derive(Clone, Debug)]
pub struct DiceDef {
    pub names: Vec<String>,
    pub sides: u8,
    /// Outcomes are sets of values, not which die showed which: the values
    /// are kept in ascending order.
    pub unordered: bool,
    /// Every outcome: its values (in die order) and how many of the
    /// `sides ^ dice` equally likely throws give it.
    pub outcomes: Vec<(Vec<u8>, u32)>,
    /// `doubles twice`: when every die shows the same value, each may be
    /// spent twice.
    pub doubles_twice: bool,
    /// Some move spends dice (`advance … by dice`): positions keep how many
    /// times each die may still be spent.
    pub spent_by_moves: bool,
}

#[derive(Clone, Debug)]
pub struct PhaseDef {
    pub name: String,
    /// The chance player moves in this phase: its moves are the dice's
    /// outcomes, and the turn stays with the player who holds the dice.
    pub chance: bool,
    /// `must capture`: when some legal move captures, the others are not legal.
    pub must_capture: bool,
    /// `must capture most`: only the moves taking the most pieces.
    pub capture_most: bool,
    /// `must leave CONDITION`: only the moves after which every one of
    /// these holds, seen from the mover, are legal.
    pub must_leave: Vec<GameTest>,
    /// Per move rule (by number; none past the end): `forbid leaves`
    /// conditions, any of which rules a move of that rule out when it
    /// holds on the position the move leads to.
    pub forbid_leaves: Vec<Vec<GameTest>>,
    /// `must use most dice`: only the moves after which the most dice can
    /// still be spent; when only one can be, the largest.
    pub most_dice: bool,
    /// `chains differ by captures`: chain moves are one per start, end and
    /// set of pieces taken (each chain says so too, `Chain::by_captures`).
    pub chains_by_captures: bool,
    /// Some rule of the phase is a `together` (moves of two pieces).
    pub together: bool,
    /// `turn stays`: after a move of this phase the same player moves again
    /// (unless a `next … passing the turn` rule applies).
    pub turn_stays: bool,
    pub moves: Vec<MoveRule>,
    /// Some result can be reached in two ways: legal moves are deduplicated.
    pub dedupe: bool,
    /// (track, N): no move may take more than N steps in a row along the track.
    pub along: Vec<(usize, u8)>,
    /// How far from its start any move of the phase can capture, when that
    /// is bounded and the moves depend only on the sites they pass (no
    /// guards, no history): the royal test may then skip far moves.
    pub threat_radius: Option<u8>,
    /// With `threat_radius`: the directions of the rules that capture by a
    /// single slide, which may capture anywhere along a line but look only
    /// along it (the royal test then also watches the lines through a royal
    /// piece in these directions), and whether the slide passes empty sites
    /// only (then the line up to its first piece is enough).
    pub threat_lines: Vec<(crate::board::Dir, bool)>,
    /// Per rule, whether its moves can ever take a piece: the threat test
    /// looks only at these.
    pub capturing: Vec<bool>,
    /// Every rule's moves can be counted from set sizes, without listing
    /// them (see `engine::draw`).
    pub countable: bool,
    pub promotions: Vec<PromoteRule>,
    /// `may add … when …`: a piece from a pool that may join the stack a
    /// group move builds.
    pub additions: Vec<Addition>,
    pub after_promotion: Vec<CounterUpdate>,
    pub next: Vec<NextRule>,
    pub after_move: Vec<CounterUpdate>,
    /// `after move { EFFECTS }` blocks, run after the updates.
    pub after_effects: Vec<Effect>,
    pub after_capture: Vec<CounterUpdate>,
    /// `when blocked` rules: the first whose condition holds (seen from the
    /// blocked player) decides; `lose` when none does.
    pub blocked: Vec<(Option<GameTest>, BlockedAction)>,
    /// Per move rule: where it is written, and its label, for explaining
    /// moves (`orrery explain`); not read in play.
    pub sources: Vec<RuleSource>,
}

/// Where a move rule is written in the rule file.
#[derive(Clone, Debug, Default)]
pub struct RuleSource {
    pub span: crate::syntax::span::Span,
    /// `label: move …`, when the rule has one.
    pub label: Option<String>,
}

/// `may add TYPES from hand, TYPES from supply when CONDITION`: one piece,
/// from the mover's hand or from the supply, joins a group move's arrival.
#[derive(Clone, Debug)]
pub struct Addition {
    /// Types by bit (games with stacks have at most 64 types).
    pub hand: u64,
    pub supply: u64,
    pub when: MoveTest,
}

/// A track: for each site, the sites joined to it by a segment of the track.
#[derive(Clone, Debug)]
pub struct TrackDef {
    pub name: String,
    pub next: SetTable,
    /// The sites in the written order, one path per player (a one-path track
    /// shares its path); empty for a track of several separate segments.
    pub order: Vec<Vec<Site>>,
    /// The path ends where it begins: going on past the end starts again.
    pub looped: bool,
}

impl TrackDef {
    /// `player`'s path, in order (the shared path of a one-path track; empty
    /// when the track has no order).
    pub fn path(&self, player: Player) -> &[Site] {
        match self.order.len() {
            0 => &[],
            1 => &self.order[0],
            _ => self.order.get(player as usize).map_or(&[], |p| p.as_slice()),
        }
    }

    pub fn looped(&self) -> bool {
        self.looped
    }

    /// Where `site` first comes on `player`'s path.
    pub fn index(&self, player: Player, site: Site) -> Option<usize> {
        self.path(player).iter().position(|&s| s == site)
    }
}

/// `notation RULE = "TEXT", …`: typing one of the texts names a legal move
/// made by the rule labelled RULE.
#[derive(Clone, Debug)]
pub struct NotationDef {
    pub rule: String,
    pub texts: Vec<String>,
}

/// `threat piece as seen_as in REGION`: the threat test sees a piece of
/// `piece` as one of `seen_as` standing on a site of the threat region.
#[derive(Clone, Debug)]
pub struct ThreatDef {
    pub piece: PieceType,
    pub seen_as: PieceType,
}

/// A piece of `piece` standing on a site of `on` is exchanged for a piece
/// from its owner's hand: the owner's choice when they made the move that
/// brought it there, else the first type in hand.
#[derive(Clone, Debug)]
pub struct PromoteRule {
    pub piece: PieceType,
    pub on: SiteFilter,
    /// The types to choose from (`to TYPES`); empty: from the hand.
    pub to: Vec<PieceType>,
    /// `or from CONDITION`: a move starting on such a site promotes too.
    pub from: Option<SiteFilter>,
}

#[derive(Clone, Debug)]
pub enum EndAction {
    Wins(Who),
    Loses(Who),
    Draw,
    /// The player with the most pieces (of a type, or all) wins. With a
    /// (per-player) region, the pieces of the type, whoever owns them, on
    /// each player's sites of it.
    Most {
        piece: Option<PieceType>,
        on_tie: TieResult,
        region: Option<usize>,
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
    /// (site, owner, piece type, how many: 1 but for counted types)
    pub pieces: Vec<(Site, Player, PieceType, u16)>,
}
