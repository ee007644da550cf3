//! The compiled game's definition: board tables, pieces, phases, move and
//! effect ops, end rules, Zobrist keys and the limits they respect. It sits
//! below both the compiler (which builds it) and the engine (which runs it),
//! so neither imports the other.

pub mod limits;
pub mod race;
pub mod rules;
pub mod zobrist;

use crate::board::Board;
use crate::diagnostics::{Diagnostic, Source};
use rules::*;
use zobrist::Zobrist;

/// Cloned only to ask what-if questions (`engine::explain`), never in play.
#[derive(Clone, Debug)]
pub struct Game {
    pub title: String,
    pub players: Vec<String>,
    pub board: Board,
    pub pieces: Vec<PieceDef>,
    pub regions: Vec<RegionDef>,
    pub options: Vec<OptionDef>,
    /// The option values this game was compiled with.
    pub option_values: Vec<i64>,
    pub counters: Vec<CounterDef>,
    pub phases: Vec<PhaseDef>,
    pub end_rules: Vec<EndRuleDef>,
    /// Some end rule reads `blocked`: random playouts learn it from the
    /// next move drawn rather than by a search (`State::apply_deferring`).
    pub end_reads_blocked: bool,
    /// Some condition reads `repeated`: positions keep their history, as
    /// with a repetition rule.
    pub reads_repeated: bool,
    pub repetition: Option<Repetition>,
    /// The reason the `repetition` item gives, if it gives one.
    pub repetition_reason: Option<String>,
    /// `repetition forbidden unless all other moves leave CONDITION`: the
    /// condition, seen from the mover after each non-repeating move.
    pub repetition_unless: Option<GameTest>,
    /// `repetition forbidden within N plies`: only the positions of the
    /// last N plies are compared.
    pub repetition_window: Option<usize>,
    pub setup: SetupDef,
    /// Some piece type is royal: moves must not leave one threatened.
    pub has_royal: bool,
    /// Some piece type is `counted`: sites hold heaps (`Position::heaps`).
    pub counted: bool,
    /// Some condition reads `unmoved`: positions keep the sites of pieces
    /// that have not moved (`Position::unmoved`).
    pub tracks_unmoved: bool,
    /// How the threat test sees pieces (`threat` items).
    pub threats: Vec<ThreatDef>,
    /// Texts that name the moves of labelled rules (`notation` items).
    pub notations: Vec<NotationDef>,
    pub tracks: Vec<TrackDef>,
    /// The `dice` item, if the game throws dice.
    pub dice: Option<DiceDef>,
    /// Sites hold stacks of pieces (`stacks` item); `None`: one piece a site.
    pub stacks: Option<StackDef>,
    pub attributes: Vec<AttributeDef>,
    pub patterns: Vec<PatternDef>,
    /// The reasons given by effects that end the game (`mover wins "…"`).
    pub said: Vec<String>,
    pub zobrist: Zobrist,
    /// Owner and type of each cell code, looked up rather than divided out.
    pub code_owner: Vec<Player>,
    pub code_type: Vec<PieceType>,
    /// Warnings found while checking (the game compiled, so there are no errors).
    pub warnings: Vec<Diagnostic>,
    pub source: Source,
}

impl Game {
    /// Whether positions keep the hashes of the positions before them.
    pub fn keeps_history(&self) -> bool {
        self.repetition.is_some() || self.reads_repeated
    }

    pub fn owner_count(&self) -> usize {
        self.players.len() + 1
    }

    /// The index used for pieces nobody owns.
    pub fn neutral(&self) -> Player {
        self.players.len() as Player
    }

    /// The cell code of a piece: 0 is an empty site.
    #[inline]
    pub fn code(&self, owner: Player, piece: PieceType) -> Code {
        1 + piece as Code * self.owner_count() as Code + owner as Code
    }

    /// The player after `player` in turn order (no division: this runs every ply).
    #[inline]
    pub fn next_player(&self, player: Player) -> Player {
        let next = player + 1;
        if next as usize >= self.players.len() { 0 } else { next }
    }

    #[inline]
    pub fn owner_of(&self, code: Code) -> Player {
        self.code_owner[code as usize]
    }

    #[inline]
    pub fn type_of(&self, code: Code) -> PieceType {
        self.code_type[code as usize]
    }

    /// The hand a captured piece goes to, and as what type: `None` when
    /// it leaves the game (its type does not return, nobody owns it, or
    /// the capturer is not a player).
    #[inline]
    pub fn returned(&self, code: Code, capturer: Player) -> Option<(Player, PieceType)> {
        let (owner, piece) = (self.owner_of(code), self.type_of(code));
        let def = &self.pieces[piece as usize];
        let hand = if def.to_capturer { capturer } else { owner };
        (def.returns && (owner as usize) < self.players.len() && (hand as usize) < self.players.len())
            .then(|| (hand, def.returns_as.unwrap_or(piece)))
    }

    /// A player's name; `chance` for the chance player, `neutral` for nobody.
    pub fn player_name(&self, player: Player) -> &str {
        match self.players.get(player as usize) {
            Some(name) => name,
            None if player == CHANCE => "chance",
            None => "neutral",
        }
    }

    pub fn player_index(&self, name: &str) -> Option<Player> {
        self.players.iter().position(|p| p == name).map(|p| p as Player)
    }

    /// "white man", "neutral disc": how a piece is written in traces and positions.
    pub fn describe_code(&self, code: Code) -> String {
        let owner = self.owner_of(code);
        let owner = self.players.get(owner as usize).map_or("neutral", String::as_str);
        format!("{owner} {}", self.pieces[self.type_of(code) as usize].name)
    }

    /// "neutral 4 seed": `n` pieces of a code on one site, as position files
    /// write a heap (a single piece as `describe_code` does).
    pub fn describe_pieces(&self, code: Code, n: u32) -> String {
        if n == 1 {
            return self.describe_code(code);
        }
        let owner = self.owner_of(code);
        let owner = self.players.get(owner as usize).map_or("neutral", String::as_str);
        format!("{owner} {n} {}", self.pieces[self.type_of(code) as usize].name)
    }

    /// A fingerprint of the rules' text (a variant with its bases), for
    /// transcripts to say which rules they were played under: FNV-1a, 64 bits.
    pub fn rules_hash(&self) -> String {
        let hash = self
            .source
            .text
            .bytes()
            .fold(0xcbf2_9ce4_8422_2325_u64, |hash, byte| (hash ^ byte as u64).wrapping_mul(0x0000_0100_0000_01b3));
        format!("{hash:016x}")
    }

    pub fn option_value(&self, name: &str) -> Option<i64> {
        self.options.iter().position(|o| o.name == name).map(|i| self.option_values[i])
    }
}
