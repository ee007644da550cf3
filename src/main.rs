use clap::Parser;

fn main() {
    let cli = orrery::cli::Cli::parse();
    std::process::exit(orrery::cli::run(cli));
}
