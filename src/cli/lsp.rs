//! `orrery lsp`: the language server, for editors (README, "Editors").

pub fn run() -> i32 {
    crate::lsp::run_stdio()
}
