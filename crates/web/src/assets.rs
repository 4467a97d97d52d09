//! The page and its assets, embedded in the binary: plain HTML, CSS and
//! ES modules, no build step.

use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};

use crate::ApiError;

/// `(name, content type, bytes)` of every file served.
const FILES: &[(&str, &str, &[u8])] = &[
    ("index.html", "text/html; charset=utf-8", include_bytes!("../assets/index.html")),
    ("style.css", "text/css; charset=utf-8", include_bytes!("../assets/style.css")),
    ("app.js", "text/javascript; charset=utf-8", include_bytes!("../assets/app.js")),
    ("board.js", "text/javascript; charset=utf-8", include_bytes!("../assets/board.js")),
    ("favicon.svg", "image/svg+xml", include_bytes!("../assets/favicon.svg")),
];

/// The file called `name`, or a 404.
pub fn page(name: &str) -> Response {
    match FILES.iter().find(|(n, _, _)| *n == name) {
        Some((_, kind, bytes)) => (
            StatusCode::OK,
            [
                (header::CONTENT_TYPE, *kind),
                (header::CACHE_CONTROL, "no-cache"),
                (
                    header::CONTENT_SECURITY_POLICY,
                    "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; frame-ancestors 'none'",
                ),
            ],
            *bytes,
        )
            .into_response(),
        None => ApiError::not_found(format!("no asset '{name}'")).into_response(),
    }
}
