//! Checks run beside the server's loop, on a thread of their own, one at a
//! time: the loop goes on reading changes and answering requests while a
//! long document is checked, and a check whose text has changed since is
//! thrown away when it ends rather than waited for by anyone.

use super::document::Document;
use lsp_types::Url;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::mpsc::{Sender, channel};

/// A text to check, and the generation of the document it is (to tell a
/// stale result from the current one).
pub struct Job {
    pub uri: Url,
    pub generation: u64,
    pub text: String,
}

/// A check's result: the document with its diagnostics as LSP diagnostics,
/// or `None` if the checker panicked on the text (it is not expected to).
pub struct Checked {
    pub uri: Url,
    pub generation: u64,
    pub outcome: Option<(Document, Vec<lsp_types::Diagnostic>)>,
}

/// Starts the checking thread; each result is handed to `deliver`. The
/// thread ends when the returned sender is dropped.
pub fn spawn(deliver: impl Fn(Checked) + Send + 'static) -> Sender<Job> {
    let (jobs, received) = channel::<Job>();
    std::thread::spawn(move || {
        for Job { uri, generation, text } in received {
            let outcome = catch_unwind(AssertUnwindSafe(|| {
                let document = Document::checked(uri.clone(), text);
                let diagnostics = super::diagnostics::to_lsp(&document);
                (document, diagnostics)
            }))
            .ok();
            deliver(Checked { uri, generation, outcome });
        }
    });
    jobs
}
