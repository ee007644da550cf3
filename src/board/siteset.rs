//! Sets of sites as bit sets. Move generation works on these: the empty
//! sites, a player's pieces and the sites a step can reach are sets, and a
//! destination condition is a few set operations per move generation.
//!
//! A game's set width follows its board (see `Width`): boards of up to 127
//! sites use one `u128` (`Sites128`), bigger ones `SitesWide<N>` of N words
//! (4, 16 or 64).
//! The engine is generic over the width and instantiated once per width, so
//! small boards pay nothing for big ones. The compiled game keeps its sets
//! width-free, as words (`Sites` and `SetTable`), and the engine reads them
//! at its own width.

use super::Site;
use std::fmt::Debug;

/// A set of sites of a fixed width: the engine's working type.
pub trait SiteSet: Copy + Eq + Debug + Send + Sync + 'static {
    /// 64-bit words per set.
    const WORDS: usize;
    const CAPACITY: usize = Self::WORDS * 64;
    const EMPTY: Self;

    /// Reads a set from its first `WORDS` words.
    fn load(words: &[u64]) -> Self;
    /// Writes the set into the first `WORDS` words.
    fn store(self, words: &mut [u64]);
    fn single(site: Site) -> Self;
    fn contains(self, site: Site) -> bool;
    fn insert(&mut self, site: Site);
    fn remove(&mut self, site: Site);
    fn is_empty(self) -> bool;
    fn len(self) -> u32;
    fn and(self, other: Self) -> Self;
    fn or(self, other: Self) -> Self;
    /// The sites of `within` not in this set.
    fn complement_in(self, within: Self) -> Self;
    /// The sites up to and including the lowest site of `stop` (all of this
    /// set when `stop` is empty): a ray numbered upwards, cut at the first
    /// blocker.
    fn upto_lowest(self, stop: Self) -> Self;
    /// The sites down to and including the highest site of `stop`: a ray
    /// numbered downwards, cut at the first blocker.
    fn downto_highest(self, stop: Self) -> Self;
    /// The lowest site, if any.
    fn lowest(self) -> Option<Site>;
    /// The set without its lowest site (iteration: cheaper than `remove`).
    fn without_lowest(self) -> Self;

    /// Every site's number moved by `by` (down when negative); sites moved
    /// out of range are dropped. Site by site here; one instruction for
    /// `Sites128`.
    fn shifted(self, by: i32) -> Self {
        let mut out = Self::EMPTY;
        for site in self.iter() {
            let to = site as i64 + by as i64;
            if (0..Self::CAPACITY as i64).contains(&to) {
                out.insert(to as Site);
            }
        }
        out
    }

    /// The site at `index` in ascending order (`NO_SITE` past the last).
    fn select(self, index: u32) -> Site {
        let mut set = self;
        for _ in 0..index {
            set = set.without_lowest();
        }
        set.lowest().unwrap_or(super::NO_SITE)
    }

    /// `select`, for a rank that may lie anywhere in a big set (a placement
    /// among many empty sites): word by word, with no branch on the rank
    /// inside a word.
    #[inline]
    fn select_spread(self, index: u32) -> Site {
        self.select(index)
    }

    /// The set when `keep` holds, else the empty set (without a branch
    /// where the width allows: for conditions no predictor learns).
    #[inline]
    fn kept_if(self, keep: bool) -> Self {
        if keep { self } else { Self::EMPTY }
    }

    /// Every site's number moved by `by` (`shifted(by)`), for a set whose
    /// sites all stay in range: one rotation for one-word sets, whichever
    /// way `by` points.
    #[inline]
    fn moved(self, by: i32) -> Self {
        self.shifted(by)
    }

    /// The set of the first `n` sites.
    fn first(n: usize) -> Self {
        let mut set = Self::EMPTY;
        for site in 0..n.min(Self::CAPACITY) {
            set.insert(site as Site);
        }
        set
    }

    /// The sites in increasing order.
    #[inline]
    fn iter(self) -> SiteSetIter<Self> {
        SiteSetIter(self)
    }
}

pub struct SiteSetIter<S>(S);

impl<S: SiteSet> Iterator for SiteSetIter<S> {
    type Item = Site;

    #[inline]
    fn next(&mut self) -> Option<Site> {
        let site = self.0.lowest()?;
        self.0 = self.0.without_lowest();
        Some(site)
    }
}

/// Bytes of ones, and of their top bits (for byte-wise arithmetic in a word).
const ONES: u64 = 0x0101_0101_0101_0101;
const TOPS: u64 = 0x8080_8080_8080_8080;

/// `IN_BYTE[byte | rank << 8]`: the position of the set bit of that rank in `byte`.
static IN_BYTE: [u8; 2048] = {
    let mut table = [0u8; 2048];
    let mut byte = 0;
    while byte < 256 {
        let (mut bit, mut rank) = (0, 0);
        while bit < 8 {
            if byte >> bit & 1 == 1 {
                table[byte | rank << 8] = bit as u8;
                rank += 1;
            }
            bit += 1;
        }
        byte += 1;
    }
    table
};

/// The position of the set bit of rank `rank` (below its count) in `word`,
/// without a loop or a data-dependent branch: random playouts pick moves
/// by rank, and a loop's exit there is a branch no predictor learns.
#[inline]
fn select_in_word(word: u64, rank: u32) -> u32 {
    // Byte k of `through`: the set bits in bytes 0..=k.
    let pairs = word - ((word >> 1) & 0x5555_5555_5555_5555);
    let nibbles = (pairs & 0x3333_3333_3333_3333) + ((pairs >> 2) & 0x3333_3333_3333_3333);
    let bytes = (nibbles + (nibbles >> 4)) & 0x0f0f_0f0f_0f0f_0f0f;
    let through = bytes.wrapping_mul(ONES);
    // The bytes whose running count is at most `rank` come before the bit.
    let at_most = ((rank as u64 * ONES) | TOPS).wrapping_sub(through) & TOPS;
    let byte = at_most.count_ones() * 8;
    let before = ((through << 8) >> byte) as u32 & 0xff;
    let bits = (word >> byte) as u32 & 0xff;
    byte + IN_BYTE[(bits | (rank - before) << 8) as usize % IN_BYTE.len()] as u32
}

/// A set held in one machine integer: the same code for every width that
/// fits one (`Sites64`, `Sites128`), from its integer type and how it is
/// read from and written to 64-bit words.
macro_rules! integer_site_set {
    ($name:ident, $int:ty, $words:expr, $load:expr, $store:expr) => {
        impl SiteSet for $name {
            const WORDS: usize = $words;
            const EMPTY: Self = $name(0);

            #[inline]
            fn load(words: &[u64]) -> Self {
                $name($load(words))
            }
            #[inline]
            fn store(self, words: &mut [u64]) {
                $store(self.0, words)
            }
            #[inline]
            fn single(site: Site) -> Self {
                $name(1 << site)
            }
            #[inline]
            fn contains(self, site: Site) -> bool {
                self.0 >> site & 1 != 0
            }
            #[inline]
            fn insert(&mut self, site: Site) {
                self.0 |= 1 << site;
            }
            #[inline]
            fn remove(&mut self, site: Site) {
                self.0 &= !(1 << site);
            }
            #[inline]
            fn is_empty(self) -> bool {
                self.0 == 0
            }
            #[inline]
            fn len(self) -> u32 {
                self.0.count_ones()
            }
            #[inline]
            fn and(self, other: Self) -> Self {
                $name(self.0 & other.0)
            }
            #[inline]
            fn or(self, other: Self) -> Self {
                $name(self.0 | other.0)
            }
            #[inline]
            fn complement_in(self, within: Self) -> Self {
                $name(!self.0 & within.0)
            }
            #[inline]
            fn upto_lowest(self, stop: Self) -> Self {
                // No branch: an empty `stop` keeps every site.
                $name(self.0 & (stop.0 ^ stop.0.wrapping_sub(1)))
            }
            #[inline]
            fn downto_highest(self, stop: Self) -> Self {
                const TOP: u32 = <$int>::BITS - 1;
                // No branch: an empty `stop` cuts at site 0, keeping every site.
                $name(self.0 & !((1 << (TOP - (stop.0 | 1).leading_zeros())) - 1))
            }
            #[inline]
            fn lowest(self) -> Option<Site> {
                (self.0 != 0).then(|| self.0.trailing_zeros() as Site)
            }
            #[inline]
            fn without_lowest(self) -> Self {
                $name(self.0 & self.0.wrapping_sub(1))
            }
            #[inline]
            fn shifted(self, by: i32) -> Self {
                const BITS: i32 = <$int>::BITS as i32;
                match by {
                    0 => self,
                    1..BITS => $name(self.0 << by),
                    _ if by < 0 && by > -BITS => $name(self.0 >> -by),
                    _ => $name(0),
                }
            }
            #[inline]
            fn select(self, index: u32) -> Site {
                use std::hint::select_unpredictable as choose;
                if index < 4 {
                    // A small rank (a step's few destinations): the lowest
                    // sites cleared one by one, the right one kept without a branch.
                    let clear = |x: $int| x & x.wrapping_sub(1);
                    let (x1, x2, x3) = (clear(self.0), clear(clear(self.0)), clear(clear(clear(self.0))));
                    let x = choose(index < 2, choose(index == 0, self.0, x1), choose(index == 2, x2, x3));
                    return if x == 0 { super::NO_SITE } else { x.trailing_zeros() as Site };
                }
                self.select_spread(index)
            }
            #[inline]
            fn select_spread(self, index: u32) -> Site {
                let mut words = [0u64; $words];
                $store(self.0, &mut words);
                let (mut rank, mut base) = (index, 0);
                for word in words {
                    let count = word.count_ones();
                    if rank < count {
                        return base + select_in_word(word, rank) as Site;
                    }
                    rank -= count;
                    base += 64;
                }
                super::NO_SITE
            }
            #[inline]
            fn kept_if(self, keep: bool) -> Self {
                $name(self.0 & (keep as $int).wrapping_neg())
            }
            #[inline]
            fn moved(self, by: i32) -> Self {
                $name(self.0.rotate_left(by.rem_euclid(<$int>::BITS as i32) as u32))
            }
            #[inline]
            fn first(n: usize) -> Self {
                if n >= <$int>::BITS as usize { $name(<$int>::MAX) } else { $name((1 << n) - 1) }
            }
            #[inline]
            fn iter(self) -> SiteSetIter<Self> {
                SiteSetIter(self)
            }
        }
    };
}

/// Boards of up to 63 sites (one bit stays free for the threat test's
/// virtual site): one word, the cheapest sets.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Sites64(u64);

integer_site_set!(Sites64, u64, 1, |words: &[u64]| words[0], |set: u64, words: &mut [u64]| words[0] = set);

/// Boards of up to 127 sites (one bit stays free for the threat test's
/// virtual site).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Sites128(u128);

integer_site_set!(
    Sites128,
    u128,
    2,
    |words: &[u64]| {
        let [low, high] = *words.first_chunk::<2>().expect("a set of two words");
        low as u128 | (high as u128) << 64
    },
    |set: u128, words: &mut [u64]| {
        words[0] = set as u64;
        words[1] = (set >> 64) as u64;
    }
);

/// Bigger boards: `N` words, `64 * N` sites.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SitesWide<const N: usize>([u64; N]);

impl<const N: usize> SiteSet for SitesWide<N> {
    const WORDS: usize = N;
    const EMPTY: Self = SitesWide([0; N]);

    #[inline]
    fn load(words: &[u64]) -> Self {
        let mut set = [0; N];
        set.copy_from_slice(&words[..N]);
        SitesWide(set)
    }
    #[inline]
    fn store(self, words: &mut [u64]) {
        words[..N].copy_from_slice(&self.0);
    }
    #[inline]
    fn single(site: Site) -> Self {
        let mut set = Self::EMPTY;
        set.insert(site);
        set
    }
    #[inline]
    fn contains(self, site: Site) -> bool {
        self.0[site as usize / 64] >> (site % 64) & 1 != 0
    }
    #[inline]
    fn insert(&mut self, site: Site) {
        self.0[site as usize / 64] |= 1 << (site % 64);
    }
    #[inline]
    fn remove(&mut self, site: Site) {
        self.0[site as usize / 64] &= !(1 << (site % 64));
    }
    #[inline]
    fn is_empty(self) -> bool {
        self.0.iter().all(|&w| w == 0)
    }
    #[inline]
    fn len(self) -> u32 {
        self.0.iter().map(|w| w.count_ones()).sum()
    }
    #[inline]
    fn and(mut self, other: Self) -> Self {
        self.0.iter_mut().zip(other.0).for_each(|(a, b)| *a &= b);
        self
    }
    #[inline]
    fn or(mut self, other: Self) -> Self {
        self.0.iter_mut().zip(other.0).for_each(|(a, b)| *a |= b);
        self
    }
    #[inline]
    fn complement_in(mut self, within: Self) -> Self {
        self.0.iter_mut().zip(within.0).for_each(|(a, b)| *a = !*a & b);
        self
    }
    #[inline]
    fn upto_lowest(mut self, stop: Self) -> Self {
        let Some(cut) = stop.lowest() else { return self };
        let (word, bit) = (cut as usize / 64, cut % 64);
        self.0[word] &= u64::MAX >> (63 - bit);
        self.0[word + 1..].iter_mut().for_each(|w| *w = 0);
        self
    }
    #[inline]
    fn downto_highest(mut self, stop: Self) -> Self {
        let Some(word) = stop.0.iter().rposition(|&w| w != 0) else { return self };
        let bit = 63 - stop.0[word].leading_zeros();
        self.0[word] &= u64::MAX << bit;
        self.0[..word].iter_mut().for_each(|w| *w = 0);
        self
    }
    #[inline]
    fn select(self, index: u32) -> Site {
        self.select_spread(index)
    }
    /// Word by word: a placement drawn among a big board's empty sites
    /// costs a few counts, not a walk over the sites before it.
    #[inline]
    fn select_spread(self, index: u32) -> Site {
        let mut rank = index;
        for (i, word) in self.0.into_iter().enumerate() {
            let count = word.count_ones();
            if rank < count {
                return (i * 64) as Site + select_in_word(word, rank) as Site;
            }
            rank -= count;
        }
        super::NO_SITE
    }
    #[inline]
    fn lowest(self) -> Option<Site> {
        let word = self.0.iter().position(|&w| w != 0)?;
        Some((word * 64 + self.0[word].trailing_zeros() as usize) as Site)
    }
    #[inline]
    fn without_lowest(mut self) -> Self {
        if let Some(w) = self.0.iter_mut().find(|w| **w != 0) {
            *w &= *w - 1;
        }
        self
    }
    #[inline]
    fn shifted(self, by: i32) -> Self {
        let (words, bits) = ((by.unsigned_abs() / 64) as usize, by.unsigned_abs() % 64);
        let mut out = [0u64; N];
        for (i, word) in out.iter_mut().enumerate() {
            // The words this one's bits come from, `None` outside the set.
            let read = |k: usize| if by >= 0 { i.checked_sub(words + k) } else { Some(i + words + k) };
            let at = |k: usize| read(k).and_then(|j| self.0.get(j)).copied().unwrap_or(0);
            *word = match (by >= 0, bits) {
                (_, 0) => at(0),
                (true, b) => at(0) << b | at(1) >> (64 - b),
                (false, b) => at(0) >> b | at(1) << (64 - b),
            };
        }
        SitesWide(out)
    }
}

/// The set width a game runs at, chosen from its board's size.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Width {
    /// Up to 63 sites: `Sites64`.
    Small,
    /// Up to 127 sites: `Sites128`.
    Narrow,
    /// Up to 255 sites (15x15 and 13x13 boards): `SitesWide<4>`, a quarter
    /// of the work of the next width on every set operation.
    Medium,
    /// Up to 1,023 sites (25x25 boards and more): `SitesWide<16>`.
    Wide,
    /// Up to `MAX_SITES`: `SitesWide<64>`.
    Huge,
}

/// The most sites a board may have (the widest set, less the bit kept for
/// the threat test's virtual site).
pub const MAX_SITES: usize = 64 * 64 - 1;

impl Width {
    /// The narrowest width with room for `sites` sites and one more.
    pub fn for_sites(sites: usize) -> Width {
        if sites < 64 {
            Width::Small
        } else if sites < 128 {
            Width::Narrow
        } else if sites < 4 * 64 {
            Width::Medium
        } else if sites < 16 * 64 {
            Width::Wide
        } else {
            Width::Huge
        }
    }

    /// 64-bit words per set.
    pub fn words(self) -> usize {
        match self {
            Width::Small => Sites64::WORDS,
            Width::Narrow => Sites128::WORDS,
            Width::Medium => 4,
            Width::Wide => 16,
            Width::Huge => 64,
        }
    }
}

/// Runs `$body` with `$S` the engine set type of `$width`: the one place
/// where a width picks its instantiation of the engine.
#[macro_export]
macro_rules! with_width {
    ($width:expr, $S:ident => $body:expr) => {
        match $width {
            $crate::board::Width::Small => {
                type $S = $crate::board::Sites64;
                $body
            }
            $crate::board::Width::Narrow => {
                type $S = $crate::board::Sites128;
                $body
            }
            $crate::board::Width::Medium => {
                type $S = $crate::board::SitesWide<4>;
                $body
            }
            $crate::board::Width::Wide => {
                type $S = $crate::board::SitesWide<16>;
                $body
            }
            $crate::board::Width::Huge => {
                type $S = $crate::board::SitesWide<64>;
                $body
            }
        }
    };
}

/// One set of sites kept in a compiled game, as words of the game's width;
/// the engine reads it with `get`. Built once, by the compiler.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Sites(Box<[u64]>);

impl Sites {
    pub fn empty(width: Width) -> Sites {
        Sites(vec![0; width.words()].into_boxed_slice())
    }

    /// The first `n` sites.
    pub fn first(width: Width, n: usize) -> Sites {
        let mut set = Sites::empty(width);
        (0..n.min(width.words() * 64)).for_each(|s| set.insert(s as Site));
        set
    }

    pub fn from_sites(width: Width, sites: impl IntoIterator<Item = Site>) -> Sites {
        let mut set = Sites::empty(width);
        sites.into_iter().for_each(|s| set.insert(s));
        set
    }

    #[inline]
    pub fn get<S: SiteSet>(&self) -> S {
        S::load(&self.0)
    }

    pub fn contains(&self, site: Site) -> bool {
        self.0.get(site as usize / 64).is_some_and(|w| w >> (site % 64) & 1 != 0)
    }

    pub fn insert(&mut self, site: Site) {
        self.0[site as usize / 64] |= 1 << (site % 64);
    }

    pub fn remove(&mut self, site: Site) {
        if let Some(w) = self.0.get_mut(site as usize / 64) {
            *w &= !(1 << (site % 64));
        }
    }

    pub fn and(&self, other: &Sites) -> Sites {
        Sites(self.0.iter().zip(other.0.iter()).map(|(a, b)| a & b).collect())
    }

    pub fn or(&self, other: &Sites) -> Sites {
        Sites(self.0.iter().zip(other.0.iter()).map(|(a, b)| a | b).collect())
    }

    pub fn is_empty(&self) -> bool {
        self.0.iter().all(|&w| w == 0)
    }

    /// The sites in increasing order.
    pub fn iter(&self) -> impl Iterator<Item = Site> + '_ {
        self.0.iter().enumerate().flat_map(|(i, &word)| {
            let mut rest = word;
            std::iter::from_fn(move || {
                let bit = (rest != 0).then(|| rest.trailing_zeros())?;
                rest &= rest - 1;
                Some((i * 64 + bit as usize) as Site)
            })
        })
    }
}

/// Many sets of one width in one array (one per site, per direction and
/// site, per piece code, ...): `get(i)` reads set `i` at the engine's width.
#[derive(Debug, Default, PartialEq, Eq, Hash)]
pub struct SetTable {
    words: usize,
    data: Vec<u64>,
}

impl Clone for SetTable {
    fn clone(&self) -> Self {
        SetTable { words: self.words, data: self.data.clone() }
    }

    /// Reuses the words already allocated (scratch positions copy these a lot).
    fn clone_from(&mut self, source: &Self) {
        self.words = source.words;
        self.data.clone_from(&source.data);
    }
}

impl SetTable {
    /// `len` empty sets.
    pub fn new(width: Width, len: usize) -> SetTable {
        SetTable { words: width.words(), data: vec![0; width.words() * len] }
    }

    pub fn from_sets<'a>(width: Width, sets: impl IntoIterator<Item = &'a Sites>) -> SetTable {
        let mut table = SetTable { words: width.words(), data: Vec::new() };
        sets.into_iter().for_each(|s| table.data.extend_from_slice(&s.0));
        table
    }

    pub fn len(&self) -> usize {
        self.data.len().checked_div(self.words).unwrap_or(0)
    }

    pub fn is_empty(&self) -> bool {
        self.data.is_empty()
    }

    #[inline]
    pub fn get<S: SiteSet>(&self, i: usize) -> S {
        S::load(&self.data[i * S::WORDS..(i + 1) * S::WORDS])
    }

    /// A table of the sets `picked`, in that order.
    pub fn pick(&self, picked: impl IntoIterator<Item = usize>) -> SetTable {
        let data = picked.into_iter().flat_map(|i| &self.data[i * self.words..(i + 1) * self.words]).copied().collect();
        SetTable { words: self.words, data }
    }

    /// Set `i`, or the empty set past the end.
    #[inline]
    pub fn get_or_empty<S: SiteSet>(&self, i: usize) -> S {
        if (i + 1) * S::WORDS <= self.data.len() { self.get(i) } else { S::EMPTY }
    }

    #[inline]
    pub fn put<S: SiteSet>(&mut self, i: usize, set: S) {
        set.store(&mut self.data[i * S::WORDS..(i + 1) * S::WORDS]);
    }

    #[inline]
    pub fn insert(&mut self, i: usize, site: Site) {
        self.data[i * self.words + site as usize / 64] |= 1 << (site % 64);
    }

    #[inline]
    pub fn remove(&mut self, i: usize, site: Site) {
        self.data[i * self.words + site as usize / 64] &= !(1 << (site % 64));
    }

    pub fn contains(&self, i: usize, site: Site) -> bool {
        self.data[i * self.words + site as usize / 64] >> (site % 64) & 1 != 0
    }

    /// Set `i` as a `Sites` (for building and reading outside the engine).
    pub fn sites(&self, i: usize) -> Sites {
        Sites(self.data[i * self.words..(i + 1) * self.words].into())
    }

    /// Empties every set.
    pub fn clear(&mut self) {
        self.data.iter_mut().for_each(|w| *w = 0);
    }
}
