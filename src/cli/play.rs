//! `orrery play`: a game in the terminal. People type moves in the game's
//! notation; an illegal or mistyped move is answered with why, and the legal
//! moves. After each move the board shows where it went, and what it did
//! besides (captures, promotions, flips) is said. Commands: `moves`,
//! `board`, `undo`, `hint`, `save FILE`, `help`, `quit`. On a terminal the
//! board is redrawn in place; piped, the output is plain lines.

use super::GameArgs;
use super::common::{load, load_recorded};
use super::progress;
use crate::agents::{Agent, MctsAgent, RandomAgent};
use crate::board::{NO_SITE, Site};
use crate::diagnostics::terminal_safe;
use crate::engine::{Game, Move, State};
use crate::formats::notation::{MoveError, parse_move};
use crate::formats::trace::{replay, transcript};
use crate::game::rules::{CHANCE, Code};
use crate::render::{LastMove, board_text_marking, status_text};
use std::io::{BufRead, IsTerminal, Write};
use std::path::Path;
use std::sync::Arc;
use std::time::Duration;

/// Who plays what: the players the computer plays, at random or by search,
/// and whether a person types the throws of the dice.
pub struct Players<'a> {
    pub random: &'a [String],
    pub ai: &'a [String],
    pub think: u32,
    /// Seconds of thinking a move, instead of `think` playouts.
    pub ai_time: Option<f64>,
    pub seed: u64,
    pub type_dice: bool,
}

const COMMANDS: &str = "  MOVE        play a move, written like {example}
  moves       list the legal moves
  board       draw the board again
  undo        take back the last move (and the computer's answer to it)
  hint        ask the computer for a move, without playing it
  save FILE   save the game so far (`orrery replay` checks it, `orrery play --resume FILE` goes on with it)
  help        this list
  quit        stop (`exit` too)";

/// Clears a terminal and puts the cursor top left.
const CLEAR: &str = "\x1b[H\x1b[2J";

/// Move lines shown under the board when it is redrawn in place.
const RECENT_MOVES: usize = 3;

pub fn run(args: &GameArgs, players: &Players, resume: Option<&Path>) -> i32 {
    let Players { random, ai, think, ai_time, seed, type_dice } = *players;
    let budget = match ai_time {
        None => Budget::Playouts(think),
        Some(seconds) if seconds > 0.0 && seconds <= MAX_THINKING_SECONDS => {
            Budget::Time(Duration::from_secs_f64(seconds))
        }
        Some(seconds) => {
            eprintln!("error: --ai-time takes seconds above 0 and at most {MAX_THINKING_SECONDS}, not {seconds}");
            return 1;
        }
    };
    let loaded = match resume {
        Some(file) => load_saved(args, file),
        None => load(args).map(|(game, start)| (game, start, Vec::new())),
    };
    let Ok((game, start, moves)) = loaded else { return 1 };
    for name in random.iter().chain(ai) {
        if game.player_index(name).is_none() {
            eprintln!(
                "error: `{}` is not a player of {} (players: {})",
                terminal_safe(name),
                terminal_safe(&game.title),
                terminal_safe(&game.players.join(", "))
            );
            return 1;
        }
    }
    let mut history = History { states: vec![start], moves: Vec::new() };
    for mv in moves {
        history.play(mv);
    }
    // Who the computer plays: the dice unless they are typed, and the players named.
    let computer = |state: &State| {
        let player = state.current_player();
        if player == CHANCE {
            return !type_dice;
        }
        let name = game.player_name(player).to_string();
        ai.contains(&name) || random.contains(&name)
    };
    let anyone_types = type_dice || game.players.iter().any(|p| !ai.contains(p) && !random.contains(p));
    let mut dice_agent = RandomAgent::new(seed ^ 0xd1ce);
    let mut random_agent = RandomAgent::new(seed);
    let mut search_agent = budget.agent(seed);
    let mut hint_agent = budget.agent(seed ^ 0x4e17);
    let screen = Screen { title: terminal_safe(&game.title).into_owned(), in_place: std::io::stdout().is_terminal() };
    let stdin = std::io::stdin();
    let mut lines = stdin.lock().lines();

    screen.intro(&history, resume);
    let mut told_over = false;
    loop {
        let state = history.current().clone();
        let player = game.player_name(state.current_player()).to_string();
        if !state.is_over() && computer(&state) {
            let mv = if state.current_player() == CHANCE {
                dice_agent.choose(&state)
            } else if ai.contains(&player) {
                think_with_bar(&mut search_agent, &state, &format!("{player} thinks"), budget)
            } else {
                random_agent.choose(&state)
            };
            let Some(mv) = mv else { break };
            history.play(mv);
            screen.after_move(&history);
            continue;
        }
        println!("{}", status_text(&state));
        if state.is_over() && !told_over {
            println!("the game is over: `undo`, `save FILE` or `quit`");
            told_over = true;
        }
        print!("{}> ", if state.is_over() { "game over" } else { &player });
        let _ = std::io::stdout().flush();
        let Some(Ok(line)) = lines.next() else {
            println!();
            return 0;
        };
        let line = line.trim();
        let (command, rest) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
        match command {
            "" => {}
            "quit" | "exit" => return 0,
            "board" => screen.redraw(&history),
            "moves" => println!("legal: {}", legal_list(&state)),
            "help" => println!("commands:\n{}", COMMANDS.replace("{example}", &example(&state))),
            "undo" => {
                let undone = history.undo(|s| anyone_types && computer(s));
                if undone == 0 {
                    println!("nothing to undo");
                    continue;
                }
                told_over = false;
                screen.redraw(&history);
                println!("took back {undone} {}", if undone == 1 { "move" } else { "moves" });
            }
            "hint" if state.is_over() => println!("the game is over"),
            "hint" => match think_with_bar(&mut hint_agent, &state, "thinking of a hint", budget) {
                Some(mv) => println!("hint: {}", state.move_text(&mv)),
                None => println!("no move to hint"),
            },
            "save" if rest.trim().is_empty() => println!("save needs a file name, as in `save game.jsonl`"),
            "save" => save(&history, seed, Path::new(rest.trim())),
            _ => match parse_move(&state, line) {
                Ok(mv) => {
                    history.play(mv);
                    screen.after_move(&history);
                }
                Err(e @ MoveError::Illegal { .. }) => {
                    println!("{e}");
                    println!("legal: {}", e.legal().join(" "));
                }
                Err(e) => println!("{e} (`help` lists the commands)"),
            },
        }
    }
    println!("{}", status_text(history.current()));
    0
}

/// The game so far: the start and the position after each move.
struct History {
    /// Never empty: `states[0]` is the start, `states[i + 1]` follows `moves[i]`.
    states: Vec<State>,
    moves: Vec<Move>,
}

impl History {
    fn current(&self) -> &State {
        self.states.last().expect("the start is always kept")
    }

    fn play(&mut self, mv: Move) {
        let mut next = self.current().clone();
        next.apply(&mv);
        self.states.push(next);
        self.moves.push(mv);
    }

    /// Takes back one move, then more while `computer` plays the side to
    /// move (a person takes back their move and the computer's answer).
    /// How many moves it took back.
    fn undo(&mut self, computer: impl Fn(&State) -> bool) -> usize {
        let mut undone = 0;
        while !self.moves.is_empty() && (undone == 0 || computer(self.current())) {
            self.moves.pop();
            self.states.pop();
            undone += 1;
        }
        undone
    }

    /// The last move, as the players see it: who played what, and what it did.
    fn describe(&self, i: usize) -> String {
        let (before, mv, after) = (&self.states[i], &self.moves[i], &self.states[i + 1]);
        let player = before.game().player_name(before.current_player());
        let effects = effects(before, mv, after);
        let text = before.move_text(mv);
        if effects.is_empty() {
            format!("{player} plays {text}")
        } else {
            format!("{player} plays {text}: {}", effects.join(", "))
        }
    }

    /// The sites the last move left and reached, to mark on the board.
    fn marks(&self) -> Vec<Site> {
        let Some(mv) = self.moves.last() else { return Vec::new() };
        let sites = self.current().game().board.site_count();
        [mv.from, mv.to].into_iter().filter(|&s| s != NO_SITE && (s as usize) < sites).collect()
    }
}

/// Where the game is shown: redrawn in place on a terminal, written line
/// after line otherwise (pipes and tests).
struct Screen {
    title: String,
    in_place: bool,
}

impl Screen {
    fn intro(&self, history: &History, resumed: Option<&Path>) {
        if self.in_place {
            self.redraw(history);
        } else {
            println!("{} -- type a move, `moves`, `board`, `undo`, `hint`, `save FILE`, `help` or `quit`", self.title);
            print!("{}", board_text_marking(history.current(), &history.marks()));
        }
        if let Some(file) = resumed {
            println!("resumed {} after {} plies", file.display(), history.moves.len());
        }
    }

    /// After a move: the whole screen again, or the move and the board below what was there.
    fn after_move(&self, history: &History) {
        if self.in_place {
            self.redraw(history);
        } else {
            println!("{}", history.describe(history.moves.len() - 1));
            print!("{}", board_text_marking(history.current(), &history.marks()));
        }
    }

    fn redraw(&self, history: &History) {
        if self.in_place {
            print!("{CLEAR}");
            println!("{} -- `help` lists the commands", self.title);
        }
        print!("{}", board_text_marking(history.current(), &history.marks()));
        if self.in_place {
            for i in history.moves.len().saturating_sub(RECENT_MOVES)..history.moves.len() {
                println!("{:>4}. {}", i + 1, history.describe(i));
            }
        }
    }
}

/// The most thinking time a move may be given (a day).
const MAX_THINKING_SECONDS: f64 = 86_400.0;

/// What the computer spends on a move: playouts, or time.
#[derive(Clone, Copy)]
enum Budget {
    Playouts(u32),
    Time(Duration),
}

impl Budget {
    fn agent(self, seed: u64) -> MctsAgent {
        match self {
            Budget::Playouts(n) => MctsAgent::new(seed, n),
            Budget::Time(limit) => MctsAgent::timed(seed, limit),
        }
    }
}

/// The agent's move, with a progress bar while it thinks (on a terminal):
/// over the playouts, or over the milliseconds of a time budget.
fn think_with_bar(agent: &mut MctsAgent, state: &State, what: &str, budget: Budget) -> Option<Move> {
    match budget {
        Budget::Playouts(playouts) => {
            let bar = progress::bar(playouts.max(1) as u64, what, "playouts");
            let mv = agent.choose_reporting(state, &mut |done| bar.set_position(done as u64));
            bar.finish_and_clear();
            mv
        }
        Budget::Time(limit) => {
            let bar = progress::bar(limit.as_millis().max(1) as u64, what, "ms");
            let start = std::time::Instant::now();
            let mv = agent.choose_reporting(state, &mut |_| bar.set_position(start.elapsed().as_millis() as u64));
            bar.finish_and_clear();
            mv
        }
    }
}

/// What a move did besides its piece's going (captures, promotions, flips,
/// pieces moved along or placed), in words, leaving out what the move's
/// text says already.
fn effects(before: &State, mv: &Move, after: &State) -> Vec<String> {
    let game = before.game();
    let last = LastMove::between(before, mv, after);
    let name = |s: Site| game.board.site_name(s);
    let type_name = |c: Code| game.pieces[game.type_of(c) as usize].name.as_str();
    // What the move's text says already (`e1-g1,h1-f1`, `d1-d7/stone@g7`) is not said again.
    let parts: Vec<&str> = last.text.split([',', '/']).collect();
    let mut said = Vec::new();
    if !last.captured.is_empty() {
        let sites: Vec<&str> = last.captured.iter().map(|&s| name(s)).collect();
        said.push(format!("captures {}", sites.join(" ")));
    }
    for &(site, code) in &last.promoted {
        // Off the destination, another owner as well as another type: the
        // whole piece is named.
        let was = before.cell(site);
        let becomes = if Some(site) != last.to && was != 0 && game.owner_of(was) != game.owner_of(code) {
            game.describe_code(code)
        } else {
            type_name(code).to_string()
        };
        said.push(format!("{} becomes {becomes}", name(site)));
    }
    if !last.flipped.is_empty() {
        let sites: Vec<&str> = last.flipped.iter().map(|&s| name(s)).collect();
        said.push(format!("flips {}", sites.join(" ")));
    }
    for &(code, a, b) in &last.moved_along {
        let sites = format!("{}-{}", name(a), name(b));
        if !parts.contains(&sites.as_str()) {
            said.push(format!("{} {sites}", type_name(code)));
        }
    }
    for &(code, site) in &last.placed {
        let (piece, site) = (type_name(code), name(site));
        if !parts.iter().any(|part| *part == site || *part == format!("{piece}@{site}")) {
            said.push(format!("{piece} on {site}"));
        }
    }
    said
}

/// Writes the game so far as a transcript `orrery replay` checks.
fn save(history: &History, seed: u64, file: &Path) {
    let mut text = String::new();
    for line in transcript(&history.states[0], &history.moves, seed) {
        text.push_str(&line.to_string());
        text.push('\n');
    }
    match crate::safe_write::replace(file, text.as_bytes()) {
        Ok(()) => println!("saved {} plies to {}", history.moves.len(), file.display()),
        Err(e) => println!("error: cannot write {}: {e}", file.display()),
    }
}

/// The game, start and moves of a saved transcript, set up as its header
/// says (options and `--position` on the command line win), every move
/// replayed and checked.
fn load_saved(args: &GameArgs, file: &Path) -> Result<(Arc<Game>, State, Vec<Move>), ()> {
    let (text, game, start) = load_recorded(args, file)?;
    replay(&start, &text).map_err(|e| eprintln!("error: {}: {e}", file.display()))?;
    // The replay checked every move; now keep them.
    let mut state = start.clone();
    let mut moves = Vec::new();
    for line in text.lines().filter_map(|l| serde_json::from_str::<serde_json::Value>(l).ok()) {
        if let Some(text) = line.get("move").and_then(serde_json::Value::as_str) {
            let mv = state.play(text).map_err(|e| eprintln!("error: {}: {e}", file.display()))?;
            moves.push(mv);
        }
    }
    Ok((game, start, moves))
}

fn legal_list(state: &State) -> String {
    let mut moves = Vec::new();
    state.legal_moves(&mut moves);
    moves.iter().map(|m| state.move_text(m)).collect::<Vec<_>>().join(" ")
}

fn example(state: &State) -> String {
    let mut moves = Vec::new();
    state.legal_moves(&mut moves);
    moves.first().map_or("(no moves)".to_string(), |m| format!("`{}`", state.move_text(m)))
}
