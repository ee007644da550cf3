//! The server's loop. Messages are read on a thread of their own and
//! handled here in order; documents are checked on another thread
//! (`checker`). A change only edits the document's text: a check is started
//! when no message is waiting and none is running, so a storm of changes
//! costs one check of the last text, and a request is answered at once from
//! the text as it is (parsed then if need be, without waiting for a check).

use super::checker::{self, Checked, Job};
use super::document::Document;
use super::transport::{self, Incoming};
use lsp_server::{ErrorCode, Message, Notification, Request, RequestId, Response};
use lsp_types::notification::{
    DidChangeTextDocument, DidCloseTextDocument, DidOpenTextDocument, DidSaveTextDocument, Notification as _,
    PublishDiagnostics,
};
use lsp_types::request::{Completion, DocumentSymbolRequest, Formatting, GotoDefinition, HoverRequest, Request as _};
use lsp_types::{
    CompletionOptions, DocumentSymbolResponse, HoverProviderCapability, InitializeResult, OneOf,
    PublishDiagnosticsParams, ServerCapabilities, ServerInfo, TextDocumentSyncCapability, TextDocumentSyncKind,
    TextDocumentSyncOptions, TextDocumentSyncSaveOptions, Url,
};
use std::collections::HashMap;
use std::io::{self, BufRead, Write};
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::mpsc::{Receiver, Sender, TryRecvError, sync_channel};

/// How many read messages may wait for the loop: with bodies of at most
/// `transport::MAX_BODY`, what waiting messages can hold is bounded.
const WAITING: usize = 8;
/// The longest document kept (as long as one message may be): a longer one,
/// grown by edits, is dropped with one diagnostic saying so.
const MAX_DOCUMENT: usize = transport::MAX_BODY;
/// The most documents kept open at once; one more is not kept, and says so.
const MAX_OPEN: usize = 256;

/// What the loop handles next.
enum Event {
    Read(io::Result<Incoming>),
    Checked(Box<Checked>),
}

/// An open document as the editor has it.
struct Open {
    text: String,
    /// The editor's version of the text, given back with its diagnostics.
    version: i32,
    /// Changes with every change of the text or of its bases; unique across
    /// documents, so a check of a closed document's text matches nothing.
    generation: u64,
    /// The generation whose diagnostics were last published.
    published: Option<u64>,
    /// The text's document, if made since its last change (checked, or
    /// only parsed to answer a request).
    document: Option<Document>,
}

pub struct Server<W: Write> {
    output: W,
    open: HashMap<Url, Open>,
    shutting_down: bool,
    checker: Sender<Job>,
    /// The check running, if any: its document and generation.
    checking: Option<(Url, u64)>,
    generations: u64,
}

/// How the server stopped: 0 after `shutdown` then `exit`, 1 otherwise
/// (as the protocol asks).
pub fn run(mut input: impl BufRead + Send + 'static, output: impl Write) -> io::Result<i32> {
    let (events, waiting) = sync_channel(WAITING);
    let read = events.clone();
    std::thread::spawn(move || {
        loop {
            let incoming = transport::read(&mut input);
            let last = !matches!(incoming, Ok(Incoming::Message(_) | Incoming::Malformed(..)));
            if read.send(Event::Read(incoming)).is_err() || last {
                return;
            }
        }
    });
    let checker = checker::spawn(move |checked| {
        // The loop has stopped if this fails: the result is not wanted.
        let _ = events.send(Event::Checked(Box::new(checked)));
    });
    let mut server =
        Server { output, open: HashMap::new(), shutting_down: false, checker, checking: None, generations: 0 };
    loop {
        let event = match waiting.try_recv() {
            Ok(event) => event,
            Err(TryRecvError::Empty) => {
                // Nothing waiting: the time to check what has changed.
                server.start_check();
                match waiting.recv() {
                    Ok(event) => event,
                    Err(_) => return Ok(1),
                }
            }
            Err(TryRecvError::Disconnected) => return Ok(1),
        };
        match event {
            Event::Checked(checked) => server.checked(*checked)?,
            Event::Read(incoming) => match incoming? {
                Incoming::End => {
                    // The client is gone without `exit`: still publish what
                    // it sent last (a client may open a file and close its
                    // end, waiting for the diagnostics).
                    server.finish_checks(&waiting)?;
                    return Ok(1);
                }
                Incoming::Malformed(code, message) => {
                    transport::write_error_without_id(&mut server.output, code, &message)?
                }
                Incoming::Message(Message::Notification(n)) if n.method == "exit" => {
                    return Ok(if server.shutting_down { 0 } else { 1 });
                }
                Incoming::Message(Message::Request(request)) => server.request(request)?,
                Incoming::Message(Message::Notification(notification)) => server.notification(notification)?,
                // The server sends no requests, so expects no responses.
                Incoming::Message(Message::Response(_)) => {}
            },
        }
    }
}

fn capabilities() -> ServerCapabilities {
    ServerCapabilities {
        text_document_sync: Some(TextDocumentSyncCapability::Options(TextDocumentSyncOptions {
            open_close: Some(true),
            change: Some(TextDocumentSyncKind::INCREMENTAL),
            save: Some(TextDocumentSyncSaveOptions::Supported(true)),
            ..TextDocumentSyncOptions::default()
        })),
        hover_provider: Some(HoverProviderCapability::Simple(true)),
        definition_provider: Some(OneOf::Left(true)),
        completion_provider: Some(CompletionOptions::default()),
        document_symbol_provider: Some(OneOf::Left(true)),
        document_formatting_provider: Some(OneOf::Left(true)),
        ..ServerCapabilities::default()
    }
}

impl<W: Write> Server<W> {
    fn send(&mut self, message: Message) -> io::Result<()> {
        transport::write(&mut self.output, &message)
    }

    fn reply(&mut self, id: RequestId, result: Result<serde_json::Value, (ErrorCode, String)>) -> io::Result<()> {
        let response = match result {
            Ok(value) => Response { id, result: Some(value), error: None },
            Err((code, message)) => Response::new_err(id, code as i32, message),
        };
        self.send(response.into())
    }

    fn request(&mut self, request: Request) -> io::Result<()> {
        let id = request.id.clone();
        if self.shutting_down {
            return self.reply(id, Err((ErrorCode::InvalidRequest, "the server is shutting down".into())));
        }
        let method = request.method.clone();
        // The checker is not expected to panic on any text; should it, the
        // request fails and the server goes on.
        let result = catch_unwind(AssertUnwindSafe(|| self.answer(request)))
            .unwrap_or_else(|_| Err((ErrorCode::InternalError, format!("the server failed on `{method}`"))));
        self.reply(id, result)
    }

    fn answer(&mut self, request: Request) -> Result<serde_json::Value, (ErrorCode, String)> {
        fn params<P: serde::de::DeserializeOwned>(request: Request) -> Result<P, (ErrorCode, String)> {
            serde_json::from_value(request.params)
                .map_err(|e| (ErrorCode::InvalidParams, format!("bad parameters for `{}`: {e}", request.method)))
        }
        let json = |value: serde_json::Value| Ok(value);
        match request.method.as_str() {
            "initialize" => json(serde_json::json!(InitializeResult {
                capabilities: capabilities(),
                server_info: Some(ServerInfo {
                    name: "orrery".to_string(),
                    version: Some(env!("CARGO_PKG_VERSION").to_string()),
                }),
            })),
            "shutdown" => {
                self.shutting_down = true;
                json(serde_json::Value::Null)
            }
            HoverRequest::METHOD => {
                let p: lsp_types::HoverParams = params(request)?;
                let place = p.text_document_position_params;
                let hover =
                    self.document(&place.text_document.uri)?.and_then(|d| super::hover::hover(d, place.position));
                json(serde_json::json!(hover))
            }
            GotoDefinition::METHOD => {
                let p: lsp_types::GotoDefinitionParams = params(request)?;
                let place = p.text_document_position_params;
                let found = self
                    .document(&place.text_document.uri)?
                    .and_then(|d| super::definition::definition(d, place.position));
                json(serde_json::json!(found))
            }
            Completion::METHOD => {
                let p: lsp_types::CompletionParams = params(request)?;
                let (uri, position) = (p.text_document_position.text_document.uri, p.text_document_position.position);
                let items = self.document(&uri)?.map(|d| super::completion::completion(d, position));
                json(serde_json::json!(items))
            }
            DocumentSymbolRequest::METHOD => {
                let p: lsp_types::DocumentSymbolParams = params(request)?;
                let symbols = self
                    .document(&p.text_document.uri)?
                    .map(|d| DocumentSymbolResponse::Nested(super::symbols::document_symbols(d)));
                json(serde_json::json!(symbols))
            }
            Formatting::METHOD => {
                let p: lsp_types::DocumentFormattingParams = params(request)?;
                let text = self.open.get(&p.text_document.uri).map(|open| open.text.clone());
                json(serde_json::json!(text.and_then(|text| formatting(&text))))
            }
            other => Err((ErrorCode::MethodNotFound, format!("orrery lsp does not answer `{other}`"))),
        }
    }

    /// An open document, parsed now if its text has changed since it was
    /// last made; `None` (an empty answer) for one never opened.
    #[allow(clippy::unnecessary_wraps)] // the `?` at each use reads as the other lookups
    fn document(&mut self, uri: &Url) -> Result<Option<&Document>, (ErrorCode, String)> {
        let Some(open) = self.open.get_mut(uri) else { return Ok(None) };
        if open.document.is_none() {
            open.document = Some(Document::unchecked(uri.clone(), open.text.clone()));
        }
        Ok(open.document.as_ref())
    }

    fn notification(&mut self, notification: Notification) -> io::Result<()> {
        fn params<P: serde::de::DeserializeOwned>(n: Notification) -> Option<P> {
            // A notification has no answer: bad parameters are dropped.
            serde_json::from_value(n.params).ok()
        }
        match notification.method.as_str() {
            DidOpenTextDocument::METHOD => {
                if let Some(p) = params::<lsp_types::DidOpenTextDocumentParams>(notification) {
                    let document = p.text_document;
                    if self.open.len() >= MAX_OPEN && !self.open.contains_key(&document.uri) {
                        let why = format!("{MAX_OPEN} documents are open already: close one to check this one");
                        return self.refuse(document.uri, &why, document.version);
                    }
                    let generation = self.next_generation();
                    let open = Open {
                        text: document.text,
                        version: document.version,
                        generation,
                        published: None,
                        document: None,
                    };
                    self.open.insert(document.uri, open);
                }
            }
            DidChangeTextDocument::METHOD => {
                if let Some(p) = params::<lsp_types::DidChangeTextDocumentParams>(notification) {
                    let generation = self.next_generation();
                    if let Some(open) = self.open.get_mut(&p.text_document.uri) {
                        super::edits::apply(&mut open.text, p.content_changes);
                        open.version = p.text_document.version;
                        open.generation = generation;
                        open.document = None;
                        if open.text.len() > MAX_DOCUMENT {
                            let uri = p.text_document.uri;
                            self.open.remove(&uri);
                            let why = format!(
                                "the document is over {} MB: no longer checked (reopen it shorter)",
                                MAX_DOCUMENT >> 20
                            );
                            return self.refuse(uri, &why, p.text_document.version);
                        }
                    }
                }
            }
            DidSaveTextDocument::METHOD => {
                // A saved file may be another open file's base: every open
                // document is checked again, and parsed again when asked
                // about.
                for open in self.open.values_mut() {
                    self.generations += 1;
                    open.generation = self.generations;
                    open.document = None;
                }
            }
            DidCloseTextDocument::METHOD => {
                if let Some(p) = params::<lsp_types::DidCloseTextDocumentParams>(notification) {
                    self.open.remove(&p.text_document.uri);
                    self.publish(p.text_document.uri, Vec::new(), None)?;
                }
            }
            _ => {}
        }
        Ok(())
    }

    fn next_generation(&mut self) -> u64 {
        self.generations += 1;
        self.generations
    }

    /// Checks and publishes every document whose diagnostics are not of its
    /// text, one after another, once no more messages can come.
    fn finish_checks(&mut self, waiting: &Receiver<Event>) -> io::Result<()> {
        loop {
            self.start_check();
            if self.checking.is_none() {
                return Ok(());
            }
            match waiting.recv() {
                Ok(Event::Checked(checked)) => self.checked(*checked)?,
                Ok(Event::Read(_)) => {}
                Err(_) => return Ok(()),
            }
        }
    }

    /// Starts checking a document whose diagnostics are not of its text,
    /// unless a check is running already.
    fn start_check(&mut self) {
        if self.checking.is_some() {
            return;
        }
        let Some((uri, open)) = self.open.iter().find(|(_, open)| open.published != Some(open.generation)) else {
            return;
        };
        let job = Job { uri: uri.clone(), generation: open.generation, text: open.text.clone() };
        self.checking = Some((job.uri.clone(), job.generation));
        if self.checker.send(job).is_err() {
            // The checking thread is gone (it catches panics, so this is
            // not expected): documents are no longer checked, but requests
            // are still answered.
            self.open.values_mut().for_each(|open| open.published = Some(open.generation));
            self.checking = None;
        }
    }

    /// A check has ended: its diagnostics are published if its text is still
    /// the document's, dropped otherwise (the loop checks the new text next).
    fn checked(&mut self, checked: Checked) -> io::Result<()> {
        self.checking = None;
        let Some(open) = self.open.get_mut(&checked.uri) else { return Ok(()) };
        if open.generation != checked.generation {
            return Ok(());
        }
        open.published = Some(checked.generation);
        let version = open.version;
        match checked.outcome {
            Some((document, diagnostics)) => {
                open.document = Some(document);
                self.publish(checked.uri, diagnostics, Some(version))
            }
            // The checker failed on this text: nothing to say about it.
            None => Ok(()),
        }
    }

    /// A document not kept: one diagnostic at its start says why.
    fn refuse(&mut self, uri: Url, why: &str, version: i32) -> io::Result<()> {
        let diagnostic = lsp_types::Diagnostic {
            severity: Some(lsp_types::DiagnosticSeverity::ERROR),
            source: Some("orrery".to_string()),
            message: why.to_string(),
            ..lsp_types::Diagnostic::default()
        };
        self.publish(uri, vec![diagnostic], Some(version))
    }

    fn publish(&mut self, uri: Url, diagnostics: Vec<lsp_types::Diagnostic>, version: Option<i32>) -> io::Result<()> {
        let params = PublishDiagnosticsParams { uri, diagnostics, version };
        self.send(Notification::new(PublishDiagnostics::METHOD.to_string(), params).into())
    }
}

/// `textDocument/formatting`: the whole text in `orrery fmt`'s layout, as
/// one edit; no edit when it is in the layout already, and none for a
/// text that does not parse (its diagnostics say why).
fn formatting(text: &str) -> Option<Vec<lsp_types::TextEdit>> {
    let formatted = crate::syntax::format::format(text).ok()?;
    if formatted == text {
        return Some(Vec::new());
    }
    let lines = super::positions::LineIndex::new(text);
    let range = lines.range(text, 0, text.len());
    Some(vec![lsp_types::TextEdit { range, new_text: formatted }])
}
