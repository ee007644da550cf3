//! The sites next to a set (groups, liberties, territories flood through
//! them): by shifts of the whole set where the board's directions allow
//! it, and always the same sites as the union of each site's table entry,
//! on square boards of every width, a hex board and an irregular graph.

use orrery::Game;
use orrery::board::{Board, Dir, Neighbours, Site, SiteSet, Sites64, Sites128, SitesWide, Width};
use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

/// Random sets of every density: the shifted union against the table's.
fn agrees<S: SiteSet>(board: &Board, neighbours: &Neighbours, rng: &mut Xoshiro256PlusPlus) {
    let n = board.site_count();
    for site in 0..n as Site {
        // Adjacency goes both ways.
        for other in neighbours.of::<S>(site).iter() {
            assert!(neighbours.of::<S>(other).contains(site), "{n} sites: {site}, {other}");
        }
    }
    for round in 0..200 {
        let mut set = S::EMPTY;
        let density = [0.0, 0.02, 0.2, 0.5, 1.0][round % 5];
        for site in 0..n {
            if rng.gen_bool(density) {
                set.insert(site as Site);
            }
        }
        let by_table = set.iter().fold(S::EMPTY, |acc, site| acc.or(neighbours.of::<S>(site)));
        assert_eq!(neighbours.around(set), by_table, "{} sites, set {:?}", n, set.iter().collect::<Vec<_>>());
    }
}

fn check_file(path: &str, directions: &[&str]) {
    let game = Game::load(path).expect("the game compiles");
    let board = &game.board;
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(7);
    for name in directions {
        let dirs: Vec<Dir> = match *name {
            "all" => (0..board.directions.len() as Dir).collect(),
            set => board.direction_sets.get(set).cloned().unwrap_or_else(|| panic!("{path}: no `{set}`")),
        };
        let neighbours = Neighbours::new(board, &dirs);
        match board.width {
            Width::Small => agrees::<Sites64>(board, &neighbours, &mut rng),
            Width::Narrow => agrees::<Sites128>(board, &neighbours, &mut rng),
            Width::Medium => agrees::<SitesWide<4>>(board, &neighbours, &mut rng),
            Width::Wide => agrees::<SitesWide<16>>(board, &neighbours, &mut rng),
            Width::Huge => agrees::<SitesWide<64>>(board, &neighbours, &mut rng),
        }
    }
}

#[test]
fn square_boards_of_every_width() {
    check_file("games/tic_tac_toe.rules", &["all", "orthogonal"]);
    check_file("games/go.rules", &["all", "orthogonal", "diagonal"]);
    check_file("games/variants/go_13x13.rules", &["all", "orthogonal"]);
    check_file("games/gomoku.rules", &["all", "orthogonal"]);
}

#[test]
fn hex_and_irregular_boards() {
    check_file("games/hex.rules", &["all"]);
    check_file("games/sun_and_moon.rules", &["all"]);
    check_file("games/zodiac.rules", &["all"]);
}
