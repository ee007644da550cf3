//! Text pictures of positions (`orrery::render::board_text`): graph boards
//! drawn from their points' coordinates, square boards as a grid. The
//! pictures are snapshotted in `tests/snapshots/render__*.snap`; after a
//! deliberate change run `INSTA_UPDATE=always cargo test --test render` and
//! read the new snapshots.

use orrery::diagnostics::Source;
use orrery::game::Game;
use orrery::render::board_text;
use std::fmt::Write as _;

/// The initial position of a game given as rule text, drawn.
fn draw(name: &str, text: &str) -> String {
    let game = Game::from_source(Source::new(name, text), &[]).unwrap_or_else(|e| panic!("{name} should compile: {e}"));
    let state = game.initial_state();
    let picture = board_text(&state);
    assert_eq!(picture, board_text(&state), "{name}: the picture must be deterministic");
    picture
}

/// The picture part of a graph board's text: everything before the blank line
/// that separates it from the list of sites (the legend included).
fn picture_of(text: &str) -> &str {
    text.split("\n\n").next().unwrap_or_default()
}

/// The rows of the picture itself, without the legend of names that did not fit.
fn picture_rows(text: &str) -> Vec<&str> {
    picture_of(text).lines().take_while(|l| !l.starts_with("names that did not fit")).collect()
}

/// The points drawn in the picture: piece symbols and `.` for empty points.
fn marks(text: &str) -> usize {
    picture_rows(text).iter().flat_map(|l| l.chars()).filter(|c| matches!(c, 'D' | 'd' | '.')).count()
}

/// Checks the size limits, that every name is either in the picture or in
/// its legend, and that the list of sites (one `NAME  contents` line per
/// point, in order) follows the picture unchanged.
fn check_layout(text: &str, names: &[String]) {
    let (picture, list) = text.split_once("\n\n").expect("a blank line between the picture and the list of sites");
    let rows = picture_rows(text);
    assert!(rows.len() <= 25, "{} rows:\n{picture}", rows.len());
    for line in picture.lines() {
        assert!(line.chars().count() <= 72, "too wide: {line:?}");
    }
    let words: Vec<&str> = picture.split(|c: char| !(c.is_ascii_alphanumeric() || c == '_')).collect();
    for name in names {
        assert!(words.contains(&name.as_str()), "{name} is in the picture or its legend:\n{picture}");
    }
    let listed: Vec<&str> = list.lines().map(|l| l.split_whitespace().next().unwrap_or_default()).collect();
    assert_eq!(listed, names, "the list of sites");
}

const HEXAGRAM: &str = r#"game "Hexagram"
players black, white
board graph {
  point A090 at (0, 1)
  point A210 at (-0.866, -0.5)
  point A330 at (0.866, -0.5)
  point B270 at (0, -1)
  point B030 at (0.866, 0.5)
  point B150 at (-0.866, 0.5)
  point I000 at (0.577, 0)
  point I060 at (0.289, 0.5)
  point I120 at (-0.289, 0.5)
  point I180 at (-0.577, 0)
  point I240 at (-0.289, -0.5)
  point I300 at (0.289, -0.5)
  line L1: A090 - I120 - I180 - A210
  line L2: A210 - I240 - I300 - A330
  line L3: A330 - I000 - I060 - A090
  line L4: B270 - I300 - I000 - B030
  line L5: B030 - I060 - I120 - B150
  line L6: B150 - I180 - I240 - B270
}
piece disc
setup {
  black disc on A090, A210, A330
  white disc on B270, B030, B150
}
phase play {
  move disc { step lines }
}
"#;

#[test]
fn hexagram() {
    let text = draw("hexagram.rules", HEXAGRAM);
    let names: Vec<String> =
        "A090 A210 A330 B270 B030 B150 I000 I060 I120 I180 I240 I300".split(' ').map(String::from).collect();
    check_layout(&text, &names);
    let picture = picture_of(&text);
    assert!(!picture.contains("names that did not fit"), "every name fits:\n{picture}");
    assert_eq!(picture.matches('D').count(), 3, "three black discs:\n{picture}");
    assert_eq!(picture.matches('d').count(), 3, "three white discs:\n{picture}");
    assert_eq!(picture.matches('.').count(), 6, "six empty points:\n{picture}");
    insta::assert_snapshot!("hexagram", text);
}

/// One point and nothing to join it to.
const SINGLE_POINT: &str = r#"game "Single point"
players black, white
board graph {
  point P at (3, -7)
}
piece disc
setup {
  black disc on P
}
phase play {
  move disc { step lines }
}
"#;

#[test]
fn single_point() {
    let text = draw("single_point.rules", SINGLE_POINT);
    check_layout(&text, &["P".to_string()]);
    insta::assert_snapshot!("single_point", text);
}

/// A single line whose points all have the same y: a picture one row tall.
const SINGLE_LINE: &str = r#"game "Single line"
players black, white
board graph {
  point W at (-2, 5)
  point X at (-1, 5)
  point Y at (0, 5)
  point Z at (1, 5)
  line L: W - X - Y - Z
}
piece disc
setup {
  black disc on W
  white disc on Z
}
phase play {
  move disc { step lines }
}
"#;

#[test]
fn single_line() {
    let text = draw("single_line.rules", SINGLE_LINE);
    check_layout(&text, &["W", "X", "Y", "Z"].map(String::from));
    assert_eq!(picture_of(&text).lines().count(), 1, "one row:\n{text}");
    insta::assert_snapshot!("single_line", text);
}

/// The same line stood upright: every point on one x.
const UPRIGHT_LINE: &str = r#"game "Upright line"
players black, white
board graph {
  point W at (0, -200)
  point X at (0, -100)
  point Y at (0, 0)
  point Z at (0, 100)
  line L: W - X - Y - Z
}
piece disc
setup {
  black disc on W
}
phase play {
  move disc { step lines }
}
"#;

#[test]
fn upright_line() {
    let text = draw("upright_line.rules", UPRIGHT_LINE);
    check_layout(&text, &["W", "X", "Y", "Z"].map(String::from));
    insta::assert_snapshot!("upright_line", text);
}

const SQUARE: &str = r#"game "Square"
players white, black
board square 5 x 5
piece man
setup {
  white man on a1, b2, e1
  black man on a5, d4, e5
}
phase play {
  move man { step orthogonal }
}
"#;

#[test]
fn square_5x5() {
    let text = draw("square.rules", SQUARE);
    insta::assert_snapshot!("square_5x5", text);
}

/// A graph board given as rule text: points with their coordinates, then lines.
fn graph_game(points: &[(String, f64, f64)], lines: &[Vec<usize>], closed: bool) -> String {
    let mut text = String::from("game \"Generated\"\nplayers black, white\nboard graph {\n");
    for (name, x, y) in points {
        writeln!(text, "  point {name} at ({x}, {y})").unwrap();
    }
    for (i, line) in lines.iter().enumerate() {
        let path: Vec<&str> = line.iter().map(|&p| points[p].0.as_str()).collect();
        writeln!(text, "  {} L{i}: {}", if closed { "circle" } else { "line" }, path.join(" - ")).unwrap();
    }
    let black: Vec<&str> = points.iter().step_by(3).map(|p| p.0.as_str()).collect();
    let white: Vec<&str> = points.iter().skip(1).step_by(3).map(|p| p.0.as_str()).collect();
    writeln!(
        text,
        "}}\npiece disc\nsetup {{\n  black disc on {}\n  white disc on {}\n}}",
        black.join(", "),
        white.join(", ")
    )
    .unwrap();
    text.push_str("phase play {\n  move disc { step lines }\n}\n");
    text
}

/// Coordinates written as Orrery numbers: a decimal point only with digits after it.
fn number(v: f64) -> f64 {
    (v * 1000.0).round() / 1000.0
}

#[test]
fn one_hundred_twenty_eight_points_stay_within_bounds() {
    // A spiral from tiny to very large radii, negative coordinates included.
    let points: Vec<(String, f64, f64)> = (0..128)
        .map(|i| {
            let (angle, radius) = (i as f64 * 0.7, 1.5f64.powi(i / 4));
            (format!("P{i:03}"), number(radius * angle.cos()), number(radius * angle.sin()))
        })
        .collect();
    let lines: Vec<Vec<usize>> = (0..128).collect::<Vec<_>>().chunks(16).map(<[usize]>::to_vec).collect();
    let text = draw("spiral.rules", &graph_game(&points, &lines, false));
    let names: Vec<String> = points.iter().map(|p| p.0.clone()).collect();
    check_layout(&text, &names);
    assert_eq!(marks(&text), 128, "every point drawn once:\n{text}");
}

#[test]
fn grid_of_128_points() {
    // 16 x 8 points a unit apart, joined along rows and columns: too many to
    // name on one row, so most names go to the legend.
    let points: Vec<(String, f64, f64)> =
        (0..128).map(|i| (format!("G{i}"), (i % 16) as f64 - 8.0, (i / 16) as f64 * -3.0)).collect();
    let mut lines: Vec<Vec<usize>> = (0..8).map(|r| (r * 16..r * 16 + 16).collect()).collect();
    lines.extend((0..16).map(|c| (0..8).map(|r| r * 16 + c).collect()));
    let text = draw("grid.rules", &graph_game(&points, &lines, false));
    let names: Vec<String> = points.iter().map(|p| p.0.clone()).collect();
    check_layout(&text, &names);
    assert_eq!(marks(&text), 128, "every point drawn once:\n{text}");
}

#[test]
fn coinciding_points_are_all_drawn() {
    let points: Vec<(String, f64, f64)> = (0..6).map(|i| (format!("Q{i}"), 4.0, -4.0)).collect();
    let text = draw("coinciding.rules", &graph_game(&points, &[vec![0, 1, 2, 3, 4, 5]], true));
    let names: Vec<String> = points.iter().map(|p| p.0.clone()).collect();
    check_layout(&text, &names);
    assert_eq!(marks(&text), 6, "every point drawn once:\n{text}");
    insta::assert_snapshot!("coinciding", text);
}

#[test]
fn far_apart_and_long_names() {
    let points = vec![
        ("a_very_long_point_name_indeed_far_west".to_string(), -1000000000.0, 0.0),
        ("b".to_string(), 0.0, 0.0),
        ("c".to_string(), 0.001, 0.0),
        ("another_very_long_name_far_to_the_east".to_string(), 1000000000.0, 1000000000.0),
    ];
    let text = draw("far.rules", &graph_game(&points, &[vec![0, 1, 2, 3]], false));
    let names: Vec<String> = points.iter().map(|p| p.0.clone()).collect();
    check_layout(&text, &names);
}

/// Three players: case tells only two owners apart, so a grid gives each
/// piece two characters (its type's letter, its owner's number), with the
/// last move's brackets still around whole cells, and the legend says so.
#[test]
fn three_players_grid_names_type_and_owner() {
    let text = "game \"Three\"\nplayers red, green, blue\nboard square 3 x 2\npiece stone\npiece tower\n\
                setup {\n  red stone on a1\n  green tower on b1\n  blue stone on c2\n  blue tower on a2\n}\n\
                phase play {\n  move stone { step orthogonal }\n}\n";
    let game = Game::from_source(Source::new("three.rules", text), &[]).expect("compiles");
    let state = game.initial_state();
    assert_eq!(board_text(&state), " 2  T3 .  S3\n 1  S1 T2 . \n    a  b  c \n");
    let c2 = game.board.site("c2").unwrap();
    assert_eq!(orrery::render::board_text_marking(&state, &[c2]), " 2  T3 . [S3]\n 1  S1 T2 . \n    a  b  c \n");
    assert_eq!(
        orrery::render::legend_text(&state),
        "legend: 1 red, 2 green, 3 blue; S stone, T tower \
         (a grid writes a piece as its letter then its owner's number: S2 is green's stone)"
    );
}
