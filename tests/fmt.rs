//! `orrery fmt`: the canonical layout of rule files, comments kept, the
//! same game read back, idempotent; and the command as a user runs it.

use crate::run::orrery;
use orrery::syntax::format::{FormatError, format};
use orrery::syntax::parse;
use std::path::{Path, PathBuf};

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// Every `.rules` file under a folder, sorted.
fn rule_files(folder: &Path, found: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(folder).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rule_files(&path, found);
        } else if path.extension().is_some_and(|e| e == "rules") {
            found.push(path);
        }
    }
    found.sort();
}

fn bundled_games() -> Vec<PathBuf> {
    let mut found = Vec::new();
    rule_files(&Path::new(env!("CARGO_MANIFEST_DIR")).join("games"), &mut found);
    assert!(found.len() >= 15, "the bundled games and variants: {found:?}");
    found
}

/// The syntax tree of a rule file that parses, spans left out: what the
/// game says, whatever its layout.
fn tree(text: &str) -> String {
    let (file, diagnostics) = parse(text);
    assert!(diagnostics.is_empty(), "{diagnostics:?}\n{text}");
    let debug = format!("{:?}", file.items);
    let mut out = String::new();
    let mut rest = debug.as_str();
    while let Some(at) = rest.find("Span { start: ") {
        out.push_str(&rest[..at]);
        let after = &rest[at..];
        rest = &after[after.find('}').unwrap() + 1..];
    }
    out + rest
}

/// The comments of a rule file, in order: from `#` outside a string to the
/// end of its line.
fn comments(text: &str) -> Vec<String> {
    let mut found = Vec::new();
    for line in text.lines() {
        let mut in_string = false;
        for (i, c) in line.char_indices() {
            if c == '"' {
                in_string = !in_string;
            } else if c == '#' && !in_string {
                found.push(line[i..].trim_end().to_string());
                break;
            }
        }
    }
    found
}

fn formatted(text: &str) -> String {
    match format(text) {
        Ok(out) => out,
        Err(FormatError::Syntax(d)) => panic!("does not parse: {d:?}"),
        Err(FormatError::Unsafe(why)) => panic!("refused: {why}"),
    }
}

/// What every formatted file must be: one newline at the end, no trailing
/// whitespace, no tabs, two-space indentation, no runs of blank lines.
fn assert_canonical_shape(name: &str, out: &str) {
    assert!(out.ends_with('\n') && !out.ends_with("\n\n"), "{name}: one final newline");
    assert!(!out.contains("\n\n\n") && !out.starts_with('\n'), "{name}: blank-line runs");
    for (n, line) in out.lines().enumerate() {
        assert_eq!(line, line.trim_end(), "{name}:{}: trailing whitespace", n + 1);
        assert!(!line.contains('\t') || line.trim_start().starts_with('#'), "{name}:{}: a tab", n + 1);
        let indent = line.len() - line.trim_start().len();
        assert_eq!(indent % 2, 0, "{name}:{}: odd indentation: {line:?}", n + 1);
    }
}

#[test]
fn every_bundled_rule_file_formats_idempotently_to_the_same_game() {
    let mut changing = Vec::new();
    for path in bundled_games() {
        let name = path.display().to_string();
        let source = std::fs::read_to_string(&path).unwrap();
        let once = formatted(&source);
        let twice = formatted(&once);
        assert_eq!(once, twice, "{name}: formatting again changed it");
        assert_eq!(tree(&source), tree(&once), "{name}: reads differently once formatted");
        assert_eq!(comments(&source), comments(&once), "{name}: comments lost or moved");
        assert_canonical_shape(&name, &once);
        if once != source {
            changing.push(name);
        }
    }
    // The bundled files are kept in the layout: `orrery fmt games/` rewrites them.
    assert!(changing.is_empty(), "not in canonical layout (run `orrery fmt games/`): {changing:?}");
}

#[test]
fn formatted_games_play_the_same_moves() {
    // Formatted copies in a folder of their own, laid out as games/ is, so
    // that each variant finds its (formatted) base.
    let games = Path::new(env!("CARGO_MANIFEST_DIR")).join("games");
    let copies = fresh_dir("games");
    for path in bundled_games() {
        let copy = copies.join(path.strip_prefix(&games).unwrap());
        std::fs::create_dir_all(copy.parent().unwrap()).unwrap();
        std::fs::write(&copy, formatted(&std::fs::read_to_string(&path).unwrap())).unwrap();
    }
    for path in bundled_games() {
        let copy = copies.join(path.strip_prefix(&games).unwrap());
        let perft = |file: &Path| orrery(&["perft", file.to_str().unwrap(), "--depth", "2", "--divide"]);
        let (before, after) = (perft(&path), perft(&copy));
        assert!(before.status.success(), "{}: {}", path.display(), text(&before.stderr));
        assert_eq!(text(&before.stdout), text(&after.stdout), "{}: {}", path.display(), text(&after.stderr));
    }
    let _ = std::fs::remove_dir_all(&copies);
}

/// Odd indentation, spaces where none are wanted and none where they are,
/// tabs, runs of blank lines, blocks on one line and one block over
/// several, a long condition, and comments everywhere a comment can go.
const MESSY: &str = r##"   # A messy game: every kind of spacing a hand can make.
# Second line of the preamble.



game   "Messy"      # the title
players white,black
board square 8 x 8
directions forward { white: n  black: s }
region far {white:a8..h8 black:a1..h1}
region big = {a1, b1, c1, d1, e1, f1, g1, h1, a2, b2, c2, d2, e2, f2, g2, h2, a3, b3, c3, d3, e3, f3, g3, h3}
piece man
piece king   royal letter K
counter quiet = 0 per   player
option long = false


setup {
hand white :3 man
      white man on a1 , b2..c2   # two of them
   black king on {e8}
}
phase play {   # the only phase
	# a tab-indented comment
	must     capture
  move man { step forward to empty }
  jump: move man {hop diagonal over enemy to empty  capture over}
  move king when sites(friend and king) > 0 and sites(far and occupied) == 0 and count(opponent, man) > 3 or quiet >= 10 {
    step all to not friend and no along {n,s} is occupied
    # before the leap
    leap ( 1,2 ) to empty
  }


  move man when count ( mover , man ) > 2 # inside an entry
      and quiet < 5 { step forward to empty }
  move man when quiet < 3
  # on a line of its own, inside an entry
  and quiet > 1 { step forward to empty }
  if long { move man { slide all } } else { move man { step all  capture over } }

  after move: quiet  +=  1
  after capture: quiet=0
  # a last word before the brace
}
end{
  when blocked: mover loses "no moves # not a comment"
  when full(far): draw
}
repetition draw after 3 "threefold"
# the end
"##;

#[test]
fn a_messy_file_takes_the_canonical_layout() {
    let once = formatted(MESSY);
    insta::with_settings!({ snapshot_path => "snapshots", prepend_module_to_snapshot => false, omit_expression => true }, {
        insta::assert_snapshot!("fmt_messy", once);
    });
    assert_eq!(formatted(&once), once, "idempotent");
    assert_eq!(tree(MESSY), tree(&once));
    assert_canonical_shape("messy", &once);
}

#[test]
fn every_comment_survives_in_order() {
    let once = formatted(MESSY);
    let before = comments(MESSY);
    assert_eq!(before.len(), 11, "{before:?}");
    assert_eq!(comments(&once), before);
    // A `#` inside a string is not a comment, and stays in its string.
    assert!(once.contains("\"no moves # not a comment\""), "{once}");
}

#[test]
fn windows_line_endings_and_a_file_of_comments_only() {
    let crlf = "game \"A\"\r\nplayers a, b  # two\r\n\r\n\r\nboard square 3 x 3\r\n";
    assert_eq!(formatted(crlf), "game \"A\"\nplayers a, b  # two\n\nboard square 3 x 3\n");
    assert_eq!(formatted("  # only a comment  \n\n\n# and another"), "# only a comment\n\n# and another\n");
    assert_eq!(formatted(""), "");
}

#[test]
fn broken_files_are_refused_with_the_checkers_diagnostics_and_never_panic() {
    let folder = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/broken");
    let mut files = Vec::new();
    rule_files(&folder, &mut files);
    let mut refused = 0;
    for path in files {
        let source = std::fs::read_to_string(&path).unwrap();
        match format(&source) {
            // Files that parse (their mistakes are the checker's) are formatted like any other.
            Ok(once) => assert_eq!(formatted(&once), once, "{}", path.display()),
            Err(FormatError::Syntax(diagnostics)) => {
                assert!(diagnostics.iter().any(|d| d.is_error()), "{}", path.display());
                refused += 1;
            }
            Err(FormatError::Unsafe(why)) => panic!("{}: {why}", path.display()),
        }
    }
    assert!(refused > 0, "some broken files have syntax errors");
}

/// A fresh folder per test, so tests running side by side never meet.
fn fresh_dir(test: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("orrery-fmt-{test}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn check_lists_files_that_would_change_and_fmt_rewrites_them() {
    let dir = fresh_dir("check");
    let messy = dir.join("messy.rules");
    let tidy = dir.join("tidy.rules");
    std::fs::write(&messy, MESSY).unwrap();
    std::fs::write(&tidy, formatted(MESSY)).unwrap();
    let dir_arg = dir.to_str().unwrap();

    let out = orrery(&["fmt", "--check", dir_arg]);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    assert!(text(&out.stdout).contains("messy.rules"), "{}", text(&out.stdout));
    assert!(!text(&out.stdout).contains("tidy.rules"), "{}", text(&out.stdout));
    assert_eq!(std::fs::read_to_string(&messy).unwrap(), MESSY, "--check writes nothing");

    let out = orrery(&["fmt", "--stdout", messy.to_str().unwrap()]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(text(&out.stdout), formatted(MESSY));
    assert_eq!(std::fs::read_to_string(&messy).unwrap(), MESSY, "--stdout writes nothing");

    let out = orrery(&["fmt", dir_arg]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(std::fs::read_to_string(&messy).unwrap(), formatted(MESSY));

    let out = orrery(&["fmt", "--check", tidy.to_str().unwrap(), messy.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(0), "{}{}", text(&out.stdout), text(&out.stderr));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_file_that_does_not_parse_is_refused_and_left_as_it_was() {
    let dir = fresh_dir("broken");
    let broken = dir.join("broken.rules");
    let source = "game \"Broken\"\nplayers a, b\nphase play {\n  move man { step }\n}\n";
    std::fs::write(&broken, source).unwrap();
    let path = broken.to_str().unwrap();

    let check = orrery(&["check", "--no-run", path]);
    for args in [vec!["fmt", path], vec!["fmt", "--check", path], vec!["fmt", "--stdout", path]] {
        let out = orrery(&args);
        assert_eq!(out.status.code(), Some(1), "{args:?}");
        assert!(text(&out.stderr).contains("E0001"), "{args:?}: {}", text(&out.stderr));
        // The same diagnostic `orrery check` prints.
        let first = text(&check.stderr).lines().find(|l| l.contains("E0001")).map(String::from);
        assert!(
            first.is_some_and(|l| text(&out.stderr).contains(&l)),
            "{}\n{}",
            text(&check.stderr),
            text(&out.stderr)
        );
        assert_eq!(std::fs::read_to_string(&broken).unwrap(), source, "{args:?}: rewritten");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// A placement's guard and a flight keep their words in canonical layout.
#[test]
fn a_placement_guard_and_a_flight_format_in_place() {
    let messy = "game \"G\"\nplayers white, black\nboard square 3 x 3\npiece man\npiece king\n\
                 setup { hand white: 2 man  hand black: 2 man }\nphase play {\n\
                 place   king on empty   when count(mover,man)>=1 {capture custodial all}\n\
                 place man on empty\n  when blocked: pass\n\
                 move man   when count(mover) == 3 {fly   to empty}\n  move king { fly }\n}\n";
    let once = formatted(messy);
    let phase = &once[once.find("phase").expect("a phase")..];
    assert_eq!(
        phase,
        "phase play {\n  place king on empty when count(mover, man) >= 1 { capture custodial all }\n  \
         place man on empty\n  when blocked: pass\n  move man when count(mover) == 3 { fly to empty }\n  \
         move king { fly }\n}\n"
    );
    assert_eq!(formatted(&once), once, "idempotent");
    assert_eq!(tree(messy), tree(&once));
}

/// The small rule files of the tests format to the same game.
#[test]
fn the_test_games_format_to_the_same_game() {
    let mut files = Vec::new();
    rule_files(&Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/games"), &mut files);
    assert!(files.len() >= 5, "{files:?}");
    for path in files {
        let source = std::fs::read_to_string(&path).unwrap();
        let once = formatted(&source);
        assert_eq!(formatted(&once), once, "{}: formatting again changed it", path.display());
        assert_eq!(tree(&source), tree(&once), "{}: reads differently once formatted", path.display());
    }
}

/// `board hex hexagon N` and `condition NAME = …` keep their layout, and
/// a messy spelling of them takes it.
#[test]
fn hexagon_boards_and_named_conditions_take_the_canonical_layout() {
    for name in ["hexagon_placement", "hexagon_steps", "named_condition"] {
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("tests/games/{name}.rules"));
        let source = std::fs::read_to_string(&path).unwrap();
        assert_eq!(formatted(&source), source, "{name} is in the canonical layout");
    }
    let messy = "game \"G\"\nplayers a, b\nboard   hex\n  hexagon 4\npiece p\n\
        condition   calm=empty and\n   no next all is enemy\nphase play {\nplace p on calm\n}\n";
    let once = formatted(messy);
    assert!(once.contains("\nboard hex hexagon 4\n"), "{once}");
    assert!(once.contains("\ncondition calm = empty and no next all is enemy\n"), "{once}");
    assert_eq!(tree(messy), tree(&once));
    assert_eq!(formatted(&once), once);
}

/// Numbers read from the board (counts along a line, groups, hands, the
/// last move's captures, counts of sites, run lengths) keep their layout:
/// a call's `(` follows its name, a range stays one token.
#[test]
fn counts_groups_and_run_lengths_take_the_canonical_layout() {
    let messy = "game \"Counts\"\nplayers black, white\nboard square 5 x 5\npiece stone\n\
        setup { hand black : 5 stone  hand white: 5 stone }\n\
        phase play {\n  place stone on empty and count ( next all is friend ) >= 2 { capture custodial orthogonal 1..2 }\n\
        move stone { slide all by count ( line is occupied ) over friend to not friend }\n\
        move stone when captured>0 { slide orthogonal by hand ( mover , stone ) + 1 }\n}\n\
        end { when groups ( mover , orthogonal ) == 1 and hand(opponent) == 0: mover wins }\n";
    let once = formatted(messy);
    for expected in [
        "place stone on empty and count(next all is friend) >= 2 {",
        "capture custodial orthogonal 1..2",
        "slide all by count(line is occupied) over friend to not friend",
        "move stone when captured > 0 {",
        "slide orthogonal by hand(mover, stone) + 1",
        "when groups(mover, orthogonal) == 1 and hand(opponent) == 0: mover wins",
    ] {
        assert!(once.contains(expected), "`{expected}` in:\n{once}");
    }
    assert_eq!(formatted(&once), once, "idempotent");
    assert_eq!(tree(messy), tree(&once));
    assert_canonical_shape("counts", &once);
    for game in ["tests/games/lines_of_action_5x5.rules", "tests/games/custodial_pairs.rules"] {
        let source = std::fs::read_to_string(game).expect("test game");
        assert_eq!(formatted(&source), source, "{game} is in canonical layout");
    }
}

/// Race moves keep their words in canonical layout: `must use most dice`
/// one token with one space, `advance … by dice … off exact when …`,
/// `from hand`, `doubles twice`; the race games are written so already.
#[test]
fn race_moves_take_the_canonical_layout() {
    let messy = "game \"Race\"\nplayers white, black\nboard square 4 x 1\npiece stone returns\n\
        track race = a1 - b1 - c1 - d1\ndice d1,d2 of 6 sides   doubles   twice\n\
        setup { hand white: 2 stone }\nphase throw by chance { next play }\n\
        phase play {\n  turn stays\n  must   use most\tdice\n\
        move stone  from   hand { advance race by dice to empty }\n\
        move stone when hand(mover)==0 {advance race by dice to not enemy   off exact when count(mover)>=1}\n\
        move stone { advance race by d1+d2 off }\n  when blocked: next throw passing the turn\n}\n";
    let once = formatted(messy);
    for expected in [
        "dice d1, d2 of 6 sides doubles twice\n",
        "  must use most dice\n",
        "  move stone from hand { advance race by dice to empty }\n",
        "  move stone when hand(mover) == 0 {\n    advance race by dice to not enemy off exact when count(mover) >= 1\n  }\n",
        "  move stone { advance race by d1 + d2 off }\n",
    ] {
        assert!(once.contains(expected), "`{expected}` in:\n{once}");
    }
    assert_eq!(formatted(&once), once, "idempotent");
    assert_eq!(tree(messy), tree(&once));
    for game in ["games/backgammon.rules", "tests/games/rosettes.rules"] {
        let source = std::fs::read_to_string(game).expect("race game");
        assert_eq!(formatted(&source), source, "{game} is in canonical layout");
    }
}

/// Drops' words keep their place: `returns as TYPE to capturer` on a piece,
/// `promote … on … or from … to …`, and `forbid leaves` in a placement's
/// block; Minishogi is written so already, apart from its setup lines.
#[test]
fn drops_and_zone_promotions_take_the_canonical_layout() {
    let messy = "game \"Drops\"\nplayers white, black\nboard square 3 x 3\nregion far { white: a3..c3  black: a1..c1 }\n\
        piece king royal\npiece man   returns  to capturer\npiece lord returns as   man to capturer letter L\n\
        setup { white king on a1  black king on c3 }\nphase play {\n  move king { step all to not friend }\n\
        move man { step n to not friend }\n  move lord { step all to not friend }\n\
        place man on not far {forbid   leaves threatened(opponent,king) and blocked}\n\
        promote man on far or   from far to lord,man\n}\n";
    let once = formatted(messy);
    for expected in [
        "piece man returns to capturer\n",
        "piece lord returns as man to capturer letter L\n",
        "  place man on not far { forbid leaves threatened(opponent, king) and blocked }\n",
        "  promote man on far or from far to lord, man\n",
    ] {
        assert!(once.contains(expected), "`{expected}` in:\n{once}");
    }
    assert_eq!(formatted(&once), once, "idempotent");
    assert_eq!(tree(messy), tree(&once));
}

/// Per-player blocks and a setup stay on one line when they fit; a move's
/// block of several flat statements too, two spaces apart; a long condition
/// breaks outside calls, each line indented by the brackets open.
#[test]
fn short_blocks_stay_on_one_line_and_long_conditions_show_their_nesting() {
    let messy = "game \"G\"\nplayers white, black\nboard square 8 x 8\n\
        directions forward {\n white: n\n black: s\n}\nregion far {\nwhite: a8..h8\nblack: a1..h1\n}\n\
        piece man\npiece king\nsetup {\nhand white: 3 man\nhand black: 3 man\n}\n\
        phase play {\n  move man {\n hop forward over enemy to empty\n capture over\n }\n\
        place man on empty\n}\n\
        end {\n  rare: when sites(king or man) == 0 and (sites(man and far) == 0 or (sites(king) == 1 \
        and (sites(man and not far) == 0 or sites(king and far) == 0))): draw \"rare\"\n}\n";
    let once = formatted(messy);
    assert!(once.contains("\ndirections forward { white: n  black: s }\n"), "{once}");
    assert!(once.contains("\nregion far { white: a8..h8  black: a1..h1 }\n"), "{once}");
    assert!(once.contains("\nsetup { hand white: 3 man  hand black: 3 man }\n"), "{once}");
    assert!(once.contains("\n  move man { hop forward over enemy to empty  capture over }\n"), "{once}");
    // Broken outside calls, each line indented by the brackets open.
    let expected = "  rare: when sites(king or man) == 0\n\
                    \x20   and (sites(man and far) == 0\n\
                    \x20     or (sites(king) == 1\n\
                    \x20       and (sites(man and not far) == 0 or sites(king and far) == 0))): draw \"rare\"\n";
    assert!(once.contains(expected), "{once}");
    assert_eq!(formatted(&once), once, "idempotent");
}
