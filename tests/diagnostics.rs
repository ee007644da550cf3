//! The broken-rule-file suite: every file in `tests/broken/` holds one kind
//! of mistake (or, in `several_errors.rules`, several), and its rendered
//! diagnostics are snapshotted in `tests/snapshots/broken_NAME.snap`, so a
//! change to any message, span or hint shows up as a changed snapshot.
//!
//! Each broken file starts with a `# Mistake: ...` comment and a
//! `# Expect: CODE, CODE, ...` line listing the codes the checker must report
//! (with repeats), and nothing else. To add a case, add the file and its name
//! to the `broken!` list below, then run
//! `INSTA_UPDATE=always cargo test --test diagnostics` and read the new snapshot.

use orrery::check::check;
use orrery::diagnostics::{Diagnostic, Severity, Source, render_all, to_json};
use std::path::{Path, PathBuf};

const BROKEN_DIR: &str = "tests/broken";

/// The file's text and a source named by its path relative to the crate, so
/// that snapshots do not depend on where the repository is checked out.
fn load(relative: &str) -> Source {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(relative);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    Source::new(relative, text)
}

/// The codes listed on the file's `# Expect:` line, in order.
fn expected_codes(source: &Source) -> Vec<String> {
    let line = source
        .text
        .lines()
        .take_while(|l| l.starts_with('#'))
        .find_map(|l| l.strip_prefix("# Expect:"))
        .unwrap_or_else(|| panic!("{} has no `# Expect:` line in its header comment", source.name));
    line.split(',').map(|c| c.trim().to_string()).filter(|c| !c.is_empty()).collect()
}

/// What the mistake is, from the file's `# Mistake...:` line.
fn mistake(source: &Source) -> String {
    let first = source.text.lines().next().unwrap_or_default();
    assert!(first.starts_with("# Mistake"), "{} must start with a `# Mistake: ...` comment", source.name);
    first.trim_start_matches('#').trim().to_string()
}

fn snapshot(stem: &str) {
    let relative = format!("{BROKEN_DIR}/{stem}.rules");
    let source = load(&relative);
    let diagnostics = check(&source);
    let rendered = render_all(&source, &diagnostics, false);
    insta::with_settings!({
        snapshot_path => "snapshots",
        prepend_module_to_snapshot => false,
        description => mistake(&source),
        omit_expression => true,
    }, {
        insta::assert_snapshot!(format!("broken_{stem}"), rendered);
    });
}

macro_rules! broken {
    ($($name:ident),* $(,)?) => {
        /// Every file the suite snapshots, by stem.
        const BROKEN: &[&str] = &[$(stringify!($name)),*];
        $(
            #[test]
            fn $name() {
                snapshot(stringify!($name));
            }
        )*
    };
}

broken![
    glyphs_for_three_of_two_players,
    notation_for_no_rule_and_a_text_twice,
    count_compared_with_a_counter,
    syntax_error_and_typos_in_one_phase,
    count_compared_with_a_player,
    counted_number_on_a_plain_type,
    counted_reversible,
    track_without_a_players_path,
    after_move_neutral_is_not_an_owner,
    bad_site_name,
    board_in_pieces,
    board_size_out_of_range,
    capture_before_move,
    chain_with_another_movement,
    chain_of_slides_over_nothing,
    chains_differ_by_what,
    circle_too_short,
    duplicate_item,
    duplicate_line,
    duplicate_piece,
    duplicate_player,
    duplicate_point,
    duplicate_setup_site,
    flip_before_hop,
    flip_without_reversible_piece,
    compare_with_true_false_option,
    move_neutral_never_on_board,
    flip_from,
    flip_over_after_plain_slide,
    flip_over_without_hop,
    forbid_over_without_hop,
    graph_without_points,
    follow_up_movement_captures,
    follow_up_not_last,
    guard_reads_threatened,
    hexagon_cut_corner_site,
    hexagon_side_out_of_range,
    hand_count_out_of_range,
    jump_instead_of_hop,
    line_repeats_point,
    line_through_unknown_point,
    missing_players,
    misspelt_item_keyword_no_cascade,
    misspelt_piece,
    misspelt_piece_in_after_move,
    misspelt_piece_trait,
    misspelt_point_in_setup,
    misspelt_region_in_condition,
    move_after_capture,
    move_with_empty_body,
    named_condition_cycle,
    named_condition_name_taken,
    named_condition_twice,
    named_condition_unknown,
    move_without_step,
    no_phase,
    option_not_bool,
    option_value_is_a_string,
    piece_never_moves,
    point_on_no_line,
    reserved_player_name,
    reversible_with_three_players,
    several_errors,
    syntax_bad_end_result,
    syntax_dangling_and,
    syntax_flip_without_site,
    syntax_forbid_bad_site_word,
    syntax_guard_broken_condition,
    syntax_hop_over_nothing,
    syntax_hop_without_over,
    syntax_line_missing_dash,
    syntax_missing_brace,
    syntax_move_neutral_without_type,
    too_many_steps,
    two_syntax_errors_in_two_items,
    unclosed_string,
    unknown_counter,
    unknown_counter_in_guard,
    unknown_direction,
    unknown_direction_in_hop,
    unknown_end_who,
    unknown_item_keyword,
    unknown_name_in_forbid,
    unknown_name_in_hop,
    unknown_next_phase,
    unknown_option,
    unknown_region,
    unmoved_without_remembering,
    per_player_counter_without_player,
    piece_letter_twice,
    chance_phase_with_moves,
    dice_out_of_range,
    together_part_captures,
    slide_by_unknown_die,
    pattern_length_out_of_range,
    region_of_shared_region,
    repetition_after_one,
    unknown_pattern,
    range_on_points,
    player_directions_in_placement,
    placement_with_a_step,
    foreign_s_expression,
    foreign_equipment,
    group_move_without_stacks,
    single_move_in_stack_game,
    stack_height_unbounded,
    unknown_setup_owner,
    unreachable_phase,
    unused_option_and_counter,
    unused_region,
    wrong_kind_direction_as_site_condition,
    wrong_kind_piece_as_counter,
    wrong_kind_piece_as_player,
    wrong_kind_region_as_piece,
    wrong_kind_site_as_condition,
    again_on_a_step,
    capture_over_in_a_placement,
    counter_update_in_a_move,
    fly_in_directions,
    placement_guard_reads_blocked,
    remove_in_a_placement,
    through_on_a_leap,
    custodial_run_length_zero,
    group_count_direction_the_board_lacks,
    site_count_out_of_range,
    counter_named_captured,
    sow_with_another_movement,
    sow_uncounted_piece,
    sow_track_not_a_loop,
    sow_skipping_from_inside,
    gather_into_several_sites,
    most_in_shared_region,
    must_leave_blocked,
    advance_with_a_capture,
    from_hand_with_a_step,
    bearing_off_from_hand,
    advance_on_separate_paths,
    advance_by_dice_without_dice,
    must_use_dice_spending_none,
    custodial_against_a_misspelt_region,
    fraction_in_a_counter_update,
    liberties_out_of_range,
    returns_as_unknown_type,
    returns_as_itself,
    returns_as_counted_type,
    promote_or_from_with_hand,
    forbid_leaves_inside_if,
    forbid_leaves_in_together,
];

/// The `.rules` files in a folder of the crate, sorted, as relative paths.
fn rule_files(dir: &str) -> Vec<String> {
    let full = Path::new(env!("CARGO_MANIFEST_DIR")).join(dir);
    let mut files: Vec<PathBuf> = std::fs::read_dir(&full)
        .unwrap_or_else(|e| panic!("cannot list {}: {e}", full.display()))
        .map(|entry| entry.expect("readable entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "rules"))
        .collect();
    files.sort();
    files.iter().map(|p| format!("{dir}/{}", p.file_name().expect("a file name").to_string_lossy())).collect()
}

#[test]
fn every_broken_file_has_a_snapshot_test() {
    let on_disk: Vec<String> = rule_files(BROKEN_DIR)
        .iter()
        .map(|f| f.trim_start_matches(BROKEN_DIR).trim_start_matches('/').trim_end_matches(".rules").to_string())
        .collect();
    let mut listed: Vec<String> = BROKEN.iter().map(|s| s.to_string()).collect();
    listed.sort();
    assert_eq!(on_disk, listed, "tests/broken/ and the `broken!` list must name the same files");
    assert!(on_disk.len() >= 20, "the suite should cover at least 20 mistakes");
}

#[test]
fn every_broken_file_reports_exactly_the_expected_codes() {
    let mut failures = Vec::new();
    for file in rule_files(BROKEN_DIR) {
        let source = load(&file);
        let diagnostics = check(&source);
        let expected = expected_codes(&source);
        assert!(!expected.is_empty(), "{file}: the `# Expect:` line lists no code");
        assert!(!diagnostics.is_empty(), "{file}: a broken file must produce at least one diagnostic");

        // A file that expects an error must fail, not merely warn; a file that
        // expects only warnings must still compile.
        let expects_error = expected.iter().any(|c| c.starts_with('E'));
        let has_error = diagnostics.iter().any(Diagnostic::is_error);
        assert_eq!(
            has_error,
            expects_error,
            "{file}: expected {}, got:\n{}",
            if expects_error { "an error" } else { "only warnings" },
            render_all(&source, &diagnostics, false)
        );
        for d in &diagnostics {
            let letter = if d.severity == Severity::Error { 'E' } else { 'W' };
            assert!(d.code.starts_with(letter), "{file}: {} has the wrong severity for its code", d.code);
        }

        let mut got: Vec<String> = diagnostics.iter().map(|d| d.code.to_string()).collect();
        let mut want = expected.clone();
        got.sort();
        want.sort();
        if got != want {
            failures.push(format!("{file}: expected {want:?}, got {got:?}"));
        }
    }
    assert!(failures.is_empty(), "unexpected diagnostics:\n{}", failures.join("\n"));
}

#[test]
fn json_output_locates_the_error() {
    let source = load("tests/broken/unknown_direction.rules");
    let diagnostics = check(&source);
    let json = to_json(&source, &diagnostics);
    let items = json.as_array().expect("a JSON array");
    assert_eq!(items.len(), 1, "{json:#}");
    let d = &items[0];
    assert_eq!(d["file"], "tests/broken/unknown_direction.rules");
    assert_eq!(d["severity"], "error");
    assert_eq!(d["code"], "E0109");
    assert_eq!(d["message"], "unknown direction `orthogonl` on this board");
    // `  move man { step orthogonl capture custodial orthogonal }` on line 12.
    assert_eq!(d["line"], 12);
    assert_eq!(d["column"], 19);
    let label = &d["labels"][0];
    assert_eq!((label["line"].as_u64(), label["column"].as_u64()), (Some(12), Some(19)));
    assert_eq!((label["end_line"].as_u64(), label["end_column"].as_u64()), (Some(12), Some(28)));
    let (start, end) = (label["start"].as_u64().unwrap() as usize, label["end"].as_u64().unwrap() as usize);
    assert_eq!(&source.text[start..end], "orthogonl");
    assert_eq!(d["help"], "did you mean `orthogonal`?");
}

#[test]
fn json_output_of_a_warning() {
    let source = load("tests/broken/unused_region.rules");
    let json = to_json(&source, &check(&source));
    let d = &json[0];
    assert_eq!(d["severity"], "warning");
    assert_eq!(d["code"], "W0101");
    assert_eq!((d["line"].as_u64(), d["column"].as_u64()), (Some(6), Some(8)));
}

#[test]
fn several_syntax_errors_are_reported_in_one_run() {
    let source = load("tests/broken/two_syntax_errors_in_two_items.rules");
    let diagnostics = check(&source);
    let lines: Vec<usize> = to_json(&source, &diagnostics)
        .as_array()
        .expect("a JSON array")
        .iter()
        .filter(|d| d["code"] == "E0001")
        .map(|d| d["line"].as_u64().unwrap() as usize)
        .collect();
    assert_eq!(lines, [4, 5], "one syntax error in `players`, one in `board`");
}

#[test]
fn bundled_games_have_no_errors() {
    let games = rule_files("games");
    assert!(!games.is_empty());
    for file in games {
        let source = load(&file);
        let diagnostics = check(&source);
        assert!(
            !diagnostics.iter().any(Diagnostic::is_error),
            "{file} has errors:\n{}",
            render_all(&source, &diagnostics, false)
        );
    }
}

#[test]
fn item_bodies_need_no_indentation() {
    let text = "game \"Flat\"\nplayers white, black\nboard square 3 x 3\npiece man\nsetup {\nhand white: 1 man\nhand black: 1 man\n}\nphase play {\nplace man on empty\n}\nend {\nwhen hands empty: draw\n}\n";
    let source = Source::new("flat.rules", text);
    let diagnostics = check(&source);
    assert!(diagnostics.is_empty(), "{}", render_all(&source, &diagnostics, false));
}

/// Damaged copies of a bundled game: every truncation at a line end and
/// every single-character deletion. Checking must not panic, and every
/// label must lie inside the text.
#[test]
fn damaged_games_are_diagnosed_without_panicking() {
    let source = load("games/man_in_the_moon.rules");
    let text = &source.text;
    let mut variants: Vec<String> = text.match_indices('\n').map(|(i, _)| text[..i].to_string()).collect();
    variants.extend(text.char_indices().map(|(i, c)| format!("{}{}", &text[..i], &text[i + c.len_utf8()..])));
    for variant in variants {
        let damaged = Source::new("damaged.rules", variant);
        let diagnostics = check(&damaged);
        for d in &diagnostics {
            for label in &d.labels {
                assert!(
                    label.span.start <= label.span.end && label.span.end <= damaged.text.len(),
                    "label outside the text:\n{}",
                    damaged.text
                );
            }
        }
        render_all(&damaged, &diagnostics, false);
    }
}
