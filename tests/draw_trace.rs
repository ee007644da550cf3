//! The author's loop on the command line: `orrery draw --trace T --ply N`
//! draws a recorded game's position with its last move marked, and `show`
//! and `diff` take `--option` as the game-running commands do.

use crate::run::orrery;
use orrery::game::Game;
use orrery::render::{LastMove, board_text_marking, picture_svg};

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// A seeded game of `rules` recorded as a transcript in a temporary file.
fn transcript(rules: &str, seed: &str, name: &str) -> std::path::PathBuf {
    let out = orrery(&["trace", rules, "--seed", seed, "--format", "json"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let dir = std::env::temp_dir().join(format!("orrery-draw-trace-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, &out.stdout).unwrap();
    path
}

/// The moves of a transcript, in order.
fn moves(path: &std::path::Path) -> Vec<String> {
    std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .filter_map(|l| serde_json::from_str::<serde_json::Value>(l).ok())
        .filter_map(|v| v.get("move").and_then(|m| m.as_str()).map(str::to_string))
        .collect()
}

/// `draw --trace --ply N` draws what replaying the first N moves gives, the
/// Nth marked, in SVG and in text.
#[test]
fn draw_after_a_ply_is_the_replayed_position() {
    for (rules, seed) in [("games/chess.rules", "3"), ("games/zodiac.rules", "5"), ("games/flying_obelisks.rules", "2")]
    {
        let path = transcript(rules, seed, &format!("{seed}.jsonl"));
        let moves = moves(&path);
        // Twelve plies in, or the last when the game is shorter.
        let ply = moves.len().min(12);
        assert!(ply > 3, "{rules}: {} moves", moves.len());
        let game = Game::load(rules).expect("loads");
        let mut state = game.initial_state();
        let mut last = None;
        for text in &moves[..ply] {
            let before = state.clone();
            let mv = state.play(text).expect("replays");
            last = Some(LastMove::between(&before, &mv, &state));
        }
        let last = last.expect("a move");

        let n = ply.to_string();
        let out = orrery(&["draw", rules, "--trace", path.to_str().unwrap(), "--ply", &n]);
        assert!(out.status.success(), "{rules}: {}", text(&out.stderr));
        let svg = text(&out.stdout);
        assert_eq!(svg, picture_svg(&state, Some(&last)), "{rules}");
        if last.from.is_some() && last.to.is_some() {
            assert_eq!(svg.matches(r#"<line class="last-move""#).count(), 1, "{rules}");
        }
        assert!(svg.contains(&format!("last move: {} by", moves[ply - 1])), "{rules}");

        let out = orrery(&["draw", rules, "--trace", path.to_str().unwrap(), "--ply", &n, "--format", "text"]);
        assert!(out.status.success(), "{rules}: {}", text(&out.stderr));
        let shown = text(&out.stdout);
        // The board with the last move's sites marked (start, destination, captures).
        let marks: Vec<_> = last.from.into_iter().chain(last.to).chain(last.captured.iter().copied()).collect();
        assert!(!marks.is_empty(), "{rules}");
        assert!(shown.starts_with(&board_text_marking(&state, &marks)), "{rules}:\n{shown}");
        assert!(shown.contains("\nlegend: "), "{rules}:\n{shown}");
        assert!(shown.contains(&format!("last move: {} by", moves[ply - 1])), "{rules}:\n{shown}");
    }
}

/// Ply 0 is the start, unmarked; no `--ply` is the end of the game.
#[test]
fn ply_zero_is_the_start_and_no_ply_the_end() {
    let path = transcript("games/man_in_the_moon.rules", "4", "moon.jsonl");
    let start = orrery(&["draw", "games/man_in_the_moon.rules", "--trace", path.to_str().unwrap(), "--ply", "0"]);
    let plain = orrery(&["draw", "games/man_in_the_moon.rules"]);
    assert_eq!(text(&start.stdout), text(&plain.stdout));
    let end = orrery(&["draw", "games/man_in_the_moon.rules", "--trace", path.to_str().unwrap(), "--format", "text"]);
    assert!(end.status.success(), "{}", text(&end.stderr));
    assert!(text(&end.stdout).contains(" wins ") || text(&end.stdout).contains("draw ("), "{}", text(&end.stdout));
}

/// A ply past the end, a missing file, a transcript of another game, or an
/// illegal move: a clear error and exit code 1, never a panic.
#[test]
fn bad_plies_and_files_are_errors() {
    let path = transcript("games/man_in_the_moon.rules", "4", "bad.jsonl");
    let plies = moves(&path).len();
    let past = (plies + 1).to_string();
    let out = orrery(&["draw", "games/man_in_the_moon.rules", "--trace", path.to_str().unwrap(), "--ply", &past]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        text(&out.stderr).contains(&format!("has {plies} plies; --ply takes 0 to {plies}")),
        "{}",
        text(&out.stderr)
    );

    let out = orrery(&["draw", "games/man_in_the_moon.rules", "--trace", "no/such/file.jsonl", "--ply", "1"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stderr).contains("cannot read no/such/file.jsonl"), "{}", text(&out.stderr));

    let out = orrery(&["draw", "games/chess.rules", "--trace", path.to_str().unwrap(), "--ply", "1"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stderr).contains("is a transcript of `Man in the Moon`"), "{}", text(&out.stderr));

    let broken = path.with_file_name("broken.jsonl");
    let mut lines: Vec<String> = std::fs::read_to_string(&path).unwrap().lines().map(str::to_string).collect();
    lines[3] = lines[3].replacen("\"move\":\"", "\"move\":\"z9", 1);
    std::fs::write(&broken, lines.join("\n")).unwrap();
    let out = orrery(&["draw", "games/man_in_the_moon.rules", "--trace", broken.to_str().unwrap(), "--ply", "5"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stderr).contains("line 4:"), "{}", text(&out.stderr));
    std::fs::write(&broken, "not json\n").unwrap();
    let out = orrery(&["draw", "games/man_in_the_moon.rules", "--trace", broken.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    assert!(!text(&out.stderr).contains("panicked"), "{}", text(&out.stderr));
}

/// `show --option` writes the option's value as the file's own, its default
/// noted; what it prints is a rule file whose default is that value.
#[test]
fn show_with_an_option_writes_its_value() {
    let out = orrery(&["show", "games/variants/big_moon.rules", "--option", "long_moves=true"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let shown = text(&out.stdout);
    let line = shown.lines().find(|l| l.starts_with("option long_moves")).expect("the option's line");
    assert!(line.starts_with("option long_moves = true"), "{line}");
    assert!(line.ends_with("# set by --option; the file's default is false"), "{line}");
    let dir = std::env::temp_dir().join(format!("orrery-show-option-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("shown.rules");
    std::fs::write(&path, &shown).unwrap();
    let game = Game::load(&path).expect("the shown file compiles");
    assert_eq!(game.option_values, [1], "{line}");

    let out = orrery(&["show", "games/man_in_the_moon.rules", "--option", "long_move=true"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stderr).contains("no option `long_move`"), "{}", text(&out.stderr));
    let out = orrery(&["show", "games/man_in_the_moon.rules", "--option", "long_moves"]);
    assert_eq!(out.status.code(), Some(1));
}

/// `diff FILE --option` compares a game with itself under the option; with
/// two files the option applies to each that declares it.
#[test]
fn diff_with_options() {
    // The pie rule changes blue's first move.
    let out = orrery(&["diff", "games/hex.rules", "--option", "swap=true"]);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    let shown = text(&out.stdout);
    assert!(shown.starts_with("--- games/hex.rules\n+++ games/hex.rules with swap=true\n"), "{shown}");
    assert!(shown.contains("~ option swap"), "{shown}");
    assert!(shown.contains("legal moves first differ after a1:"), "{shown}");
    assert!(shown.contains("perft first differs at depth 2"), "{shown}");

    let out = orrery(&[
        "diff",
        "games/man_in_the_moon.rules",
        "games/variants/big_moon.rules",
        "--option",
        "long_moves=true",
    ]);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    let shown = text(&out.stdout);
    assert!(
        shown.starts_with(
            "--- games/man_in_the_moon.rules with long_moves=true\n+++ games/variants/big_moon.rules with long_moves=true\n"
        ),
        "{shown}"
    );

    let out = orrery(&["diff", "games/man_in_the_moon.rules", "--option", "nothing=1"]);
    assert_eq!(out.status.code(), Some(2));
    let out = orrery(&["diff", "games/man_in_the_moon.rules"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("give a second rule file"), "{}", text(&out.stderr));
}

/// Without the `png` feature, `--format png` says how to get it; with it,
/// the picture is a PNG of the SVG picture's size.
#[test]
fn png_pictures() {
    let out = orrery(&["draw", "games/zodiac.rules", "--format", "png"]);
    if cfg!(feature = "png") {
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        let png = &out.stdout;
        assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n", "a PNG signature");
        // The IHDR chunk's width and height, as the SVG's viewBox says.
        let size = |at: usize| u32::from_be_bytes(png[at..at + 4].try_into().unwrap());
        let svg = String::from_utf8(orrery(&["draw", "games/zodiac.rules"]).stdout).unwrap();
        assert!(svg.contains(&format!("width=\"{}\" height=\"{}\"", size(16), size(20))), "{svg}");
    } else {
        assert_eq!(out.status.code(), Some(1));
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains("built without PNG pictures") && err.contains("--features png"), "{err}");
        assert!(out.stdout.is_empty());
    }
}
