//! How each piece type looks, so that two types of a game never look alike:
//! a label for pictures (`Pe` and `Pr` for two types whose names start
//! alike) and one letter for text grids, where a site has one character.
//! Both come from the rule file alone: a type's declared `letter` first,
//! else its name.

use crate::game::Game;
use crate::game::rules::Code;

/// Symbols of neutral pieces in text, one per neutral type present, in
/// type order (most games have one: `*`).
const NEUTRAL_MARKS: [char; 6] = ['*', '+', '#', '@', '%', '&'];

/// A type's name as letters and digits only (`big_stone` is `bigstone`).
fn stripped(name: &str) -> Vec<char> {
    let chars: Vec<char> = name.chars().filter(|c| c.is_alphanumeric()).collect();
    if chars.is_empty() { vec!['?'] } else { chars }
}

/// `Pe` from `pe`: upper-case first letter, the rest lower case.
fn capitalised(chars: &[char]) -> String {
    chars
        .iter()
        .enumerate()
        .map(|(i, c)| if i == 0 { c.to_ascii_uppercase() } else { c.to_ascii_lowercase() })
        .collect()
}

/// The label of each piece type in pictures, unique within the game (case
/// aside): the declared letter, else the shortest start of the name that
/// no other type's label shares. Types whose starts collide all grow, so
/// types named `stone` and `star` are `Sto` and `Sta`, not `S` and `St`.
pub fn labels(game: &Game) -> Vec<String> {
    let names: Vec<Vec<char>> = game.pieces.iter().map(|p| stripped(&p.name)).collect();
    let declared: Vec<Option<String>> =
        game.pieces.iter().map(|p| p.letter.map(|c| c.to_ascii_uppercase().to_string())).collect();
    let mut lengths = vec![1usize; names.len()];
    let label = |i: usize, lengths: &[usize]| match &declared[i] {
        Some(letter) => letter.clone(),
        None => capitalised(&names[i][..lengths[i].min(names[i].len())]),
    };
    loop {
        let current: Vec<String> = (0..names.len()).map(|i| label(i, &lengths)).collect();
        let mut grown = false;
        for i in 0..names.len() {
            let clashes = (0..names.len()).any(|j| j != i && current[j].eq_ignore_ascii_case(&current[i]));
            if clashes && declared[i].is_none() && lengths[i] < names[i].len() {
                lengths[i] += 1;
                grown = true;
            }
        }
        if !grown {
            break;
        }
    }
    // Names equal once stripped (`a_b`, `ab`) are told apart by number.
    let mut out: Vec<String> = (0..names.len()).map(|i| label(i, &lengths)).collect();
    for i in 0..out.len() {
        if (0..i).any(|j| out[j].eq_ignore_ascii_case(&out[i])) {
            out[i] = format!("{}{}", out[i], i + 1);
        }
    }
    out
}

/// The letter of each piece type in text, unique within the game and
/// upper case: the declared letter, else the first letter of its label
/// if free, else the next free letter of its name, else any free letter.
pub fn letters(game: &Game) -> Vec<char> {
    let labels = labels(game);
    let mut taken: Vec<char> = game.pieces.iter().filter_map(|p| p.letter.map(|c| c.to_ascii_uppercase())).collect();
    let mut out = Vec::with_capacity(game.pieces.len());
    for (piece, label) in game.pieces.iter().zip(&labels) {
        if let Some(letter) = piece.letter {
            out.push(letter.to_ascii_uppercase());
            continue;
        }
        let mut candidates = label
            .chars()
            .take(1)
            .chain(stripped(&piece.name))
            .map(|c| c.to_ascii_uppercase())
            .filter(char::is_ascii_alphabetic)
            .chain('A'..='Z');
        let letter = candidates.find(|c| !taken.contains(c)).unwrap_or('?');
        taken.push(letter);
        out.push(letter);
    }
    out
}

/// The neutral piece types on the board or in the supply, in type order:
/// the ones whose text symbols (`*`, `+`, …) a picture of this position uses.
pub fn neutral_types(state: &crate::engine::State) -> Vec<usize> {
    let game = state.game();
    let neutral = game.neutral();
    (0..game.pieces.len())
        .filter(|&t| {
            state.hand(neutral, t as u8) > 0
                || (0..game.board.site_count() as u16).any(|s| {
                    let on = |c: Code| c != 0 && game.owner_of(c) == neutral && game.type_of(c) as usize == t;
                    match game.stacks {
                        Some(_) => state.position().stack(s).iter().any(|&c| on(c)),
                        None => on(state.cell(s)),
                    }
                })
        })
        .collect()
}

/// A piece's own glyph in text, when its type gives each player one and
/// this one is a single character one column wide (`♔`, `X`; not `王`,
/// which takes two, nor `K1`).
pub fn text_glyph(game: &Game, code: Code) -> Option<char> {
    let piece = game.pieces.get(game.type_of(code) as usize)?;
    if !piece.glyph_per_player() {
        return None;
    }
    let glyph = piece.glyph(game.owner_of(code) as usize)?;
    let mut chars = glyph.chars();
    let c = chars.next()?;
    (chars.next().is_none() && unicode_width::UnicodeWidthChar::width(c) == Some(1)).then_some(c)
}

/// What a picture writes on a piece: its owner's glyph for the type
/// (`glyph "♔" "♚"`), else the type's label; nothing in a game of one
/// type without a glyph (stones, discs, seeds), where a label tells
/// nothing the colour does not.
pub fn picture_label<'a>(game: &'a Game, labels: &'a [String], code: Code) -> &'a str {
    let t = game.type_of(code) as usize;
    let glyph = game.pieces.get(t).and_then(|p| p.glyph(game.owner_of(code) as usize));
    match glyph {
        Some(glyph) => glyph,
        None if game.pieces.len() == 1 => "",
        None => labels.get(t).map_or("?", String::as_str),
    }
}

/// The text symbol of a piece: its glyph when one fits (`text_glyph`),
/// else its type's letter, upper case for the first
/// player and lower case for the second; with more than two players, the
/// owner's number (1, 2, 3, …) whatever the type, as one character cannot
/// say both (grids of such games give two characters a piece: see
/// `render::text`);
/// neutral pieces are `*` (or `+`, `#`, … when several neutral types are about).
pub fn text_symbol(game: &Game, letters: &[char], neutral: &[usize], code: Code) -> char {
    let t = game.type_of(code) as usize;
    if let Some(glyph) = text_glyph(game, code) {
        return glyph;
    }
    let letter = letters.get(t).copied().unwrap_or('?');
    let many = game.players.len() > 2;
    match game.owner_of(code) as usize {
        o if o == game.players.len() => {
            let rank = neutral.iter().position(|&n| n == t).unwrap_or(0);
            NEUTRAL_MARKS.get(rank).copied().unwrap_or('?')
        }
        o if many => char::from_digit(o as u32 + 1, 36).unwrap_or('?'),
        0 => letter.to_ascii_uppercase(),
        _ => letter.to_ascii_lowercase(),
    }
}
