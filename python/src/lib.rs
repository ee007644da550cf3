//! Orrery's games in Python (`import orrery`): a rule file loaded as a
//! game, its states played by move numbers or notation, positions as
//! numbers for learning agents, and batch work (random playouts, perft,
//! self-play, the self-play analysis of `orrery analyze`) run in Rust
//! without the Python loop. The Python package around it
//! (`python/orrery/`) adds numpy views, OpenSpiel, PettingZoo and Ray.

use orrery::agents::playout::{chunks_of, run_batch, run_batch_chunks};
use orrery::agents::{Agent, MctsAgent, RandomAgent};
use orrery::analysis::{GameRecord, Players, play_games, summarize, to_json};
use orrery::diagnostics::render_all;
use orrery::engine::{Move, State};
use orrery::formats::actions::ActionSpace;
use orrery::formats::observation::{Layout, observe};
use orrery::game::Game;
use orrery::game::rules::CHANCE;
use pyo3::buffer::PyBuffer;
use pyo3::create_exception;
use pyo3::exceptions::{PyException, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyDict;
use std::sync::Arc;

create_exception!(
    _orrery,
    RulesError,
    PyException,
    "A rule file with mistakes: its diagnostics as the CLI shows them, with `.diagnostics` (code, message, file, line, column for each)."
);
create_exception!(
    _orrery,
    IllegalMove,
    PyValueError,
    "A move that is not legal in the state, with why and the legal moves."
);

/// OpenSpiel's numbers for who moves when nobody does.
const CHANCE_PLAYER: i64 = -1;
const TERMINAL_PLAYER: i64 = -4;

/// A compiled game.
#[pyclass(name = "Game", module = "orrery", frozen)]
struct PyGame {
    game: Arc<Game>,
    space: ActionSpace,
    layout: Layout,
    path: String,
    options: Vec<(String, String)>,
}

/// Loads a rule file: `orrery.load("games/NAME.rules", {"long_moves": True})`.
#[pyfunction]
#[pyo3(signature = (path, options = None))]
fn load(path: &str, options: Option<&Bound<'_, PyDict>>) -> PyResult<PyGame> {
    let mut set = Vec::new();
    if let Some(options) = options {
        for (name, value) in options.iter() {
            let name: String = name.extract()?;
            // Python's True/False as the rule files write them.
            let value = match value.extract::<bool>() {
                Ok(b) if value.is_instance_of::<pyo3::types::PyBool>() => b.to_string(),
                _ => value.str()?.to_string(),
            };
            set.push((name, value));
        }
    }
    let game = Game::load_with_options(path, &set).map_err(rules_error)?;
    Ok(PyGame { space: ActionSpace::of(&game), layout: Layout::of(&game), game, path: path.to_string(), options: set })
}

/// A load error as `RulesError`, carrying the rendered diagnostics and each one's place.
fn rules_error(error: orrery::compile::LoadError) -> PyErr {
    match error {
        orrery::compile::LoadError::Invalid(report) => {
            let text = render_all(&report.source, &report.diagnostics, false);
            let places: Vec<(String, String, String, usize, usize)> = report
                .diagnostics
                .iter()
                .map(|d| {
                    let (file, line, column) = report.source.locate(d.primary_span().start);
                    (d.code.to_string(), d.message.clone(), file.to_string(), line, column)
                })
                .collect();
            Python::attach(|py| {
                let err = RulesError::new_err(text);
                let _ = err.value(py).setattr("diagnostics", places);
                err
            })
        }
        other => RulesError::new_err(other.to_string()),
    }
}

#[pymethods]
impl PyGame {
    #[getter]
    fn title(&self) -> &str {
        &self.game.title
    }

    #[getter]
    fn path(&self) -> &str {
        &self.path
    }

    #[getter]
    fn players(&self) -> Vec<String> {
        self.game.players.clone()
    }

    #[getter]
    fn piece_types(&self) -> Vec<String> {
        self.game.pieces.iter().map(|p| p.name.clone()).collect()
    }

    #[getter]
    fn sites(&self) -> Vec<String> {
        self.game.board.site_names().map(str::to_string).collect()
    }

    /// Every option and the value it is played with.
    #[getter]
    fn options(&self) -> Vec<(String, i64)> {
        self.game.options.iter().zip(&self.game.option_values).map(|(o, &v)| (o.name.clone(), v)).collect()
    }

    /// The options given to `load`, as written.
    #[getter]
    fn options_given(&self) -> Vec<(String, String)> {
        self.options.clone()
    }

    /// How many move numbers there are: every legal move of every state is below it.
    #[getter]
    fn num_distinct_moves(&self) -> u64 {
        self.space.size()
    }

    /// The length of an observation (`State.observation_into`).
    #[getter]
    fn observation_length(&self) -> usize {
        self.layout.len
    }

    /// Where each part of an observation starts: pieces (0), hands,
    /// counters, dice, to_move, phase; and its length.
    fn observation_layout<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let l = &self.layout;
        let out = PyDict::new(py);
        for (key, value) in [
            ("pieces", 0),
            ("hands", l.hands),
            ("counters", l.counters),
            ("dice", l.dice),
            ("to_move", l.to_move),
            ("phase", l.phase),
            ("length", l.len),
            ("sites", l.sites),
            ("owners", l.owners),
            ("types", l.types),
        ] {
            out.set_item(key, value)?;
        }
        Ok(out)
    }

    /// The start of the game.
    fn new_initial_state(&self) -> PyState {
        PyState::new(self, self.game.initial_state())
    }

    /// `playouts` random games from the start, in Rust on `threads`
    /// threads: their total plies, wins per player and draws (the figures
    /// `orrery bench` prints for the same seed).
    /// With `chunks=(first, end)`, only those chunks of the batch (see
    /// `playout_chunks`): the parts' figures add up to the whole batch's.
    #[pyo3(signature = (playouts, seed = 1, threads = 1, chunks = None))]
    fn playouts<'py>(
        &self,
        py: Python<'py>,
        playouts: u64,
        seed: u64,
        threads: usize,
        chunks: Option<(u64, u64)>,
    ) -> PyResult<Bound<'py, PyDict>> {
        let start = self.game.initial_state();
        let stats = py.detach(|| match chunks {
            None => run_batch(&start, playouts, seed, threads.max(1)),
            Some((first, end)) => run_batch_chunks(&start, playouts, seed, threads.max(1), first..end),
        });
        let out = PyDict::new(py);
        out.set_item("playouts", stats.playouts)?;
        out.set_item("plies", stats.plies)?;
        out.set_item("wins", stats.wins)?;
        out.set_item("draws", stats.draws)?;
        out.set_item("unfinished", stats.unfinished)?;
        Ok(out)
    }

    /// How many chunks a batch of `playouts` is dealt out in (each seeded
    /// by the batch's seed and its number).
    #[staticmethod]
    fn playout_chunks(playouts: u64) -> u64 {
        chunks_of(playouts)
    }

    /// The number of move sequences of `depth` plies from the start.
    fn perft(&self, py: Python<'_>, depth: u32) -> u64 {
        let start = self.game.initial_state();
        py.detach(|| orrery::agents::perft::perft(&start, depth))
    }

    /// `games` games of Monte Carlo tree search against itself
    /// (`iterations` playouts a move; `players` lists "mcts" or "random"
    /// per player), in Rust: each game's moves as numbers and as notation,
    /// and its returns. A game longer than `max_plies` stops there, unfinished.
    /// Game number g (from `first_game`) is seeded by `seed` and g alone, so
    /// ranges of games played apart give the games of one run.
    #[pyo3(signature = (games, iterations = 200, seed = 1, players = None, max_plies = 1000, first_game = 0))]
    #[allow(clippy::too_many_arguments)]
    fn self_play<'py>(
        &self,
        py: Python<'py>,
        games: u32,
        iterations: u32,
        seed: u64,
        players: Option<Vec<String>>,
        max_plies: u32,
        first_game: u64,
    ) -> PyResult<Vec<Bound<'py, PyDict>>> {
        let kinds = players.unwrap_or_else(|| vec!["mcts".to_string(); self.game.players.len()]);
        if kinds.len() != self.game.players.len() || kinds.iter().any(|k| k != "mcts" && k != "random") {
            return Err(PyValueError::new_err(format!(
                "give one of \"mcts\" or \"random\" for each of the {} players",
                self.game.players.len()
            )));
        }
        let space = self.space;
        let game = self.game.clone();
        let records = py.detach(|| {
            (first_game..first_game + games as u64)
                .map(|g| {
                    let mut agents: Vec<Box<dyn Agent>> = kinds
                        .iter()
                        .enumerate()
                        .map(|(p, kind)| -> Box<dyn Agent> {
                            let s = seed.wrapping_mul(1_000_003).wrapping_add(g * 97 + p as u64);
                            match kind.as_str() {
                                "random" => Box::new(RandomAgent::new(s)),
                                _ => Box::new(MctsAgent::new(s, iterations)),
                            }
                        })
                        .collect();
                    let mut chance = RandomAgent::new(seed ^ (g + 1).wrapping_mul(0x9E37_79B9));
                    let mut state = game.initial_state();
                    let (mut numbers, mut texts) = (Vec::new(), Vec::new());
                    let mut moves = Vec::new();
                    while !state.is_over() && texts.len() < max_plies as usize {
                        let mover = state.current_player();
                        let agent: &mut dyn Agent =
                            if mover == CHANCE { &mut chance } else { agents[mover as usize].as_mut() };
                        let Some(mv) = agent.choose(&state) else { break };
                        state.legal_moves(&mut moves);
                        let at = moves.iter().position(|m| *m == mv).unwrap_or(0);
                        numbers.push(space.numbers(&state, &moves).ok().and_then(|n| n.get(at).copied()));
                        texts.push(state.move_text(&mv));
                        state.apply(&mv);
                    }
                    (numbers, texts, returns(&state))
                })
                .collect::<Vec<_>>()
        });
        records
            .into_iter()
            .map(|(numbers, texts, returns)| {
                let record = PyDict::new(py);
                record.set_item("actions", numbers)?;
                record.set_item("moves", texts)?;
                record.set_item("returns", returns)?;
                Ok(record)
            })
            .collect()
    }

    /// The records of games `start` to `end` (not included) of the
    /// self-play analysis `orrery analyze` makes (`players`: "random",
    /// "mcts:200" or "mcts:0.5s"), as a JSON list, played on `threads`
    /// threads. Game g is seeded by `seed` and g alone, so ranges played
    /// apart (on other machines) join, in `summarize_analysis`, into one
    /// machine's analysis.
    #[pyo3(signature = (players, seed, start, end, max_plies = 2000, threads = 1))]
    #[allow(clippy::too_many_arguments)]
    fn analysis_records(
        &self,
        py: Python<'_>,
        players: &str,
        seed: u64,
        start: u64,
        end: u64,
        max_plies: u32,
        threads: usize,
    ) -> PyResult<String> {
        let players = players_of(players)?;
        let game = self.game.clone();
        let records = py.detach(|| play_games(&game, players, seed, start..end.max(start), threads, max_plies, &|| {}));
        serde_json::to_string(&records).map_err(|e| PyValueError::new_err(e.to_string()))
    }

    /// The analysis (`orrery analyze --format json`, as a dict) of records
    /// from `analysis_records`: one JSON list or several, joined in the
    /// order of the games' numbers. `players`, `seed` and `max_plies` are
    /// those the records were played with; `file` is the name shown
    /// (the path given to `load` unless given).
    #[pyo3(signature = (records, players, seed, max_plies = 2000, file = None))]
    fn summarize_analysis<'py>(
        &self,
        py: Python<'py>,
        records: &Bound<'py, PyAny>,
        players: &str,
        seed: u64,
        max_plies: u32,
        file: Option<&str>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let players = players_of(players)?;
        let records = self.records_of(py, records)?;
        let file = file.unwrap_or(&self.path);
        let analysis = py.detach(|| summarize(&self.game, file, players, seed, max_plies, &records));
        to_python(py, serde_json::to_string(&analysis))
    }

    /// Two analyses on the same seeds, this game's `records` and `other`'s
    /// `other_records` (a variant and its base, say), as
    /// `orrery analyze FILE --vs OTHER --format json` gives them:
    /// `first`, `second` and their `differences`.
    #[pyo3(signature = (records, other, other_records, players, seed, max_plies = 2000, file = None, other_file = None))]
    #[allow(clippy::too_many_arguments)]
    fn compare_analyses<'py>(
        &self,
        py: Python<'py>,
        records: &Bound<'py, PyAny>,
        other: &PyGame,
        other_records: &Bound<'py, PyAny>,
        players: &str,
        seed: u64,
        max_plies: u32,
        file: Option<&str>,
        other_file: Option<&str>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let players = players_of(players)?;
        let (records, other_records) = (self.records_of(py, records)?, other.records_of(py, other_records)?);
        let (file, other_file) = (file.unwrap_or(&self.path), other_file.unwrap_or(&other.path));
        let value = py.detach(|| {
            let first = summarize(&self.game, file, players, seed, max_plies, &records);
            let second = summarize(&other.game, other_file, players, seed, max_plies, &other_records);
            to_json(&first, Some(&second))
        });
        to_python(py, serde_json::to_string(&value))
    }

    /// `orrery analyze` on this machine: `games` games of self-play
    /// (`players`: "random", "mcts:200" or "mcts:0.5s") on `threads`
    /// threads, and their figures as a dict (the CLI's JSON). With `vs`
    /// (another game), both played on the same seeds: `first`, `second`
    /// and their `differences`, as `orrery analyze FILE --vs OTHER`.
    #[pyo3(signature = (games, players = "random", seed = 1, max_plies = 2000, threads = 1, vs = None))]
    #[allow(clippy::too_many_arguments)]
    fn analyze<'py>(
        &self,
        py: Python<'py>,
        games: u64,
        players: &str,
        seed: u64,
        max_plies: u32,
        threads: usize,
        vs: Option<&PyGame>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let players = players_of(players)?;
        let play = |game: &Arc<Game>| play_games(game, players, seed, 0..games, threads, max_plies, &|| {});
        let value = py.detach(|| {
            let first = summarize(&self.game, &self.path, players, seed, max_plies, &play(&self.game));
            match vs {
                None => serde_json::to_string(&first),
                Some(other) => {
                    let second = summarize(&other.game, &other.path, players, seed, max_plies, &play(&other.game));
                    serde_json::to_string(&to_json(&first, Some(&second)))
                }
            }
        });
        to_python(py, value)
    }

    fn __repr__(&self) -> String {
        format!("<orrery.Game {:?} from {}>", self.game.title, self.path)
    }
}

impl PyGame {
    /// Records from `analysis_records` (one JSON list, or a list of them),
    /// in the order of the games' numbers; a ValueError for text that is
    /// not such a list, a game given twice, or records of another game.
    fn records_of(&self, py: Python<'_>, records: &Bound<'_, PyAny>) -> PyResult<Vec<GameRecord>> {
        let texts: Vec<String> = match records.extract::<String>() {
            Ok(text) => vec![text],
            Err(_) => records.extract()?,
        };
        py.detach(|| {
            let mut all = Vec::new();
            for text in &texts {
                let part: Vec<GameRecord> = serde_json::from_str(text)
                    .map_err(|e| format!("not a list of analysis records (Game.analysis_records): {e}"))?;
                all.extend(part);
            }
            all.sort_by_key(|r| r.number);
            if let Some(pair) = all.windows(2).find(|w| w[0].number == w[1].number) {
                return Err(format!("game {} is given twice", pair[0].number));
            }
            let shape: Vec<usize> = self.game.phases.iter().map(|p| p.moves.len()).collect();
            let players = self.game.players.len();
            if let Some(r) = all.iter().find(|r| {
                r.rules.iter().map(Vec::len).ne(shape.iter().copied()) || r.winner.is_some_and(|w| w >= players)
            }) {
                return Err(format!("game {} is not a game of {}", r.number, self.path));
            }
            Ok(all)
        })
        .map_err(PyValueError::new_err)
    }
}

/// An analysis's players as `orrery analyze --players` reads them, or a
/// ValueError with why not.
fn players_of(text: &str) -> PyResult<Players> {
    text.parse().map_err(PyValueError::new_err)
}

/// A value's JSON as Python's `json.loads` reads it: dicts, lists, numbers
/// (each float read back exactly).
fn to_python<'py>(py: Python<'py>, json: serde_json::Result<String>) -> PyResult<Bound<'py, PyAny>> {
    let text = json.map_err(|e| PyValueError::new_err(e.to_string()))?;
    py.import("json")?.call_method1("loads", (text,))
}

/// Each player's return: 1 for the winner, -1 for the others, 0 for all
/// in a draw or while the game goes on.
fn returns(state: &State) -> Vec<f64> {
    let game = state.game();
    let n = game.players.len();
    match state.outcome() {
        Some(o) => match o.winner.and_then(|w| game.player_index(&w)) {
            Some(w) => (0..n).map(|p| if p == w as usize { 1.0 } else { -1.0 }).collect(),
            None => vec![0.0; n],
        },
        None => vec![0.0; n],
    }
}

/// A position of a game, with the start and the moves that led to it (for
/// `undo`, which replays them, and the transcript): a clone copies moves,
/// not positions.
#[pyclass(name = "State", module = "orrery")]
struct PyState {
    game: Arc<Game>,
    space: ActionSpace,
    layout: Layout,
    state: State,
    start: State,
    played: Vec<Move>,
    /// The legal moves and their numbers, once asked for, until the state changes.
    legal: Option<(Vec<Move>, Vec<u64>)>,
}

impl PyState {
    fn new(game: &PyGame, state: State) -> PyState {
        PyState {
            game: game.game.clone(),
            space: game.space,
            layout: game.layout,
            start: state.clone(),
            state,
            played: Vec::new(),
            legal: None,
        }
    }

    /// Finds the legal moves and their numbers, once per position.
    fn find_legal(&mut self) -> PyResult<()> {
        if self.legal.is_none() {
            let mut moves = Vec::new();
            self.state.legal_moves(&mut moves);
            let numbers = self.space.numbers(&self.state, &moves).map_err(PyValueError::new_err)?;
            self.legal = Some((moves, numbers));
        }
        Ok(())
    }

    /// The legal moves and their numbers, found first.
    fn legal(&mut self) -> PyResult<(&[Move], &[u64])> {
        self.find_legal()?;
        let (moves, numbers) = self.legal.as_ref().expect("just found");
        Ok((moves, numbers))
    }
}

#[pymethods]
impl PyState {
    /// The player to move, by number; -1 for chance (a throw of the
    /// dice), -4 when the game is over (OpenSpiel's numbers).
    fn current_player(&self) -> i64 {
        if self.state.is_over() {
            TERMINAL_PLAYER
        } else if self.state.current_player() == CHANCE {
            CHANCE_PLAYER
        } else {
            self.state.current_player() as i64
        }
    }

    fn is_chance_node(&self) -> bool {
        !self.state.is_over() && self.state.current_player() == CHANCE
    }

    fn is_terminal(&self) -> bool {
        self.state.is_over()
    }

    /// The throws of a chance node and their probabilities, as (number, p).
    fn chance_outcomes(&mut self) -> PyResult<Vec<(u64, f64)>> {
        if !self.is_chance_node() {
            return Ok(Vec::new());
        }
        self.find_legal()?;
        let (moves, numbers) = self.legal.as_ref().expect("just found");
        let weights: Vec<f64> = moves.iter().map(|m| self.state.weight(m) as f64).collect();
        let total: f64 = weights.iter().sum();
        Ok(numbers.iter().zip(weights).map(|(&n, w)| (n, w / total)).collect())
    }

    /// The legal moves' numbers, in the engine's order.
    fn legal_actions(&mut self) -> PyResult<Vec<u64>> {
        Ok(self.legal()?.1.to_vec())
    }

    /// The legal moves in the game's notation, in the order of `legal_actions`.
    fn legal_moves(&mut self) -> PyResult<Vec<String>> {
        self.find_legal()?;
        let (moves, _) = self.legal.as_ref().expect("just found");
        Ok(moves.iter().map(|m| self.state.move_text(m)).collect())
    }

    /// The number of a move written in notation (or short notation).
    fn action_of(&mut self, text: &str) -> PyResult<u64> {
        let mv = orrery::formats::notation::parse_move(&self.state, text).map_err(|e| illegal(text, &e))?;
        let (moves, numbers) = self.legal()?;
        Ok(moves.iter().position(|m| *m == mv).map(|i| numbers[i]).unwrap_or(0))
    }

    /// A move's notation, from its number.
    fn move_text(&mut self, action: u64) -> PyResult<String> {
        self.find_legal()?;
        let (moves, numbers) = self.legal.as_ref().expect("just found");
        let at = numbers.iter().position(|&n| n == action);
        at.map(|i| self.state.move_text(&moves[i]))
            .ok_or_else(|| IllegalMove::new_err(format!("{action} is not the number of a legal move here")))
    }

    /// Plays a move: its number, or its text in notation (`"e2-e4"`, `"Nf3"`).
    fn apply(&mut self, mv: &Bound<'_, PyAny>) -> PyResult<()> {
        let chosen = if let Ok(number) = mv.extract::<u64>() {
            let (moves, numbers) = self.legal()?;
            let at = numbers.iter().position(|&n| n == number).ok_or_else(|| {
                IllegalMove::new_err(format!("{number} is not the number of a legal move here; legal: {numbers:?}"))
            })?;
            moves[at]
        } else {
            let text: String = mv.extract()?;
            orrery::formats::notation::parse_move(&self.state, &text).map_err(|e| illegal(&text, &e))?
        };
        self.played.push(chosen);
        self.state.apply(&chosen);
        self.legal = None;
        Ok(())
    }

    /// Takes back the last move (replaying the others from the start); an
    /// error at the start.
    fn undo(&mut self) -> PyResult<()> {
        self.played.pop().ok_or_else(|| PyValueError::new_err("no move to take back"))?;
        let mut state = self.start.clone();
        for mv in &self.played {
            state.apply(mv);
        }
        self.state = state;
        self.legal = None;
        Ok(())
    }

    fn clone(&self) -> PyState {
        PyState {
            game: self.game.clone(),
            space: self.space,
            layout: self.layout,
            state: self.state.clone(),
            start: self.start.clone(),
            played: self.played.clone(),
            legal: self.legal.clone(),
        }
    }

    fn __copy__(&self) -> PyState {
        self.clone()
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> PyState {
        self.clone()
    }

    /// Each player's return: 1 for the winner, -1 for the others, 0 in a
    /// draw or while the game goes on.
    fn returns(&self) -> Vec<f64> {
        returns(&self.state)
    }

    /// The winner's name, `None` in a draw or while the game goes on.
    fn winner(&self) -> Option<String> {
        self.state.outcome().and_then(|o| o.winner)
    }

    /// Why the game ended, as the rule file words it.
    fn outcome_reason(&self) -> Option<String> {
        self.state.outcome().map(|o| o.reason)
    }

    #[getter]
    fn ply(&self) -> u32 {
        self.state.ply()
    }

    #[getter]
    fn phase(&self) -> String {
        self.state.phase_name().to_string()
    }

    /// The moves played since the start, in notation.
    fn history(&self) -> Vec<String> {
        let mut state = self.start.clone();
        self.played
            .iter()
            .map(|mv| {
                let text = state.move_text(mv);
                state.apply(mv);
                text
            })
            .collect()
    }

    /// The position as the terminal shows it (`orrery draw --format text`).
    fn to_text(&self) -> String {
        format!(
            "{}\n{}\n",
            orrery::render::board_text(&self.state).trim_end(),
            orrery::render::status_text(&self.state)
        )
    }

    /// The position as a position file (`--position FILE`).
    fn to_position(&self) -> String {
        orrery::formats::position::to_toml(&self.state)
    }

    /// The position as SVG (`orrery draw`).
    fn to_svg(&self) -> String {
        orrery::render::board_svg(&self.state)
    }

    /// The whole game as a transcript (`orrery replay` reads it), as JSON lines.
    fn transcript(&self) -> String {
        let lines = orrery::formats::trace::transcript(&self.start, &self.played, 0);
        lines.iter().map(|l| format!("{l}\n")).collect()
    }

    /// Writes the observation (see `Game.observation_layout`) into a
    /// writable buffer of float32 of `Game.observation_length`, such as a
    /// numpy array: no new array per call.
    fn observation_into(&self, py: Python<'_>, out: PyBuffer<f32>) -> PyResult<()> {
        if out.readonly() || out.item_count() != self.layout.len || !out.is_c_contiguous() {
            return Err(PyValueError::new_err(format!(
                "give a writable, contiguous float32 buffer of {} values",
                self.layout.len
            )));
        }
        let mut values = vec![0.0f32; self.layout.len];
        observe(&self.state, &self.layout, &mut values);
        out.copy_from_slice(py, &values)
    }

    /// The observation as a list (`observation_into` fills a numpy array without one).
    fn observation(&self) -> Vec<f32> {
        let mut values = vec![0.0f32; self.layout.len];
        observe(&self.state, &self.layout, &mut values);
        values
    }

    fn __str__(&self) -> String {
        self.to_text()
    }

    fn __repr__(&self) -> String {
        format!("<orrery.State of {:?} at ply {}>", self.game.title, self.state.ply())
    }
}

fn illegal(text: &str, error: &orrery::formats::notation::MoveError) -> PyErr {
    let legal = error.legal();
    let shown = if legal.len() > 20 {
        format!("{} … ({} in all)", legal[..20].join(" "), legal.len())
    } else {
        legal.join(" ")
    };
    IllegalMove::new_err(format!("`{text}`: {error}; legal: {shown}"))
}

#[pymodule]
fn _orrery(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(load, m)?)?;
    m.add_class::<PyGame>()?;
    m.add_class::<PyState>()?;
    m.add("RulesError", m.py().get_type::<RulesError>())?;
    m.add("IllegalMove", m.py().get_type::<IllegalMove>())?;
    Ok(())
}
