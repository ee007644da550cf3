//! The site with its file and rank exchanged: `b1` for `a2`, on any board
//! whose sites are named by a file letter and a rank number (square and hex
//! grids). On a board of as many files as ranks it is the reflection across
//! the long diagonal from `a1`: the pie rule of Hex moves the first stone so.

use super::{Board, Site};

impl Board {
    /// The site named with `site`'s file and rank exchanged, if the board
    /// has one (`None` for a site not named by file and rank).
    pub fn transposed(&self, site: Site) -> Option<Site> {
        let (file, rank) = file_and_rank(self.site_name(site))?;
        self.site(&format!("{}{}", file_letters(rank)?, file))
    }
}

/// `("a2")` to (1, 2): the file counted from 1 (`a`, …, `z`, `aa`, …) and the rank.
fn file_and_rank(name: &str) -> Option<(u32, u32)> {
    let digits = name.find(|c: char| c.is_ascii_digit())?;
    let (letters, number) = name.split_at(digits);
    if letters.is_empty() || !letters.bytes().all(|b| b.is_ascii_lowercase()) {
        return None;
    }
    let file = letters.bytes().try_fold(0u32, |acc, b| acc.checked_mul(26)?.checked_add(u32::from(b - b'a') + 1))?;
    let rank = number.parse().ok().filter(|&r| r > 0 && !number.starts_with('0'))?;
    Some((file, rank))
}

/// The file letters of a file counted from 1: 1 is `a`, 27 is `aa`.
fn file_letters(mut file: u32) -> Option<String> {
    let mut letters = Vec::new();
    while file > 0 {
        file -= 1;
        letters.push(b'a' + (file % 26) as u8);
        file /= 26;
    }
    letters.reverse();
    String::from_utf8(letters).ok().filter(|s| !s.is_empty())
}
