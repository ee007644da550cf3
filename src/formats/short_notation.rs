//! The short notation people type, for any game whose pieces have letters:
//! a piece's letter and the destination, with as much of the origin's name
//! as tells two such moves apart (`Nf3`, `exd5`, `Nbd7`, `R1a3`, `e8=Q`;
//! trailing `+`, `#`, `!` and `?` ignored), the texts a rule file's
//! `notation` items give a labelled rule's moves, and `P*c3` (or `P@c3`)
//! for placing a piece of that letter from hand. A move written with no letter
//! is a move of a type the rule file calls `unlettered`.
//!
//! The short form is read only where the game's own notation (`g1-f3`)
//! matched nothing, and it is matched against the legal moves: it never
//! makes a move legal, it only names one.

use crate::board::{NO_SITE, Site};
use crate::engine::state::{Move, State};
use crate::game::rules::PieceType;

/// What a typed text names, read as short notation.
#[derive(Debug, PartialEq, Eq)]
pub enum Short {
    /// Not short notation: no piece letter and destination could be read.
    NotShort,
    /// The one legal move it names (an index into the moves given).
    Move(usize),
    /// Several legal moves fit: the origin or the promotion must be said.
    Several(Vec<usize>),
    /// It reads as short notation, but no legal move fits; why, in words.
    None(String),
}

/// A reading of the text: the piece's letter (if written), the part that
/// tells the origin (`b` in `Nbd7`), the destination, the promotion, and
/// whether it places from hand.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reading {
    pub letter: Option<char>,
    pub origin: String,
    pub to: Site,
    pub promotion: Option<PieceType>,
    pub drop: bool,
}

/// Reads `typed` as short notation against `moves`, the legal moves.
pub fn find(state: &State, moves: &[Move], typed: &str) -> Short {
    let text = undecorated(typed);
    if let Some(named) = named(state, moves, text) {
        return named;
    }
    let readings = readings(state, text);
    if readings.is_empty() {
        return Short::NotShort;
    }
    // A leading capital that is a piece's letter names the piece (`Bb5` is
    // a move of the type lettered B, not an unlettered one from the b file);
    // read without it only when that names no move.
    let (lettered, plain): (Vec<&Reading>, Vec<&Reading>) = readings.iter().partition(|r| r.letter.is_some());
    let mut found: Vec<usize> = Vec::new();
    for group in [lettered, plain] {
        for reading in group {
            for i in fitting(state, moves, reading) {
                if !found.contains(&i) {
                    found.push(i);
                }
            }
        }
        if !found.is_empty() {
            break;
        }
    }
    match found[..] {
        [one] => Short::Move(one),
        // Without a piece's letter the text may as well be the game's own
        // notation gone wrong (`A090-I180`): its reader says why.
        [] => match readings.iter().find(|r| r.letter.is_some()) {
            Some(lettered) => Short::None(nothing_fits(state, lettered)),
            None => Short::NotShort,
        },
        _ => Short::Several(found),
    }
}

/// Whether `typed`, read as short notation, names one legal move.
pub fn names_a_move(state: &State, typed: &str) -> bool {
    let mut moves = Vec::new();
    state.legal_moves(&mut moves);
    matches!(find(state, &moves, typed), Short::Move(_))
}

/// For explaining a move typed short that no legal move fits: the piece
/// type it names, the mover's pieces of that type its origin could be (on
/// the board, by name), and the destination. `None` when the text is not
/// short notation. A drop has no origins.
pub fn read_for_explaining(state: &State, typed: &str) -> Option<(Option<PieceType>, Vec<Site>, Site, bool)> {
    let readings = readings(state, undecorated(typed));
    let reading = readings.iter().find(|r| r.letter.is_some()).or(readings.first())?;
    let game = state.game();
    let letters = crate::render::letters(game);
    // No letter: the type the rule file calls `unlettered`, if it names one.
    let piece = match reading.letter {
        Some(l) => letters.iter().position(|&c| c == l).map(|t| t as PieceType),
        None => game.pieces.iter().position(|p| p.unlettered).map(|t| t as PieceType),
    };
    if reading.drop {
        return Some((piece, Vec::new(), reading.to, true));
    }
    let mover = state.current_player();
    let origins = (0..game.board.site_count() as Site)
        .filter(|&s| {
            let code = state.cell(s);
            code != 0 && game.owner_of(code) == mover && piece.is_none_or(|p| game.type_of(code) == p) && {
                let name = game.board.site_name(s).to_lowercase();
                reading.origin.is_empty() || name.starts_with(&reading.origin) || name.ends_with(&reading.origin)
            }
        })
        .collect();
    Some((piece, origins, reading.to, false))
}

/// The text without trailing annotation marks.
fn undecorated(typed: &str) -> &str {
    typed.trim().trim_end_matches(['+', '#', '!', '?'])
}

/// The moves a rule file's `notation` item names by `text`: those of the
/// rule with its label; `None` when no item gives that text.
fn named(state: &State, moves: &[Move], text: &str) -> Option<Short> {
    let game = state.game();
    let def = game.notations.iter().find(|n| n.texts.iter().any(|t| t == text))?;
    let phase = &game.phases[state.position().phase as usize];
    let labelled = |i: &usize| {
        phase.sources.get(moves[*i].rule as usize).and_then(|s| s.label.as_deref()) == Some(def.rule.as_str())
    };
    let chosen: Vec<usize> = (0..moves.len()).filter(labelled).collect();
    Some(match chosen[..] {
        [one] => Short::Move(one),
        [] => Short::None(format!("no move of the rule `{}` (`{text}`) is legal now", def.rule)),
        _ => Short::Several(chosen),
    })
}

/// Every way to read the text: with and without a leading piece letter,
/// with and without a trailing promotion.
fn readings(state: &State, text: &str) -> Vec<Reading> {
    let letters = crate::render::letters(state.game());
    let mut out = Vec::new();
    let mut starts: Vec<(Option<char>, &str)> = vec![(None, text)];
    if let Some(first) = text.chars().next().filter(char::is_ascii_uppercase)
        && letters.contains(&first)
    {
        starts.push((Some(first), &text[1..]));
    }
    for (letter, rest) in starts {
        // A drop: `P*c3`, `P@c3`.
        if let Some(site) = rest.strip_prefix(['*', '@']).and_then(|s| site_named(state, s))
            && letter.is_some()
        {
            out.push(Reading { letter, origin: String::new(), to: site, promotion: None, drop: true });
            continue;
        }
        for (body, promotion) in promotions(state, &letters, rest) {
            // A sign needs a piece or an origin before it: `-c3` is no move.
            if let Some((origin, signed, to)) = destination(state, body)
                && !(signed && origin.is_empty() && letter.is_none())
            {
                out.push(Reading { letter, origin, to, promotion, drop: false });
            }
        }
    }
    out
}

/// The text with its promotion cut off, each way it can be: none, `=Q`,
/// `Q`, `=queen`, `/queen`.
fn promotions<'a>(state: &State, letters: &[char], text: &'a str) -> Vec<(&'a str, Option<PieceType>)> {
    let game = state.game();
    let mut out = vec![(text, None)];
    for (t, piece) in game.pieces.iter().enumerate() {
        let letter = letters[t].to_string();
        for suffix in [format!("={letter}"), letter.clone(), format!("={}", piece.name), format!("/{}", piece.name)] {
            if let Some(body) = text.strip_suffix(suffix.as_str())
                && !body.is_empty()
            {
                out.push((body, Some(t as PieceType)));
            }
        }
    }
    out
}

/// The destination at the end of `body` (the longest site name it ends
/// with), what comes before it without a capture or move sign, and
/// whether there was a sign.
fn destination(state: &State, body: &str) -> Option<(String, bool, Site)> {
    (0..body.len()).filter(|&i| body.is_char_boundary(i)).find_map(|i| {
        let site = site_named(state, &body[i..])?;
        let before = &body[..i];
        // One sign at most (`exd5`, `Nxd5`, `Nb1-d2`), and an origin of
        // letters and digits: `c3--c2` is no move.
        let origin = before.strip_suffix(['x', 'X', ':', '-']).unwrap_or(before);
        let signed = origin.len() < before.len();
        origin.chars().all(|c| c.is_alphanumeric()).then(|| (origin.to_lowercase(), signed, site))
    })
}

/// A site by its name, as written or in another case.
fn site_named(state: &State, name: &str) -> Option<Site> {
    let board = &state.game().board;
    if name.is_empty() {
        return None;
    }
    board.site(name).or_else(|| board.site_names().position(|n| n.eq_ignore_ascii_case(name)).map(|i| i as Site))
}

/// The legal moves a reading fits.
fn fitting(state: &State, moves: &[Move], reading: &Reading) -> Vec<usize> {
    let game = state.game();
    let letters = crate::render::letters(game);
    let letter_of = |t: PieceType| letters.get(t as usize).copied();
    let fits = |mv: &Move| {
        if mv.is_chance() || mv.is_pass() || mv.is_action() || mv.to != reading.to {
            return false;
        }
        if reading.drop != mv.is_placement() {
            return false;
        }
        if reading.letter.is_some_and(|l| letter_of(mv.piece) != Some(l)) {
            return false;
        }
        if let Some(p) = reading.promotion
            && mv.choice != p
        {
            return false;
        }
        let origin = if mv.from == NO_SITE { "" } else { game.board.site_name(mv.from) };
        let origin = origin.to_lowercase();
        reading.origin.is_empty() || origin.starts_with(&reading.origin) || origin.ends_with(&reading.origin)
    };
    // No letter: a move of a type the rule file calls `unlettered`. (In a
    // game without one a site alone is the game's own notation, a placement.)
    let lettered_or_unlettered =
        |mv: &Move| reading.letter.is_some() || game.pieces.get(mv.piece as usize).is_some_and(|p| p.unlettered);
    // Moves that differ only by a promotion left unsaid all fit: say which.
    (0..moves.len()).filter(|&i| fits(&moves[i]) && lettered_or_unlettered(&moves[i])).collect()
}

/// Why no legal move fits a reading, in words.
fn nothing_fits(state: &State, reading: &Reading) -> String {
    let game = state.game();
    let to = game.board.site_name(reading.to);
    let letters = crate::render::letters(game);
    let name = reading
        .letter
        .and_then(|l| letters.iter().position(|&c| c == l))
        .map(|t| game.pieces[t].name.as_str())
        .unwrap_or("piece");
    if reading.drop {
        return format!("no {name} can be placed on {to} now");
    }
    let from = if reading.origin.is_empty() { String::new() } else { format!(" from {}", reading.origin) };
    format!("no {name}{from} can move to {to} now")
}
