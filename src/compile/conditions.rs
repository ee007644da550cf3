//! Site and game conditions, resolved to indices. Site conditions are split
//! into what is fixed by the board (regions: a precomputed mask) and what
//! must be tested on each position (empty, enemy, ...).

use crate::board::{SetTable, Sites, Width};
use crate::check::scope::{SITE_WORDS, Scope, article};
use crate::diagnostics::Diagnostic;
use crate::game::rules::{GameTest, Quantity, RayQuant, SiteFilter, SiteTest, Who};
use crate::syntax::ast::{GameCond, Operand, SiteCond};
use crate::syntax::span::Name;

/// A site condition folded as far as the board allows.
enum Folded {
    Fixed(Vec<bool>),
    Varies(SiteTest),
}

impl Folded {
    /// The condition as a test on each site (a fixed one as its set).
    fn into_test(self, width: Width) -> SiteTest {
        match self {
            Folded::Fixed(mask) => SiteTest::In(to_set(&mask, width), false),
            Folded::Varies(test) => test,
        }
    }
}

/// Masks have one more entry than the board has sites: a virtual site in
/// the threat region and no other (see `threat`). Every set width keeps a
/// bit free for it.
pub fn mask_width(sites: usize) -> usize {
    sites + 1
}

/// The set width of the game's board.
/// The largest number a count of sites in a site condition is compared
/// with (`count(next all is friend) >= N`): the count is kept as one set a
/// number up to one past it.
pub const MAX_RAY_COUNT: i64 = crate::game::rules::MAX_RAY_COUNT as i64;

pub fn width(scope: &Scope) -> Width {
    scope.board.as_ref().map_or(Width::Narrow, |b| b.width)
}

pub fn site_filter(scope: &Scope, cond: &SiteCond) -> Option<SiteFilter> {
    let board_sites = scope.board.as_ref()?.site_count();
    let sites = mask_width(board_sites);
    let folded = fold(scope, cond, sites)?;
    let mut filter = joined_filter(folded, sites, width(scope));
    split_virtual(&mut filter, board_sites as crate::board::Site);
    Some(filter)
}

/// Takes the virtual site's bit out of every set into its own flag, so that
/// sets used in play hold real sites only.
fn split_virtual(filter: &mut SiteFilter, virtual_site: crate::board::Site) {
    fn in_tests(test: &mut SiteTest, virtual_site: crate::board::Site) {
        match test {
            SiteTest::In(set, bit) => {
                *bit = set.contains(virtual_site);
                set.remove(virtual_site);
            }
            SiteTest::Not(inner) => in_tests(inner, virtual_site),
            SiteTest::And(parts) | SiteTest::Or(parts) => parts.iter_mut().for_each(|p| in_tests(p, virtual_site)),
            _ => {}
        }
    }
    filter.plain = filter.allowed.contains(virtual_site);
    filter.allowed.remove(virtual_site);
    in_tests(&mut filter.test, virtual_site);
}

fn joined_filter(folded: Folded, sites: usize, width: Width) -> SiteFilter {
    match folded {
        Folded::Fixed(allowed) => SiteFilter { allowed: to_set(&allowed, width), plain: false, test: SiteTest::True },
        Folded::Varies(SiteTest::And(mut parts)) => {
            let mut allowed = Sites::first(width, sites);
            parts.retain(|p| match p {
                SiteTest::In(set, _) => {
                    allowed = allowed.and(set);
                    false
                }
                _ => true,
            });
            let test = if parts.len() == 1 { parts.pop().unwrap_or(SiteTest::True) } else { SiteTest::And(parts) };
            SiteFilter { allowed, plain: false, test }
        }
        Folded::Varies(test) => SiteFilter { allowed: Sites::first(width, sites), plain: false, test },
    }
}

fn to_set(mask: &[bool], width: Width) -> Sites {
    Sites::from_sites(width, (0..mask.len()).filter(|&i| mask[i]).map(|i| i as crate::board::Site))
}

fn fold(scope: &Scope, cond: &SiteCond, sites: usize) -> Option<Folded> {
    match cond {
        SiteCond::Name(name) => leaf(scope, name, sites),
        SiteCond::RegionOf { region, who } => {
            let (index, who) = (scope.region(region), resolve_who(scope, who));
            let def = &scope.regions[index?].1;
            if def.per_player.is_empty() {
                scope.error(
                    Diagnostic::error("E0303", format!("`{}` is one region for everybody", region.node))
                        .with_label(region.span, "not a per-player region")
                        .with_help(format!(
                            "write `{}` alone, or declare it per player: `region {} {{ PLAYER: SITES … }}`",
                            region.node, region.node
                        )),
                );
                return None;
            }
            Some(Folded::Varies(SiteTest::RegionOf {
                sets: SetTable::from_sets(width(scope), &def.per_player),
                who: who?,
            }))
        }
        SiteCond::Ray { quant, along, directions, cond, span } => {
            let dirs = scope.directions(directions);
            let inner = fold(scope, cond, sites);
            let (dirs, inner) = (dirs?, inner?);
            let board = scope.board.as_ref()?;
            let mut reach = SetTable::new(board.width, sites);
            let mut back = SetTable::new(board.width, sites);
            // The virtual site past the board's (see `mask_width`) has no
            // neighbours: only the board's sites are walked.
            for site in 0..board.site_count().min(sites) {
                for &d in &dirs {
                    let mut at = board.next(site as crate::board::Site, d);
                    while at != crate::board::NO_SITE && !reach.contains(site, at) && at as usize != site {
                        reach.insert(site, at);
                        back.insert(at as usize, site as crate::board::Site);
                        if !*along {
                            break;
                        }
                        at = board.next(at, d);
                    }
                }
            }
            if let RayQuant::Count(_, n) = quant
                && !(0..=MAX_RAY_COUNT).contains(n)
            {
                scope.error(
                    Diagnostic::error("E0309", format!("a count of sites is compared with 0 to {MAX_RAY_COUNT}"))
                        .with_label(*span, "compared with a number out of range")
                        .with_help(
                            "count the sites next to a site or along its rays, as in `count(next all is friend) >= 2`",
                        ),
                );
                return None;
            }
            let test = inner.into_test(board.width);
            let steps = if *along || matches!(quant, RayQuant::Count(..)) { Vec::new() } else { dirs };
            Some(Folded::Varies(SiteTest::Ray { quant: *quant, back, steps, test: Box::new(test) }))
        }
        SiteCond::Liberties { directions, op, value, .. } => {
            let sites = scope.board.as_ref().map_or(sites, |b| b.site_count());
            if !(0..=sites as i64).contains(&value.node) {
                scope.error(
                    Diagnostic::error(
                        "E0313",
                        format!("`liberties` compares with 0 to {sites}, the sites of the board"),
                    )
                    .with_label(value.span, format!("{} liberties", value.node))
                    .with_help("a group's liberties are empty sites of the board: write for example `liberties == 0`"),
                );
                return None;
            }
            let neighbours = super::group_count::neighbours(scope, directions.as_ref())?;
            Some(Folded::Varies(SiteTest::Liberties(Box::new((neighbours, *op, value.node as u32)))))
        }
        SiteCond::Pieces(op, n, _) => {
            if !(0..=u16::MAX as i64).contains(&n.node) {
                scope.error(
                    Diagnostic::error("E0310", "`pieces` compares the pieces on a site with 0 to 65,535")
                        .with_label(n.span, format!("{} pieces", n.node))
                        .with_help("a site holds at most 65,535 pieces of a counted type"),
                );
                return None;
            }
            Some(Folded::Varies(SiteTest::Pieces(*op, n.node as u32)))
        }
        SiteCond::Transpose(inner, span) => {
            let inner = fold(scope, inner, sites)?;
            let board = scope.board.as_ref()?;
            // One site reached from each: the transposed one, which reaches
            // back (the exchange is its own inverse), so `back` is the same map.
            let mut back = SetTable::new(board.width, sites);
            for site in 0..board.site_count() as crate::board::Site {
                let Some(image) = board.transposed(site) else {
                    scope.error(
                        Diagnostic::error(
                            "E0306",
                            format!("site `{}` has no site with file and rank exchanged", board.site_name(site)),
                        )
                        .with_label(*span, "needs every site named by file and rank, as many files as ranks")
                        .with_help("`transpose` is for square and hex boards of N x N sites"),
                    );
                    return None;
                };
                back.insert(image as usize, site);
            }
            let test = inner.into_test(board.width);
            Some(Folded::Varies(SiteTest::Ray { quant: RayQuant::Some, back, steps: Vec::new(), test: Box::new(test) }))
        }
        SiteCond::Not(inner, _) => Some(match fold(scope, inner, sites)? {
            Folded::Fixed(mask) => Folded::Fixed(mask.into_iter().map(|b| !b).collect()),
            Folded::Varies(test) => Folded::Varies(SiteTest::Not(Box::new(test))),
        }),
        SiteCond::And(parts) | SiteCond::Or(parts) => {
            let is_and = matches!(cond, SiteCond::And(_));
            let folded: Vec<Option<Folded>> = parts.iter().map(|p| fold(scope, p, sites)).collect();
            let folded: Vec<Folded> = folded.into_iter().collect::<Option<_>>()?;
            let mut mask = vec![is_and; sites];
            let mut tests = Vec::new();
            for part in folded {
                match part {
                    Folded::Fixed(m) => {
                        mask.iter_mut().zip(m).for_each(|(a, b)| if is_and { *a &= b } else { *a |= b })
                    }
                    // `a and (b and c)`, as a named condition in an `and`
                    // gives, is tested as `a and b and c`.
                    Folded::Varies(SiteTest::And(inner)) if is_and => tests.extend(inner),
                    Folded::Varies(SiteTest::Or(inner)) if !is_and => tests.extend(inner),
                    Folded::Varies(t) => tests.push(t),
                }
            }
            if tests.is_empty() {
                return Some(Folded::Fixed(mask));
            }
            let neutral_mask = mask.iter().all(|&b| b == is_and);
            if !neutral_mask {
                tests.push(SiteTest::In(to_set(&mask, width(scope)), false));
            }
            let test = match (tests.len(), is_and) {
                (1, _) => tests.pop().unwrap_or(SiteTest::True),
                (_, true) => SiteTest::And(tests),
                (_, false) => SiteTest::Or(tests),
            };
            Some(Folded::Varies(test))
        }
    }
}

fn leaf(scope: &Scope, name: &Name, sites: usize) -> Option<Folded> {
    let test = match name.as_str() {
        "any" => SiteTest::True,
        "empty" => SiteTest::Empty,
        "occupied" => SiteTest::Occupied,
        "friend" => SiteTest::Friend,
        "enemy" => SiteTest::Enemy,
        "neutral" => SiteTest::Neutral,
        "last_from" => SiteTest::LastFrom,
        "last_to" => SiteTest::LastTo,
        "attacked" => SiteTest::Attacked,
        "unmoved" => {
            if !scope.pieces.iter().any(|(_, p)| p.remembers_moving) {
                scope.error(
                    Diagnostic::error("E0304", "no piece remembers whether it has moved")
                        .with_label(name.span, "`unmoved` would never hold")
                        .with_help("give the pieces it is about the trait: `piece king royal remembers_moving`"),
                );
                return None;
            }
            SiteTest::Unmoved
        }
        other => {
            if let Some(i) = scope.conditions.iter().position(|(c, _)| c.node == other) {
                return named(scope, i, name, sites);
            }
            if scope.regions.iter().any(|(r, _)| r.node == other) {
                let region = scope.region(name)?;
                let per_player = &scope.regions[region].1.per_player;
                if !per_player.is_empty() {
                    return Some(Folded::Varies(SiteTest::PlayerIn(SetTable::from_sets(width(scope), per_player))));
                }
                let mut mask = vec![false; sites];
                for &s in &scope.regions[region].1.sites {
                    mask[s as usize] = true;
                }
                let board_sites = scope.board.as_ref().map_or(0, |b| b.site_count());
                if sites > board_sites && scope.threats.iter().any(|(_, _, r)| r.node == other) {
                    mask[board_sites] = true;
                }
                return Some(Folded::Fixed(mask));
            }
            if let Some(piece) = scope.pieces.iter().position(|(p, _)| p.node == other) {
                return Some(Folded::Varies(SiteTest::Type(piece as u8)));
            }
            if let Some(types) = scope.group(other) {
                let tests = types?.into_iter().map(SiteTest::Type).collect();
                return Some(Folded::Varies(SiteTest::Or(tests)));
            }
            if ["region", "piece", "condition"].iter().any(|kind| scope.unparsed(kind, Some(other))) {
                return None;
            }
            let regions: Vec<&str> = scope.regions.iter().map(|(r, _)| r.as_str()).collect();
            let pieces: Vec<&str> = scope.pieces.iter().map(|(p, _)| p.as_str()).collect();
            let conditions: Vec<&str> = scope.conditions.iter().map(|(c, _)| c.as_str()).collect();
            let mut candidates: Vec<&str> = SITE_WORDS.to_vec();
            candidates.extend(&regions);
            candidates.extend(&pieces);
            candidates.extend(&conditions);
            let help = match (crate::diagnostics::suggest::closest(other, candidates), scope.declared_as(other, "")) {
                (_, Some(("site", _))) => format!(
                    "to name sites in a condition, declare a region such as `region target = {other}` and write `target`"
                ),
                (Some(close), _) => format!("did you mean `{close}`?"),
                _ => {
                    let list = |names: &[&str]| names.iter().map(|n| format!("`{n}`")).collect::<Vec<_>>().join(", ");
                    let mut help =
                        "a site condition is `empty`, `occupied`, `friend`, `enemy`, `neutral`, `last_from`, `last_to`, `attacked`"
                            .to_string();
                    if !regions.is_empty() {
                        help.push_str(&format!(", a region ({})", list(&regions)));
                    }
                    if !pieces.is_empty() {
                        help.push_str(&format!(", a piece type ({})", list(&pieces)));
                    }
                    if !conditions.is_empty() {
                        help.push_str(&format!(", a named condition ({})", list(&conditions)));
                    }
                    help + ", or a combination with `and`, `or` and `not`"
                }
            };
            let message = match scope.declared_as(other, "") {
                Some((kind, _)) => format!("`{other}` is {}, not a condition on a site", article(kind)),
                None => format!("`{other}` is not a condition on a site"),
            };
            scope.error(
                Diagnostic::error("E0301", message)
                    .with_label(
                        name.span,
                        "expected empty, occupied, friend, enemy, neutral, last_from, last_to, attacked, a region, a piece type, a group or a named condition",
                    )
                    .with_help(help),
            );
            return None;
        }
    };
    Some(Folded::Varies(test))
}

/// The most named conditions one inside another: each is folded where it
/// is used, so a long chain would fold as deep as all of them together.
const MAX_NAMED_DEPTH: usize = 16;

/// A named condition where it is used: its condition folded there, as if
/// written in its place. A cycle is reported where the conditions are
/// declared (`check::named_conditions`); a finding inside the condition is
/// reported once, however many rules use it.
fn named(scope: &Scope, index: usize, used: &Name, sites: usize) -> Option<Folded> {
    scope.used.borrow_mut().conditions[index] = true;
    if scope.folding.borrow().contains(&index) {
        return None;
    }
    if scope.folding.borrow().len() >= MAX_NAMED_DEPTH {
        scope.error(
            Diagnostic::error(
                "E0307",
                format!("named conditions are used one inside another more than {MAX_NAMED_DEPTH} deep"),
            )
            .with_label(used.span, format!("condition number {} inside another", MAX_NAMED_DEPTH + 1))
            .with_help("write some of them out in full"),
        );
        return None;
    }
    let before = scope.diagnostics.borrow().len();
    scope.folding.borrow_mut().push(index);
    let folded = fold(scope, scope.conditions[index].1, sites);
    scope.folding.borrow_mut().pop();
    let mut diagnostics = scope.diagnostics.borrow_mut();
    let (old, new) = diagnostics.split_at(before);
    let same = |a: &Diagnostic, b: &Diagnostic| {
        (a.code, &a.message, a.primary_span()) == (b.code, &b.message, b.primary_span())
    };
    let fresh: Vec<_> = new.iter().filter(|d| !old.iter().any(|o| same(o, d))).cloned().collect();
    diagnostics.truncate(before);
    diagnostics.extend(fresh);
    folded
}

/// The named conditions no rule uses, folded once so that their mistakes
/// are found all the same (then a lint says they are unused).
pub fn check_unused_conditions(scope: &Scope) {
    let Some(board) = scope.board.as_ref() else { return };
    let sites = mask_width(board.site_count());
    for (i, (_, cond)) in scope.conditions.iter().enumerate() {
        if !scope.used.borrow().conditions[i] {
            // As for the first player, should it read directions per player.
            scope.direction_player.set(Some(0));
            scope.folding.borrow_mut().push(i);
            fold(scope, cond, sites);
            scope.folding.borrow_mut().pop();
            scope.direction_player.set(None);
        }
    }
}

pub fn game_test(scope: &Scope, cond: &GameCond) -> Option<GameTest> {
    Some(match cond {
        GameCond::HandsEmpty(_) => GameTest::HandsEmpty,
        GameCond::Blocked(_) => GameTest::Blocked,
        GameCond::Repeated(_) => {
            scope.repeated_read.set(true);
            GameTest::Repeated
        }
        GameCond::AllBlocked(_) => GameTest::AllBlocked,
        GameCond::AllPassed(_) => GameTest::AllPassed,
        GameCond::Count { who, piece, region, op, value, .. } => {
            let (who, types, region) = count_parts(scope, who, piece.as_ref(), region.as_ref())?;
            GameTest::Count { who, types, region, op: *op, value: operand(scope, value)? }
        }
        GameCond::Full { region, .. } => GameTest::Full { region: scope.region(region)? },
        GameCond::Threatened { who, piece, .. } => {
            let (who, piece) = (resolve_who(scope, who), scope.piece(piece));
            GameTest::Threatened { who: who?, piece: piece? }
        }
        GameCond::Counter { counter, who, op, value, .. } => {
            // A counter against a number stays the plain test; dice,
            // per-player counters and two counters compare what the position holds.
            let is_option = who.is_none()
                && scope.counter_index(counter).is_none()
                && scope.options.iter().any(|(o, _)| o.node == counter.node);
            let left = match scope.die(counter) {
                Some(die) => Some(Quantity::Die(die)),
                None if is_option => scope.number_option(counter, true).map(Quantity::Number),
                None => super::counters::counter_ref(scope, counter, who.as_ref(), true).map(super::counters::reading),
            };
            let (_, op, value, whole) =
                match super::fraction::exact_comparison(scope, &Operand::Sum(Vec::new()), *op, value)? {
                    Ok(exact) => exact,
                    Err(always) => return Some(constant(always)),
                };
            let right = super::counters::quantity(scope, &value).map(|q| super::fraction::plus(q, whole));
            match (left?, right?) {
                (Quantity::Counter(c), Quantity::Number(n)) => GameTest::Counter { counter: c, op, value: n },
                (left, right) => GameTest::Compare { left, op, right },
            }
        }
        GameCond::Compare { left, op, right, .. } => {
            let (left, op, right, whole) = match super::fraction::exact_comparison(scope, left, *op, right)? {
                Ok(exact) => exact,
                Err(always) => return Some(constant(always)),
            };
            let (left, right) = (super::counters::quantity(scope, &left), super::counters::quantity(scope, &right));
            GameTest::Compare { left: left?, op, right: super::fraction::plus(right?, whole) }
        }
        GameCond::Found(pattern) => GameTest::Found(scope.pattern(pattern)?),
        GameCond::Connected { who, from, to } => {
            let sets = |region: &Name| {
                scope.region(region).map(|r| {
                    let def = &scope.regions[r].1;
                    let sets = if def.per_player.is_empty() { std::slice::from_ref(&def.set) } else { &def.per_player };
                    SetTable::from_sets(width(scope), sets)
                })
            };
            let (who, from, to) = (resolve_who(scope, who), sets(from), sets(to));
            GameTest::Connected { who: who?, from: from?, to: to? }
        }
        GameCond::Flag(option) => constant(scope.bool_option(option)?),
        GameCond::Not(inner, _) => GameTest::Not(Box::new(game_test(scope, inner)?)),
        GameCond::And(parts) => GameTest::And(all(scope, parts)?),
        GameCond::Or(parts) => GameTest::Or(all(scope, parts)?),
    })
}

/// A count's right side when it is fixed: a number, or a number option's
/// value. (The parser sends a count compared with anything else to
/// `GameCond::Compare`.)
fn operand(scope: &Scope, value: &crate::syntax::ast::Operand) -> Option<i64> {
    use crate::syntax::ast::Operand;
    match value {
        Operand::Number(n) => Some(n.node),
        Operand::Option(name) => scope.number_option(name, false),
        _ => None,
    }
}

/// What `count(WHO[, TYPE] [in REGION])` counts: whose pieces, of which
/// types (all when empty), on which sites.
pub(super) fn count_parts(
    scope: &Scope,
    who: &Name,
    piece: Option<&Name>,
    region: Option<&Name>,
) -> Option<(Who, Vec<crate::game::rules::PieceType>, Option<Sites>)> {
    let region = match region {
        Some(r) => Some(scope.regions[scope.region(r)?].1.set.clone()),
        None => None,
    };
    let who = resolve_who(scope, who)?;
    let types = match piece {
        Some(p) if p.node != "pieces" => match scope.group(&p.node) {
            Some(members) => members?,
            None => vec![scope.piece(p)?],
        },
        _ => Vec::new(),
    };
    Some((who, types, region))
}

/// Resolves every part, so that each reports its errors, even after a failure.
fn all(scope: &Scope, parts: &[GameCond]) -> Option<Vec<GameTest>> {
    let resolved: Vec<Option<GameTest>> = parts.iter().map(|p| game_test(scope, p)).collect();
    resolved.into_iter().collect()
}

/// `mover`, `opponent` or a player's name.
pub fn resolve_who(scope: &Scope, name: &Name) -> Option<Who> {
    match name.as_str() {
        "mover" => Some(Who::Mover),
        "opponent" => Some(Who::Opponent),
        _ => {
            if let Some(p) = scope.players.iter().position(|p| p.node == name.node) {
                return Some(Who::Player(p as u8));
            }
            if scope.players_unknown() {
                return None;
            }
            let players: Vec<&str> = scope.players.iter().map(|p| p.as_str()).collect();
            let mut candidates = vec!["mover", "opponent"];
            candidates.extend(&players);
            let help = match crate::diagnostics::suggest::closest(name.as_str(), candidates) {
                Some(close) => format!("did you mean `{close}`?"),
                None => format!(
                    "write `mover`, `opponent` or a player: {}",
                    players.iter().map(|p| format!("`{p}`")).collect::<Vec<_>>().join(", ")
                ),
            };
            let mut diagnostic = Diagnostic::error("E0302", format!("`{}` is not a player", name.node))
                .with_label(name.span, "expected `mover`, `opponent` or a player's name");
            if let Some((kind, declared)) = scope.declared_as(name.as_str(), "player") {
                diagnostic.message = format!("`{}` is {}, not a player", name.node, article(kind));
                if let Some(span) = declared {
                    diagnostic = diagnostic.with_label(span, format!("declared as {} here", article(kind)));
                }
            }
            scope.error(diagnostic.with_help(help));
            None
        }
    }
}

/// A test that always holds, or never does (a true-or-false option, a
/// comparison with a fraction that no whole number can change).
fn constant(holds: bool) -> GameTest {
    let op = if holds { crate::game::rules::CompareOp::Eq } else { crate::game::rules::CompareOp::Ne };
    GameTest::Compare { left: Quantity::Number(0), op, right: Quantity::Number(0) }
}
