//! The declarations of a rule file, collected once, and name lookups that
//! report unknown names with a "did you mean" hint. Every lookup also notes
//! what was used, for the lints.

use crate::board::{Board, BoardShape, Dir, SetTable, Site, Sites, Width};
use crate::diagnostics::Diagnostic;
use crate::diagnostics::suggest::help_for;
use crate::game::rules::{AttributeDef, CounterDef, OptionDef, PieceDef, RegionDef, TrackDef};
use crate::syntax::ast::*;
use crate::syntax::span::{Name, Span};
use std::cell::RefCell;
use std::collections::HashMap;

/// The words a site condition reads before any declared name.
pub const SITE_WORDS: [&str; 10] =
    ["any", "empty", "occupied", "friend", "enemy", "neutral", "last_from", "last_to", "attacked", "unmoved"];

/// Item keywords that may appear at most once.
const SINGLE_ITEMS: [&str; 5] = ["game", "players", "board", "setup", "repetition"];

pub struct Scope<'a> {
    pub file: &'a RuleFile,
    pub source_text: &'a str,
    pub title: String,
    /// Where the `game` item names the game (for findings about the whole game).
    pub title_span: Option<Span>,
    pub players: Vec<&'a Name>,
    pub board: Option<Board>,
    pub pieces: Vec<(&'a Name, PieceDef)>,
    pub regions: Vec<(&'a Name, RegionDef)>,
    /// `group NAME = TYPES`, members resolved where the group is used.
    pub groups: Vec<(&'a Name, &'a [Name])>,
    pub tracks: Vec<(&'a Name, TrackDef)>,
    /// The per-player counters (`counter NAME = N per player`): their
    /// counters follow one another in player order, all under the one name.
    pub per_player: Vec<String>,
    /// `attribute` items, resolved to a value per site.
    pub attributes: Vec<(&'a Name, AttributeDef)>,
    /// The `dice` item: (names, sides, unordered).
    pub dice: Option<(&'a [Name], &'a Spanned<i64>, bool)>,
    /// The `dice` item says `doubles twice`.
    pub doubles_twice: bool,
    /// The `stacks` item: (unordered, limits, span of the item).
    pub stacks: Option<(bool, &'a [StackLimitDecl], Span)>,
    /// `threat` items: (piece, seen as, region).
    pub threats: Vec<(&'a Name, &'a Name, &'a Name)>,
    /// `notation RULE = "TEXT", …` items.
    pub notations: Vec<(&'a Name, &'a Vec<Spanned<String>>)>,
    /// `returns as TYPE` / `returns to capturer`, per type that says so.
    pub returns: Vec<(&'a Name, &'a crate::syntax::ast::ReturnsDecl)>,
    /// `directions` items.
    pub direction_sets: Vec<DirectionSet<'a>>,
    /// The player per-player directions are read for while a move rule is
    /// compiled for one player; whether such a direction was read.
    pub direction_player: std::cell::Cell<Option<u8>>,
    pub player_directions_read: std::cell::Cell<bool>,
    /// Some condition reads `repeated`: positions keep their history.
    pub repeated_read: std::cell::Cell<bool>,
    /// `pattern` items, compiled with the conditions.
    pub patterns: Vec<&'a Item>,
    /// `condition NAME = SITE-CONDITION` items, folded where they are used
    /// (see `compile::conditions`); the names being folded, innermost last.
    pub conditions: Vec<(&'a Name, &'a SiteCond)>,
    pub folding: RefCell<Vec<usize>>,
    /// Reasons of effects that end the game, in the order compiled.
    pub said: RefCell<Vec<String>>,
    pub options: Vec<(&'a Name, OptionDef)>,
    pub counters: Vec<(&'a Name, CounterDef)>,
    pub phases: Vec<&'a PhaseDecl>,
    pub setup: Vec<&'a SetupEntry>,
    pub end_rules: Vec<&'a EndRule>,
    pub repetition: Option<&'a Spanned<RepetitionRule>>,
    pub repetition_reason: Option<&'a Spanned<String>>,
    /// `repetition forbidden unless all other moves leave CONDITION`
    pub repetition_unless: Option<&'a GameCond>,
    /// Option values in force: the file's defaults with the user's overrides.
    pub option_values: Vec<i64>,
    pub diagnostics: RefCell<Vec<Diagnostic>>,
    pub used: RefCell<Usage>,
}

use crate::syntax::span::Spanned;

/// A `directions` item: its name, the set for everybody, and one set per
/// player (empty when it is one set for everybody).
pub type DirectionSet<'a> = (&'a Name, Vec<Dir>, Vec<Vec<Dir>>);

/// What the rules refer to, for the "declared but never used" lints.
#[derive(Default)]
pub struct Usage {
    pub regions: Vec<bool>,
    pub options: Vec<bool>,
    pub counters_read: Vec<bool>,
    pub pieces_moved: Vec<bool>,
    pub phases_entered: Vec<bool>,
    pub conditions: Vec<bool>,
}

impl<'a> Scope<'a> {
    /// Collects the declarations, reporting duplicates and missing items.
    pub fn collect(file: &'a RuleFile, source_text: &'a str) -> Scope<'a> {
        let whole_file = Span::new(0, source_text.len());
        let mut scope = Scope::empty(file, source_text);
        let mut seen: HashMap<&str, Span> = HashMap::new();
        // Names declared so far, by kind: a name is looked for among the
        // declarations (to report a duplicate) only when it is here, so a
        // file of thousands of declarations is checked in linear time.
        let mut declared: std::collections::HashSet<(&str, &str)> = std::collections::HashSet::new();
        let mut again = |kind: &'static str, name: &'a Name| !declared.insert((kind, name.node.as_str()));
        let mut board_decl = None;
        let mut per_player_counters: Vec<(&Name, i64, bool)> = Vec::new();
        for item in &file.items {
            let keyword = item.node.keyword();
            if SINGLE_ITEMS.contains(&keyword) {
                if let Some(first) = seen.get(keyword) {
                    scope.error(
                        Diagnostic::error("E0101", format!("`{keyword}` is given twice"))
                            .with_label(Span::new(item.span.start, item.span.start + keyword.len()), "given again here")
                            .with_label(Span::new(first.start, first.start + keyword.len()), "first given here")
                            .with_help(format!("a rule file has one `{keyword}` item; merge the two")),
                    );
                    continue;
                }
                seen.insert(keyword, item.span);
            }
            match &item.node {
                Item::Game(title) => {
                    scope.title = title.node.clone();
                    scope.title_span = Some(title.span);
                }
                Item::Threat { piece, seen_as, region } => scope.threats.push((piece, seen_as, region)),
                Item::Notation { rule, texts } => scope.notations.push((rule, texts)),
                // Resolved (or reported) before checking: see `variants::merge`.
                Item::Track { .. }
                | Item::Attribute { .. }
                | Item::Variant(_)
                | Item::Remove { .. }
                | Item::Directions { .. } => {}
                Item::Pattern { name, .. } => {
                    if let Some(first) =
                        again("pattern", name).then(|| scope.pattern_names().find(|p| p.node == name.node)).flatten()
                    {
                        scope.duplicate("pattern", name, first.span);
                    } else {
                        scope.patterns.push(&item.node);
                    }
                }
                Item::Condition { name, cond } => {
                    if let Some((first, _)) = again("condition", name)
                        .then(|| scope.conditions.iter().find(|(c, _)| c.node == name.node))
                        .flatten()
                    {
                        scope.duplicate("condition", name, first.span);
                    } else {
                        scope.conditions.push((name, cond));
                    }
                }
                Item::Stacks { unordered, limits, span } => scope.stacks = Some((*unordered, limits, *span)),
                Item::Dice { names, sides, unordered, doubles_twice } => {
                    scope.dice = Some((names, sides, *unordered));
                    scope.doubles_twice = *doubles_twice;
                }
                Item::Group { name, members } => {
                    if let Some((first, _)) =
                        again("group", name).then(|| scope.groups.iter().find(|(g, _)| g.node == name.node)).flatten()
                    {
                        scope.duplicate("group", name, first.span);
                    } else {
                        scope.groups.push((name, members));
                    }
                }
                Item::Players(names) => {
                    for name in names {
                        if name.node == "neutral" || name.node == "mover" || name.node == "opponent" {
                            scope.error(
                                Diagnostic::error("E0102", format!("`{}` cannot be a player's name", name.node))
                                    .with_label(name.span, "reserved word")
                                    .with_help("`neutral`, `mover` and `opponent` already mean something in rules"),
                            );
                        } else if let Some(first) =
                            again("player", name).then(|| scope.players.iter().find(|p| p.node == name.node)).flatten()
                        {
                            scope.duplicate("player", name, first.span);
                        } else {
                            scope.players.push(name);
                        }
                    }
                }
                Item::Board(decl) => board_decl = Some((decl, item.span)),
                Item::Piece { name, traits, returns, letter, glyphs } => {
                    let fresh = !again("piece", name);
                    scope.declare_piece(name, traits, returns.as_ref(), letter.as_ref(), glyphs, fresh);
                }
                Item::Option { name, value, doc } => {
                    let fresh = !again("option", name);
                    scope.declare_option(name, value, doc.as_ref(), fresh);
                }
                Item::Counter { name, initial, per_player, clock } => {
                    // Reported, and declared all the same: its uses are not unknown names.
                    if name.node == "captured" || (*per_player && (name.node == "hand" || name.node == "groups")) {
                        scope.reserved_number(name, "a counter");
                    }
                    if let Some((first, _)) = again("counter", name)
                        .then(|| scope.counters.iter().find(|(c, _)| c.node == name.node))
                        .flatten()
                    {
                        scope.duplicate("counter", name, first.span);
                    } else if *per_player {
                        // One counter a player, named after them, once the players are known.
                        per_player_counters.push((name, initial.node, *clock));
                    } else {
                        let def = CounterDef { name: name.node.clone(), initial: initial.node, clock: *clock };
                        scope.counters.push((name, def));
                    }
                }
                Item::Setup(entries) => scope.setup.extend(entries.iter()),
                Item::Phase(phase) => {
                    if let Some(first) = again("phase", &phase.name)
                        .then(|| scope.phases.iter().find(|p| p.name.node == phase.name.node))
                        .flatten()
                    {
                        scope.duplicate("phase", &phase.name, first.name.span);
                    } else {
                        scope.phases.push(phase);
                    }
                }
                Item::End(rules) => scope.end_rules.extend(rules.iter()),
                Item::Repetition(rule, reason, unless) => {
                    scope.repetition = Some(rule);
                    scope.repetition_reason = reason.as_ref();
                    scope.repetition_unless = unless.as_ref();
                }
                Item::Region { .. } => {}
            }
        }
        scope.require_essentials(&seen, whole_file);
        if let Some((decl, span)) = board_decl {
            let mut diagnostics = Vec::new();
            scope.board = crate::board::build_board(decl, span, &mut diagnostics);
            scope.diagnostics.borrow_mut().extend(diagnostics);
        }
        for (name, initial, clock) in per_player_counters {
            scope.per_player.push(name.node.clone());
            for player in &scope.players {
                let def = CounterDef { name: format!("{}_{}", name.node, player.node), initial, clock };
                scope.counters.push((name, def));
            }
        }
        // Direction sets need the board's directions and the players.
        for item in &file.items {
            if let Item::Directions { name, dirs, per_player } = &item.node {
                scope.declare_directions(name, dirs, per_player);
            }
        }
        // Regions need the board for their sites.
        for item in &file.items {
            if let Item::Region { name, sites, per_player } = &item.node {
                let fresh = !again("region", name);
                scope.declare_region(name, sites, per_player, fresh);
            }
        }
        for item in &file.items {
            if let Item::Track { name, paths, players } = &item.node {
                scope.declare_track(name, paths, players);
            }
        }
        for item in &file.items {
            if let Item::Attribute { name, default, values } = &item.node {
                scope.declare_attribute(name, default, values);
            }
        }
        super::named_conditions::check_names(&scope);
        scope.check_glyphs();
        scope.start_usage();
        scope.option_values = scope.options.iter().map(|(_, o)| o.default).collect();
        scope
    }

    /// A scope with nothing declared yet.
    fn empty(file: &'a RuleFile, source_text: &'a str) -> Scope<'a> {
        Scope {
            file,
            source_text,
            title: String::new(),
            title_span: None,
            players: Vec::new(),
            board: None,
            pieces: Vec::new(),
            regions: Vec::new(),
            groups: Vec::new(),
            threats: Vec::new(),
            notations: Vec::new(),
            returns: Vec::new(),
            patterns: Vec::new(),
            conditions: Vec::new(),
            folding: RefCell::new(Vec::new()),
            direction_sets: Vec::new(),
            direction_player: std::cell::Cell::new(None),
            player_directions_read: std::cell::Cell::new(false),
            repeated_read: std::cell::Cell::new(false),
            said: RefCell::new(Vec::new()),
            tracks: Vec::new(),
            attributes: Vec::new(),
            per_player: Vec::new(),
            stacks: None,
            dice: None,
            doubles_twice: false,
            options: Vec::new(),
            counters: Vec::new(),
            phases: Vec::new(),
            setup: Vec::new(),
            end_rules: Vec::new(),
            repetition: None,
            repetition_reason: None,
            repetition_unless: None,
            option_values: Vec::new(),
            diagnostics: RefCell::new(Vec::new()),
            used: RefCell::new(Usage::default()),
        }
    }

    /// `piece NAME [traits] [letter X] [glyph "…"…]`; `fresh` when no type of
    /// this name was declared before.
    fn declare_piece(
        &mut self,
        name: &'a Name,
        traits: &[Spanned<PieceTrait>],
        returns: Option<&'a ReturnsDecl>,
        letter: Option<&Spanned<char>>,
        glyphs: &[Spanned<String>],
        fresh: bool,
    ) {
        if let Some(letter) = letter
            && let Some((other, _)) =
                self.pieces.iter().find(|(_, p)| p.letter == Some(letter.node.to_ascii_uppercase()))
        {
            self.error(
                Diagnostic::error("E0509", format!("`{}` already has the letter {}", other.node, letter.node))
                    .with_label(letter.span, "a letter used twice")
                    .with_label(other.span, "the type with this letter")
                    .with_help("position rows tell types apart by letter: give each its own"),
            );
        }
        if let Some((first, _)) = (!fresh).then(|| self.pieces.iter().find(|(p, _)| p.node == name.node)).flatten() {
            self.duplicate("piece type", name, first.span);
        } else if name.node == "pieces" {
            self.error(
                Diagnostic::error("E0102", "`pieces` cannot be a piece type's name")
                    .with_label(name.span, "reserved word")
                    .with_help("`pieces` means pieces of every type, as in `most pieces wins`"),
            );
        } else {
            let def = PieceDef {
                name: name.node.clone(),
                reversible: traits.iter().any(|t| t.node == PieceTrait::Reversible),
                royal: traits.iter().any(|t| t.node == PieceTrait::Royal),
                returns: traits.iter().any(|t| t.node == PieceTrait::Returns),
                returns_as: None,
                to_capturer: returns.is_some_and(|r| r.to_capturer.is_some()),
                remembers_moving: traits.iter().any(|t| t.node == PieceTrait::RemembersMoving),
                counted: traits.iter().any(|t| t.node == PieceTrait::Counted),
                unlettered: traits.iter().any(|t| t.node == PieceTrait::Unlettered),
                letter: letter.map(|l| l.node.to_ascii_uppercase()),
                glyphs: glyphs.iter().map(|g| g.node.clone()).collect(),
            };
            self.pieces.push((name, def));
            if let Some(decl) = returns {
                self.returns.push((name, decl));
            }
        }
    }

    /// Each type's glyphs, once the players are known: one for all, or one
    /// per player (E0517); each a short, visible text (E0518).
    fn check_glyphs(&self) {
        for item in &self.file.items {
            let Item::Piece { name, glyphs, .. } = &item.node else { continue };
            let players = self.players.len();
            if glyphs.len() > 1 && players > 0 && glyphs.len() != players {
                let first = glyphs[0].span;
                let span = Span::new(first.start, glyphs[glyphs.len() - 1].span.end);
                self.error(
                    Diagnostic::error(
                        "E0517",
                        format!("`{}` has {} glyphs for {players} players", name.node, glyphs.len()),
                    )
                    .with_label(span, format!("expected one glyph, or {players}"))
                    .with_help("give one glyph for every player, or one per player in the order of `players`"),
                );
            }
            for glyph in glyphs {
                let length = glyph.node.chars().count();
                let invisible = glyph.node.chars().any(|c| c.is_control() || c.is_whitespace());
                if length == 0 || length > 3 || invisible {
                    self.error(
                        Diagnostic::error(
                            "E0518",
                            format!("`\"{}\"` cannot be drawn as a piece", glyph.node.escape_debug()),
                        )
                        .with_label(glyph.span, "expected 1 to 3 visible characters")
                        .with_help("a glyph is a symbol or a short label, such as \"♔\", \"X\" or \"K1\""),
                    );
                }
            }
        }
    }

    /// `option NAME = VALUE ["doc"]`; `fresh` when none of this name came before.
    fn declare_option(&mut self, name: &'a Name, value: &Spanned<Value>, doc: Option<&Spanned<String>>, fresh: bool) {
        // Reported, and declared all the same: its uses are not unknown names.
        if name.node == "captured" {
            self.reserved_number(name, "an option");
        }
        if let Some((first, _)) = (!fresh).then(|| self.options.iter().find(|(o, _)| o.node == name.node)).flatten() {
            self.duplicate("option", name, first.span);
        } else {
            let (default, is_bool) = match value.node {
                Value::Bool(b) => (b as i64, true),
                Value::Int(i) => (i, false),
            };
            let doc = doc.map(|d| d.node.clone());
            self.options.push((name, OptionDef { name: name.node.clone(), default, is_bool, doc }));
        }
    }

    /// `region NAME = SITES [PLAYER: SITES]…`, once the board is known.
    fn declare_region(&mut self, name: &'a Name, sites: &[Name], per_player: &[(Name, Vec<Name>)], fresh: bool) {
        if let Some((first, _)) = (!fresh).then(|| self.regions.iter().find(|(r, _)| r.node == name.node)).flatten() {
            self.duplicate("region", name, first.span);
            return;
        }
        let mut resolved = Vec::new();
        for site in sites {
            for s in self.sites(site) {
                if !resolved.contains(&s) {
                    resolved.push(s);
                }
            }
        }
        let width = self.board.as_ref().map_or(Width::Narrow, |b| b.width);
        let mut sets = vec![Sites::empty(width); if per_player.is_empty() { 0 } else { self.players.len() }];
        for (player, sites) in per_player {
            let Some(p) = self.player(player) else { continue };
            for site in sites {
                for s in self.sites(site) {
                    sets[p as usize].insert(s);
                    if !resolved.contains(&s) {
                        resolved.push(s);
                    }
                }
            }
        }
        let set = Sites::from_sites(width, resolved.iter().copied());
        let def = RegionDef { name: name.node.clone(), sites: resolved, set, per_player: sets };
        self.regions.push((name, def));
    }

    /// The items every game needs: `game`, `players`, `board`, a phase,
    /// and a piece type when a rule places or moves pieces.
    fn require_essentials(&self, seen: &HashMap<&str, Span>, whole_file: Span) {
        self.require(seen, "game", "game \"Name of the game\"", whole_file);
        self.require(seen, "players", "players white, black", whole_file);
        self.require(seen, "board", "board square 8 x 8", whole_file);
        if self.phases.is_empty() && !self.unparsed("phase", None) {
            self.error(
                Diagnostic::error("E0103", "the rules have no `phase`, so nobody can ever move")
                    .with_label(
                        Span::new(whole_file.start, whole_file.start),
                        "expected at least one phase in this file",
                    )
                    .with_help("add for example `phase play { move man { step all } }`"),
            );
        }
        // A game of decisions and dice alone (no rule places or moves a
        // piece) keeps its state in counters: it needs no piece type.
        let moves_pieces = self.phases.iter().any(|p| moves_pieces(&p.rules));
        if self.pieces.is_empty() && moves_pieces && !self.unparsed("piece", None) {
            self.error(
                Diagnostic::error("E0103", "the rules declare no `piece` type")
                    .with_label(
                        Span::new(whole_file.start, whole_file.start),
                        "expected at least one piece type in this file",
                    )
                    .with_help("add for example `piece man`"),
            );
        }
    }

    /// Usage records, one per declaration, for the lints about what is never used.
    fn start_usage(&self) {
        let mut used = self.used.borrow_mut();
        used.conditions = vec![false; self.conditions.len()];
        used.regions = vec![false; self.regions.len()];
        used.options = vec![false; self.options.len()];
        used.counters_read = vec![false; self.counters.len()];
        used.pieces_moved = vec![false; self.pieces.len()];
        used.phases_entered = vec![false; self.phases.len()];
        drop(used);
    }

    pub fn error(&self, diagnostic: Diagnostic) {
        self.diagnostics.borrow_mut().push(diagnostic);
    }

    fn duplicate(&self, what: &str, name: &Name, first: Span) {
        self.error(
            Diagnostic::error("E0104", format!("{what} `{}` is declared twice", name.node))
                .with_label(name.span, "declared again here")
                .with_label(first, "first declared here")
                .with_help(format!("each {what} needs its own name")),
        );
    }

    fn require(&self, seen: &HashMap<&str, Span>, keyword: &str, example: &str, file: Span) {
        if !seen.contains_key(keyword) && !self.unparsed(keyword, None) {
            self.error(
                Diagnostic::error("E0105", format!("the rules have no `{keyword}` item"))
                    .with_label(
                        Span::new(file.start, file.start),
                        format!("expected `{keyword}` somewhere in this file"),
                    )
                    .with_help(format!("add for example `{example}`")),
            );
        }
    }

    /// Whether an item with this keyword had a syntax error, and so may have
    /// declared `name` (any name, for `None` or an item whose name is unreadable).
    pub fn unparsed(&self, keyword: &str, name: Option<&str>) -> bool {
        self.file.unparsed.iter().any(|u| {
            u.keyword == keyword && (name.is_none() || u.name.as_ref().is_none_or(|n| Some(n.as_str()) == name))
        })
    }

    /// Whether lookups of players should stay quiet: the `players` item is
    /// missing or broken, which is reported once already.
    pub fn players_unknown(&self) -> bool {
        self.players.is_empty() || self.unparsed("players", None)
    }

    /// What else a name is declared as, if not as `what`: the kind, and where
    /// it is declared (sites and directions of the board have no declaration).
    pub fn declared_as(&self, name: &str, what: &str) -> Option<(&'static str, Option<Span>)> {
        fn find<'n>(mut names: impl Iterator<Item = &'n Name>, name: &str) -> Option<Option<Span>> {
            names.find(|n| n.node == name).map(|n| Some(n.span))
        }
        let board = self.board.as_ref();
        let kinds: [(&'static str, Option<Option<Span>>); 9] = [
            ("player", find(self.players.iter().copied(), name)),
            ("piece type", find(self.pieces.iter().map(|(n, _)| *n), name)),
            ("region", find(self.regions.iter().map(|(n, _)| *n), name)),
            ("option", find(self.options.iter().map(|(n, _)| *n), name)),
            ("counter", find(self.counters.iter().map(|(n, _)| *n), name)),
            ("phase", find(self.phases.iter().map(|p| &p.name), name)),
            ("condition", find(self.conditions.iter().map(|(n, _)| *n), name)),
            ("site", board.and_then(|b| b.site(name)).map(|_| None)),
            ("direction", board.and_then(|b| b.direction_sets.get(name)).map(|_| None)),
        ];
        kinds.into_iter().find_map(|(kind, span)| if kind == what { None } else { span.map(|s| (kind, s)) })
    }

    /// "unknown X", or "`name` is a Y, not an X" when it names something else.
    pub fn unknown_or_wrong_kind(&self, what: &str, name: &Name, expected: &str) -> Diagnostic {
        let Some((kind, declared)) = self.declared_as(name.as_str(), what) else {
            return Diagnostic::error("E0106", format!("unknown {what} `{}`", name.node))
                .with_label(name.span, format!("expected {expected}"));
        };
        let mut diagnostic =
            Diagnostic::error("E0106", format!("`{}` is {}, not {}", name.node, article(kind), article(what)))
                .with_label(name.span, format!("expected {expected}"));
        if let Some(span) = declared {
            diagnostic = diagnostic.with_label(span, format!("declared as {} here", article(kind)));
        }
        diagnostic
    }

    /// A name where a number goes that is no option: the hint names only
    /// the options that are numbers, and the counters where one may stand,
    /// each as what it is.
    fn unknown_number(&self, name: &Name, counters: bool) {
        if self.unparsed("option", Some(name.as_str())) || self.unparsed("counter", Some(name.as_str())) {
            return;
        }
        let options = self.options.iter().filter(|(_, o)| !o.is_bool).map(|(o, _)| ("option", o.as_str()));
        let counted = self.counters.iter().filter(|_| counters).map(|(c, _)| ("counter", c.as_str()));
        let numbers: Vec<(&str, &str)> = options.chain(counted).collect();
        let is_counter = self.counter_index(name).is_some();
        let help = match crate::diagnostics::suggest::closest(name.as_str(), numbers.iter().map(|(_, n)| *n)) {
            // A count's fixed side: a counter goes on the other side of the comparison.
            _ if is_counter && !counters => {
                format!(
                    "a count is compared with a number or an option; put the counter first: `{} >= count(...)`",
                    name.node
                )
            }
            Some(close) => format!("did you mean `{close}`?"),
            None if numbers.is_empty() && counters => {
                "the file declares no counter and no option that is a number".to_string()
            }
            None if numbers.is_empty() => "the file declares no option that is a number".to_string(),
            None => {
                let listed: Vec<String> = numbers.iter().map(|(kind, n)| format!("{kind} `{n}`")).collect();
                format!("the numbers declared are: {}", listed.join(", "))
            }
        };
        let expected = if counters {
            "a number, a counter, or an option whose value is a number"
        } else {
            "a number, or an option whose value is a number"
        };
        self.error(self.unknown_or_wrong_kind("option", name, expected).with_help(help));
    }

    fn unknown(&self, what: &str, keyword: &str, name: &Name, expected: &str, candidates: Vec<&str>) {
        if self.unparsed(keyword, Some(name.as_str())) {
            return;
        }
        let help = match (what, self.declared_as(name.as_str(), what)) {
            ("counter", Some(("piece type", _))) => {
                format!("to compare how many `{0}` a player has, write `count(mover, {0})`", name.node)
            }
            _ => help_for(name.as_str(), what, candidates),
        };
        let mut diagnostic = self.unknown_or_wrong_kind(what, name, expected).with_help(help);
        // A variant took it out: say where.
        if let Some((_, _, span)) =
            self.file.removed.iter().find(|(kind, removed, _)| kind == keyword && *removed == name.node)
        {
            diagnostic = diagnostic
                .with_label(*span, format!("the variant removes {keyword} `{}` here", name.node))
                .with_help(format!("the rule above still names `{}`: change or remove it too", name.node));
        }
        self.error(diagnostic);
    }

    pub fn player(&self, name: &Name) -> Option<u8> {
        let found = self.players.iter().position(|p| p.node == name.node).map(|p| p as u8);
        if found.is_none() && !self.players_unknown() {
            self.unknown(
                "player",
                "players",
                name,
                "a player named in `players`",
                self.players.iter().map(|p| p.as_str()).collect(),
            );
        }
        found
    }

    /// A player or `neutral` (index = number of players).
    pub fn owner(&self, name: &Name) -> Option<u8> {
        if name.node == "neutral" {
            return Some(self.players.len() as u8);
        }
        let found = self.players.iter().position(|p| p.node == name.node).map(|p| p as u8);
        if found.is_none() && !self.players_unknown() {
            let mut candidates: Vec<&str> = self.players.iter().map(|p| p.as_str()).collect();
            candidates.push("neutral");
            self.unknown("owner", "players", name, "a player or `neutral`", candidates);
        }
        found
    }

    pub fn piece(&self, name: &Name) -> Option<u8> {
        let found = self.pieces.iter().position(|(p, _)| p.node == name.node).map(|p| p as u8);
        if found.is_none() {
            self.unknown(
                "piece type",
                "piece",
                name,
                "a piece type declared with `piece`",
                self.pieces.iter().map(|(p, _)| p.as_str()).collect(),
            );
        }
        found
    }

    /// The sites a site list's entry names: one site, or a range `a1..h2`:
    /// every site named by a file from `a` to `h` and a rank from 1 to 2
    /// (on boards whose sites are named by file and rank: square and hex).
    pub fn sites(&self, name: &Name) -> Vec<Site> {
        let Some((from, to)) = name.node.split_once("..") else {
            return self.site(name).into_iter().collect();
        };
        let Some(board) = self.board.as_ref() else { return Vec::new() };
        let corner = |text: &str, offset: usize| {
            let start = name.span.start + offset;
            self.site(&Name::new(text.to_string(), Span::new(start, start + text.len())))?;
            file_and_rank(text)
        };
        let (Some(a), Some(b)) = (corner(from, 0), corner(to, from.len() + 2)) else {
            if board.site(from).is_some() && board.site(to).is_some() {
                self.error(
                    Diagnostic::error("E0110", "a range joins two sites named by file and rank")
                        .with_label(name.span, "not a range of files and ranks")
                        .with_help("on a board of named points, list the sites"),
                );
            }
            return Vec::new();
        };
        let files = a.0.min(b.0)..=a.0.max(b.0);
        let ranks = a.1.min(b.1)..=a.1.max(b.1);
        let mut sites = Vec::new();
        for rank in ranks {
            for file in files.clone() {
                if let Some(site) = board.site(&format!("{file}{rank}")) {
                    sites.push(site);
                }
            }
        }
        sites
    }

    pub fn site(&self, name: &Name) -> Option<Site> {
        let board = self.board.as_ref()?;
        let found = board.site(&name.node);
        if found.is_none() {
            // On a grid a near-miss like `f5` for `e5` is a counting slip, not a typo.
            let help = match board.shape {
                BoardShape::Square { files, ranks } => {
                    let last_file = (b'a' + files as u8 - 1) as char;
                    format!(
                        "the sites of this board run from `a1` to `{last_file}{ranks}`: files a to {last_file}, ranks 1 to {ranks}"
                    )
                }
                BoardShape::Graph => match board.rank_ends(&name.node) {
                    Some((rank, first, last)) => format!("rank {rank} of this board runs from `{first}` to `{last}`"),
                    None => help_for(name.as_str(), "site", board.site_names()),
                },
            };
            self.error(
                Diagnostic::error("E0107", format!("there is no site `{}` on this board", name.node))
                    .with_label(name.span, "expected a site of the board")
                    .with_help(help),
            );
        }
        found
    }

    pub fn region(&self, name: &Name) -> Option<usize> {
        let found = self.regions.iter().position(|(r, _)| r.node == name.node);
        match found {
            Some(i) => self.used.borrow_mut().regions[i] = true,
            None => self.unknown(
                "region",
                "region",
                name,
                "a region declared with `region`",
                self.regions.iter().map(|(r, _)| r.as_str()).collect(),
            ),
        }
        found
    }

    /// The counter `name` (for a per-player counter, the first player's),
    /// without an error when there is none.
    pub fn counter_index(&self, name: &Name) -> Option<usize> {
        let named = |(c, def): &(&Name, CounterDef)| c.node == name.node || def.name == name.node;
        self.counters.iter().position(named)
    }

    pub fn counter(&self, name: &Name, read: bool) -> Option<usize> {
        let found = self.counter_index(name);
        match found {
            Some(i) => {
                if read {
                    self.used.borrow_mut().counters_read[i] = true;
                }
            }
            None => self.unknown("counter", "counter", name, "a counter declared with `counter`", {
                // A per-player counter is one name for several counters.
                let mut names: Vec<&str> = self.counters.iter().map(|(c, _)| c.as_str()).collect();
                names.dedup();
                names
            }),
        }
        found
    }

    pub fn phase(&self, name: &Name) -> Option<usize> {
        let found = self.phases.iter().position(|p| p.name.node == name.node);
        if found.is_none() {
            self.unknown(
                "phase",
                "phase",
                name,
                "a phase declared with `phase`",
                self.phases.iter().map(|p| p.name.as_str()).collect(),
            );
        }
        found
    }

    /// The value in force of a boolean option.
    pub fn bool_option(&self, name: &Name) -> Option<bool> {
        let Some(i) = self.options.iter().position(|(o, _)| o.node == name.node) else {
            self.unknown(
                "option",
                "option",
                name,
                "an option declared with `option`",
                self.options.iter().map(|(o, _)| o.as_str()).collect(),
            );
            return None;
        };
        self.used.borrow_mut().options[i] = true;
        if !self.options[i].1.is_bool {
            self.error(
                Diagnostic::error("E0108", format!("option `{}` is a number, not true or false", name.node))
                    .with_label(name.span, "expected an option declared `= true` or `= false`")
                    .with_label(self.options[i].0.span, "declared here")
                    .with_help(format!(
                        "`if` tests an option that is true or false; declare it as `option {} = false`",
                        name.node
                    )),
            );
            return None;
        }
        Some(self.option_values[i] != 0)
    }

    /// The value of an option that is a number; `counters`: whether a
    /// counter may stand where the option does (the hint then names them).
    pub fn number_option(&self, name: &Name, counters: bool) -> Option<i64> {
        let Some(i) = self.options.iter().position(|(o, _)| o.node == name.node) else {
            self.unknown_number(name, counters);
            return None;
        };
        self.used.borrow_mut().options[i] = true;
        if self.options[i].1.is_bool {
            self.error(
                Diagnostic::error("E0108", format!("option `{}` is true or false, not a number", name.node))
                    .with_label(name.span, "expected a number, or an option declared `= N`")
                    .with_label(self.options[i].0.span, "declared here")
                    .with_help("compare with a number, or declare the option with a number value"),
            );
            return None;
        }
        Some(self.option_values[i])
    }

    /// Resolves a direction set: direction names and named sets, merged.
    /// E0102 for a counter or option named as a number rules read
    /// (`captured`, `hand(WHO)`, `groups(WHO)`): it could never be read.
    fn reserved_number(&self, name: &Name, what: &str) {
        self.error(
            Diagnostic::error("E0102", format!("`{}` cannot be {what}'s name", name.node))
                .with_label(name.span, "reserved word")
                .with_help(
                    "`captured`, `hand(WHO)` and `groups(WHO)` already mean numbers in rules: choose another name",
                ),
        );
    }

    pub fn directions(&self, directions: &Directions) -> Option<Vec<Dir>> {
        let board = self.board.as_ref()?;
        let mut dirs = Vec::new();
        let mut ok = true;
        for name in &directions.names {
            if let Some((_, all, per_player)) = self.direction_sets.iter().find(|(n, _, _)| n.node == name.node) {
                let set = if per_player.is_empty() {
                    all
                } else if let Some(player) = self.direction_player.get() {
                    self.player_directions_read.set(true);
                    &per_player[player as usize]
                } else {
                    ok = false;
                    self.error(
                        Diagnostic::error("E0111", format!("`{}` is a direction for each player", name.node))
                            .with_label(name.span, "whose?")
                            .with_help("directions for each player are read in `move` rules, for the player moving"),
                    );
                    continue;
                };
                for d in set {
                    if !dirs.contains(d) {
                        dirs.push(*d);
                    }
                }
                continue;
            }
            match board.direction_sets.get(&name.node) {
                Some(set) => {
                    for d in set {
                        if !dirs.contains(d) {
                            dirs.push(*d);
                        }
                    }
                }
                None => {
                    ok = false;
                    let mut candidates: Vec<&str> = board.direction_sets.keys().map(String::as_str).collect();
                    candidates.sort();
                    self.error(
                        Diagnostic::error("E0109", format!("unknown direction `{}` on this board", name.node))
                            .with_label(name.span, "expected a direction or a set of directions")
                            .with_help(help_for(name.as_str(), "direction", candidates)),
                    );
                }
            }
        }
        ok.then_some(dirs)
    }

    /// A span without the whitespace and comments pest lets trail after a
    /// rule that ends in an optional part (`step n` takes an optional `to`).
    pub fn trimmed(&self, span: Span) -> Span {
        let Some(mut text) = self.source_text.get(span.start..span.end) else {
            return span;
        };
        loop {
            text = text.trim_end();
            let line_start = text.rfind('\n').map_or(0, |i| i + 1);
            match text[line_start..].find('#') {
                Some(hash) if !text[line_start..].contains('"') => text = &text[..line_start + hash],
                _ => break,
            }
        }
        Span::new(span.start, span.start + text.len())
    }

    /// Resolves a track's paths; each step must join two neighbouring sites.
    /// `attribute NAME = DEFAULT { VALUE: SITES … }`: a site listed twice
    /// takes the first value given for it.
    fn declare_attribute(&mut self, name: &'a Name, default: &Spanned<i64>, values: &[(Spanned<i64>, Vec<Name>)]) {
        if let Some((first, _)) = self.attributes.iter().find(|(a, _)| a.node == name.node) {
            self.duplicate("attribute", name, first.span);
            return;
        }
        let Some(board) = &self.board else { return };
        let mut given = vec![None; board.site_count()];
        for (value, sites) in values {
            for site in sites {
                for s in self.sites(site) {
                    given[s as usize].get_or_insert(value.node);
                }
            }
        }
        let values = given.into_iter().map(|v| v.unwrap_or(default.node)).collect();
        self.attributes.push((name, AttributeDef { name: name.node.clone(), values }));
    }

    fn pattern_names(&self) -> impl Iterator<Item = &'a Name> + '_ {
        self.patterns.iter().filter_map(|item| match item {
            Item::Pattern { name, .. } => Some(name),
            _ => None,
        })
    }

    /// The index of a pattern, or an error at the name.
    pub fn pattern(&self, name: &Name) -> Option<usize> {
        let found = self.pattern_names().position(|p| p.node == name.node);
        if found.is_none() {
            let names = self.pattern_names().map(|p| p.as_str()).collect();
            self.unknown("pattern", "pattern", name, "a pattern declared with `pattern`", names);
        }
        found
    }

    /// A `directions` item: the names resolved on the board, per player if given.
    fn declare_directions(&mut self, name: &'a Name, dirs: &[Name], per_player: &[(Name, Vec<Name>)]) {
        if self.direction_sets.iter().any(|(n, _, _)| n.node == name.node)
            || self.board.as_ref().is_some_and(|b| b.direction_sets.contains_key(&name.node))
        {
            let first = self.direction_sets.iter().find(|(n, _, _)| n.node == name.node).map(|(n, _, _)| n.span);
            match first {
                Some(first) => self.duplicate("directions", name, first),
                None => self.error(
                    Diagnostic::error("E0101", format!("the board already has directions named `{}`", name.node))
                        .with_label(name.span, "a name the board gives")
                        .with_help("choose another name"),
                ),
            }
            return;
        }
        let resolve = |names: &[Name]| {
            let span = names.first().map_or(name.span, |n| n.span.to(names.last().map_or(n.span, |l| l.span)));
            self.directions(&Directions { names: names.to_vec(), span })
        };
        let all = if dirs.is_empty() { Vec::new() } else { resolve(dirs).unwrap_or_default() };
        let mut sets = Vec::new();
        if !per_player.is_empty() {
            sets = vec![Vec::new(); self.players.len()];
            for (player, names) in per_player {
                if let (Some(p), Some(d)) = (self.player(player), resolve(names)) {
                    sets[p as usize] = d;
                }
            }
        }
        self.direction_sets.push((name, all, sets));
    }

    /// The index of a die, if the name is one (no error otherwise).
    pub fn die(&self, name: &Name) -> Option<usize> {
        self.dice.and_then(|(names, _, _)| names.iter().position(|d| d.node == name.node))
    }

    /// The index of an attribute, or an error at the name.
    pub fn attribute(&self, name: &Name) -> Option<usize> {
        let found = self.attributes.iter().position(|(a, _)| a.node == name.node);
        if found.is_none() {
            let names = self.attributes.iter().map(|(a, _)| a.as_str()).collect();
            self.unknown("attribute", "attribute", name, "an attribute", names);
        }
        found
    }

    fn declare_track(&mut self, name: &'a Name, paths: &[Vec<Name>], players: &[Name]) {
        if let Some((first, _)) = self.tracks.iter().find(|(t, _)| t.node == name.node) {
            self.duplicate("track", name, first.span);
            return;
        }
        let Some((sites, width)) = self.board.as_ref().map(|b| (b.site_count(), b.width)) else { return };
        let mut next = SetTable::new(width, sites);
        for path in paths {
            let resolved: Vec<Option<Site>> = path.iter().map(|p| self.site(p)).collect();
            for (i, pair) in resolved.windows(2).enumerate() {
                let (Some(a), Some(b)) = (pair[0], pair[1]) else { continue };
                let board = self.board.as_ref().expect("checked above");
                let joined = (0..board.directions.len() as Dir).any(|d| board.next(a, d) == b);
                if !joined {
                    let span = path[i].span.to(path[i + 1].span);
                    self.error(
                        Diagnostic::error(
                            "E0209",
                            format!("`{}` and `{}` are not neighbours on the board", path[i].node, path[i + 1].node),
                        )
                        .with_label(span, "a track segment must join two neighbouring sites")
                        .with_help("list the sites of the track in order along the board's lines"),
                    );
                    continue;
                }
                next.insert(a as usize, b);
                next.insert(b as usize, a);
            }
        }
        let order = self.track_order(name, paths, players);
        let looped = order.len() == 1 && order[0].len() > 2 && order[0].first() == order[0].last();
        let order = match looped {
            // A loop's last site is its first: going on from it starts again.
            true => vec![order[0][..order[0].len() - 1].to_vec()],
            false => order,
        };
        self.tracks.push((name, TrackDef { name: name.node.clone(), next, order, looped }));
    }

    /// A track's paths in order, one per player in turn order: the one path
    /// of `track NAME = PATH`, or each player's of `track NAME { PLAYER: PATH … }`
    /// (every player once, E0212). Several paths after `=` are segments with
    /// no order (empty).
    fn track_order(&self, name: &Name, paths: &[Vec<Name>], players: &[Name]) -> Vec<Vec<Site>> {
        let sites = |path: &[Name]| path.iter().filter_map(|p| self.site(p)).collect::<Vec<Site>>();
        if players.is_empty() {
            return if paths.len() == 1 { vec![sites(&paths[0])] } else { Vec::new() };
        }
        let mut order = vec![Vec::new(); self.players.len()];
        let mut given = vec![false; self.players.len()];
        for (player, path) in players.iter().zip(paths) {
            let Some(index) = self.player(player).map(usize::from) else { continue };
            if given[index] {
                self.error(
                    Diagnostic::error("E0212", format!("track `{}` gives `{}` two paths", name.node, player.node))
                        .with_label(player.span, "second path")
                        .with_help("a per-player track has one path for each player"),
                );
            }
            given[index] = true;
            order[index] = sites(path);
        }
        if let Some(missing) = given.iter().position(|g| !g) {
            self.error(
                Diagnostic::error(
                    "E0212",
                    format!("track `{}` has no path for `{}`", name.node, self.players[missing].node),
                )
                .with_label(name.span, "a per-player track")
                .with_help("give every player a path: `track race { white: a1 - a2  black: a2 - a1 }`"),
            );
        }
        order
    }

    pub fn track(&self, name: &Name) -> Option<usize> {
        let found = self.tracks.iter().position(|(t, _)| t.node == name.node);
        if found.is_none() {
            self.unknown(
                "track",
                "track",
                name,
                "a track declared with `track`",
                self.tracks.iter().map(|(t, _)| t.as_str()).collect(),
            );
        }
        found
    }

    /// The piece types of a group, if `name` is one (each member checked).
    pub fn group(&self, name: &str) -> Option<Option<Vec<u8>>> {
        let (_, members) = self.groups.iter().find(|(g, _)| g.node == name)?;
        let types: Vec<Option<u8>> = members.iter().map(|m| self.piece(m)).collect();
        Some(types.into_iter().collect())
    }

    pub fn has_errors(&self) -> bool {
        self.diagnostics.borrow().iter().any(Diagnostic::is_error)
    }
}

/// "a piece type", "an option".
pub fn article(kind: &str) -> String {
    let an = kind.starts_with(['a', 'e', 'i', 'o', 'u']);
    format!("{} {kind}", if an { "an" } else { "a" })
}

/// `c7` as ('c', 7), for site ranges.
fn file_and_rank(name: &str) -> Option<(char, u32)> {
    let mut chars = name.chars();
    let file = chars.next().filter(char::is_ascii_lowercase)?;
    let rank = chars.as_str().parse().ok()?;
    Some((file, rank))
}

/// Whether some rule places or moves a piece (inside `if` blocks too).
fn moves_pieces(rules: &[PhaseRule]) -> bool {
    rules.iter().any(|rule| match rule {
        PhaseRule::Place { .. } | PhaseRule::Move { .. } | PhaseRule::Together { .. } | PhaseRule::Group { .. } => true,
        PhaseRule::If { then, otherwise, .. } => moves_pieces(then) || moves_pieces(otherwise),
        _ => false,
    })
}
