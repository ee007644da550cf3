//! How grid boards (square and hex) name their sites: the file's letter and
//! the rank's number, `a1` for the first file of the first rank.

/// The name of the site on `file` and `rank`, both counted from 0.
pub(crate) fn grid_name(file: usize, rank: usize) -> String {
    format!("{}{}", (b'a' + file as u8) as char, rank + 1)
}

/// The file and rank (from 0) a grid name stands for: `None` for a name
/// grids do not give (a graph board's `EARTH`, `a01`).
pub(crate) fn grid_place(name: &str) -> Option<(usize, usize)> {
    let (&letter, number) = name.as_bytes().split_first()?;
    let rank: usize = std::str::from_utf8(number).ok().filter(|n| !n.starts_with('0'))?.parse().ok()?;
    (letter.is_ascii_lowercase() && rank > 0).then(|| (usize::from(letter - b'a'), rank - 1))
}

impl super::Board {
    /// On a board whose sites are all named by file and rank, the rank
    /// `name` names (from 1) and its first and last site, when that rank has
    /// sites: the help for a site a board lacks, such as a corner a hexagon
    /// cuts off.
    pub fn rank_ends(&self, name: &str) -> Option<(usize, &str, &str)> {
        let (_, rank) = grid_place(name)?;
        let places: Vec<((usize, usize), &str)> =
            self.site_names().map(|n| grid_place(n).map(|place| (place, n))).collect::<Option<_>>()?;
        let mut on_rank: Vec<_> = places.into_iter().filter(|((_, r), _)| *r == rank).collect();
        on_rank.sort();
        Some((rank + 1, on_rank.first()?.1, on_rank.last()?.1))
    }
}
