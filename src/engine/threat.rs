//! Threats to pieces, and the royal rule built on them. A piece is
//! threatened when another player, were it their turn, would have a move
//! capturing it (pseudo-legal: their own royal pieces are not considered).
//! A `threat` item makes the test see the piece as another type, standing on
//! an ordinary site of a region, so that pieces that cannot be captured
//! can still be threatened. A move may not leave a royal piece of the mover
//! threatened.
//!
//! The test works on scratch positions (`scratch.rs`), so it allocates
//! nothing once warmed up.

use super::apply::play_move;
use super::movegen::View;
use super::scratch::with_scratch;
use super::state::{Move, Position};
use crate::board::{NO_SITE, Site, SiteSet};
use crate::game::Game;
use crate::game::rules::*;
use crate::with_width;

/// Whether a piece of `piece` owned by `who` is threatened in `pos`.
pub fn threatened(game: &Game, pos: &Position, who: Player, piece: PieceType) -> bool {
    // The threat test generates the other player's moves; a move rule whose
    // guard reads `threatened` would start it again, without end. Inside the
    // test, such a guard reads `threatened` as false: the other player's
    // possible captures are looked at as if no threat stopped them.
    if THREAT_DEPTH.with(|d| d.get()) > 0 {
        return false;
    }
    THREAT_DEPTH.with(|d| d.set(d.get() + 1));
    let found = with_width!(game.board.width, S => threatened_here::<S>(game, pos, who, piece));
    THREAT_DEPTH.with(|d| d.set(d.get() - 1));
    found
}

/// The sites where a piece of `player` (of the first type declared) would
/// be capturable by another player's next move: the site condition
/// `attacked`, for empty and occupied sites alike. Inside the threat test
/// it holds nowhere, as `threatened` reads false there.
pub(crate) fn attacked_sites<S: SiteSet>(game: &Game, pos: &Position, player: Player) -> S {
    if THREAT_DEPTH.with(|d| d.get()) > 0 || game.pieces.is_empty() || game.stacks.is_some() {
        return S::EMPTY;
    }
    THREAT_DEPTH.with(|d| d.set(d.get() + 1));
    let mine = game.code(player, 0);
    let sites = with_scratch(pos, |scratch| {
        let mut found = S::EMPTY;
        for site in game.board.all_sites::<S>().iter() {
            let original = scratch.cells[site as usize];
            replace(game, scratch, site, mine);
            if attacked::<S>(game, scratch, player, site, NO_SITE) {
                found.insert(site);
            }
            replace(game, scratch, site, original);
        }
        found
    });
    THREAT_DEPTH.with(|d| d.set(d.get() - 1));
    sites
}

thread_local! {
    /// How deep inside `threatened` this thread is.
    static THREAT_DEPTH: std::cell::Cell<u32> = const { std::cell::Cell::new(0) };
}

fn threatened_here<S: SiteSet>(game: &Game, pos: &Position, who: Player, piece: PieceType) -> bool {
    let code = game.code(who, piece);
    let seen_as = game.threats.iter().find(|t| t.piece == piece).map(|t| t.seen_as);
    pos.sets.get::<S>(code as usize).iter().any(|site| match seen_as {
        None => attacked::<S>(game, pos, who, site, NO_SITE),
        Some(_) => with_scratch(pos, |scratch| seen_attacked::<S>(game, scratch, who, site, seen_as)),
    })
}

/// Whether the move leaves every royal piece of `player` unthreatened.
pub(crate) fn safe<S: SiteSet>(game: &Game, pos: &Position, mv: &Move, player: Player) -> bool {
    with_scratch(pos, |scratch| {
        play_move(game, scratch, mv);
        // The other player's conditions read this move as the last one.
        super::apply::note_last_move(&game.phases[pos.phase as usize], scratch, mv);
        for piece in (0..game.pieces.len() as PieceType).filter(|&t| game.pieces[t as usize].royal) {
            let seen_as = game.threats.iter().find(|t| t.piece == piece).map(|t| t.seen_as);
            let sites: S = scratch.sets.get(game.code(player, piece) as usize);
            // The scratch position is ours to change: each site is tested in place.
            if sites.iter().any(|site| seen_attacked::<S>(game, scratch, player, site, seen_as)) {
                return false;
            }
        }
        true
    })
}

/// Whether the piece on `site` is attacked, seen as `seen_as` on a plain
/// site when given; leaves the position as it found it.
fn seen_attacked<S: SiteSet>(
    game: &Game,
    pos: &mut Position,
    who: Player,
    site: Site,
    seen_as: Option<PieceType>,
) -> bool {
    let Some(other) = seen_as else { return attacked::<S>(game, pos, who, site, NO_SITE) };
    let original = pos.cells[site as usize];
    replace(game, pos, site, game.code(who, other));
    let found = attacked::<S>(game, pos, who, site, site);
    replace(game, pos, site, original);
    found
}

/// Whether any other player has a pseudo-legal move capturing on `site`.
fn attacked<S: SiteSet>(game: &Game, pos: &Position, who: Player, site: Site, plain: Site) -> bool {
    let view = View::<S> { legal: false, plain, focus: site, ..View::new(game, pos) };
    (0..game.players.len() as Player).filter(|&p| p != who).any(|attacker| {
        let mut found = false;
        view.generate(attacker, &mut |mv| {
            found = view.captures_on(&mv, site, attacker);
            !found
        });
        found
    })
}

/// Puts a different piece (or none: code 0) on a site, keeping sets and
/// counts right (the hash is not needed on scratch positions).
fn replace(game: &Game, pos: &mut Position, site: Site, code: Code) {
    let old = pos.cells[site as usize];
    let types = game.pieces.len();
    pos.sets.remove(old as usize, site);
    if old != 0 {
        pos.counts[game.owner_of(old) as usize * types + game.type_of(old) as usize] -= 1;
    }
    pos.cells[site as usize] = code;
    pos.sets.insert(code as usize, site);
    if code != 0 {
        pos.counts[game.owner_of(code) as usize * types + game.type_of(code) as usize] += 1;
    }
}

/// The shortcut of the royal test: moves far from an unthreatened royal piece.
impl<S: SiteSet> View<'_, S> {
    /// The sites where a move cannot change whether `player`'s royal pieces
    /// are threatened, when that can be known: none is threatened now, and
    /// the phase's capturing moves reach a bounded distance from where they
    /// start, or slide along one line, and depend on nothing but the sites
    /// they pass (no guards, no history), so only changes near a royal
    /// piece, or on the lines through it, matter.
    pub(crate) fn quiet_zone(&self, player: Player) -> Option<S> {
        let game = self.game;
        let phase = &game.phases[self.pos.phase as usize];
        let radius = phase.threat_radius?;
        let mut near = S::EMPTY;
        let empty: S = self.pos.sets.get(0);
        for piece in (0..game.pieces.len() as PieceType).filter(|&t| game.pieces[t as usize].royal) {
            if threatened(game, self.pos, player, piece) {
                return None;
            }
            for site in self.pos.sets.get::<S>(game.code(player, piece) as usize).iter() {
                near = near.or(game.board.ball(site, radius));
                // A slide in `dir` reaches the piece from the line behind it;
                // one that passes empty sites only, from that line's first
                // piece or nearer: a move can then make it a threat only by
                // taking that piece away (one arriving on the line blocks it).
                for &(dir, through_empty_only) in &phase.threat_lines {
                    let back = game.board.opposite[dir as usize];
                    let line = match through_empty_only {
                        true => game.board.ray_reach(site, back, empty).unwrap_or_else(|| game.board.ray(site, back)),
                        false => game.board.ray(site, back),
                    };
                    near = near.or(line);
                }
            }
        }
        Some(near.complement_in(game.board.all_sites()))
    }

    /// Whether every site the move changes lies in `zone`, and it captures
    /// nothing that could bring a waiting promotion.
    pub(crate) fn changes_only(&self, mv: &Move, zone: S) -> bool {
        let phase = &self.game.phases[self.pos.phase as usize];
        if mv.is_placement() || !zone.contains(mv.from) || !zone.contains(mv.to) {
            return false;
        }
        let mut captures = self.pos.cells[mv.to as usize] != 0;
        let rule = &phase.moves[mv.rule as usize];
        if super::chain::chain_of(rule).is_some() || matches!(rule, MoveRule::Together { .. }) {
            // A chain may take pieces anywhere along its hops; a second piece
            // moves elsewhere.
            return false;
        }
        if let MoveRule::Move { effects, .. } = rule {
            for effect in effects {
                match effect {
                    EffectOp::CaptureCustodial { .. } | EffectOp::FlipCustodial { .. } | EffectOp::CaptureOn { .. } => {
                        return false;
                    }
                    // A piece turned over may become the one that threatens.
                    EffectOp::Flip { .. } => return false,
                    EffectOp::CaptureAt { .. } => {
                        let at = self.captured_at(effect, mv, self.pos.to_move);
                        if at != NO_SITE {
                            captures = true;
                            if !zone.contains(at) {
                                return false;
                            }
                        }
                    }
                }
            }
        }
        !captures || phase.promotions.is_empty()
    }
}
