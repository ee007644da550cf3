//! rustc-style rendering through miette: file:line:column, the source line,
//! the span underlined with a label, and a help line. Everything drawn from
//! a file goes through [`super::escape`]: no control character reaches the
//! terminal.

use super::escape::{acts_on_terminal, escaped, terminal_safe};
use super::{Diagnostic, NotShown, SHOWN, Severity, Source};
use miette::{
    GraphicalReportHandler, GraphicalTheme, LabeledSpan, MietteError, MietteSpanContents, SourceCode, SourceSpan,
    SpanContents,
};
use std::fmt;

/// Adapter that lets miette draw one of our diagnostics: the part of it in
/// one file, with the parts in other files (a variant's base) as related
/// reports, each with its own file.
struct Drawn<'a> {
    diagnostic: &'a Diagnostic,
    /// The message shown: the diagnostic's own, or a pointer for a related part.
    message: String,
    help: Option<String>,
    source: Shortened,
    /// (start, length, message, primary) within `source`.
    labels: Vec<(usize, usize, String, bool)>,
    related: Vec<Drawn<'a>>,
    /// The part with the primary label (or the only part).
    main: bool,
}

impl fmt::Debug for Drawn<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl fmt::Display for Drawn<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for Drawn<'_> {}

impl miette::Diagnostic for Drawn<'_> {
    fn code<'b>(&'b self) -> Option<Box<dyn fmt::Display + 'b>> {
        self.main.then(|| Box::new(self.diagnostic.code) as Box<dyn fmt::Display>)
    }

    fn severity(&self) -> Option<miette::Severity> {
        Some(match self.diagnostic.severity {
            _ if !self.main => miette::Severity::Advice,
            Severity::Error => miette::Severity::Error,
            Severity::Warning => miette::Severity::Warning,
            Severity::Note => miette::Severity::Advice,
        })
    }

    fn help<'b>(&'b self) -> Option<Box<dyn fmt::Display + 'b>> {
        self.help.as_ref().filter(|_| self.main).map(|h| Box::new(h) as Box<dyn fmt::Display>)
    }

    fn source_code(&self) -> Option<&dyn miette::SourceCode> {
        Some(&self.source)
    }

    fn labels(&self) -> Option<Box<dyn Iterator<Item = LabeledSpan> + '_>> {
        let labels = self.labels.iter().map(|(start, len, message, primary)| {
            let text = Some(message.clone());
            if *primary {
                LabeledSpan::new_primary_with_span(text, (*start, *len))
            } else {
                LabeledSpan::new_with_span(text, (*start, *len))
            }
        });
        Some(Box::new(labels))
    }

    fn related<'b>(&'b self) -> Option<Box<dyn Iterator<Item = &'b dyn miette::Diagnostic> + 'b>> {
        if self.related.is_empty() {
            return None;
        }
        Some(Box::new(self.related.iter().map(|r| r as &dyn miette::Diagnostic)))
    }
}

/// The diagnostic split by the file each label points into: the primary
/// label's file first.
fn drawn<'a>(source: &Source, diagnostic: &'a Diagnostic, lines: &Lines) -> Drawn<'a> {
    let mut files: Vec<usize> = Vec::new();
    let primary_file = source.file_index(diagnostic.primary_span().start);
    files.push(primary_file);
    for label in &diagnostic.labels {
        let file = source.file_index(label.span.start);
        if !files.contains(&file) {
            files.push(file);
        }
    }
    let mut parts: Vec<Drawn<'a>> = files
        .iter()
        .map(|&file| {
            let offset = source.files.get(file).map_or(0, |f| f.1);
            let (name, start, end) = source.file_at(offset);
            let labels: Vec<(usize, usize, String, bool)> = diagnostic
                .labels
                .iter()
                .enumerate()
                .filter(|(_, l)| source.file_index(l.span.start) == file)
                .map(|(i, l)| {
                    let from = l.span.start.saturating_sub(start).min(end - start);
                    (from, l.span.len().min(end - start - from), terminal_safe(&l.message).into_owned(), i == 0)
                })
                .collect();
            let text = &source.text[start..end];
            let spans: Vec<(usize, usize)> = labels.iter().map(|l| (l.0, l.0 + l.1)).collect();
            let shortened = Shortened::new(name, text, &spans, |lo| lines.before(start + lo) - lines.before(start));
            let labels = labels
                .into_iter()
                .map(|(from, len, message, primary)| {
                    let (new_from, new_to) = (shortened.map(from), shortened.map(from + len));
                    (new_from, new_to.saturating_sub(new_from), message, primary)
                })
                .collect();
            Drawn {
                diagnostic,
                message: if file == primary_file {
                    terminal_safe(&diagnostic.message).into_owned()
                } else {
                    format!("see also {}", terminal_safe(name))
                },
                help: diagnostic.help.as_deref().map(|h| terminal_safe(h).into_owned()),
                source: shortened,
                labels,
                related: Vec::new(),
                main: file == primary_file,
            }
        })
        .collect();
    let mut main = parts.remove(0);
    main.related = parts;
    main
}

/// Lines longer than this many bytes are drawn in part: the piece around
/// the first label on them, `…` for the rest (miette cannot draw a label
/// past column 65,535, and nobody reads a line of thousands of columns).
const LONG_LINE: usize = 240;
/// How much of a long line is kept before its first label.
const BEFORE_LABEL: usize = 60;
/// Lines kept above the first label and below the last: more than the one
/// line of context miette draws.
const AROUND: usize = 2;
/// What stands for the cut part of a long line.
const CUT: &str = "…";

/// The part of a file a diagnostic draws: the lines from just above its
/// first label to just below its last (so that drawing each of thousands of
/// diagnostics does not read the whole file), long lines cut to a window
/// (see `LONG_LINE`), control characters shown escaped, the CR of a CRLF
/// and a byte-order mark left out. It maps the file's offsets to the drawn
/// text's, so labels land where they were, and gives the file's own lines
/// and columns.
struct Shortened {
    name: String,
    /// The file's text from `lo` to the end of the part drawn.
    window: String,
    lo: usize,
    /// Lines of the file above `lo`.
    first_line: usize,
    drawn: String,
    /// Kept pieces: (start in `window`, end in `window`, start in `drawn`).
    kept: Vec<(usize, usize, usize)>,
    /// Whether `drawn` differs from `window` before a label (a cut, an
    /// escape), so that miette's own count of columns would be wrong.
    altered: bool,
}

impl Shortened {
    /// `spans`: the labels' (start, end) in `text`.
    /// `lines_before(offset)`: how many lines of `text` end before `offset`.
    fn new(name: &str, text: &str, spans: &[(usize, usize)], lines_before: impl Fn(usize) -> usize) -> Self {
        let first = spans.iter().map(|s| s.0).min().unwrap_or(0).min(text.len());
        let last = spans.iter().map(|s| s.1).max().unwrap_or(0).clamp(first, text.len());
        let mut lo = text[..first].rfind('\n').map_or(0, |i| i + 1);
        for _ in 0..AROUND {
            lo = text[..lo.saturating_sub(1)].rfind('\n').map_or(0, |i| i + 1);
        }
        let mut hi = last;
        for _ in 0..=AROUND {
            hi = text[hi..].find('\n').map_or(text.len(), |i| hi + i + 1);
        }
        let window = &text[lo..hi];
        let first_line = lines_before(lo);
        let starts: Vec<usize> = spans.iter().map(|s| s.0.clamp(lo, hi) - lo).collect();
        let mut kept = Vec::new();
        let mut drawn = String::with_capacity(window.len().min(1 << 16));
        let mut line_start = 0;
        let mut altered = false;
        while line_start <= window.len() {
            let line_end = window[line_start..].find('\n').map_or(window.len(), |i| line_start + i);
            let next = (line_end + 1).min(window.len());
            if line_end - line_start <= LONG_LINE {
                altered |= copy_shown(window, line_start, next, &mut drawn, &mut kept);
            } else {
                altered = true;
                let label = starts.iter().copied().filter(|&s| s >= line_start && s <= line_end).min();
                let from = label.map_or(line_start, |s| s.saturating_sub(BEFORE_LABEL).max(line_start));
                let from = ceil_boundary(window, from);
                let to = floor_boundary(window, (from + LONG_LINE).min(line_end));
                if from > line_start {
                    drawn.push_str(CUT);
                }
                copy_shown(window, from, to, &mut drawn, &mut kept);
                if to < line_end {
                    drawn.push_str(CUT);
                }
                copy_shown(window, line_end, next, &mut drawn, &mut kept);
            }
            line_start = line_end + 1;
        }
        if kept.is_empty() {
            kept.push((0, 0, 0));
        }
        let name = terminal_safe(name).into_owned();
        Shortened { name, window: window.to_string(), lo, first_line, drawn, kept, altered }
    }

    /// Where an offset of the file falls in the drawn text (in a cut part:
    /// at the cut mark after the last kept piece before it).
    fn map(&self, offset: usize) -> usize {
        let offset = offset.clamp(self.lo, self.lo + self.window.len()) - self.lo;
        let i = self.kept.partition_point(|&(start, _, _)| start <= offset).saturating_sub(1);
        let (start, end, at) = self.kept[i];
        at + offset.clamp(start, end) - start
    }

    /// The offset in `window` of an offset of the drawn text.
    fn unmap(&self, offset: usize) -> usize {
        let i = self.kept.partition_point(|&(_, _, at)| at <= offset).saturating_sub(1);
        let (start, end, at) = self.kept[i];
        (start + offset.saturating_sub(at)).min(end)
    }
}

/// Copies `window[from..to]` to `drawn` as a terminal may show it, noting
/// the pieces kept in `kept`: a control character written escaped, the CR
/// of a CRLF and a byte-order mark at a line's start left out. Whether
/// anything was changed.
fn copy_shown(window: &str, from: usize, to: usize, drawn: &mut String, kept: &mut Vec<(usize, usize, usize)>) -> bool {
    let mut keep = |start: usize, end: usize, drawn: &mut String| {
        if start < end {
            kept.push((start, end, drawn.len()));
            drawn.push_str(&window[start..end]);
        }
    };
    let (mut run, mut altered) = (from, false);
    for (i, c) in window[from..to].char_indices() {
        let at = from + i;
        let line_end = c == '\r' && window[at + 1..].starts_with('\n');
        let mark = c == crate::syntax::input::BOM && (at == 0 || window[..at].ends_with('\n'));
        if line_end || mark || acts_on_terminal(c) {
            keep(run, at, drawn);
            if !(line_end || mark) {
                drawn.push_str(&escaped(c));
            }
            run = at + c.len_utf8();
            altered = true;
        }
    }
    keep(run, to, drawn);
    altered
}

fn floor_boundary(text: &str, mut offset: usize) -> usize {
    while !text.is_char_boundary(offset) {
        offset -= 1;
    }
    offset
}

fn ceil_boundary(text: &str, mut offset: usize) -> usize {
    while !text.is_char_boundary(offset) {
        offset += 1;
    }
    offset
}

impl SourceCode for Shortened {
    fn read_span<'a>(
        &'a self,
        span: &SourceSpan,
        before: usize,
        after: usize,
    ) -> Result<Box<dyn SpanContents<'a> + 'a>, MietteError> {
        let inner = self.drawn.read_span(span, before, after)?;
        let (mut line, mut column) = (inner.line() + self.first_line, inner.column());
        if self.altered && before == 0 && after == 0 {
            // The header's place: the file's own line and column.
            let (l, c) = crate::syntax::span::line_col(&self.window, self.unmap(span.offset()));
            (line, column) = (self.first_line + l - 1, c - 1);
        }
        Ok(Box::new(MietteSpanContents::new_named(
            self.name.clone(),
            inner.data(),
            *inner.span(),
            line,
            column,
            // miette joins two labels' snippets when one's line count
            // reaches the other's line: counted from the file's start, as a
            // whole file read would give.
            inner.line_count() + self.first_line,
        )))
    }
}

/// Renders one diagnostic. `color` selects ANSI colours for a terminal; tests
/// and snapshots use plain text.
pub fn render(source: &Source, diagnostic: &Diagnostic, color: bool) -> String {
    render_with(source, diagnostic, color, &Lines::new(&source.text))
}

/// Where the source's lines end, found once for all its diagnostics.
struct Lines(Vec<usize>);

impl Lines {
    fn new(text: &str) -> Self {
        Lines(text.bytes().enumerate().filter(|&(_, b)| b == b'\n').map(|(i, _)| i).collect())
    }

    /// How many lines end before `offset`.
    fn before(&self, offset: usize) -> usize {
        self.0.partition_point(|&end| end < offset)
    }
}

fn render_with(source: &Source, diagnostic: &Diagnostic, color: bool, lines: &Lines) -> String {
    let theme = if color { GraphicalTheme::unicode() } else { GraphicalTheme::unicode_nocolor() };
    let handler = GraphicalReportHandler::new_themed(theme).with_width(100).with_links(false);
    let drawn = drawn(source, diagnostic, lines);
    let mut out = String::new();
    if handler.render_report(&mut out, &drawn).is_err() {
        out = format!("{}: {}\n", terminal_safe(&source.name), terminal_safe(&diagnostic.message));
    }
    out
}

/// Renders the first [`SHOWN`] diagnostics, then how many more there are,
/// then a summary line like rustc's.
pub fn render_all(source: &Source, diagnostics: &[Diagnostic], color: bool) -> String {
    let mut out = String::new();
    let lines = Lines::new(&source.text);
    for diagnostic in diagnostics.iter().take(SHOWN) {
        out.push_str(&render_with(source, diagnostic, color, &lines));
        out.push('\n');
    }
    let name = terminal_safe(&source.name);
    let not_shown = NotShown::of(diagnostics);
    if !not_shown.is_empty() {
        out.push_str(&format!("{name}: {not_shown} (only the first {SHOWN} are shown)\n"));
    }
    let errors = diagnostics.iter().filter(|d| d.is_error()).count();
    let warnings = diagnostics.len() - errors;
    if errors + warnings > 0 {
        out.push_str(&format!("{name}: {errors} error(s), {warnings} warning(s)\n"));
    }
    out
}
