//! The command line: a thin layer over the library.

mod analyze;
mod bench;
mod check;
mod common;
mod completions;
mod diff;
mod draw;
mod explain;
mod fmt;
mod lsp;
mod moves;
mod new;
mod perft;
mod play;
mod progress;
mod replay;
mod serve;
mod show;
mod test;
mod trace;

use clap::{Parser, Subcommand};
use std::path::PathBuf;

#[derive(Parser)]
#[command(name = "orrery", version, about = "A general board-game rules interpreter: games are text files")]
pub struct Cli {
    /// When to colour diagnostics: `auto` on a terminal unless NO_COLOR is set.
    #[arg(long, value_enum, global = true, default_value = "auto")]
    pub color: common::ColorChoice,
    #[command(subcommand)]
    pub command: Command,
}

/// Options every game-running command takes.
#[derive(clap::Args, Clone)]
pub struct GameArgs {
    /// The rule file.
    pub file: PathBuf,
    /// Start from this position file (TOML) instead of the game's setup.
    #[arg(long)]
    pub position: Option<PathBuf>,
    /// Set a game option, as NAME=VALUE (repeatable).
    #[arg(long = "option", value_name = "NAME=VALUE")]
    pub options: Vec<String>,
}

#[derive(Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    /// For people to read.
    Text,
    /// JSON, for programs to read.
    Json,
}

/// How `orrery analyze` reports.
#[derive(Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum AnalysisFormat {
    /// For people to read.
    Text,
    /// JSON, for programs to read.
    Json,
    /// One self-contained HTML page: tables and charts.
    Html,
    /// The charts alone, as one SVG picture.
    Svg,
}

/// How `orrery test` reports.
#[derive(Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum TestFormat {
    Text,
    Json,
    Junit,
}

#[derive(Subcommand)]
pub enum Command {
    /// Check rule files (or every .rules file in a folder): errors, warnings, and a smoke run.
    Check {
        /// Rule files, or folders whose .rules files are all checked.
        #[arg(required = true)]
        paths: Vec<PathBuf>,
        /// How to print the diagnostics and the smoke run's figures.
        #[arg(long, value_enum, default_value = "text")]
        format: Format,
        /// Only check; do not smoke-run the games.
        #[arg(long)]
        no_run: bool,
        /// Set a game option, as NAME=VALUE (repeatable).
        #[arg(long = "option", value_name = "NAME=VALUE")]
        options: Vec<String>,
    },
    /// Count legal move sequences to a depth.
    Perft {
        #[command(flatten)]
        game: GameArgs,
        /// How many plies deep to count (1 to 64: the count keeps one
        /// position a ply, and recurses as deep).
        #[arg(long, default_value_t = 3, value_parser = clap::value_parser!(u32).range(1..=i64::from(crate::agents::perft::MAX_DEPTH)))]
        depth: u32,
        /// Show the count under each first move.
        #[arg(long)]
        divide: bool,
        /// Text to read, or one JSON object for programs.
        #[arg(long, value_enum, default_value = "text")]
        format: Format,
    },
    /// Random playouts: playouts/s, plies/s, mean length, results.
    Bench {
        #[command(flatten)]
        game: GameArgs,
        /// How many random games to play.
        #[arg(long, default_value_t = 100_000)]
        playouts: u64,
        /// Seed of the random moves; the same seed plays the same games.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Threads to share the playouts between (1 to 256).
        #[arg(long, default_value_t = 1, value_parser = thread_count)]
        threads: usize,
        /// Play on the general engine even where the playout kernel takes
        /// the game (the same games; to compare their speed).
        #[arg(long)]
        general: bool,
        /// Text to read, or one JSON object for programs.
        #[arg(long, value_enum, default_value = "text")]
        format: Format,
    },
    /// Self-play figures of a game: outcomes with intervals, length,
    /// choice, rule coverage, endings; with --vs, against a second file.
    Analyze {
        #[command(flatten)]
        game: GameArgs,
        /// A second rule file (a variant and its base, say), played on the same seeds.
        #[arg(long, value_name = "OTHER")]
        vs: Option<PathBuf>,
        /// Compare with the same file (or OTHER) under this option value too,
        /// as NAME=VALUE (repeatable): `--vs-option swap=true`.
        #[arg(long = "vs-option", value_name = "NAME=VALUE")]
        vs_options: Vec<String>,
        /// How many games to play (at least 1).
        #[arg(long, default_value_t = 200, value_parser = clap::value_parser!(u64).range(1..))]
        games: u64,
        /// `random`, `mcts:PLAYOUTS` (Monte Carlo tree search with so many playouts a move) or `mcts:SECONDSs` (thinking so long a move, `mcts:0.5s`).
        #[arg(long, default_value = "random")]
        players: crate::analysis::Players,
        /// Seed of the games; the same seed plays the same games.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Threads to share the games between (1 to 256).
        #[arg(long, default_value_t = 1, value_parser = thread_count)]
        threads: usize,
        /// Games longer than this are cut (and counted as cut).
        #[arg(long, default_value_t = 2000)]
        max_plies: u32,
        /// Text to read, JSON, an HTML page with charts, or the charts as SVG.
        #[arg(long, value_enum, default_value = "text")]
        format: AnalysisFormat,
    },
    /// Play one seeded random game and print it.
    Trace {
        #[command(flatten)]
        game: GameArgs,
        /// Seed of the random moves; the same seed plays the same game.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Text to read, or JSON lines that `orrery replay` takes back.
        #[arg(long, value_enum, default_value = "text")]
        format: Format,
    },
    /// For programs: read moves one a line on stdin; after the start and each
    /// move, print one JSON line `{"ply", "player", "moves", "outcome"}`
    /// (the player to move, every legal move's text, the outcome or null).
    ///
    /// An illegal move gets `{"error", "move", "ply"}` instead, the game
    /// unchanged, and the exit status 1. Once the game is over, `player` is
    /// null and `moves` empty. Example: `printf 'e2-e4\ne7-e5\n' | orrery
    /// moves FILE.rules`.
    Moves {
        #[command(flatten)]
        game: GameArgs,
    },
    /// Check that a JSON-lines transcript still replays: every move legal, every recorded board, player to move and move count the same, the same outcome.
    Replay {
        #[command(flatten)]
        game: GameArgs,
        /// The transcript (`orrery trace --format json` output); `-` reads it from standard input.
        transcript: PathBuf,
    },
    /// Run the scenario files beside rule files (NAME.tests.toml beside NAME.rules).
    Test {
        /// Rule files, or folders whose .rules files are all tested.
        #[arg(required = true)]
        paths: Vec<PathBuf>,
        /// Run this rule file's scenarios against the files given instead (a
        /// variant against its base's expectations), and say which still hold.
        #[arg(long = "with-scenarios-of", value_name = "BASE")]
        with_scenarios_of: Option<PathBuf>,
        /// Set a game option for every scenario, as NAME=VALUE (repeatable);
        /// a scenario's own `options` win.
        #[arg(long = "option", value_name = "NAME=VALUE")]
        options: Vec<String>,
        /// Fill in the expectations written empty (`legal = []`, `outcome = ""`,
        /// `board = {}`, ...) from the engine, rewriting the scenario files.
        #[arg(long, conflicts_with = "with_scenarios_of")]
        bless: bool,
        /// Text to read; a JSON array (one record per scenario file: its
        /// scenarios, whether each holds, and the diagnostics); or JUnit XML
        /// (a test case per scenario), the report CI systems read.
        #[arg(long, value_enum, default_value = "text", conflicts_with = "with_scenarios_of")]
        format: TestFormat,
    },
    /// Say which rule makes a move legal, or which condition of which rule refuses it.
    Explain {
        #[command(flatten)]
        game: GameArgs,
        /// The move, in the game's notation (`b3-c3`, `c3`, `man@c3`) or short (`Nf3`, `O-O`).
        #[arg(value_name = "MOVE")]
        mv: String,
        /// Moves to play first, from the start or the position file, in order.
        #[arg(long = "after", value_name = "MOVE", num_args = 1..)]
        after: Vec<String>,
        /// Text to read, or JSON: the headline, one reason per rule (its
        /// file, line and first line as written) and the help.
        #[arg(long, value_enum, default_value = "text")]
        format: Format,
    },
    /// Print the whole rule file a variant resolves to, each item marked with where it comes from.
    Show {
        /// The rule file (a variant or a whole game).
        file: PathBuf,
        /// Show the file as played with this option value, as NAME=VALUE
        /// (repeatable): the option's line gives the value, its default noted.
        #[arg(long = "option", value_name = "NAME=VALUE")]
        options: Vec<String>,
    },
    /// Compare two rule files item by item, and where their games first behave
    /// differently; or one file with itself under --option values.
    Diff {
        /// The rule file to compare from (a base game, say).
        first: PathBuf,
        /// The rule file to compare with it (a variant, say); without it,
        /// FIRST as written against FIRST under the --option values.
        second: Option<PathBuf>,
        /// Compare play under this option value, as NAME=VALUE (repeatable);
        /// it applies to each file that declares the option.
        #[arg(long = "option", value_name = "NAME=VALUE")]
        options: Vec<String>,
        /// Text to read, or JSON: the items that differ, the first position
        /// whose legal moves differ, and perft by depth.
        #[arg(long, value_enum, default_value = "text")]
        format: Format,
    },
    /// Draw the start, a position file, or a recorded game's position, as SVG, text or PNG.
    Draw {
        #[command(flatten)]
        game: GameArgs,
        /// SVG for a picture, text for the terminal, PNG (with the `png` feature) for an image.
        #[arg(long, value_enum, default_value = "svg")]
        format: draw::DrawFormat,
        /// Draw a position of this transcript (`orrery trace --format json`),
        /// the move that led to it marked.
        #[arg(long, value_name = "T.jsonl")]
        trace: Option<PathBuf>,
        /// With --trace: the position after this many plies (0: the start;
        /// default: the end).
        #[arg(long, requires = "trace")]
        ply: Option<u64>,
        /// Moves to play first, from the start or the position file, in
        /// order; the last one is marked.
        #[arg(long = "after", value_name = "MOVE", num_args = 1.., conflicts_with = "trace")]
        after: Vec<String>,
    },
    /// Play in the terminal: people type moves; players named with --random or --ai are played by the computer.
    Play {
        #[command(flatten)]
        game: GameArgs,
        /// A player the computer plays at random (repeatable).
        #[arg(long = "random", value_name = "PLAYER")]
        random: Vec<String>,
        /// A player the computer plays by Monte Carlo tree search (repeatable).
        #[arg(long = "ai", value_name = "PLAYER")]
        ai: Vec<String>,
        /// Random playouts the search spends on each move.
        #[arg(long, visible_alias = "ai-playouts", value_name = "N", default_value_t = 2000)]
        think: u32,
        /// Seconds the search thinks on each move instead of a number of
        /// playouts (the same seed may then play differently on another machine).
        #[arg(long = "ai-time", value_name = "SECONDS", conflicts_with = "think")]
        ai_time: Option<f64>,
        /// Seed of the computer's choices and of the dice; the same seed replays the same game.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Type each throw of the dice (to replay a real game) instead of
        /// letting the computer roll them.
        #[arg(long = "type-dice")]
        type_dice: bool,
        /// Go on with a game saved by `save FILE` in play (or recorded by
        /// `orrery trace --format json`): its moves are replayed and checked first.
        #[arg(long, value_name = "FILE")]
        resume: Option<PathBuf>,
    },
    /// Start a new game: a starter rule file and its scenario file, both checking clean.
    New {
        /// The game's file stem (letters, digits, `_`, `-`); its title is this with `_` as spaces.
        name: String,
        /// The folder to write NAME.rules and NAME.tests.toml in (made if missing).
        #[arg(long, default_value = ".")]
        dir: PathBuf,
    },
    /// Rewrite rule files (or every .rules file in a folder) in the canonical layout, comments kept.
    Fmt {
        /// Rule files, or folders whose .rules files are all formatted; `-`
        /// reads one file from standard input and prints it formatted.
        #[arg(required = true)]
        paths: Vec<PathBuf>,
        /// Write nothing; list the files that would change and exit with 1 if any would (for CI).
        #[arg(long, conflicts_with = "stdout")]
        check: bool,
        /// Print the formatted files instead of rewriting them.
        #[arg(long)]
        stdout: bool,
    },
    /// Serve the Language Server Protocol on stdin and stdout, for editors: diagnostics as you type, hover, go to definition, completion, outline.
    Lsp,
    /// Serve a local web page to play and inspect rule files (or every .rules file in folders), and its JSON interface.
    Serve {
        /// Rule files, or folders whose .rules files are all offered (default: the current folder).
        paths: Vec<PathBuf>,
        /// The port to listen on; 0 for any free one (the address is printed).
        #[arg(long, default_value_t = 8080)]
        port: u16,
        /// The address to listen on; the default lets only this machine in.
        #[arg(long, default_value = "127.0.0.1")]
        host: String,
    },
    /// Print a shell completion script, as in `orrery completions bash > ~/.local/share/bash-completion/completions/orrery`.
    Completions {
        /// The shell to complete in.
        shell: clap_complete::Shell,
    },
}

/// Runs a command; the exit code.
pub fn run(cli: Cli) -> i32 {
    common::set_color(cli.color);
    match cli.command {
        Command::Check { paths, format, no_run, options } => check::run(&paths, format, !no_run, &options),
        Command::Perft { game, depth, divide, format } => perft::run(&game, depth, divide, format),
        Command::Bench { game, playouts, seed, threads, general, format } => {
            bench::run(&game, playouts, seed, threads, general, format)
        }
        Command::Analyze { game, vs, vs_options, games, players, seed, threads, max_plies, format } => {
            let settings = analyze::Settings { games, players, seed, threads, max_plies };
            analyze::run(&game, vs.as_deref(), &vs_options, &settings, format)
        }
        Command::Trace { game, seed, format } => trace::run(&game, seed, format),
        Command::Play { game, random, ai, think, ai_time, seed, type_dice, resume } => {
            let players = play::Players { random: &random, ai: &ai, think, ai_time, seed, type_dice };
            play::run(&game, &players, resume.as_deref())
        }
        Command::Draw { game, format, trace, ply, after } => draw::run(&game, format, trace.as_deref(), ply, &after),
        Command::Test { paths, with_scenarios_of, options, bless, format } => match with_scenarios_of {
            Some(base) => test::run_with_scenarios_of(&paths, &base),
            None => test::run(&paths, &options, bless, format),
        },
        Command::Explain { game, mv, after, format } => explain::run(&game, &mv, &after, format),
        Command::Show { file, options } => show::run(&file, &options),
        Command::Diff { first, second, options, format } => diff::run(&first, second.as_deref(), &options, format),
        Command::Moves { game } => moves::run(&game),
        Command::Replay { game, transcript } => replay::run(&game, &transcript),
        Command::New { name, dir } => new::run(&name, &dir),
        Command::Serve { paths, port, host } => serve::run(&paths, &host, port),
        Command::Completions { shell } => completions::run(shell),
        Command::Lsp => lsp::run(),
        Command::Fmt { paths, check, stdout } => {
            let mode = match (check, stdout) {
                (true, _) => fmt::Mode::Check,
                (_, true) => fmt::Mode::Stdout,
                _ => fmt::Mode::Write,
            };
            fmt::run(&paths, mode)
        }
    }
}

/// `--threads`: 1 to 256.
fn thread_count(text: &str) -> Result<usize, String> {
    match text.parse::<usize>() {
        Ok(n) if (1..=256).contains(&n) => Ok(n),
        _ => Err("give a number of threads from 1 to 256".to_string()),
    }
}
