//! One client connection, on a thread of its own: requests read with
//! deadlines, checked (`access`), answered, and the replies written, as
//! long as the client keeps the connection alive. A slow client holds only
//! its own thread, and only until its deadline.

use super::access::Access;
use super::api::{App, Reply, handle};
use super::error::ApiError;
use super::http::{ReadError, Request, Response, read_request, write_response};
use std::net::TcpStream;

pub fn serve(mut stream: TcpStream, app: &App, access: &Access) {
    // Replies go out at once rather than waiting to fill a packet.
    let _ = stream.set_nodelay(true);
    let _ = stream.set_write_timeout(Some(app.limits.write_deadline));
    let mut buffer = Vec::new();
    let mut first = true;
    loop {
        let request = match read_request(&mut stream, &mut buffer, &app.limits, first) {
            Ok(request) => request,
            Err(ReadError::Closed) => return,
            Err(ReadError::TimedOut) => {
                let message = format!(
                    "the request did not arrive in time ({} s for the headers, {} s for the body)",
                    app.limits.header_deadline.as_secs_f64(),
                    app.limits.body_deadline.as_secs_f64()
                );
                refuse(&mut stream, &ApiError::new(408, message));
                return;
            }
            Err(ReadError::Refused(status, message)) => {
                refuse(&mut stream, &ApiError::new(status, message));
                return;
            }
        };
        first = false;
        let reply = answer(app, access, &request);
        let response = Response {
            status: reply.status,
            content_type: reply.content_type,
            body: &reply.body,
            head_only: request.method == "HEAD",
            keep_alive: request.keep_alive,
        };
        if write_response(&mut stream, &response).is_err() || !request.keep_alive {
            return;
        }
    }
}

/// Checks a request and answers it (a 500 if answering panicked: the
/// server goes on).
fn answer(app: &App, access: &Access, request: &Request) -> Reply {
    if let Err(refused) = access.check(request) {
        return Reply::error(&refused);
    }
    let (method, url) = (&request.method, &request.url);
    std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| handle(app, method, url, &request.body)))
        .unwrap_or_else(|_| Reply::error(&ApiError::new(500, format!("internal error answering {method} {url}"))))
}

/// Answers with an error and closes: used when no request could be read.
fn refuse(stream: &mut TcpStream, error: &ApiError) {
    let reply = Reply::error(error);
    let response = Response {
        status: reply.status,
        content_type: reply.content_type,
        body: &reply.body,
        head_only: false,
        keep_alive: false,
    };
    let _ = write_response(stream, &response);
    // Closing with unread input would reset the connection and could lose
    // the reply: stop writing, then take what still comes for a moment.
    let _ = stream.shutdown(std::net::Shutdown::Write);
    let _ = stream.set_read_timeout(Some(std::time::Duration::from_millis(200)));
    let mut sink = [0u8; 16 << 10];
    let until = std::time::Instant::now() + std::time::Duration::from_secs(1);
    while std::time::Instant::now() < until && matches!(std::io::Read::read(stream, &mut sink), Ok(n) if n > 0) {}
}
