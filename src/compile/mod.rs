//! From a checked AST to a [`Game`]: setup, phases with their move programs,
//! end rules, and the hash keys. Name resolution and every error message come
//! from `check`; this stage assembles what it resolved.

mod conditions;
mod counters;
mod effects;
mod follow_up;
mod fraction;
mod group;
mod group_count;
mod leaves;
mod load;
mod notation;
mod patterns;
mod phase;
mod program;
mod race;
mod returns;
mod sow;
mod stacks;
pub use crate::game::limits::{MAX_HAND, MAX_PATH, MAX_PHASES, MAX_PLAYERS, MAX_TYPES};

use crate::check::lints::lint;
use crate::check::scope::Scope;
use crate::diagnostics::{Diagnostic, Source};
use crate::game::Game;
use crate::game::rules::*;
use crate::game::zobrist::Zobrist;
use crate::syntax::ast::{EndResult, RepetitionRule, SetupEntry};
use crate::syntax::span::{Span, Spanned};
use conditions::{game_test, resolve_who};
pub use load::LoadError;
use phase::phase;

/// Parses, checks and compiles. The game is `None` when there are errors;
/// the diagnostics hold every error and warning, sorted by position.
pub fn compile(source: &Source, overrides: &[(String, String)]) -> (Option<Game>, Vec<Diagnostic>) {
    let (file, mut diagnostics) = crate::syntax::parse(&source.text);
    let (file, merging) = crate::variants::merge(file, source);
    diagnostics.extend(merging);
    let mut scope = Scope::collect(&file, &source.text);
    apply_overrides(&mut scope, overrides);
    let game = assemble(&scope, source);
    // Lints only speak about rules that are otherwise sound: a misspelt
    // region reference would also make the region look unused.
    if diagnostics.is_empty() && !scope.has_errors() {
        lint(&scope);
    }
    diagnostics.extend(scope.diagnostics.take());
    diagnostics.sort_by_key(|d| (d.primary_span().start, d.is_error()));
    let failed = diagnostics.iter().any(Diagnostic::is_error);
    let game = game.filter(|_| !failed).map(|mut g| {
        g.warnings = diagnostics.clone();
        g
    });
    (game, diagnostics)
}

/// The `dice` item: every outcome with its weight. `Some(None)` for a game
/// without dice; `None` on errors.
fn dice(scope: &Scope) -> Option<Option<DiceDef>> {
    let Some((names, sides, unordered)) = scope.dice else { return Some(None) };
    if !(2..=20).contains(&sides.node) || names.is_empty() || names.len() > 4 {
        scope.error(
            Diagnostic::error("E0715", "dice have 2 to 20 sides, and a throw 1 to 4 dice")
                .with_label(sides.span, "out of range"),
        );
        return None;
    }
    let (count, sides_n) = (names.len(), sides.node as u8);
    let mut outcomes: Vec<(Vec<u8>, u32)> = Vec::new();
    let throws = (sides_n as u32).pow(count as u32);
    for throw in 0..throws {
        let mut values: Vec<u8> =
            (0..count).map(|i| (throw / (sides_n as u32).pow(i as u32) % sides_n as u32) as u8 + 1).collect();
        values.reverse();
        if unordered {
            values.sort_unstable();
        }
        match outcomes.iter_mut().find(|(v, _)| *v == values) {
            Some((_, weight)) => *weight += 1,
            None => outcomes.push((values, 1)),
        }
    }
    outcomes.sort();
    if outcomes.len() > u8::MAX as usize {
        scope.error(
            Diagnostic::error(
                "E0715",
                format!("these dice have {} outcomes; a throw may have at most 255", outcomes.len()),
            )
            .with_label(sides.span, "too many sides for this many dice")
            .with_help("use fewer dice or fewer sides, or `unordered` dice"),
        );
        return None;
    }
    let names = names.iter().map(|n| n.node.clone()).collect();
    let doubles_twice = scope.doubles_twice;
    Some(Some(DiceDef { names, sides: sides_n, unordered, outcomes, doubles_twice, spent_by_moves: false }))
}

/// Players and phases are numbered in a byte: a game with more than fits is
/// refused at the first one too many (E0512), before anything is numbered.
fn counts_fit(scope: &Scope) -> bool {
    let mut fit = true;
    if let Some(extra) = scope.players.get(MAX_PLAYERS) {
        fit = false;
        scope.error(
            Diagnostic::error("E0512", format!("a game has at most {MAX_PLAYERS} players"))
                .with_label(extra.span, format!("player number {}", MAX_PLAYERS + 1))
                .with_help(format!("this game names {}", scope.players.len())),
        );
    }
    if let Some(extra) = scope.phases.get(MAX_PHASES) {
        fit = false;
        scope.error(
            Diagnostic::error("E0512", format!("a game has at most {MAX_PHASES} phases"))
                .with_label(extra.name.span, format!("phase number {}", MAX_PHASES + 1))
                .with_help(format!("this game declares {}", scope.phases.len())),
        );
    }
    fit
}

fn apply_overrides(scope: &mut Scope, overrides: &[(String, String)]) {
    for (name, value) in overrides {
        let Some(i) = scope.options.iter().position(|(o, _)| o.node == *name) else {
            let known: Vec<&str> = scope.options.iter().map(|(o, _)| o.as_str()).collect();
            scope.error(
                Diagnostic::error("E0501", format!("this game has no option `{name}`"))
                    .with_help(crate::diagnostics::suggest::help_for(name, "option", known)),
            );
            continue;
        };
        let def = &scope.options[i].1;
        let parsed = match (def.is_bool, value.as_str()) {
            (true, "true") => Some(1),
            (true, "false") => Some(0),
            (false, v) => v.parse::<i64>().ok(),
            _ => None,
        };
        match parsed {
            Some(v) => scope.option_values[i] = v,
            None => scope.error(
                Diagnostic::error("E0502", format!("option `{name}` cannot be `{value}`"))
                    .with_label(scope.options[i].0.span, "declared here")
                    .with_help(if def.is_bool { "give `true` or `false`" } else { "give a whole number" }),
            ),
        }
    }
}

fn assemble(scope: &Scope, source: &Source) -> Option<Game> {
    if !counts_fit(scope) {
        return None;
    }
    let setup = setup(scope);
    let phases: Vec<Option<PhaseDef>> = scope.phases.iter().map(|p| phase(scope, p)).collect();
    let end_rules: Vec<Option<EndRuleDef>> = scope.end_rules.iter().map(|r| end_rule(scope, r)).collect();
    let repetition = scope.repetition.map(|r| match &r.node {
        RepetitionRule::Loses => Repetition::Loses,
        RepetitionRule::Forbidden => Repetition::Forbidden,
        RepetitionRule::ForbiddenWithin(n) => {
            if !(1..=1000).contains(&n.node) {
                scope.error(
                    Diagnostic::error("E0516", "`repetition forbidden within N plies` looks back 1 to 1000 plies")
                        .with_label(n.span, format!("{} plies", n.node))
                        .with_help("`within 2 plies` forbids recreating the position before the opponent's last move"),
                );
            }
            Repetition::Forbidden
        }
        RepetitionRule::DrawAfter(n) => {
            let n = *n;
            // The first occurrence is the first: a count of 1 would end every
            // game at its start.
            if !(2..=1000).contains(&n) {
                scope.error(
                    Diagnostic::error("E0507", "`repetition draw after N` counts occurrences: 2 to 1000")
                        .with_label(r.span, format!("{n} occurrences"))
                        .with_help("`repetition draw after 3` draws at the third occurrence of a position"),
                );
            }
            Repetition::DrawAfter(n.clamp(2, 1000) as u32)
        }
    });
    let repetition_unless = scope.repetition_unless.map(|cond| conditions::game_test(scope, cond));
    traits_check(scope);
    let threats = threats(scope);
    let notations = notation::notations(scope);
    let stacks = stacks::stacks(scope);
    let dice = dice(scope);
    let patterns = patterns::patterns(scope);
    conditions::check_unused_conditions(scope);
    let mut pieces: Vec<PieceDef> = scope.pieces.iter().map(|(_, p)| p.clone()).collect();
    let returns_ok = returns::resolve(scope, &mut pieces);
    let board = scope.board.clone()?;
    let phases: Vec<PhaseDef> = phases.into_iter().collect::<Option<_>>()?;
    let end_rules: Vec<EndRuleDef> = end_rules.into_iter().collect::<Option<_>>()?;
    if scope.has_errors() || scope.players.is_empty() || !returns_ok {
        return None;
    }
    let players: Vec<String> = scope.players.iter().map(|p| p.node.clone()).collect();
    // Types are numbered in a byte (255 marks "no type"); a piece on a site
    // is one 16-bit code per owner and type.
    let codes = pieces.len() * (players.len() + 1) + 1;
    if pieces.len() > MAX_TYPES || codes > Code::MAX as usize {
        let extra = &scope.pieces[MAX_TYPES.min(pieces.len() - 1)].0;
        scope.error(
            Diagnostic::error("E0503", format!("a game has at most {MAX_TYPES} piece types"))
                .with_label(extra.span, format!("piece type number {}", pieces.len().min(MAX_TYPES + 1)))
                .with_help(format!(
                    "this game declares {}; pieces that differ only in a state can share a type",
                    pieces.len()
                )),
        );
        return None;
    }
    let stacks = stacks?;
    let repetition_unless = match repetition_unless {
        Some(test) => Some(test?),
        None => None,
    };
    let mut zobrist = Zobrist::new(
        board.site_count(),
        1 + pieces.len() * (players.len() + 1),
        players.len(),
        pieces.len(),
        phases.len(),
    );
    if let Some(def) = &stacks {
        zobrist = zobrist.with_stacks(def.capacity as usize);
    }
    let owners = players.len() + 1;
    let codes = 1 + pieces.len() * owners;
    // Code 0 is an empty site; its entries are never read.
    let code_owner = (0..codes).map(|c| if c == 0 { 0 } else { ((c - 1) % owners) as u8 }).collect();
    let code_type = (0..codes).map(|c| if c == 0 { 0 } else { ((c - 1) / owners) as u8 }).collect();
    let has_royal = pieces.iter().any(|p| p.royal);
    let counted = pieces.iter().any(|p| p.counted);
    Some(Game {
        repetition_reason: scope.repetition_reason.map(|r| r.node.clone()),
        repetition_unless,
        repetition_window: scope.repetition.as_ref().and_then(|r| match &r.node {
            RepetitionRule::ForbiddenWithin(n) => Some(n.node.clamp(1, 1000) as usize),
            _ => None,
        }),
        tracks: scope.tracks.iter().map(|(_, t)| t.clone()).collect(),
        stacks,
        dice: dice?.map(|d| DiceDef { spent_by_moves: phases.iter().any(race::spends_dice), ..d }),
        attributes: scope.attributes.iter().map(|(_, a)| a.clone()).collect(),
        patterns: patterns?,
        said: scope.said.borrow().clone(),
        has_royal,
        counted,
        end_reads_blocked: end_rules.iter().any(|rule| rule.when.reads_blocked()),
        reads_repeated: scope.repeated_read.get(),
        tracks_unmoved: pieces.iter().any(|p| p.remembers_moving),
        threats: threats?,
        notations,
        code_owner,
        code_type,
        title: scope.title.clone(),
        players,
        board,
        pieces,
        regions: scope.regions.iter().map(|(_, r)| r.clone()).collect(),
        options: scope.options.iter().map(|(_, o)| o.clone()).collect(),
        option_values: scope.option_values.clone(),
        counters: scope.counters.iter().map(|(_, c)| c.clone()).collect(),
        phases,
        end_rules,
        repetition,
        setup,
        zobrist,
        warnings: Vec::new(),
        source: source.clone(),
    })
}

/// How many pieces an entry puts on each of its sites: a number is for
/// counted types only (E0513), from 1 to 65,535 (E0514).
fn heap_size(scope: &Scope, count: Option<&Spanned<i64>>, piece: Option<PieceType>) -> Option<u16> {
    let Some(count) = count else { return Some(1) };
    let counted = piece.map(|p| scope.pieces[p as usize].1.counted);
    if counted == Some(false) {
        let name = &scope.pieces[piece? as usize].0;
        scope.error(
            Diagnostic::error("E0513", format!("`{}` is not a counted type: a site holds one", name.node))
                .with_label(count.span, "a number of pieces")
                .with_help(format!("declare `piece {} counted` for sites holding any number of them", name.node)),
        );
        return None;
    }
    if !(1..=u16::MAX as i64).contains(&count.node) {
        scope.error(
            Diagnostic::error("E0514", "a site holds 1 to 65,535 pieces of a counted type")
                .with_label(count.span, format!("{} pieces", count.node)),
        );
        return None;
    }
    Some(count.node as u16)
}

/// The setup's pieces and hands. A site given a second piece is E0505,
/// once for each entry that does it (a range over occupied sites names its
/// first such site, not each one): found through a table of sites, so a
/// setup of thousands of lines is checked in linear time.
fn setup(scope: &Scope) -> SetupDef {
    let mut setup = SetupDef::default();
    let site_count = scope.board.as_ref().map_or(0, |b| b.site_count());
    // Where each site got its first piece.
    let mut occupied: Vec<Option<Span>> = vec![None; site_count];
    // Each range's sites, found once however often it is written.
    let mut ranges: std::collections::HashMap<&str, std::rc::Rc<[crate::board::Site]>> = Default::default();
    for entry in &scope.setup {
        match entry {
            SetupEntry::Hand { player, count, piece } => {
                let (player, piece) = (scope.owner(player), scope.piece(piece));
                if !(0..=MAX_HAND).contains(&count.node) {
                    scope.error(
                        Diagnostic::error("E0504", format!("a hand holds between 0 and {MAX_HAND} pieces of a type"))
                            .with_label(count.span, format!("{} pieces", count.node)),
                    );
                    continue;
                }
                if let (Some(player), Some(piece)) = (player, piece) {
                    setup.hands.push((player, piece, count.node as u32));
                }
            }
            SetupEntry::Pieces { owner, count, piece, sites } => {
                let (owner, piece) = (scope.owner(owner), scope.piece(piece));
                let Some(count) = heap_size(scope, count.as_ref(), piece) else { continue };
                for name in sites {
                    let is_range = name.node.contains("..");
                    let resolved = match ranges.get(name.node.as_str()) {
                        Some(known) => known.clone(),
                        None => {
                            let found: std::rc::Rc<[crate::board::Site]> = scope.sites(name).into();
                            // A range that names no site was reported: report it again where it is written again.
                            if is_range && !found.is_empty() {
                                ranges.insert(name.node.as_str(), found.clone());
                            }
                            found
                        }
                    };
                    let (mut clash, mut clashes) = (None, 0usize);
                    for &site in resolved.iter() {
                        let Some(first) = occupied.get_mut(site as usize) else { continue };
                        if let Some(first) = first {
                            clash = clash.or(Some((site, *first)));
                            clashes += 1;
                            continue;
                        }
                        *first = Some(name.span);
                        if let (Some(owner), Some(piece)) = (owner, piece) {
                            setup.pieces.push((site, owner, piece, count));
                        }
                    }
                    if let (Some((site, first)), Some(board)) = (clash, scope.board.as_ref()) {
                        let site_name = board.site_name(site);
                        let here = match (is_range, clashes) {
                            (false, _) => "second piece here".to_string(),
                            (true, 1) => format!("`{site_name}` is in this range"),
                            (true, n) => {
                                format!("`{site_name}` and {} more sites of this range already have a piece", n - 1)
                            }
                        };
                        scope.error(
                            Diagnostic::error("E0505", format!("site `{site_name}` is given two pieces at the start"))
                                .with_label(name.span, here)
                                .with_label(first, "first piece here")
                                .with_help("a site holds one piece"),
                        );
                    }
                }
            }
        }
    }
    setup
}

/// The `threat` items: how the threat test sees a type. One region serves
/// every threat item (it is the virtual site's region in every mask).
fn threats(scope: &Scope) -> Option<Vec<ThreatDef>> {
    let mut defs = Vec::new();
    let mut ok = true;
    for &(piece, seen_as, region) in &scope.threats {
        let resolved = (scope.piece(piece), scope.piece(seen_as), scope.region(region));
        if let Some((first, _, _)) = scope.threats.iter().find(|(_, _, r)| r.node != region.node) {
            ok = false;
            scope.error(
                Diagnostic::error("E0508", "all `threat` items must name the same region")
                    .with_label(region.span, "a second region")
                    .with_label(first.span, "the first threat item")
                    .with_help("the threat test places a piece on one kind of ordinary site"),
            );
        }
        match resolved {
            (Some(piece), Some(seen_as), Some(_)) => defs.push(ThreatDef { piece, seen_as }),
            _ => ok = false,
        }
    }
    ok.then_some(defs)
}

/// Piece traits that need something of the rest of the game.
fn traits_check(scope: &Scope) {
    for (name, def) in &scope.pieces {
        if def.reversible && !scope.players_unknown() && scope.players.len() != 2 {
            scope.error(
                Diagnostic::error("E0506", format!("`{}` is reversible, which needs exactly two players", name.node))
                    .with_label(
                        name.span,
                        format!("a piece with two faces, but the game has {} players", scope.players.len()),
                    )
                    .with_help("a flip gives the piece to the other player; with more players that is ambiguous"),
            );
        }
        if def.counted {
            // A heap is a number of equal pieces: no faces, no memory per
            // piece, no order among other pieces on the site.
            let clash = match (def.reversible, def.remembers_moving, scope.stacks) {
                (true, _, _) => Some("`reversible`"),
                (_, true, _) => Some("`remembers_moving`"),
                (_, _, Some(_)) => Some("a `stacks` item"),
                _ => None,
            };
            if let Some(clash) = clash {
                scope.error(
                    Diagnostic::error("E0515", format!("`{}` is counted, which cannot go with {clash}", name.node))
                        .with_label(name.span, "a counted type: a site holds a number of equal pieces")
                        .with_help("a heap's pieces are not told apart: they share one face, one past and one site"),
                );
            }
        }
    }
}

fn end_rule(scope: &Scope, rule: &crate::syntax::ast::EndRule) -> Option<EndRuleDef> {
    let phase = match &rule.phase {
        Some(name) => Some(scope.phase(name)?),
        None => None,
    };
    let when = game_test(scope, &rule.when);
    let action = match &rule.result {
        EndResult::Draw => Some(EndAction::Draw),
        EndResult::Player { who, wins } => {
            resolve_who(scope, who).map(|w| if *wins { EndAction::Wins(w) } else { EndAction::Loses(w) })
        }
        EndResult::Most { piece, region, on_tie } => {
            let piece = if piece.node == "pieces" { Some(None) } else { scope.piece(piece).map(Some) };
            let region = match region {
                Some(name) => sow::most_region(scope, name).map(Some),
                None => Some(None),
            };
            match (piece, region) {
                (Some(piece), Some(region)) => Some(EndAction::Most { piece, on_tie: *on_tie, region }),
                _ => None,
            }
        }
    };
    let reason = rule.reason.as_ref().map(|r| r.node.clone()).unwrap_or_else(|| {
        let text = &scope_text(scope, rule.span);
        text.split_whitespace().collect::<Vec<_>>().join(" ")
    });
    Some(EndRuleDef { phase, when: when?, action: action?, reason })
}

/// The source text of a span, for reasons nobody wrote out.
fn scope_text(scope: &Scope, span: Span) -> String {
    scope.source_text.get(span.start..span.end).unwrap_or("end rule").to_string()
}
