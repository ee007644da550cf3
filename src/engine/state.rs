//! A game state: flat arrays of small integers plus an incremental hash.
//! `apply` changes it in place and allocates nothing (the repetition history,
//! kept only for games with a repetition rule, grows by one hash a move).

use super::movegen::{Rules, View};
use super::outcome::{Outcome, OutcomeCode};
use crate::board::{Dir, NO_SITE, SetTable, Site};
use crate::game::Game;
use crate::game::limits::MAX_STACK;
use crate::game::rules::*;
use crate::with_width;
use std::sync::Arc;

/// A move: which rule of the phase made it and the choices taken. What the
/// move then does (captures, counters) follows from these and the position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    pub rule: u8,
    pub piece: PieceType,
    /// `NO_SITE` for a piece placed from hand.
    pub from: Site,
    pub to: Site,
    /// The site hopped or flown over, or `NO_SITE`.
    pub over: Site,
    /// The direction of the last movement, or `NO_DIR` (a placement).
    pub dir: Dir,
    /// Optional effects taken: bit i for the rule's `May(i)` effect.
    pub taken: u8,
    /// The piece type chosen for a promotion, or `NO_CHOICE`.
    pub choice: PieceType,
    /// For a group move, the pieces of the start's stack that go: bit i for
    /// the piece at level i (0: the bottom). 0 for other moves.
    pub group: u8,
    /// The site of the rule's follow-up (`then …`), or `NO_SITE`.
    pub then: Site,
}

/// No direction (placements).
pub const NO_DIR: Dir = Dir::MAX;
/// Marks an action among moves that name no site.
pub const ACTION: Dir = Dir::MAX - 1;
/// The rule number of a pass (`when blocked: pass`), which no phase has.
pub const PASS: u8 = u8::MAX;
/// No promotion choice.
pub const NO_CHOICE: PieceType = PieceType::MAX;

/// Everything that changes during a game.
#[derive(Clone, Debug, PartialEq)]
pub struct Position {
    /// Piece code per site; 0 is empty (see `Game::code`).
    pub cells: Vec<Code>,
    /// `hands[player * types + type]`.
    pub hands: Vec<u16>,
    pub counters: Vec<i64>,
    /// Pieces on the board, `counts[owner * types + type]`, owner `neutral` last.
    pub counts: Vec<u16>,
    /// `sets[code]`: the sites holding that piece; `sets[0]` the empty sites.
    pub sets: SetTable,
    /// Per-site state of the piece there (0: none; a stored direction + 1).
    pub states: Vec<Dir>,
    pub phase: u8,
    pub to_move: Player,
    pub ply: u32,
    /// The sites the previous ply left and reached (`NO_SITE` for none), for
    /// rules about the last move. Not part of the hash: a position is the
    /// pieces, hands, phase and player to move.
    pub last_from: Site,
    pub last_to: Site,
    /// The second piece's destination, after a move of two pieces.
    pub last_to_second: Site,
    /// How many pieces the previous ply captured (`captured`); not part of
    /// the hash either.
    pub last_captured: u32,
    /// How many plies in a row were passes (`all passed`).
    pub passes: u8,
    /// In games that read `unmoved`, one set: the sites whose piece has not
    /// moved since the start (or since it was placed); empty otherwise.
    pub unmoved: SetTable,
    pub hash: u64,
    pub outcome: Option<OutcomeCode>,
    /// Hashes of the positions so far, for repetition rules.
    pub history: Vec<u64>,
    /// The dice's values, one per die (0 before the first throw).
    pub dice: Vec<u8>,
    /// In games whose moves spend dice, how many more times each die may
    /// be spent (see `engine::race`); empty otherwise.
    pub uses: Vec<u8>,
    /// Games with stacks: `stack[site * MAX_STACK + level]`, bottom first,
    /// and `heights[site]` (both empty in other games; see `stack.rs`).
    pub stack: Vec<Code>,
    pub heights: Vec<u8>,
    /// Games with a counted type: the number of pieces on each site (empty
    /// in other games; see `heap.rs`).
    pub heaps: Vec<u16>,
}

impl Position {
    /// Copies everything but the repetition history (scratch positions for
    /// the threat test need the pieces, not the past).
    pub(crate) fn copy_pieces_from(&mut self, other: &Position) {
        self.cells.clone_from(&other.cells);
        self.hands.clone_from(&other.hands);
        self.counters.clone_from(&other.counters);
        self.counts.clone_from(&other.counts);
        self.sets.clone_from(&other.sets);
        self.states.clone_from(&other.states);
        self.phase = other.phase;
        self.to_move = other.to_move;
        self.ply = other.ply;
        self.hash = other.hash;
        self.outcome = other.outcome;
        self.last_from = other.last_from;
        self.last_to = other.last_to;
        self.last_to_second = other.last_to_second;
        self.last_captured = other.last_captured;
        self.passes = other.passes;
        self.unmoved.clone_from(&other.unmoved);
        self.stack.clone_from(&other.stack);
        self.dice.clone_from(&other.dice);
        self.uses.clone_from(&other.uses);
        self.heights.clone_from(&other.heights);
        self.heaps.clone_from(&other.heaps);
        self.history.clear();
    }
}

#[derive(Clone, Debug)]
pub struct State {
    pub(crate) game: Arc<Game>,
    pub(crate) pos: Position,
}

impl State {
    /// The start: setup pieces on the board, hands filled, first phase, first player.
    pub fn initial(game: Arc<Game>) -> State {
        let types = game.pieces.len();
        let mut pos = Position {
            cells: vec![0; game.board.site_count()],
            hands: vec![0; game.owner_count() * types],
            counters: game.counters.iter().map(|c| c.initial).collect(),
            counts: vec![0; game.owner_count() * types],
            sets: SetTable::new(game.board.width, 1 + game.owner_count() * types),
            states: vec![0; game.board.site_count()],
            phase: 0,
            to_move: 0,
            ply: 0,
            last_from: NO_SITE,
            last_to: NO_SITE,
            last_to_second: NO_SITE,
            last_captured: 0,
            passes: 0,
            unmoved: SetTable::new(game.board.width, game.tracks_unmoved as usize),
            hash: 0,
            outcome: None,
            history: Vec::new(),
            stack: Vec::new(),
            heights: Vec::new(),
            heaps: if game.counted { vec![0; game.board.site_count()] } else { Vec::new() },
            dice: vec![0; game.dice.as_ref().map_or(0, |d| d.names.len())],
            uses: vec![0; game.dice.as_ref().filter(|d| d.spent_by_moves).map_or(0, |d| d.names.len())],
        };
        if game.stacks.is_some() {
            pos.stack = vec![0; game.board.site_count() * MAX_STACK];
            pos.heights = vec![0; game.board.site_count()];
        }
        for &(player, piece, count) in &game.setup.hands {
            pos.hands[player as usize * types + piece as usize] += count as u16;
        }
        for &(site, owner, piece, count) in &game.setup.pieces {
            pos.cells[site as usize] = game.code(owner, piece);
            if game.counted {
                pos.heaps[site as usize] = count;
            }
            if game.pieces[piece as usize].remembers_moving {
                pos.unmoved.insert(0, site);
            }
            if game.stacks.is_some() {
                pos.stack[site as usize * MAX_STACK] = game.code(owner, piece);
                pos.heights[site as usize] = 1;
            }
        }
        let mut state = State { game, pos };
        state.refresh();
        state
    }

    /// Recomputes counts and hash from the cells (after loading or editing a position).
    pub(crate) fn refresh(&mut self) {
        let game = &*self.game;
        let types = game.pieces.len();
        self.pos.counts.iter_mut().for_each(|c| *c = 0);
        self.pos.sets.clear();
        if game.stacks.is_some() {
            for site in 0..game.board.site_count() {
                let height = self.pos.heights[site] as usize;
                let stack = &self.pos.stack[site * MAX_STACK..site * MAX_STACK + height];
                self.pos.cells[site] = stack.last().copied().unwrap_or(0);
                if height == 0 {
                    self.pos.sets.insert(0, site as Site);
                }
                for &code in stack {
                    self.pos.sets.insert(code as usize, site as Site);
                    self.pos.counts[game.owner_of(code) as usize * types + game.type_of(code) as usize] += 1;
                }
            }
        } else {
            for (site, &code) in self.pos.cells.iter().enumerate() {
                self.pos.sets.insert(code as usize, site as Site);
                if code != 0 {
                    let n = if game.counted { self.pos.heaps[site] } else { 1 };
                    self.pos.counts[game.owner_of(code) as usize * types + game.type_of(code) as usize] += n;
                }
            }
        }
        self.pos.hash = self.compute_hash();
        self.pos.history.clear();
        if game.keeps_history() {
            self.pos.history.push(self.pos.hash);
        }
        let players = game.players.len() as Player;
        let previous = (self.pos.to_move + players - 1) % players;
        self.settle_turn(previous);
    }

    /// The hash computed from scratch; the incremental one must always equal it.
    pub fn compute_hash(&self) -> u64 {
        let game = &*self.game;
        let z = &game.zobrist;
        let types = game.pieces.len();
        let mut hash = z.phase(self.pos.phase as usize) ^ z.to_move(self.pos.to_move as usize);
        for (site, &code) in self.pos.cells.iter().enumerate() {
            if game.stacks.is_some() {
                hash ^= super::stack::stack_hash(game, site as Site, self.pos.stack(site as Site));
            } else if game.counted {
                hash ^= z.heap(site, code, self.pos.heaps[site]);
            } else if code != 0 {
                hash ^= z.cell(site, code);
            }
            hash ^= z.state(site, self.pos.states[site]);
        }
        for (die, &value) in self.pos.dice.iter().enumerate() {
            hash ^= z.die(die, value);
        }
        hash ^= super::race::uses_hash(game, &self.pos);
        if game.tracks_unmoved {
            hash ^= self.pos.unmoved.sites(0).iter().fold(0, |h, site| h ^ z.unmoved(site as usize));
        }
        for (i, &count) in self.pos.hands.iter().enumerate() {
            hash ^= z.hand(i / types, i % types, count);
        }
        for (i, _) in game.counters.iter().enumerate().filter(|(_, c)| !c.clock) {
            hash ^= z.counter(i, self.pos.counters[i]);
        }
        hash
    }

    pub fn game(&self) -> &Arc<Game> {
        &self.game
    }

    pub fn position(&self) -> &Position {
        &self.pos
    }

    /// The player to move: `CHANCE` in a phase by chance.
    pub fn current_player(&self) -> Player {
        if self.game.phases[self.pos.phase as usize].chance { CHANCE } else { self.pos.to_move }
    }

    /// The player whose turn it is: in a phase by chance, the one who holds
    /// the dice.
    pub fn holder(&self) -> Player {
        self.pos.to_move
    }

    /// The dice's values (empty without dice; 0 before the first throw).
    pub fn dice(&self) -> &[u8] {
        &self.pos.dice
    }

    /// How many of the equally likely throws give this chance move (1 for
    /// any other move): random play draws chance moves by it.
    pub fn weight(&self, mv: &Move) -> u32 {
        match &self.game.dice {
            Some(dice) if mv.is_chance() => dice.outcomes.get(mv.choice as usize).map_or(0, |o| o.1),
            _ => 1,
        }
    }

    pub fn hash(&self) -> u64 {
        self.pos.hash
    }

    pub fn ply(&self) -> u32 {
        self.pos.ply
    }

    pub fn phase_name(&self) -> &str {
        &self.game.phases[self.pos.phase as usize].name
    }

    pub fn is_over(&self) -> bool {
        self.pos.outcome.is_some()
    }

    pub fn outcome(&self) -> Option<Outcome> {
        self.pos.outcome.map(|code| Outcome::describe(&self.game, code))
    }

    /// The piece code on a site (0 when empty).
    pub fn cell(&self, site: Site) -> Code {
        self.pos.cells[site as usize]
    }

    pub fn hand(&self, player: Player, piece: PieceType) -> u16 {
        self.pos.hands[player as usize * self.game.pieces.len() + piece as usize]
    }

    pub fn counter(&self, name: &str) -> Option<i64> {
        self.game.counters.iter().position(|c| c.name == name).map(|i| self.pos.counters[i])
    }

    /// Pieces on the board owned by `owner` (of one type, or all).
    pub fn count(&self, owner: Player, piece: Option<PieceType>) -> u32 {
        super::apply::count(&self.game, &self.pos, owner, piece)
    }

    /// Legal moves of the player to move, written into `buf` (cleared first).
    pub fn legal_moves(&self, buf: &mut Vec<Move>) {
        buf.clear();
        if self.pos.outcome.is_none() {
            let phase = &self.game.phases[self.pos.phase as usize];
            if phase.must_capture && !phase.capture_most && phase.capturing.contains(&false) {
                self.capturing_first(buf);
            } else {
                self.generate(Rules::All, buf);
                if phase.capture_most {
                    self.most_captures_only(buf);
                } else if phase.must_capture {
                    self.captures_only(buf);
                }
            }
            if phase.most_dice {
                self.most_dice_only(buf);
            }
            if buf.is_empty() && self.passes() {
                buf.push(Move::pass());
            }
        }
    }

    /// Writes the moves of the rules asked for into `buf` (empty),
    /// deduplicated if the phase says so.
    fn generate(&self, rules: Rules, buf: &mut Vec<Move>) {
        let start = buf.len();
        with_width!(self.game.board.width, S => {
            View::<S> { rules, ..self.view::<S>() }.generate_into(self.pos.to_move, buf)
        });
        if self.game.phases[self.pos.phase as usize].dedupe {
            debug_assert_eq!(start, 0, "deduplicated lists are generated whole");
            self.dedupe(buf);
        }
    }

    /// `must capture` in a phase where some rules never capture: the rules
    /// that can capture first; only when none does are the others asked.
    /// The same list as generating every rule and keeping the captures, in
    /// the same order: rules are generated in order, and a rule that never
    /// captures adds nothing to a list of captures.
    fn capturing_first(&self, buf: &mut Vec<Move>) {
        self.generate(Rules::Capturing, buf);
        if self.captures_only(buf) {
            return;
        }
        if buf.is_empty() {
            // The capturing rules gave nothing: the list is the others'.
            self.generate(Rules::Quiet, buf);
        } else {
            buf.clear();
            self.generate(Rules::All, buf);
        }
    }

    /// `must capture`: when some move captures, keeps only the captures
    /// (and says so).
    fn captures_only(&self, buf: &mut Vec<Move>) -> bool {
        with_width!(self.game.board.width, S => {
            let view = self.view::<S>();
            let player = self.pos.to_move;
            let any = buf.iter().any(|m| view.captures(m, player));
            if any {
                buf.retain(|m| view.captures(m, player));
            }
            any
        })
    }

    /// `must capture most`: keeps the moves that take the most pieces (a
    /// chain takes one a hop; any other capture counts one).
    fn most_captures_only(&self, buf: &mut Vec<Move>) {
        with_width!(self.game.board.width, S => {
            let view = self.view::<S>();
            let player = self.pos.to_move;
            let phase = &self.game.phases[self.pos.phase as usize];
            let taken = |m: &Move| match phase.moves.get(m.rule as usize).and_then(super::chain::chain_of) {
                Some(_) if view.captures(m, player) => super::chain::hop_count(m),
                _ => view.captures(m, player) as u32,
            };
            let most = buf.iter().map(taken).max().unwrap_or(0);
            if most > 0 {
                buf.retain(|m| taken(m) == most);
            }
        })
    }

    /// Whether the player to move, having no move, passes (`when blocked:
    /// pass`, its condition holding).
    fn passes(&self) -> bool {
        let game = &*self.game;
        let rules = &game.phases[self.pos.phase as usize].blocked;
        let player = self.pos.to_move;
        let first = rules
            .iter()
            .find(|(when, _)| when.as_ref().is_none_or(|w| super::apply::test_game(game, &self.pos, w, player)));
        matches!(first, Some((_, BlockedAction::Pass)))
    }

    /// The landing sites of each route of a chain move, its own first: more
    /// than one when chains differ by captures and other routes take the
    /// same pieces (`None` for other moves).
    pub(crate) fn chain_routes(&self, mv: &Move) -> Option<Vec<Vec<Site>>> {
        let routes = with_width!(self.game.board.width, S => {
            let view = self.view::<S>();
            view.with_chain_walk(mv, self.pos.to_move, |walk| view.routes_of(walk, mv))
        })?;
        Some(routes.iter().map(|path| path.links().iter().map(|&(_, land)| land).collect()).collect())
    }

    /// The landing sites of a chain move, in order (`None` for other moves).
    pub(crate) fn chain_landings(&self, mv: &Move) -> Option<Vec<Site>> {
        let path = with_width!(self.game.board.width, S => self.view::<S>().chain_path(mv, self.pos.to_move))?;
        Some(path.links().iter().map(|&(_, land)| land).collect())
    }

    /// Where this capture effect of a move of the player to move removes a
    /// piece, `NO_SITE` when it does not.
    pub(crate) fn captured_at(&self, effect: &EffectOp, mv: &Move) -> Site {
        with_width!(self.game.board.width, S => self.view::<S>().captured_at(effect, mv, self.pos.to_move))
    }

    /// Whether `player` has at least one legal move (stops at the first).
    pub(crate) fn has_move(&self, player: Player) -> bool {
        let mut found = false;
        with_width!(self.game.board.width, S => self.view::<S>().generate(player, &mut |_| {
            found = true;
            false
        }));
        found || (player == self.pos.to_move && self.passes())
    }

    /// Sets who is to move (position files), keeping the hash right.
    pub(crate) fn set_to_move(&mut self, player: Player) {
        self.pos.to_move = player;
    }
}

impl Move {
    /// A move of `piece` by rule `rule` with no choices made: no optional
    /// effect taken, no promotion, no group, no follow-up.
    #[inline]
    pub fn plain(rule: u8, piece: PieceType, from: Site, to: Site, over: Site, dir: Dir) -> Move {
        Move { rule, piece, from, to, over, dir, taken: 0, choice: NO_CHOICE, group: 0, then: NO_SITE }
    }

    /// A placement of `piece` by rule `rule`; the caller sets `to`.
    pub fn placement(rule: u8, piece: PieceType) -> Move {
        Move::plain(rule, piece, NO_SITE, NO_SITE, NO_SITE, NO_DIR)
    }

    /// The site of this move that `site` names (`NO_SITE` when it has none).
    pub fn site(&self, site: MoveSite, board: &crate::board::Board) -> Site {
        match site {
            MoveSite::From => self.from,
            MoveSite::To => self.to,
            MoveSite::Over => self.over,
            MoveSite::Ahead if self.dir == NO_DIR => NO_SITE,
            MoveSite::Ahead => board.next(self.to, self.dir),
        }
    }

    pub fn is_placement(&self) -> bool {
        self.from == NO_SITE && self.to != NO_SITE
    }

    /// A throw of the dice: `choice` is the outcome's number.
    pub fn is_chance(&self) -> bool {
        self.from == NO_SITE && self.to == NO_SITE && self.dir != ACTION
    }

    /// An action (`action NAME { … }`): `rule` is its rule.
    pub fn is_action(&self) -> bool {
        self.from == NO_SITE && self.to == NO_SITE && self.dir == ACTION
    }

    /// The action made by rule `rule` of the phase.
    pub fn action(rule: u8) -> Move {
        Move { rule, piece: NO_CHOICE, dir: ACTION, ..Move::placement(rule, 0) }
    }

    /// The move of a player who has no other: `pass`.
    pub fn pass() -> Move {
        Move::action(PASS)
    }

    pub fn is_pass(&self) -> bool {
        self.is_action() && self.rule == PASS
    }

    /// The chance move that shows outcome number `outcome`.
    pub fn chance(outcome: u8) -> Move {
        Move { choice: outcome, piece: NO_CHOICE, ..Move::placement(0, 0) }
    }
}

impl Game {
    /// The start of a game: setup pieces on the board, hands filled.
    pub fn initial_state(self: &Arc<Self>) -> State {
        State::initial(self.clone())
    }
}
