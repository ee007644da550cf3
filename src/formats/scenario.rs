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
//! legal_count = 6                        # optional; "" to fill in
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
//! board = "…"                             # the whole board as a picture (`board_picture`)
//! ```
//!
//! An expectation written empty is one to fill in: `legal = []`,
//! `legal_count = ""`, `perft = []`, `outcome = ""`, `reason = ""`, `to_move = ""`,
//! `holder = ""`, `phase = ""`, `counters = {}`, `hands = {}` (or one
//! player's, `hands = { white = {} }`) and `board = {}` (or an empty
//! `[scenario.board]` table). `orrery test` fails it, since it checks
//! nothing; `orrery test --bless` writes what the engine finds into the file
//! (`bless::apply`): the legal moves sorted, perft depths 1 to 3 (stopping
//! after a count over 10 000), every counter, every occupied site, and the
//! hands of each piece type held now or at the start. An empty answer cannot
//! be written that way, so it stays a failure saying what to write instead
//! (`legal_count = 0` for no moves; a reason while the game goes on is none).
//! Blessing never overwrites an expectation that is written and differs.

use super::bless::{Fill, Filled};
use super::board_picture;
use super::position::parse_position;
use super::short_notation;
use crate::agents::perft::{MAX_DEPTH, perft};
use crate::board::Site;
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

/// A count as written: a number, or `""` to fill in (`--bless`).
#[derive(Deserialize)]
#[serde(untagged)]
enum Count {
    Number(usize),
    Text(String),
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
    legal_count: Option<Spanned<Count>>,
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
    counters: Option<Spanned<BTreeMap<String, Spanned<i64>>>>,
    hands: Option<Spanned<BTreeMap<String, Spanned<Hand>>>>,
    board: Option<Spanned<BoardExpect>>,
}

/// What the board must hold: some sites' contents (`{ c3 = "white man" }`),
/// or the whole board as a picture of rows (`board_picture`).
enum BoardExpect {
    Sites(BTreeMap<String, Spanned<Contents>>),
    Picture(String),
}

/// Read by hand rather than as an untagged enum, which would lose the
/// spans of the sites' values.
impl<'de> Deserialize<'de> for BoardExpect {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct Expect;
        impl<'de> serde::de::Visitor<'de> for Expect {
            type Value = BoardExpect;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a table of sites (`{ c3 = \"white man\" }`) or a picture of the board's rows")
            }
            fn visit_str<E: serde::de::Error>(self, text: &str) -> Result<BoardExpect, E> {
                Ok(BoardExpect::Picture(text.to_string()))
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(self, mut map: A) -> Result<BoardExpect, A::Error> {
                let mut sites = BTreeMap::new();
                while let Some(site) = map.next_key::<String>()? {
                    sites.insert(site, map.next_value::<Spanned<Contents>>()?);
                }
                Ok(BoardExpect::Sites(sites))
            }
        }
        deserializer.deserialize_any(Expect)
    }
}

/// How many of each piece type a player holds in hand.
type Hand = BTreeMap<String, Spanned<u16>>;

/// What a site must hold: one piece (`""` for none), or a stack, bottom to
/// top (in any order when the order of a stack is not part of the game).
#[derive(Deserialize)]
#[serde(untagged)]
enum Contents {
    One(String),
    Stack(Vec<String>),
}

/// What running one scenario file found.
pub struct ScenarioRun {
    pub source: Source,
    /// Each scenario, in the file's order.
    pub results: Vec<ScenarioResult>,
    /// Every failure and every error in the file, with spans into it.
    pub diagnostics: Vec<Diagnostic>,
    /// When blessing: what the engine found for each empty expectation
    /// (`bless::apply` writes them into the file).
    pub fills: Vec<Fill>,
}

/// One scenario's result: its name, whether it holds, and which of the
/// run's diagnostics are its own.
pub struct ScenarioResult {
    pub name: String,
    pub holds: bool,
    pub diagnostics: std::ops::Range<usize>,
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
    Some((key, crate::diagnostics::suggest::closest(key, valid)))
}

/// An error for each key of each `[[scenario]]` that no scenario takes,
/// with the nearest key as a hint. A file that is not TOML gets none here:
/// reading it reports that.
fn unknown_keys(text: &str) -> Vec<Diagnostic> {
    let Ok(doc) = toml_edit::ImDocument::parse(text) else { return Vec::new() };
    let tables: Vec<&dyn toml_edit::TableLike> = match doc.get("scenario") {
        Some(toml_edit::Item::ArrayOfTables(tables)) => tables.iter().map(|t| t as &dyn toml_edit::TableLike).collect(),
        Some(toml_edit::Item::Value(toml_edit::Value::Array(array))) => {
            array.iter().filter_map(|v| v.as_inline_table()).map(|t| t as &dyn toml_edit::TableLike).collect()
        }
        _ => Vec::new(),
    };
    // The keys as `RawScenario` names them.
    let keys = super::field_names::field_names::<RawScenario>();
    let mut found = Vec::new();
    for table in tables {
        for (key, _) in table.iter() {
            if keys.contains(&key) {
                continue;
            }
            let span = table.key(key).and_then(|k| k.span()).map_or(Span::new(0, 0), |r| Span::new(r.start, r.end));
            let help = match crate::diagnostics::suggest::closest(key, keys.iter().copied()) {
                Some(nearest) => format!("`{key}` is not a scenario key: did you mean `{nearest}`?"),
                None => format!("the keys of a scenario are: {}", keys.join(", ")),
            };
            found.push(
                Diagnostic::error("E0702", format!("this scenario file is not valid: unknown key `{key}`"))
                    .with_label(span, "no scenario takes this key")
                    .with_help(help),
            );
        }
    }
    found
}

/// Runs every scenario of a file against the rule file `rules`.
pub fn run_file(rules: &Path, path: &Path) -> Result<ScenarioRun, Box<Report>> {
    run_file_with_options(rules, path, &[])
}

/// Runs every scenario of a file with these options set (`--option`); a
/// scenario's own `options` win over them. An empty expectation fails.
pub fn run_file_with_options(
    rules: &Path,
    path: &Path,
    options: &[(String, String)],
) -> Result<ScenarioRun, Box<Report>> {
    run(rules, path, options, false)
}

/// Runs a file as `run_file_with_options` does, except that an empty
/// expectation the engine can answer is not a failure: the answer is in
/// the run's `fills`, for `bless::apply` to write into the file.
pub fn bless_file(rules: &Path, path: &Path, options: &[(String, String)]) -> Result<ScenarioRun, Box<Report>> {
    run(rules, path, options, true)
}

fn run(rules: &Path, path: &Path, options: &[(String, String)], bless: bool) -> Result<ScenarioRun, Box<Report>> {
    let text = std::fs::read_to_string(path).map_err(|e| {
        let source = Source::new(path.display().to_string(), String::new());
        Box::new(Report { source, diagnostics: vec![Diagnostic::error("E0701", format!("cannot read: {e}"))] })
    })?;
    let source = Source::new(path.display().to_string(), text);
    // Every key no scenario takes, at once (serde stops at the first).
    let unknown = unknown_keys(&source.text);
    if !unknown.is_empty() {
        return Err(Box::new(Report { source: source.clone(), diagnostics: unknown }));
    }
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
    let mut run = ScenarioRun { source, results: Vec::new(), diagnostics: Vec::new(), fills: Vec::new() };
    let folder = path.parent().unwrap_or(Path::new("."));
    for (n, scenario) in raw.scenario.iter().enumerate() {
        let before = run.diagnostics.len();
        let mut findings = Findings {
            name: scenario.name.get_ref(),
            scenario: n,
            out: &mut run.diagnostics,
            fills: if bless { Some(&mut run.fills) } else { None },
        };
        check_scenario(rules, folder, scenario, options, &mut findings);
        let after = run.diagnostics.len();
        run.results.push(ScenarioResult {
            name: scenario.name.get_ref().clone(),
            holds: after == before,
            diagnostics: before..after,
        });
    }
    Ok(run)
}

/// Where one scenario's checks report: its failures, and when blessing,
/// what the engine found for its empty expectations.
struct Findings<'a> {
    name: &'a str,
    scenario: usize,
    out: &'a mut Vec<Diagnostic>,
    fills: Option<&'a mut Vec<Fill>>,
}

impl Findings<'_> {
    fn fail(&mut self, at: Span, what: String) {
        self.out.push(Diagnostic::error("E0703", format!("scenario `{}`: {what}", self.name)).with_label(at, "here"));
    }

    /// An expectation written empty, with what the engine found for it (or
    /// why that cannot be written there). Blessing fills it in; otherwise it
    /// fails, since an expectation that checks nothing must not pass.
    fn empty(&mut self, at: Span, path: &[&str], found: Result<Filled, String>) {
        let key = path.join(".");
        let value = match found {
            Ok(value) => value,
            Err(why) => return self.fail(at, format!("`{key}` is empty and cannot be filled in: {why}")),
        };
        match &mut self.fills {
            Some(fills) => {
                fills.push(Fill { scenario: self.scenario, path: path.iter().map(|k| k.to_string()).collect(), value })
            }
            None => self.fail(at, format!("`{key}` is empty: `orrery test --bless` fills it in from the engine")),
        }
    }
}

/// Runs one scenario, reporting each thing that does not hold.
fn check_scenario(rules: &Path, folder: &Path, s: &RawScenario, given: &[(String, String)], found: &mut Findings) {
    let own = s.options.iter().map(|(k, v)| (k.clone(), v.get_ref().text()));
    let options: Vec<(String, String)> =
        given.iter().filter(|(k, _)| !s.options.contains_key(k)).cloned().chain(own).collect();
    let game = match Game::load_with_options(rules, &options) {
        Ok(game) => game,
        Err(e) => {
            found.fail(span(&s.name), format!("the game does not load with these options: {e}"));
            return;
        }
    };
    let mut state = match &s.position {
        None => game.initial_state(),
        Some(file) => match load_relative(&game, folder, file.get_ref()) {
            Ok(state) => state,
            Err(why) => {
                found.fail(span(file), why);
                return;
            }
        },
    };
    let start = state.clone();
    for mv in &s.moves {
        if let Err(e) = state.play(mv.get_ref()) {
            let legal = e.legal().join(" ");
            found.fail(span(mv), format!("move `{}` is not legal: {e}; legal: {legal}", mv.get_ref()));
            return;
        }
    }
    expectations(&game, &start, &state, s, found);
}

fn load_relative(game: &Arc<Game>, folder: &Path, file: &str) -> Result<State, String> {
    let path = folder.join(file);
    let text = std::fs::read_to_string(&path).map_err(|e| format!("cannot read position `{}`: {e}", path.display()))?;
    parse_position(game, Source::new(path.display().to_string(), text)).map_err(|report| {
        let messages: Vec<String> = report.diagnostics.iter().map(|d| d.message.clone()).collect();
        format!("position `{}` does not load: {}", path.display(), messages.join("; "))
    })
}

fn expectations(game: &Arc<Game>, start: &State, state: &State, s: &RawScenario, found: &mut Findings) {
    let legal = state.legal_move_texts();
    if let Some(expected) = &s.legal {
        let mut want = expected.get_ref().clone();
        want.sort();
        if want.is_empty() {
            let moves = if legal.is_empty() {
                Err("there are no legal moves here, which `legal = []` cannot say: write `legal_count = 0`".into())
            } else {
                Ok(Filled::Texts(legal.clone()))
            };
            found.empty(span(expected), &["legal"], moves);
        } else if want != legal {
            let missing: Vec<&String> = want.iter().filter(|m| !legal.contains(m)).collect();
            let extra: Vec<&String> = legal.iter().filter(|m| !want.contains(m)).collect();
            found.fail(span(expected), format!("legal moves differ: missing {missing:?}, unexpected {extra:?}"));
        }
    }
    // Moves may be written in short notation too (`Nf3`, `O-O`).
    let named = |text: &str| legal.iter().any(|m| m == text) || short_notation::names_a_move(state, text);
    for want in &s.includes {
        if !named(want.get_ref()) {
            found.fail(span(want), format!("`{}` is not a legal move here", want.get_ref()));
        }
    }
    for unwanted in &s.excludes {
        if named(unwanted.get_ref()) {
            found.fail(span(unwanted), format!("`{}` is a legal move here", unwanted.get_ref()));
        }
    }
    if let Some(count) = &s.legal_count {
        match count.get_ref() {
            Count::Number(n) if *n != legal.len() => {
                found.fail(span(count), format!("expected {n} legal moves, found {}", legal.len()));
            }
            Count::Number(_) => {}
            Count::Text(text) if text.is_empty() => {
                found.empty(span(count), &["legal_count"], Ok(Filled::Number(legal.len() as i64)));
            }
            Count::Text(text) => found.fail(
                span(count),
                format!("`legal_count` is a number (or \"\" to fill in with --bless), not \"{text}\""),
            ),
        }
    }
    if let Some(counts) = &s.perft {
        if counts.get_ref().is_empty() {
            found.empty(span(counts), &["perft"], Ok(Filled::Numbers(cheap_perft(state))));
        }
        if counts.get_ref().len() > MAX_DEPTH as usize {
            let n = counts.get_ref().len();
            found.fail(span(counts), format!("perft lists {n} depths; at most {MAX_DEPTH} are counted"));
        } else {
            // Depth by depth, stopping at the first difference: a deeper
            // count than one already wrong says nothing more, and may take long.
            for (depth, &want) in (1..).zip(counts.get_ref()) {
                let got = perft(state, depth);
                if got != want {
                    found.fail(span(counts), format!("perft({depth}): expected {want}, found {got}"));
                    break;
                }
            }
        }
    }
    let who = [
        (&s.to_move, game.player_name(state.current_player()), "to move", "to_move"),
        (&s.holder, game.player_name(state.holder()), "holding the turn", "holder"),
        (&s.phase, state.phase_name(), "the phase", "phase"),
    ];
    for (want, got, what, key) in who {
        let Some(want) = want else { continue };
        if want.get_ref().is_empty() {
            found.empty(span(want), &[key], Ok(Filled::Text(got.to_string())));
        } else if want.get_ref() != got {
            found.fail(span(want), format!("{what}: expected `{}`, found `{got}`", want.get_ref()));
        }
    }
    let outcome = state.outcome();
    if let Some(want) = &s.outcome {
        let got = match &outcome {
            None => "none".to_string(),
            Some(o) => o.winner.as_ref().map_or("draw".to_string(), |w| format!("{w} wins")),
        };
        if want.get_ref().is_empty() {
            found.empty(span(want), &["outcome"], Ok(Filled::Text(got)));
        } else if got != *want.get_ref() {
            found.fail(span(want), format!("the outcome: expected `{}`, found `{got}`", want.get_ref()));
        }
    }
    if let Some(want) = &s.reason {
        let got = outcome.as_ref().map_or("(the game goes on)", |o| o.reason.as_str());
        if want.get_ref().is_empty() {
            let reason = match &outcome {
                Some(o) => Ok(Filled::Text(o.reason.clone())),
                None => Err("the game goes on, so there is none: remove `reason`, or play on to the end".into()),
            };
            found.empty(span(want), &["reason"], reason);
        } else if got != want.get_ref() {
            found.fail(span(want), format!("the reason: expected `{}`, found `{got}`", want.get_ref()));
        }
    }
    if let Some(counters) = &s.counters {
        if counters.get_ref().is_empty() {
            let all: Vec<(String, Filled)> = game
                .counters
                .iter()
                .filter_map(|c| Some((c.name.clone(), Filled::Number(state.counter(&c.name)?))))
                .collect();
            let all = if all.is_empty() { Err("the game has no counters".into()) } else { Ok(Filled::Table(all)) };
            found.empty(span(counters), &["counters"], all);
        }
        for (name, want) in counters.get_ref() {
            match state.counter(name) {
                Some(got) if got == *want.get_ref() => {}
                Some(got) => {
                    found.fail(span(want), format!("counter `{name}`: expected {}, found {got}", want.get_ref()))
                }
                None => found.fail(span(want), format!("there is no counter `{name}`")),
            }
        }
    }
    if let Some(hands) = &s.hands {
        if hands.get_ref().is_empty() {
            found.empty(span(hands), &["hands"], all_hands(game, start, state));
        }
        for (player, pieces) in hands.get_ref() {
            let owner = if player == "neutral" { Some(game.neutral()) } else { game.player_index(player) };
            if pieces.get_ref().is_empty() {
                let hand = match owner {
                    Some(owner) => one_hand(game, start, state, owner),
                    None => Err(format!("`{player}` names no player")),
                };
                found.empty(span(pieces), &["hands", player], hand);
            }
            for (piece, want) in pieces.get_ref() {
                let t = game.pieces.iter().position(|x| x.name == *piece);
                match (owner, t) {
                    (Some(p), Some(t)) if state.hand(p, t as u8) == *want.get_ref() => {}
                    (Some(p), Some(t)) => {
                        let got = state.hand(p, t as u8);
                        found.fail(
                            span(want),
                            format!("{player}'s {piece} in hand: expected {}, found {got}", want.get_ref()),
                        )
                    }
                    _ => found.fail(span(want), format!("`{player}` holding `{piece}` names no player or type")),
                }
            }
        }
    }
    if let Some(board) = &s.board {
        match board.get_ref() {
            BoardExpect::Picture(picture) if picture.trim().is_empty() => {
                found.empty(span(board), &["board"], whole_board(game, state));
            }
            BoardExpect::Picture(picture) => match board_picture::differences(state, picture) {
                Ok(differences) if differences.is_empty() => {}
                Ok(differences) => {
                    let now = board_picture::picture(state);
                    found.fail(span(board), format!("the board differs: {}; it is now:\n{now}", differences.join("; ")))
                }
                Err(why) => found.fail(span(board), format!("the board's picture cannot be read: {why}")),
            },
            BoardExpect::Sites(sites) => {
                if sites.is_empty() {
                    found.empty(span(board), &["board"], whole_board(game, state));
                }
                board_sites(game, state, sites, found);
            }
        }
    }
}

/// `board = {}` (or `""`) filled in: the picture where the board has one,
/// else every occupied site.
fn whole_board(game: &Game, state: &State) -> Result<Filled, String> {
    let picture = board_picture::fits(game).then(|| board_picture::picture(state));
    match (picture, occupied(game, state)) {
        (Some(picture), Ok(Filled::Table(sites))) => Ok(Filled::PictureOrTable(picture, sites)),
        (Some(picture), _) => Ok(Filled::Picture(picture)),
        (None, sites) => sites,
    }
}

/// Each site named holds what it must.
fn board_sites(game: &Game, state: &State, sites: &BTreeMap<String, Spanned<Contents>>, found: &mut Findings) {
    for (site, want) in sites {
        let Some(at) = game.board.site(site) else {
            found.fail(span(want), format!("there is no site `{site}`"));
            continue;
        };
        let mut got = pieces_at(game, state, at);
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
            found.fail(span(want), format!("{site}: expected {}, found {}", show(&wanted), show(&got)));
        }
    }
}

/// How deep `perft = []` is filled: depths 1 to 3, stopping after a count
/// over 10 000 (the next depth would cost that many times the moves), or of
/// 0 (every deeper count is 0 too).
const BLESS_PERFT_DEPTHS: u32 = 3;
const BLESS_PERFT_NODES: u64 = 10_000;

fn cheap_perft(state: &State) -> Vec<u64> {
    let mut counts = Vec::new();
    for depth in 1..=BLESS_PERFT_DEPTHS {
        let count = perft(state, depth);
        counts.push(count);
        if count == 0 || count > BLESS_PERFT_NODES {
            break;
        }
    }
    counts
}

/// A site's pieces, bottom to top, as "owner type" (a heap as "owner N type").
fn pieces_at(game: &Game, state: &State, at: Site) -> Vec<String> {
    let code = state.cell(at);
    match game.stacks {
        Some(_) => state.position().stack(at).iter().map(|&c| game.describe_code(c)).collect(),
        None if code == 0 => Vec::new(),
        // A heap of a counted type says how many: `white 14 checker`.
        None => vec![game.describe_pieces(code, state.position().pieces_on(at))],
    }
}

/// Every occupied site, in the board's order: one piece as a string, a
/// stack as a list.
fn occupied(game: &Game, state: &State) -> Result<Filled, String> {
    let mut sites = Vec::new();
    for name in game.board.site_names() {
        let Some(at) = game.board.site(name) else { continue };
        let mut pieces = pieces_at(game, state, at);
        match pieces.len() {
            0 => {}
            1 => sites.push((name.to_string(), Filled::Text(pieces.remove(0)))),
            _ => sites.push((name.to_string(), Filled::Texts(pieces))),
        }
    }
    if sites.is_empty() {
        let first = game.board.site_names().next().unwrap_or("a1");
        return Err(format!(
            "the board is empty, which `board = {{}}` cannot say: name sites that must be empty, as `{first} = \"\"`"
        ));
    }
    Ok(Filled::Table(sites))
}

/// The piece types worth writing in hands: those someone holds now or held
/// at the scenario's start (so an emptied hand is written as 0).
fn hand_types(game: &Game, start: &State, state: &State) -> Vec<usize> {
    let owners = 0..game.owner_count() as u8;
    (0..game.pieces.len())
        .filter(|&t| owners.clone().any(|p| start.hand(p, t as u8) > 0 || state.hand(p, t as u8) > 0))
        .collect()
}

fn hand(game: &Game, state: &State, owner: u8, types: &[usize]) -> Filled {
    Filled::Table(
        types
            .iter()
            .map(|&t| (game.pieces[t].name.clone(), Filled::Number(state.hand(owner, t as u8).into())))
            .collect(),
    )
}

const NO_HANDS: &str = "nobody holds pieces in hand, here or at the scenario's start";

/// Each player's hand (and the neutral one, when it holds anything).
fn all_hands(game: &Game, start: &State, state: &State) -> Result<Filled, String> {
    let types = hand_types(game, start, state);
    if types.is_empty() {
        return Err(NO_HANDS.into());
    }
    let neutral = game.neutral();
    let holds = |p: u8| types.iter().any(|&t| start.hand(p, t as u8) > 0 || state.hand(p, t as u8) > 0);
    let owners = (0..game.players.len() as u8).chain(holds(neutral).then_some(neutral));
    Ok(Filled::Table(owners.map(|p| (game.player_name(p).to_string(), hand(game, state, p, &types))).collect()))
}

fn one_hand(game: &Game, start: &State, state: &State, owner: u8) -> Result<Filled, String> {
    let types = hand_types(game, start, state);
    if types.is_empty() {
        return Err(NO_HANDS.into());
    }
    Ok(hand(game, state, owner, &types))
}
