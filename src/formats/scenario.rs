//! Scenario files: behaviour a rule author pins down without writing Rust.
//! `games/NAME.tests.toml` sits beside `games/NAME.rules`; each scenario
//! starts from the setup or a position file, plays moves, and states what
//! must hold: the legal moves, perft counts, the outcome, counters, hands,
//! board contents. `orrery test` runs them.
//!
//! ```toml
//! [[scenario]]
//! name = "a jump over an own disc flips it"
//! position = "positions/flip.toml"       # optional, relative to this file
//! options = { long_moves = true }        # optional; "true" and 3 or "3" too
//! moves = ["A210-I120"]                  # optional, played in order
//! legal = ["B030-I120", "I000-I060"]     # optional: exactly these, any order
//! legal_count = 6                        # optional
//! includes = ["A210-I120"]               # optional: legal, among others
//! excludes = ["I000-I180"]               # optional: not legal
//! perft = [6, 32]                        # optional: depths 1, 2, ...
//! outcome = "white wins"                 # optional: "PLAYER wins", "draw", or "none"
//! to_move = "chance"                     # optional: who moves next (`chance` for a throw)
//! holder = "lo"                          # optional: whose turn it is (who holds the dice)
//! phase = "decide"                       # optional: the phase
//! reason = "centre full"                 # optional
//! counters = { quiet_plies = 0 }         # optional
//! hands = { white = { man = 2 } }        # optional
//! board = { I120 = "white disc", I000 = "" }   # optional; "" is empty
//! board = { e1 = ["white king", "white man"] }  # a stack, bottom to top
//! ```

use super::position::parse_position;
use crate::agents::perft::perft;
use crate::diagnostics::{Diagnostic, Report, Source};
use crate::engine::state::State;
use crate::game::Game;
use crate::syntax::span::Span;
use serde::Deserialize;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use toml::Spanned;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawFile {
    #[serde(default)]
    scenario: Vec<RawScenario>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawScenario {
    name: Spanned<String>,
    position: Option<Spanned<String>>,
    #[serde(default)]
    options: BTreeMap<String, Spanned<OptionValue>>,
    #[serde(default)]
    moves: Vec<Spanned<String>>,
    legal: Option<Spanned<Vec<String>>>,
    legal_count: Option<Spanned<usize>>,
    /// Moves that must be among the legal ones, and moves that must not.
    #[serde(default)]
    includes: Vec<Spanned<String>>,
    #[serde(default)]
    excludes: Vec<Spanned<String>>,
    perft: Option<Spanned<Vec<u64>>>,
    outcome: Option<Spanned<String>>,
    /// Who moves next (`chance` for a throw), and who holds the turn (the
    /// dice, in a game of chance).
    to_move: Option<Spanned<String>>,
    holder: Option<Spanned<String>>,
    phase: Option<Spanned<String>>,
    reason: Option<Spanned<String>>,
    #[serde(default)]
    counters: BTreeMap<String, Spanned<i64>>,
    #[serde(default)]
    hands: BTreeMap<String, BTreeMap<String, Spanned<u16>>>,
    #[serde(default)]
    board: BTreeMap<String, Spanned<Contents>>,
}

/// What running one scenario file found.
/// What a site must hold: one piece (`""` for none), or a stack, bottom to
/// top (in any order when the order of a stack is not part of the game).
#[derive(Deserialize)]
#[serde(untagged)]
enum Contents {
    One(String),
    Stack(Vec<String>),
}

pub struct ScenarioRun {
    pub source: Source,
    /// (scenario name, passed)
    pub results: Vec<(String, bool)>,
    /// Every failure and every error in the file, with spans into it.
    pub diagnostics: Vec<Diagnostic>,
}

/// An option's value as TOML writes it: `true`, `3`, or a string (`"true"`).
/// Anything else (`2.5`, a list) is passed on as written, for the game to
/// say which values the option takes.
#[derive(Deserialize)]
#[serde(untagged)]
enum OptionValue {
    Bool(bool),
    Int(i64),
    Text(String),
    Other(toml::Value),
}

impl OptionValue {
    /// The value as `--option` takes it.
    fn text(&self) -> String {
        match self {
            OptionValue::Bool(b) => b.to_string(),
            OptionValue::Int(i) => i.to_string(),
            OptionValue::Text(t) => t.clone(),
            OptionValue::Other(v) => v.to_string(),
        }
    }
}

fn span<T>(s: &Spanned<T>) -> Span {
    let r = s.span();
    Span::new(r.start, r.end)
}

/// The scenario file that belongs beside a rule file.
pub fn scenarios_for(rules: &Path) -> PathBuf {
    rules.with_extension("tests.toml")
}

/// From serde's "unknown field `x`, expected one of `a`, `b`", the key and
/// the nearest valid one.
fn unknown_key(message: &str) -> Option<(&str, Option<&str>)> {
    let rest = message.strip_prefix("unknown field `")?;
    let (key, expected) = rest.split_once('`')?;
    let valid = expected.split('`').skip(1).step_by(2);
    Some((key, crate::check::suggest::closest(key, valid)))
}

/// Runs every scenario of a file against the rule file `rules`.
pub fn run_file(rules: &Path, path: &Path) -> Result<ScenarioRun, Box<Report>> {
    run_file_with_options(rules, path, &[])
}

/// Runs every scenario of a file with these options set (`--option`); a
/// scenario's own `options` win over them.
pub fn run_file_with_options(
    rules: &Path,
    path: &Path,
    options: &[(String, String)],
) -> Result<ScenarioRun, Box<Report>> {
    let text = std::fs::read_to_string(path).map_err(|e| {
        let source = Source::new(path.display().to_string(), String::new());
        Box::new(Report { source, diagnostics: vec![Diagnostic::error("E0701", format!("cannot read: {e}"))] })
    })?;
    let source = Source::new(path.display().to_string(), text);
    let raw: RawFile = toml::from_str(&source.text).map_err(|e| {
        let span = e.span().map_or(Span::new(0, 0), |r| Span::new(r.start, r.end));
        let message = e.message().trim().to_string();
        let help = match unknown_key(&message) {
            Some((key, Some(nearest))) => format!("`{key}` is not a scenario key: did you mean `{nearest}`?"),
            _ => "each `[[scenario]]` has a `name`, and optionally `position`, `options`, `moves`, and what must hold"
                .to_string(),
        };
        let d = Diagnostic::error("E0702", format!("this scenario file is not valid: {message}"))
            .with_label(span, message)
            .with_help(help);
        Box::new(Report { source: source.clone(), diagnostics: vec![d] })
    })?;
    let mut run = ScenarioRun { source, results: Vec::new(), diagnostics: Vec::new() };
    let folder = path.parent().unwrap_or(Path::new("."));
    for scenario in &raw.scenario {
        let before = run.diagnostics.len();
        check_scenario(rules, folder, scenario, options, &mut run.diagnostics);
        run.results.push((scenario.name.get_ref().clone(), run.diagnostics.len() == before));
    }
    Ok(run)
}

/// Runs one scenario, adding a diagnostic for each thing that does not hold.
fn check_scenario(rules: &Path, folder: &Path, s: &RawScenario, given: &[(String, String)], out: &mut Vec<Diagnostic>) {
    let name = s.name.get_ref();
    let fail = |at: Span, what: String| {
        Diagnostic::error("E0703", format!("scenario `{name}`: {what}")).with_label(at, "here")
    };
    let own = s.options.iter().map(|(k, v)| (k.clone(), v.get_ref().text()));
    let options: Vec<(String, String)> =
        given.iter().filter(|(k, _)| !s.options.contains_key(k)).cloned().chain(own).collect();
    let game = match Game::load_with_options(rules, &options) {
        Ok(game) => game,
        Err(e) => {
            out.push(fail(span(&s.name), format!("the game does not load with these options: {e}")));
            return;
        }
    };
    let mut state = match &s.position {
        None => game.initial_state(),
        Some(file) => match load_relative(&game, folder, file.get_ref()) {
            Ok(state) => state,
            Err(why) => {
                out.push(fail(span(file), why));
                return;
            }
        },
    };
    for mv in &s.moves {
        if let Err(e) = state.play(mv.get_ref()) {
            let legal = e.legal().join(" ");
            out.push(fail(span(mv), format!("move `{}` is not legal: {e}; legal: {legal}", mv.get_ref())));
            return;
        }
    }
    expectations(&game, &state, s, &fail, out);
}

fn load_relative(game: &Arc<Game>, folder: &Path, file: &str) -> Result<State, String> {
    let path = folder.join(file);
    let text = std::fs::read_to_string(&path).map_err(|e| format!("cannot read position `{}`: {e}", path.display()))?;
    parse_position(game, Source::new(path.display().to_string(), text)).map_err(|report| {
        let messages: Vec<String> = report.diagnostics.iter().map(|d| d.message.clone()).collect();
        format!("position `{}` does not load: {}", path.display(), messages.join("; "))
    })
}

fn expectations(
    game: &Arc<Game>,
    state: &State,
    s: &RawScenario,
    fail: &dyn Fn(Span, String) -> Diagnostic,
    out: &mut Vec<Diagnostic>,
) {
    let legal = state.legal_move_texts();
    if let Some(expected) = &s.legal {
        let mut want = expected.get_ref().clone();
        want.sort();
        if want != legal {
            let missing: Vec<&String> = want.iter().filter(|m| !legal.contains(m)).collect();
            let extra: Vec<&String> = legal.iter().filter(|m| !want.contains(m)).collect();
            out.push(fail(span(expected), format!("legal moves differ: missing {missing:?}, unexpected {extra:?}")));
        }
    }
    for want in &s.includes {
        if !legal.contains(want.get_ref()) {
            out.push(fail(span(want), format!("`{}` is not a legal move here", want.get_ref())));
        }
    }
    for unwanted in &s.excludes {
        if legal.contains(unwanted.get_ref()) {
            out.push(fail(span(unwanted), format!("`{}` is a legal move here", unwanted.get_ref())));
        }
    }
    if let Some(count) = &s.legal_count
        && *count.get_ref() != legal.len()
    {
        out.push(fail(span(count), format!("expected {} legal moves, found {}", count.get_ref(), legal.len())));
    }
    if let Some(counts) = &s.perft {
        for (depth, &want) in counts.get_ref().iter().enumerate() {
            let got = perft(state, depth as u32 + 1);
            if got != want {
                out.push(fail(span(counts), format!("perft({}): expected {want}, found {got}", depth + 1)));
            }
        }
    }
    let who = [
        (&s.to_move, game.player_name(state.current_player()), "to move"),
        (&s.holder, game.player_name(state.holder()), "holding the turn"),
        (&s.phase, state.phase_name(), "the phase"),
    ];
    for (want, got, what) in who {
        if let Some(want) = want
            && want.get_ref() != got
        {
            out.push(fail(span(want), format!("{what}: expected `{}`, found `{got}`", want.get_ref())));
        }
    }
    let outcome = state.outcome();
    if let Some(want) = &s.outcome {
        let got = match &outcome {
            None => "none".to_string(),
            Some(o) => o.winner.as_ref().map_or("draw".to_string(), |w| format!("{w} wins")),
        };
        if got != *want.get_ref() {
            out.push(fail(span(want), format!("the outcome: expected `{}`, found `{got}`", want.get_ref())));
        }
    }
    if let Some(want) = &s.reason {
        let got = outcome.as_ref().map_or("(the game goes on)", |o| o.reason.as_str());
        if got != want.get_ref() {
            out.push(fail(span(want), format!("the reason: expected `{}`, found `{got}`", want.get_ref())));
        }
    }
    for (name, want) in &s.counters {
        match state.counter(name) {
            Some(got) if got == *want.get_ref() => {}
            Some(got) => {
                out.push(fail(span(want), format!("counter `{name}`: expected {}, found {got}", want.get_ref())))
            }
            None => out.push(fail(span(want), format!("there is no counter `{name}`"))),
        }
    }
    for (player, pieces) in &s.hands {
        for (piece, want) in pieces {
            let owner = if player == "neutral" { Some(game.neutral()) } else { game.player_index(player) };
            let (p, t) = (owner, game.pieces.iter().position(|x| x.name == *piece));
            match (p, t) {
                (Some(p), Some(t)) if state.hand(p, t as u8) == *want.get_ref() => {}
                (Some(p), Some(t)) => {
                    let got = state.hand(p, t as u8);
                    out.push(fail(
                        span(want),
                        format!("{player}'s {piece} in hand: expected {}, found {got}", want.get_ref()),
                    ))
                }
                _ => out.push(fail(span(want), format!("`{player}` holding `{piece}` names no player or type"))),
            }
        }
    }
    for (site, want) in &s.board {
        let Some(at) = game.board.site(site) else {
            out.push(fail(span(want), format!("there is no site `{site}`")));
            continue;
        };
        let code = state.cell(at);
        let mut got: Vec<String> = match game.stacks {
            Some(_) => state.position().stack(at).iter().map(|&c| game.describe_code(c)).collect(),
            None if code == 0 => Vec::new(),
            None => vec![game.describe_code(code)],
        };
        let mut wanted: Vec<String> = match want.get_ref() {
            Contents::One(one) if one.is_empty() => Vec::new(),
            Contents::One(one) => vec![one.clone()],
            Contents::Stack(list) => list.clone(),
        };
        if game.stacks.as_ref().is_some_and(|s| s.unordered) {
            got.sort();
            wanted.sort();
        }
        if got != wanted {
            let show = |pieces: &[String]| {
                if pieces.is_empty() { "empty".to_string() } else { format!("`{}`", pieces.join(", ")) }
            };
            out.push(fail(span(want), format!("{site}: expected {}, found {}", show(&wanted), show(&got))));
        }
    }
}
