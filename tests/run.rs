//! Running the `orrery` binary from a test, as a user would.

use std::process::{Command, Output};

/// `orrery ARGS…`, run to the end, its output captured.
pub fn orrery(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_orrery")).args(args).output().expect("orrery runs")
}
