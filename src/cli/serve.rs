//! `orrery serve [FILE or FOLDER ...]`: the local web page (see
//! `crate::serve` and docs/serve.md). Prints the page's address and
//! answers until stopped.

use crate::serve::Server;
use std::io::Write;
use std::path::PathBuf;

pub fn run(paths: &[PathBuf], host: &str, port: u16) -> i32 {
    let paths = if paths.is_empty() { vec![PathBuf::from(".")] } else { paths.to_vec() };
    for path in &paths {
        if !path.exists() {
            eprintln!("error: no such file or folder: {}", path.display());
            return 1;
        }
    }
    let server = match Server::bind(paths, host, port) {
        Ok(server) => server,
        Err(e) => {
            eprintln!("error: {e}");
            if port != 0 {
                eprintln!("  = help: choose another port with `--port N`, or `--port 0` for any free one");
            }
            return 1;
        }
    };
    if server.token().is_some() {
        eprintln!(
            "warning: listening on {host}, beyond this machine: anyone who can reach it can try the page; \
             the API needs the token in the address below (header {})",
            crate::serve::TOKEN_HEADER
        );
    }
    println!("orrery serve: {} ({} rule files; Ctrl-C stops)", server.page_url(), server.file_count());
    // Whoever started the server may be waiting for the address on a pipe.
    let _ = std::io::stdout().flush();
    server.run();
    0
}
