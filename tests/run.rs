//! Running the `orrery` binary from a test, as a user would.

use std::io::Write;
use std::process::{Command, Output, Stdio};

/// `orrery ARGS…`, run to the end, its output captured.
pub fn orrery(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_orrery")).args(args).output().expect("orrery runs")
}

/// `orrery ARGS…` with `input` typed; stdout and stderr are pipes, not a terminal.
pub fn orrery_typing(args: &[&str], input: &str) -> Output {
    typing(Command::new(env!("CARGO_BIN_EXE_orrery")).args(args), input)
}

/// `command` run to the end with `input` typed, its output captured.
pub fn typing(command: &mut Command, input: &str) -> Output {
    let mut child = command.stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::piped()).spawn().expect("runs");
    // A command that reads no input may have ended before it is typed: a
    // closed pipe here is no failure of the command.
    let _ = child.stdin.take().expect("stdin").write_all(input.as_bytes());
    child.wait_with_output().expect("ends")
}
