use clap::Parser;

fn main() {
    quiet_broken_pipe();
    let cli = orrery::cli::Cli::parse();
    std::process::exit(orrery::cli::run(cli));
}

/// Output cut short (`orrery trace … | head`) ends the program quietly with
/// the status a shell gives a broken pipe, instead of a panic message:
/// printing to a closed pipe panics in Rust, and this hook recognises it.
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
        default(info);
    }));
}
