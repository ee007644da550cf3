//! Follow-ups (`then …`): after a move and its effects, the same player
//! acts again on a site they choose, within the same move. Generation
//! plays the move on a scratch position and offers each site the
//! follow-up allows there; the chosen site travels in `Move::then`.

use super::apply::test_game;
use super::movegen::View;
use super::state::{Move, Position};
use crate::board::{NO_SITE, Site, SiteSet};
use crate::game::Game;
use crate::game::rules::{FollowAction, FollowMode, FollowUp, Player};

impl<S: SiteSet> View<'_, S> {
    /// Emits `mv` once per follow-up it allows (and alone, when none
    /// applies, or the follow-up may be left); false when `emit` asked to stop.
    pub(crate) fn with_follow_ups(
        &self,
        mv: Move,
        follow: &FollowUp,
        player: Player,
        emit: &mut (impl FnMut(Move) -> bool + ?Sized),
    ) -> bool {
        let sites = super::scratch::with_scratch(self.pos, |scratch| {
            let phase = &self.game.phases[scratch.phase as usize];
            super::apply::play_move(self.game, scratch, &mv);
            // Conditions read the move just made as the last one.
            super::apply::note_last_move(phase, scratch, &mv);
            let after = View { pos: scratch, ..*self };
            if follow.guard.as_ref().is_some_and(|g| !test_game(self.game, scratch, g, player)) {
                return None;
            }
            Some(after.follow_up_sites(follow, mv, player))
        });
        let Some(sites) = sites else { return emit(mv) };
        if sites.is_empty() {
            return follow.mode == FollowMode::Must || emit(mv);
        }
        if follow.mode == FollowMode::May && !emit(mv) {
            return false;
        }
        sites.iter().all(|then| emit(Move { then, ..mv }))
    }

    /// The sites the follow-up may act on, in the position after the move.
    fn follow_up_sites(&self, follow: &FollowUp, mv: Move, player: Player) -> S {
        let empty: S = self.pos.sets.get(0);
        match &follow.action {
            FollowAction::Remove { on } => empty.complement_in(self.filter_set(on, player)),
            FollowAction::Place { piece, neutral, on, path } => {
                if !self.can_place(*piece, *neutral, player) {
                    return S::EMPTY;
                }
                let mut sites = self.filter_set(on, player).and(empty);
                if !path.is_empty() {
                    // From where the move ended (a placement's site, too).
                    sites = sites.and(self.reached_by(path, mv.to, player));
                }
                sites
            }
        }
    }
}

/// Makes a move's follow-up on `pos` (after the move itself); returns the
/// pieces it captured.
pub(crate) fn play_follow_up(game: &Game, pos: &mut Position, follow: &FollowUp, site: Site, mover: Player) -> u32 {
    match &follow.action {
        FollowAction::Remove { .. } => {
            super::apply::capture(game, pos, site);
            1
        }
        FollowAction::Place { piece, neutral, .. } => {
            let owner = if *neutral { game.neutral() } else { mover };
            super::apply::place_piece(game, pos, site, *piece, owner, !*neutral);
            0
        }
    }
}

impl Move {
    /// Whether the move carries a follow-up.
    pub fn has_follow_up(&self) -> bool {
        self.then != NO_SITE
    }
}
