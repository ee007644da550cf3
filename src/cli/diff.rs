//! `orrery diff A B`: how two rule files differ, item by item (pieces,
//! options, phases rule by rule, end rules), and where their games first
//! behave differently from the start: the legal moves, then perft. With
//! `--option NAME=VALUE`, both are compared as played under those values
//! (each file taking the options it declares); `orrery diff A --option …`
//! compares A as written with A under the options.

use super::common::{color, load_game, parse_options};
use super::show::set_options;
use crate::agents::perft::perft_reporting;
use crate::diagnostics::render_all;
use crate::engine::State;
use crate::variants::{load_source, show};
use std::path::Path;

/// Perft depths compared at most, and the nodes a depth may cost.
const MAX_DEPTH: u32 = 6;
const NODE_BUDGET: u64 = 20_000_000;

pub fn run(a: &Path, b: Option<&Path>, options: &[String]) -> i32 {
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
                        println!("note: {} has no option `{name}`; it is compared as written", file.display());
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
    println!("--- {}\n+++ {}", title(a, &set_a), title(b.unwrap_or(a), &set_b));
    let mut same = true;
    for part in &parts_a {
        match parts_b.iter().find(|p| p.key == part.key) {
            None => {
                same = false;
                println!("- {} (only in {})", part.key, a.display());
            }
            Some(other) if other.text != part.text => {
                same = false;
                println!(
                    "~ {}\n    - {}\n    + {}",
                    part.key,
                    crate::diagnostics::terminal_safe(&part.text),
                    crate::diagnostics::terminal_safe(&other.text)
                );
            }
            Some(_) => {}
        }
    }
    for part in parts_b.iter().filter(|p| !parts_a.iter().any(|q| q.key == p.key)) {
        same = false;
        println!("+ {} (only in {})", part.key, b.unwrap_or(a).display());
    }
    if same {
        println!("the rules are the same, item by item");
    }
    behaviour(&game_a.initial_state(), &game_b.initial_state());
    i32::from(!same)
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
/// (moves common to both) whose legal moves differ, and perft by depth.
fn behaviour(a: &State, b: &State) {
    match first_difference(a, b, 3, &mut 20_000) {
        Some((path, only_a, only_b)) => {
            let at = if path.is_empty() { "at the start".to_string() } else { format!("after {}", path.join(" ")) };
            println!("legal moves first differ {at}:");
            println!("  only in the first:  {}", list(&only_a));
            println!("  only in the second: {}", list(&only_b));
        }
        None => println!("legal moves are the same for the first 3 plies (as far as looked)"),
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
        println!("perft({depth}): {pa} against {pb}");
        if pa != pb {
            println!("perft first differs at depth {depth}");
            return;
        }
        if pa.max(pb) > NODE_BUDGET / 10 {
            break;
        }
    }
    println!("perft is the same as deep as looked");
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
