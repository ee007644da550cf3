//! Progress bars for long work (bench, perft, smoke runs, the computer
//! thinking): drawn on stderr when it is a terminal, with a rate and an
//! estimate of the time left; hidden otherwise, so pipes and tests see
//! nothing of them. Callers update a bar per batch of work, never per move.

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressState, ProgressStyle};
use std::io::IsTerminal;

/// A bar of `len` steps, counted in `unit` ("playouts", "first moves"),
/// labelled `message`. Clear it (`finish_and_clear`) before printing results.
pub fn bar(len: u64, message: &str, unit: &str) -> ProgressBar {
    let target =
        if std::io::stderr().is_terminal() { ProgressDrawTarget::stderr() } else { ProgressDrawTarget::hidden() };
    let bar = ProgressBar::with_draw_target(Some(len), target);
    // `wide_bar` takes what the text leaves of the terminal's width, so the line never wraps.
    let template = format!("{{msg}} [{{wide_bar}}] {{human_pos}}/{{human_len}} {unit}, {{rate}}, {{eta}} left");
    // The template is fixed text, so it parses; the plain style is a fallback all the same.
    let style = ProgressStyle::with_template(&template).unwrap_or_else(|_| ProgressStyle::default_bar());
    let style = style.with_key("rate", |state: &ProgressState, out: &mut dyn std::fmt::Write| {
        let _ = write!(out, "{:.0}/s", state.per_sec());
    });
    bar.set_style(style.progress_chars("=> "));
    bar.set_message(message.to_string());
    bar
}
