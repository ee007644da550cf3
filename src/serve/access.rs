//! Who may use the server, checked before a request is answered: the Host
//! it was sent to (against DNS rebinding: a page on another site reaching
//! the server by a name of its own), the Origin of a request that changes
//! something (against other sites' pages posting to it), the type of a
//! body (JSON only: a page elsewhere can send `text/plain` without asking
//! the browser's leave), and, when the server is reachable beyond this
//! machine, its token. docs/serve.md ("Threat model") says why each.

use super::error::ApiError;
use super::http::Request;
use std::net::SocketAddr;

/// The header that carries the token.
pub const TOKEN_HEADER: &str = "X-Orrery-Token";

pub struct Access {
    /// The Host values accepted (lower case, with the port); `None`: any,
    /// for a server on every address (whose names are not known), which
    /// then needs its token.
    hosts: Option<Vec<String>>,
    token: Option<String>,
}

impl Access {
    pub fn new(address: SocketAddr, token: Option<String>) -> Access {
        let port = address.port();
        let ip = address.ip();
        let hosts = if ip.is_unspecified() {
            None
        } else {
            let mut hosts = vec![address.to_string()];
            if ip.is_loopback() {
                hosts.extend(["localhost", "127.0.0.1", "[::1]"].map(|name| format!("{name}:{port}")));
            }
            hosts.sort();
            hosts.dedup();
            if port == 80 {
                let bare: Vec<String> =
                    hosts.iter().filter_map(|h| h.strip_suffix(":80").map(str::to_string)).collect();
                hosts.extend(bare);
            }
            Some(hosts)
        };
        Access { hosts, token }
    }

    /// Refuses a request from where the server is not meant to be used.
    pub fn check(&self, request: &Request) -> Result<(), ApiError> {
        let host = request
            .header("host")
            .map(str::to_ascii_lowercase)
            .ok_or_else(|| ApiError::bad("the request has no Host header"))?;
        if let Some(hosts) = &self.hosts
            && !hosts.contains(&host)
        {
            return Err(ApiError::new(
                403,
                format!(
                    "this server answers requests for {}, not for `{host}` (a page elsewhere reaching it by another name)",
                    hosts.join(", ")
                ),
            ));
        }
        if changes_state(&request.method)
            && let Some(origin) = request.header("origin")
            && !origin.eq_ignore_ascii_case(&format!("http://{host}"))
        {
            return Err(ApiError::new(
                403,
                format!(
                    "{} from `{origin}` refused: only the server's own page (http://{host}) may change games",
                    request.method
                ),
            ));
        }
        if let Some(token) = &self.token
            && request.url.starts_with("/api")
            && !request.header(TOKEN_HEADER).is_some_and(|sent| same(sent, token))
        {
            return Err(ApiError::new(
                401,
                format!(
                    "this server is reachable beyond this machine and needs its token: send the header {TOKEN_HEADER} \
                     (the address printed at start carries it, as ?token=...)"
                ),
            ));
        }
        let content_type = request.header("content-type");
        if (!request.body.is_empty() || content_type.is_some()) && changes_state(&request.method) {
            let kind = content_type.unwrap_or("").split(';').next().unwrap_or("").trim().to_ascii_lowercase();
            if !JSON_TYPES.contains(&kind.as_str()) {
                return Err(ApiError::new(
                    415,
                    format!(
                        "send the body as Content-Type: application/json (it was `{}`)",
                        content_type.unwrap_or("none")
                    ),
                ));
            }
        }
        Ok(())
    }
}

/// The body types read: JSON, and a transcript's JSON lines.
const JSON_TYPES: [&str; 3] = ["application/json", "application/x-ndjson", "application/jsonl"];

/// Every method but the ones that only read.
fn changes_state(method: &str) -> bool {
    !matches!(method, "GET" | "HEAD" | "OPTIONS")
}

/// Compares in time independent of where the texts differ.
fn same(sent: &str, token: &str) -> bool {
    sent.len() == token.len() && sent.bytes().zip(token.bytes()).fold(0, |diff, (a, b)| diff | (a ^ b)) == 0
}

/// A new random token: 128 bits from the system's generator, in hex.
pub fn new_token() -> String {
    use rand::RngCore;
    let mut bytes = [0u8; 16];
    rand::rngs::OsRng.fill_bytes(&mut bytes);
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}
