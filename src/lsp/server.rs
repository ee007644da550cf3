//! The server's loop: one message at a time, read, answered, and the
//! documents' diagnostics published whenever their text changes.

use super::document::Document;
use super::transport::{self, Incoming};
use lsp_server::{ErrorCode, Message, Notification, Request, RequestId, Response};
use lsp_types::notification::{
    DidChangeTextDocument, DidCloseTextDocument, DidOpenTextDocument, DidSaveTextDocument, Notification as _,
    PublishDiagnostics,
};
use lsp_types::request::{Completion, DocumentSymbolRequest, GotoDefinition, HoverRequest, Request as _};
use lsp_types::{
    CompletionOptions, DocumentSymbolResponse, HoverProviderCapability, InitializeResult, OneOf,
    PublishDiagnosticsParams, ServerCapabilities, ServerInfo, TextDocumentSyncCapability, TextDocumentSyncKind,
    TextDocumentSyncOptions, TextDocumentSyncSaveOptions, Url,
};
use std::collections::HashMap;
use std::io::{self, BufRead, Write};
use std::panic::{AssertUnwindSafe, catch_unwind};

pub struct Server<W: Write> {
    output: W,
    documents: HashMap<Url, Document>,
    shutting_down: bool,
}

/// How the server stopped: 0 after `shutdown` then `exit`, 1 otherwise
/// (as the protocol asks).
pub fn run(input: &mut impl BufRead, output: impl Write) -> io::Result<i32> {
    let mut server = Server { output, documents: HashMap::new(), shutting_down: false };
    loop {
        match transport::read(input)? {
            Incoming::End => return Ok(1),
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
        }
    }
}

fn capabilities() -> ServerCapabilities {
    ServerCapabilities {
        text_document_sync: Some(TextDocumentSyncCapability::Options(TextDocumentSyncOptions {
            open_close: Some(true),
            change: Some(TextDocumentSyncKind::FULL),
            save: Some(TextDocumentSyncSaveOptions::Supported(true)),
            ..TextDocumentSyncOptions::default()
        })),
        hover_provider: Some(HoverProviderCapability::Simple(true)),
        definition_provider: Some(OneOf::Left(true)),
        completion_provider: Some(CompletionOptions::default()),
        document_symbol_provider: Some(OneOf::Left(true)),
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
                let uri = p.text_document_position.text_document.uri;
                let items = self.document(&uri)?.map(super::completion::completion);
                json(serde_json::json!(items))
            }
            DocumentSymbolRequest::METHOD => {
                let p: lsp_types::DocumentSymbolParams = params(request)?;
                let symbols = self
                    .document(&p.text_document.uri)?
                    .map(|d| DocumentSymbolResponse::Nested(super::symbols::document_symbols(d)));
                json(serde_json::json!(symbols))
            }
            other => Err((ErrorCode::MethodNotFound, format!("orrery lsp does not answer `{other}`"))),
        }
    }

    /// An open document; `None` (an empty answer) for one never opened.
    #[allow(clippy::unnecessary_wraps)] // the `?` at each use reads as the other lookups
    fn document(&self, uri: &Url) -> Result<Option<&Document>, (ErrorCode, String)> {
        Ok(self.documents.get(uri))
    }

    fn notification(&mut self, notification: Notification) -> io::Result<()> {
        fn params<P: serde::de::DeserializeOwned>(n: Notification) -> Option<P> {
            // A notification has no answer: bad parameters are dropped.
            serde_json::from_value(n.params).ok()
        }
        match notification.method.as_str() {
            DidOpenTextDocument::METHOD => {
                if let Some(p) = params::<lsp_types::DidOpenTextDocumentParams>(notification) {
                    self.update(p.text_document.uri, p.text_document.text)?;
                }
            }
            DidChangeTextDocument::METHOD => {
                if let Some(p) = params::<lsp_types::DidChangeTextDocumentParams>(notification) {
                    let uri = p.text_document.uri;
                    let mut text = self.documents.get(&uri).map(|d| d.text.clone()).unwrap_or_default();
                    for change in p.content_changes {
                        apply_change(&mut text, change);
                    }
                    self.update(uri, text)?;
                }
            }
            DidSaveTextDocument::METHOD => {
                // A saved file may be another open file's base: every open
                // document is checked again.
                let open: Vec<(Url, String)> =
                    self.documents.iter().map(|(uri, d)| (uri.clone(), d.text.clone())).collect();
                for (uri, text) in open {
                    self.update(uri, text)?;
                }
            }
            DidCloseTextDocument::METHOD => {
                if let Some(p) = params::<lsp_types::DidCloseTextDocumentParams>(notification) {
                    self.documents.remove(&p.text_document.uri);
                    self.publish(p.text_document.uri, Vec::new())?;
                }
            }
            _ => {}
        }
        Ok(())
    }

    /// Checks a document's new text and publishes what the checker says.
    fn update(&mut self, uri: Url, text: String) -> io::Result<()> {
        let analysed = catch_unwind(AssertUnwindSafe(|| {
            let document = Document::new(uri.clone(), text);
            let diagnostics = super::diagnostics::to_lsp(&document);
            (document, diagnostics)
        }));
        match analysed {
            Ok((document, diagnostics)) => {
                self.documents.insert(uri.clone(), document);
                self.publish(uri, diagnostics)
            }
            Err(_) => {
                self.documents.remove(&uri);
                Ok(())
            }
        }
    }

    fn publish(&mut self, uri: Url, diagnostics: Vec<lsp_types::Diagnostic>) -> io::Result<()> {
        let params = PublishDiagnosticsParams { uri, diagnostics, version: None };
        self.send(Notification::new(PublishDiagnostics::METHOD.to_string(), params).into())
    }
}

/// Applies one change: the whole text, or (from a client that sends them
/// despite the full synchronisation asked for) a range's replacement.
fn apply_change(text: &mut String, change: lsp_types::TextDocumentContentChangeEvent) {
    match change.range {
        None => *text = change.text,
        Some(range) => {
            let index = super::positions::LineIndex::new(text);
            let start = index.offset(text, range.start);
            let end = index.offset(text, range.end).max(start);
            text.replace_range(start..end, &change.text);
        }
    }
}
