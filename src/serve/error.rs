//! A refused request: an HTTP status (4xx for the client's mistakes) and
//! a message, sent as `{"error": MESSAGE, ...details}`.

use serde_json::{Value, json};

#[derive(Debug)]
pub struct ApiError {
    pub status: u16,
    pub message: String,
    /// More fields for the reply (the legal moves, the diagnostics).
    pub details: Value,
}

impl ApiError {
    pub fn new(status: u16, message: String) -> ApiError {
        ApiError { status, message, details: Value::Null }
    }

    pub fn with_details(status: u16, message: String, details: Value) -> ApiError {
        ApiError { status, message, details }
    }

    /// 400: the request itself is malformed.
    pub fn bad(message: impl Into<String>) -> ApiError {
        ApiError::new(400, message.into())
    }

    pub fn not_found(message: impl Into<String>) -> ApiError {
        ApiError::new(404, message.into())
    }

    pub fn to_json(&self) -> Value {
        let mut reply = json!({ "error": self.message, "status": self.status });
        if let Value::Object(details) = &self.details {
            for (key, value) in details {
                reply[key] = value.clone();
            }
        }
        reply
    }
}
