//! Scenario results as JUnit XML (`orrery test --format junit`), the report
//! most CI systems read: one `<testsuite>` per scenario file, one
//! `<testcase>` per scenario, a `<failure>` holding what did not hold.

use std::fmt::Write;

/// One scenario file's results.
pub struct Suite {
    /// The scenario file, as given.
    pub name: String,
    pub cases: Vec<Case>,
    /// Why the file could not be run at all, as diagnostics read.
    pub error: Option<String>,
}

/// One scenario: its name, and what failed (a headline and the details).
pub struct Case {
    pub name: String,
    pub failure: Option<(String, String)>,
}

/// The suites as one JUnit XML document.
pub fn write(suites: &[Suite]) -> String {
    let failures = |s: &Suite| s.cases.iter().filter(|c| c.failure.is_some()).count();
    let errors = |s: &Suite| usize::from(s.error.is_some());
    let total: usize = suites.iter().map(|s| s.cases.len()).sum();
    let mut out = String::from("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    let _ = writeln!(
        out,
        "<testsuites name=\"orrery test\" tests=\"{total}\" failures=\"{}\" errors=\"{}\">",
        suites.iter().map(failures).sum::<usize>(),
        suites.iter().map(errors).sum::<usize>()
    );
    for suite in suites {
        let _ = writeln!(
            out,
            "  <testsuite name=\"{}\" tests=\"{}\" failures=\"{}\" errors=\"{}\">",
            escape(&suite.name),
            suite.cases.len(),
            failures(suite),
            errors(suite)
        );
        if let Some(error) = &suite.error {
            let _ = writeln!(
                out,
                "    <testcase name=\"(file)\" classname=\"{0}\">\n      <error message=\"cannot be run\">{1}</error>\n    </testcase>",
                escape(&suite.name),
                escape(error)
            );
        }
        for case in &suite.cases {
            let open = format!("    <testcase name=\"{}\" classname=\"{}\"", escape(&case.name), escape(&suite.name));
            match &case.failure {
                None => {
                    let _ = writeln!(out, "{open}/>");
                }
                Some((message, text)) => {
                    let _ = writeln!(
                        out,
                        "{open}>\n      <failure message=\"{}\">{}</failure>\n    </testcase>",
                        escape(message),
                        escape(text)
                    );
                }
            }
        }
        out.push_str("  </testsuite>\n");
    }
    out.push_str("</testsuites>\n");
    out
}

/// Text as XML character data or an attribute value. Characters XML 1.0
/// cannot hold at all (most control characters) are written as `\u{..}`.
fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            '\n' | '\t' | '\r' => out.push(c),
            c if (c as u32) < 0x20 || c == '\u{FFFE}' || c == '\u{FFFF}' => {
                let _ = write!(out, "\\u{{{:x}}}", c as u32);
            }
            c => out.push(c),
        }
    }
    out
}
