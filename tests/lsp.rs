//! `orrery lsp`, driven as an editor drives it: LSP messages with
//! `Content-Length` headers over its stdin and stdout. Its diagnostics are
//! compared with `orrery check --format json` on every broken file.

use serde_json::{Value, json};
use std::io::{BufRead, BufReader, Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::time::Duration;

/// How long an answer may take before the test fails instead of hanging.
const PATIENCE: Duration = Duration::from_secs(20);

/// A running `orrery lsp` and what it has sent.
pub(crate) struct Client {
    pub(crate) child: Child,
    stdin: ChildStdin,
    pub(crate) messages: Receiver<Value>,
    next_id: i64,
}

impl Client {
    pub(crate) fn start() -> Client {
        let mut child = Command::new(env!("CARGO_BIN_EXE_orrery"))
            .arg("lsp")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("orrery lsp starts");
        let stdin = child.stdin.take().expect("stdin");
        let stdout = child.stdout.take().expect("stdout");
        let (sender, messages) = channel();
        std::thread::spawn(move || {
            let mut reader = BufReader::new(stdout);
            loop {
                let mut length = None;
                loop {
                    let mut line = String::new();
                    if reader.read_line(&mut line).unwrap_or(0) == 0 {
                        return;
                    }
                    let line = line.trim_end();
                    if line.is_empty() {
                        break;
                    }
                    if let Some(n) = line.strip_prefix("Content-Length: ") {
                        length = n.parse::<usize>().ok();
                    }
                }
                let mut body = vec![0; length.expect("a Content-Length header")];
                if reader.read_exact(&mut body).is_err() {
                    return;
                }
                let value: Value = serde_json::from_slice(&body).expect("the server sends JSON");
                if sender.send(value).is_err() {
                    return;
                }
            }
        });
        Client { child, stdin, messages, next_id: 1 }
    }

    pub(crate) fn send_raw(&mut self, bytes: &[u8]) {
        self.stdin.write_all(bytes).expect("the server reads");
        self.stdin.flush().expect("the server reads");
    }

    pub(crate) fn send(&mut self, message: &Value) {
        let body = message.to_string();
        self.send_raw(format!("Content-Length: {}\r\n\r\n{body}", body.len()).as_bytes());
    }

    pub(crate) fn notify(&mut self, method: &str, params: Value) {
        self.send(&json!({ "jsonrpc": "2.0", "method": method, "params": params }));
    }

    /// Sends a request and waits for its answer (whatever else comes first
    /// is skipped).
    pub(crate) fn request(&mut self, method: &str, params: Value) -> Value {
        let id = self.next_id;
        self.next_id += 1;
        self.send(&json!({ "jsonrpc": "2.0", "id": id, "method": method, "params": params }));
        self.wait_for(|m| m["id"] == id)
    }

    pub(crate) fn receive(&self) -> Value {
        match self.messages.recv_timeout(PATIENCE) {
            Ok(message) => message,
            Err(RecvTimeoutError::Timeout) => panic!("no message from orrery lsp in {PATIENCE:?}"),
            Err(RecvTimeoutError::Disconnected) => panic!("orrery lsp closed its output"),
        }
    }

    pub(crate) fn wait_for(&self, wanted: impl Fn(&Value) -> bool) -> Value {
        loop {
            let message = self.receive();
            if wanted(&message) {
                return message;
            }
        }
    }

    pub(crate) fn initialize(&mut self) -> Value {
        let answer = self.request("initialize", json!({ "capabilities": {}, "processId": null, "rootUri": null }));
        self.notify("initialized", json!({}));
        answer
    }

    /// Opens a document and returns the diagnostics published for it.
    pub(crate) fn open(&mut self, uri: &str, text: &str) -> Vec<Value> {
        let document = json!({ "uri": uri, "languageId": "orrery", "version": 1, "text": text });
        self.notify("textDocument/didOpen", json!({ "textDocument": document }));
        self.diagnostics(uri)
    }

    fn change(&mut self, uri: &str, version: i64, text: &str) -> Vec<Value> {
        self.notify(
            "textDocument/didChange",
            json!({
                "textDocument": { "uri": uri, "version": version },
                "contentChanges": [{ "text": text }],
            }),
        );
        self.diagnostics(uri)
    }

    pub(crate) fn diagnostics(&self, uri: &str) -> Vec<Value> {
        let published =
            self.wait_for(|m| m["method"] == "textDocument/publishDiagnostics" && m["params"]["uri"] == uri);
        published["params"]["diagnostics"].as_array().expect("a list of diagnostics").clone()
    }

    /// `shutdown` then `exit`; the exit status.
    pub(crate) fn stop(mut self) -> Option<i32> {
        let answer = self.request("shutdown", Value::Null);
        assert!(answer.get("error").is_none(), "{answer}");
        self.notify("exit", Value::Null);
        let status = wait_with_patience(&mut self.child);
        let mut stderr = String::new();
        if let Some(mut err) = self.child.stderr.take() {
            let _ = err.read_to_string(&mut stderr);
        }
        assert!(!stderr.contains("panicked"), "orrery lsp panicked:\n{stderr}");
        status
    }
}

fn wait_with_patience(child: &mut Child) -> Option<i32> {
    let deadline = std::time::Instant::now() + PATIENCE;
    loop {
        if let Some(status) = child.try_wait().expect("the server's status") {
            return status.code();
        }
        if std::time::Instant::now() > deadline {
            let _ = child.kill();
            panic!("orrery lsp did not exit in {PATIENCE:?}");
        }
        std::thread::sleep(Duration::from_millis(10));
    }
}

pub(crate) fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// A `file://` URI for an absolute path (the test paths need no escaping
/// but for spaces).
fn uri_of(path: &Path) -> String {
    format!("file://{}", path.display().to_string().replace(' ', "%20"))
}

pub(crate) fn position(line: u64, character: u64) -> Value {
    json!({ "line": line, "character": character })
}

/// The byte offset of an LSP position (a line from 0, a character in UTF-16
/// code units), computed here independently of the server.
fn offset_of(text: &str, position: &Value) -> usize {
    let line = position["line"].as_u64().expect("a line") as usize;
    let character = position["character"].as_u64().expect("a character") as usize;
    let start: usize = text.split_inclusive('\n').take(line).map(str::len).sum();
    let mut units = 0;
    for (i, c) in text[start..].char_indices() {
        if units >= character || c == '\n' {
            return start + i;
        }
        units += c.len_utf16();
    }
    text.len()
}

/// The LSP position of a byte offset, for placing the cursor.
pub(crate) fn position_of(text: &str, offset: usize) -> Value {
    let before = &text[..offset];
    let line = before.matches('\n').count();
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    position(line as u64, before[line_start..].encode_utf16().count() as u64)
}

pub(crate) const GAME: &str = "games/man_in_the_moon.rules";

#[test]
fn a_session_open_check_hover_define_complete_outline_and_shut_down() {
    let path = root().join(GAME);
    let uri = uri_of(&path);
    let text = std::fs::read_to_string(&path).expect("the game");
    let mut client = Client::start();
    let init = client.initialize();
    let capabilities = &init["result"]["capabilities"];
    for capability in ["hoverProvider", "definitionProvider", "completionProvider", "documentSymbolProvider"] {
        assert!(!capabilities[capability].is_null(), "no {capability}: {init}");
    }
    assert_eq!(client.open(&uri, &text), Vec::<Value>::new(), "a bundled game has no diagnostics");

    // A misspelt piece, as typed: an error with its code, hint and place.
    let piece_at = text.find("move man").expect("a move rule") + "move ".len();
    let broken = format!("{}mna{}", &text[..piece_at], &text[piece_at + 3..]);
    let diagnostics = client.change(&uri, 2, &broken);
    assert_eq!(diagnostics.len(), 1, "{diagnostics:#?}");
    let d = &diagnostics[0];
    assert_eq!(d["severity"], 1);
    assert!(d["code"].as_str().is_some_and(|c| c.starts_with('E')), "{d}");
    assert_eq!(d["source"], "orrery");
    assert!(d["message"].as_str().unwrap().contains("did you mean `man`?"), "{d}");
    assert_eq!(offset_of(&broken, &d["range"]["start"]), piece_at);
    assert_eq!(offset_of(&broken, &d["range"]["end"]), piece_at + 3);
    // Fixed again: the diagnostics are cleared.
    assert_eq!(client.change(&uri, 3, &text), Vec::<Value>::new());

    // Hover on a use of `man`: its declaration and its rules.
    let at = |offset: usize| json!({ "textDocument": { "uri": uri }, "position": position_of(&text, offset) });
    let hover = client.request("textDocument/hover", at(piece_at + 1));
    let shown = hover["result"]["contents"]["value"].as_str().expect("markdown").to_string();
    assert!(shown.contains("**piece** `man`"), "{shown}");
    assert!(shown.contains("piece man"), "{shown}");
    assert!(shown.contains("move man {"), "{shown}");
    assert!(shown.contains("place man on"), "{shown}");

    // Definition: the `piece man` line.
    let found = client.request("textDocument/definition", at(piece_at));
    let range = &found["result"]["range"];
    assert_eq!(found["result"]["uri"], uri.as_str());
    let declared = offset_of(&text, &range["start"]);
    assert_eq!(&text[declared..offset_of(&text, &range["end"])], "man");
    assert!(text[..declared].ends_with("piece "), "{found}");
    // A phase and a region, from their uses.
    for (used, kind) in [("next movement", "phase movement"), ("not centre", "region centre")] {
        let offset = text.find(used).unwrap_or_else(|| panic!("`{used}` in the game")) + used.len() - 2;
        let found = client.request("textDocument/definition", at(offset));
        let start = offset_of(&text, &found["result"]["range"]["start"]);
        let line_start = text[..start].rfind('\n').map_or(0, |i| i + 1);
        assert!(text[line_start..].starts_with(kind), "{used}: {found}");
    }
    // Nothing on a comment's word that names nothing.
    let nothing = client.request("textDocument/hover", at(text.find("Seega").expect("a comment")));
    assert!(nothing["result"].is_null(), "{nothing}");
    // A word of the language: the first lines of its section of the guide.
    let custodial = text.find("capture custodial").expect("a custodial capture") + "capture ".len();
    let keyword = client.request("textDocument/hover", at(custodial + 2));
    let shown = keyword["result"]["contents"]["value"].as_str().expect("markdown").to_string();
    assert!(shown.starts_with("**12.6 `capture custodial`**"), "{shown}");
    assert!(shown.lines().count() > 2, "{shown}");

    // Completion: after `move `, the declared names (a piece type comes)
    // and the words that may come instead; no item keyword.
    let completion = client.request("textDocument/completion", at(piece_at));
    let labels: Vec<&str> =
        completion["result"].as_array().expect("items").iter().filter_map(|i| i["label"].as_str()).collect();
    for label in ["man", "centre", "movement", "white", "neutral"] {
        assert!(labels.contains(&label), "no `{label}` in {labels:?}");
    }
    assert!(!labels.contains(&"phase"), "{labels:?}");

    // The outline: items, with a phase's rules inside it.
    let symbols = client.request("textDocument/documentSymbol", json!({ "textDocument": { "uri": uri } }));
    let symbols = symbols["result"].as_array().expect("symbols").clone();
    let names: Vec<&str> = symbols.iter().filter_map(|s| s["name"].as_str()).collect();
    for name in ["Man in the Moon", "players", "man", "centre", "placement", "movement", "end"] {
        assert!(names.contains(&name), "no `{name}` in {names:?}");
    }
    let movement = symbols.iter().find(|s| s["name"] == "movement").expect("the phase");
    assert!(!movement["children"].as_array().expect("its rules").is_empty());

    assert_eq!(client.stop(), Some(0));
}

#[test]
fn bad_messages_are_answered_and_the_server_goes_on() {
    let mut client = Client::start();
    // Before initialize, a body that is not JSON, then one that is JSON but
    // no message, then a header without a length.
    client.send_raw(b"Content-Length: 7\r\n\r\n{oops!}");
    let error = client.receive();
    assert_eq!(error["error"]["code"], -32700, "{error}");
    assert!(error["id"].is_null());
    client.send_raw(b"Content-Length: 2\r\n\r\n[]");
    assert_eq!(client.receive()["error"]["code"], -32600);
    client.send_raw(b"Content-Type: text/plain\r\n\r\n");
    assert_eq!(client.receive()["error"]["code"], -32700);

    client.initialize();
    // Parameters of the wrong shape, an unknown method, a document never
    // opened, a position far outside the document.
    let bad = client.request("textDocument/hover", json!({ "textDocument": 3 }));
    assert_eq!(bad["error"]["code"], -32602, "{bad}");
    let unknown = client.request("orrery/nothing", json!({}));
    assert_eq!(unknown["error"]["code"], -32601, "{unknown}");
    let unopened = client.request(
        "textDocument/hover",
        json!({ "textDocument": { "uri": "file:///nowhere.rules" }, "position": position(0, 0) }),
    );
    assert!(unopened["result"].is_null(), "{unopened}");
    let uri = "untitled:scratch";
    let diagnostics = client.open(uri, "game \"Scratch\"\nplayers white, bl\u{e4}ck\npiece\n");
    assert!(!diagnostics.is_empty());
    for (line, character) in [(0, 0), (99, 99), (1, 999), (2, 3)] {
        let at = json!({ "textDocument": { "uri": uri }, "position": position(line, character) });
        for method in ["textDocument/hover", "textDocument/definition", "textDocument/completion"] {
            let answer = client.request(method, at.clone());
            assert!(answer.get("error").is_none(), "{method} at {line}:{character}: {answer}");
        }
    }
    // A notification with bad parameters is dropped; the server still answers.
    client.notify("textDocument/didChange", json!({ "nonsense": true }));
    let symbols = client.request("textDocument/documentSymbol", json!({ "textDocument": { "uri": uri } }));
    assert!(symbols["result"].is_array(), "{symbols}");
    // Closing clears the document's diagnostics.
    client.notify("textDocument/didClose", json!({ "textDocument": { "uri": uri } }));
    assert_eq!(client.diagnostics(uri), Vec::<Value>::new());
    assert_eq!(client.stop(), Some(0));
}

#[test]
fn the_end_of_the_input_without_shutdown_ends_the_server_with_status_1() {
    let mut client = Client::start();
    client.initialize();
    drop(client.stdin);
    assert_eq!(wait_with_patience(&mut client.child), Some(1));
}

/// The positions are counted in UTF-16 code units, as the protocol says:
/// a syntax error after a string of letters outside the Basic Multilingual
/// Plane (two units each) and accented letters (one unit, two bytes).
#[test]
fn positions_count_utf16_code_units() {
    let text = std::fs::read_to_string(root().join(GAME)).expect("the game");
    let title_line = text.lines().find(|l| l.starts_with("game ")).expect("a title");
    let broken = text.replacen(title_line, "game \"\u{1d11e}\u{1d11e} \u{e9}t\u{e9}\" oops", 1);
    let mut client = Client::start();
    client.initialize();
    let diagnostics = client.open("untitled:music", &broken);
    assert!(!diagnostics.is_empty());
    let d = &diagnostics[0];
    let line = broken[..broken.find("game \"").unwrap()].matches('\n').count();
    assert_eq!(d["range"]["start"]["line"], line, "{d}");
    // `game "` 6, two clefs 4, ` été"` 5, a space 1: `oops` at 16.
    assert_eq!(d["range"]["start"]["character"], 16, "{d}");
    assert_eq!(&broken[offset_of(&broken, &d["range"]["start"])..][..4], "oops");
    assert_eq!(client.stop(), Some(0));
}

/// The "done when": on every broken file (and every variant test
/// file, whose bases are found from the document's path), the language
/// server's diagnostics are `orrery check`'s: the same codes, severities,
/// messages and hints, at the same places, every label a related place.
#[test]
fn diagnostics_match_check_on_every_broken_file() {
    let folders = [root().join("tests/broken"), root().join("tests/variants")];
    let args: Vec<String> = ["check", "--format", "json", "--no-run"]
        .iter()
        .map(|s| s.to_string())
        .chain(folders.iter().map(|f| f.display().to_string()))
        .collect();
    let out = Command::new(env!("CARGO_BIN_EXE_orrery")).args(&args).output().expect("orrery check runs");
    let checked: Value = serde_json::from_slice(&out.stdout).expect("check's JSON");
    let checked = checked.as_array().expect("one entry a file");
    assert!(checked.len() >= 100, "{} files", checked.len());

    let mut client = Client::start();
    client.initialize();
    let mut compared = 0;
    for entry in checked {
        let file = entry["file"].as_str().expect("a file name");
        let text = std::fs::read_to_string(file).expect("the file");
        let uri = uri_of(Path::new(file));
        let got = client.open(&uri, &text);
        let want = entry["diagnostics"].as_array().expect("diagnostics");
        assert_eq!(got.len(), want.len(), "{file}: LSP {got:#?}\ncheck {want:#?}");
        if file.contains("/tests/broken/") {
            assert!(!want.is_empty(), "{file}: a broken file with no diagnostic");
        }
        for (lsp, check) in got.iter().zip(want) {
            compare(file, &text, lsp, check);
            compared += 1;
        }
    }
    assert!(compared >= 100, "only {compared} diagnostics compared");
    assert_eq!(client.stop(), Some(0));
}

fn compare(file: &str, text: &str, lsp: &Value, check: &Value) {
    let context = format!("{file}:\nLSP {lsp:#}\ncheck {check:#}");
    assert_eq!(lsp["code"], check["code"], "{context}");
    let severity = match check["severity"].as_str() {
        Some("error") => 1,
        Some("warning") => 2,
        _ => 3,
    };
    assert_eq!(lsp["severity"], severity, "{context}");
    let mut message = check["message"].as_str().expect("a message").to_string();
    if let Some(help) = check["help"].as_str() {
        message = format!("{message}\nhelp: {help}");
    }
    assert_eq!(lsp["message"], message.as_str(), "{context}");

    let labels = check["labels"].as_array().expect("labels");
    let related = lsp["relatedInformation"].as_array().map_or(&[][..], Vec::as_slice);
    assert_eq!(related.len(), labels.len(), "{context}");
    for (place, label) in related.iter().zip(labels) {
        let label_file = label["file"].as_str().expect("a label's file");
        assert_eq!(place["location"]["uri"], uri_of(Path::new(label_file)).as_str(), "{context}");
        let label_text =
            if label_file == file { text.to_string() } else { std::fs::read_to_string(label_file).unwrap() };
        let range = &place["location"]["range"];
        let span = (offset_of(&label_text, &range["start"]), offset_of(&label_text, &range["end"]));
        assert_eq!(span.0 as u64, label["start"].as_u64().unwrap(), "{context}");
        assert_eq!(span.1 as u64, label["end"].as_u64().unwrap(), "{context}");
        let label_message = label["message"].as_str().unwrap();
        let expected = if label_message.is_empty() { check["message"].as_str().unwrap() } else { label_message };
        assert_eq!(place["message"], expected, "{context}");
    }
    // The diagnostic's own range: its first label's, when that is in this
    // file; a base's finding sits on the `variant of` line.
    let start = offset_of(text, &lsp["range"]["start"]);
    let end = offset_of(text, &lsp["range"]["end"]);
    match labels.first() {
        Some(label) if label["file"] == file => {
            assert_eq!((start as u64, end as u64), (label["start"].as_u64().unwrap(), label["end"].as_u64().unwrap()));
            assert_eq!(lsp["range"]["start"]["line"].as_u64().unwrap() + 1, check["line"].as_u64().unwrap());
        }
        Some(_) => {
            let line_start = text[..start].rfind('\n').map_or(0, |i| i + 1);
            assert!(text[line_start..].starts_with("variant of"), "{context}");
        }
        None => assert_eq!((start, end), (0, 0), "{context}"),
    }
}

/// The TextMate grammar for editors is valid JSON and highlights every
/// keyword of the language's grammar.
#[test]
fn the_textmate_grammar_covers_the_keywords() {
    let grammar = std::fs::read_to_string(root().join("editors/orrery.tmLanguage.json")).expect("the grammar");
    let grammar: Value = serde_json::from_str(&grammar).expect("valid JSON");
    assert_eq!(grammar["scopeName"], "source.orrery");
    let mut words = std::collections::BTreeSet::new();
    for pattern in grammar["repository"]["keywords"]["patterns"].as_array().expect("keyword patterns") {
        let regex = pattern["match"].as_str().expect("a match");
        let inner = regex.trim_start_matches("\\b(").trim_end_matches(")\\b");
        words.extend(inner.split('|').map(str::to_string));
    }
    let missing: Vec<&String> = orrery::lsp::keywords().iter().filter(|k| !words.contains(*k)).collect();
    assert!(missing.is_empty(), "keywords the TextMate grammar does not highlight: {missing:?}");
    assert!(orrery::lsp::keywords().len() > 50);
}

/// A variant, as typed: its base found from the document's path, its unsaved
/// text checked, and names resolved as the variant resolves them (its rules
/// replacing the base's, a name declared only in the base found there).
#[test]
fn a_variant_resolves_its_base_from_the_document_path() {
    let path = root().join("tests/variants/child.rules");
    let base_uri = uri_of(&root().join("tests/variants/base.rules"));
    let uri = uri_of(&path);
    let text = std::fs::read_to_string(&path).expect("the variant");
    let mut client = Client::start();
    client.initialize();
    assert_eq!(client.open(&uri, &text), Vec::<Value>::new());

    let at = |offset: usize| json!({ "textDocument": { "uri": uri }, "position": position_of(&text, offset) });
    let man = text.find("retreat: move man").expect("the rule") + "retreat: move ".len();
    let found = client.request("textDocument/definition", at(man));
    assert_eq!(found["result"]["uri"], base_uri.as_str(), "{found}");
    let hover = client.request("textDocument/hover", at(man));
    let shown = hover["result"]["contents"]["value"].as_str().expect("markdown").to_string();
    assert!(shown.contains("`base.rules`"), "{shown}");
    assert!(shown.contains("retreat: move man { step s }"), "{shown}");
    assert!(shown.contains("step {n, e, w}"), "{shown}");
    assert!(!shown.contains("step n  capture"), "the base's replaced rule: {shown}");
    // The variant's own option replaces the base's.
    let fast = text.find("option fast").expect("the option") + "option ".len();
    let found = client.request("textDocument/definition", at(fast));
    assert_eq!(found["result"]["uri"], uri.as_str(), "{found}");

    // An unsaved misspelling: checked against the base's names.
    let broken = text.replace("retreat: move man", "retreat: move mna");
    let diagnostics = client.change(&uri, 2, &broken);
    assert_eq!(diagnostics.len(), 1, "{diagnostics:#?}");
    assert!(diagnostics[0]["message"].as_str().unwrap().contains("did you mean `man`?"), "{diagnostics:#?}");
    assert_eq!(client.change(&uri, 3, &text), Vec::<Value>::new());
    assert_eq!(client.stop(), Some(0));
}

/// Text as it is while being typed: every cut of a bundled game at a line
/// end, each answered with diagnostics, an outline, hovers and definitions.
#[test]
fn half_typed_text_never_stops_the_server() {
    let text = std::fs::read_to_string(root().join("games/zodiac.rules")).expect("a game");
    let uri = "untitled:typing";
    let mut client = Client::start();
    client.initialize();
    client.open(uri, "");
    let cuts: Vec<usize> = text.match_indices('\n').map(|(i, _)| i).step_by(3).collect();
    for (version, cut) in cuts.iter().enumerate() {
        let typed = &text[..*cut];
        client.change(uri, version as i64 + 2, typed);
        let symbols = client.request("textDocument/documentSymbol", json!({ "textDocument": { "uri": uri } }));
        assert!(symbols["result"].is_array(), "{symbols}");
        for offset in [typed.len() / 2, typed.len().saturating_sub(2)] {
            let offset = (0..=offset).rev().find(|&i| typed.is_char_boundary(i)).unwrap_or(0);
            let at = json!({ "textDocument": { "uri": uri }, "position": position_of(typed, offset) });
            for method in ["textDocument/hover", "textDocument/definition"] {
                let answer = client.request(method, at.clone());
                assert!(answer.get("error").is_none(), "{method}: {answer}");
            }
        }
    }
    assert_eq!(client.stop(), Some(0));
}

/// A base saved with a change: every open document is checked again, so a
/// variant open in the editor shows what the base's change did to it.
#[test]
fn saving_a_base_checks_its_open_variants_again() {
    let dir = std::env::temp_dir().join(format!("orrery-lsp-save-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    for file in ["base.rules", "child.rules"] {
        std::fs::copy(root().join("tests/variants").join(file), dir.join(file)).expect("a copy");
    }
    let (base, child) = (dir.join("base.rules"), dir.join("child.rules"));
    let child_uri = uri_of(&child);
    let mut client = Client::start();
    client.initialize();
    let text = std::fs::read_to_string(&child).expect("the variant");
    assert_eq!(client.open(&child_uri, &text), Vec::<Value>::new());

    let base_text = std::fs::read_to_string(&base).expect("the base");
    std::fs::write(&base, base_text.replace("option fast = false", "option quick = false")).expect("written");
    client.notify("textDocument/didSave", json!({ "textDocument": { "uri": uri_of(&base) } }));
    let diagnostics = client.diagnostics(&child_uri);
    assert!(!diagnostics.is_empty(), "the variant's `fast` is no longer the base's");

    std::fs::write(&base, base_text).expect("written");
    client.notify("textDocument/didSave", json!({ "textDocument": { "uri": uri_of(&base) } }));
    assert_eq!(client.diagnostics(&child_uri), Vec::<Value>::new());
    assert_eq!(client.stop(), Some(0));
    let _ = std::fs::remove_dir_all(&dir);
}

/// A named condition: its use leads to its declaration, a hover shows it,
/// and the outline lists it.
#[test]
fn a_named_condition_is_defined_hovered_and_outlined() {
    let path = root().join("tests/games/named_condition.rules");
    let uri = uri_of(&path);
    let text = std::fs::read_to_string(&path).expect("the game");
    let mut client = Client::start();
    client.initialize();
    assert_eq!(client.open(&uri, &text), Vec::<Value>::new());
    let at = |offset: usize| json!({ "textDocument": { "uri": uri }, "position": position_of(&text, offset) });
    let used = text.find("to calm").expect("a use") + "to ".len();
    let found = client.request("textDocument/definition", at(used + 1));
    let start = offset_of(&text, &found["result"]["range"]["start"]);
    assert!(text[..start].ends_with("\ncondition "), "{found}");
    let hover = client.request("textDocument/hover", at(used + 1));
    let shown = hover["result"]["contents"]["value"].as_str().expect("markdown").to_string();
    assert!(shown.contains("**condition** `calm`"), "{shown}");
    assert!(shown.contains("empty and no next orthogonal is enemy"), "{shown}");
    let symbols = client.request("textDocument/documentSymbol", json!({ "textDocument": { "uri": uri } }));
    let names: Vec<&str> =
        symbols["result"].as_array().expect("symbols").iter().filter_map(|s| s["name"].as_str()).collect();
    assert!(names.contains(&"calm"), "{names:?}");
    assert_eq!(client.stop(), Some(0));
}

/// `textDocument/formatting`: one edit giving the whole text in `orrery
/// fmt`'s layout; none for a text in the layout or one that does not parse.
#[test]
fn formatting_gives_the_fmt_layout() {
    let mut client = Client::start();
    let init = client.initialize();
    assert!(!init["result"]["capabilities"]["documentFormattingProvider"].is_null(), "{init}");
    let uri = "file:///tmp/orrery-lsp-format/messy.rules";
    let messy = "game   \"G\"\nplayers a,b\nboard square 3 x 3\npiece p\nphase play {\nplace p on empty\n}\n";
    client.open(uri, messy);
    let options = json!({ "tabSize": 2, "insertSpaces": true });
    let answer =
        client.request("textDocument/formatting", json!({ "textDocument": { "uri": uri }, "options": options }));
    let edits = answer["result"].as_array().expect("edits");
    assert_eq!(edits.len(), 1, "{answer}");
    let formatted = edits[0]["newText"].as_str().unwrap();
    assert!(formatted.starts_with("game \"G\"\nplayers a, b\n"), "{formatted}");
    assert_eq!(edits[0]["range"]["start"], position(0, 0));
    assert_eq!(edits[0]["range"]["end"], position_of(messy, messy.len()));
    let clean = "file:///tmp/orrery-lsp-format/clean.rules";
    client.open(clean, formatted);
    let answer =
        client.request("textDocument/formatting", json!({ "textDocument": { "uri": clean }, "options": options }));
    assert_eq!(answer["result"], json!([]), "{answer}");
    let broken = "file:///tmp/orrery-lsp-format/broken.rules";
    client.open(broken, "game \"G\"\nplayers a b c {\n");
    let answer =
        client.request("textDocument/formatting", json!({ "textDocument": { "uri": broken }, "options": options }));
    assert!(answer["result"].is_null(), "{answer}");
    assert_eq!(client.stop(), Some(0));
}

/// Completion offers what the grammar allows at the cursor: after `step
/// orthogonal ` the words that may follow (`to`, ...), no declared names;
/// after `move ` the piece names (a name comes) and `neutral`, not `phase`.
#[test]
fn completion_follows_the_grammar_at_the_cursor() {
    let mut client = Client::start();
    client.initialize();
    let uri = "file:///tmp/orrery-lsp-complete/c.rules";
    let text = "game \"C\"\nplayers white, black\nboard square 3 x 3\npiece man\nregion centre = b2\n\
                phase play {\n  move man { step orthogonal  }\n  move \n}\n";
    client.open(uri, text);
    let labels = |client: &mut Client, offset: usize| -> Vec<String> {
        let answer = client.request(
            "textDocument/completion",
            json!({ "textDocument": { "uri": uri }, "position": position_of(text, offset) }),
        );
        answer["result"]
            .as_array()
            .expect("items")
            .iter()
            .filter_map(|i| i["label"].as_str().map(String::from))
            .collect()
    };
    let after_step = labels(&mut client, text.find("orthogonal ").unwrap() + "orthogonal ".len());
    assert!(after_step.contains(&"to".to_string()), "{after_step:?}");
    assert!(
        !after_step.contains(&"centre".to_string()) && !after_step.contains(&"phase".to_string()),
        "{after_step:?}"
    );
    let after_move = labels(&mut client, text.rfind("move ").unwrap() + "move ".len());
    assert!(after_move.contains(&"man".to_string()) && after_move.contains(&"neutral".to_string()), "{after_move:?}");
    assert!(!after_move.contains(&"phase".to_string()), "{after_move:?}");
    assert_eq!(client.stop(), Some(0));
}
