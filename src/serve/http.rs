//! HTTP/1.1 on one connection: a request read with deadlines (headers
//! parsed by httparse, a body of `Content-Length` bytes) and a reply
//! written in one piece. Every read waits at most what is left of the
//! request's deadline, so a client that sends slowly is cut off rather
//! than waited for.

use super::limits::Limits;
use std::io::{ErrorKind, Read, Write};
use std::net::TcpStream;
use std::time::Instant;

/// The most headers a request may have.
const MAX_HEADERS: usize = 64;

pub struct Request {
    pub method: String,
    /// The path and query, as sent.
    pub url: String,
    pub headers: Vec<(String, String)>,
    pub body: Vec<u8>,
    /// Whether the client will send another request on this connection.
    pub keep_alive: bool,
}

impl Request {
    /// A header's value (the first, if sent more than once).
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers.iter().find(|(n, _)| n.eq_ignore_ascii_case(name)).map(|(_, v)| v.as_str())
    }
}

/// Why no request was read.
pub enum ReadError {
    /// The client closed the connection, or waited idle past its deadline,
    /// between requests: nothing to answer.
    Closed,
    /// A request began but did not arrive in time.
    TimedOut,
    /// A request to refuse with this status and message (the connection is
    /// then closed: where the next request would start is unknown).
    Refused(u16, String),
}

/// Reads the next request. `buffer` holds what was read past the last
/// request; `first`: no request was read on this connection yet (then it
/// may stay idle only as long as a request's headers may take).
pub fn read_request(
    stream: &mut TcpStream,
    buffer: &mut Vec<u8>,
    limits: &Limits,
    first: bool,
) -> Result<Request, ReadError> {
    // Until a request's first byte, the connection is idle: closed quietly
    // past its deadline (a browser may open one it never uses).
    let mut started = !buffer.is_empty();
    let mut deadline = Instant::now() + if first || started { limits.header_deadline } else { limits.idle_deadline };
    let (head, request) = loop {
        let mut headers = [httparse::EMPTY_HEADER; MAX_HEADERS];
        let mut parsed = httparse::Request::new(&mut headers);
        match parsed.parse(buffer) {
            Ok(httparse::Status::Complete(head)) => break (head, own(&parsed)),
            Ok(httparse::Status::Partial) if buffer.len() > limits.max_header => {
                return Err(ReadError::Refused(
                    431,
                    format!("the headers are larger than {} KiB", limits.max_header >> 10),
                ));
            }
            Ok(httparse::Status::Partial) => {}
            Err(httparse::Error::TooManyHeaders) => {
                return Err(ReadError::Refused(431, format!("more than {MAX_HEADERS} headers")));
            }
            Err(e) => return Err(ReadError::Refused(400, format!("not an HTTP request: {e}"))),
        }
        match fill(stream, buffer, deadline) {
            Ok(()) if !started => {
                // The idle wait is over: the request itself has its own deadline.
                started = true;
                deadline = Instant::now() + limits.header_deadline;
            }
            Ok(()) => {}
            Err(ReadError::Closed) if buffer.is_empty() => return Err(ReadError::Closed),
            Err(ReadError::TimedOut) if !started => return Err(ReadError::Closed),
            Err(ReadError::Closed) => return Err(ReadError::Refused(400, "the request ended early".to_string())),
            Err(e) => return Err(e),
        }
    };
    let (method, url, version, headers) = request;
    let mut request = Request { method, url, keep_alive: version >= 1, headers, body: Vec::new() };
    if let Some(connection) = request.header("connection") {
        let connection = connection.to_ascii_lowercase();
        request.keep_alive = connection.contains("keep-alive") || (version >= 1 && !connection.contains("close"));
    }
    if request.header("transfer-encoding").is_some() {
        return Err(ReadError::Refused(411, "send the body with a Content-Length, not in chunks".to_string()));
    }
    let length = match request.header("content-length").map(|v| v.trim().parse::<usize>()) {
        None => 0,
        Some(Ok(length)) => length,
        Some(Err(_)) => return Err(ReadError::Refused(400, "Content-Length is not a number".to_string())),
    };
    if length > limits.max_body {
        return Err(ReadError::Refused(
            413,
            format!(
                "the body ({length} bytes) is larger than {} MiB, the most this server reads",
                limits.max_body >> 20
            ),
        ));
    }
    if length > 0 && request.header("expect").is_some_and(|e| e.eq_ignore_ascii_case("100-continue")) {
        let _ = stream.write_all(b"HTTP/1.1 100 Continue\r\n\r\n");
    }
    let deadline = Instant::now() + limits.body_deadline;
    while buffer.len() < head + length {
        match fill(stream, buffer, deadline) {
            Ok(()) => {}
            Err(ReadError::Closed) => return Err(ReadError::Refused(400, "the body ended early".to_string())),
            Err(e) => return Err(e),
        }
    }
    request.body = buffer[head..head + length].to_vec();
    buffer.drain(..head + length);
    Ok(request)
}

type Parts = (String, String, u8, Vec<(String, String)>);

fn own(parsed: &httparse::Request) -> Parts {
    let headers = parsed
        .headers
        .iter()
        .map(|h| (h.name.to_string(), String::from_utf8_lossy(h.value).trim().to_string()))
        .collect();
    (
        parsed.method.unwrap_or("").to_ascii_uppercase(),
        parsed.path.unwrap_or("/").to_string(),
        parsed.version.unwrap_or(1),
        headers,
    )
}

/// Reads what has arrived, waiting no later than `deadline`.
fn fill(stream: &mut TcpStream, buffer: &mut Vec<u8>, deadline: Instant) -> Result<(), ReadError> {
    let left = deadline.saturating_duration_since(Instant::now());
    if left.is_zero() || stream.set_read_timeout(Some(left)).is_err() {
        return Err(ReadError::TimedOut);
    }
    let mut chunk = [0u8; 16 << 10];
    match stream.read(&mut chunk) {
        Ok(0) => Err(ReadError::Closed),
        Ok(n) => {
            buffer.extend_from_slice(&chunk[..n]);
            Ok(())
        }
        Err(e) if matches!(e.kind(), ErrorKind::WouldBlock | ErrorKind::TimedOut) => Err(ReadError::TimedOut),
        Err(e) if e.kind() == ErrorKind::Interrupted => Ok(()),
        Err(_) => Err(ReadError::Closed),
    }
}

/// A reply to write.
pub struct Response<'a> {
    pub status: u16,
    pub content_type: &'a str,
    pub body: &'a [u8],
    /// HEAD: the headers of the reply GET would have, without its body.
    pub head_only: bool,
    pub keep_alive: bool,
}

/// Writes a reply in one piece: headers and body in one write, so that no
/// part waits on the client's acknowledgement of another (Nagle's
/// algorithm against delayed ACKs: 40 ms a request on a kept-alive connection).
pub fn write_response(stream: &mut TcpStream, response: &Response) -> std::io::Result<()> {
    let mut out = format!(
        "HTTP/1.1 {} {}\r\nContent-Type: {}\r\nContent-Length: {}\r\nCache-Control: no-store\r\n\
         X-Content-Type-Options: nosniff\r\nConnection: {}\r\n\r\n",
        response.status,
        reason(response.status),
        response.content_type,
        response.body.len(),
        if response.keep_alive { "keep-alive" } else { "close" },
    )
    .into_bytes();
    if !response.head_only {
        out.extend_from_slice(response.body);
    }
    stream.write_all(&out)?;
    stream.flush()
}

fn reason(status: u16) -> &'static str {
    match status {
        200 => "OK",
        201 => "Created",
        400 => "Bad Request",
        401 => "Unauthorized",
        403 => "Forbidden",
        404 => "Not Found",
        405 => "Method Not Allowed",
        408 => "Request Timeout",
        409 => "Conflict",
        411 => "Length Required",
        413 => "Content Too Large",
        415 => "Unsupported Media Type",
        422 => "Unprocessable Content",
        431 => "Request Header Fields Too Large",
        500 => "Internal Server Error",
        503 => "Service Unavailable",
        _ => "",
    }
}
