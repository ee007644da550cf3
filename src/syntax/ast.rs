//! The abstract syntax tree of a rule file. Every node keeps its span so the
//! checker can point at exactly what was written.

use super::span::{Name, Span, Spanned};

/// A whole rule file, items in the order written.
#[derive(Clone, Debug, Default)]
pub struct RuleFile {
    pub items: Vec<Spanned<Item>>,
    /// Items with a syntax error, already reported. The checker stays quiet
    /// about what they would have declared, so that one mistake is one error.
    pub unparsed: Vec<Unparsed>,
    /// What a variant removed: (kind, name, the `remove` item's span), so
    /// that a rule still naming it says where it went.
    pub removed: Vec<(String, String, Span)>,
}

/// An item that did not parse: its keyword and, if it could be read, the
/// name it declares (`phase NAME`, `region NAME`, ...).
#[derive(Clone, Debug)]
pub struct Unparsed {
    pub keyword: &'static str,
    pub name: Option<Name>,
}

#[derive(Clone, Debug)]
pub enum Item {
    Game(Spanned<String>),
    Players(Vec<Name>),
    Board(BoardDecl),
    /// `region NAME = SITES`, or per player `region NAME { PLAYER: SITES ... }`.
    Region {
        name: Name,
        sites: Vec<Name>,
        per_player: Vec<(Name, Vec<Name>)>,
    },
    Piece {
        name: Name,
        traits: Vec<Spanned<PieceTrait>>,
        /// `returns as TYPE` / `returns to capturer`: where a captured piece
        /// goes, and as what (the trait `Returns` is in `traits` too).
        returns: Option<ReturnsDecl>,
        /// `letter X`: the type's letter in position rows.
        letter: Option<Spanned<char>>,
        /// `glyph "♔" "♚"`: how pictures draw it, for all players or each.
        glyphs: Vec<Spanned<String>>,
    },
    Option {
        name: Name,
        value: Spanned<Value>,
        doc: Option<Spanned<String>>,
    },
    /// `counter NAME = N [per player] [clock]`
    Counter {
        name: Name,
        initial: Spanned<i64>,
        per_player: bool,
        /// `clock`: a count of plies, not part of the position.
        clock: bool,
    },
    Setup(Vec<SetupEntry>),
    Phase(PhaseDecl),
    End(Vec<EndRule>),
    /// `repetition RULE ["reason"]`
    /// and, for `forbidden unless all other moves leave CONDITION`, the condition
    Repetition(Spanned<RepetitionRule>, Option<Spanned<String>>, Option<GameCond>),
    /// `group NAME = TYPE, TYPE`: several piece types under one name.
    Group {
        name: Name,
        members: Vec<Name>,
    },
    /// `condition NAME = SITE-CONDITION`: a site condition with a name.
    Condition {
        name: Name,
        cond: SiteCond,
    },
    /// `notation RULE = "TEXT", …`: texts that name the moves of the rule
    /// labelled RULE where a move is typed.
    Notation {
        rule: Name,
        texts: Vec<Spanned<String>>,
    },
    /// `threat TYPE as OTHER in REGION`
    Threat {
        piece: Name,
        seen_as: Name,
        region: Name,
    },
    /// `track NAME = A - B - C, D - E`: segments of the board; or one
    /// ordered path per player, `track NAME { PLAYER: A - B … }`.
    Track {
        name: Name,
        paths: Vec<Vec<Name>>,
        /// The player each path is for (empty for the `=` form).
        players: Vec<Name>,
    },
    /// `stacks [unordered] { LIMITS }`: sites hold stacks of pieces.
    Stacks {
        unordered: bool,
        limits: Vec<StackLimitDecl>,
        span: Span,
    },
    /// `directions NAME = DIRS` or `directions NAME { PLAYER: DIRS … }`
    Directions {
        name: Name,
        dirs: Vec<Name>,
        per_player: Vec<(Name, Vec<Name>)>,
    },
    /// `variant of "BASE"`: this file changes another rule file.
    Variant(Spanned<String>),
    /// `remove KIND [NAME] [from PHASE]`, in a variant.
    Remove {
        kind: Spanned<String>,
        name: Option<Name>,
        from: Option<Name>,
    },
    /// `pattern NAME = CONDITION along DIRECTIONS length N.. [touching CONDITION]`
    Pattern {
        name: Name,
        cond: SiteCond,
        directions: Directions,
        length: Spanned<(i64, Option<i64>)>,
        touching: Option<SiteCond>,
    },
    /// `dice NAME, NAME of SIDES sides [unordered] [doubles twice]`
    Dice {
        names: Vec<Name>,
        sides: Spanned<i64>,
        unordered: bool,
        /// `doubles twice`: equal dice may each be spent twice.
        doubles_twice: bool,
    },
    /// `attribute NAME = DEFAULT { VALUE: SITES … }`
    Attribute {
        name: Name,
        default: Spanned<i64>,
        values: Vec<(Spanned<i64>, Vec<Name>)>,
    },
}

/// Where pieces come from: the mover's hand, or the supply (the hand of
/// pieces nobody owns).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pool {
    Hand,
    Supply,
}

/// One limit of a `stacks` item.
#[derive(Clone, Debug)]
pub enum StackLimitDecl {
    /// `at most N TYPE-OR-GROUP`
    AtMost(Spanned<i64>, Name),
    /// `one owner`
    OneOwner,
    /// `TYPE only with TYPES`
    OnlyWith(Name, Vec<Name>),
    /// `TYPE not with TYPES`
    NotWith(Name, Vec<Name>),
    /// `found neutral: join or return`
    FoundChoice,
}

/// A site that a `where` condition names: where the movement starts, where
/// it arrives, the site before the arrival, the site(s) passed over.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PathSite {
    From,
    To,
    Prev,
    Over,
}

/// A condition on the board's geometry (`where`), fixed at load time.
#[derive(Clone, Debug)]
pub enum StaticCond {
    Compare(StaticValue, CompareOp, StaticValue),
    In(Spanned<PathSite>, Name),
    Not(Box<StaticCond>),
    And(Vec<StaticCond>),
    Or(Vec<StaticCond>),
}

#[derive(Clone, Debug)]
pub enum StaticValue {
    Number(i64),
    /// `ATTRIBUTE(SITE)`
    Attribute(Name, Spanned<PathSite>),
}

impl Item {
    /// The keyword that starts the item, for messages.
    pub fn keyword(&self) -> &'static str {
        match self {
            Item::Game(_) => "game",
            Item::Players(_) => "players",
            Item::Board(_) => "board",
            Item::Region { .. } => "region",
            Item::Piece { .. } => "piece",
            Item::Option { .. } => "option",
            Item::Counter { .. } => "counter",
            Item::Setup(_) => "setup",
            Item::Phase(_) => "phase",
            Item::End(_) => "end",
            Item::Repetition(..) => "repetition",
            Item::Group { .. } => "group",
            Item::Condition { .. } => "condition",
            Item::Threat { .. } => "threat",
            Item::Notation { .. } => "notation",
            Item::Track { .. } => "track",
            Item::Stacks { .. } => "stacks",
            Item::Attribute { .. } => "attribute",
            Item::Dice { .. } => "dice",
            Item::Pattern { .. } => "pattern",
            Item::Variant(_) => "variant",
            Item::Directions { .. } => "directions",
            Item::Remove { .. } => "remove",
        }
    }
}

#[derive(Clone, Debug)]
pub enum BoardDecl {
    Square {
        files: Spanned<i64>,
        ranks: Spanned<i64>,
    },
    /// A rhombus of hexagons.
    Hex {
        files: Spanned<i64>,
        ranks: Spanned<i64>,
    },
    /// A hexagon of hexagons, `side` cells a side.
    Hexagon {
        side: Spanned<i64>,
    },
    Graph {
        points: Vec<PointDecl>,
        lines: Vec<LineDecl>,
    },
}

#[derive(Clone, Debug)]
pub struct PointDecl {
    pub name: Name,
    pub x: f64,
    pub y: f64,
}

#[derive(Clone, Debug)]
pub struct LineDecl {
    pub name: Name,
    /// A closed line (circle) continues from its last point back to its first.
    pub closed: bool,
    pub points: Vec<Name>,
}

/// `returns [as TYPE] [to capturer]`: a captured piece goes to a hand as
/// TYPE (a promoted piece goes back demoted), to the capturer's hand rather
/// than its owner's.
#[derive(Clone, Debug)]
pub struct ReturnsDecl {
    pub as_type: Option<Name>,
    /// The span of `to capturer`, when written.
    pub to_capturer: Option<Span>,
    pub span: Span,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PieceTrait {
    /// The owner is the face showing; a flip turns it over.
    Reversible,
    /// A move may not leave it threatened.
    Royal,
    /// When captured it goes to its owner's hand, to be placed or promoted to again.
    Returns,
    /// Positions keep whether it has moved (the site condition `unmoved`).
    RemembersMoving,
    /// A site holds any number of them, kept as a number.
    Counted,
    /// Moves of this type are written without its letter in short notation.
    Unlettered,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Value {
    Bool(bool),
    Int(i64),
}

#[derive(Clone, Debug)]
pub enum SetupEntry {
    /// `hand white: 12 man`
    Hand { player: Name, count: Spanned<i64>, piece: Name },
    /// `white man on a1, b2`; `neutral 4 seed on S1` (a counted type: 4 on each site)
    Pieces { owner: Name, count: Option<Spanned<i64>>, piece: Name, sites: Vec<Name> },
}

#[derive(Clone, Debug)]
pub enum RepetitionRule {
    /// The player whose move recreates an earlier position loses.
    Loses,
    /// The game is drawn when a position occurs this many times.
    DrawAfter(i64),
    /// A move may not recreate an earlier position.
    Forbidden,
    /// A move may not recreate a position of the last N plies.
    ForbiddenWithin(Spanned<i64>),
}

#[derive(Clone, Debug)]
pub struct PhaseDecl {
    pub name: Name,
    /// `by chance`: the chance player throws the dice in this phase.
    pub chance: Option<Span>,
    pub rules: Vec<PhaseRule>,
    /// Per rule: its label (`jump: move man { … }`), if it has one, and
    /// the span of the whole entry. Variants replace and remove rules by name.
    pub entries: Vec<(Option<Name>, Span)>,
}

#[derive(Clone, Debug)]
pub enum PhaseRule {
    /// `place [neutral] TYPE on CONDITION [when GAME-CONDITION] [{ EFFECTS }]`;
    /// a neutral piece comes from no hand. The effects are custodial
    /// captures and flips.
    Place { neutral: bool, piece: Name, on: SiteCond, guard: Option<GameCond>, effects: Vec<Statement>, span: Span },
    /// `must capture`: when a capture is possible, only captures are legal.
    MustCapture { most: bool, span: Span },
    /// `must leave CONDITION`: only moves after which it holds are legal.
    MustLeave { cond: GameCond, span: Span },
    /// `must use most dice`: only moves after which the most dice can
    /// still be spent (and of one die, the largest).
    MustUseDice { span: Span },
    /// `chains differ by path|captures`: how two chain moves are told apart.
    ChainsDiffer { by_captures: bool, span: Span },
    /// `together { MOVE MOVE }`: one move of two different pieces.
    Together { parts: Vec<PhaseRule>, span: Span },
    /// `after move [when CONDITION] { EFFECTS }`
    AfterEffects { when: Option<GameCond>, effects: Vec<Effect>, span: Span },
    /// `move [neutral] TYPE [from hand] [when GAME-CONDITION] { PROGRAM }`:
    /// `neutral` moves pieces nobody owns instead of the mover's own;
    /// `from hand` (its span) moves pieces from the mover's hand onto a track.
    Move {
        neutral: bool,
        piece: Name,
        from_hand: Option<Span>,
        guard: Option<GameCond>,
        program: Vec<Statement>,
        span: Span,
    },
    /// `move group [with TYPE] [when from has TYPE] { MOVEMENT [where
    /// CONDITION] [passing CONDITION] }`
    Group {
        power: Option<Name>,
        needs: Option<Name>,
        movement: Box<Statement>,
        condition: Option<StaticCond>,
        passing: Option<StaticCond>,
        span: Span,
    },
    /// `may add TYPES from hand, TYPES from supply when CONDITION`
    Add { sources: Vec<(Vec<Name>, Spanned<Pool>)>, when: MoveCond, span: Span },
    /// `next PHASE [passing the turn] [when CONDITION]`
    Next { phase: Name, pass_turn: bool, when: Option<GameCond>, span: Span },
    /// `turn stays` or `turn passes`
    Turn { stays: bool, span: Span },
    /// `after move [TYPE]: COUNTER op N`; with a type, only after moves of that type.
    After { trigger: Spanned<Trigger>, piece: Option<Name>, when: Option<GameCond>, update: Update },
    /// `action NAME [when CONDITION] { EFFECTS }`
    Action { name: Name, when: Option<GameCond>, effects: Vec<Effect>, span: Span },
    /// `when blocked [and CONDITION]: ACTION`; the condition is seen from the blocked player.
    Blocked { when: Option<GameCond>, action: Spanned<BlockedActionDecl> },
    /// `promote TYPE on SITE-CONDITION from hand`
    /// `to`: the types the mover chooses from; empty for `from hand`.
    /// `or from SITE-CONDITION`: a move starting there promotes too.
    Promote { piece: Name, on: SiteCond, from: Option<SiteCond>, to: Vec<Name>, span: Span },
    /// `along TRACK at most N`
    Along { track: Name, limit: Spanned<i64> },
    /// `if OPTION { RULES } else { RULES }`
    If { option: Name, then: Vec<PhaseRule>, otherwise: Vec<PhaseRule> },
}

/// One effect of an action or an `after move` block, run in order.
#[derive(Clone, Debug)]
pub enum Effect {
    Update(Update),
    If {
        when: GameCond,
        then: Vec<Effect>,
        otherwise: Vec<Effect>,
    },
    /// `remove PATTERN`: every piece of every run.
    RemovePattern(Name),
    /// `remove on CONDITION`: every piece on a site that meets it.
    RemoveOn(SiteCond),
    /// `place [neutral] TYPE on every CONDITION`
    PlaceEvery {
        neutral: bool,
        piece: Name,
        on: SiteCond,
        span: Span,
    },
    /// `mover wins "reason"`, `draw`: the game ends.
    End {
        result: EndResult,
        reason: Option<Spanned<String>>,
        span: Span,
    },
    /// `next PHASE [passing the turn]`
    Next {
        phase: Name,
        pass_turn: bool,
    },
    /// `gather SITES into SITE [unless it empties SITES]`.
    Gather {
        source: GatherSource,
        into: SiteCond,
        unless: Option<SiteCond>,
        span: Span,
    },
    /// `turn stays` or `turn passes`, for this move only.
    Turn {
        stays: bool,
        span: Span,
    },
}

/// The sites a `gather` empties.
#[derive(Clone, Debug)]
pub enum GatherSource {
    /// Every site meeting the condition.
    Sites(SiteCond),
    /// `from last_to back along TRACK while CONDITION`: the site the last
    /// move ended on (or left), then the sites before it on the mover's path
    /// of the track, as long as each meets the condition.
    Run { last_to: bool, track: Name, cond: SiteCond, span: Span },
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Trigger {
    Move,
    Capture,
    Promotion,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UpdateOp {
    Add,
    Sub,
    Set,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BlockedAction {
    /// The blocked player's turn passes back to the opponent.
    Skip,
    /// The blocked player makes the move `pass`.
    Pass,
    Lose,
    Draw,
}

/// A `when blocked` action as written: one of the plain ones, or `next
/// PHASE [passing the turn]`.
#[derive(Clone, Debug)]
pub enum BlockedActionDecl {
    Plain(BlockedAction),
    Next(Name, bool),
}

/// How far `advance` goes: one of the dice thrown, spent by the move, or
/// any number conditions read.
#[derive(Clone, Debug)]
pub enum AdvanceBy {
    Dice(Span),
    Number(Operand, Span),
}

/// `off [exact] [when CONDITION]`: past the end of the track, off the board.
#[derive(Clone, Debug)]
pub struct BearOff {
    /// Only by the exact number; otherwise a larger number too, for the
    /// piece farthest back.
    pub exact: bool,
    pub when: Option<GameCond>,
    pub span: Span,
}

/// One statement of a move program.
#[derive(Clone, Debug)]
pub enum Statement {
    /// `sow TRACK [skipping CONDITION]`.
    Sow {
        track: Name,
        skipping: Option<SiteCond>,
        span: Span,
    },
    /// `advance TRACK by dice|NUMBER [to CONDITION] [off …]`: along the
    /// mover's path of an ordered track.
    Advance {
        track: Name,
        by: AdvanceBy,
        to: Option<SiteCond>,
        off: Option<BearOff>,
        span: Span,
    },
    If {
        option: Name,
        then: Vec<Statement>,
        otherwise: Vec<Statement>,
        span: Span,
    },
    Step {
        heading: Heading,
        to: Option<SiteCond>,
        span: Span,
    },
    Slide {
        heading: Heading,
        distance: Option<Spanned<(i64, Option<i64>)>>,
        /// `by NUMBER`: exactly as far as a die, a counter or a count says.
        by: Option<SlideBy>,
        over: Option<SiteCond>,
        through: Option<SiteCond>,
        to: Option<SiteCond>,
        /// With `over` and `again`, a chain of slides, each over a piece.
        again: Option<Again>,
        span: Span,
    },
    /// Over the adjacent site (which must pass `over`) to the one beyond;
    /// with `again`, a chain of such hops in one move.
    Hop {
        directions: Directions,
        over: SiteCond,
        to: Option<SiteCond>,
        again: Option<Again>,
        span: Span,
    },
    Capture {
        mode: Option<Spanned<EffectMode>>,
        target: CaptureTarget,
        span: Span,
    },
    /// `leap (A, B)`: to the sites A squares one way and B the other
    /// (square boards), over whatever lies between.
    Leap {
        offsets: (Spanned<i64>, Spanned<i64>),
        to: Option<SiteCond>,
        span: Span,
    },
    /// `fly [to CONDITION]`: to any site meeting the condition (by
    /// default an empty one), on any board.
    Fly {
        to: Option<SiteCond>,
        span: Span,
    },
    /// Turn over the reversible piece on a site of the move.
    Flip {
        site: Spanned<MoveSite>,
        span: Span,
    },
    /// `[must] flip custodial DIRECTIONS`: every run of enemy pieces from the
    /// destination closed off by a friendly piece is turned over.
    FlipCustodial {
        mode: Option<Spanned<EffectMode>>,
        directions: Directions,
        span: Span,
    },
    /// `forbid leaves GAME-CONDITION`: the rule's moves after which the
    /// condition holds (seen from the mover) are not legal.
    ForbidLeaves {
        cond: GameCond,
        span: Span,
    },
    /// Moves satisfying the condition are not legal.
    Forbid {
        cond: MoveCond,
        span: Span,
    },
    /// `then [may|must] [when CONDITION] ACTION`: a follow-up of the same
    /// player after the move, part of the same move.
    Then {
        mode: Option<Spanned<EffectMode>>,
        guard: Option<GameCond>,
        action: FollowUpDecl,
        span: Span,
    },
}

/// What a follow-up does, on a site the player chooses.
#[derive(Clone, Debug)]
pub enum FollowUpDecl {
    /// `place [neutral] TYPE on CONDITION`, or `place [neutral] TYPE {
    /// MOVEMENT }`: on a site the movement reaches from the destination.
    Place { neutral: bool, piece: Name, on: Option<SiteCond>, movement: Vec<Statement> },
    /// `remove on CONDITION`: the piece on one such site.
    Remove { on: SiteCond },
}

/// A site of the move being made.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MoveSite {
    From,
    To,
    /// The site hopped or flown over.
    Over,
    /// The next site beyond `to` in the direction of the last movement.
    Ahead,
}

/// A condition on the move being made: tests on its sites.
#[derive(Clone, Debug)]
pub enum MoveCond {
    Is {
        site: Spanned<MoveSite>,
        cond: SiteCond,
    },
    /// `moving OP N`: how many of the mover's pieces move (group moves).
    Moving(CompareOp, Spanned<i64>),
    /// `moved by TYPE`: the move used the movement of a piece of TYPE.
    MovedBy(Name),
    Not(Box<MoveCond>),
    And(Vec<MoveCond>),
    Or(Vec<MoveCond>),
}

/// Which way a movement statement goes.
#[derive(Clone, Debug)]
pub enum Heading {
    /// Any of the directions; with `keep`, the piece's own direction once it has one.
    Any { directions: Directions, keep: bool },
    /// The direction of the movement before.
    Straight(Span),
    /// Any of the directions on another line than the movement before.
    Turn(Directions),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EffectMode {
    /// The player chooses: the move exists with and without the effect.
    May,
    /// Only moves where the effect happens are legal.
    Must,
}

#[derive(Clone, Debug)]
pub enum CaptureTarget {
    Custodial {
        kind: Spanned<CaptureKind>,
        directions: Directions,
        /// The run lengths taken (`2`, `1..2`; none: any).
        length: Option<Spanned<(i64, Option<i64>)>>,
        /// `where COND`: only pieces on sites meeting it are taken.
        taken: Option<SiteCond>,
        /// `against COND`: sites meeting it close a run as a friend does.
        against: Option<SiteCond>,
    },
    /// The piece on a site of the move, if it is an enemy's and passes the condition.
    Site { site: Spanned<MoveSite>, condition: Option<SiteCond> },
    /// Every enemy piece on a site meeting the condition (`capture on COND`).
    On(SiteCond),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CaptureKind {
    /// Enemy pieces in a line closed off by a friendly piece.
    Custodial,
}

/// A set of directions: one name (a direction or a named set) or a list.
#[derive(Clone, Debug)]
pub struct Directions {
    pub names: Vec<Name>,
    pub span: Span,
}

/// `again [or stop] [until COND]` after a hop or a slide over a piece: the
/// movement repeats from where it lands, over pieces not passed over
/// before in the move.
#[derive(Clone, Debug)]
pub struct Again {
    /// `or stop`: the chain may end after any hop; otherwise only when no
    /// further hop is possible.
    pub may_stop: bool,
    /// The chain ends on a site meeting this condition.
    pub until: Option<SiteCond>,
    pub span: Span,
}

/// How many of the sites along rays (or next to a site) must meet a condition.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RayQuant {
    Some,
    No,
    Every,
    /// `count(…) OP N`: how many meet it compares so with N.
    Count(CompareOp, i64),
}

/// How far a slide `by …` goes.
#[derive(Clone, Debug)]
pub enum SlideBy {
    /// A die, a counter, an option or any number conditions read.
    Number(Operand, Span),
    /// `count(line is CONDITION)`: the sites of the line through the start,
    /// both ways along the direction of movement, that meet the condition.
    Line(SiteCond, Span),
}

/// A condition on one site.
#[derive(Clone, Debug)]
pub enum SiteCond {
    Name(Name),
    /// `REGION(WHO)`: a player's sites of a per-player region.
    RegionOf {
        region: Name,
        who: Name,
    },
    /// `QUANT along|next DIRECTIONS is CONDITION`: of the sites along the
    /// rays from the site (every site to the edge) or next to it; or
    /// `count(along|next DIRECTIONS is CONDITION) OP N`.
    Ray {
        quant: RayQuant,
        along: bool,
        directions: Directions,
        cond: Box<SiteCond>,
        span: Span,
    },
    /// `transpose(CONDITION)`: the site with its file and rank exchanged
    /// meets the condition.
    Transpose(Box<SiteCond>, Span),
    /// `pieces OP N`: the number of pieces on the site.
    Pieces(CompareOp, Spanned<i64>, Span),
    /// `liberties[(DIRECTIONS)] OP N`: the empty sites next to the group
    /// of the piece on the site.
    Liberties {
        directions: Option<Directions>,
        op: CompareOp,
        value: Spanned<i64>,
        span: Span,
    },
    Not(Box<SiteCond>, Span),
    And(Vec<SiteCond>),
    Or(Vec<SiteCond>),
}

/// A condition on the whole game.
#[derive(Clone, Debug)]
pub enum GameCond {
    HandsEmpty(Span),
    Count {
        who: Name,
        piece: Option<Name>,
        /// `in REGION`: only the pieces on the region's sites.
        region: Option<Name>,
        op: CompareOp,
        value: Operand,
        span: Span,
    },
    Full {
        region: Name,
        span: Span,
    },
    /// `blocked`: the player to move has no legal move.
    Blocked(Span),
    /// `repeated`: the position just reached was reached before.
    Repeated(Span),
    /// `all blocked`: no player has a legal move.
    AllBlocked(Span),
    /// `all passed`: every player in a row has just passed.
    AllPassed(Span),
    /// `threatened(WHO, TYPE)`: the opponent of WHO could capture WHO's piece of TYPE.
    Threatened {
        who: Name,
        piece: Name,
        span: Span,
    },
    /// `COUNTER OP VALUE`; `who` for a per-player counter, `score(mover)`.
    Counter {
        counter: Name,
        who: Option<Name>,
        op: CompareOp,
        value: Operand,
        span: Span,
    },
    /// `LEFT OP RIGHT` where the left side is not a lone counter.
    Compare {
        left: Operand,
        op: CompareOp,
        right: Operand,
        span: Span,
    },
    /// `found(PATTERN)`: the pattern has a run.
    Found(Name),
    /// `connected(WHO, REGION, REGION)`
    Connected {
        who: Name,
        from: Name,
        to: Name,
    },
    /// A true-or-false option's name.
    Flag(Name),
    Not(Box<GameCond>, Span),
    And(Vec<GameCond>),
    Or(Vec<GameCond>),
}

/// `count(WHO[, TYPE] [in REGION])`
#[derive(Clone, Debug)]
pub struct CountOf {
    pub who: Name,
    pub piece: Option<Name>,
    pub region: Option<Name>,
    pub span: Span,
}

/// What a pattern measure reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Measure {
    /// The sites of all runs together.
    Size,
    /// The length of the longest run.
    Longest,
}

/// A number in a comparison or an update.
#[derive(Clone, Debug)]
pub enum Operand {
    /// `A + B + …`
    Sum(Vec<Operand>),
    /// `size(PATTERN)`, `longest(PATTERN)`
    Measure(Measure, Name),
    /// `sites(CONDITION)`: how many sites meet the condition.
    Sites(Box<SiteCond>, Span),
    /// `pieces(CONDITION)`: the pieces on the sites meeting it.
    Pieces(Box<SiteCond>, Span),
    /// The plies played so far.
    Plies(Span),
    /// `captured`: the pieces the last move captured.
    Captured(Span),
    /// `hand(WHO[, TYPE])`: pieces in WHO's hand (of a type or group).
    Hand {
        who: Name,
        piece: Option<Name>,
        span: Span,
    },
    /// `groups(WHO[, DIRECTIONS])`: the groups WHO's pieces form, pieces
    /// next to each other along the directions (all the board's if none).
    Groups {
        who: Name,
        directions: Option<Directions>,
        span: Span,
    },
    /// `count(WHO[, TYPE] [in REGION])` (boxed: it is larger than the others)
    Count(Box<CountOf>),
    /// `territory(WHO[, DIRECTIONS])`: the empty sites whose empty region
    /// touches WHO's pieces only.
    Territory {
        who: Name,
        directions: Option<Directions>,
        span: Span,
    },
    /// A number with a fraction (`7.5`), in thousandths; `digits` after the point.
    Decimal {
        thousandths: i64,
        digits: usize,
        span: Span,
    },
    Number(Spanned<i64>),
    /// A number option, a die or a counter.
    Option(Name),
    /// A per-player counter of a player: `score(mover)`.
    PlayerCounter(Name, Name),
}

/// `COUNTER OP AMOUNT`, the counter maybe a player's: `score(mover) += turn`.
#[derive(Clone, Debug)]
pub struct Update {
    pub counter: Name,
    pub who: Option<Name>,
    pub op: UpdateOp,
    pub amount: Operand,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CompareOp {
    Ge,
    Le,
    Eq,
    Ne,
    Gt,
    Lt,
}

impl UpdateOp {
    /// A counter's value after the update by `amount` (saturating).
    pub fn applied(self, value: i64, amount: i64) -> i64 {
        match self {
            UpdateOp::Add => value.saturating_add(amount),
            UpdateOp::Sub => value.saturating_sub(amount),
            UpdateOp::Set => amount,
        }
    }
}

impl CompareOp {
    pub fn holds(self, left: i64, right: i64) -> bool {
        match self {
            CompareOp::Ge => left >= right,
            CompareOp::Le => left <= right,
            CompareOp::Eq => left == right,
            CompareOp::Ne => left != right,
            CompareOp::Gt => left > right,
            CompareOp::Lt => left < right,
        }
    }
}

#[derive(Clone, Debug)]
pub struct EndRule {
    /// Its label, by which a variant replaces or removes it.
    pub label: Option<Name>,
    pub phase: Option<Name>,
    pub when: GameCond,
    pub result: EndResult,
    pub reason: Option<Spanned<String>>,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub enum EndResult {
    /// `mover wins`, `opponent loses`, `white wins`.
    Player {
        who: Name,
        wins: bool,
    },
    Draw,
    /// `most man wins, equal draws`: compare counts of a piece type (or `pieces`) by owner.
    Most {
        piece: Name,
        /// `in REGION`: counted on each player's sites of a per-player region.
        region: Option<Name>,
        on_tie: TieResult,
    },
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TieResult {
    Draw,
    Continue,
}
