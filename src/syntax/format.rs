//! `orrery fmt`: a rule file rewritten in one canonical layout, comments kept.
//!
//! The layout depends only on the file's tokens and comments, never on how
//! it was spaced, so formatting twice gives what formatting once gave:
//!
//! - Each top-level item starts a line at column 0; each entry of a block
//!   (a phase's rules, a move's statements, an end rule, a setup line, a
//!   region's `PLAYER: SITES`, ...) starts a line of its own, indented two
//!   spaces per brace level.
//! - A block's `{` ends its item's line and its `}` stands on a line of its
//!   own. A block inside another one (a move's, an `if`'s, an action's)
//!   stays on its entry's line instead (`move stone { step forward to empty }`,
//!   `move man { hop all over enemy to empty  capture over }`) when it holds
//!   no comment, the blocks inside it hold at most one entry each, and the
//!   line fits in [`WIDTH`] columns: that is how rule files are written by
//!   hand, and three lines for one statement read worse. Entries on one
//!   line go two spaces apart. Blocks chained by `else` are all on one line
//!   or all over several. A top-level item's block spans lines, except a
//!   region's or directions' per player and a setup's, which hold no
//!   blocks: they stay on one line when they fit and hold no comment
//!   (`region far { white: a8..h8  black: a1..h1 }`).
//! - One space between tokens, none before `,`, `:` and `)`, none after `(`,
//!   none between a function's name and its `(` (`sites(empty)`, but
//!   `leap (1, 2)` and `not (a or b)`), and none inside the braces of a set
//!   of sites or directions (`{n, s}`).
//! - A line longer than [`WIDTH`] is broken before an `and`, `or`, `when`
//!   or a destination's `to`, or after a `,`, where the rest up to the next
//!   such place outside as many brackets would not fit, never inside a
//!   call's parentheses (`sites(…)`); the lines after the first are indented
//!   one level deeper than the entry, and one more for each bracket open
//!   where the line broke. A set of sites or
//!   directions too long for its line gets lines of its own, like a block,
//!   filled up to the width.
//! - Comments stay where they were, in the same order: a comment on a line
//!   of its own stays on a line of its own, indented as the entry after it
//!   (or one level deeper when it sits inside an entry, which then goes on
//!   after it, one level deeper); a comment after code stays after that
//!   code, two spaces from it. Trailing whitespace in comments is dropped.
//! - A blank line the author left before an item, an entry or a comment
//!   line is kept (runs of blank lines become one); none at the start of a
//!   file or a block, or inside an entry. The file ends with one newline.
//!
//! The layout is built from the pest parse tree: the rules whose braces
//! open blocks say which children are entries, and the text between a
//! rule's children holds its literal tokens and the comments. Before
//! anything is returned, the output is parsed again and must give the same
//! syntax tree (spans aside) and the same comments in the same order; if it
//! does not, [`format`] refuses rather than change a game.

use super::ast::RuleFile;
use super::parse;
use super::parser::{Rule, RulesParser};
use crate::diagnostics::Diagnostic;
use pest::Parser;
use pest::iterators::Pair;

/// Lines are broken, and blocks kept on one line, to fit this many columns.
pub const WIDTH: usize = 100;

const INDENT: &str = "  ";

/// Why a file was not formatted.
#[derive(Debug)]
pub enum FormatError {
    /// The file does not parse: the diagnostics `orrery check` gives.
    Syntax(Vec<Diagnostic>),
    /// The new layout would not read as the file does (a formatter bug):
    /// what differs.
    Unsafe(String),
}

/// The file in canonical layout. A byte-order mark in front is dropped, and
/// lines end with LF whatever ended them (CRLF, a bare CR); the syntax
/// errors' spans point into the text as a [`crate::diagnostics::Source`]
/// holds it (after the mark).
pub fn format(text: &str) -> Result<String, FormatError> {
    let text = text.strip_prefix(super::input::BOM).unwrap_or(text);
    let text = &*super::input::readable(text);
    let (file, diagnostics) = parse(text);
    if diagnostics.iter().any(Diagnostic::is_error) {
        return Err(FormatError::Syntax(diagnostics));
    }
    let events = Lexer::events(text, &file)?;
    let output = Printer::new(&events).print();
    verify(&file, text, &output)?;
    Ok(output)
}

/// What the printer is given, in the order of the source.
#[derive(Debug)]
enum Event {
    /// A top-level item or an entry of a block begins.
    Entry {
        blank_before: bool,
    },
    Word(Word),
    /// A block's braces; `keyed` for a block of short entries that hold no
    /// block (a region's or directions' per player, a setup), which stays
    /// on one line when it fits, even as a top-level item's block.
    Open {
        keyed: bool,
    },
    Close,
    Comment {
        text: String,
        own_line: bool,
        blank_before: bool,
    },
}

#[derive(Debug)]
struct Word {
    text: String,
    /// No space before it (`,`, `)`, `:`, a function's `(`).
    tight_before: bool,
    /// No space after it (`(`).
    tight_after: bool,
    /// A too long line may be broken before it (`and`, `or`, `when`, a
    /// destination's `to`; and any word after a `,`).
    breakable: bool,
    /// A brace of a set of sites or directions (`{n, s}`): a set too long
    /// for its line gets lines of its own, as a block does.
    set_brace: bool,
}

/// Rules matched as one token: their text is written as it is.
const ATOMIC: [Rule; 61] = [
    Rule::keyword,
    Rule::ident,
    Rule::int,
    Rule::number,
    Rule::string,
    Rule::string_body,
    Rule::boolean,
    Rule::site_item,
    Rule::letter_char,
    Rule::piece_trait,
    Rule::unordered_kw,
    Rule::remove_kind,
    Rule::turn_kind,
    Rule::rule_label,
    Rule::must_capture,
    Rule::must_use,
    Rule::advance_kw,
    Rule::dice_kw,
    Rule::off_kw,
    Rule::exact_kw,
    Rule::pool_name,
    Rule::path_site,
    Rule::neutral_kw,
    Rule::when_kw,
    Rule::on_kw,
    Rule::every_kw,
    Rule::draw_kw,
    Rule::pattern_fn,
    Rule::plies_kw,
    Rule::captured_kw,
    Rule::ray_count_kw,
    Rule::pieces_kw,
    Rule::clock_kw,
    Rule::then_kw,
    Rule::again_kw,
    Rule::straight_kw,
    Rule::turn_kw,
    Rule::keep_kw,
    Rule::distance,
    Rule::effect_mode,
    Rule::move_site,
    Rule::dir_name,
    Rule::hexagon_kw,
    Rule::ray_quant,
    Rule::ray_reach,
    Rule::blocked_kw,
    Rule::and_kw,
    Rule::or_kw,
    Rule::not_kw,
    Rule::leave_kw,
    Rule::gather_kw,
    Rule::into_kw,
    Rule::run_start,
    Rule::back_kw,
    Rule::while_kw,
    Rule::sow_kw,
    Rule::against_kw,
    Rule::liberties_kw,
    Rule::territory_kw,
    Rule::decimal,
    Rule::repeated_kw,
];

/// Rules whose own `{ … }` holds entries, one a line.
const BLOCKS: [Rule; 15] = [
    Rule::graph_board,
    Rule::region_item,
    Rule::track_item,
    Rule::setup_item,
    Rule::stacks_item,
    Rule::attribute_item,
    Rule::directions_item,
    Rule::phase_item,
    Rule::phase_block,
    Rule::together_rule,
    Rule::group_rule,
    Rule::move_rule,
    Rule::block,
    Rule::effect_block,
    Rule::end_item,
];

/// Rules whose `(` follows a name with no space: `sites(empty)`, `level(to)`.
const CALLS: [Rule; 18] = [
    Rule::region_of,
    Rule::transpose,
    Rule::counter_ref,
    Rule::pattern_measure,
    Rule::sites_count,
    Rule::pieces_count,
    Rule::count_of,
    Rule::hand_count,
    Rule::groups_count,
    Rule::ray_count,
    Rule::line_count,
    Rule::full_region,
    Rule::threatened,
    Rule::connected,
    Rule::found_runs,
    Rule::static_value,
    Rule::territory_count,
    Rule::liberties_cmp,
];

/// Two-character operators, one token each.
const OPERATORS: [&str; 6] = [">=", "<=", "==", "!=", "+=", "-="];

/// Turns the source into events: the parse tree's tokens, the literal
/// tokens and comments between them, and where entries and blocks begin.
struct Lexer<'a> {
    text: &'a str,
    events: Vec<Event>,
    /// Where the last token or comment ended: the gap after it decides
    /// blank lines and whether a comment has a line of its own.
    last_end: Option<usize>,
}

impl<'a> Lexer<'a> {
    fn events(text: &'a str, file: &RuleFile) -> Result<Vec<Event>, FormatError> {
        let mut lexer = Lexer { text, events: Vec::new(), last_end: None };
        // Each item is parsed again on its own, from where it starts to where
        // the next one does, as the parser cuts the file.
        let mut starts: Vec<usize> = file.items.iter().map(|item| item.span.start).collect();
        starts.sort_unstable();
        starts.dedup();
        let first = starts.first().copied().unwrap_or(text.len());
        lexer.gap(0, first, None, &mut false)?;
        for (i, &start) in starts.iter().enumerate() {
            let end = starts.get(i + 1).copied().unwrap_or(text.len());
            let chunk = &text[start..end];
            let mut pairs = RulesParser::parse(Rule::item_only, chunk)
                .map_err(|_| FormatError::Unsafe(format!("the item at byte {start} does not parse on its own")))?;
            let item = pairs
                .next()
                .and_then(|top| top.into_inner().next())
                .ok_or_else(|| FormatError::Unsafe(format!("no item at byte {start}")))?;
            let item_end = start + item.as_span().end();
            lexer.entry(start);
            lexer.pair(item, start)?;
            lexer.gap(item_end, end, None, &mut false)?;
        }
        Ok(lexer.events)
    }

    /// Whether the source between the last token and `at` holds a blank line.
    fn blank_before(&self, at: usize) -> bool {
        self.last_end.is_some_and(|end| self.text[end..at].matches('\n').count() >= 2)
    }

    fn entry(&mut self, at: usize) {
        let blank_before = self.blank_before(at);
        self.events.push(Event::Entry { blank_before });
    }

    fn push(&mut self, event: Event, end: usize) {
        self.events.push(event);
        self.last_end = Some(end);
    }

    /// A pair of the parse tree, `offset` the start of its chunk in the file.
    fn pair(&mut self, pair: Pair<Rule>, offset: usize) -> Result<(), FormatError> {
        let rule = pair.as_rule();
        let span = pair.as_span();
        let (start, end) = (offset + span.start(), offset + span.end());
        if ATOMIC.contains(&rule) {
            // Only `must capture` and `must use most dice` have whitespace inside; one space is as good
            // as any. A string is written as it is: any space in it (a tab, a
            // no-break space) is part of the game's text.
            let text = if matches!(rule, Rule::string | Rule::string_body) {
                span.as_str().to_string()
            } else {
                span.as_str().split_whitespace().collect::<Vec<_>>().join(" ")
            };
            let breakable = matches!(rule, Rule::and_kw | Rule::or_kw | Rule::when_kw);
            let word = Word { text, tight_before: false, tight_after: false, breakable, set_brace: false };
            self.push(Event::Word(word), end);
            return Ok(());
        }
        // Between a block's braces, each child begins an entry.
        let mut inside = false;
        let mut at = start;
        for child in pair.into_inner() {
            let child_start = offset + child.as_span().start();
            let child_end = offset + child.as_span().end();
            self.gap(at, child_start, Some(rule), &mut inside)?;
            if inside {
                self.entry(child_start);
            }
            self.pair(child, offset)?;
            at = child_end;
        }
        self.gap(at, end, Some(rule), &mut inside)?;
        Ok(())
    }

    /// The literal tokens and comments of `rule` between `from` and `to`;
    /// `inside` follows the braces of the rule's block, if it has one.
    fn gap(&mut self, from: usize, to: usize, rule: Option<Rule>, inside: &mut bool) -> Result<(), FormatError> {
        let block = rule.is_some_and(|r| BLOCKS.contains(&r));
        let text = &self.text[from..to];
        let mut chars = text.char_indices().peekable();
        while let Some((i, c)) = chars.next() {
            let at = from + i;
            if c.is_whitespace() {
                continue;
            }
            if c == '#' {
                let line_end = text[i..].find('\n').map_or(to, |n| at + n);
                let comment = self.text[at..line_end].trim_end().to_string();
                let own_line = self.last_end.is_none_or(|end| self.text[end..at].contains('\n'));
                let blank_before = self.blank_before(at);
                self.push(Event::Comment { text: comment, own_line, blank_before }, line_end);
                while chars.peek().is_some_and(|&(j, _)| from + j < line_end) {
                    chars.next();
                }
                continue;
            }
            let len = if c.is_alphanumeric() || c == '_' {
                text[i..].find(|c: char| !(c.is_alphanumeric() || c == '_')).unwrap_or(text.len() - i)
            } else if OPERATORS.iter().any(|op| text[i..].starts_with(op)) {
                2
            } else {
                c.len_utf8()
            };
            while chars.peek().is_some_and(|&(j, _)| j < i + len) {
                chars.next();
            }
            let token = &text[i..i + len];
            let Some(rule) = rule else {
                return Err(FormatError::Unsafe(format!("`{token}` outside any item")));
            };
            let event = match token {
                "{" if block => {
                    *inside = true;
                    Event::Open { keyed: matches!(rule, Rule::region_item | Rule::directions_item | Rule::setup_item) }
                }
                "}" if block => {
                    *inside = false;
                    Event::Close
                }
                _ => Event::Word(literal(token, rule)),
            };
            self.push(event, at + len);
        }
        Ok(())
    }
}

/// A literal token of `rule` (a keyword or a punctuation mark), with its spacing.
fn literal(token: &str, rule: Rule) -> Word {
    let set_brace = matches!(rule, Rule::site_set | Rule::directions);
    Word {
        text: token.to_string(),
        tight_before: matches!(token, "," | ")" | ":")
            || (token == "(" && CALLS.contains(&rule))
            || (token == "}" && set_brace),
        tight_after: token == "(" || (token == "{" && set_brace),
        breakable: token == "when" || (token == "to" && rule == Rule::destination),
        set_brace: set_brace && matches!(token, "{" | "}"),
    }
}

/// Lays the events out in lines.
struct Printer<'a> {
    events: &'a [Event],
    /// Whether a too long line may break before each event (a breakable
    /// word, or a word after a comma)...
    breaks: Vec<bool>,
    /// ...and how many brackets (`(`, a set's `{`) are open before it:
    /// lines break first outside brackets.
    nesting: Vec<usize>,
    lines: Vec<String>,
    /// The line being written, with its indentation; empty before its first token.
    line: String,
    /// Brace levels around the line.
    depth: usize,
    /// The entry has been broken: its next lines go one level deeper...
    continued: bool,
    /// ...and one more for each bracket open where the line broke, so that
    /// a parenthesised condition over several lines shows its nesting.
    hang: usize,
    /// Nothing written yet in the file or in the block: no blank line here.
    fresh: bool,
    /// The token just written wants no space after it.
    tight: bool,
    /// Inside a set written over several lines: whether the entry was
    /// continued before it.
    open_set: Option<bool>,
    /// Blocks chained to one written over several lines (`} else {`),
    /// written over several lines too.
    chained: Vec<usize>,
}

impl<'a> Printer<'a> {
    fn new(events: &'a [Event]) -> Self {
        let mut breaks = Vec::with_capacity(events.len());
        let mut nesting = Vec::with_capacity(events.len());
        let mut open = 0usize;
        let mut after_comma = false;
        // Brackets open, and which of them are a call's (`sites(`): a line
        // never breaks inside a call, which reads as one operand.
        let mut calls: Vec<bool> = Vec::new();
        for event in events {
            let Event::Word(word) = event else {
                breaks.push(false);
                nesting.push(open);
                after_comma = false;
                continue;
            };
            let closing = word.text == ")" || (word.set_brace && word.text == "}");
            if closing {
                open = open.saturating_sub(1);
                calls.pop();
            }
            let in_call = calls.contains(&true);
            breaks.push(!in_call && (word.breakable || (after_comma && !closing)));
            nesting.push(open);
            if word.text == "(" || (word.set_brace && word.text == "{") {
                open += 1;
                calls.push(word.text == "(" && word.tight_before);
            }
            after_comma = word.text == ",";
        }
        Printer {
            events,
            breaks,
            nesting,
            lines: Vec::new(),
            line: String::new(),
            depth: 0,
            continued: false,
            hang: 0,
            fresh: true,
            tight: false,
            open_set: None,
            chained: Vec::new(),
        }
    }

    fn print(mut self) -> String {
        let mut i = 0;
        while i < self.events.len() {
            match &self.events[i] {
                Event::Entry { blank_before } => self.start_entry(*blank_before),
                Event::Word(word) if word.set_brace => self.set_brace(i, word),
                Event::Word(word) => self.word(i, word),
                Event::Open { .. } => {
                    if let Some(end) = self.inline_blocks(i) {
                        let flat = flat(&self.events[i..=end]);
                        self.write(&flat, true);
                        self.tight = false;
                        i = end;
                    } else {
                        self.write("{", true);
                        self.flush();
                        self.depth += 1;
                        self.continued = false;
                        self.fresh = true;
                    }
                }
                Event::Close => {
                    self.flush();
                    self.depth = self.depth.saturating_sub(1);
                    self.continued = false;
                    self.fresh = false;
                    self.write("}", false);
                    self.tight = false;
                }
                Event::Comment { text, own_line, blank_before } => self.comment(i, text, *own_line, *blank_before),
            }
            i += 1;
        }
        self.flush();
        let mut out = self.lines.join("\n");
        if !out.is_empty() {
            out.push('\n');
        }
        out
    }

    fn indent(&self) -> String {
        INDENT.repeat(self.depth + if self.continued { 1 + self.hang } else { 0 })
    }

    /// Ends the line being written, if any.
    fn flush(&mut self) {
        if !self.line.is_empty() {
            let line = std::mem::take(&mut self.line);
            self.lines.push(line.trim_end().to_string());
        }
    }

    /// Ends the line inside an entry: the entry goes on one level deeper
    /// (inside a set of its own lines, at the set's level).
    fn break_line(&mut self) {
        self.flush();
        self.continued |= self.open_set.is_none();
    }

    fn write(&mut self, text: &str, space: bool) {
        if self.line.is_empty() {
            self.line = self.indent();
        } else if space {
            self.line.push(' ');
        }
        self.line.push_str(text);
    }

    fn width(&self) -> usize {
        if self.line.is_empty() { self.indent().chars().count() } else { self.line.chars().count() }
    }

    fn start_entry(&mut self, blank_before: bool) {
        self.flush();
        self.continued = false;
        self.hang = 0;
        self.tight = false;
        if blank_before && !self.fresh {
            self.lines.push(String::new());
        }
        self.fresh = false;
    }

    fn word(&mut self, i: usize, word: &Word) {
        if self.breaks[i] && !self.line.is_empty() && self.width() + 1 + self.segment_width(i) > WIDTH {
            self.break_line();
            self.hang = if self.open_set.is_some() { 0 } else { self.nesting[i] };
        }
        let space = !(self.tight || word.tight_before);
        self.write(&word.text, space);
        self.tight = word.tight_after;
    }

    /// A set's `{` or `}`: a set too long for its line has its own lines,
    /// one level deeper, filled up to the width.
    fn set_brace(&mut self, i: usize, word: &Word) {
        if word.text == "{" {
            let close = (i + 1..self.events.len())
                .find(|&k| matches!(&self.events[k], Event::Word(w) if w.set_brace))
                .unwrap_or(i);
            self.word(i, word);
            if self.width() - 1 + flat(&self.events[i..=close]).chars().count() > WIDTH {
                self.flush();
                self.open_set = Some(self.continued);
                self.depth += 1;
                self.continued = false;
            }
        } else if let Some(continued) = self.open_set.take() {
            self.flush();
            self.depth = self.depth.saturating_sub(1);
            self.continued = continued;
            self.write("}", false);
            self.tight = false;
        } else {
            self.word(i, word);
        }
    }

    fn comment(&mut self, i: usize, text: &str, own_line: bool, blank_before: bool) {
        let entry_goes_on = matches!(
            self.events[i + 1..].iter().find(|e| !matches!(e, Event::Comment { .. })),
            Some(Event::Word(_) | Event::Open { .. })
        );
        if !own_line && (!self.line.is_empty() || !self.lines.is_empty()) {
            // After the code it followed.
            let line = if self.line.is_empty() { self.lines.last_mut() } else { Some(&mut self.line) };
            if let Some(line) = line {
                line.push_str("  ");
                line.push_str(text);
            }
            self.flush();
        } else if entry_goes_on {
            // Inside an entry, which goes on after it.
            self.break_line();
            let line = self.indent() + text;
            self.lines.push(line);
        } else {
            self.start_entry(blank_before);
            let line = self.indent() + text;
            self.lines.push(line);
        }
        if entry_goes_on {
            self.break_line();
        }
        self.tight = false;
    }

    /// The width of the words from `i` up to the next place the line may
    /// break outside as many brackets as `i` is inside.
    fn segment_width(&self, i: usize) -> usize {
        let mut width = 0;
        let mut tight = true;
        for k in i..self.events.len() {
            let Event::Word(word) = &self.events[k] else { break };
            if k > i && self.breaks[k] && self.nesting[k] <= self.nesting[i] {
                break;
            }
            width += word.text.chars().count() + usize::from(!(tight || word.tight_before));
            tight = word.tight_after;
        }
        width
    }

    /// Where the blocks opened at `open` end (with those chained to it by
    /// `else`), if they are all written on the line being written: each
    /// holds at most one entry, and no comment, and is not a top-level
    /// item's own block; or the block is keyed (per player), with entries
    /// that hold no block, and no comment.
    fn inline_blocks(&mut self, open: usize) -> Option<usize> {
        if self.chained.contains(&open) {
            return None;
        }
        if let Event::Open { keyed: true } = self.events[open] {
            let close = open + self.events[open..].iter().position(|e| matches!(e, Event::Close))?;
            let plain = self.events[open + 1..close].iter().all(|e| matches!(e, Event::Word(_) | Event::Entry { .. }));
            let fits = self.width() + 1 + flat(&self.events[open..=close]).chars().count() <= WIDTH;
            return (plain && fits).then_some(close);
        }
        if self.depth == 0 {
            return None;
        }
        let mut fits = true;
        let mut start = open;
        let mut chain = Vec::new();
        loop {
            let (close, small) = self.block_end(start);
            fits &= small;
            // Another block of the same entry after a few words: `} else {`.
            let next = self.events[close + 1..].iter().position(|e| !matches!(e, Event::Word(_)));
            match next.map(|n| close + 1 + n) {
                Some(k) if matches!(self.events[k], Event::Open { .. }) && k > close + 1 => {
                    chain.push(k);
                    start = k;
                }
                _ => {
                    fits &= self.width() + 1 + flat(&self.events[open..=close]).chars().count() <= WIDTH;
                    if fits {
                        return Some(close);
                    }
                    self.chained = chain;
                    return None;
                }
            }
        }
    }

    /// The `}` of the block opened at `open`, and whether it is small
    /// enough for one line: no comment, and at most one entry in each block
    /// inside it (its own entries go two spaces apart:
    /// `{ hop all over enemy to empty  capture over }`).
    fn block_end(&self, open: usize) -> (usize, bool) {
        let mut entries = vec![0usize];
        let mut small = true;
        for (j, event) in self.events.iter().enumerate().skip(open + 1) {
            match event {
                Event::Comment { .. } => small = false,
                Event::Entry { .. } => {
                    if let Some(count) = entries.last_mut() {
                        *count += 1;
                        small &= *count <= 1 || entries.len() == 1;
                    }
                }
                Event::Open { .. } => entries.push(0),
                Event::Close => {
                    entries.pop();
                    if entries.is_empty() {
                        return (j, small);
                    }
                }
                Event::Word(_) => {}
            }
        }
        (self.events.len() - 1, false)
    }
}

/// Events written on one line.
fn flat(events: &[Event]) -> String {
    let mut out = String::new();
    let mut tight = true;
    for event in events {
        match event {
            Event::Word(word) => {
                if !(tight || word.tight_before) {
                    out.push(' ');
                }
                out.push_str(&word.text);
                tight = word.tight_after;
            }
            Event::Open { .. } => {
                if !out.is_empty() {
                    out.push(' ');
                }
                out.push('{');
                tight = false;
            }
            // Entries after the first on one line: two spaces apart.
            Event::Entry { .. } if !out.ends_with('{') => out.push(' '),
            Event::Close => {
                if !out.ends_with('{') {
                    out.push(' ');
                }
                out.push('}');
                tight = false;
            }
            Event::Entry { .. } | Event::Comment { .. } => {}
        }
    }
    out
}

/// Checks that the output reads as the input: it parses, to the same tree
/// (spans aside), with the same comments in the same order.
fn verify(before: &RuleFile, input: &str, output: &str) -> Result<(), FormatError> {
    let (after, diagnostics) = parse(output);
    if let Some(first) = diagnostics.first() {
        return Err(FormatError::Unsafe(format!("the new layout does not parse: {}", first.message)));
    }
    if without_spans(&format!("{before:?}")) != without_spans(&format!("{after:?}")) {
        return Err(FormatError::Unsafe("the new layout reads as a different game".to_string()));
    }
    if comments(input) != comments(output) {
        return Err(FormatError::Unsafe("the new layout would lose or reorder a comment".to_string()));
    }
    Ok(())
}

/// A syntax tree's `Debug` text with every `Span { start: …, end: … }` as `Span`.
fn without_spans(debug: &str) -> String {
    let mut out = String::with_capacity(debug.len());
    let mut rest = debug;
    while let Some(at) = rest.find("Span { start: ") {
        out.push_str(&rest[..at + "Span".len()]);
        let after = &rest[at..];
        rest = &after[after.find('}').map_or(after.len(), |end| end + 1)..];
    }
    out.push_str(rest);
    out
}

/// The comments of a rule file, in order, without trailing whitespace.
/// Strings end at their line, as comments do.
fn comments(text: &str) -> Vec<&str> {
    let mut found = Vec::new();
    for line in text.lines() {
        let mut in_string = false;
        for (i, c) in line.char_indices() {
            match c {
                '"' => in_string = !in_string,
                '#' if !in_string => {
                    found.push(line[i..].trim_end());
                    break;
                }
                _ => {}
            }
        }
    }
    found
}
