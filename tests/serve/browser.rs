//! The page in a real browser: headless Chromium driven by chromedriver
//! over WebDriver (plain JSON over HTTP). It plays Man in the Moon's
//! opening by clicking, against a random computer player too, checks the
//! board, the log and the explain panel, and saves a screenshot. Where
//! Chromium or chromedriver is missing (`.ci/run` installs them from the
//! distribution's packages) the test says it is skipped and passes.

use super::bind;
use super::client::request;
use serde_json::{Value, json};
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// The key under which WebDriver names an element.
const ELEMENT: &str = "element-6066-11e4-a52e-4f735466cecf";

fn find_program(names: &[&str]) -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    names.iter().flat_map(|name| std::env::split_paths(&path).map(move |dir| dir.join(name))).find(|p| p.is_file())
}

/// A chromedriver process and one browser session of it, both ended on drop.
struct Browser {
    driver: Child,
    base: String,
    session: String,
}

impl Drop for Browser {
    fn drop(&mut self) {
        let _ = std::panic::catch_unwind(|| request(&self.base, "DELETE", &format!("/session/{}", self.session), None));
        let _ = self.driver.kill();
        let _ = self.driver.wait();
    }
}

impl Browser {
    fn start(chromium: &PathBuf, chromedriver: &PathBuf) -> Result<Browser, String> {
        let port =
            std::net::TcpListener::bind("127.0.0.1:0").and_then(|l| l.local_addr()).map_err(|e| e.to_string())?.port();
        let mut driver = Command::new(chromedriver)
            .arg(format!("--port={port}"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| format!("cannot start chromedriver: {e}"))?;
        let base = format!("http://127.0.0.1:{port}/");
        let started = Instant::now();
        while std::net::TcpStream::connect(("127.0.0.1", port)).is_err() {
            if started.elapsed() > Duration::from_secs(20) {
                let _ = driver.kill();
                return Err("chromedriver did not start listening".into());
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        let capabilities = json!({ "capabilities": { "alwaysMatch": { "goog:chromeOptions": {
            "binary": chromium,
            "args": ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--window-size=1400,900"],
        } } } });
        let reply = request(&base, "POST", "/session", Some(&capabilities.to_string()));
        let value = serde_json::from_str::<Value>(&reply.body).unwrap_or(Value::Null);
        let Some(session) = value["value"]["sessionId"].as_str().map(str::to_string) else {
            let _ = driver.kill();
            return Err(format!("chromedriver made no session: {}", reply.body));
        };
        Ok(Browser { driver, base, session })
    }

    /// A WebDriver command; its `value`.
    fn call(&self, method: &str, path: &str, body: Option<Value>) -> Value {
        let body = body.map(|b| b.to_string());
        let reply = request(&self.base, method, &format!("/session/{}{path}", self.session), body.as_deref());
        let value: Value = serde_json::from_str(&reply.body).unwrap_or(Value::Null);
        assert_eq!(reply.status, 200, "{method} {path}: {}", reply.body);
        value["value"].clone()
    }

    /// Saves a screenshot of the page as PNG under the target's tmp folder.
    fn screenshot(&self, name: &str) {
        let shot = self.call("GET", "/screenshot", None);
        let png = base64(shot.as_str().unwrap());
        let file = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(name);
        std::fs::write(&file, &png).unwrap();
        let written = std::fs::read(&file).unwrap();
        assert!(written.starts_with(b"\x89PNG\r\n\x1a\n") && written.len() > 10_000, "{} bytes", written.len());
        println!("screenshot: {}", file.display());
    }

    fn run(&self, script: &str) -> Value {
        self.call("POST", "/execute/sync", Some(json!({ "script": script, "args": [] })))
    }

    /// Waits until `script` returns something true-ish (at most 15 s).
    fn wait_for(&self, what: &str, script: &str) -> Value {
        let started = Instant::now();
        loop {
            let value = self.run(script);
            if !(value.is_null() || value == json!(false)) {
                return value;
            }
            assert!(started.elapsed() < Duration::from_secs(15), "waited 15 s for {what}");
            std::thread::sleep(Duration::from_millis(50));
        }
    }

    /// Clicks the element `css` selects, as a person would (at its centre).
    fn click(&self, css: &str) {
        self.wait_for(css, &format!("return document.querySelector({}) !== null", json!(css)));
        let found = self.call("POST", "/element", Some(json!({ "using": "css selector", "value": css })));
        let id = found[ELEMENT].as_str().unwrap_or_else(|| panic!("no element {css}: {found}")).to_string();
        self.call("POST", &format!("/element/{id}/click"), Some(json!({})));
    }

    fn log(&self) -> Vec<String> {
        let script = "return Array.from(document.querySelectorAll('#log li')).map(li => li.lastChild.textContent)";
        serde_json::from_value(self.run(script)).unwrap()
    }

    fn wait_for_log(&self, plies: usize) -> Vec<String> {
        self.wait_for(
            &format!("{plies} moves in the log"),
            &format!("return document.querySelectorAll('#log li').length >= {plies}"),
        );
        self.log()
    }
}

/// A browser, or `None` (and a message) where Chromium cannot be had.
fn browser() -> Option<Browser> {
    let (Some(chromium), Some(chromedriver)) =
        (find_program(&["chromium", "chromium-browser", "google-chrome"]), find_program(&["chromedriver"]))
    else {
        skipped("install the chromium and chromium-driver packages");
        return None;
    };
    Browser::start(&chromium, &chromedriver).map_err(|e| skipped(&e)).ok()
}

/// Script errors of the page are gathered from now on (`errors` reads them).
const CATCH_ERRORS: &str =
    "window.__errors = []; window.addEventListener('error', e => window.__errors.push(String(e.message))); return true";

#[test]
fn the_page_plays_man_in_the_moon_by_clicking() {
    let Some(browser) = browser() else { return };
    // With a token, as a server beyond this machine needs: the page passes
    // it (and JSON bodies) on every call, else nothing below would work.
    let server = bind(&["games"]).with_token();
    let url = server.page_url();
    server.spawn();
    browser.call("POST", "/url", Some(json!({ "url": url })));

    // Choose the game in the list, then start it.
    browser.click(r#"#games li[data-file="games/man_in_the_moon.rules"]"#);
    browser.wait_for("the options", "return document.querySelector('#options input[name=long_moves]') !== null");
    browser.click("#start");
    browser.wait_for("the board", r#"return document.querySelector('#board [data-site="a1"]') !== null"#);
    let status = browser.run("return document.getElementById('status').textContent");
    assert!(status.as_str().unwrap().contains("white to move"), "{status}");

    // Placements: click empty squares, one player after the other.
    for (i, site) in ["a1", "e5", "b2", "d4"].iter().enumerate() {
        browser.click(&format!(r#"#board [data-site="{site}"]"#));
        browser.wait_for_log(i + 1);
    }
    assert_eq!(browser.log(), ["a1", "e5", "b2", "d4"]);
    for (site, piece) in [("a1", "white man"), ("e5", "black man"), ("b2", "white man"), ("d4", "black man")] {
        let script = format!(r#"return document.querySelector('#board g.piece[data-site="{site}"]')?.dataset.piece"#);
        assert_eq!(browser.run(&script), piece, "{site}");
    }

    // The centre cannot take a man yet: the explain panel says why.
    browser.click(r#"#board [data-site="c3"]"#);
    let why = browser.wait_for(
        "the explain panel",
        "const e = document.getElementById('explain'); return !e.hidden && e.textContent.includes('c3') && e.textContent",
    );
    assert!(why.as_str().unwrap().contains("place man on empty and not centre"), "{why}");
    // Beside the board and in view at 1400×900, as structured text: the
    // rule as written and what it says, not the terminal's diagnostic.
    let layout = browser.run(
        "const e = document.getElementById('explain').getBoundingClientRect(); \
         const b = document.getElementById('board').getBoundingClientRect(); \
         return [e.left >= b.right, e.top >= 0 && e.bottom <= window.innerHeight, window.innerHeight]",
    );
    assert_eq!(layout[0], true, "the explain panel is beside the board: {layout}");
    assert_eq!(layout[1], true, "the explain panel is in view: {layout}");
    let reason = browser.run(
        "const r = document.querySelector('#explain .reason'); \
         return r && [r.querySelector('.where').textContent, r.querySelector('code').textContent, r.querySelector('.why').textContent]",
    );
    assert_eq!(reason[1], "place man on empty and not centre", "{reason}");
    assert!(reason[0].as_str().unwrap().starts_with("line "), "{reason}");
    assert!(reason[2].as_str().unwrap().contains("c3"), "{reason}");
    browser.screenshot("serve_explain.png");
    let text = browser.run("return document.getElementById('explain').textContent");
    assert!(!text.as_str().unwrap().contains('#') && !text.as_str().unwrap().contains("-->"), "{text}");
    assert_eq!(browser.log().len(), 4);

    // Undo, then redo.
    browser.click("#undo");
    browser.wait_for("the undo", "return document.querySelector('#log li.undone') !== null");
    assert!(browser.run(r#"return document.querySelector('#board g.piece[data-site="d4"]')"#).is_null());
    browser.click("#redo");
    browser.wait_for("the redo", "return document.querySelector('#log li.undone') === null && document.querySelectorAll('#log li.current').length === 1");

    // Black played by the computer at random: it answers each click.
    browser.click(r#"#players [data-player="black"] select option[value="random"]"#);
    browser.click(r#"#board [data-site="a5"]"#);
    let log = browser.wait_for_log(6);
    assert_eq!(log[4], "a5");
    assert_eq!(log.len(), 6);
    let pieces = browser.run("return document.querySelectorAll('#board g.piece').length");
    assert_eq!(pieces, 6);
    let status = browser.wait_for(
        "white to move",
        "const s = document.getElementById('status').textContent; return s.includes('white to move') && s",
    );
    assert!(status.as_str().unwrap().contains("ply 6"), "{status}");

    // A screenshot of the page, as PNG.
    browser.screenshot("serve_man_in_the_moon.png");
}

/// The page analyzes a rule file against its variant: the button, the
/// progress bar, then the report with its charts, and no script error.
#[test]
fn the_page_analyzes_a_rule_file_against_a_variant() {
    let Some(browser) = browser() else { return };
    let server = bind(&["games", "tests/games/moon_black_short_of_men.rules"]);
    let url = server.page_url();
    server.spawn();
    browser.call("POST", "/url", Some(json!({ "url": url })));
    browser.run(CATCH_ERRORS);
    browser.click("#games li[data-file='games/man_in_the_moon.rules']");
    browser.click("#analyze-panel summary");
    browser.run(
        "document.getElementById('analyze-games').value = 60; \
         document.getElementById('analyze-players').value = 'mcts:50'; \
         const vs = document.getElementById('analyze-vs'); \
         vs.value = [...vs.options].find(o => o.value.endsWith('moon_black_short_of_men.rules')).value; return true",
    );
    browser.click("#analyze");
    // The bar shows while the games are played, then the report replaces it.
    browser.wait_for("the report", "return !document.getElementById('analysis').hidden");
    let charts = browser.run("return document.querySelectorAll('#analysis-report svg').length");
    assert_eq!(charts, json!(4), "outcomes, lengths, choice and the winner's estimate");
    let text = browser.run("return document.getElementById('analysis-report').textContent");
    let text = text.as_str().unwrap();
    assert!(text.contains("white wins (share)") && text.contains("significant"), "{text}");
    let status = browser.run("return document.getElementById('analysis-status').textContent");
    assert_eq!(status, json!("120 games played"));
    assert_eq!(browser.run("return window.__errors"), json!([]));
    browser.run("document.getElementById('analysis').scrollIntoView(); return true");
    browser.screenshot("serve_analysis.png");
}

/// `orrery analyze --format html` opens in Chromium as it is: four charts
/// drawn at their size, no script errors; the `--format svg` picture is
/// well-formed XML (Chromium shows a parser error otherwise).
#[test]
fn the_html_report_and_the_svg_charts_open_in_chromium() {
    let Some(browser) = browser() else { return };
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR"));
    let args = ["analyze", "games/man_in_the_moon.rules", "--vs", "tests/games/moon_black_short_of_men.rules"];
    let args = [&args[..], &["--games", "30", "--players", "mcts:30", "--threads", "2"]].concat();
    for (format, name) in [("html", "analysis_report.html"), ("svg", "analysis_charts.svg")] {
        let out = crate::run::orrery(&[&args[..], &["--format", format]].concat());
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        std::fs::write(dir.join(name), &out.stdout).unwrap();
    }
    browser.call(
        "POST",
        "/url",
        Some(json!({ "url": format!("file://{}", dir.join("analysis_report.html").display()) })),
    );
    let sizes = browser.run(
        "return Array.from(document.querySelectorAll('svg')).map(s => { const r = s.getBoundingClientRect(); return [r.width, r.height]; })",
    );
    assert_eq!(sizes, json!([[560, 250], [560, 250], [560, 250], [560, 250]]));
    let title = browser.run("return document.title");
    assert!(title.as_str().unwrap().starts_with("Analysis: Man in the Moon"), "{title}");
    browser.call(
        "POST",
        "/url",
        Some(json!({ "url": format!("file://{}", dir.join("analysis_charts.svg").display()) })),
    );
    let root =
        browser.run("return [document.documentElement.tagName, document.getElementsByTagName('parsererror').length]");
    assert_eq!(root, json!(["svg", 0]));
}

/// Says so past the test harness's capture of `println!`, so it shows in
/// a plain `cargo test` run.
fn skipped(why: &str) {
    use std::io::Write;
    let _ = writeln!(std::io::stderr(), "serve::browser: skipped: chromium not available ({why})");
}

/// Standard base64, as WebDriver sends screenshots.
fn base64(text: &str) -> Vec<u8> {
    let value = |c: u8| match c {
        b'A'..=b'Z' => Some(c - b'A'),
        b'a'..=b'z' => Some(c - b'a' + 26),
        b'0'..=b'9' => Some(c - b'0' + 52),
        b'+' => Some(62),
        b'/' => Some(63),
        _ => None,
    };
    let digits: Vec<u8> = text.bytes().filter_map(value).collect();
    let mut out = Vec::with_capacity(digits.len() * 3 / 4);
    for chunk in digits.chunks(4) {
        let n = chunk.iter().enumerate().fold(0u32, |n, (i, &d)| n | (d as u32) << (18 - 6 * i));
        out.extend_from_slice(&n.to_be_bytes()[1..chunk.len()]);
    }
    out
}
