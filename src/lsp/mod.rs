//! `orrery lsp`: a language server for rule files, over stdin and stdout.
//! It checks each open document as it is typed (the checker's diagnostics,
//! as `orrery check` reports them), and answers hovers, definitions,
//! completions and document symbols from the document's syntax tree.
//!
//! - `transport`: the base protocol's framing, tolerant of bad messages;
//! - `server`: the loop and the dispatch of requests and notifications;
//! - `checker`: the thread documents are checked on, beside the loop;
//! - `edits`: a document's text changed by the editor's edits;
//! - `document`: an open document, checked with its bases;
//! - `positions`: byte offsets and LSP (UTF-16) positions;
//! - `diagnostics`: the checker's findings as LSP diagnostics;
//! - `symbols`: the names a file declares, and its outline;
//! - `hover`, `definition`, `completion`: the answers to those requests.

mod checker;
mod completion;
mod definition;
mod diagnostics;
mod document;
mod edits;
mod hover;
mod positions;
mod server;
mod symbols;
mod transport;

pub use completion::keywords;
pub use positions::LineIndex;

/// Serves the protocol on stdin and stdout until `exit` or the end of the
/// input; the exit status (0 after a `shutdown` and an `exit`).
pub fn run_stdio() -> i32 {
    // Read on a thread of its own (`server::run`), so through a reader that
    // can be sent there.
    let stdin = std::io::BufReader::new(std::io::stdin());
    let stdout = std::io::stdout();
    match server::run(stdin, stdout.lock()) {
        Ok(status) => status,
        // The editor went away: the status of a broken pipe, as every
        // other command ends when its output is cut.
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => 141,
        Err(e) => {
            eprintln!("error: orrery lsp: {e}");
            1
        }
    }
}
