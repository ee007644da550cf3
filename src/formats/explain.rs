//! A typed move explained (`orrery explain`): which rule makes it legal,
//! or which condition of which rule refuses it, as a diagnostic pointing
//! at the rule in the rule file. The engine answers with rule numbers and
//! reasons (`engine::explain`); this reads the move's text and words the
//! answer.

use super::notation::parse_move;
use crate::board::Site;
use crate::diagnostics::{Diagnostic, Source};
use crate::engine::explain::{Asked, Explanation, RuleFinding, Why};
use crate::engine::state::State;
use crate::game::rules::PieceType;

/// The answer: whether the move is legal, and why, pointing at rules.
pub struct Answer {
    pub legal: bool,
    pub diagnostic: Diagnostic,
    /// One per rule named, as the diagnostic's labels say it, but apart.
    pub reasons: Vec<Reason>,
}

/// A rule's part in the answer: where the rule is, its label if it has
/// one, and what it says of the move.
pub struct Reason {
    pub span: crate::syntax::span::Span,
    pub rule: Option<String>,
    pub reason: String,
}

impl Answer {
    /// The answer as structured data, for `explain --format json` and the
    /// page: the headline, one reason per rule (where the rule is and its
    /// first line as written), the help, and the whole diagnostic.
    pub fn to_json(&self, typed: &str, source: &Source) -> serde_json::Value {
        let reasons: Vec<serde_json::Value> = self
            .reasons
            .iter()
            .map(|r| {
                let (file, line, column) = source.locate(r.span.start);
                let written = dedented(source, r.span);
                serde_json::json!({
                    "file": file, "line": line, "column": column,
                    "rule": r.rule, "written": written, "reason": r.reason,
                })
            })
            .collect();
        let diagnostic = crate::diagnostics::to_json(source, std::slice::from_ref(&self.diagnostic));
        serde_json::json!({
            "move": typed,
            "legal": self.legal,
            "code": self.diagnostic.code,
            "message": self.diagnostic.message,
            "reasons": reasons,
            "help": self.diagnostic.help,
            "diagnostic": diagnostic[0],
        })
    }
}

/// A rule as written in the file, its lines after the first unindented
/// by the indentation of the line it starts on.
fn dedented(source: &Source, span: crate::syntax::span::Span) -> String {
    let line_start = source.text[..span.start].rfind('\n').map_or(0, |i| i + 1);
    let line = &source.text[line_start..span.start];
    let indent = line.len() - line.trim_start().len();
    let mut lines = source.text[span.start..span.end].lines();
    let mut out = lines.next().unwrap_or("").trim_end().to_string();
    for next in lines {
        let cut = next.len() - next.trim_start().len();
        out.push('\n');
        out.push_str(next[cut.min(indent)..].trim_end());
    }
    out
}

/// Explains the move written as `text` in `state`; an error when the text
/// names no site or piece of the game.
pub fn explain_move(state: &State, text: &str) -> Result<Answer, String> {
    let typed = text.trim();
    // A legal move as written (also actions, throws and partial text).
    if let Ok(mv) = parse_move(state, typed) {
        let finding = RuleFinding { rule: mv.rule as usize, why: Why::Makes };
        let written = state.move_text(&mv);
        let to =
            if mv.to == crate::board::NO_SITE { String::new() } else { state.game.board.site_name(mv.to).to_string() };
        return Ok(answer(state, typed, &written, Explanation::Rules(vec![finding]), &to));
    }
    let asked = match asked(state, typed) {
        Ok(asked) => asked,
        Err(why) => short_asked(state, typed).unwrap_or(Err(why))?,
    };
    let to = state.game.board.site_name(asked.to);
    Ok(answer(state, typed, typed, state.explain(asked), to))
}

/// The sites (and type) of a move as typed, without its suffixes: `b3-c3`,
/// `c3`, `man@c3`; a chain's first and last sites.
pub fn asked(state: &State, text: &str) -> Result<Asked, String> {
    let game = &state.game;
    let main = text.split([',', '/']).next().unwrap_or(text);
    let (piece, sites) = match main.split_once('@') {
        Some((name, rest)) => {
            let piece = game.pieces.iter().position(|p| p.name.eq_ignore_ascii_case(name.trim()));
            match piece {
                Some(p) => (Some(p as PieceType), rest),
                None => {
                    let names = game.pieces.iter().map(|p| p.name.as_str());
                    return Err(unknown("piece type", name.trim(), names));
                }
            }
        }
        None => (None, main),
    };
    // A chain writes its landings after `x` (`c3xe5xg7`), unless a site's name holds one.
    let separators: &[char] =
        if sites.contains('-') || game.board.site(sites.trim()).is_some() { &['-'] } else { &['-', 'x'] };
    let names: Vec<&str> = sites.split(separators).map(str::trim).filter(|s| !s.is_empty()).collect();
    let site = |name: &str| -> Result<Site, String> {
        let board = &game.board;
        board
            .site(name)
            .or_else(|| board.site_names().position(|n| n.eq_ignore_ascii_case(name)).map(|i| i as Site))
            .ok_or_else(|| unknown("site", name, board.site_names()))
    };
    match names[..] {
        [] => Err(format!("`{text}` names no site")),
        [to] => Ok(Asked { from: None, to: site(to)?, piece }),
        [from, .., to] => Ok(Asked { from: Some(site(from)?), to: site(to)?, piece }),
    }
}

/// A move typed in short notation (`Nf4`), as asked about: its piece's
/// origin must be one of the mover's pieces, else the answer asks which.
fn short_asked(state: &State, typed: &str) -> Option<Result<Asked, String>> {
    let (piece, origins, to, drop) = super::short_notation::read_for_explaining(state, typed)?;
    let game = &state.game;
    let name = piece.map_or("piece", |p| game.pieces[p as usize].name.as_str());
    let player = game.player_name(state.current_player());
    Some(match origins[..] {
        _ if drop => Ok(Asked { from: None, to, piece }),
        [from] => Ok(Asked { from: Some(from), to, piece }),
        [] => Err(format!("`{typed}`: {player} has no {name} that could make it")),
        _ => {
            // Of the pieces it could be, those that can make it now: one is
            // the move meant; with several or none, ask which.
            let mut legal = Vec::new();
            state.legal_moves(&mut legal);
            let able: Vec<Site> = origins
                .iter()
                .copied()
                .filter(|&from| {
                    legal.iter().any(|m| m.from == from && m.to == to && piece.is_none_or(|p| m.piece == p))
                })
                .collect();
            let site = |s: Site| game.board.site_name(s).to_string();
            let full = |from: &[Site]| {
                from.iter().map(|&s| format!("`{}-{}`", site(s), site(to))).collect::<Vec<_>>().join(" or ")
            };
            match able[..] {
                [from] => Ok(Asked { from: Some(from), to, piece }),
                [] => Err(format!(
                    "`{typed}`: no {name} of {player} can move to {} now; to hear why, say which {name}, as in {}",
                    site(to),
                    full(&origins)
                )),
                _ => Err(format!(
                    "`{typed}` is legal for more than one {name} of {player}: say which, as in {}",
                    full(&able)
                )),
            }
        }
    })
}

fn unknown<'a>(what: &str, name: &str, names: impl Iterator<Item = &'a str> + Clone) -> String {
    let hint = crate::diagnostics::suggest::closest(name, names)
        .map(|c| format!(" (did you mean `{c}`?)"))
        .unwrap_or_default();
    format!("there is no {what} `{name}`{hint}")
}

/// Words the engine's explanation.
fn answer(state: &State, typed: &str, written: &str, explanation: Explanation, to: &str) -> Answer {
    let game = &state.game;
    let player = game.player_name(state.current_player()).to_string();
    let phase = &game.phases[state.pos.phase as usize];
    let legal = explanation.legal();
    let mut diagnostic = match &explanation {
        _ if legal && typed != written => {
            Diagnostic::note("N0901", format!("`{typed}` is legal for {player}, written in full `{written}`"))
        }
        _ if legal => Diagnostic::note("N0901", format!("`{typed}` is legal for {player}")),
        Explanation::GameOver => Diagnostic::error("E0901", format!("`{typed}` is not legal: the game is over")),
        Explanation::NoPiece => {
            Diagnostic::error("E0902", format!("`{typed}` is not legal: nothing stands where it starts"))
        }
        Explanation::NotYours { owner } => Diagnostic::error(
            "E0903",
            format!("`{typed}` is not legal: the piece is {}'s, and {player} is to move", game.player_name(*owner)),
        ),
        Explanation::Rules(found) if found.is_empty() => Diagnostic::error(
            "E0904",
            format!("`{typed}` is not legal: no rule of phase `{}` makes such a move", phase.name),
        ),
        Explanation::Rules(_) => Diagnostic::error("E0905", format!("`{typed}` is not legal for {player}")),
    };
    let mut reasons = Vec::new();
    if let Explanation::Rules(found) = &explanation {
        // Rules whose movement does not lead there at all are named only
        // when no rule comes closer.
        let closer = found.iter().any(|f| f.why != Why::Unreachable);
        for finding in found.iter().filter(|f| !closer || f.why != Why::Unreachable) {
            let source = &phase.sources[finding.rule];
            let said =
                Reason { span: source.span, rule: source.label.clone(), reason: reason(state, &finding.why, to) };
            let named = said.rule.as_ref().map(|l| format!("rule `{l}`: ")).unwrap_or_default();
            diagnostic = diagnostic.with_label(said.span, format!("{named}{}", said.reason));
            reasons.push(said);
        }
    }
    if !legal {
        let mut moves = Vec::new();
        state.legal_moves(&mut moves);
        let texts: Vec<String> = moves.iter().map(|m| state.move_text(m)).collect();
        let start = typed.split(['-', '/', '@', ',']).next().unwrap_or("").to_lowercase();
        let mut near: Vec<&String> = texts
            .iter()
            .filter(|t| t.split(['-', '/', '@', ',']).next().unwrap_or("").to_lowercase() == start)
            .collect();
        let shown = if near.is_empty() { "legal moves" } else { "legal moves from there" };
        if near.is_empty() {
            near = texts.iter().collect();
        }
        near.sort();
        let list: Vec<&str> = near.iter().take(12).map(|s| s.as_str()).collect();
        let more =
            if near.len() > list.len() { format!(" and {} more", near.len() - list.len()) } else { String::new() };
        diagnostic = diagnostic.with_help(if list.is_empty() {
            format!("{player} has no legal move")
        } else {
            format!("{shown}: {}{more}", list.join(" "))
        });
    }
    Answer { legal, diagnostic, reasons }
}

/// What a rule's finding says, in words.
fn reason(state: &State, why: &Why, to: &str) -> String {
    let game = &state.game;
    let player = game.player_name(state.current_player());
    match why {
        Why::Makes => "this rule makes it".to_string(),
        Why::Condition => "this rule's `when` condition does not hold now".to_string(),
        Why::NoneInHand => format!("{player} has no such piece in hand to place"),
        Why::Destination => format!("the destination, {to}, fails this rule's condition on it"),
        Why::Passing => "a site on the way fails this rule's condition on it".to_string(),
        Why::PassingAt { part, site, failing } => {
            let part = part.map_or(String::new(), |p| format!("in its {} move, ", ordinal(p)));
            let site = state.game.board.site_name(*site);
            let failing: Vec<String> = failing.iter().map(|f| format!("`{f}`")).collect();
            format!("{part}{site}, a site on the way, fails {}", failing.join(" and "))
        }
        Why::Forbidden(k) => match k {
            0 => "this rule's `forbid` condition refuses it".to_string(),
            k => format!("this rule's `forbid` condition number {} refuses it", k + 1),
        },
        Why::NeedsEffect => "this rule needs the move to capture or turn over pieces, and it does not".to_string(),
        Why::OtherPart => "this rule moves two pieces, and the other cannot move with this one".to_string(),
        Why::Several => "more than one of this rule's conditions refuses it".to_string(),
        Why::Unreachable => "this rule's movement does not lead from the start to the destination".to_string(),
        Why::LeavesRoyalThreatened => {
            let royal: Vec<&str> = game.pieces.iter().filter(|p| p.royal).map(|p| p.name.as_str()).collect();
            format!("this rule makes it, but it leaves {player}'s {} threatened", royal.join(" or "))
        }
        Why::CaptureCompulsory => {
            "this rule makes it, but capturing is compulsory and another move captures".to_string()
        }
        Why::Repeats => "this rule makes it, but it repeats a position, which the game forbids".to_string(),
        Why::LeavesForbidden => {
            "this rule makes it, but the position it leads to is ruled out (`forbid leaves` or `must leave`)"
                .to_string()
        }
    }
}

/// "first", "second", ... for the parts of a two-piece move.
fn ordinal(n: usize) -> String {
    match n {
        0 => "first".to_string(),
        1 => "second".to_string(),
        2 => "third".to_string(),
        n => format!("{}th", n + 1),
    }
}
