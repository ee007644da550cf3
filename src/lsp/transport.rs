//! The base protocol over a byte stream: `Content-Length` headers, then a
//! JSON body. Read here rather than by `lsp-server`'s own reader so that a
//! malformed message is answered with an error and the server goes on.

use lsp_server::Message;
use std::io::{self, BufRead, Read, Write};

/// The largest body read; a longer one is skipped and reported.
const MAX_BODY: usize = 64 << 20;

/// What the next message on the stream is.
pub enum Incoming {
    Message(Message),
    /// A message that could not be read, and why: the JSON-RPC error code
    /// and a message for the client.
    Malformed(i32, String),
    /// The stream has ended.
    End,
}

pub fn read(input: &mut impl BufRead) -> io::Result<Incoming> {
    let mut length: Option<Result<usize, String>> = None;
    let mut line = String::new();
    let mut any_header = false;
    loop {
        line.clear();
        if input.read_line(&mut line)? == 0 {
            return Ok(Incoming::End);
        }
        let header = line.trim_end_matches(['\r', '\n']);
        if header.is_empty() {
            // Blank lines between messages are skipped.
            if any_header {
                break;
            }
            continue;
        }
        any_header = true;
        if let Some((name, value)) = header.split_once(':')
            && name.trim().eq_ignore_ascii_case("Content-Length")
        {
            length = Some(value.trim().parse::<usize>().map_err(|_| format!("bad Content-Length `{}`", value.trim())));
        }
    }
    let length = match length {
        Some(Ok(n)) => n,
        Some(Err(e)) => return Ok(Incoming::Malformed(PARSE_ERROR, e)),
        None => return Ok(Incoming::Malformed(PARSE_ERROR, "a message without a Content-Length header".into())),
    };
    if length > MAX_BODY {
        io::copy(&mut input.take(length as u64), &mut io::sink())?;
        return Ok(Incoming::Malformed(
            PARSE_ERROR,
            format!("a message of {length} bytes, over the limit of {MAX_BODY}"),
        ));
    }
    let mut body = vec![0; length];
    if let Err(e) = input.read_exact(&mut body) {
        return if e.kind() == io::ErrorKind::UnexpectedEof { Ok(Incoming::End) } else { Err(e) };
    }
    Ok(match serde_json::from_slice::<Message>(&body) {
        Ok(message) => Incoming::Message(message),
        Err(e) => match serde_json::from_slice::<serde_json::Value>(&body) {
            Ok(_) => Incoming::Malformed(INVALID_REQUEST, format!("not a JSON-RPC message: {e}")),
            Err(e) => Incoming::Malformed(PARSE_ERROR, format!("the body is not JSON: {e}")),
        },
    })
}

pub const PARSE_ERROR: i32 = lsp_server::ErrorCode::ParseError as i32;
pub const INVALID_REQUEST: i32 = lsp_server::ErrorCode::InvalidRequest as i32;

pub fn write(output: &mut impl Write, message: &Message) -> io::Result<()> {
    message.write(output)
}

/// An error answer to a message whose id could not be read (JSON-RPC's
/// `"id": null`, which `lsp-server`'s responses cannot carry).
pub fn write_error_without_id(output: &mut impl Write, code: i32, message: &str) -> io::Result<()> {
    let body = serde_json::json!({
        "jsonrpc": "2.0",
        "id": null,
        "error": { "code": code, "message": message },
    })
    .to_string();
    write!(output, "Content-Length: {}\r\n\r\n{body}", body.len())?;
    output.flush()
}
