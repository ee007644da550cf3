//! Follow-ups (`then …`): a second action of the same player inside one
//! move. Amazons (an arrow shot from where the amazon lands) is checked
//! against an independent brute-force count; a placing game removes an
//! enemy mark when a line of three is made.

use orrery::agents::perft::perft;
use orrery::diagnostics::Source;
use orrery::engine::State;
use orrery::formats::notation::parse_move;
use orrery::game::Game;

fn amazons() -> State {
    Game::load("games/amazons.rules").expect("amazons compiles").initial_state()
}

/// Amazons by hand: cells of a 10 x 10 board, 0 empty, 1 white, 2 black, 3 arrow.
struct Board([u8; 100]);

const QUEEN_DIRS: [(i32, i32); 8] = [(1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1)];

impl Board {
    fn start() -> Board {
        let mut cells = [0u8; 100];
        let at = |name: &str| {
            let file = name.as_bytes()[0] - b'a';
            let rank: usize = name[1..].parse().expect("rank");
            (rank - 1) * 10 + file as usize
        };
        for s in ["a4", "d1", "g1", "j4"] {
            cells[at(s)] = 1;
        }
        for s in ["a7", "d10", "g10", "j7"] {
            cells[at(s)] = 2;
        }
        Board(cells)
    }

    /// Empty cells a queen on `from` reaches.
    fn reach(&self, from: usize) -> Vec<usize> {
        let mut out = Vec::new();
        let (x, y) = ((from % 10) as i32, (from / 10) as i32);
        for (dx, dy) in QUEEN_DIRS {
            let (mut nx, mut ny) = (x + dx, y + dy);
            while (0..10).contains(&nx) && (0..10).contains(&ny) && self.0[(ny * 10 + nx) as usize] == 0 {
                out.push((ny * 10 + nx) as usize);
                nx += dx;
                ny += dy;
            }
        }
        out
    }

    /// Every (from, to, arrow) move of `player`.
    fn moves(&mut self, player: u8) -> Vec<(usize, usize, usize)> {
        let mut moves = Vec::new();
        for from in 0..100 {
            if self.0[from] != player {
                continue;
            }
            for to in self.reach(from) {
                self.0[from] = 0;
                self.0[to] = player;
                for arrow in self.reach(to) {
                    moves.push((from, to, arrow));
                }
                self.0[to] = 0;
                self.0[from] = player;
            }
        }
        moves
    }

    fn perft(&mut self, player: u8, depth: u32) -> u64 {
        let moves = self.moves(player);
        if depth == 1 {
            return moves.len() as u64;
        }
        let mut total = 0;
        for (from, to, arrow) in moves {
            self.0[from] = 0;
            self.0[to] = player;
            self.0[arrow] = 3;
            total += self.perft(3 - player, depth - 1);
            self.0[arrow] = 0;
            self.0[to] = 0;
            self.0[from] = player;
        }
        total
    }
}

#[test]
fn amazons_perft_matches_a_brute_force_count() {
    let by_hand = [Board::start().perft(1, 1), Board::start().perft(1, 2)];
    // The published figures for the 10 x 10 start.
    assert_eq!(by_hand, [2_176, 4_307_152]);
    let state = amazons();
    assert_eq!([perft(&state, 1), perft(&state, 2)], by_hand);
}

#[test]
fn an_amazon_moves_then_shoots_from_where_it_landed() {
    let mut state = amazons();
    let texts = state.legal_move_texts();
    assert!(texts.contains(&"d1-d7/arrow@g7".to_string()), "{texts:?}");
    // The square just left is empty: the arrow may fly back onto it.
    assert!(texts.contains(&"d1-d2/arrow@d1".to_string()));
    // The arrow flies from the landing square, not from the start: d1-d2
    // cannot shoot to a1, which d1 sees along rank 1 but d2 does not.
    assert!(!texts.contains(&"d1-d2/arrow@a1".to_string()));
    state.play("d1-d7/arrow@g7").expect("legal");
    let board = &state.game().board;
    let site = |name: &str| board.site(name).expect("site");
    assert_eq!(state.cell(site("d1")), 0);
    assert_ne!(state.cell(site("d7")), 0);
    let arrow = state.cell(site("g7"));
    assert_eq!(state.game().owner_of(arrow), state.game().neutral(), "arrows belong to nobody");
    // One move: the turn passed once.
    assert_eq!(state.current_player(), 1);
}

#[test]
fn a_typed_amazon_move_without_its_arrow_asks_which() {
    let state = amazons();
    let err = parse_move(&state, "d1-d7").expect_err("the arrow is part of the move");
    let text = err.to_string();
    assert!(text.contains("say which: d1-d7/arrow@"), "{text}");
    // From d7, with d1 just left: north 2 (d10 holds an amazon), south 6
    // (to d1), east 5, west 2, north-east 2, north-west 3, south-east 6,
    // south-west 2 (a4 holds one): 28 arrows, 8 of them named.
    assert!(text.ends_with(", and 20 more"), "{text}");
}

fn mill_game(then: &str) -> State {
    let text = std::fs::read_to_string("tests/games/mill_removal.rules")
        .expect("test game")
        .replace("then when found(mill) remove on enemy", then);
    Game::from_source(Source::new("mill_removal.rules", text), &[]).expect("compiles").initial_state()
}

#[test]
fn a_line_of_three_removes_an_enemy_mark_of_the_movers_choice() {
    let mut state = mill_game("then when found(mill) remove on enemy");
    for mv in ["a1", "a2", "b1", "b2"] {
        state.play(mv).expect("legal");
    }
    // Five empty squares; only c1 completes a line (a1-b1-c1), once for
    // each of o's two marks it may remove.
    assert_eq!(state.legal_move_texts(), ["a3", "b3", "c1/xa2", "c1/xb2", "c2", "c3"]);
    state.play("c1/xa2").expect("legal");
    let site = |name: &str| state.game().board.site(name).expect("site");
    assert_eq!(state.cell(site("a2")), 0, "the chosen mark is gone");
    assert_ne!(state.cell(site("b2")), 0, "the other stays");
    // o to move with seven... a2 is free again: a2, a3, b3, c2, c3.
    assert_eq!(state.legal_move_texts(), ["a2", "a3", "b3", "c2", "c3"]);
}

#[test]
fn may_leaves_the_follow_up_to_the_player_and_must_makes_it_a_condition() {
    let mut state = mill_game("then may when found(mill) remove on enemy");
    for mv in ["a1", "a2", "b1", "b2"] {
        state.play(mv).expect("legal");
    }
    assert_eq!(state.legal_move_texts(), ["a3", "b3", "c1", "c1/xa2", "c1/xb2", "c2", "c3"]);
    // `must` without a guard: a placement that can remove nothing is no move.
    let state = mill_game("then must remove on enemy");
    assert_eq!(perft(&state, 1), 0, "x's first mark has nothing to remove");
    let state = mill_game("then must remove on enemy or empty");
    // Remove picks occupied sites only: still nothing on the first ply.
    assert_eq!(perft(&state, 1), 0);
}

#[test]
fn a_follow_up_written_before_other_statements_is_an_error() {
    let text = std::fs::read_to_string("games/amazons.rules").expect("amazons").replace(
        "    slide all to empty\n    # The",
        "    then place neutral arrow on empty\n    slide all to empty\n    # The",
    );
    let Err(err) = Game::from_source(Source::new("amazons.rules", text), &[]) else { panic!("must not compile") };
    let shown = format!("{err:?}");
    assert!(shown.contains("E0413"), "{shown}");
}
