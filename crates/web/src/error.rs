//! Errors as the API answers them: a 4xx status and one line of JSON,
//! `{"error": "..."}`.

use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};

/// A request the server refuses, with the reason.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ApiError {
    /// The HTTP status.
    pub status: StatusCode,
    /// One line saying what was wrong.
    pub message: String,
}

impl ApiError {
    /// A status and a message.
    pub fn new(status: StatusCode, message: impl Into<String>) -> ApiError {
        let message: String = message.into();
        // One line, whatever the error text was.
        let message = message.split_whitespace().collect::<Vec<_>>().join(" ");
        ApiError { status, message }
    }

    /// 400: the request is malformed or names something impossible.
    pub fn bad_request(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::BAD_REQUEST, message)
    }

    /// 404: no such session, command or page.
    pub fn not_found(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::NOT_FOUND, message)
    }

    /// 409: not possible in the game's present state.
    pub fn conflict(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::CONFLICT, message)
    }

    /// 413: too large.
    pub fn too_large(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::PAYLOAD_TOO_LARGE, message)
    }

    /// The body: `{"error":"..."}` and a newline.
    pub fn body(&self) -> String {
        let mut body = serde_json::json!({ "error": self.message }).to_string();
        body.push('\n');
        body
    }
}

impl core::fmt::Display for ApiError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "{} {}", self.status.as_u16(), self.message)
    }
}

impl std::error::Error for ApiError {}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let body = self.body();
        (self.status, [(axum::http::header::CONTENT_TYPE, "application/json")], body).into_response()
    }
}
