//! Runs the pest grammar over a rule file, one top-level item at a time.
//!
//! pest stops at the first syntax error. To report every error in one run,
//! the file is cut into items first: an item starts at a line whose first
//! character begins a word. Each item is parsed on its own, so a mistake in
//! one leaves the others readable.

use super::ast::RuleFile;
use super::lower::lower_item;
use super::span::Span;
use crate::diagnostics::Diagnostic;
use pest::Parser;
use pest::error::{ErrorVariant, InputLocation};
use pest_derive::Parser;

#[derive(Parser)]
#[grammar = "../grammar/rules.pest"]
pub(super) struct RulesParser;

/// Parses a rule file. Returns the items that parsed and one diagnostic per
/// item that did not.
pub fn parse(text: &str) -> (RuleFile, Vec<Diagnostic>) {
    let mut file = RuleFile::default();
    let mut diagnostics = Vec::new();
    for chunk in item_chunks(text) {
        let piece = &text[chunk.start..chunk.end];
        let starts_with_item = piece.trim_start().chars().next().is_some_and(|c| c.is_alphabetic() || c == '_')
            && piece.chars().next().is_some_and(|c| !c.is_whitespace());
        let rule = if starts_with_item { Rule::item_only } else { Rule::file };
        match RulesParser::parse(rule, piece) {
            Ok(mut pairs) => {
                let Some(top) = pairs.next() else { continue };
                for pair in top.into_inner() {
                    if pair.as_rule() != Rule::EOI {
                        file.items.push(lower_item(pair, chunk.start));
                    }
                }
            }
            Err(error) => diagnostics.push(syntax_error(&error, piece, chunk.start)),
        }
    }
    (file, diagnostics)
}

/// Byte ranges of the top-level items (the first may be a preamble of comments).
fn item_chunks(text: &str) -> Vec<Span> {
    let mut starts = vec![0];
    let mut offset = 0;
    for line in text.split_inclusive('\n') {
        let first = line.chars().next();
        if offset > 0 && first.is_some_and(|c| c.is_alphabetic() || c == '_') {
            starts.push(offset);
        }
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
    let position = match error.location {
        InputLocation::Pos(p) => p,
        InputLocation::Span((s, _)) => s,
    };
    let found = describe_found(piece, position);
    let span = Span::new(offset + position, offset + position + found.1);
    let (message, label) = match &error.variant {
        ErrorVariant::ParsingError { positives, .. } => {
            let mut words: Vec<&str> = positives.iter().filter_map(|r| rule_words(*r)).collect();
            words.sort();
            words.dedup();
            let expected = match words.len() {
                0 => "something else".to_string(),
                1 => words[0].to_string(),
                _ => {
                    let last = words.pop().unwrap_or_default();
                    format!("{} or {}", words.join(", "), last)
                }
            };
            (format!("syntax error: expected {expected}, found {}", found.0), format!("expected {expected}"))
        }
        ErrorVariant::CustomError { message } => (format!("syntax error: {message}"), message.clone()),
    };
    Diagnostic::error("E0001", message).with_label(span, label).with_optional_help(syntax_hint(piece, position))
}

/// What stands at the error position, in words, and how many bytes to underline.
fn describe_found(piece: &str, position: usize) -> (String, usize) {
    let rest = &piece[position.min(piece.len())..];
    let Some(first) = rest.chars().next() else {
        return ("the end of the item".to_string(), 0);
    };
    if first == '\n' || first == '\r' {
        return ("the end of the line".to_string(), 0);
    }
    let word: String = rest.chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect();
    if word.is_empty() { (format!("`{first}`"), first.len_utf8()) } else { (format!("`{word}`"), word.len()) }
}

fn syntax_hint(piece: &str, position: usize) -> Option<String> {
    let rest = &piece[position.min(piece.len())..];
    if rest.starts_with(char::is_whitespace) || rest.is_empty() {
        let opens = piece.matches('{').count();
        let closes = piece.matches('}').count();
        if opens > closes {
            return Some("a `{` in this item is never closed with `}`".to_string());
        }
    }
    if piece.trim_start().starts_with(|c: char| c.is_alphabetic()) && position == 0 {
        return Some(
            "a rule file is a list of items, each starting at the beginning of a line with one of: game, players, board, region, piece, option, counter, setup, phase, end, repetition".to_string(),
        );
    }
    None
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
        | Rule::repetition_item => {
            "an item (game, players, board, region, piece, option, counter, setup, phase, end, repetition)"
        }
        Rule::square_board | Rule::graph_board => "`square` or `graph`",
        Rule::point_decl | Rule::line_decl | Rule::line_kind => "`point`, `line`, `circle` or `}`",
        Rule::piece_trait => "a piece trait (`reversible`, `royal`)",
        Rule::hand_entry | Rule::pieces_entry => "`hand PLAYER: N PIECE`, `OWNER PIECE on SITES` or `}`",
        Rule::repetition_rule => "`loses`, `draw after N` or `forbidden`",
        Rule::place_rule | Rule::move_rule | Rule::next_rule | Rule::after_rule | Rule::blocked_rule => {
            "a phase rule (place, move, next, after, when blocked) or `}`"
        }
        Rule::trigger => "`move` or `capture`",
        Rule::counter_update => "a counter update such as `quiet += 1`",
        Rule::update_op => "`+=`, `-=` or `=`",
        Rule::blocked_action => "`skip`, `lose` or `draw`",
        Rule::if_stmt | Rule::step_stmt | Rule::slide_stmt | Rule::capture_stmt => {
            "a move statement (step, slide, capture, if) or `}`"
        }
        Rule::block => "`{`",
        Rule::capture_kind => "a kind of capture (`custodial`)",
        Rule::directions => "directions (a name or `{n, e}`)",
        Rule::site_cond | Rule::site_term | Rule::site_factor => "a site condition",
        Rule::game_cond | Rule::game_term | Rule::game_factor => "a game condition",
        Rule::hands_empty => "`hands empty`",
        Rule::count_cmp => "`count(...)`",
        Rule::full_region => "`full(REGION)`",
        Rule::counter_cmp => "a counter comparison",
        Rule::compare_op => "a comparison (>=, <=, ==, !=, >, <)",
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
