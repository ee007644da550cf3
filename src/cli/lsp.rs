//! `orrery lsp`: the language server, for editors (docs/cli.md, "Editors").

pub fn run() -> i32 {
    crate::lsp::run_stdio()
}
