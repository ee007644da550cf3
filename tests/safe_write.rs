//! A command that rewrites or saves a user's file never cuts it: under a
//! file-size limit (as on a full disk) or in a read-only folder the write
//! fails, the command says so with a non-zero status, and the file is
//! exactly as it was, with no temporary file left beside it.

use crate::run::typing as run;
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// A fresh folder for one test.
fn folder(test: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("orrery-safe-write-{test}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// `orrery ARGS` typing `input`, with files limited to `kib` KiB and the
/// limit's signal ignored, so a write past it fails as on a full disk.
fn orrery_limited(kib: u32, args: &[&str], input: &str) -> Output {
    let script = format!("trap '' XFSZ; ulimit -f {kib}; exec \"$0\" \"$@\"");
    run(Command::new("bash").arg("-c").arg(script).arg(env!("CARGO_BIN_EXE_orrery")).args(args), input)
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// The names in `dir`, sorted: a left temporary file shows here.
fn names(dir: &Path) -> Vec<String> {
    let mut names: Vec<_> =
        std::fs::read_dir(dir).unwrap().map(|e| e.unwrap().file_name().to_string_lossy().into_owned()).collect();
    names.sort();
    names
}

/// A 17 KB rule file, a bundled game with a hundred more comment lines,
/// that `fmt` rewrites (one line is spaced wrongly).
fn big_unformatted_rules(dir: &Path) -> PathBuf {
    let mut text = std::fs::read_to_string("games/sun_and_moon.rules").unwrap();
    text = text.replacen("\nplayers moon, sun", "\nplayers  moon ,  sun", 1);
    for i in 0..100 {
        text.push_str(&format!("# a comment kept by every rewrite, number {i}\n"));
    }
    let file = dir.join("big.rules");
    std::fs::write(&file, &text).unwrap();
    file
}

#[test]
fn fmt_past_a_size_limit_leaves_the_file_whole() {
    let dir = folder("fmt");
    let file = big_unformatted_rules(&dir);
    let before = std::fs::read(&file).unwrap();
    assert!(before.len() > 12_000);

    let out = orrery_limited(8, &["fmt", file.to_str().unwrap()], "");
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stdout));
    let stderr = text(&out.stderr);
    assert!(stderr.contains("cannot write") && stderr.contains("unchanged"), "{stderr}");
    assert_eq!(std::fs::read(&file).unwrap(), before, "the file was cut");
    assert_eq!(names(&dir), ["big.rules"]);

    // Without the limit the same command rewrites it, comments and all.
    let out = run(Command::new(env!("CARGO_BIN_EXE_orrery")).args(["fmt", file.to_str().unwrap()]), "");
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let after = std::fs::read_to_string(&file).unwrap();
    assert_ne!(after.as_bytes(), before);
    assert_eq!(after.matches("a comment kept by every rewrite").count(), 100);
}

#[test]
fn fmt_keeps_permissions_and_writes_through_a_link() {
    let dir = folder("mode");
    let file = big_unformatted_rules(&dir);
    std::fs::set_permissions(&file, std::fs::Permissions::from_mode(0o640)).unwrap();
    let link = dir.join("link.rules");
    std::os::unix::fs::symlink(&file, &link).unwrap();

    let out = run(Command::new(env!("CARGO_BIN_EXE_orrery")).args(["fmt", link.to_str().unwrap()]), "");
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(std::fs::symlink_metadata(&link).unwrap().file_type().is_symlink(), "the link stays a link");
    assert!(std::fs::read_to_string(&file).unwrap().contains("\nplayers moon, sun\n"), "the linked file is formatted");
    assert_eq!(std::fs::metadata(&file).unwrap().permissions().mode() & 0o777, 0o640);
    assert_eq!(names(&dir), ["big.rules", "link.rules"]);
}

#[test]
fn bless_past_a_size_limit_leaves_the_scenarios_whole() {
    let dir = folder("bless");
    std::fs::copy("games/tic_tac_toe.rules", dir.join("tic_tac_toe.rules")).unwrap();
    let scenarios = dir.join("tic_tac_toe.tests.toml");
    let mut fixture = std::fs::read_to_string("tests/scenarios/bless_tic_tac_toe.tests.toml").unwrap();
    fixture.insert_str(0, &"# a comment line the blessing keeps\n".repeat(10));
    std::fs::write(&scenarios, fixture).unwrap();
    let before = std::fs::read(&scenarios).unwrap();
    assert!(before.len() > 1024, "the blessed file outgrows the limit");

    let out = orrery_limited(1, &["test", "--bless", scenarios.to_str().unwrap()], "");
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stdout));
    assert!(text(&out.stderr).contains("unchanged"), "{}", text(&out.stderr));
    assert_eq!(std::fs::read(&scenarios).unwrap(), before, "the scenario file was cut");
    assert_eq!(names(&dir), ["tic_tac_toe.rules", "tic_tac_toe.tests.toml"]);
}

#[test]
fn a_failed_save_in_play_keeps_the_old_save() {
    let dir = folder("play");
    let save = dir.join("game.jsonl");
    std::fs::write(&save, "an earlier save\n").unwrap();

    let input = format!("c3\nsave {}\nquit\n", save.display());
    let out = orrery_limited(0, &["play", "games/tic_tac_toe.rules"], &input);
    assert!(text(&out.stdout).contains("cannot write"), "{}", text(&out.stdout));
    assert_eq!(std::fs::read_to_string(&save).unwrap(), "an earlier save\n");
    assert_eq!(names(&dir), ["game.jsonl"]);
}

#[test]
fn a_failed_new_leaves_nothing_half_made() {
    let dir = folder("new");
    let out = orrery_limited(0, &["new", "my_game", "--dir", dir.to_str().unwrap()], "");
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stdout));
    assert!(text(&out.stderr).contains("cannot write"), "{}", text(&out.stderr));
    assert!(names(&dir).is_empty(), "{:?}", names(&dir));
}

/// `orrery ARGS` unable to write into `dir`: made read-only, and run as an
/// unprivileged user when the tests run as root (root writes anywhere).
/// None when that user cannot be taken.
fn orrery_in_read_only(dir: &Path, args: &[&str]) -> Option<Output> {
    std::fs::set_permissions(dir, std::fs::Permissions::from_mode(0o555)).unwrap();
    let is_root = run(Command::new("id").arg("-u"), "").stdout.starts_with(b"0\n");
    let mut command = if is_root {
        let mut c = Command::new("setpriv");
        c.args(["--reuid=65534", "--regid=65534", "--clear-groups", env!("CARGO_BIN_EXE_orrery")]);
        c
    } else {
        Command::new(env!("CARGO_BIN_EXE_orrery"))
    };
    let out = run(command.args(args), "");
    let unprivileged = text(&out.stderr).contains("setpriv");
    std::fs::set_permissions(dir, std::fs::Permissions::from_mode(0o755)).unwrap();
    if unprivileged {
        eprintln!("skipped: cannot run as an unprivileged user here: {}", text(&out.stderr));
        return None;
    }
    Some(out)
}

#[test]
fn fmt_in_a_read_only_folder_says_so_and_leaves_the_file() {
    let dir = folder("read-only");
    let file = big_unformatted_rules(&dir);
    // Writable in itself: only the folder refuses a new file.
    std::fs::set_permissions(&file, std::fs::Permissions::from_mode(0o666)).unwrap();
    let before = std::fs::read(&file).unwrap();
    let Some(out) = orrery_in_read_only(&dir, &["fmt", file.to_str().unwrap()]) else { return };
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stdout));
    assert!(text(&out.stderr).contains("cannot write"), "{}", text(&out.stderr));
    assert_eq!(std::fs::read(&file).unwrap(), before);
    assert_eq!(names(&dir), ["big.rules"]);
}
