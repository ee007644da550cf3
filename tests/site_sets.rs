//! Site sets of every width: rays cut at their first blocker, the last
//! site of the widest sets, tables, and the width a board's size picks.

use orrery::board::{NO_SITE, SetTable, Site, SiteSet, Sites64, Sites128, SitesWide, Width};

fn set<S: SiteSet>(sites: &[Site]) -> S {
    let mut set = S::EMPTY;
    sites.iter().for_each(|&s| set.insert(s));
    set
}

fn cuts<S: SiteSet>() {
    let ray: S = set(&[3, 5, 9, 12, 70, 100]);
    assert_eq!(ray.upto_lowest(set(&[9, 12, 40])), set(&[3, 5, 9]));
    assert_eq!(ray.upto_lowest(S::EMPTY), ray);
    assert_eq!(ray.upto_lowest(set(&[3])), set(&[3]));
    assert_eq!(ray.upto_lowest(set(&[70])), set(&[3, 5, 9, 12, 70]));
    assert_eq!(ray.downto_highest(set(&[0, 9])), set(&[9, 12, 70, 100]));
    assert_eq!(ray.downto_highest(S::EMPTY), ray);
    assert_eq!(ray.downto_highest(set(&[100])), set(&[100]));
    assert_eq!(ray.downto_highest(set(&[64, 71])), set(&[100]));
    assert_eq!(ray.iter().collect::<Vec<_>>(), vec![3, 5, 9, 12, 70, 100]);
    assert_eq!(ray.len(), 6);
    assert_eq!(S::first(66).len(), 66);
    assert!(S::first(66).contains(65) && !S::first(66).contains(66));
}

#[test]
fn every_width_cuts_rays_at_the_first_blocker() {
    cuts::<Sites128>();
    cuts::<SitesWide<4>>();
    cuts::<SitesWide<16>>();
    cuts::<SitesWide<64>>();
}

#[test]
fn wide_sets_reach_their_last_site() {
    let last = (16 * 64 - 1) as Site;
    let ray: SitesWide<16> = set(&[1, 600, last]);
    assert_eq!(ray.upto_lowest(set(&[last])), ray);
    assert_eq!(ray.downto_highest(set(&[2])), set(&[600, last]));
    assert_eq!(ray.iter().last(), Some(last));
}

#[test]
fn wide_sets_select_by_rank_across_words() {
    // A placement drawn among a big board's empty sites picks by rank.
    let sites: SitesWide<4> = set(&[3, 64, 130, 200, 254]);
    let picked: Vec<Site> = (0..6).map(|rank| sites.select(rank)).collect();
    assert_eq!(picked, vec![3, 64, 130, 200, 254, NO_SITE]);
    let big: SitesWide<16> = set(&[0, 63, 700, 1000]);
    assert_eq!((0..4).map(|rank| big.select_spread(rank)).collect::<Vec<_>>(), vec![0, 63, 700, 1000]);
}

#[test]
fn tables_read_back_what_was_stored() {
    let mut table = SetTable::new(Width::Wide, 3);
    table.insert(1, 700);
    table.insert(2, 5);
    assert!(table.get::<SitesWide<16>>(1).contains(700));
    assert_eq!(table.get::<SitesWide<16>>(2), set(&[5]));
    assert_eq!(table.get_or_empty::<SitesWide<16>>(9), SitesWide::EMPTY);
    assert_eq!(table.sites(1).iter().collect::<Vec<_>>(), vec![700]);
}

#[test]
fn widths_follow_the_board() {
    assert_eq!(Width::for_sites(9), Width::Small);
    assert_eq!(Width::for_sites(63), Width::Small);
    assert_eq!(Width::for_sites(64), Width::Narrow);
    assert_eq!(Width::for_sites(127), Width::Narrow);
    assert_eq!(Width::for_sites(128), Width::Medium);
    assert_eq!(Width::for_sites(225), Width::Medium);
    assert_eq!(Width::for_sites(255), Width::Medium);
    assert_eq!(Width::for_sites(256), Width::Wide);
    assert_eq!(Width::for_sites(625), Width::Wide);
    assert_eq!(Width::for_sites(1023), Width::Wide);
    assert_eq!(Width::for_sites(1024), Width::Huge);
}

/// `shifted` moves every site by the same number, dropping those that leave.
#[test]
fn shifting_a_set_moves_every_site() {
    fn check<S: SiteSet>() {
        let sites: S = set(&[0, 1, 63, 64, 100]);
        assert_eq!(sites.shifted(1), set(&[1, 2, 64, 65, 101]));
        assert_eq!(sites.shifted(-1), set(&[0, 62, 63, 99]));
        assert_eq!(sites.shifted(0), sites);
        assert_eq!(sites.shifted(-200), S::EMPTY);
    }
    check::<Sites128>();
    check::<SitesWide<16>>();
    // Across several words, both ways, against the site-by-site meaning.
    let wide: SitesWide<16> = set(&[0, 5, 63, 64, 127, 130, 600, 1000, 1023]);
    for by in [-700, -130, -64, -63, -1, 1, 63, 64, 65, 129, 700] {
        let expected: SitesWide<16> = set(&wide
            .iter()
            .map(|s| s as i32 + by)
            .filter(|s| (0..1024).contains(s))
            .map(|s| s as Site)
            .collect::<Vec<_>>());
        assert_eq!(wide.shifted(by), expected, "by {by}");
    }
}

/// Where a board's direction has a constant step, `before` (one shift)
/// gives exactly the sites whose next site lies in the set, as the
/// neighbour table says; elsewhere it declines.
#[test]
fn the_sites_before_a_set_match_the_neighbour_table() {
    /// The directions of `board` checked at its own width `S`: how many shift.
    fn shifts<S: SiteSet>(board: &orrery::board::Board, file: &str) -> usize {
        let n = board.site_count() as Site;
        // A few irregular sets: every third site, the first half, one site.
        let samples: Vec<S> =
            vec![set(&(0..n).filter(|s| s % 3 == 0).collect::<Vec<_>>()), S::first(n as usize / 2), set(&[n / 2])];
        let mut shifted = 0;
        for dir in 0..board.directions.len() as orrery::board::Dir {
            for &sample in &samples {
                let Some(before) = board.before(dir, sample) else { continue };
                let expected: Vec<Site> = (0..n)
                    .filter(|&s| board.next(s, dir) != orrery::board::NO_SITE && sample.contains(board.next(s, dir)))
                    .collect();
                assert_eq!(before.iter().collect::<Vec<_>>(), expected, "{file}, direction {dir}");
                shifted += 1;
            }
        }
        shifted
    }
    let mut shifted = 0;
    for file in ["games/connect_four.rules", "games/chess.rules", "games/hex.rules", "games/zodiac.rules"] {
        let game = orrery::game::Game::load(file).expect("bundled game");
        shifted += orrery::with_width!(game.board.width, S => shifts::<S>(&game.board, file));
    }
    assert!(shifted >= 24, "the grids' directions shift ({shifted})");
}

/// One-word sets (boards of up to 63 sites) give the sites two-word sets
/// give, for every operation, on sets of sites below 64.
#[test]
fn one_word_sets_agree_with_two_word_sets() {
    fn sites<S: SiteSet>(set: S) -> Vec<Site> {
        set.iter().filter(|&s| s < 64).collect()
    }
    let samples: [&[Site]; 6] = [&[], &[0], &[63], &[0, 1, 2, 62, 63], &[5, 9, 17, 33, 48], &[3, 4, 5, 6, 7, 40, 41]];
    for a in samples {
        for b in samples {
            let (a64, b64): (Sites64, Sites64) = (set(a), set(b));
            let (a128, b128): (Sites128, Sites128) = (set(a), set(b));
            assert_eq!(sites(a64), sites(a128));
            assert_eq!(sites(a64.and(b64)), sites(a128.and(b128)));
            assert_eq!(sites(a64.or(b64)), sites(a128.or(b128)));
            assert_eq!(sites(a64.complement_in(b64)), sites(a128.complement_in(b128)));
            assert_eq!(sites(a64.upto_lowest(b64)), sites(a128.upto_lowest(b128)), "{a:?} up to {b:?}");
            assert_eq!(sites(a64.downto_highest(b64)), sites(a128.downto_highest(b128)), "{a:?} down to {b:?}");
        }
        let (a64, a128): (Sites64, Sites128) = (set(a), set(a));
        assert_eq!(a64.len(), a128.len());
        assert_eq!(a64.lowest(), a128.lowest());
        assert_eq!(sites(a64.without_lowest()), sites(a128.without_lowest()));
        for by in -70..=70 {
            assert_eq!(sites(a64.shifted(by)), sites(a128.shifted(by)), "{a:?} by {by}");
        }
    }
    for n in [0, 1, 40, 63, 64, 100] {
        assert_eq!(sites(Sites64::first(n)), sites(Sites128::first(n)), "first {n}");
    }
}

/// Random words (xorshift), dense and sparse, for the checks below.
fn words() -> impl Iterator<Item = u64> {
    let mut x: u64 = 0x9E37_79B9_7F4A_7C15;
    (0..1500).flat_map(move |_| {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        [x, x & x.rotate_left(23) & x.rotate_left(41), x >> 40, !0, 1 << 63, 1, 0]
    })
}

/// `select` (a move picked by rank in playouts) against counting sites off
/// one by one, for every rank of many sets and one past the last.
#[test]
fn select_finds_the_site_of_each_rank_at_every_width() {
    fn check<S: SiteSet>(set: S) {
        let sites: Vec<Site> = set.iter().collect();
        for (rank, &site) in sites.iter().enumerate() {
            assert_eq!(set.select(rank as u32), site, "{set:?} rank {rank}");
        }
        assert_eq!(set.select(sites.len() as u32), orrery::board::NO_SITE);
    }
    for word in words() {
        let other = word.rotate_left(7);
        check(Sites64::load(&[word]));
        check(Sites128::load(&[other, word]));
        check(SitesWide::<2>::load(&[word, other]));
    }
}

/// The one-word sets' branch-free forms: cuts at the first blocker either
/// way (an empty blocker set, or one at site 0, keeps or cuts correctly),
/// `kept_if`, and moves up and down, against the site-by-site answers.
#[test]
fn one_word_sets_cut_keep_and_shift_without_branches() {
    for word in words() {
        let ray = Sites64::load(&[word]);
        for stop in [Sites64::EMPTY, set(&[0]), set(&[5, 40]), Sites64::load(&[word.rotate_left(3)])] {
            let upto: Vec<Site> = match stop.lowest() {
                Some(cut) => ray.iter().filter(|&s| s <= cut).collect(),
                None => ray.iter().collect(),
            };
            assert_eq!(ray.upto_lowest(stop).iter().collect::<Vec<_>>(), upto);
            let highest = stop.iter().last();
            let downto: Vec<Site> = match highest {
                Some(cut) => ray.iter().filter(|&s| s >= cut).collect(),
                None => ray.iter().collect(),
            };
            assert_eq!(ray.downto_highest(stop).iter().collect::<Vec<_>>(), downto);
        }
        assert_eq!(ray.kept_if(true), ray);
        assert_eq!(ray.kept_if(false), Sites64::EMPTY);
        // `moved` is asked only of sets whose sites stay on the board.
        for by in [1, 5, 13, 40] {
            let low = Sites64::load(&[word >> by]);
            assert_eq!(low.moved(by), low.shifted(by));
            let high = Sites64::load(&[word << by]);
            assert_eq!(high.moved(-by), high.shifted(-by));
            let wide = SitesWide::<2>::load(&[word, 0]);
            assert_eq!(wide.moved(by), wide.shifted(by));
            assert_eq!(wide.moved(-by), wide.shifted(-by));
        }
    }
}
