//! The docs' links resolve inside the repository, and no doc points a
//! reader to a path on the machine it was written on.

use std::path::Path;

const DOCS: [&str; 10] = [
    "README.md",
    "docs/language.md",
    "docs/architecture.md",
    "docs/serve.md",
    "docs/openspiel.md",
    "docs/cli.md",
    "docs/testing.md",
    "docs/performance.md",
    "docs/python.md",
    "docs/analysis.md",
];

/// The targets of the markdown links `[text](target)` of a file.
fn link_targets(text: &str) -> Vec<&str> {
    text.split("](").skip(1).filter_map(|rest| rest.split(')').next()).collect()
}

#[test]
fn every_link_in_the_docs_resolves() {
    for doc in DOCS {
        let text = std::fs::read_to_string(doc).expect("readable");
        let folder = Path::new(doc).parent().unwrap_or(Path::new(""));
        for target in link_targets(&text) {
            let path = target.split('#').next().unwrap_or("");
            if target.starts_with("http") || path.is_empty() {
                continue;
            }
            assert!(folder.join(path).exists(), "{doc}: the link `{target}` leads nowhere");
        }
    }
}

#[test]
fn no_doc_points_outside_the_repository() {
    for doc in DOCS {
        let text = std::fs::read_to_string(doc).expect("readable");
        for (n, line) in text.lines().enumerate() {
            assert!(!line.contains("/work/") && !line.contains("../shared"), "{doc}:{}: {line}", n + 1);
        }
    }
}
