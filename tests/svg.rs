//! The SVG pictures of the bundled games' start positions, snapshotted: the
//! Sun and Moon picture is the spec's board (its 18 circles through the 73
//! sites at the spec's coordinates), drawn from the rule file alone.

use orrery::game::Game;
use orrery::render::board_svg;

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
    assert_eq!(svg.matches("<rect").count(), 1 + 25);
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
