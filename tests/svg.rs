//! The SVG pictures of the bundled games' start positions, snapshotted: the
//! Sun and Moon picture is the spec's board (its 18 circles through the 73
//! sites at the spec's coordinates), drawn from the rule file alone.

use orrery::game::Game;
use orrery::render::{LastMove, board_svg, labels, letters, picture_svg};

fn svg_of(file: &str) -> String {
    let game = Game::load(format!("{}/games/{file}", env!("CARGO_MANIFEST_DIR"))).expect("bundled game loads");
    board_svg(&game.initial_state())
}

#[test]
fn sun_and_moon_board_picture() {
    let svg = svg_of("sun_and_moon.rules");
    // Every line of the board is a closed circle through its points, drawn as one.
    assert_eq!(svg.matches(r#"<circle class="line""#).count(), 18);
    assert_eq!(svg.matches(r#"class="label""#).count(), 73);
    // The princesses on their bodies and the six shooting stars; soldiers are still in hand.
    assert_eq!(svg.matches(r#"class="piece""#).count(), 8);
    insta::assert_snapshot!(svg);
}

#[test]
fn zodiac_board_picture() {
    let svg = svg_of("zodiac.rules");
    // The six triangle sides are open lines, drawn as polylines.
    assert_eq!(svg.matches(r#"<polyline class="line""#).count(), 6);
    assert_eq!(svg.matches(r#"class="piece""#).count(), 8);
    insta::assert_snapshot!(svg);
}

#[test]
fn man_in_the_moon_board_picture() {
    let svg = svg_of("man_in_the_moon.rules");
    // The background, the 25 squares and the legend's box.
    assert_eq!(svg.matches("<rect").count(), 1 + 25 + 1);
    insta::assert_snapshot!(svg);
}

/// Flying Obelisks, a crowded position: every stack drawn as tiles bottom to
/// top with its count, the obelisks grey, the 18 hill squares tinted with
/// their level written in a corner, black's pieces dark and white's light.
#[test]
fn flying_obelisks_stacks_picture() {
    let game =
        Game::load(format!("{}/games/flying_obelisks.rules", env!("CARGO_MANIFEST_DIR"))).expect("bundled game loads");
    let path = format!("{}/tests/positions/flying_obelisks_hills.toml", env!("CARGO_MANIFEST_DIR"));
    let state = orrery::formats::position::load_position(&game, path.as_ref()).expect("position reads");
    let svg = board_svg(&state);
    assert_eq!(svg.matches(r#"<g class="stack""#).count(), 14);
    assert!(svg.contains(r#"data-site="b6" data-pieces="black disk, black cube, neutral obelisk""#));
    assert_eq!(svg.matches(r#"<rect class="attribute""#).count(), 18);
    assert_eq!(svg.matches(r#"<text class="count""#).count(), 4);
    insta::assert_snapshot!(svg);
}

/// Every rule file bundled (games and variants).
fn bundled_games() -> Vec<std::path::PathBuf> {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("games");
    let mut files = Vec::new();
    for dir in [root.clone(), root.join("variants")] {
        for entry in std::fs::read_dir(dir).expect("games/ reads") {
            let path = entry.expect("an entry").path();
            if path.extension().is_some_and(|e| e == "rules") {
                files.push(path);
            }
        }
    }
    files.sort();
    files
}

/// No two piece types of a bundled game look alike: not in pictures (their
/// labels, case aside), not in text (their letters), and each picture's
/// legend lists every type with its label.
#[test]
fn every_bundled_games_types_draw_differently() {
    let files = bundled_games();
    assert!(files.len() >= 14, "{files:?}");
    for file in files {
        let game = Game::load(&file).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
        let (labels, letters) = (labels(&game), letters(&game));
        assert_eq!(labels.len(), game.pieces.len());
        for i in 0..labels.len() {
            for j in 0..i {
                let (a, b) = (&game.pieces[i].name, &game.pieces[j].name);
                assert!(!labels[i].eq_ignore_ascii_case(&labels[j]), "{}: {a} and {b} share a label", file.display());
                assert_ne!(letters[i], letters[j], "{}: {a} and {b} share a letter", file.display());
            }
        }
        let svg = board_svg(&game.initial_state());
        assert_eq!(svg.matches(r#"<g class="legend""#).count(), 1, "{}", file.display());
        for (piece, label) in game.pieces.iter().zip(&labels) {
            let entry = format!(r#"<g class="legend-entry" data-piece="{}">"#, piece.name);
            let at =
                svg.find(&entry).unwrap_or_else(|| panic!("{}: no legend entry for {}", file.display(), piece.name));
            let row = &svg[at..svg[at..].find("</g>").map_or(svg.len(), |e| at + e)];
            // A type with glyphs shows each player's glyph; else its label.
            // A game of one type without glyphs draws plain discs.
            let shown: Vec<&str> = match piece.glyphs.is_empty() {
                true if game.pieces.len() == 1 => vec![],
                true => vec![label.as_str()],
                false => piece.glyphs.iter().map(String::as_str).collect(),
            };
            for text in shown {
                assert!(row.contains(&format!(">{text}</text>")), "{}: {row}", file.display());
            }
        }
        // Pieces on the board carry their type's label, or their owner's glyph.
        for piece in svg.split(r#"<g class="piece""#).skip(1) {
            let described = piece.split("data-piece=\"").nth(1).and_then(|r| r.split('"').next()).unwrap_or_default();
            let t = game.pieces.iter().position(|p| described.ends_with(&format!(" {}", p.name))).expect("a type");
            let owner = game.players.iter().position(|p| described.starts_with(&format!("{p} "))).unwrap_or(0);
            let text = game.pieces[t].glyph(owner).unwrap_or(&labels[t]);
            if game.pieces.len() == 1 && game.pieces[t].glyphs.is_empty() {
                let own = piece.split("</g>").next().unwrap_or(piece);
                assert!(!own.contains("</text>") || own.contains(r#"class="count""#), "{}: {own}", file.display());
            } else {
                assert!(piece.contains(&format!(">{text}</text>")), "{}: {piece}", file.display());
            }
        }
    }
}

/// Types whose names start alike grow their labels until they differ, and
/// declared letters win.
#[test]
fn labels_grow_until_unique() {
    let game = Game::load(format!("{}/games/sun_and_moon.rules", env!("CARGO_MANIFEST_DIR"))).expect("loads");
    let named: Vec<(String, String)> = game.pieces.iter().map(|p| p.name.clone()).zip(labels(&game)).collect();
    let label = |name: &str| named.iter().find(|(n, _)| n == name).map(|(_, l)| l.clone()).unwrap_or_default();
    assert_eq!((label("pegasus"), label("princess")), ("Pe".to_string(), "Pr".to_string()));
    assert_eq!(label("unicorn"), "U");
    let chess = Game::load(format!("{}/games/chess.rules", env!("CARGO_MANIFEST_DIR"))).expect("loads");
    assert_eq!(labels(&chess), ["P", "N", "B", "R", "Q", "K"]);
    assert_eq!(letters(&chess), ['P', 'N', 'B', 'R', 'Q', 'K']);
}

/// The last move: an arrow from start to destination, the captured site
/// crossed out, and the move written in the panel.
#[test]
fn last_move_is_an_arrow_with_captures_crossed_out() {
    let game = Game::load(format!("{}/games/chess.rules", env!("CARGO_MANIFEST_DIR"))).expect("loads");
    let mut state = game.initial_state();
    for text in ["e2-e4", "d7-d5"] {
        state.play(text).expect("legal");
    }
    let before = state.clone();
    let mv = state.play("e4-d5").expect("legal");
    let last = LastMove::between(&before, &mv, &state);
    let site = |name: &str| game.board.site(name).expect("a site");
    assert_eq!((last.from, last.to), (Some(site("e4")), Some(site("d5"))));
    assert_eq!(last.captured, [site("d5")]);
    assert!(last.changed.is_empty(), "{last:?}");
    let svg = picture_svg(&state, Some(&last));
    assert_eq!(svg.matches(r#"<line class="last-move""#).count(), 1);
    assert!(svg.contains(r#"marker-end="url(#arrowhead)""#));
    assert_eq!(svg.matches(r#"class="captured""#).count(), 1);
    assert!(svg.contains("last move: e4-d5 by white"), "{svg}");
    insta::assert_snapshot!(svg);
}

/// The numbers of an SVG element's attribute, in document order.
fn attribute(svg_element: &str, name: &str) -> f64 {
    let key = format!(" {name}=\"");
    let at = svg_element.find(&key).unwrap_or_else(|| panic!("no {name} in {svg_element}")) + key.len();
    svg_element[at..].split('"').next().unwrap().parse().unwrap()
}

/// On every bundled game with a graph board, at the start and after random
/// moves: no site name overlaps another, a piece or a point (names that
/// find no free place are left out; each site still names itself in a
/// tooltip).
#[test]
fn graph_board_labels_never_overlap() {
    use orrery::agents::Agent;
    use orrery::agents::RandomAgent;
    let mut checked = 0;
    for entry in std::fs::read_dir(format!("{}/games", env!("CARGO_MANIFEST_DIR"))).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|e| e != "rules") {
            continue;
        }
        let game = Game::load(&path).unwrap();
        if game.board.shape != orrery::board::BoardShape::Graph {
            continue;
        }
        let mut state = game.initial_state();
        let mut agent = RandomAgent::new(7);
        for step in 0..4 {
            let svg = board_svg(&state);
            let labels: Vec<[f64; 4]> = svg
                .lines()
                .filter(|l| l.contains(r#"<text class="label""#))
                .map(|l| {
                    let (x, y, size) = (attribute(l, "x"), attribute(l, "y"), attribute(l, "font-size"));
                    let name = l.split('>').nth(1).unwrap().split('<').next().unwrap();
                    [x, y - size * 0.8, x + size * 0.58 * name.chars().count() as f64, y + size * 0.2]
                })
                .collect();
            assert!(!labels.is_empty(), "{}: no names drawn", path.display());
            for (i, a) in labels.iter().enumerate() {
                for b in &labels[..i] {
                    let overlap = a[0] < b[2] && b[0] < a[2] && a[1] < b[3] && b[1] < a[3];
                    assert!(!overlap, "{} step {step}: names overlap: {a:?} {b:?}", path.display());
                }
            }
            // Pieces and points: the circles of sites and of pieces' discs.
            for l in svg.lines().filter(|l| l.contains(r#"class="site""#) || l.contains(r#"<g class="piece""#)) {
                let circle = &l[l.find("<circle").unwrap()..];
                let (cx, cy, r) = (attribute(circle, "cx"), attribute(circle, "cy"), attribute(circle, "r"));
                for a in &labels {
                    let (nx, ny) = (cx.clamp(a[0], a[2]), cy.clamp(a[1], a[3]));
                    let inside = (nx - cx).powi(2) + (ny - cy).powi(2) < (r * 0.99).powi(2);
                    assert!(!inside, "{} step {step}: a name {a:?} covers the circle at {cx},{cy}", path.display());
                }
            }
            let site_titles = svg.matches("<title>").count() - 1;
            assert_eq!(
                site_titles,
                game.board.site_count() - svg.matches(r#"<g class="stack""#).count(),
                "{}",
                path.display()
            );
            checked += 1;
            if state.is_over() {
                break;
            }
            for _ in 0..5 {
                if let Some(mv) = agent.choose(&state) {
                    state.apply(&mv);
                }
            }
        }
    }
    assert!(checked >= 8, "{checked} pictures checked");
}

/// The line or group that won is marked on the board and named in the
/// status line; a game not won marks nothing.
#[test]
fn the_winning_line_and_group_are_marked() {
    let play = |file: &str, moves: &[&str]| {
        let game = Game::load(format!("{}/games/{file}", env!("CARGO_MANIFEST_DIR"))).unwrap();
        let mut state = game.initial_state();
        for m in moves {
            state.play(m).unwrap();
        }
        state
    };
    let won = play("tic_tac_toe.rules", &["b2", "a2", "a1", "c2", "c3"]);
    let svg = board_svg(&won);
    let marked: Vec<&str> =
        svg.split(r#"<circle class="won" data-site=""#).skip(1).map(|r| r.split('"').next().unwrap()).collect();
    assert_eq!(marked, ["a1", "b2", "c3"]);
    assert!(orrery::render::status_text(&won).contains("x wins (three in a row: a1 b2 c3)"));
    let not_yet = play("tic_tac_toe.rules", &["b2", "a2", "a1", "c2"]);
    assert!(!board_svg(&not_yet).contains(r#"class="won""#));

    // Connect Four: a run of four, and only the winner's.
    let four = play("connect_four.rules", &["a1", "a2", "b1", "b2", "c1", "c2", "d1"]);
    assert!(four.is_over());
    let svg = board_svg(&four);
    let marked: Vec<&str> =
        svg.split(r#"<circle class="won" data-site=""#).skip(1).map(|r| r.split('"').next().unwrap()).collect();
    assert_eq!(marked, ["a1", "b1", "c1", "d1"]);
}

/// A type's per-player glyphs draw it in SVG (alone, large) and in text
/// (when one column wide); the text legend lists them.
#[test]
fn glyphs_draw_pieces() {
    let game = Game::load(format!("{}/games/chess.rules", env!("CARGO_MANIFEST_DIR"))).unwrap();
    let state = game.initial_state();
    let svg = board_svg(&state);
    let king = svg.split(r#"data-site="e1""#).nth(1).unwrap().split("</g>").next().unwrap();
    assert!(king.contains(r#"class="glyph""#) && king.contains(">♔</text>"), "{king}");
    let text = orrery::render::board_text(&state);
    assert!(text.contains(" 8  ♜ ♞ ♝ ♛ ♚ ♝ ♞ ♜"), "{text}");
    assert!(text.contains(" 1  ♖ ♘ ♗ ♕ ♔ ♗ ♘ ♖"), "{text}");
    assert!(orrery::render::legend_text(&state).contains("white/black: ♙/♟ pawn"));
    let ttt = Game::load(format!("{}/games/tic_tac_toe.rules", env!("CARGO_MANIFEST_DIR"))).unwrap();
    let mut state = ttt.initial_state();
    state.play("b2").unwrap();
    state.play("a1").unwrap();
    let text = orrery::render::board_text(&state);
    assert!(text.contains(" 2  . X .") && text.contains(" 1  O . ."), "{text}");
}
