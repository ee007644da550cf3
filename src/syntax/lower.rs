//! Lowering pest's parse tree to the AST. The grammar has already accepted
//! the text, so the shapes here are known; spans are shifted by the item's
//! offset in the file.

use super::ast::*;
use super::parser::Rule;
use super::span::{Name, Span, Spanned};
use pest::iterators::Pair;

type P<'a> = Pair<'a, Rule>;

struct Lowerer {
    offset: usize,
}

pub(super) fn lower_item(pair: P, offset: usize) -> Spanned<Item> {
    let l = Lowerer { offset };
    let span = l.span(&pair);
    Spanned::new(l.item(pair), span)
}

impl Lowerer {
    fn span(&self, pair: &P) -> Span {
        let s = pair.as_span();
        Span::new(s.start() + self.offset, s.end() + self.offset)
    }

    fn name(&self, pair: P) -> Name {
        Spanned::new(pair.as_str().to_string(), self.span(&pair))
    }

    fn int(&self, pair: P) -> Spanned<i64> {
        // The grammar admits any digits; the parser refuses a number past 64 bits (E0003).
        let value =
            pair.as_str().parse::<i64>().unwrap_or(if pair.as_str().starts_with('-') { i64::MIN } else { i64::MAX });
        Spanned::new(value, self.span(&pair))
    }

    fn string(&self, pair: P) -> Spanned<String> {
        let span = self.span(&pair);
        let body = pair.into_inner().next().map(|p| p.as_str().to_string()).unwrap_or_default();
        Spanned::new(body, span)
    }

    fn names(&self, pair: P) -> Vec<Name> {
        pair.into_inner().map(|p| self.name(p)).collect()
    }

    /// A `site_set`: `{a, b}`, `a, b` or `{}`.
    /// Sites (or piece types) listed; a range `a1..h2` is one name, expanded by the checker.
    fn site_set(&self, pair: P) -> Vec<Name> {
        pair.into_inner().map(|item| Name::new(item.as_str().to_string(), self.span(&item))).collect()
    }

    fn item(&self, pair: P) -> Item {
        let rule = pair.as_rule();
        let item_span = self.span(&pair);
        let mut inner = pair.into_inner();
        let mut next = || inner.next().expect("grammar guarantees this child");
        match rule {
            Rule::game_item => Item::Game(self.string(next())),
            Rule::players_item => Item::Players(self.names(next())),
            Rule::board_item => Item::Board(self.board(next())),
            Rule::region_item => {
                let name = self.name(next());
                let mut sites = Vec::new();
                let mut per_player = Vec::new();
                for part in inner {
                    if part.as_rule() == Rule::player_sites {
                        let mut parts = part.into_inner();
                        let player = self.name(parts.next().expect("player"));
                        per_player.push((player, self.site_set(parts.next().expect("sites"))));
                    } else {
                        sites = self.site_set(part);
                    }
                }
                Item::Region { name, sites, per_player }
            }
            Rule::piece_item => {
                let name = self.name(next());
                let (mut traits, mut letter, mut returns) = (Vec::new(), None, None);
                let mut glyphs = Vec::new();
                for t in inner {
                    if t.as_rule() == Rule::piece_glyph {
                        glyphs = t.into_inner().map(|g| self.string(g)).collect();
                        continue;
                    }
                    if t.as_rule() == Rule::piece_letter {
                        let c = t.into_inner().next().expect("a letter");
                        letter = Some(Spanned::new(c.as_str().chars().next().unwrap_or('?'), self.span(&c)));
                        continue;
                    }
                    if t.as_rule() == Rule::returns_to {
                        let span = self.span(&t);
                        let mut decl = ReturnsDecl { as_type: None, to_capturer: None, span };
                        for part in t.into_inner() {
                            match part.as_rule() {
                                Rule::returns_as => {
                                    decl.as_type = Some(self.name(part.into_inner().next().expect("a type")))
                                }
                                Rule::to_capturer => decl.to_capturer = Some(self.span(&part)),
                                _ => {}
                            }
                        }
                        traits.push(Spanned::new(PieceTrait::Returns, span));
                        returns = Some(decl);
                        continue;
                    }
                    let kind = match t.as_str() {
                        "royal" => PieceTrait::Royal,
                        "returns" => PieceTrait::Returns,
                        "remembers_moving" => PieceTrait::RemembersMoving,
                        "counted" => PieceTrait::Counted,
                        "unlettered" => PieceTrait::Unlettered,
                        _ => PieceTrait::Reversible,
                    };
                    traits.push(Spanned::new(kind, self.span(&t)));
                }
                Item::Piece { name, traits, returns, letter, glyphs }
            }
            Rule::option_item => {
                let name = self.name(next());
                let value_pair = next();
                let span = self.span(&value_pair);
                let v = value_pair.into_inner().next().expect("value has one child");
                let value = match v.as_rule() {
                    Rule::boolean => Value::Bool(v.as_str() == "true"),
                    _ => Value::Int(self.int(v).node),
                };
                let doc = inner.next().map(|d| self.string(d));
                Item::Option { name, value: Spanned::new(value, span), doc }
            }
            Rule::counter_item => {
                let name = self.name(next());
                let initial = self.int(next());
                let (mut per_player, mut clock) = (false, false);
                for part in inner {
                    match part.as_rule() {
                        Rule::clock_kw => clock = true,
                        _ => per_player = true,
                    }
                }
                Item::Counter { name, initial, per_player, clock }
            }
            Rule::setup_item => Item::Setup(inner.map(|e| self.setup_entry(e)).collect()),
            Rule::phase_item => {
                let name = self.name(next());
                let mut chance = None;
                let (mut rules, mut entries) = (Vec::new(), Vec::new());
                for part in inner {
                    if part.as_rule() == Rule::by_chance {
                        chance = Some(self.span(&part));
                        continue;
                    }
                    let entry_span = self.span(&part);
                    let label = (part.as_rule() == Rule::labelled_rule).then(|| self.label(part.clone()));
                    rules.push(self.phase_rule(part));
                    entries.push((label, entry_span));
                }
                Item::Phase(PhaseDecl { name, chance, rules, entries })
            }
            Rule::dice_item => {
                let names = self.names(next());
                let sides = self.int(next());
                let (mut unordered, mut doubles_twice) = (false, false);
                for part in inner {
                    match part.as_rule() {
                        Rule::doubles_twice => doubles_twice = true,
                        _ => unordered = true,
                    }
                }
                Item::Dice { names, sides, unordered, doubles_twice }
            }
            Rule::variant_item => Item::Variant(self.string(next())),
            Rule::directions_item => {
                let name = self.name(next());
                let (mut dirs, mut per_player) = (Vec::new(), Vec::new());
                for part in inner {
                    if part.as_rule() == Rule::dir_list {
                        dirs = part.into_inner().map(|d| self.name(d)).collect();
                    } else {
                        let mut parts = part.into_inner();
                        let player = self.name(parts.next().expect("player"));
                        let list = parts.next().expect("directions").into_inner().map(|d| self.name(d)).collect();
                        per_player.push((player, list));
                    }
                }
                Item::Directions { name, dirs, per_player }
            }
            Rule::remove_item => {
                let kind = next();
                let kind = Spanned::new(kind.as_str().to_string(), self.span(&kind));
                let names: Vec<Name> = inner.map(|n| self.name(n)).collect();
                let (name, from) = match (kind.node.as_str(), &names[..]) {
                    (_, [name, from]) => (Some(name.clone()), Some(from.clone())),
                    (_, [name]) => (Some(name.clone()), None),
                    _ => (None, None),
                };
                Item::Remove { kind, name, from }
            }
            Rule::notation_item => {
                let rule = self.name(next());
                Item::Notation { rule, texts: inner.map(|t| self.string(t)).collect() }
            }
            Rule::condition_item => {
                let name = self.name(next());
                Item::Condition { name, cond: self.site_cond(next()) }
            }
            Rule::pattern_item => {
                let name = self.name(next());
                let cond = self.site_cond(next());
                let directions = self.directions(next());
                let length = self.distance(next());
                let touching = inner.next().map(|t| self.site_cond(t.into_inner().next().expect("condition")));
                Item::Pattern { name, cond, directions, length, touching }
            }
            Rule::end_item => Item::End(inner.map(|r| self.end_rule(r)).collect()),
            Rule::track_item => {
                let name = self.name(next());
                let (mut paths, mut players) = (Vec::new(), Vec::new());
                for part in inner {
                    let path = match part.as_rule() {
                        Rule::player_track => {
                            let mut parts = part.into_inner();
                            players.push(self.name(parts.next().expect("player")));
                            parts.next().expect("path")
                        }
                        _ => part,
                    };
                    paths.push(path.into_inner().map(|p| self.name(p)).collect());
                }
                Item::Track { name, paths, players }
            }
            Rule::threat_item => {
                let piece = self.name(next());
                let seen_as = self.name(next());
                Item::Threat { piece, seen_as, region: self.name(next()) }
            }
            Rule::group_item => {
                let name = self.name(next());
                Item::Group { name, members: self.names(next()) }
            }
            Rule::stacks_item => {
                let mut unordered = false;
                let mut limits = Vec::new();
                for part in inner {
                    let rule = part.as_rule();
                    let mut parts = part.into_inner();
                    let mut next = || parts.next().expect("grammar guarantees this child");
                    match rule {
                        Rule::unordered_kw => unordered = true,
                        Rule::at_most_limit => {
                            let count = self.int(next());
                            limits.push(StackLimitDecl::AtMost(count, self.name(next())));
                        }
                        Rule::one_owner => limits.push(StackLimitDecl::OneOwner),
                        Rule::found_rule => limits.push(StackLimitDecl::FoundChoice),
                        Rule::only_with => {
                            let piece = self.name(next());
                            limits.push(StackLimitDecl::OnlyWith(piece, self.site_set(next())));
                        }
                        _ => {
                            let piece = self.name(next());
                            let _not = next();
                            limits.push(StackLimitDecl::NotWith(piece, self.site_set(next())));
                        }
                    }
                }
                Item::Stacks { unordered, limits, span: item_span }
            }
            Rule::attribute_item => {
                let name = self.name(next());
                let default = self.int(next());
                let values = inner
                    .map(|v| {
                        let mut parts = v.into_inner();
                        let value = self.int(parts.next().expect("value"));
                        (value, self.site_set(parts.next().expect("sites")))
                    })
                    .collect();
                Item::Attribute { name, default, values }
            }
            Rule::repetition_item => {
                let r = next();
                let span = self.span(&r);
                let mut unless = None;
                let rule = match r.as_str().split_whitespace().next() {
                    Some("loses") => RepetitionRule::Loses,
                    Some("forbidden") => match r.into_inner().next() {
                        Some(w) if w.as_rule() == Rule::repetition_within => {
                            RepetitionRule::ForbiddenWithin(self.int(w.into_inner().next().expect("plies")))
                        }
                        part => {
                            unless = part.and_then(|u| u.into_inner().next()).map(|c| self.game_cond(c));
                            RepetitionRule::Forbidden
                        }
                    },
                    _ => {
                        let n = r.into_inner().next().map(|p| self.int(p).node).unwrap_or(3);
                        RepetitionRule::DrawAfter(n)
                    }
                };
                let reason = inner.next().map(|r| self.string(r));
                Item::Repetition(Spanned::new(rule, span), reason, unless)
            }
            other => unreachable!("not an item: {other:?}"),
        }
    }

    fn board(&self, pair: P) -> BoardDecl {
        match pair.as_rule() {
            Rule::square_board | Rule::hex_board => {
                let hex = pair.as_rule() == Rule::hex_board;
                let mut inner = pair.into_inner().peekable();
                if let Some(side) = inner.next_if(|p| p.as_rule() == Rule::hexagon_side) {
                    let side = self.int(side.into_inner().nth(1).expect("side"));
                    return BoardDecl::Hexagon { side };
                }
                let files = self.int(inner.next().expect("files"));
                let ranks = self.int(inner.next().expect("ranks"));
                if hex { BoardDecl::Hex { files, ranks } } else { BoardDecl::Square { files, ranks } }
            }
            _ => {
                let mut points = Vec::new();
                let mut lines = Vec::new();
                for entry in pair.into_inner() {
                    let rule = entry.as_rule();
                    let mut inner = entry.into_inner();
                    if rule == Rule::point_decl {
                        let name = self.name(inner.next().expect("point name"));
                        let x = inner.next().map_or(0.0, |p| p.as_str().parse().unwrap_or(0.0));
                        let y = inner.next().map_or(0.0, |p| p.as_str().parse().unwrap_or(0.0));
                        points.push(PointDecl { name, x, y });
                    } else {
                        let closed = inner.next().is_some_and(|k| k.as_str() == "circle");
                        let name = self.name(inner.next().expect("line name"));
                        let points = inner.map(|p| self.name(p)).collect();
                        lines.push(LineDecl { name, closed, points });
                    }
                }
                BoardDecl::Graph { points, lines }
            }
        }
    }

    fn setup_entry(&self, pair: P) -> SetupEntry {
        let rule = pair.as_rule();
        let mut inner = pair.into_inner();
        let mut next = || inner.next().expect("grammar guarantees this child");
        if rule == Rule::hand_entry {
            let player = self.name(next());
            let count = self.int(next());
            let piece = self.name(next());
            SetupEntry::Hand { player, count, piece }
        } else {
            let owner = self.name(next());
            let mut piece = next();
            let mut count = None;
            if piece.as_rule() == Rule::heap_size {
                count = Some(self.int(piece.into_inner().next().expect("a number")));
                piece = next();
            }
            let piece = self.name(piece);
            let sites = self.site_set(next());
            SetupEntry::Pieces { owner, count, piece, sites }
        }
    }

    /// The label of a `labelled_rule`.
    fn label(&self, pair: P) -> Name {
        let label = pair.into_inner().next().expect("a label");
        self.name(label.into_inner().next().expect("the label's name"))
    }

    fn phase_rule(&self, pair: P) -> PhaseRule {
        if pair.as_rule() == Rule::labelled_rule {
            let body = pair.into_inner().nth(1).expect("a labelled rule has a body");
            return self.phase_rule(body);
        }
        let span = self.span(&pair);
        let rule = pair.as_rule();
        let text = pair.as_str();
        let mut inner = pair.into_inner();
        let mut next = || inner.next().expect("grammar guarantees this child");
        match rule {
            Rule::place_rule => {
                let mut first = next();
                let neutral = first.as_rule() == Rule::neutral_owner;
                if neutral {
                    first = next();
                }
                let piece = self.name(first);
                let on = self.site_cond(next());
                let (mut guard, mut effects) = (None, Vec::new());
                for part in inner {
                    match part.as_rule() {
                        Rule::move_guard => {
                            guard = Some(self.game_cond(part.into_inner().next().expect("guard condition")))
                        }
                        _ => effects = self.block(part),
                    }
                }
                PhaseRule::Place { neutral, piece, on, guard, effects, span }
            }
            Rule::must_use => PhaseRule::MustUseDice { span },
            Rule::must_capture => PhaseRule::MustCapture { most: text.ends_with("most"), span },
            Rule::must_leave => {
                let _leave = next();
                PhaseRule::MustLeave { cond: self.game_cond(next()), span }
            }
            Rule::chains_differ => PhaseRule::ChainsDiffer { by_captures: text.ends_with("captures"), span },
            Rule::together_rule => PhaseRule::Together { parts: inner.map(|r| self.phase_rule(r)).collect(), span },
            Rule::after_block => {
                let (mut when, mut effects) = (None, Vec::new());
                for part in inner {
                    match part.as_rule() {
                        Rule::after_when => {
                            when = part.into_inner().find(|p| p.as_rule() == Rule::game_cond).map(|c| self.game_cond(c))
                        }
                        _ => effects = self.effects(part),
                    }
                }
                PhaseRule::AfterEffects { when, effects, span }
            }
            Rule::move_rule => {
                let mut first = next();
                let neutral = first.as_rule() == Rule::neutral_owner;
                if neutral {
                    first = next();
                }
                let piece = self.name(first);
                let (mut guard, mut from_hand) = (None, None);
                let mut program = Vec::new();
                for part in inner {
                    match part.as_rule() {
                        Rule::from_hand => from_hand = Some(self.span(&part)),
                        Rule::move_guard => {
                            guard = Some(self.game_cond(part.into_inner().next().expect("guard condition")))
                        }
                        _ => program.push(self.statement(part)),
                    }
                }
                PhaseRule::Move { neutral, piece, from_hand, guard, program, span }
            }
            Rule::group_rule => {
                let (mut power, mut needs, mut movement, mut condition, mut passing) = (None, None, None, None, None);
                for part in inner {
                    let rule = part.as_rule();
                    let child = || part.clone().into_inner().next().expect("grammar guarantees this child");
                    match rule {
                        Rule::group_power => power = Some(self.name(child())),
                        Rule::group_needs => needs = Some(self.name(child())),
                        Rule::static_where => condition = Some(self.static_cond(child())),
                        Rule::static_passing => passing = Some(self.static_cond(child())),
                        _ => movement = Some(self.statement(part)),
                    }
                }
                let movement = Box::new(movement.expect("grammar guarantees a movement"));
                PhaseRule::Group { power, needs, movement, condition, passing, span }
            }
            Rule::add_rule => {
                let mut sources = Vec::new();
                let mut when = None;
                for part in inner {
                    if part.as_rule() == Rule::add_source {
                        let mut parts = part.into_inner();
                        let types = self.site_set(parts.next().expect("types"));
                        let pool = parts.next().expect("pool");
                        let which = if pool.as_str() == "supply" { Pool::Supply } else { Pool::Hand };
                        sources.push((types, Spanned::new(which, self.span(&pool))));
                    } else {
                        when = Some(self.move_cond(part));
                    }
                }
                PhaseRule::Add { sources, when: when.expect("grammar guarantees a condition"), span }
            }
            Rule::next_rule => {
                let phase = self.name(next());
                let (mut pass_turn, mut when) = (false, None);
                for part in inner {
                    match part.as_rule() {
                        Rule::passing_turn => pass_turn = true,
                        _ => when = Some(self.game_cond(part)),
                    }
                }
                PhaseRule::Next { phase, pass_turn, when, span }
            }
            Rule::turn_rule => {
                let kind = next();
                PhaseRule::Turn { stays: kind.as_str() == "stays", span }
            }
            Rule::after_rule => {
                let t = next();
                let trigger = match t.as_str() {
                    "capture" => Trigger::Capture,
                    "promotion" => Trigger::Promotion,
                    _ => Trigger::Move,
                };
                let trigger = Spanned::new(trigger, self.span(&t));
                let (mut piece, mut when, mut update) = (None, None, None);
                for part in inner {
                    match part.as_rule() {
                        Rule::ident => piece = Some(self.name(part)),
                        Rule::after_when => {
                            when = part.into_inner().find(|p| p.as_rule() == Rule::game_cond).map(|c| self.game_cond(c))
                        }
                        _ => update = Some(self.update(part)),
                    }
                }
                let update = update.expect("grammar guarantees an update");
                PhaseRule::After { trigger, piece, when, update }
            }
            Rule::action_rule => {
                let name = self.name(next());
                let (mut when, mut effects) = (None, Vec::new());
                for part in inner {
                    match part.as_rule() {
                        Rule::game_cond => when = Some(self.game_cond(part)),
                        Rule::effect_block => effects = self.effects(part),
                        _ => {}
                    }
                }
                PhaseRule::Action { name, when, effects, span }
            }
            Rule::blocked_rule => {
                let mut when = None;
                let mut a = next();
                if a.as_rule() == Rule::and_kw {
                    when = Some(self.game_cond(next()));
                    a = next();
                }
                let span = self.span(&a);
                let action = match a.as_str() {
                    "skip" => BlockedActionDecl::Plain(BlockedAction::Skip),
                    "pass" => BlockedActionDecl::Plain(BlockedAction::Pass),
                    "draw" => BlockedActionDecl::Plain(BlockedAction::Draw),
                    "lose" => BlockedActionDecl::Plain(BlockedAction::Lose),
                    _ => {
                        let mut parts = a.into_inner().next().expect("next PHASE").into_inner();
                        let phase = self.name(parts.next().expect("phase"));
                        BlockedActionDecl::Next(phase, parts.next().is_some())
                    }
                };
                PhaseRule::Blocked { when, action: Spanned::new(action, span) }
            }
            Rule::along_rule => {
                let track = self.name(next());
                PhaseRule::Along { track, limit: self.int(next()) }
            }
            Rule::phase_if => {
                let option = self.name(next());
                let then = next().into_inner().map(|r| self.phase_rule(r)).collect();
                let otherwise = inner.next().map(|b| b.into_inner().map(|r| self.phase_rule(r)).collect());
                PhaseRule::If { option, then, otherwise: otherwise.unwrap_or_default() }
            }
            Rule::promote_rule => {
                let piece = self.name(next());
                let on = self.site_cond(next());
                let mut from = None;
                let mut to = Vec::new();
                for part in inner {
                    match part.as_rule() {
                        Rule::promote_from => {
                            let cond = part.into_inner().find(|p| p.as_rule() == Rule::site_cond).expect("a condition");
                            from = Some(self.site_cond(cond));
                        }
                        Rule::ident_list => to = part.into_inner().map(|n| self.name(n)).collect(),
                        _ => {}
                    }
                }
                PhaseRule::Promote { piece, on, from, to, span }
            }
            other => unreachable!("not a phase rule: {other:?}"),
        }
    }

    /// The effects of an `effect_block`, in order.
    fn effects(&self, pair: P) -> Vec<Effect> {
        pair.into_inner().map(|e| self.effect(e)).collect()
    }

    fn effect(&self, pair: P) -> Effect {
        let span = self.span(&pair);
        let rule = pair.as_rule();
        let mut inner = pair.into_inner();
        let mut next = || inner.next().expect("grammar guarantees this child");
        match rule {
            Rule::counter_update => Effect::Update(self.update_parts(next(), next(), next())),
            Rule::effect_if => {
                let when = self.game_cond(next());
                let then = self.effects(next());
                let otherwise = inner.next().map(|b| self.effects(b)).unwrap_or_default();
                Effect::If { when, then, otherwise }
            }
            Rule::effect_remove => {
                let first = next();
                if first.as_rule() == Rule::on_kw {
                    Effect::RemoveOn(self.site_cond(next()))
                } else {
                    Effect::RemovePattern(self.name(first))
                }
            }
            Rule::effect_place => {
                let mut first = next();
                let neutral = first.as_rule() == Rule::neutral_owner;
                if neutral {
                    first = next();
                }
                let piece = self.name(first);
                let _every = next();
                Effect::PlaceEvery { neutral, piece, on: self.site_cond(next()), span }
            }
            Rule::effect_end => {
                let first = next();
                let result = if first.as_rule() == Rule::draw_kw {
                    EndResult::Draw
                } else {
                    let who = self.name(first);
                    EndResult::Player { who, wins: next().as_str() == "wins" }
                };
                let reason = inner.next().map(|r| self.string(r));
                Effect::End { result, reason, span }
            }
            Rule::effect_gather => {
                let _gather = next();
                let first = next();
                let source = if first.as_rule() == Rule::gather_run {
                    let run_span = self.span(&first);
                    let mut parts = first.into_inner();
                    let last_to = parts.next().expect("start").as_str() == "last_to";
                    let _back = parts.next();
                    let track = self.name(parts.next().expect("track"));
                    let _while = parts.next();
                    let cond = self.site_cond(parts.next().expect("condition"));
                    GatherSource::Run { last_to, track, cond, span: run_span }
                } else {
                    GatherSource::Sites(self.site_cond(first))
                };
                let _into = next();
                let into = self.site_cond(next());
                let unless = inner.next().map(|u| self.site_cond(u.into_inner().next().expect("condition")));
                Effect::Gather { source, into, unless, span }
            }
            Rule::turn_rule => Effect::Turn { stays: next().as_str() == "stays", span },
            _ => {
                let phase = self.name(next());
                Effect::Next { phase, pass_turn: inner.next().is_some() }
            }
        }
    }

    /// What follows a slide's `by`.
    fn slide_by(&self, pair: P) -> SlideBy {
        let span = self.span(&pair);
        match pair.as_rule() {
            Rule::line_count => {
                SlideBy::Line(self.site_factor(pair.into_inner().next().expect("grammar guarantees a condition")), span)
            }
            _ => SlideBy::Number(self.operand(pair), span),
        }
    }

    /// `2`, `1..3`, `2..`
    fn distance(&self, part: P) -> Spanned<(i64, Option<i64>)> {
        let span = self.span(&part);
        let text = part.as_str();
        let mut parts = part.into_inner();
        let low = self.int(parts.next().expect("low")).node;
        let high = match parts.next() {
            Some(h) => Some(self.int(h).node),
            None if text.contains("..") => None,
            None => Some(low),
        };
        Spanned::new((low, high), span)
    }

    fn static_cond(&self, pair: P) -> StaticCond {
        match pair.as_rule() {
            Rule::static_cond | Rule::static_term => {
                let or = pair.as_rule() == Rule::static_cond;
                let mut parts: Vec<StaticCond> = pair
                    .into_inner()
                    .filter(|p| !matches!(p.as_rule(), Rule::or_kw | Rule::and_kw))
                    .map(|p| self.static_cond(p))
                    .collect();
                if parts.len() == 1 {
                    parts.pop().expect("one part")
                } else if or {
                    StaticCond::Or(parts)
                } else {
                    StaticCond::And(parts)
                }
            }
            Rule::static_factor => {
                let mut inner = pair.into_inner();
                let first = inner.next().expect("factor");
                match first.as_rule() {
                    Rule::not_kw => StaticCond::Not(Box::new(self.static_cond(inner.next().expect("negated")))),
                    _ => self.static_cond(first),
                }
            }
            Rule::static_in => {
                let mut inner = pair.into_inner();
                let site = self.path_site(inner.next().expect("site"));
                StaticCond::In(site, self.name(inner.next().expect("region")))
            }
            _ => {
                // static_cmp
                let mut inner = pair.into_inner();
                let left = self.static_value(inner.next().expect("left"));
                let op = compare_op(inner.next().expect("op").as_str());
                StaticCond::Compare(left, op, self.static_value(inner.next().expect("right")))
            }
        }
    }

    fn static_value(&self, pair: P) -> StaticValue {
        let mut inner = pair.into_inner();
        let first = inner.next().expect("value");
        match first.as_rule() {
            Rule::int => StaticValue::Number(self.int(first).node),
            _ => {
                let name = self.name(first);
                StaticValue::Attribute(name, self.path_site(inner.next().expect("site")))
            }
        }
    }

    fn path_site(&self, pair: P) -> Spanned<PathSite> {
        let site = match pair.as_str() {
            "from" => PathSite::From,
            "to" => PathSite::To,
            "prev" => PathSite::Prev,
            _ => PathSite::Over,
        };
        Spanned::new(site, self.span(&pair))
    }

    fn statement(&self, pair: P) -> Statement {
        let span = self.span(&pair);
        let rule = pair.as_rule();
        let mut inner = pair.into_inner();
        let mut next = || inner.next().expect("grammar guarantees this child");
        match rule {
            Rule::sow_stmt => {
                let _sow = next();
                let track = self.name(next());
                let skipping = inner.next().map(|s| self.site_cond(s.into_inner().next().expect("condition")));
                Statement::Sow { track, skipping, span }
            }
            Rule::if_stmt => {
                let option = self.name(next());
                let then = self.block(next());
                let otherwise = inner.next().map(|b| self.block(b)).unwrap_or_default();
                Statement::If { option, then, otherwise, span }
            }
            Rule::step_stmt | Rule::slide_stmt => {
                let heading = self.heading(next());
                let (mut distance, mut by, mut over, mut through, mut to) = (None, None, None, None, None);
                let mut again = None;
                for part in inner {
                    let rule = part.as_rule();
                    if rule == Rule::distance {
                        distance = Some(self.distance(part));
                        continue;
                    }
                    if rule == Rule::chain_again {
                        again = Some(self.again(part));
                        continue;
                    }
                    let mut parts = part.into_inner();
                    match rule {
                        Rule::die_distance => by = Some(self.slide_by(parts.next().expect("number"))),
                        Rule::fly_over => over = Some(self.site_cond(parts.next().expect("over"))),
                        Rule::through => through = Some(self.site_cond(parts.next().expect("through"))),
                        _ => to = Some(self.site_cond(parts.next().expect("to"))),
                    }
                }
                if rule == Rule::step_stmt {
                    Statement::Step { heading, to, span }
                } else {
                    Statement::Slide { heading, distance, by, over, through, to, again, span }
                }
            }
            Rule::advance_stmt => {
                next();
                let track = self.name(next());
                let amount = next();
                let by = match amount.as_rule() {
                    Rule::dice_kw => AdvanceBy::Dice(self.span(&amount)),
                    _ => AdvanceBy::Number(self.operand(amount.clone()), self.span(&amount)),
                };
                let (mut to, mut off) = (None, None);
                for part in inner {
                    match part.as_rule() {
                        Rule::destination => to = Some(self.site_cond(part.into_inner().next().expect("to"))),
                        _ => {
                            let off_span = self.span(&part);
                            let mut bear = BearOff { exact: false, when: None, span: off_span };
                            for word in part.into_inner() {
                                match word.as_rule() {
                                    Rule::exact_kw => bear.exact = true,
                                    Rule::game_cond => bear.when = Some(self.game_cond(word)),
                                    _ => {}
                                }
                            }
                            off = Some(bear);
                        }
                    }
                }
                Statement::Advance { track, by, to, off, span }
            }
            Rule::hop_stmt => {
                let directions = self.directions(next());
                let over = self.site_cond(next());
                let (mut to, mut again) = (None, None);
                for part in inner {
                    match part.as_rule() {
                        Rule::destination => to = Some(self.site_cond(part.into_inner().next().expect("to"))),
                        _ => again = Some(self.again(part)),
                    }
                }
                Statement::Hop { directions, over, to, again, span }
            }
            Rule::leap_stmt => {
                let a = self.int(next());
                let b = self.int(next());
                let to = inner.next().map(|c| self.site_cond(c.into_inner().next().expect("to")));
                Statement::Leap { offsets: (a, b), to, span }
            }
            Rule::fly_stmt => {
                let to = inner.find(|p| p.as_rule() == Rule::destination);
                let to = to.map(|c| self.site_cond(c.into_inner().next().expect("to")));
                Statement::Fly { to, span }
            }
            Rule::flip_stmt => {
                let mut first = next();
                let mut mode = None;
                if first.as_rule() == Rule::effect_mode {
                    let m = if first.as_str() == "may" { EffectMode::May } else { EffectMode::Must };
                    mode = Some(Spanned::new(m, self.span(&first)));
                    first = next();
                }
                if first.as_rule() == Rule::capture_kind {
                    Statement::FlipCustodial { mode, directions: self.directions(next()), span }
                } else {
                    Statement::Flip { site: self.move_site(first), span }
                }
            }
            Rule::forbid_stmt => Statement::Forbid { cond: self.move_cond(next()), span },
            Rule::forbid_leaves => {
                let cond = inner.find(|p| p.as_rule() == Rule::game_cond).expect("a condition");
                Statement::ForbidLeaves { cond: self.game_cond(cond), span }
            }
            Rule::then_stmt => {
                let (mut mode, mut guard, mut action) = (None, None, None);
                for part in inner {
                    match part.as_rule() {
                        Rule::effect_mode => {
                            let m = if part.as_str() == "may" { EffectMode::May } else { EffectMode::Must };
                            mode = Some(Spanned::new(m, self.span(&part)));
                        }
                        Rule::after_when => {
                            guard =
                                part.into_inner().find(|p| p.as_rule() == Rule::game_cond).map(|c| self.game_cond(c))
                        }
                        Rule::then_remove => {
                            let on = part.into_inner().next().expect("capture_on").into_inner().next().expect("on");
                            action = Some(FollowUpDecl::Remove { on: self.site_cond(on) });
                        }
                        Rule::then_place => {
                            let mut parts = part.into_inner();
                            let mut first = parts.next().expect("type");
                            let neutral = first.as_rule() == Rule::neutral_owner;
                            if neutral {
                                first = parts.next().expect("type");
                            }
                            let piece = self.name(first);
                            let target = parts.next().expect("target");
                            action = Some(if target.as_rule() == Rule::block {
                                FollowUpDecl::Place { neutral, piece, on: None, movement: self.block(target) }
                            } else {
                                let on = self.site_cond(target.into_inner().next().expect("on"));
                                FollowUpDecl::Place { neutral, piece, on: Some(on), movement: Vec::new() }
                            });
                        }
                        _ => {}
                    }
                }
                Statement::Then { mode, guard, action: action.expect("grammar guarantees an action"), span }
            }
            Rule::capture_stmt => {
                let mut first = next();
                let mut mode = None;
                if first.as_rule() == Rule::effect_mode {
                    let m = if first.as_str() == "may" { EffectMode::May } else { EffectMode::Must };
                    mode = Some(Spanned::new(m, self.span(&first)));
                    first = next();
                }
                let target = if first.as_rule() == Rule::capture_kind {
                    let kind = Spanned::new(CaptureKind::Custodial, self.span(&first));
                    let directions = self.directions(next());
                    let (mut length, mut taken, mut against) = (None, None, None);
                    for part in inner.by_ref() {
                        match part.as_rule() {
                            Rule::capture_where => {
                                taken = Some(self.site_cond(part.into_inner().next().expect("where")))
                            }
                            Rule::capture_against => {
                                against = Some(self.site_cond(part.into_inner().nth(1).expect("against")))
                            }
                            _ => length = Some(self.distance(part)),
                        }
                    }
                    CaptureTarget::Custodial { kind, directions, length, taken, against }
                } else if first.as_rule() == Rule::capture_on {
                    CaptureTarget::On(self.site_cond(first.into_inner().next().expect("condition")))
                } else {
                    let site = self.move_site(first);
                    let condition = inner.next().map(|w| self.site_cond(w.into_inner().next().expect("where")));
                    CaptureTarget::Site { site, condition }
                };
                Statement::Capture { mode, target, span }
            }
            other => unreachable!("not a statement: {other:?}"),
        }
    }

    fn move_site(&self, pair: P) -> Spanned<MoveSite> {
        let site = match pair.as_str() {
            "from" => MoveSite::From,
            "to" => MoveSite::To,
            "ahead" => MoveSite::Ahead,
            _ => MoveSite::Over,
        };
        Spanned::new(site, self.span(&pair))
    }

    fn move_cond(&self, pair: P) -> MoveCond {
        let mut terms: Vec<MoveCond> = pair
            .into_inner()
            .filter(|p| p.as_rule() == Rule::move_term)
            .map(|t| {
                let mut factors: Vec<MoveCond> =
                    t.into_inner().filter(|p| p.as_rule() == Rule::move_factor).map(|f| self.move_factor(f)).collect();
                if factors.len() == 1 { factors.pop().expect("one factor") } else { MoveCond::And(factors) }
            })
            .collect();
        if terms.len() == 1 { terms.pop().expect("one term") } else { MoveCond::Or(terms) }
    }

    fn move_factor(&self, pair: P) -> MoveCond {
        let mut inner = pair.into_inner();
        let first = inner.next().expect("factor has a child");
        match first.as_rule() {
            Rule::not_kw => MoveCond::Not(Box::new(self.move_factor(inner.next().expect("negated")))),
            Rule::move_cond => self.move_cond(first),
            Rule::moving_cmp => {
                let mut parts = first.into_inner();
                let op = compare_op(parts.next().expect("op").as_str());
                MoveCond::Moving(op, self.int(parts.next().expect("count")))
            }
            Rule::moved_by => MoveCond::MovedBy(self.name(first.into_inner().next().expect("type"))),
            _ => {
                let mut parts = first.into_inner();
                let site = self.move_site(parts.next().expect("site"));
                let cond = self.site_factor(parts.next().expect("condition"));
                MoveCond::Is { site, cond }
            }
        }
    }

    fn heading(&self, pair: P) -> Heading {
        let mut inner = pair.into_inner();
        let first = inner.next().expect("heading has a child");
        match first.as_rule() {
            Rule::straight_kw => Heading::Straight(self.span(&first)),
            Rule::turn_kw => Heading::Turn(self.directions(inner.next().expect("turn directions"))),
            _ => Heading::Any { directions: self.directions(first), keep: inner.next().is_some() },
        }
    }

    fn block(&self, pair: P) -> Vec<Statement> {
        pair.into_inner().map(|s| self.statement(s)).collect()
    }

    /// `again [or stop] [until COND]`.
    fn again(&self, pair: P) -> Again {
        let span = self.span(&pair);
        let (mut may_stop, mut until) = (false, None);
        for part in pair.into_inner() {
            match part.as_rule() {
                Rule::or_stop => may_stop = true,
                Rule::chain_until => until = Some(self.site_cond(part.into_inner().next().expect("condition"))),
                _ => {}
            }
        }
        Again { may_stop, until, span }
    }

    fn directions(&self, pair: P) -> Directions {
        let span = self.span(&pair);
        let names = pair.into_inner().map(|p| self.name(p)).collect();
        Directions { names, span }
    }

    fn site_cond(&self, pair: P) -> SiteCond {
        let mut terms: Vec<SiteCond> =
            pair.into_inner().filter(|p| p.as_rule() == Rule::site_term).map(|t| self.site_term(t)).collect();
        if terms.len() == 1 { terms.pop().expect("one term") } else { SiteCond::Or(terms) }
    }

    fn site_term(&self, pair: P) -> SiteCond {
        let mut factors: Vec<SiteCond> =
            pair.into_inner().filter(|p| p.as_rule() == Rule::site_factor).map(|f| self.site_factor(f)).collect();
        if factors.len() == 1 { factors.pop().expect("one factor") } else { SiteCond::And(factors) }
    }

    fn site_factor(&self, pair: P) -> SiteCond {
        let span = self.span(&pair);
        let mut inner = pair.into_inner();
        let first = inner.next().expect("factor has a child");
        match first.as_rule() {
            Rule::not_kw => SiteCond::Not(Box::new(self.site_factor(inner.next().expect("negated"))), span),
            Rule::site_cond => self.site_cond(first),
            Rule::region_of => {
                let mut parts = first.into_inner();
                let region = self.name(parts.next().expect("region"));
                SiteCond::RegionOf { region, who: self.name(parts.next().expect("who")) }
            }
            Rule::transpose => {
                let inner = first.into_inner().find(|p| p.as_rule() == Rule::site_cond).expect("transposed condition");
                SiteCond::Transpose(Box::new(self.site_cond(inner)), span)
            }
            Rule::ray_cond => {
                let mut parts = first.into_inner();
                let quant = match parts.next().expect("quantifier").as_str() {
                    "some" => RayQuant::Some,
                    "no" => RayQuant::No,
                    _ => RayQuant::Every,
                };
                let along = parts.next().expect("along or next").as_str() == "along";
                let directions = self.directions(parts.next().expect("directions"));
                let cond = Box::new(self.site_factor(parts.next().expect("condition")));
                SiteCond::Ray { quant, along, directions, cond, span }
            }
            Rule::pieces_cmp => {
                let mut parts = first.into_inner().skip(1);
                let op = compare_op(parts.next().expect("op").as_str());
                SiteCond::Pieces(op, self.int(parts.next().expect("number")), span)
            }
            Rule::liberties_cmp => {
                let mut parts = first.into_inner().skip(1).peekable();
                let directions = parts.next_if(|p| p.as_rule() == Rule::directions).map(|d| self.directions(d));
                let op = compare_op(parts.next().expect("op").as_str());
                let value = self.int(parts.next().expect("number"));
                SiteCond::Liberties { directions, op, value, span }
            }
            Rule::ray_count => {
                // After the `count` keyword.
                let mut parts = first.into_inner().skip(1);
                let along = parts.next().expect("along or next").as_str() == "along";
                let directions = self.directions(parts.next().expect("directions"));
                let cond = Box::new(self.site_factor(parts.next().expect("condition")));
                let op = compare_op(parts.next().expect("op").as_str());
                let quant = RayQuant::Count(op, self.int(parts.next().expect("number")).node);
                SiteCond::Ray { quant, along, directions, cond, span }
            }
            _ => SiteCond::Name(self.name(first)),
        }
    }

    fn game_cond(&self, pair: P) -> GameCond {
        let mut terms: Vec<GameCond> =
            pair.into_inner().filter(|p| p.as_rule() == Rule::game_term).map(|t| self.game_term(t)).collect();
        if terms.len() == 1 { terms.pop().expect("one term") } else { GameCond::Or(terms) }
    }

    fn game_term(&self, pair: P) -> GameCond {
        let mut factors: Vec<GameCond> =
            pair.into_inner().filter(|p| p.as_rule() == Rule::game_factor).map(|f| self.game_factor(f)).collect();
        if factors.len() == 1 { factors.pop().expect("one factor") } else { GameCond::And(factors) }
    }

    fn game_factor(&self, pair: P) -> GameCond {
        let span = self.span(&pair);
        let mut inner = pair.into_inner();
        let first = inner.next().expect("factor has a child");
        let first_span = self.span(&first);
        match first.as_rule() {
            Rule::not_kw => GameCond::Not(Box::new(self.game_factor(inner.next().expect("negated"))), span),
            Rule::game_cond => self.game_cond(first),
            Rule::hands_empty => GameCond::HandsEmpty(first_span),
            Rule::blocked_kw => GameCond::Blocked(first_span),
            Rule::repeated_kw => GameCond::Repeated(first_span),
            Rule::all_blocked => GameCond::AllBlocked(first_span),
            Rule::all_passed => GameCond::AllPassed(first_span),
            Rule::threatened => {
                let mut parts = first.into_inner();
                let who = self.name(parts.next().expect("who"));
                let piece = self.name(parts.next().expect("piece"));
                GameCond::Threatened { who, piece, span: first_span }
            }
            Rule::connected => {
                let mut parts = first.into_inner();
                let mut next = || self.name(parts.next().expect("grammar guarantees three names"));
                GameCond::Connected { who: next(), from: next(), to: next() }
            }
            Rule::found_runs => GameCond::Found(self.name(first.into_inner().next().expect("pattern"))),
            Rule::option_flag => GameCond::Flag(self.name(first.into_inner().next().expect("option"))),
            Rule::full_region => {
                let region = self.name(first.into_inner().next().expect("region"));
                GameCond::Full { region, span: first_span }
            }
            Rule::count_cmp => {
                let mut parts = first.into_inner();
                let Operand::Count(count) = self.operand_atom(parts.next().expect("count")) else {
                    unreachable!("count_cmp starts with count_of")
                };
                let CountOf { who, piece, region, .. } = *count;
                let op = compare_op(parts.next().expect("op").as_str());
                let value = self.operand(parts.next().expect("value"));
                match value {
                    // Against a fixed number, the count test of its own.
                    Operand::Number(_) | Operand::Option(_) => {
                        GameCond::Count { who, piece, region, op, value, span: first_span }
                    }
                    value => {
                        let left = Operand::Count(Box::new(CountOf { who, piece, region, span: first_span }));
                        GameCond::Compare { left, op, right: value, span: first_span }
                    }
                }
            }
            _ => {
                let mut parts = first.into_inner();
                let left = self.operand(parts.next().expect("left"));
                let op = compare_op(parts.next().expect("op").as_str());
                let value = self.operand(parts.next().expect("value"));
                // A lone counter on the left keeps the counter test (and its diagnostics).
                match left {
                    Operand::Option(counter) => GameCond::Counter { counter, who: None, op, value, span: first_span },
                    Operand::PlayerCounter(counter, who) => {
                        GameCond::Counter { counter, who: Some(who), op, value, span: first_span }
                    }
                    left => GameCond::Compare { left, op, right: value, span: first_span },
                }
            }
        }
    }

    /// `COUNTER[(WHO)] OP AMOUNT`
    fn update(&self, pair: P) -> Update {
        let mut parts = pair.into_inner();
        let mut next = || parts.next().expect("grammar guarantees this child");
        self.update_parts(next(), next(), next())
    }

    fn update_parts(&self, counter: P, op: P, amount: P) -> Update {
        let (counter, who) = self.counter_ref(counter);
        let op = match op.as_str() {
            "+=" => UpdateOp::Add,
            "-=" => UpdateOp::Sub,
            _ => UpdateOp::Set,
        };
        Update { counter, who, op, amount: self.operand(amount) }
    }

    /// `NAME` or `NAME(WHO)`
    fn counter_ref(&self, pair: P) -> (Name, Option<Name>) {
        let mut parts = pair.into_inner();
        let name = self.name(parts.next().expect("name"));
        (name, parts.next().map(|w| self.name(w)))
    }

    /// A sum of one or more operands (`amount`, `compare_value`).
    fn operand(&self, pair: P) -> Operand {
        let mut atoms: Vec<Operand> = pair.into_inner().map(|a| self.operand_atom(a)).collect();
        if atoms.len() == 1 { atoms.pop().expect("one atom") } else { Operand::Sum(atoms) }
    }

    fn operand_atom(&self, inner: P) -> Operand {
        let span = self.span(&inner);
        match inner.as_rule() {
            Rule::int => Operand::Number(self.int(inner)),
            Rule::plies_kw => Operand::Plies(span),
            Rule::captured_kw => Operand::Captured(span),
            Rule::hand_count => {
                let mut parts = inner.into_inner();
                let who = self.name(parts.next().expect("grammar guarantees who"));
                Operand::Hand { who, piece: parts.next().map(|p| self.name(p)), span }
            }
            Rule::groups_count => {
                let mut parts = inner.into_inner();
                let who = self.name(parts.next().expect("grammar guarantees who"));
                Operand::Groups { who, directions: parts.next().map(|d| self.directions(d)), span }
            }
            Rule::territory_count => {
                let mut parts = inner.into_inner().skip(1);
                let who = self.name(parts.next().expect("grammar guarantees who"));
                Operand::Territory { who, directions: parts.next().map(|d| self.directions(d)), span }
            }
            Rule::decimal => {
                let text = inner.as_str();
                let (whole, fraction) = text.split_once('.').expect("grammar guarantees a point");
                let negative = whole.starts_with('-');
                let whole: i64 = whole.trim_start_matches('-').parse().unwrap_or(i64::MAX / 2000);
                let digits = fraction.len();
                // Thousandths: the first three digits (more is refused when compiled).
                let first: String = fraction.chars().chain("000".chars()).take(3).collect();
                let magnitude = whole.saturating_mul(1000).saturating_add(first.parse::<i64>().unwrap_or(0));
                Operand::Decimal { thousandths: if negative { -magnitude } else { magnitude }, digits, span }
            }
            Rule::count_of => {
                let (mut who, mut piece, mut region) = (None, None, None);
                for part in inner.into_inner() {
                    match part.as_rule() {
                        Rule::count_in => region = Some(self.name(part.into_inner().next().expect("region"))),
                        _ if who.is_none() => who = Some(self.name(part)),
                        _ => piece = Some(self.name(part)),
                    }
                }
                Operand::Count(Box::new(CountOf { who: who.expect("grammar guarantees who"), piece, region, span }))
            }
            Rule::sites_count => {
                Operand::Sites(Box::new(self.site_cond(inner.into_inner().next().expect("condition"))), span)
            }
            Rule::pieces_count => {
                let cond = inner.into_inner().find(|p| p.as_rule() == Rule::site_cond).expect("condition");
                Operand::Pieces(Box::new(self.site_cond(cond)), span)
            }
            Rule::pattern_measure => {
                let mut parts = inner.into_inner();
                let kind =
                    if parts.next().expect("measure").as_str() == "size" { Measure::Size } else { Measure::Longest };
                Operand::Measure(kind, self.name(parts.next().expect("pattern")))
            }
            _ => match self.counter_ref(inner) {
                (name, None) => Operand::Option(name),
                (name, Some(who)) => Operand::PlayerCounter(name, who),
            },
        }
    }

    fn end_rule(&self, pair: P) -> EndRule {
        let span = self.span(&pair);
        let mut phase = None;
        let mut when = None;
        let mut result = None;
        let mut reason = None;
        let mut label = None;
        for part in pair.into_inner() {
            match part.as_rule() {
                Rule::rule_label => label = Some(self.name(part.into_inner().next().expect("the label's name"))),
                Rule::ident => phase = Some(self.name(part)),
                Rule::game_cond => when = Some(self.game_cond(part)),
                Rule::end_result => result = Some(self.end_result(part)),
                Rule::string => reason = Some(self.string(part)),
                _ => {}
            }
        }
        EndRule {
            label,
            phase,
            when: when.expect("end rule has a condition"),
            result: result.expect("end rule has a result"),
            reason,
            span,
        }
    }

    fn end_result(&self, pair: P) -> EndResult {
        let r = pair.into_inner().next().expect("result has a child");
        match r.as_rule() {
            Rule::draw_result => EndResult::Draw,
            Rule::who_result => {
                let mut inner = r.into_inner();
                let who = self.name(inner.next().expect("who"));
                let wins = inner.next().is_some_and(|w| w.as_str() == "wins");
                EndResult::Player { who, wins }
            }
            _ => {
                let mut inner = r.into_inner();
                let piece = self.name(inner.next().expect("piece"));
                let mut region = None;
                let mut on_tie = TieResult::Draw;
                for part in inner {
                    match part.as_rule() {
                        Rule::ident => region = Some(self.name(part)),
                        _ if part.as_str() == "continues" => on_tie = TieResult::Continue,
                        _ => {}
                    }
                }
                EndResult::Most { piece, region, on_tie }
            }
        }
    }
}

fn compare_op(text: &str) -> CompareOp {
    match text {
        ">=" => CompareOp::Ge,
        "<=" => CompareOp::Le,
        "==" => CompareOp::Eq,
        "!=" => CompareOp::Ne,
        ">" => CompareOp::Gt,
        _ => CompareOp::Lt,
    }
}
