//! The names a rule file declares, where, and what they are; the outline
//! of a document (its document symbols).

use super::document::Document;
use crate::syntax::ast::{BoardDecl, Item, PhaseRule, RuleFile};
use crate::syntax::span::{Name, Span};
use lsp_types::{DocumentSymbol, SymbolKind};

/// What kind of thing a name declares.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Player,
    Piece,
    Region,
    Option,
    Counter,
    Phase,
    Directions,
    Group,
    Pattern,
    Condition,
    Track,
    Die,
    Attribute,
    Point,
    Line,
    Rule,
    Action,
    EndRule,
}

impl Kind {
    /// The word the language declares it with, for hovers and completion.
    pub fn word(self) -> &'static str {
        match self {
            Kind::Player => "player",
            Kind::Piece => "piece",
            Kind::Region => "region",
            Kind::Option => "option",
            Kind::Counter => "counter",
            Kind::Phase => "phase",
            Kind::Directions => "directions",
            Kind::Group => "group",
            Kind::Pattern => "pattern",
            Kind::Condition => "condition",
            Kind::Track => "track",
            Kind::Die => "die",
            Kind::Attribute => "attribute",
            Kind::Point => "point",
            Kind::Line => "line",
            Kind::Rule => "rule",
            Kind::Action => "action",
            Kind::EndRule => "end rule",
        }
    }

    pub fn symbol_kind(self) -> SymbolKind {
        match self {
            Kind::Player => SymbolKind::VARIABLE,
            Kind::Piece => SymbolKind::CLASS,
            Kind::Region | Kind::Track => SymbolKind::ARRAY,
            Kind::Option => SymbolKind::PROPERTY,
            Kind::Counter | Kind::Die => SymbolKind::NUMBER,
            Kind::Phase => SymbolKind::FUNCTION,
            Kind::Directions => SymbolKind::ENUM,
            Kind::Group => SymbolKind::STRUCT,
            Kind::Pattern => SymbolKind::INTERFACE,
            Kind::Condition => SymbolKind::BOOLEAN,
            Kind::Attribute => SymbolKind::FIELD,
            Kind::Point | Kind::Line => SymbolKind::CONSTANT,
            Kind::Rule => SymbolKind::METHOD,
            Kind::Action | Kind::EndRule => SymbolKind::EVENT,
        }
    }
}

/// One declared name.
#[derive(Clone, Debug)]
pub struct Declaration {
    pub name: String,
    pub kind: Kind,
    /// Where the name is written.
    pub name_span: Span,
    /// The whole declaration (the item, or the rule, it is declared by).
    pub span: Span,
}

fn declare(out: &mut Vec<Declaration>, kind: Kind, name: &Name, span: Span) {
    out.push(Declaration { name: name.node.clone(), kind, name_span: name.span, span });
}

/// Every name the items declare, in the order written.
pub fn declarations(file: &RuleFile) -> Vec<Declaration> {
    let mut out = Vec::new();
    for item in &file.items {
        let span = item.span;
        match &item.node {
            Item::Players(players) => players.iter().for_each(|p| declare(&mut out, Kind::Player, p, span)),
            Item::Board(BoardDecl::Graph { points, lines }) => {
                points.iter().for_each(|p| declare(&mut out, Kind::Point, &p.name, span));
                lines.iter().for_each(|l| declare(&mut out, Kind::Line, &l.name, span));
            }
            Item::Region { name, .. } => declare(&mut out, Kind::Region, name, span),
            Item::Piece { name, .. } => declare(&mut out, Kind::Piece, name, span),
            Item::Option { name, .. } => declare(&mut out, Kind::Option, name, span),
            Item::Counter { name, .. } => declare(&mut out, Kind::Counter, name, span),
            Item::Group { name, .. } => declare(&mut out, Kind::Group, name, span),
            Item::Track { name, .. } => declare(&mut out, Kind::Track, name, span),
            Item::Directions { name, .. } => declare(&mut out, Kind::Directions, name, span),
            Item::Pattern { name, .. } => declare(&mut out, Kind::Pattern, name, span),
            Item::Condition { name, .. } => declare(&mut out, Kind::Condition, name, span),
            Item::Attribute { name, .. } => declare(&mut out, Kind::Attribute, name, span),
            Item::Dice { names, .. } => names.iter().for_each(|d| declare(&mut out, Kind::Die, d, span)),
            Item::Phase(phase) => {
                declare(&mut out, Kind::Phase, &phase.name, span);
                for (label, rule_span) in &phase.entries {
                    if let Some(label) = label {
                        declare(&mut out, Kind::Rule, label, *rule_span);
                    }
                }
                actions(&phase.rules, &mut out);
            }
            Item::End(rules) => {
                for rule in rules {
                    if let Some(label) = &rule.label {
                        declare(&mut out, Kind::EndRule, label, rule.span);
                    }
                }
            }
            _ => {}
        }
    }
    out
}

fn actions(rules: &[PhaseRule], out: &mut Vec<Declaration>) {
    for rule in rules {
        match rule {
            PhaseRule::Action { name, span, .. } => declare(out, Kind::Action, name, *span),
            PhaseRule::If { then, otherwise, .. } => {
                actions(then, out);
                actions(otherwise, out);
            }
            PhaseRule::Together { parts, .. } => actions(parts, out),
            _ => {}
        }
    }
}

/// The rules that move or place a piece type: (phase, the rule's span,
/// its label included when it has one).
pub fn rules_of_piece<'a>(file: &'a RuleFile, text: &str, piece: &str) -> Vec<(&'a str, Span)> {
    let mut out = Vec::new();
    for item in &file.items {
        if let Item::Phase(phase) = &item.node {
            let first = out.len();
            piece_rules(&phase.rules, piece, phase.name.as_str(), &mut out);
            for (_, span) in &mut out[first..] {
                let labelled = phase.entries.iter().find_map(|(label, entry)| {
                    let label = label.as_ref()?;
                    let between = text.get(label.span.end..span.start)?;
                    (between.trim() == ":").then_some(*entry)
                });
                if let Some(entry) = labelled {
                    *span = entry.to(*span);
                }
            }
        }
    }
    out
}

fn piece_rules<'a>(rules: &'a [PhaseRule], piece: &str, phase: &'a str, out: &mut Vec<(&'a str, Span)>) {
    for rule in rules {
        match rule {
            PhaseRule::Move { piece: p, span, .. }
            | PhaseRule::Place { piece: p, span, .. }
            | PhaseRule::Promote { piece: p, span, .. }
                if p.node == piece =>
            {
                out.push((phase, *span));
            }
            PhaseRule::Group { power: Some(p), span, .. } if p.node == piece => out.push((phase, *span)),
            PhaseRule::If { then, otherwise, .. } => {
                piece_rules(then, piece, phase, out);
                piece_rules(otherwise, piece, phase, out);
            }
            PhaseRule::Together { parts, .. } => piece_rules(parts, piece, phase, out),
            _ => {}
        }
    }
}

/// The first line of a text, shortened, as a symbol's or a list's label.
pub fn first_line(text: &str) -> String {
    let line = text.lines().next().unwrap_or("").trim();
    let mut short: String = line.chars().take(60).collect();
    if short.len() < line.len() {
        short.push('…');
    }
    short
}

/// The outline of the document's own items, nested: a phase's rules, the
/// end rules, the players, a graph board's points and lines inside their items.
pub fn document_symbols(document: &Document) -> Vec<DocumentSymbol> {
    let mut out = Vec::new();
    for item in document.file.items.iter().filter(|item| document.is_own(item.span)) {
        let span = item.span;
        let keyword = item.node.keyword();
        let symbol = match &item.node {
            Item::Game(title) => symbol(document, title.node.clone(), "game", SymbolKind::MODULE, span, title.span),
            Item::Players(players) => {
                let mut parent = symbol(document, "players".into(), keyword, SymbolKind::NAMESPACE, span, span);
                parent.children = Some(players.iter().map(|p| named(document, p, Kind::Player, span)).collect());
                parent
            }
            Item::Board(board) => {
                let mut parent =
                    symbol(document, first_line(document.slice(span)), keyword, SymbolKind::PACKAGE, span, span);
                if let BoardDecl::Graph { points, lines } = board {
                    let children = points
                        .iter()
                        .map(|p| named(document, &p.name, Kind::Point, p.name.span))
                        .chain(lines.iter().map(|l| named(document, &l.name, Kind::Line, l.name.span)))
                        .collect();
                    parent.children = Some(children);
                }
                parent
            }
            Item::Region { name, .. }
            | Item::Piece { name, .. }
            | Item::Option { name, .. }
            | Item::Counter { name, .. }
            | Item::Group { name, .. }
            | Item::Track { name, .. }
            | Item::Directions { name, .. }
            | Item::Pattern { name, .. }
            | Item::Condition { name, .. }
            | Item::Attribute { name, .. } => {
                let kind = declarations_kind(&item.node);
                named(document, name, kind, span)
            }
            Item::Phase(phase) => {
                let mut parent = named(document, &phase.name, Kind::Phase, span);
                let children = phase
                    .entries
                    .iter()
                    .map(|(label, rule_span)| match label {
                        Some(label) => named(document, label, Kind::Rule, *rule_span),
                        None => symbol(
                            document,
                            first_line(document.slice(*rule_span)),
                            "rule",
                            SymbolKind::METHOD,
                            *rule_span,
                            *rule_span,
                        ),
                    })
                    .collect();
                parent.children = Some(children);
                parent
            }
            Item::End(rules) => {
                let mut parent = symbol(document, "end".into(), keyword, SymbolKind::NAMESPACE, span, span);
                let children = rules
                    .iter()
                    .map(|rule| match &rule.label {
                        Some(label) => named(document, label, Kind::EndRule, rule.span),
                        None => symbol(
                            document,
                            first_line(document.slice(rule.span)),
                            "end rule",
                            SymbolKind::EVENT,
                            rule.span,
                            rule.span,
                        ),
                    })
                    .collect();
                parent.children = Some(children);
                parent
            }
            _ => symbol(document, first_line(document.slice(span)), keyword, SymbolKind::KEY, span, span),
        };
        out.push(symbol);
    }
    out
}

fn declarations_kind(item: &Item) -> Kind {
    match item {
        Item::Region { .. } => Kind::Region,
        Item::Piece { .. } => Kind::Piece,
        Item::Option { .. } => Kind::Option,
        Item::Counter { .. } => Kind::Counter,
        Item::Group { .. } => Kind::Group,
        Item::Track { .. } => Kind::Track,
        Item::Directions { .. } => Kind::Directions,
        Item::Pattern { .. } => Kind::Pattern,
        Item::Condition { .. } => Kind::Condition,
        _ => Kind::Attribute,
    }
}

fn named(document: &Document, name: &Name, kind: Kind, span: Span) -> DocumentSymbol {
    symbol(document, name.node.clone(), kind.word(), kind.symbol_kind(), span.to(name.span), name.span)
}

#[allow(deprecated)] // `deprecated` is a field every DocumentSymbol must give.
fn symbol(
    document: &Document,
    name: String,
    detail: &str,
    kind: SymbolKind,
    span: Span,
    selection: Span,
) -> DocumentSymbol {
    // An empty name is refused by some clients.
    let name = if name.trim().is_empty() { detail.to_string() } else { name };
    DocumentSymbol {
        name,
        detail: Some(detail.to_string()),
        kind,
        tags: None,
        deprecated: None,
        range: document.own_range(span),
        selection_range: document.own_range(selection),
        children: None,
    }
}
