//! `orrery diff A B`: how two rule files differ, item by item (pieces,
//! options, phases rule by rule, end rules), and where their games first
//! behave differently from the start: the legal moves, then perft. With
//! `--option NAME=VALUE`, both are compared as played under those values
//! (each file taking the options it declares); `orrery diff A --option …`
//! compares A as written with A under the options.

use super::Format;
use super::common::{color, load_game, parse_options};
use super::show::set_options;
use crate::agents::perft::perft_reporting;
use crate::diagnostics::render_all;
use crate::engine::State;
use crate::variants::{load_source, show};
use serde::Serialize;
use std::path::Path;

/// Perft depths compared at most, and the nodes a depth may cost.
const MAX_DEPTH: u32 = 6;
const NODE_BUDGET: u64 = 20_000_000;

pub fn run(a: &Path, b: Option<&Path>, options: &[String], format: Format) -> i32 {
    let Ok(set) = parse_options(options).map_err(|e| eprintln!("error: {e}")) else { return 2 };
    if b.is_none() && set.is_empty() {
        eprintln!(
            "error: give a second rule file, or --option NAME=VALUE to compare {} with itself under it",
            a.display()
        );
        return 2;
    }
    // Which options each side is played with: all of them for a file with
    // itself; otherwise those each file declares (an option neither has is an error).
    let (Ok(plain_a), Ok(plain_b)) = (load_game(a, &[]), load_game(b.unwrap_or(a), &[])) else { return 2 };
    let declares = |game: &crate::engine::Game, name: &str| game.options.iter().any(|o| o.name == name);
    let (mut set_a, mut set_b) = (Vec::new(), Vec::new());
    let mut notes = Vec::new();
    for (name, value) in &set {
        let option = vec![(name.clone(), value.clone())];
        match b {
            None => set_b.extend(option),
            Some(b) => {
                let (in_a, in_b) = (declares(&plain_a, name), declares(&plain_b, name));
                if !in_a && !in_b {
                    eprintln!("error: neither {} nor {} has an option `{name}`", a.display(), b.display());
                    return 2;
                }
                for (declared, list, file) in [(in_a, &mut set_a, a), (in_b, &mut set_b, b)] {
                    if declared {
                        list.extend(option.clone());
                    } else {
                        notes.push(format!("{} has no option `{name}`; it is compared as written", file.display()));
                    }
                }
            }
        }
    }
    let written = |set: &[(String, String)]| set.iter().map(|(n, v)| format!("{n}={v}")).collect::<Vec<_>>();
    let (Ok(game_a), Ok(game_b)) = (load_game(a, &written(&set_a)), load_game(b.unwrap_or(a), &written(&set_b))) else {
        return 2;
    };
    let (Some(parts_a), Some(parts_b)) = (parts(a, &game_a, &set_a), parts(b.unwrap_or(a), &game_b, &set_b)) else {
        return 2;
    };
    let title = |file: &Path, set: &[(String, String)]| match set {
        [] => file.display().to_string(),
        _ => format!("{} with {}", file.display(), written(set).join(" ")),
    };
    let mut items = Vec::new();
    for part in &parts_a {
        match parts_b.iter().find(|p| p.key == part.key) {
            None => items.push(Change::OnlyInFirst { item: part.key.clone() }),
            Some(other) if other.text != part.text => items.push(Change::Changed {
                item: part.key.clone(),
                first: part.text.clone(),
                second: other.text.clone(),
            }),
            Some(_) => {}
        }
    }
    for part in parts_b.iter().filter(|p| !parts_a.iter().any(|q| q.key == p.key)) {
        items.push(Change::OnlyInSecond { item: part.key.clone() });
    }
    let mut comparison = Comparison {
        first: title(a, &set_a),
        second: title(b.unwrap_or(a), &set_b),
        notes,
        same_rules: items.is_empty(),
        items,
        moves_differ: None,
        perft: Vec::new(),
        perft_differs_at: None,
    };
    match format {
        Format::Text => {
            comparison.print_items();
            behaviour(&game_a.initial_state(), &game_b.initial_state(), &mut comparison, true);
        }
        Format::Json => {
            behaviour(&game_a.initial_state(), &game_b.initial_state(), &mut comparison, false);
            println!("{}", serde_json::to_string_pretty(&comparison).unwrap_or_default());
        }
    }
    i32::from(!comparison.same_rules)
}

/// What `diff` finds: the items that differ, then where play first differs.
#[derive(Serialize)]
struct Comparison {
    first: String,
    second: String,
    notes: Vec<String>,
    same_rules: bool,
    items: Vec<Change>,
    /// The first position (after moves common to both) whose legal moves
    /// differ, within the first 3 plies; `null` when none was found.
    moves_differ: Option<MovesDiffer>,
    /// Perft of each game by depth, until they differ or grow too costly.
    perft: Vec<PerftRow>,
    perft_differs_at: Option<u32>,
}

#[derive(Serialize)]
#[serde(tag = "change", rename_all = "snake_case")]
enum Change {
    OnlyInFirst { item: String },
    OnlyInSecond { item: String },
    Changed { item: String, first: String, second: String },
}

#[derive(Serialize)]
struct MovesDiffer {
    after: Vec<String>,
    only_in_first: Vec<String>,
    only_in_second: Vec<String>,
}

#[derive(Serialize)]
struct PerftRow {
    depth: u32,
    first: u64,
    second: u64,
}

impl Comparison {
    fn print_items(&self) {
        for note in &self.notes {
            println!("note: {note}");
        }
        println!("--- {}\n+++ {}", self.first, self.second);
        let (first, second) = (self.first_file(), self.second_file());
        for change in &self.items {
            match change {
                Change::OnlyInFirst { item } => println!("- {item} (only in {first})"),
                Change::OnlyInSecond { item } => println!("+ {item} (only in {second})"),
                Change::Changed { item, first, second } => println!(
                    "~ {item}\n    - {}\n    + {}",
                    crate::diagnostics::terminal_safe(first),
                    crate::diagnostics::terminal_safe(second)
                ),
            }
        }
        if self.same_rules {
            println!("the rules are the same, item by item");
        }
    }

    /// The files compared, without the options they are played with.
    fn first_file(&self) -> &str {
        self.first.split(" with ").next().unwrap_or(&self.first)
    }

    fn second_file(&self) -> &str {
        self.second.split(" with ").next().unwrap_or(&self.second)
    }
}

/// The items of a rule file (a variant resolved), each option's value as
/// `game` was compiled with (when `set` sets it), or `None` after printing why not.
fn parts(file: &Path, game: &crate::engine::Game, set: &[(String, String)]) -> Option<Vec<show::Part>> {
    let (source, loading) = match load_source(file) {
        Ok(loaded) => loaded,
        Err(e) => {
            eprintln!("error: cannot read {}: {e}", file.display());
            return None;
        }
    };
    if !loading.is_empty() {
        eprint!("{}", render_all(&source, &loading, color()));
        return None;
    }
    let (resolved, _) = show::resolve(&source);
    let mut parts = show::parts(&resolved, &source);
    for part in &mut parts {
        part.text = set_options(&part.text, game, set);
    }
    Some(parts)
}

/// Where the two games first differ from their starts: the first position
/// (moves common to both) whose legal moves differ, and perft by depth;
/// printed as found when `print`.
fn behaviour(a: &State, b: &State, found: &mut Comparison, print: bool) {
    found.moves_differ = first_difference(a, b, 3, &mut 20_000)
        .map(|(after, only_in_first, only_in_second)| MovesDiffer { after, only_in_first, only_in_second });
    if print {
        match &found.moves_differ {
            Some(differ) => {
                let at = match &differ.after[..] {
                    [] => "at the start".to_string(),
                    path => format!("after {}", path.join(" ")),
                };
                println!("legal moves first differ {at}:");
                println!("  only in the first:  {}", list(&differ.only_in_first));
                println!("  only in the second: {}", list(&differ.only_in_second));
            }
            None => println!("legal moves are the same for the first 3 plies (as far as looked)"),
        }
    }
    for depth in 1..=MAX_DEPTH {
        // A bar on a terminal for each game's count, by first moves counted under.
        let count = |state: &State, which: &str| {
            let bar = super::progress::bar(0, &format!("perft({depth}), {which} game"), "first moves");
            let nodes = perft_reporting(state, depth, &mut |done, of| {
                bar.set_length(of as u64);
                bar.set_position(done as u64);
            });
            bar.finish_and_clear();
            nodes
        };
        let (pa, pb) = (count(a, "first"), count(b, "second"));
        found.perft.push(PerftRow { depth, first: pa, second: pb });
        if print {
            println!("perft({depth}): {pa} against {pb}");
        }
        if pa != pb {
            found.perft_differs_at = Some(depth);
            if print {
                println!("perft first differs at depth {depth}");
            }
            return;
        }
        if pa.max(pb) > NODE_BUDGET / 10 {
            break;
        }
    }
    if print {
        println!("perft is the same as deep as looked");
    }
}

fn list(moves: &[String]) -> String {
    if moves.is_empty() {
        return "(none)".to_string();
    }
    let shown: Vec<&str> = moves.iter().take(12).map(String::as_str).collect();
    let more = if moves.len() > 12 { format!(" … ({} in all)", moves.len()) } else { String::new() };
    format!("{}{more}", shown.join(" "))
}

/// The shortest line of moves common to both games (depth first, in sorted
/// order, within `budget` positions) after which their legal moves differ.
fn first_difference(
    a: &State,
    b: &State,
    depth: u32,
    budget: &mut u32,
) -> Option<(Vec<String>, Vec<String>, Vec<String>)> {
    for limit in 0..=depth {
        if let Some(found) = search(a, b, limit, budget) {
            return Some(found);
        }
    }
    None
}

fn search(a: &State, b: &State, depth: u32, budget: &mut u32) -> Option<(Vec<String>, Vec<String>, Vec<String>)> {
    if *budget == 0 {
        return None;
    }
    *budget -= 1;
    let (moves_a, moves_b) = (a.legal_move_texts(), b.legal_move_texts());
    if moves_a != moves_b {
        let only_a = moves_a.iter().filter(|m| !moves_b.contains(m)).cloned().collect();
        let only_b = moves_b.iter().filter(|m| !moves_a.contains(m)).cloned().collect();
        return Some((Vec::new(), only_a, only_b));
    }
    if depth == 0 {
        return None;
    }
    for text in &moves_a {
        let (mut next_a, mut next_b) = (a.clone(), b.clone());
        if next_a.play(text).is_err() || next_b.play(text).is_err() {
            continue;
        }
        if let Some((mut path, only_a, only_b)) = search(&next_a, &next_b, depth - 1, budget) {
            path.insert(0, text.clone());
            return Some((path, only_a, only_b));
        }
    }
    None
}
