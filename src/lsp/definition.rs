//! Go to definition: where the name under the cursor is declared (in the
//! document, or in a variant's base).

use super::document::Document;
use super::symbols::declarations;
use lsp_types::{GotoDefinitionResponse, Location, Position};

pub fn definition(document: &Document, position: Position) -> Option<GotoDefinitionResponse> {
    let (name, _) = document.name_at(position)?;
    let mut found: Vec<_> = declarations(&document.merged).into_iter().filter(|d| d.name == name).collect();
    // The document's own declaration first (a variant's replaces its base's).
    found.sort_by_key(|d| !document.is_own(d.span));
    let locations: Vec<Location> = found.iter().map(|d| document.location(d.name_span)).collect();
    match locations.len() {
        0 => None,
        1 => locations.into_iter().next().map(GotoDefinitionResponse::Scalar),
        _ => Some(GotoDefinitionResponse::Array(locations)),
    }
}
