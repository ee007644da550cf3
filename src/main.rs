use clap::Parser;

fn main() {
    quiet_broken_pipe();
    // clap's own printing (help, version, usage errors) ignores a failed
    // write; here it ends the program as any other failed output does.
    let cli = orrery::cli::Cli::try_parse().unwrap_or_else(|e| match e.print() {
        Ok(()) => std::process::exit(e.exit_code()),
        Err(error) if error.kind() == std::io::ErrorKind::BrokenPipe => std::process::exit(141),
        Err(error) => {
            use std::io::Write;
            let _ = writeln!(std::io::stderr(), "error: cannot write to stdout: {error}");
            std::process::exit(1);
        }
    });
    std::process::exit(orrery::cli::run(cli));
}

/// Output cut short (`orrery trace … | head`) ends the program quietly with
/// the status a shell gives a broken pipe, instead of a panic message:
/// printing to a closed pipe panics in Rust, and this hook recognises it.
/// Output that cannot be written for another reason (a full disk) ends the
/// program with status 1 and one line saying why.
fn quiet_broken_pipe() {
    let default = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let message = info
            .payload()
            .downcast_ref::<String>()
            .map(String::as_str)
            .or_else(|| info.payload().downcast_ref::<&str>().copied())
            .unwrap_or("");
        if message.contains("Broken pipe") {
            std::process::exit(141);
        }
        if let Some(reason) = message.strip_prefix("failed printing to ") {
            use std::io::Write;
            let _ = writeln!(std::io::stderr(), "error: cannot write to {reason}");
            std::process::exit(1);
        }
        default(info);
    }));
}
