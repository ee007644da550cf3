//! `orrery test`: runs the scenario files beside rule files
//! (`games/NAME.tests.toml` for `games/NAME.rules`), so rule authors can pin
//! down their games' behaviour without writing Rust.

use super::TestFormat;
use super::check::rule_files;
use super::common::color;
use crate::diagnostics::{render_all, terminal_safe};
use crate::formats::bless::apply;
use crate::formats::junit;
use crate::formats::scenario::{ScenarioRun, bless_file, run_file, run_file_with_options, scenarios_for};
use std::path::PathBuf;

/// Runs the scenario files; with `bless`, first fills in their empty
/// expectations from the engine and rewrites the files.
pub fn run(paths: &[PathBuf], options: &[String], bless: bool, format: TestFormat) -> i32 {
    // With `--format json`, one record per scenario file, printed as an array at the end;
    // with `--format junit`, one suite per file, as XML at the end.
    let mut records: Option<Vec<serde_json::Value>> = (format == TestFormat::Json).then(Vec::new);
    let mut suites: Option<Vec<junit::Suite>> = (format == TestFormat::Junit).then(Vec::new);
    let quiet = format != TestFormat::Text;
    let options = match super::common::parse_options(options) {
        Ok(options) => options,
        Err(e) => {
            eprintln!("error: {e}");
            return 1;
        }
    };
    let pairs = match scenario_pairs(paths) {
        Ok(pairs) => pairs,
        Err(e) => {
            eprintln!("error: {e}");
            return 1;
        }
    };
    let (mut failed, mut ran) = (false, 0);
    for (rules, scenarios) in pairs {
        ran += 1;
        let result = if bless {
            bless_file(&rules, &scenarios, &options)
        } else {
            run_file_with_options(&rules, &scenarios, &options)
        };
        match result {
            Ok(run) => {
                let passed = run.results.iter().filter(|r| r.holds).count();
                let status = if run.diagnostics.is_empty() { "ok   " } else { "FAIL " };
                if let Some(suites) = suites.as_mut() {
                    suites.push(suite(&scenarios, &run));
                } else if let Some(records) = records.as_mut() {
                    let results: Vec<serde_json::Value> =
                        run.results.iter().map(|r| serde_json::json!({ "name": r.name, "holds": r.holds })).collect();
                    records.push(serde_json::json!({
                        "file": scenarios.display().to_string(),
                        "rules": rules.display().to_string(),
                        "passed": passed,
                        "total": run.results.len(),
                        "ok": run.diagnostics.is_empty(),
                        "scenarios": results,
                        "blessed": run.fills.len(),
                        "diagnostics": crate::diagnostics::to_json(&run.source, &run.diagnostics),
                    }));
                } else {
                    println!("{status} {}: {passed} of {} scenarios hold", scenarios.display(), run.results.len());
                }
                if !run.fills.is_empty() {
                    let written = apply(&run.source.text, &run.fills).and_then(|text| {
                        crate::safe_write::replace(&scenarios, text.as_bytes())
                            .map_err(|e| format!("cannot write: {e}; the file is unchanged"))
                    });
                    match written {
                        Ok(()) if quiet => {}
                        Ok(()) => {
                            let n = run.fills.len();
                            let s = if n == 1 { "" } else { "s" };
                            println!("      blessed {n} expectation{s} in {}", scenarios.display());
                        }
                        Err(e) => {
                            failed = true;
                            eprintln!("error: {}: {e}", scenarios.display());
                        }
                    }
                }
                if !run.diagnostics.is_empty() {
                    failed = true;
                    if quiet {
                        continue;
                    }
                    use std::io::Write;
                    let _ = std::io::stdout().flush();
                    eprint!("{}", render_all(&run.source, &run.diagnostics, color()));
                }
            }
            Err(report) => {
                failed = true;
                if let Some(suites) = suites.as_mut() {
                    suites.push(junit::Suite {
                        name: scenarios.display().to_string(),
                        cases: Vec::new(),
                        error: Some(render_all(&report.source, &report.diagnostics, false)),
                    });
                    continue;
                }
                if let Some(records) = records.as_mut() {
                    records.push(serde_json::json!({
                        "file": scenarios.display().to_string(),
                        "rules": rules.display().to_string(),
                        "ok": false,
                        "error": "cannot be run",
                        "diagnostics": crate::diagnostics::to_json(&report.source, &report.diagnostics),
                    }));
                    continue;
                }
                println!("FAIL  {}: cannot be run", scenarios.display());
                eprint!("{}", render_all(&report.source, &report.diagnostics, color()));
            }
        }
    }
    if let Some(records) = &records {
        println!("{}", serde_json::Value::Array(records.clone()));
    }
    if let Some(suites) = &suites {
        print!("{}", junit::write(suites));
    }
    if ran == 0 {
        // Nothing was tested: a run that checks nothing must not pass.
        eprintln!("error: no scenario files in what was given (NAME.tests.toml beside NAME.rules)");
        return 1;
    }
    if bless && failed {
        eprintln!(
            "note: --bless fills in only expectations written empty, never one that differs: \
             correct it, or empty it (`legal = []`, `outcome = \"\"`, `board = {{}}`) to have it filled in"
        );
    }
    i32::from(failed)
}

/// A scenario file's run as a JUnit suite: each failing scenario holds its
/// own diagnostics, rendered as the terminal shows them but without colour.
fn suite(file: &std::path::Path, run: &ScenarioRun) -> junit::Suite {
    let cases = run
        .results
        .iter()
        .map(|result| {
            let own = &run.diagnostics[result.diagnostics.clone()];
            let failure = own.first().map(|first| (first.message.clone(), render_all(&run.source, own, false)));
            junit::Case { name: result.name.clone(), failure }
        })
        .collect();
    junit::Suite { name: file.display().to_string(), cases, error: None }
}

/// The (rule file, scenario file) pairs to run: a scenario file given
/// runs against the rule file beside it; a rule file or a folder runs the
/// scenario files beside its rule files (those without one are skipped).
fn scenario_pairs(paths: &[PathBuf]) -> Result<Vec<(PathBuf, PathBuf)>, String> {
    let mut pairs = Vec::new();
    for path in paths {
        let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
        if let Some(stem) = name.strip_suffix(".tests.toml") {
            let rules = path.with_file_name(format!("{stem}.rules"));
            if !path.exists() {
                return Err(format!("no such file: {}", path.display()));
            }
            if !rules.exists() {
                return Err(format!("{} has no rule file beside it ({})", path.display(), rules.display()));
            }
            pairs.push((rules, path.clone()));
            continue;
        }
        for rules in rule_files(std::slice::from_ref(path))? {
            let scenarios = scenarios_for(&rules);
            if scenarios.exists() {
                pairs.push((rules, scenarios));
            }
        }
    }
    Ok(pairs)
}

/// `--with-scenarios-of BASE`: BASE's scenarios run against each rule file
/// given, each reported as holding or not, with what differs. The exit
/// code is 0: that the base's expectations change is what a variant is for.
pub fn run_with_scenarios_of(paths: &[PathBuf], base: &std::path::Path) -> i32 {
    let scenarios = scenarios_for(base);
    if !scenarios.exists() {
        eprintln!("error: {} has no scenario file ({})", base.display(), scenarios.display());
        return 1;
    }
    let files = match rule_files(paths) {
        Ok(files) => files,
        Err(e) => {
            eprintln!("error: {e}");
            return 1;
        }
    };
    let mut code = 0;
    for rules in files {
        match run_file(&rules, &scenarios) {
            Ok(run) => {
                let held = run.results.iter().filter(|r| r.holds).count();
                println!("{}: {held} of {} scenarios of {} hold", rules.display(), run.results.len(), base.display());
                for result in &run.results {
                    println!("  {} {}", if result.holds { "holds  " } else { "differs" }, terminal_safe(&result.name));
                }
                for diagnostic in &run.diagnostics {
                    // The base's scenario file, as a compiler names a place: FILE:LINE.
                    let (_, line, _) = run.source.locate(diagnostic.primary_span().start);
                    let file = terminal_safe(&run.source.name);
                    println!("    {file}:{line}: {}", terminal_safe(&diagnostic.message));
                }
            }
            Err(report) => {
                code = 1;
                println!("{}: the scenarios of {} cannot be run", rules.display(), base.display());
                eprint!("{}", render_all(&report.source, &report.diagnostics, color()));
            }
        }
    }
    code
}
