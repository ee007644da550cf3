//! A set of sites as a bit set. Move generation works on these: the empty
//! sites, a player's pieces and the sites a step can reach are sets, and a
//! destination condition is a few set operations per move generation.
//!
//! One `u128` holds boards of up to `SiteSet::CAPACITY` sites; every board of
//! the bundled games fits. Widening it is a change to this file alone.

use super::Site;

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct SiteSet(u128);

impl SiteSet {
    pub const CAPACITY: usize = 128;
    pub const EMPTY: SiteSet = SiteSet(0);

    /// The set of the first `n` sites.
    pub fn first(n: usize) -> SiteSet {
        if n >= 128 { SiteSet(u128::MAX) } else { SiteSet((1u128 << n) - 1) }
    }

    #[inline]
    pub fn single(site: Site) -> SiteSet {
        SiteSet(1u128 << site)
    }

    #[inline]
    pub fn contains(self, site: Site) -> bool {
        self.0 >> site & 1 != 0
    }

    #[inline]
    pub fn insert(&mut self, site: Site) {
        self.0 |= 1u128 << site;
    }

    #[inline]
    pub fn remove(&mut self, site: Site) {
        self.0 &= !(1u128 << site);
    }

    #[inline]
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    #[inline]
    pub fn len(self) -> u32 {
        self.0.count_ones()
    }

    #[inline]
    pub fn and(self, other: SiteSet) -> SiteSet {
        SiteSet(self.0 & other.0)
    }

    #[inline]
    pub fn or(self, other: SiteSet) -> SiteSet {
        SiteSet(self.0 | other.0)
    }

    /// The sites of `within` not in this set.
    #[inline]
    pub fn complement_in(self, within: SiteSet) -> SiteSet {
        SiteSet(!self.0 & within.0)
    }

    /// The sites up to and including the lowest site of `stop` (all of
    /// this set when `stop` is empty). A ray numbered upwards, cut at the
    /// first blocker.
    #[inline]
    pub fn upto_lowest(self, stop: SiteSet) -> SiteSet {
        if stop.0 == 0 { self } else { SiteSet(self.0 & (stop.0 ^ (stop.0 - 1))) }
    }

    /// The sites down to and including the highest site of `stop`: a ray
    /// numbered downwards, cut at the first blocker.
    #[inline]
    pub fn downto_highest(self, stop: SiteSet) -> SiteSet {
        if stop.0 == 0 { self } else { SiteSet(self.0 & !((1u128 << (127 - stop.0.leading_zeros())) - 1)) }
    }

    /// The sites in increasing order.
    #[inline]
    pub fn iter(self) -> SiteSetIter {
        SiteSetIter(self.0)
    }
}

pub struct SiteSetIter(u128);

impl Iterator for SiteSetIter {
    type Item = Site;

    #[inline]
    fn next(&mut self) -> Option<Site> {
        if self.0 == 0 {
            return None;
        }
        let site = self.0.trailing_zeros() as Site;
        self.0 &= self.0 - 1;
        Some(site)
    }
}

impl FromIterator<Site> for SiteSet {
    fn from_iter<I: IntoIterator<Item = Site>>(iter: I) -> Self {
        let mut set = SiteSet::EMPTY;
        for site in iter {
            set.insert(site);
        }
        set
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn set(sites: &[Site]) -> SiteSet {
        sites.iter().copied().collect()
    }

    #[test]
    fn cut_at_the_first_blocker_going_up() {
        let ray = set(&[3, 5, 9, 12]);
        assert_eq!(ray.upto_lowest(set(&[9, 12, 40])), set(&[3, 5, 9]));
        assert_eq!(ray.upto_lowest(SiteSet::EMPTY), ray);
        assert_eq!(ray.upto_lowest(set(&[3])), set(&[3]));
    }

    #[test]
    fn cut_at_the_first_blocker_going_down() {
        let ray = set(&[2, 7, 11, 100]);
        assert_eq!(ray.downto_highest(set(&[0, 7])), set(&[7, 11, 100]));
        assert_eq!(ray.downto_highest(SiteSet::EMPTY), ray);
        assert_eq!(ray.downto_highest(set(&[100])), set(&[100]));
    }
}
