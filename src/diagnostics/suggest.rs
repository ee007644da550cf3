//! "Did you mean ...?" hints for misspelt names.

/// The closest candidate to `name`, if it is close enough to be a likely typo.
pub fn closest<'a>(name: &str, candidates: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    let mut best: Option<(&str, f64)> = None;
    for candidate in candidates {
        let score = strsim::jaro_winkler(&name.to_lowercase(), &candidate.to_lowercase());
        let close = score >= 0.8 || strsim::osa_distance(name, candidate) <= 1.max(name.len() / 4);
        if close && best.is_none_or(|(_, s)| score > s) {
            best = Some((candidate, score));
        }
    }
    best.map(|(c, _)| c)
}

/// A help line: "did you mean `x`?" or, failing that, the names that exist.
pub fn help_for<'a>(name: &str, what: &str, candidates: impl IntoIterator<Item = &'a str> + Clone) -> String {
    if let Some(c) = closest(name, candidates.clone()) {
        return format!("did you mean `{c}`?");
    }
    let all: Vec<&str> = candidates.into_iter().collect();
    match all.len() {
        0 => format!("no {what} is declared"),
        1..=12 => {
            format!("the {what}s declared are: {}", all.iter().map(|c| format!("`{c}`")).collect::<Vec<_>>().join(", "))
        }
        n => format!("there are {n} {what}s; none is spelt like this"),
    }
}
