//! `orrery play`: a game in the terminal. People type moves in the game's
//! notation; an illegal or mistyped move is answered with why, and the legal
//! moves. Commands: `moves`, `board`, `help`, `quit`.

use super::GameArgs;
use super::common::load;
use crate::agents::{Agent, MctsAgent, RandomAgent};
use crate::formats::notation::{MoveError, parse_move};
use crate::game::rules::CHANCE;
use crate::render::{board_text, status_text};
use std::io::BufRead;

/// Who plays what: the players the computer plays, at random or by search,
/// and whether a person types the throws of the dice.
pub struct Players<'a> {
    pub random: &'a [String],
    pub ai: &'a [String],
    pub think: u32,
    pub seed: u64,
    pub type_dice: bool,
}

pub fn run(args: &GameArgs, players: &Players) -> i32 {
    let Players { random, ai, think, seed, type_dice } = *players;
    let Ok((game, mut state)) = load(args) else {
        return 1;
    };
    let mut dice_agent = RandomAgent::new(seed ^ 0xd1ce);
    for name in random.iter().chain(ai) {
        if game.player_index(name).is_none() {
            eprintln!("error: `{name}` is not a player of {} (players: {})", game.title, game.players.join(", "));
            return 1;
        }
    }
    let mut random_agent = RandomAgent::new(seed);
    let mut search_agent = MctsAgent::new(seed, think);
    let stdin = std::io::stdin();
    let mut lines = stdin.lock().lines();
    println!("{} -- type a move, `moves`, `board`, `help` or `quit`", game.title);
    print!("{}", board_text(&state));
    while !state.is_over() {
        let player = &game.player_name(state.current_player()).to_string();
        println!("{}", status_text(&state));
        let chance = state.current_player() == CHANCE;
        let computer: Option<&mut dyn Agent> = if chance && !type_dice {
            Some(&mut dice_agent)
        } else if chance {
            None
        } else if ai.contains(player) {
            Some(&mut search_agent)
        } else if random.contains(player) {
            Some(&mut random_agent)
        } else {
            None
        };
        if let Some(computer) = computer {
            let Some(mv) = computer.choose(&state) else {
                break;
            };
            println!("{player} plays {}", state.move_text(&mv));
            state.apply(&mv);
            print!("{}", board_text(&state));
            continue;
        }
        print!("{player}> ");
        use std::io::Write;
        let _ = std::io::stdout().flush();
        let Some(Ok(line)) = lines.next() else {
            println!();
            return 0;
        };
        match line.trim() {
            "" => continue,
            "quit" | "exit" => return 0,
            "board" => print!("{}", board_text(&state)),
            "moves" => println!("legal: {}", legal_list(&state)),
            "help" => println!(
                "moves are written like {}; `moves` lists the legal ones, `board` redraws, `quit` stops",
                example(&state)
            ),
            text => match parse_move(&state, text) {
                Ok(mv) => {
                    state.apply(&mv);
                    print!("{}", board_text(&state));
                }
                Err(e @ MoveError::Illegal { .. }) => {
                    println!("{e}");
                    println!("legal: {}", e.legal().join(" "));
                }
                Err(e) => println!("{e}"),
            },
        }
    }
    println!("{}", status_text(&state));
    0
}

fn legal_list(state: &crate::engine::State) -> String {
    let mut moves = Vec::new();
    state.legal_moves(&mut moves);
    moves.iter().map(|m| state.move_text(m)).collect::<Vec<_>>().join(" ")
}

fn example(state: &crate::engine::State) -> String {
    let mut moves = Vec::new();
    state.legal_moves(&mut moves);
    moves.first().map_or("(no moves)".to_string(), |m| format!("`{}`", state.move_text(m)))
}
