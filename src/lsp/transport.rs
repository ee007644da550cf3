//! The base protocol over a byte stream: `Content-Length` headers, then a
//! JSON body. Read here rather than by `lsp-server`'s own reader so that a
//! malformed message is answered with an error and the server goes on, and
//! so that no input, however long or garbled, is held whole: a header line
//! is read up to `MAX_HEADER_LINE` bytes and a body up to `MAX_BODY`.

use lsp_server::Message;
use std::io::{self, BufRead, Read, Write};

/// The longest header line kept. A longer one is read to its end, only its
/// last `MAX_HEADER_LINE` bytes kept (where a `Content-Length` header glued
/// to garbage would be).
const MAX_HEADER_LINE: usize = 4 << 10;

/// The largest body read; a longer one is skipped and reported. As much as
/// `orrery serve` takes: a rule file is far smaller.
pub const MAX_BODY: usize = 16 << 20;

/// The header that frames a message, written in any case.
const CONTENT_LENGTH: &[u8] = b"content-length:";

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
    let mut line = Vec::new();
    let mut any_header = false;
    loop {
        let whole = match read_line(input, &mut line)? {
            Line::End => return Ok(Incoming::End),
            Line::Whole => true,
            Line::Tail => false,
        };
        let header = line.trim_ascii_end();
        if header.is_empty() {
            // Blank lines between messages are skipped.
            if any_header {
                break;
            }
            continue;
        }
        any_header = true;
        // Other headers (`Content-Type`), and lines that are not headers at
        // all, not even text, are passed over.
        if let Some(value) = content_length(header, whole) {
            length = Some(parse_length(value));
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
    // Read as it comes rather than into a buffer of the announced length:
    // a length announced but never sent costs nothing.
    let mut body = Vec::new();
    input.take(length as u64).read_to_end(&mut body)?;
    if body.len() < length {
        return Ok(Incoming::End);
    }
    Ok(match serde_json::from_slice::<Message>(&body) {
        Ok(message) => Incoming::Message(message),
        Err(e) => match serde_json::from_slice::<serde_json::Value>(&body) {
            Ok(_) => Incoming::Malformed(INVALID_REQUEST, format!("not a JSON-RPC message: {e}")),
            Err(e) => Incoming::Malformed(PARSE_ERROR, format!("the body is not JSON: {e}")),
        },
    })
}

/// How a header line was read.
enum Line {
    /// The line, whole, with its end.
    Whole,
    /// A line too long to keep: its last `MAX_HEADER_LINE` bytes.
    Tail,
    /// The stream ended before the line did.
    End,
}

/// Reads a line into `line` (cleared first), keeping at most its last
/// `MAX_HEADER_LINE` bytes, whatever its length and its bytes.
fn read_line(input: &mut impl BufRead, line: &mut Vec<u8>) -> io::Result<Line> {
    line.clear();
    let mut cut = false;
    loop {
        let available = match input.fill_buf() {
            Ok(available) => available,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if available.is_empty() {
            return Ok(Line::End);
        }
        let (taken, ends) = match available.iter().position(|&b| b == b'\n') {
            Some(i) => (i + 1, true),
            None => (available.len(), false),
        };
        let kept = &available[taken.saturating_sub(MAX_HEADER_LINE)..taken];
        line.extend_from_slice(kept);
        if line.len() > MAX_HEADER_LINE {
            line.drain(..line.len() - MAX_HEADER_LINE);
            cut = true;
        }
        cut |= kept.len() < taken;
        input.consume(taken);
        if ends {
            return Ok(if cut { Line::Tail } else { Line::Whole });
        }
    }
}

/// The value of a `Content-Length` header line, if it is one. A line whose
/// start is garbage (the rest of a message that could not be framed, or a
/// line too long to keep whole) is read from its last `Content-Length:`,
/// so that the next message is found again.
fn content_length(line: &[u8], whole: bool) -> Option<&[u8]> {
    let lower = line.to_ascii_lowercase();
    let at = lower.windows(CONTENT_LENGTH.len()).rposition(|w| w == CONTENT_LENGTH)?;
    // Within a whole line, `X-Content-Length:` is another header.
    let is_header_name = |b: &u8| b.is_ascii_alphanumeric() || *b == b'-';
    if at > 0 && whole && line[..at].iter().all(is_header_name) {
        return None;
    }
    Some(&line[at + CONTENT_LENGTH.len()..])
}

fn parse_length(value: &[u8]) -> Result<usize, String> {
    let value = value.trim_ascii();
    std::str::from_utf8(value)
        .ok()
        .and_then(|v| v.parse::<usize>().ok())
        .ok_or_else(|| format!("bad Content-Length `{}`", String::from_utf8_lossy(value)))
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
