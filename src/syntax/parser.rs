//! Runs the pest grammar over a rule file, one top-level item at a time.
//!
//! pest stops at the first syntax error. To report every error in one run,
//! the file is cut into items first: an item starts at a line that begins
//! with an item keyword, or with any other word outside braces. Each item is
//! parsed on its own, so a mistake in one (even a missing `}`) leaves the
//! others readable.

use super::ast::{RuleFile, Unparsed};
use super::lower::lower_item;
use super::span::{Span, Spanned};
use crate::diagnostics::Diagnostic;
use crate::diagnostics::suggest::closest;
use pest::Parser;
use pest::error::{ErrorVariant, InputLocation};
use pest_derive::Parser;

#[derive(Parser)]
#[grammar = "../grammar/rules.pest"]
pub(super) struct RulesParser;

/// The keywords that start top-level items.
const ITEM_KEYWORDS: [&str; 23] = [
    "directions",
    "notation",
    "condition",
    "pattern",
    "variant",
    "remove",
    "dice",
    "stacks",
    "attribute",
    "track",
    "game",
    "players",
    "board",
    "region",
    "piece",
    "option",
    "counter",
    "setup",
    "phase",
    "end",
    "repetition",
    "group",
    "threat",
];

/// Items whose second word is the name they declare.
const NAMING_ITEMS: [&str; 6] = ["region", "piece", "option", "counter", "phase", "condition"];

/// Parses a rule file. Returns the items that parsed and one diagnostic per
/// item that did not. A byte-order mark and bare CR line ends are read as
/// editors mean them (see [`super::input`]); spans point into `text` as given.
pub fn parse(text: &str) -> (RuleFile, Vec<Diagnostic>) {
    let text = &*super::input::readable(text);
    // Ask pest for the tokens it tried at the furthest position: "expected `x`".
    pest::set_error_detail(true);
    let mut file = RuleFile::default();
    let mut diagnostics = Vec::new();
    for chunk in item_chunks(text) {
        let piece = &text[chunk.start..chunk.end];
        // Too deep a nesting is refused before any stage recurses into it.
        if let Some(too_deep) = too_deep(piece, chunk.start) {
            diagnostics.push(too_deep);
            file.unparsed.extend(unparsed_item(piece, chunk.start));
            continue;
        }
        let starts_with_item = piece.trim_start().chars().next().is_some_and(|c| c.is_alphabetic() || c == '_')
            && piece.chars().next().is_some_and(|c| !c.is_whitespace());
        let rule = if starts_with_item { Rule::item_only } else { Rule::file };
        match RulesParser::parse(rule, piece) {
            Ok(mut pairs) => {
                let Some(top) = pairs.next() else { continue };
                if let Some(too_deep) = tree_check(top.clone(), chunk.start) {
                    diagnostics.push(too_deep);
                    file.unparsed.extend(unparsed_item(piece, chunk.start));
                    continue;
                }
                for pair in top.into_inner() {
                    if pair.as_rule() != Rule::EOI {
                        file.items.push(lower_item(pair, chunk.start));
                    }
                }
            }
            Err(error) => {
                diagnostics.push(syntax_error(&error, piece, chunk.start));
                let recovered = if starts_with_item { recover(piece, &error, chunk.start) } else { None };
                match recovered {
                    Some((items, errors)) => {
                        diagnostics.extend(errors);
                        file.items.extend(items);
                    }
                    None => file.unparsed.extend(unparsed_item(piece, chunk.start)),
                }
            }
        }
    }
    (file, diagnostics)
}

/// Where a parse failed: the furthest position pest tried.
fn error_position(error: &pest::error::Error<Rule>) -> usize {
    let at = match error.location {
        InputLocation::Pos(p) => p,
        InputLocation::Span((s, _)) => s,
    };
    error.parse_attempts().map_or(at, |a| a.max_position.max(at))
}

/// Syntax errors an item may have before its reading is given up.
const MAX_RECOVERED: usize = 8;

/// Items read rule by rule when one of their rules has a syntax error:
/// their rules stand alone, so leaving one out says nothing of the others.
const RECOVERABLE: [&str; 2] = ["phase", "end"];

/// Reads a phase or an `end` with a syntax error rule by rule: the rule
/// holding the error (its lines, up to where its braces close) is blanked
/// (spaces, so every offset stays) and the item parsed again. The items
/// read from what is left, and the errors met on the way, so that one run
/// reports every mistake of the item and the checker knows what it
/// declares. `None` when the item cannot be read so.
fn recover(
    piece: &str,
    first: &pest::error::Error<Rule>,
    offset: usize,
) -> Option<(Vec<Spanned<super::ast::Item>>, Vec<Diagnostic>)> {
    if !RECOVERABLE.contains(&first_word(piece)) {
        return None;
    }
    let mut text = piece.to_string();
    let mut errors = Vec::new();
    let mut position = error_position(first);
    loop {
        // An error found only at the next word (a rule left unfinished)
        // belongs to the last code before it.
        let before = &text[..position.min(text.len())];
        let line_start = before.rfind('\n').map_or(0, |i| i + 1);
        if before[line_start..].trim().is_empty() || before[line_start..].trim_start().starts_with('#') {
            position = last_code_end(before);
        }
        let (start, end) = rule_lines(&text, position)?;
        if errors.len() >= MAX_RECOVERED {
            return None;
        }
        let blank: String = text[start..end]
            .chars()
            .map(|c| if c == '\n' { "\n".to_string() } else { " ".repeat(c.len_utf8()) })
            .collect();
        text.replace_range(start..end, &blank);
        match RulesParser::parse(Rule::item_only, &text) {
            Ok(mut pairs) => {
                let top = pairs.next()?;
                if tree_check(top.clone(), offset).is_some() {
                    return None;
                }
                let items =
                    top.into_inner().filter(|p| p.as_rule() != Rule::EOI).map(|p| lower_item(p, offset)).collect();
                return Some((items, errors));
            }
            Err(error) => {
                position = error_position(&error);
                errors.push(syntax_error(&error, &text, offset));
            }
        }
    }
}

/// The lines of the item's rule that holds `position`: from the line where
/// the rule starts (one brace deep: a rule of the item's block) to the line
/// where its braces close. `None` for the item's own first line or closing
/// brace, or a rule already blanked.
fn rule_lines(text: &str, position: usize) -> Option<(usize, usize)> {
    // Brace depth at the start of each line.
    let mut starts = vec![(0usize, 0usize)];
    let mut depth = 0usize;
    for (i, c, part) in classify(text) {
        match (c, part) {
            ('{', Part::Code) => depth += 1,
            ('}', Part::Code) => depth = depth.saturating_sub(1),
            ('\n', _) => starts.push((i + 1, depth)),
            _ => {}
        }
    }
    let line = starts.iter().rposition(|&(s, _)| s <= position)?;
    let first = (0..=line).rev().find(|&l| starts[l].1 == 1 && !text[starts[l].0..].trim_start().starts_with('#'))?;
    if first == 0 || text[starts[first].0..].trim_start().starts_with('}') {
        return None;
    }
    // The rule ends before the next line that starts one brace deep.
    let after = (line + 1..starts.len()).find(|&l| starts[l].1 <= 1).unwrap_or(starts.len());
    let end = starts.get(after).map_or(text.len(), |&(s, _)| s.saturating_sub(1));
    let start = starts[first].0;
    text[start..end].trim().is_empty().then_some(()).map_or(Some((start, end)), |_| None)
}

/// The first word of a text (letters, digits, `_`).
fn first_word(text: &str) -> &str {
    let end = text.find(|c: char| !(c.is_alphanumeric() || c == '_')).unwrap_or(text.len());
    &text[..end]
}

/// What an item that did not parse would have declared, read from its first two words.
fn unparsed_item(piece: &str, offset: usize) -> Option<Unparsed> {
    let word = first_word(piece);
    // A misspelt keyword (`peice man`) still says what the item was meant to be.
    let keyword = match ITEM_KEYWORDS.iter().find(|k| **k == word) {
        Some(keyword) => *keyword,
        None => closest(word, ITEM_KEYWORDS)?,
    };
    let rest = &piece[word.len()..];
    let name_start = word.len() + (rest.len() - rest.trim_start().len());
    let name = first_word(&piece[name_start..]);
    let is_name = name.starts_with(|c: char| c.is_alphabetic() || c == '_');
    let name = (NAMING_ITEMS.contains(&keyword) && is_name)
        .then(|| Spanned::new(name.to_string(), Span::new(offset + name_start, offset + name_start + name.len())));
    Some(Unparsed { keyword, name })
}

/// What a character of a rule file is part of.
#[derive(Clone, Copy, PartialEq)]
enum Part {
    Code,
    Text,
    Comment,
}

/// Each character of `text` with its byte offset and whether it is code,
/// inside a string, or inside a comment. Strings and comments end at a newline.
fn classify(text: &str) -> impl Iterator<Item = (usize, char, Part)> + '_ {
    let mut state = Part::Code;
    text.char_indices().map(move |(i, c)| {
        let part = match (state, c) {
            (_, '\n') => Part::Code,
            (Part::Code, '#') => Part::Comment,
            (Part::Code, '"') => Part::Text,
            (Part::Text, '"') => {
                state = Part::Code;
                return (i, c, Part::Text);
            }
            (s, _) => s,
        };
        state = part;
        (i, c, part)
    })
}

/// `{` minus `}` in a line, outside strings and comments.
fn brace_balance(line: &str) -> i64 {
    classify(line)
        .map(|(_, c, part)| match (c, part) {
            ('{', Part::Code) => 1,
            ('}', Part::Code) => -1,
            _ => 0,
        })
        .sum()
}

/// Byte ranges of the top-level items (the first may be a preamble of comments).
/// A line that begins with an item keyword always starts an item, so that a
/// missing `}` costs one item only; a line that begins with another word
/// starts one only outside braces, so item bodies need no indentation.
fn item_chunks(text: &str) -> Vec<Span> {
    let mut starts = vec![0];
    let mut offset = 0;
    let mut depth = 0;
    for line in text.split_inclusive('\n') {
        let first = line.chars().next();
        if offset > 0
            && first.is_some_and(|c| c.is_alphabetic() || c == '_')
            && (depth <= 0 || ITEM_KEYWORDS.contains(&first_word(line)))
        {
            starts.push(offset);
            depth = 0;
        }
        depth += brace_balance(line);
        offset += line.len();
    }
    let mut chunks = Vec::new();
    for (i, &start) in starts.iter().enumerate() {
        let end = starts.get(i + 1).copied().unwrap_or(text.len());
        chunks.push(Span::new(start, end));
    }
    chunks
}

fn syntax_error(error: &pest::error::Error<Rule>, piece: &str, offset: usize) -> Diagnostic {
    let shift = |span: Span| Span::new(offset + span.start, offset + span.end);
    let mut position = match error.location {
        InputLocation::Pos(p) => p,
        InputLocation::Span((s, _)) => s,
    };
    if position == 0
        && let Some(diagnostic) = unknown_item(piece, offset)
    {
        return diagnostic;
    }
    let mut expected: Vec<String> = match &error.variant {
        ErrorVariant::ParsingError { positives, .. } => {
            positives.iter().filter_map(|r| rule_words(*r)).map(String::from).collect()
        }
        ErrorVariant::CustomError { message } => {
            let span = shift(Span::new(position, position + describe_found(piece, position).1));
            return Diagnostic::error("E0001", format!("syntax error: {message}")).with_label(span, message.clone());
        }
    };
    // pest names the rules that failed where they started; the tokens it
    // tried further on say more precisely what was missing.
    if let Some(attempts) = error.parse_attempts() {
        let tokens: Vec<String> = attempts.expected_tokens().iter().filter_map(token_words).collect();
        if attempts.max_position > position && !tokens.is_empty() {
            position = attempts.max_position;
            expected = tokens;
        } else if attempts.max_position == position {
            // Tokens that start a name, a number or a condition add nothing to the rules named.
            let extra: Vec<String> = tokens
                .into_iter()
                .filter(|t| !covered(t, &expected) && !matches!(t.as_str(), "`(`" | "`-`" | "`not`"))
                .collect();
            expected.extend(extra);
        }
    }
    expected.sort();
    expected.dedup();
    let (found, length) = describe_found(piece, position);
    let word = found.strip_prefix('`').and_then(|f| f.strip_suffix('`')).unwrap_or_default();
    let advice = super::misplaced::advise(piece, position, word, &mut expected);
    let expected = match expected.len() {
        0 => "something else".to_string(),
        1 => expected[0].clone(),
        _ => {
            let last = expected.pop().unwrap_or_default();
            format!("{} or {}", expected.join(", "), last)
        }
    };
    let at_end = only_comments_left(&piece[position.min(piece.len())..]);
    let (found, span) = if at_end {
        // Point just after the last thing written, not at the next item.
        let end = last_code_end(&piece[..position.min(piece.len())]);
        ("the end of the item".to_string(), Span::new(end, end))
    } else {
        (found, Span::new(position, position + length))
    };
    let label = if found == UNCLOSED_STRING {
        "this string is never closed".to_string()
    } else {
        format!("expected {expected}")
    };
    let advice = advice.filter(|_| !at_end);
    let message = match advice.as_ref().and_then(|a| a.message.as_ref()) {
        Some(message) => format!("syntax error: {message}"),
        None => format!("syntax error: expected {expected}, found {found}"),
    };
    let mut diagnostic = Diagnostic::error("E0001", message).with_label(shift(span), label);
    if at_end && let Some(open) = unclosed_brace(piece) {
        diagnostic = diagnostic
            .with_label(shift(Span::new(open, open + 1)), "this `{` is never closed")
            .with_help("add the missing `}`; the next line that starts with an item keyword begins a new item");
    }
    // The word's own help first (`again` on a step), then a word other
    // tools use, a misspelt keyword, and last how the statement is written.
    let (own_help, shape_help) = match advice {
        Some(advice) if advice.message.is_some() => (Some(advice.help), None),
        Some(advice) => (None, Some(advice.help)),
        None => (None, None),
    };
    let misspelt = |word: &str| {
        // The expected words are written in backquotes.
        let keywords: Vec<&str> = expected
            .split('`')
            .skip(1)
            .step_by(2)
            .filter(|k| k.len() > 1 && k.chars().all(|c| c.is_ascii_alphabetic() || c == '_'))
            .collect();
        closest(word, keywords).map(|keyword| format!("did you mean `{keyword}`?"))
    };
    let word = found.strip_prefix('`').and_then(|f| f.strip_suffix('`')).filter(|_| !at_end);
    let help = if found == UNCLOSED_STRING {
        Some("a string ends with `\"` on the line where it starts".to_string())
    } else if own_help.is_some() {
        own_help
    } else if let Some(word) = word
        && let Some((_, instead)) = MISSING_WORDS.iter().find(|(w, _)| *w == word.to_lowercase())
    {
        Some(format!("Orrery has no `{word}`: {instead}"))
    } else {
        word.and_then(misspelt).or(shape_help)
    };
    if let Some(help) = help {
        diagnostic = diagnostic.with_help(help);
    }
    if piece.trim_start().starts_with('(') {
        diagnostic = diagnostic.with_help(S_EXPRESSION_HELP);
    }
    diagnostic
}

/// The deepest nesting of brackets, and the longest run of `not`, an item
/// may have: every stage after parsing recurses into them.
pub const MAX_NESTING: usize = 64;

/// An item nested deeper than `MAX_NESTING` (brackets, or `not` after
/// `not`): E0002 at the place it goes too deep. Comments and strings are
/// skipped.
fn too_deep(piece: &str, offset: usize) -> Option<Diagnostic> {
    let (mut depth, mut nots) = (0usize, 0usize);
    let (mut in_string, mut in_comment) = (false, false);
    let mut word_start = None;
    for (i, c) in piece.char_indices() {
        if in_comment {
            in_comment = c != '\n';
            continue;
        }
        if in_string {
            in_string = c != '"' && c != '\n';
            continue;
        }
        if c.is_alphanumeric() || c == '_' {
            word_start.get_or_insert(i);
            continue;
        }
        if let Some(start) = word_start.take() {
            nots = if &piece[start..i] == "not" { nots + 1 } else { 0 };
            if nots > MAX_NESTING {
                return Some(nesting_error(offset + start, 3, "`not` after `not`"));
            }
        }
        match c {
            '#' => in_comment = true,
            '"' => in_string = true,
            '(' | '{' | '[' => {
                depth += 1;
                if depth > MAX_NESTING {
                    return Some(nesting_error(offset + i, 1, "brackets"));
                }
            }
            ')' | '}' | ']' => depth = depth.saturating_sub(1),
            _ => {}
        }
    }
    None
}

/// How many conditions and blocks an item may have one inside another, in
/// whatever way (`some next all is …` inside another, `if` inside `if`,
/// `not (…)`): every stage after parsing recurses this deep at most.
pub const MAX_DEPTH: usize = 128;

/// The largest distance of a graph board's point from (0, 0) along either axis.
pub const MAX_COORDINATE: f64 = 1_000_000_000.0;

/// Checks an item's syntax tree before it is lowered: no more than
/// `MAX_DEPTH` conditions and blocks one inside another (E0002 at the one
/// too many), and every number within its range (E0003: a whole number
/// within 64 bits, a coordinate within `MAX_COORDINATE`). The tree is
/// walked with a stack of its own, never by recursion.
fn tree_check(top: pest::iterators::Pair<'_, Rule>, offset: usize) -> Option<Diagnostic> {
    let mut stack = vec![(top, 0usize)];
    while let Some((pair, depth)) = stack.pop() {
        let span = pair.as_span();
        let at = Span::new(offset + span.start(), offset + span.end());
        let nests = match pair.as_rule() {
            Rule::site_factor
            | Rule::game_factor
            | Rule::move_factor
            | Rule::static_factor
            | Rule::block
            | Rule::phase_block
            | Rule::effect_block => true,
            Rule::int if span.as_str().parse::<i64>().is_err() => {
                return Some(
                    Diagnostic::error("E0003", "a whole number runs from -9223372036854775808 to 9223372036854775807")
                        .with_label(at, "out of range")
                        .with_help("docs/language.md gives each number's range (section 2, Numbers and strings)"),
                );
            }
            Rule::number if !span.as_str().parse::<f64>().is_ok_and(|x| x.abs() <= MAX_COORDINATE) => {
                return Some(
                    Diagnostic::error("E0003", "a point's coordinates run from -1000000000 to 1000000000")
                        .with_label(at, "out of range")
                        .with_help("only the points' relative places matter: scale them down"),
                );
            }
            _ => false,
        };
        let depth = depth + usize::from(nests);
        if depth > MAX_DEPTH {
            let word = span.as_str().find(char::is_whitespace).unwrap_or(span.as_str().len()).max(1);
            return Some(
                Diagnostic::error(
                    "E0002",
                    format!("nested too deep: at most {MAX_DEPTH} conditions and blocks one inside another"),
                )
                .with_label(Span::new(at.start, at.start + word), format!("level {}", MAX_DEPTH + 1))
                .with_help("write the rule flatter: `and` and `or` take any number of parts"),
            );
        }
        stack.extend(pair.into_inner().map(|inner| (inner, depth)));
    }
    None
}

fn nesting_error(at: usize, len: usize, what: &str) -> Diagnostic {
    Diagnostic::error("E0002", format!("nested too deep: at most {MAX_NESTING} levels of {what}"))
        .with_label(Span::new(at, at + len), format!("level {}", MAX_NESTING + 1))
        .with_help("write the condition flatter: `and` and `or` take any number of parts")
}

/// What to say to a file written in parentheses, as other tools' are.
const S_EXPRESSION_HELP: &str = "this looks like a file for a tool whose rules are written in parentheses \
     (Ludii's .lud, Zillions' .zrf); Orrery's rules are items, one keyword at the start of a line each: \
     `game \"Name\"`, `players white, black`, `board square 8 x 8`, `piece man`, `phase play { … }`, `end { … }` \
     (docs/language.md, section 1)";

/// Words other rule languages start items with, and what Orrery says instead.
const FOREIGN_WORDS: [(&str, &str); 9] = [
    ("equipment", "the board and the pieces are items of their own: `board square 8 x 8`, `piece man`"),
    ("rules", "rules are phases: `phase play { place man on empty }`"),
    ("start", "the start position is the `setup` item: `setup { white man on a1 }`"),
    ("play", "moves are rules of a phase: `phase play { move man { step all } }`"),
    ("turns", "turns follow `players` in order; a phase says otherwise with `turn stays`"),
    ("pieces", "each piece type is a `piece` item: `piece man`"),
    ("define", "Orrery has no macros; name things with `region`, `group`, `directions` or `pattern`"),
    ("variables", "numbers that change are `counter` items: `counter score = 0 per player`"),
    ("moves", "moves are `place` and `move` rules inside a `phase`"),
];

/// Words for constructs inside rules that other tools have and Orrery has
/// not (yet), and the nearest thing it has.
const MISSING_WORDS: [(&str, &str); 10] = [
    ("jump", "a move over a piece is `hop`: `move man { hop all over enemy }`"),
    ("drop", "putting a piece from the hand on the board is `place`: `place man on empty`"),
    ("add", "putting a piece on the board is `place`: `place man on empty`"),
    ("shoot", "removing a piece as part of a move is an effect: `capture ahead`, or `remove on …` after the move"),
    ("swap", "a swap (pie) rule is not in the language yet; the nearest is an `action` with effects"),
    ("repeat", "repeated steps inside one move are not in the language yet; `turn stays` gives the player another ply"),
    ("sequence", "a move of several steps is a move program: `move man { step n  step e }` (section 12)"),
    (
        "then",
        "steps of one move follow one another inside `move TYPE { … }`; effects after it go in `after move { … }`",
    ),
    ("fromto", "a move is `move TYPE { step DIRS }`, `slide DIRS` or `hop DIRS over …` (section 12)"),
    ("promotion", "promotion is a phase rule: `promote man on far from hand` (section 11.6)"),
];

/// A chunk that starts with a word that is not an item keyword.
fn unknown_item(piece: &str, offset: usize) -> Option<Diagnostic> {
    let word = first_word(piece);
    if word.is_empty() || ITEM_KEYWORDS.contains(&word) {
        return None;
    }
    let foreign = FOREIGN_WORDS.iter().find(|(w, _)| *w == word.to_lowercase());
    let help = match (foreign, closest(word, ITEM_KEYWORDS)) {
        (Some((_, instead)), _) => format!("Orrery has no `{word}` item: {instead}"),
        (None, Some(keyword)) => format!("did you mean `{keyword}`?"),
        (None, None) => format!(
            "a rule file is a list of items, each starting at the beginning of a line with one of: {}",
            ITEM_KEYWORDS.join(", ")
        ),
    };
    Some(
        Diagnostic::error("E0001", format!("syntax error: expected an item, found `{word}`"))
            .with_label(Span::new(offset, offset + word.len()), "not an item keyword")
            .with_help(help),
    )
}

/// A token pest tried, in words; `None` for whitespace, comments and
/// character ranges (pest does not export its token type, so this goes by
/// its `Debug` and `Display` forms).
/// What may come after `text`, the start of an item up to a cursor: the
/// words the grammar spells out there (`to`, `over`, `}`), and whether a
/// name may come (then the declared names fit). `None` when the text does
/// not stop where the parse needs more (an error earlier, or nothing amiss).
pub fn expected_after(text: &str) -> Option<(Vec<String>, bool)> {
    pest::set_error_detail(true);
    // A character no rule takes, where the cursor is: the parse fails there.
    let probe = format!("{text}\u{1}");
    let error = RulesParser::parse(Rule::item_only, &probe).err()?;
    let attempts = error.parse_attempts()?;
    if attempts.max_position != text.len() {
        return None;
    }
    let mut words: Vec<String> = attempts
        .expected_tokens()
        .iter()
        .filter_map(token_words)
        .map(|w| w.trim_matches('`').to_string())
        .filter(|w| w.chars().any(|c| c.is_ascii_alphabetic() || "{}(),:=".contains(c)))
        .collect();
    words.sort();
    words.dedup();
    let names = match &error.variant {
        ErrorVariant::ParsingError { positives, .. } => {
            positives.iter().any(|r| matches!(r, Rule::ident | Rule::ident_list))
        }
        ErrorVariant::CustomError { .. } => false,
    } || attempts
        .expected_tokens()
        .iter()
        .any(|t| format!("{t:?}").starts_with("Range") || format!("{t:?}").starts_with("BuiltInRule"));
    Some((words, names))
}

fn token_words(token: &(impl std::fmt::Display + std::fmt::Debug)) -> Option<String> {
    let text = token.to_string();
    let literal = format!("{token:?}").starts_with("Sensitive");
    // `_` continues a name and `"` opens a string: "a name" and "a quoted string" say it better.
    (literal && !matches!(text.as_str(), " " | "\t" | "\r" | "\n" | "#" | "_" | "\"")).then(|| format!("`{text}`"))
}

/// Whether `expected` already mentions a token, as in "a phase rule (place, move, ...)".
fn covered(token: &str, expected: &[String]) -> bool {
    let raw = token.trim_matches('`');
    expected.iter().any(|words| {
        words.contains(token) || words.split(|c: char| !(c.is_alphanumeric() || c == '_')).any(|w| w == raw)
    })
}

/// Whether a text holds nothing but whitespace and comments.
fn only_comments_left(text: &str) -> bool {
    classify(text).all(|(_, c, part)| part == Part::Comment || c.is_whitespace())
}

/// The byte offset just after the last character that is not whitespace or a comment.
fn last_code_end(text: &str) -> usize {
    classify(text)
        .filter(|&(_, c, part)| part != Part::Comment && !c.is_whitespace())
        .last()
        .map_or(0, |(i, c, _)| i + c.len_utf8())
}

/// The offset of the last `{` that no `}` closes, outside strings and comments.
fn unclosed_brace(piece: &str) -> Option<usize> {
    let mut open = Vec::new();
    for (i, c, part) in classify(piece) {
        match (c, part) {
            ('{', Part::Code) => open.push(i),
            ('}', Part::Code) => {
                open.pop();
            }
            _ => {}
        }
    }
    open.pop()
}

const UNCLOSED_STRING: &str = "a string that is never closed";

/// What stands at the error position, in words, and how many bytes to underline.
fn describe_found(piece: &str, position: usize) -> (String, usize) {
    let rest = &piece[position.min(piece.len())..];
    let Some(first) = rest.chars().next() else {
        return ("the end of the item".to_string(), 0);
    };
    if first == '\n' || first == '\r' {
        return ("the end of the line".to_string(), 0);
    }
    if first == '"' {
        let line = rest.split('\n').next().unwrap_or(rest).trim_end_matches('\r');
        return match line[1..].find('"') {
            Some(end) => (format!("the string `{}`", &line[..end + 2]), end + 2),
            None => (UNCLOSED_STRING.to_string(), line.len()),
        };
    }
    let word: String = rest.chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect();
    if word.is_empty() { (format!("`{first}`"), first.len_utf8()) } else { (format!("`{word}`"), word.len()) }
}

/// Rule names in words, for "expected ..." messages. `None` hides a rule.
fn rule_words(rule: Rule) -> Option<&'static str> {
    Some(match rule {
        Rule::EOI => "the end of the item",
        Rule::ident | Rule::ident_list => "a name",
        Rule::int => "a whole number",
        Rule::number => "a number",
        Rule::string | Rule::string_body => "a quoted string",
        Rule::boolean | Rule::value => "`true`, `false` or a number",
        Rule::site_set => "site names",
        Rule::game_item
        | Rule::players_item
        | Rule::board_item
        | Rule::region_item
        | Rule::piece_item
        | Rule::option_item
        | Rule::counter_item
        | Rule::setup_item
        | Rule::phase_item
        | Rule::end_item
        | Rule::repetition_item
        | Rule::group_item
        | Rule::threat_item
        | Rule::track_item
        | Rule::stacks_item
        | Rule::attribute_item
        | Rule::dice_item
        | Rule::pattern_item
        | Rule::variant_item
        | Rule::remove_item
        | Rule::directions_item
        | Rule::condition_item
        | Rule::notation_item => {
            "an item (game, players, board, region, track, piece, group, threat, stacks, attribute, dice, pattern, condition, notation, option, counter, setup, phase, end, repetition; in a variant, variant of and remove)"
        }
        Rule::square_board | Rule::hex_board | Rule::graph_board => "`square`, `hex` or `graph`",
        Rule::hexagon_side | Rule::hexagon_kw => "`hexagon N` or `FILES x RANKS`",
        Rule::point_decl | Rule::line_decl | Rule::line_kind => "`point`, `line`, `circle` or `}`",
        Rule::piece_trait | Rule::returns_to | Rule::returns_kw => {
            "a piece trait (`reversible`, `royal`, `returns`, `returns as TYPE`, `returns to capturer`, `remembers_moving`, `counted`, `unlettered`)"
        }
        Rule::returns_as => "`as TYPE`",
        Rule::to_capturer | Rule::capturer_kw => "`to capturer`",
        Rule::promote_from | Rule::from_kw => "`or from` and a site condition",
        Rule::promote_on => "a site condition",
        Rule::leaves_kw => "`leaves` and a game condition",
        Rule::hand_entry | Rule::pieces_entry => "`hand PLAYER: N PIECE`, `OWNER [N] PIECE on SITES` or `}`",
        Rule::heap_size => "a number of pieces",
        Rule::clock_kw => "`clock`",
        Rule::player_track => "`PLAYER: PATH` or `}`",
        Rule::pieces_count => "`pieces(CONDITION)`",
        Rule::repetition_rule => "`loses`, `draw after N` or `forbidden`",
        Rule::place_rule
        | Rule::move_rule
        | Rule::group_rule
        | Rule::add_rule
        | Rule::next_rule
        | Rule::after_rule
        | Rule::blocked_rule
        | Rule::promote_rule
        | Rule::along_rule
        | Rule::turn_rule
        | Rule::action_rule
        | Rule::together_rule
        | Rule::must_capture
        | Rule::must_leave
        | Rule::must_use
        | Rule::chains_differ
        | Rule::after_block
        | Rule::phase_if => {
            "a phase rule (place, move, together, may add, action, must capture, must leave, must use most dice, chains differ, turn, next, after, when blocked, promote, along, if) or `}`"
        }
        Rule::track_path => "a path of sites such as `a1 - a2 - a3`",
        Rule::phase_block => "`{` and phase rules",
        Rule::trigger => "`move`, `capture` or `promotion`",
        Rule::heading => "directions, `straight` or `turn DIRECTIONS`",
        Rule::straight_kw => "`straight`",
        Rule::turn_kw => "`turn`",
        Rule::keep_kw => "`keep`",
        Rule::destination => "`to` and a site condition",
        Rule::distance => "a distance such as `2`, `1..3` or `2..`",
        Rule::chain_identity => "`path` or `captures`",
        Rule::chain_again => "`again`",
        Rule::fly_over => "`over` and a site condition",
        Rule::through => "`through` and a site condition",
        Rule::capture_where => "`where` and a site condition",
        Rule::capture_against | Rule::against_kw => "`against` and a site condition",
        Rule::effect_mode => "`may` or `must`",
        Rule::threatened => "`threatened(WHO, TYPE)`",
        Rule::counter_update => "a counter update such as `quiet += 1`",
        Rule::update_op => "`+=`, `-=` or `=`",
        Rule::blocked_action => "`skip`, `lose` or `draw`",
        Rule::advance_stmt | Rule::advance_kw => super::misplaced::MOVE_STATEMENT,
        Rule::dice_kw => "`dice` or a number",
        Rule::bear_off | Rule::off_kw => "`off`",
        Rule::exact_kw => "`exact`",
        Rule::from_hand => "`from hand`",
        Rule::doubles_twice => "`doubles twice`",
        Rule::if_stmt
        | Rule::sow_stmt
        | Rule::step_stmt
        | Rule::slide_stmt
        | Rule::hop_stmt
        | Rule::fly_stmt
        | Rule::capture_stmt
        | Rule::flip_stmt
        | Rule::forbid_stmt
        | Rule::forbid_leaves => super::misplaced::MOVE_STATEMENT,
        Rule::move_site | Rule::move_cond | Rule::move_term | Rule::move_factor | Rule::site_is => {
            "a site of the move (`from`, `to`, `over`, `ahead`), then `is` and a site condition, as in `from is last_to` (or `moving <= N`, `moved by TYPE`)"
        }
        Rule::moving_cmp => "`moving`, a comparison and a number, as in `moving <= 2`",
        Rule::moved_by => "`moved by TYPE`",
        Rule::at_most_limit | Rule::one_owner | Rule::only_with | Rule::not_with | Rule::found_rule => {
            "a stack limit (`at most N TYPE`, `one owner`, `TYPE only with TYPES`, `TYPE not with TYPES`, `found neutral: join or return`) or `}`"
        }
        Rule::leap_stmt => "`leap (A, B)`",
        Rule::group_power => "`with TYPE`",
        Rule::group_needs => "`when from has TYPE`",
        Rule::static_passing => "`passing` and a condition on the board",
        Rule::add_source => "`TYPES from hand` or `TYPES from supply`",
        Rule::static_where | Rule::static_cond | Rule::static_term | Rule::static_factor => {
            "a condition on the board, such as `level(to) <= level(from)` or `from in REGION`"
        }
        Rule::move_guard => "`when` and a game condition, or `{`",
        Rule::neutral_owner | Rule::neutral_kw => "`neutral`",
        Rule::block => "`{`",
        Rule::capture_kind => "`custodial DIRECTIONS`, or a site of the move (`over`, `ahead`, `to`)",
        Rule::directions | Rule::dir_name => "directions (a name, `{n, e}`, or one way along a line as `L1+`)",
        Rule::site_cond
        | Rule::site_term
        | Rule::site_factor
        | Rule::ray_cond
        | Rule::ray_quant
        | Rule::transpose
        | Rule::transpose_kw
        | Rule::pieces_cmp
        | Rule::pieces_kw
        | Rule::liberties_cmp
        | Rule::liberties_kw
        | Rule::ray_count_kw => {
            "a site condition (a word such as `empty`, a region, `some|no|every along|next DIRECTIONS is …`, `count(next DIRECTIONS is …) >= N`, `pieces >= N`, `liberties == N` or `transpose(…)`)"
        }
        Rule::ray_reach => "`along` or `next`",
        Rule::ray_count => "`count(along|next DIRECTIONS is CONDITION)`, a comparison and a number",
        Rule::game_cond | Rule::game_term | Rule::game_factor => "a game condition",
        Rule::hands_empty => "`hands empty`",
        Rule::count_cmp | Rule::count_of => "`count(...)`",
        Rule::full_region => "`full(REGION)`",
        Rule::counter_cmp => "a counter comparison",
        Rule::compare_value | Rule::amount | Rule::territory_count | Rule::territory_kw => {
            "a number, a counter, a die, an option, `plies`, `captured`, `size(PATTERN)`, `longest(PATTERN)`, `sites(CONDITION)`, `pieces(CONDITION)`, `hand(WHO)`, `groups(WHO)` or `territory(WHO)`"
        }
        Rule::hand_count => "`hand(WHO)` or `hand(WHO, TYPE)`",
        Rule::groups_count => "`groups(WHO)` or `groups(WHO, DIRECTIONS)`",
        Rule::decimal => "a number",
        Rule::captured_kw => "`captured`",
        Rule::effect_block => "`{` and effects",
        Rule::effect_if
        | Rule::effect_remove
        | Rule::effect_place
        | Rule::effect_gather
        | Rule::effect_end
        | Rule::action_next => {
            "an effect (a counter update, `if`, `remove`, `place … on every`, `gather`, `next`, `turn stays`, `mover wins`) or `}`"
        }
        Rule::gather_kw => "`gather`",
        Rule::into_kw => "`into` and the site the pieces go to",
        Rule::gather_run => "`from last_to back along TRACK while CONDITION`",
        Rule::run_start => "`last_to` or `last_from`",
        Rule::back_kw => "`back`",
        Rule::while_kw => "`while` and a site condition",
        Rule::gather_unless => "`unless it empties` and a site condition",
        Rule::leave_kw => "`leave` and a game condition",
        Rule::sow_kw => "`sow`",
        Rule::sow_skipping => "`skipping` and a site condition",
        Rule::repeated_kw => "`repeated`",
        Rule::die_distance => "`by` and a die",
        Rule::pattern_touching => "`touching` and a site condition",
        Rule::found_runs => "`found(PATTERN)`",
        Rule::connected => "`connected(WHO, REGION, REGION)`",
        Rule::site_item => "a site, or a range of sites such as `a1..h2`",
        Rule::dir_list | Rule::player_dirs => "directions, as `n, ne` (or `PLAYER: DIRECTIONS` for each player)",
        Rule::remove_kind => {
            "what to remove: piece, region, option, counter, group, track, pattern, phase, attribute, threat, rule, end, dice, stacks or repetition"
        }
        Rule::region_of => "a region of a player, as `home(opponent)`",
        Rule::compare_op => "a comparison (`>=`, `<=`, `==`, `!=`, `>`, `<`)",
        Rule::not_kw => "`not`",
        Rule::end_rule => "an end rule (`when ...: ...`) or `}`",
        Rule::end_result | Rule::who_result | Rule::draw_result | Rule::most_wins => {
            "a result (`mover wins`, `draw`, `most pieces wins`)"
        }
        Rule::win_or_lose => "`wins` or `loses`",
        Rule::tie_result => "`draws` or `continues`",
        _ => return None,
    })
}
