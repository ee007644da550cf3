//! `orrery completions SHELL`: a completion script for the shell, generated
//! from the same clap definition the command line parses with, so it never
//! falls behind a new flag.

use super::Cli;
use clap::CommandFactory;
use clap_complete::Shell;

pub fn run(shell: Shell) -> i32 {
    let mut command = Cli::command();
    let name = command.get_name().to_string();
    // Generated into memory, then printed as all output is (clap_complete
    // panics with a message of its own when it cannot write).
    let mut script = Vec::new();
    clap_complete::generate(shell, &mut command, name, &mut script);
    print!("{}", String::from_utf8_lossy(&script));
    0
}
