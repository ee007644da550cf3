//! Words written where they do not belong, for syntax errors that say what
//! belongs there and where the word does: `again` on a `step`, `through` on
//! a `leap`, an effect of `after move` inside a move's or a placement's
//! block. pest's own list of what it expected names every move statement
//! there is; this narrows it to the statement being written.

/// What the parser expected where a move statement may start: one entry
/// for every statement (see `parser::rule_words`).
pub(super) const MOVE_STATEMENT: &str = "a move statement (`step`, `slide`, `hop`, `leap`, `fly`, `sow`, `advance`, `capture`, `flip`, `forbid`, `if`, `then`) or `}`";

/// Entries of pest's list that only start one of the statements above.
const STATEMENT_STARTS: [&str; 4] = ["`leap (A, B)`", "`may` or `must`", "`then`", "`sow`"];

/// Words that go on some movements only: the movements, and where the word goes.
const MODIFIERS: [(&str, &[&str], &str); 6] = [
    (
        "again",
        &["hop", "slide"],
        "`again` goes on a `hop`, or on a `slide` over a piece, to chain captures in one move: `hop diagonal over enemy again`, `slide diagonal over enemy again`",
    ),
    ("until", &["hop", "slide"], "`until` ends a chain of captures: `hop diagonal over enemy again until far`"),
    ("through", &["slide"], "`through` goes on a `slide`, for the sites it passes: `slide orthogonal through empty`"),
    (
        "over",
        &["slide", "hop"],
        "`over` goes on a `hop` (`hop all over enemy`) or on a `slide` that passes one piece (`slide orthogonal over enemy`)",
    ),
    ("by", &["slide"], "`by` goes on a `slide` as far as a die shows: `slide track by d1`"),
    ("keep", &["step", "slide"], "`keep` goes after the directions of a `step` or `slide`: `step forward keep`"),
];

/// How each movement is written, from its first word.
const MOVEMENTS: [(&str, &str); 6] = [
    ("step", "step DIRECTIONS [keep] [to CONDITION]"),
    (
        "slide",
        "slide DIRECTIONS [keep] [DISTANCE | by DIE] [over CONDITION] [through CONDITION] [to CONDITION] [again [or stop] [until CONDITION]]",
    ),
    ("hop", "hop DIRECTIONS over CONDITION [to CONDITION] [again [or stop] [until CONDITION]]"),
    ("leap", "leap (A, B) [to CONDITION]"),
    ("fly", "fly [to CONDITION]"),
    ("sow", "sow TRACK [skipping CONDITION]"),
];

/// The first words of the statements of a move program, and of the items
/// and rules around one: a statement being written starts at the last of
/// these before the error.
const STATEMENT_WORDS: [&str; 15] = [
    "step", "slide", "hop", "leap", "fly", "sow", "capture", "flip", "forbid", "if", "else", "then", "place", "move",
    "remove",
];

/// What the parser expected where a placement's effect may start, in
/// place of `MOVE_STATEMENT`.
const PLACEMENT_EFFECT: &str = "a placement's effect (`capture custodial DIRECTIONS`, `[must] flip custodial DIRECTIONS`), a follow-up `then …` or `}`";

/// A syntax error's message (`None`: "expected …, found …") and help.
pub(super) struct Advice {
    pub message: Option<String>,
    pub help: String,
}

/// Narrows `expected` where a statement may start (the move statements
/// become one entry, or a placement's effects in a placement's block), and,
/// for a word that belongs elsewhere, says what it is and where it goes.
/// `piece` is the item's text, `position` where the error is, `found` the
/// word there.
pub(super) fn advise(piece: &str, position: usize, found: &str, expected: &mut Vec<String>) -> Option<Advice> {
    if !expected.iter().any(|e| e == MOVE_STATEMENT) {
        return None;
    }
    expected.retain(|e| !STATEMENT_STARTS.contains(&e.as_str()));
    let before = tokens(&piece[..position.min(piece.len())]);
    let rest = &piece[position.min(piece.len())..];
    let in_placement = in_placement_block(&before);
    if in_placement {
        for entry in expected.iter_mut().filter(|e| *e == MOVE_STATEMENT) {
            *entry = PLACEMENT_EFFECT.to_string();
        }
    }
    let movement = before
        .iter()
        .rev()
        .find(|t| STATEMENT_WORDS.contains(t))
        .and_then(|word| MOVEMENTS.iter().find(|(m, _)| m == word))
        // The error is inside the movement, not at the start of the next statement.
        .filter(|_| !found.is_empty() && !STATEMENT_WORDS.contains(&found));
    if let Some(&(movement, shape)) = movement {
        let written = format!("a `{movement}` is written `{shape}`");
        if let Some((word, takers, goes)) = MODIFIERS.iter().find(|(w, _, _)| *w == found) {
            let message = if takers.contains(&movement) {
                format!("`{word}` is out of place in this `{movement}`")
            } else {
                format!("`{word}` does not go on a `{movement}`")
            };
            return Some(Advice { message: Some(message), help: format!("{goes}; {written}") });
        }
        // Any other word but a counter update: how the movement is written
        // (the parser prefers "did you mean" for a misspelt keyword).
        if !is_counter_update(rest, found) {
            return Some(Advice { message: None, help: written });
        }
    }
    let here = if in_placement { "an effect of a placement" } else { "a move statement" };
    let (what, help) = match found {
        "remove" => (
            "`remove`",
            "to remove pieces within a move or a placement, end its block with a follow-up, `then remove on CONDITION` (section 12.12.2), or capture after a movement, `capture on CONDITION`; `remove on …` is an effect of `after move { … }` blocks and actions (section 11.12)",
        ),
        "next" => (
            "`next`",
            "`next PHASE` is a phase rule, or an effect of `after move { … }` blocks and actions (sections 11.3 and 11.12)",
        ),
        _ if is_counter_update(rest, found) => (
            "a counter update",
            "counters change after the move: `after move { COUNTER += N }` or `after move: COUNTER += N` (sections 11.4 and 11.12)",
        ),
        _ => return None,
    };
    Some(Advice { message: Some(format!("{what} is not {here}")), help: help.to_string() })
}

/// Whether the text at the error, starting with `found`, reads as a
/// counter update (`score += 1`, `score(mover) = 0`).
fn is_counter_update(rest: &str, found: &str) -> bool {
    if found.is_empty() || !rest.starts_with(found) {
        return false;
    }
    let mut after = rest[found.len()..].trim_start();
    if after.starts_with('(') {
        after = after.find(')').map_or("", |i| after[i + 1..].trim_start());
    }
    after.starts_with("+=") || after.starts_with("-=") || (after.starts_with('=') && !after.starts_with("=="))
}

/// Whether the innermost open block is a placement's (`place … {`, not a
/// follow-up's `then place … {`, whose block holds movements). Blocks
/// already closed, and braces of direction sets, are skipped.
fn in_placement_block(tokens: &[&str]) -> bool {
    // The words of the statement that opened the innermost block, last first.
    let mut depth = 0usize;
    let mut opened = false;
    let mut head = Vec::new();
    for &token in tokens.iter().rev() {
        match token {
            "}" => depth += 1,
            "{" if depth > 0 => depth -= 1,
            "{" if opened => break,
            "{" => opened = true,
            word if opened && depth == 0 => head.push(word),
            _ => {}
        }
    }
    let mut statements = head.into_iter().filter(|w| STATEMENT_WORDS.contains(w));
    statements.next() == Some("place") && statements.next() != Some("then")
}

/// The words and braces of a text, outside comments and strings.
fn tokens(text: &str) -> Vec<&str> {
    let mut out = Vec::new();
    for line in text.lines() {
        let mut in_string = false;
        let mut start = None;
        for (i, c) in line.char_indices() {
            if in_string {
                in_string = c != '"';
                continue;
            }
            let word_char = c.is_alphanumeric() || c == '_';
            if let Some(s) = start.filter(|_| !word_char) {
                out.push(&line[s..i]);
                start = None;
            }
            match c {
                '#' => break,
                '"' => in_string = true,
                '{' | '}' => out.push(&line[i..i + 1]),
                _ if word_char && start.is_none() => start = Some(i),
                _ => {}
            }
        }
        if let Some(s) = start {
            out.push(&line[s..]);
        }
    }
    out
}
