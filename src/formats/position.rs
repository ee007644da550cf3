//! Position files (TOML): board contents, player to move, phase, hands and
//! counters. Every mistake in one is reported with its span, never a panic.
//!
//! ```toml
//! to_move = "white"
//! phase = "movement"
//! [board]
//! c3 = "white man"
//! d3 = ["black man"]        # a list: the pieces bottom to top
//! [hands]
//! white = { man = 2 }
//! [counters]
//! quiet_plies = 4
//! ```
//!
//! `last_from = "I000"` and `last_to = "I060"` give the previous ply's sites
//! for rules that look at the last move; after a move of two pieces,
//! `last_to = ["c4", "e2"]` gives both destinations. `passes = 1` says the
//! last ply was a pass (for `all passed`). `rows = "r3k2r/…/R3K2R"` gives the
//! board as rows of piece letters (declared with `piece … letter X`), top
//! rank first, instead of `[board]`. `unmoved = ["e1", "h1"]` lists the
//! pieces that have not moved, in games that read `unmoved` (none when
//! absent). Hands not listed are empty: a
//! position in a placement phase lists what each player still holds. The repetition history starts afresh
//! at the position read.

use crate::diagnostics::suggest::help_for;
use crate::diagnostics::{Diagnostic, Report, SHOWN, Source};
use crate::engine::state::State;
use crate::game::Game;
use crate::game::limits::MAX_STACK;
use crate::syntax::span::Span;
use serde::Deserialize;
use std::collections::BTreeMap;
use std::sync::Arc;
use toml::Spanned;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawPosition {
    to_move: Option<Spanned<String>>,
    phase: Option<Spanned<String>>,
    ply: Option<Spanned<i64>>,
    /// The sites the previous ply left and reached, for rules about the last move.
    last_from: Option<Spanned<String>>,
    /// One site, or two after a move of two pieces.
    last_to: Option<Spanned<SiteContents>>,
    /// The dice's values, fixed (for tests that walk a game of chance).
    dice: Option<Spanned<Vec<i64>>>,
    /// How many plies in a row were passes.
    passes: Option<Spanned<i64>>,
    /// The sites whose piece has not moved (games that read `unmoved`).
    unmoved: Option<Spanned<Vec<Spanned<String>>>>,
    /// The board as rows of piece letters, top rank first (FEN-style).
    rows: Option<Spanned<String>>,
    #[serde(default)]
    board: BTreeMap<Spanned<String>, Spanned<SiteContents>>,
    #[serde(default)]
    hands: BTreeMap<Spanned<String>, BTreeMap<Spanned<String>, Spanned<i64>>>,
    #[serde(default)]
    counters: BTreeMap<Spanned<String>, Spanned<i64>>,
}

#[derive(Deserialize)]
#[serde(untagged)]
enum SiteContents {
    One(String),
    Stack(Vec<String>),
}

fn span_range<T>(s: &Spanned<T>) -> std::ops::Range<usize> {
    s.span()
}

fn span<T>(s: &Spanned<T>) -> Span {
    let r = s.span();
    Span::new(r.start, r.end)
}

/// Reads a position file for `game`.
pub fn load_position(game: &Arc<Game>, path: &std::path::Path) -> Result<State, Box<Report>> {
    let source = match std::fs::read_to_string(path) {
        Ok(text) => Source::new(path.display().to_string(), text),
        Err(e) => {
            let source = Source::new(path.display().to_string(), String::new());
            let d = Diagnostic::error("E0601", format!("cannot read the position file: {e}"));
            return Err(Box::new(Report { source, diagnostics: vec![d] }));
        }
    };
    parse_position(game, source)
}

/// Parses position text for `game`; reports every mistake found.
pub fn parse_position(game: &Arc<Game>, source: Source) -> Result<State, Box<Report>> {
    let raw: RawPosition = match toml::from_str(&source.text) {
        Ok(raw) => raw,
        Err(e) => {
            let span = e.span().map_or(Span::new(0, 0), |r| Span::new(r.start, r.end));
            let message = e.message().trim().to_string();
            let d = Diagnostic::error("E0602", format!("this position file is not valid TOML: {message}"))
                .with_label(span, message)
                .with_help("a position has `to_move`, `phase`, and tables `[board]`, `[hands]`, `[counters]`");
            return Err(Box::new(Report { source, diagnostics: vec![d] }));
        }
    };
    let mut state = game.initial_state();
    state.pos.cells.iter_mut().for_each(|c| *c = 0);
    state.pos.hands.iter_mut().for_each(|h| *h = 0);
    state.pos.heights.iter_mut().for_each(|h| *h = 0);
    state.pos.heaps.iter_mut().for_each(|h| *h = 0);

    let mut reader = Reader { game, diagnostics: Vec::new() };
    reader.turn(&raw, &mut state);
    reader.last_move(&raw, &mut state);
    reader.dice(&raw, &mut state);
    reader.unmoved(&raw, &mut state);
    reader.board(&raw, &mut state);
    reader.hands(&raw, &mut state);
    reader.counters(&raw, &mut state);
    let mut diagnostics = reader.diagnostics;
    if !diagnostics.is_empty() {
        diagnostics.sort_by_key(|d| d.primary_span().start);
        suggest_sites(game, &mut diagnostics);
        return Err(Box::new(Report { source, diagnostics }));
    }
    // The setup's own outcome (say, its first player blocked) is not this position's.
    state.pos.outcome = None;
    state.refresh();
    Ok(state)
}

/// Reads a position file's parts into a state, keeping every mistake.
struct Reader<'g> {
    game: &'g Game,
    diagnostics: Vec<Diagnostic>,
}

impl<'g> Reader<'g> {
    /// A player by name (E0603 when there is none).
    fn player(&mut self, name: &Spanned<String>) -> Option<crate::game::rules::Player> {
        let game = self.game;
        let found = game.player_index(name.get_ref());
        if found.is_none() {
            self.diagnostics.push(
                Diagnostic::error("E0603", format!("`{}` is not a player of {}", name.get_ref(), game.title))
                    .with_label(span(name), "expected a player")
                    .with_help(help_for(name.get_ref(), "player", game.players.iter().map(String::as_str))),
            );
        }
        found
    }

    /// A site by name (E0606 when there is none; its help comes later, if
    /// it is shown: see `suggest_sites`).
    fn site(&mut self, name: &Spanned<String>) -> Option<crate::board::Site> {
        let found = self.game.board.site(name.get_ref());
        if found.is_none() {
            self.diagnostics.push(
                Diagnostic::error("E0606", unknown_site(name.get_ref())).with_label(span(name), "expected a site"),
            );
        }
        found
    }

    /// Whose turn, the phase, the ply and the passes in a row.
    fn turn(&mut self, raw: &RawPosition, state: &mut State) {
        let game = self.game;
        if let Some(name) = &raw.to_move
            && let Some(p) = self.player(name)
        {
            state.set_to_move(p);
        }
        if let Some(name) = &raw.phase {
            match game.phases.iter().position(|p| p.name == *name.get_ref()) {
                Some(i) => state.pos.phase = i as u8,
                None => self.diagnostics.push(
                    Diagnostic::error("E0604", format!("`{}` is not a phase of {}", name.get_ref(), game.title))
                        .with_label(span(name), "expected a phase")
                        .with_help(help_for(name.get_ref(), "phase", game.phases.iter().map(|p| p.name.as_str()))),
                ),
            }
        }
        if let Some(ply) = &raw.ply {
            match u32::try_from(*ply.get_ref()) {
                Ok(p) => state.pos.ply = p,
                Err(_) => self.diagnostics.push(
                    Diagnostic::error("E0605", "`ply` must be a whole number from 0")
                        .with_label(span(ply), "out of range"),
                ),
            }
        }
        if let Some(passes) = &raw.passes {
            match u8::try_from(*passes.get_ref()) {
                Ok(n) => state.pos.passes = n,
                Err(_) => self.diagnostics.push(
                    Diagnostic::error("E0617", "`passes` counts plies in a row: 0 to 255")
                        .with_label(span(passes), "out of range"),
                ),
            }
        }
    }

    /// The last move's sites (`last_from`, `last_to`), for rules about it.
    fn last_move(&mut self, raw: &RawPosition, state: &mut State) {
        if let Some(name) = &raw.last_from
            && let Some(s) = self.site(name)
        {
            state.pos.last_from = s;
        }
        if let Some(reached) = &raw.last_to {
            let names: Vec<&str> = match reached.get_ref() {
                SiteContents::One(name) => vec![name.as_str()],
                SiteContents::Stack(names) => names.iter().map(String::as_str).collect(),
            };
            if names.is_empty() || names.len() > 2 {
                self.diagnostics.push(
                    Diagnostic::error("E0616", "`last_to` names one site, or two after a move of two pieces")
                        .with_label(span(reached), format!("{} sites", names.len())),
                );
            }
            let sites: Vec<Option<crate::board::Site>> = names
                .iter()
                .take(2)
                .map(|name| self.site(&Spanned::new(span_range(reached), name.to_string())))
                .collect();
            if let Some(Some(first)) = sites.first() {
                state.pos.last_to = *first;
            }
            if let Some(Some(second)) = sites.get(1) {
                state.pos.last_to_second = *second;
            }
        }
    }

    /// The dice showing, a throw just made.
    fn dice(&mut self, raw: &RawPosition, state: &mut State) {
        let game = self.game;
        if let Some(values) = &raw.dice {
            match &game.dice {
                Some(dice)
                    if values.get_ref().len() == dice.names.len()
                        && values.get_ref().iter().all(|v| (1..=dice.sides as i64).contains(v)) =>
                {
                    let mut shown: Vec<u8> = values.get_ref().iter().map(|&v| v as u8).collect();
                    if dice.unordered {
                        shown.sort_unstable();
                    }
                    state.pos.dice = shown;
                    // A throw just made: no die spent yet.
                    state.refill_dice();
                }
                Some(dice) => self.diagnostics.push(
                    Diagnostic::error(
                        "E0615",
                        format!("give {} dice values, each from 1 to {}", dice.names.len(), dice.sides),
                    )
                    .with_label(span(values), "not a throw of these dice"),
                ),
                None => self.diagnostics.push(
                    Diagnostic::error("E0615", format!("{} throws no dice", game.title))
                        .with_label(span(values), "no `dice` in the rule file"),
                ),
            }
        }
    }

    /// Which pieces have not moved: as listed, and none when not listed.
    fn unmoved(&mut self, raw: &RawPosition, state: &mut State) {
        let game = self.game;
        // Which pieces have not moved: as listed, and none when not listed.
        state.pos.unmoved.clear();
        if let Some(list) = &raw.unmoved {
            if !game.tracks_unmoved {
                self.diagnostics.push(
                    Diagnostic::error("E0618", format!("{} does not keep which pieces have moved", game.title))
                        .with_label(span(list), "no piece type remembers moving")
                        .with_help("remove `unmoved`, or give a piece type the trait `remembers_moving`"),
                );
            } else {
                for name in list.get_ref() {
                    if let Some(s) = self.site(name) {
                        state.pos.unmoved.insert(0, s);
                    }
                }
            }
        }
    }

    /// The board, as `rows` or as a `[board]` table of sites.
    fn board(&mut self, raw: &RawPosition, state: &mut State) {
        let game = self.game;
        if let Some(rows) = &raw.rows {
            if !raw.board.is_empty() {
                self.diagnostics.push(
                    Diagnostic::error("E0619", "the board is given twice")
                        .with_label(span(rows), "as rows here, and as a `[board]` table too")
                        .with_help("give the board one way: `rows = \"…\"` or `[board]`"),
                );
            } else if let Err(message) = read_rows(game, state, rows.get_ref()) {
                self.diagnostics.push(
                    Diagnostic::error("E0619", format!("these rows are not a board of this game: {message}"))
                        .with_label(span(rows), "the rows")
                        .with_help(letters_help(game)),
                );
            }
        }
        for (site_name, contents) in &raw.board {
            let Some(site) = self.site(site_name) else {
                continue;
            };
            let pieces: Vec<&str> = match contents.get_ref() {
                SiteContents::One(p) => vec![p.as_str()],
                SiteContents::Stack(list) => list.iter().map(String::as_str).collect(),
            };
            let capacity = game.stacks.as_ref().map_or(1, |s| s.capacity as usize);
            if pieces.len() > capacity {
                let holds = if capacity == 1 { "one".to_string() } else { format!("at most {capacity}") };
                self.diagnostics.push(
                    Diagnostic::error(
                        "E0607",
                        format!("{} pieces on `{}`, but a site here holds {holds}", pieces.len(), site_name.get_ref()),
                    )
                    .with_label(span(contents), "too many pieces"),
                );
                continue;
            }
            for text in &pieces {
                match piece_code(game, text) {
                    Ok((code, piece_state, _)) if game.stacks.is_some() => {
                        let _ = piece_state;
                        let height = state.pos.heights[site as usize] as usize;
                        state.pos.stack[site as usize * MAX_STACK + height] = code;
                        state.pos.heights[site as usize] += 1;
                    }
                    Ok((code, piece_state, count)) => {
                        state.pos.cells[site as usize] = code;
                        state.pos.states[site as usize] = piece_state;
                        if game.counted {
                            state.pos.heaps[site as usize] = count;
                        }
                    }
                    Err(help) => self.diagnostics.push(
                        Diagnostic::error("E0608", format!("`{text}` is not a piece of this game"))
                            .with_label(span(contents), "expected \"OWNER TYPE\", such as \"white man\"")
                            .with_help(help),
                    ),
                }
            }
            if let Some(def) = &game.stacks {
                let height = state.pos.heights[site as usize] as usize;
                let stack = &mut state.pos.stack[site as usize * MAX_STACK..site as usize * MAX_STACK + height];
                if def.unordered {
                    stack.sort_unstable();
                }
                if !crate::engine::stack_fits(game, stack) {
                    self.diagnostics.push(
                        Diagnostic::error(
                            "E0614",
                            format!("the stack on `{}` breaks a stack limit", site_name.get_ref()),
                        )
                        .with_label(span(contents), "not a legal stack")
                        .with_help("see the game's `stacks` item for what may share a site"),
                    );
                }
            }
        }
    }

    /// The pieces in each hand (`neutral`: the supply).
    fn hands(&mut self, raw: &RawPosition, state: &mut State) {
        let game = self.game;
        let types = game.pieces.len();
        for (player_name, pieces) in &raw.hands {
            // `neutral` names the hand nobody owns: a supply of neutral pieces.
            let owner = if player_name.get_ref() == "neutral" { Some(game.neutral()) } else { None };
            let Some(p) = owner.or_else(|| self.player(player_name)) else {
                continue;
            };
            for (piece_name, count) in pieces {
                let Some(t) = game.pieces.iter().position(|x| x.name == *piece_name.get_ref()) else {
                    self.diagnostics.push(
                        Diagnostic::error("E0609", format!("`{}` is not a piece type", piece_name.get_ref()))
                            .with_label(span(piece_name), "expected a piece type")
                            .with_help(help_for(
                                piece_name.get_ref(),
                                "piece type",
                                game.pieces.iter().map(|x| x.name.as_str()),
                            )),
                    );
                    continue;
                };
                if !(0..=crate::game::limits::MAX_HAND).contains(count.get_ref()) {
                    self.diagnostics.push(
                        Diagnostic::error(
                            "E0610",
                            format!("a hand holds between 0 and {} pieces of a type", crate::game::limits::MAX_HAND),
                        )
                        .with_label(span(count), "out of range"),
                    );
                    continue;
                }
                state.pos.hands[p as usize * types + t] = *count.get_ref() as u16;
            }
        }
    }

    /// The counters' values.
    fn counters(&mut self, raw: &RawPosition, state: &mut State) {
        let game = self.game;
        for (name, value) in &raw.counters {
            match game.counters.iter().position(|c| c.name == *name.get_ref()) {
                Some(i) => state.pos.counters[i] = *value.get_ref(),
                None => self.diagnostics.push(
                    Diagnostic::error("E0611", format!("`{}` is not a counter of this game", name.get_ref()))
                        .with_label(span(name), "expected a counter")
                        .with_help(help_for(name.get_ref(), "counter", game.counters.iter().map(|c| c.name.as_str()))),
                ),
            }
        }
    }
}

/// The message of E0606, from which `suggest_sites` reads the name back.
fn unknown_site(name: &str) -> String {
    format!("there is no site `{name}` on this board")
}

/// A "did you mean" for each unknown site among the diagnostics shown (the
/// first [`SHOWN`]): comparing a name with every site of a large board
/// takes long, and a file of thousands of unknown sites took seconds on
/// suggestions nobody reads.
fn suggest_sites(game: &Game, diagnostics: &mut [Diagnostic]) {
    for diagnostic in diagnostics.iter_mut().take(SHOWN) {
        let name =
            diagnostic.message.strip_prefix("there is no site `").and_then(|m| m.strip_suffix("` on this board"));
        if let (Some(name), "E0606", None) = (name, diagnostic.code, &diagnostic.help) {
            diagnostic.help = Some(help_for(name, "site", game.board.site_names()));
        }
    }
}

/// "white man" -> its cell code and piece state, or a hint about what was
/// meant. A piece that keeps a direction may add it: "moon star heading=C03+".
/// A piece as a position file writes it: "OWNER TYPE", "OWNER TYPE
/// heading=DIRECTION", or "OWNER N TYPE" for N pieces of a counted type.
fn piece_code(game: &Game, text: &str) -> Result<(crate::game::rules::Code, crate::board::Dir, u16), String> {
    let mut words = text.split_whitespace();
    let (Some(owner), Some(mut piece)) = (words.next(), words.next()) else {
        return Err("write the owner then the type, such as \"white man\" (or \"neutral ...\")".to_string());
    };
    let mut count = 1;
    if let Ok(n) = piece.parse::<i64>() {
        if !(1..=u16::MAX as i64).contains(&n) {
            return Err(format!("a site holds 1 to 65,535 pieces of a counted type, not {n}"));
        }
        count = n as u16;
        piece = words.next().ok_or("after the number, write the piece type: \"neutral 4 seed\"")?;
    }
    let piece_state = match words.next() {
        None => 0,
        Some(word) => {
            let direction = word.strip_prefix("heading=").ok_or_else(|| {
                format!("after the owner and type, only `heading=DIRECTION` may follow, not `{word}`")
            })?;
            let dir = game.board.direction(direction).ok_or_else(|| {
                crate::diagnostics::suggest::help_for(
                    direction,
                    "direction",
                    game.board.directions.iter().map(String::as_str),
                )
            })?;
            dir + 1
        }
    };
    if let Some(extra) = words.next() {
        return Err(format!("unexpected `{extra}`: write \"OWNER TYPE\" or \"OWNER TYPE heading=DIRECTION\""));
    }
    let owner_index = if owner == "neutral" { Some(game.neutral()) } else { game.player_index(owner) };
    let Some(owner_index) = owner_index else {
        let mut names: Vec<&str> = game.players.iter().map(String::as_str).collect();
        names.push("neutral");
        return Err(help_for(owner, "owner", names));
    };
    let Some(t) = game.pieces.iter().position(|p| p.name == piece) else {
        return Err(help_for(piece, "piece type", game.pieces.iter().map(|p| p.name.as_str())));
    };
    if count != 1 && !game.pieces[t].counted {
        return Err(format!("`{piece}` is not a counted type: a site holds one, written \"{owner} {piece}\""));
    }
    Ok((game.code(owner_index, t as u8), piece_state, count))
}

/// Fills the board from rows of piece letters: top rank first, ranks
/// separated by `/`, files left to right; a number is that many empty
/// squares; upper case is the first player's piece, lower case the second's.
fn read_rows(game: &Game, state: &mut State, text: &str) -> Result<(), String> {
    let crate::board::BoardShape::Square { files, ranks } = game.board.shape else {
        return Err("rows need a board of files and ranks".to_string());
    };
    let rows: Vec<&str> = text.trim().split('/').collect();
    if rows.len() != ranks {
        return Err(format!("{} rows for {ranks} ranks", rows.len()));
    }
    for (i, row) in rows.iter().enumerate() {
        let rank = ranks - 1 - i;
        let (mut file, mut empty) = (0, 0);
        for c in row.chars().chain(std::iter::once('/')) {
            if let Some(d) = c.to_digit(10) {
                empty = empty * 10 + d as usize;
                continue;
            }
            file += std::mem::take(&mut empty);
            if c == '/' {
                break;
            }
            let piece = game.pieces.iter().position(|p| p.letter == Some(c.to_ascii_uppercase()));
            let Some(piece) = piece else { return Err(format!("no piece type has the letter `{c}`")) };
            let owner: u8 = if c.is_ascii_uppercase() { 0 } else { 1 };
            if owner as usize >= game.players.len() {
                return Err(format!("`{c}` is a second player's piece, and this game has one"));
            }
            if file >= files {
                return Err(format!("rank {} has more than {files} squares", rank + 1));
            }
            state.pos.cells[rank * files + file] = game.code(owner, piece as u8);
            file += 1;
        }
        if file != files {
            return Err(format!("rank {} has {file} squares, not {files}", rank + 1));
        }
    }
    Ok(())
}

/// What letters mean in this game, for a refused row.
fn letters_help(game: &Game) -> String {
    let letters: Vec<String> = game.pieces.iter().filter_map(|p| p.letter.map(|l| format!("{l} {}", p.name))).collect();
    if letters.is_empty() {
        return "no piece type has a letter: add `letter X` to its `piece` item".to_string();
    }
    format!(
        "letters: {} (upper case {}, lower case {}); a digit counts empty squares",
        letters.join(", "),
        game.players.first().map_or("", String::as_str),
        game.players.get(1).map_or("", String::as_str)
    )
}

/// Writes a state as a position file that `parse_position` reads back.
pub fn to_toml(state: &State) -> String {
    let game = &state.game;
    let mut out = String::new();
    out.push_str(&format!("# {}\n", game.title));
    out.push_str(&format!("to_move = \"{}\"\n", game.player_name(state.holder())));
    // Before the first throw the dice show nothing (0), which is written as no `dice`.
    if !state.dice().is_empty() && state.dice().iter().all(|&v| v > 0) {
        let values: Vec<String> = state.dice().iter().map(u8::to_string).collect();
        out.push_str(&format!("dice = [{}]\n", values.join(", ")));
    }
    out.push_str(&format!("phase = \"{}\"\n", state.phase_name()));
    out.push_str(&format!("ply = {}\n", state.ply()));
    if state.pos.passes > 0 {
        out.push_str(&format!("passes = {}\n", state.pos.passes));
    }
    let name = |site| game.board.site_name(site);
    if state.pos.last_from != crate::board::NO_SITE {
        out.push_str(&format!("last_from = \"{}\"\n", name(state.pos.last_from)));
    }
    match (state.pos.last_to, state.pos.last_to_second) {
        (crate::board::NO_SITE, _) => {}
        (to, crate::board::NO_SITE) => out.push_str(&format!("last_to = \"{}\"\n", name(to))),
        (to, second) => out.push_str(&format!("last_to = [\"{}\", \"{}\"]\n", name(to), name(second))),
    }
    if game.tracks_unmoved {
        let sites: Vec<String> = state.pos.unmoved.sites(0).iter().map(|s| format!("\"{}\"", name(s))).collect();
        out.push_str(&format!("unmoved = [{}]\n", sites.join(", ")));
    }
    out.push_str("\n[board]\n");
    for (site, &code) in state.pos.cells.iter().enumerate() {
        if game.stacks.is_some() {
            let stack = state.pos.stack(site as u16);
            if !stack.is_empty() {
                let pieces: Vec<String> = stack.iter().map(|&c| format!("\"{}\"", game.describe_code(c))).collect();
                out.push_str(&format!("{} = [{}]\n", game.board.site_name(site as u16), pieces.join(", ")));
            }
        } else if code != 0 {
            let heading = match state.pos.states[site] {
                0 => String::new(),
                d => format!(" heading={}", game.board.directions[d as usize - 1]),
            };
            out.push_str(&format!(
                "{} = \"{}{heading}\"\n",
                game.board.site_name(site as u16),
                game.describe_pieces(code, state.pos.pieces_on(site as u16))
            ));
        }
    }
    out.push_str("\n[hands]\n");
    let owners = game.players.iter().map(String::as_str).chain(["neutral"]);
    for (p, player) in owners.enumerate() {
        let held: Vec<String> = (0..game.pieces.len())
            .filter(|&t| state.hand(p as u8, t as u8) > 0)
            .map(|t| format!("{} = {}", game.pieces[t].name, state.hand(p as u8, t as u8)))
            .collect();
        if !held.is_empty() {
            out.push_str(&format!("{player} = {{ {} }}\n", held.join(", ")));
        }
    }
    out.push_str("\n[counters]\n");
    for (i, counter) in game.counters.iter().enumerate() {
        out.push_str(&format!("{} = {}\n", counter.name, state.pos.counters[i]));
    }
    out
}
