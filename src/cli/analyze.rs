//! `orrery analyze FILE [--vs OTHER]`: self-play figures of a game (who
//! wins, how long, how many choices, which rules fire, how games end), and
//! with `--vs` the same for a second file on the same seeds, each figure
//! with its difference and whether that difference is significant.

use super::common::load;
use super::{AnalysisFormat, GameArgs};
use crate::analysis::text::text;
use crate::analysis::{Players, differences, play_games_from, summarize};
use std::path::Path;

pub struct Settings {
    pub games: u64,
    pub players: Players,
    pub seed: u64,
    pub threads: usize,
    pub max_plies: u32,
}

pub fn run(
    args: &GameArgs,
    vs: Option<&Path>,
    vs_options: &[String],
    settings: &Settings,
    format: AnalysisFormat,
) -> i32 {
    let Ok((game, start)) = load(args) else { return 1 };
    let file = args.file.display().to_string();
    let s = settings;
    // A bar on a terminal for each file's games, with the time left.
    let run = |game: &std::sync::Arc<crate::game::Game>, start: &crate::engine::State, file: &str| {
        let bar = super::progress::bar(s.games, &crate::diagnostics::terminal_safe(&game.title), "games");
        let records = play_games_from(start, s.players, s.seed, 0..s.games, s.threads, s.max_plies, &|| bar.inc(1));
        bar.finish_and_clear();
        summarize(game, file, s.players, s.seed, s.max_plies, &records)
    };
    let first = run(&game, &start, &file);
    // The second: another file, or the same under other option values
    // (added to those both are given), from the same position if any.
    let second = match (vs, vs_options) {
        (None, []) => None,
        (other, extra) => {
            let other_args = GameArgs {
                file: other.map_or(args.file.clone(), Path::to_path_buf),
                position: args.position.clone(),
                options: args.options.iter().chain(extra).cloned().collect(),
            };
            let Ok((game, start)) = load(&other_args) else { return 1 };
            let mut name = other_args.file.display().to_string();
            if !extra.is_empty() {
                name = format!("{name} ({})", extra.join(", "));
            }
            Some(run(&game, &start, &name))
        }
    };
    match format {
        AnalysisFormat::Json => {
            let value = crate::analysis::to_json(&first, second.as_ref());
            println!("{}", serde_json::to_string_pretty(&value).unwrap_or_default());
        }
        AnalysisFormat::Text => {
            print!("{}", text(&first));
            if let Some(second) = &second {
                print!("\n{}", text(second));
                print!("\n{}", crate::analysis::text::differences(&differences(&first, second)));
            }
        }
        AnalysisFormat::Html | AnalysisFormat::Svg => {
            let both: Vec<&crate::analysis::Analysis> = [Some(&first), second.as_ref()].into_iter().flatten().collect();
            if format == AnalysisFormat::Svg {
                print!("{}", crate::analysis::charts::all(&both));
            } else {
                let differences = second.as_ref().map(|s| differences(&first, s)).unwrap_or_default();
                print!("{}", crate::analysis::report::html(&both, &differences));
            }
        }
    }
    0
}
