//! What the server sends back: the JSON envelope of the CLI (`{"ok":true,"data":…}` or
//! `{"ok":false,"error":…}`) with the error's words in the asker's language, the HTTP
//! status of each error kind, and the headers every answer carries.

use bytes::Bytes;
use http_body_util::Full;
use hyper::header::{HeaderMap, HeaderValue};
use hyper::{Response, StatusCode};
use serde_json::{Value, json};
use tablekeeper_commands::{CommandError, ErrorView};
use tablekeeper_words::ErrorKind;
use tablekeeper_words::message::Message;
use tablekeeper_words::{self as words, Language};

pub const JSON: &str = "application/json; charset=utf-8";

/// An answer before it is sent.
#[derive(Debug)]
pub struct Answer {
    pub status: u16,
    pub body: Bytes,
    pub content_type: &'static str,
    /// Close the connection after this answer (the request's body was not read).
    pub close: bool,
}

impl Answer {
    pub fn json(status: u16, value: &Value) -> Answer {
        Answer::raw_json(status, value.to_string())
    }

    /// An answer whose JSON is already text.
    pub fn raw_json(status: u16, body: String) -> Answer {
        Answer {
            status,
            body: Bytes::from(body),
            content_type: JSON,
            close: false,
        }
    }

    pub fn ok(data: Value) -> Answer {
        Answer::json(200, &json!({ "ok": true, "data": data }))
    }

    /// A committed change's answer, with the event log's row count after it: a station
    /// waits for its own copy to hold that many rows without asking again (phones ignore it).
    pub fn changed(data: Value, rows: i64) -> Answer {
        Answer::json(200, &json!({ "ok": true, "data": data, "rows": rows }))
    }

    pub fn error(kind: ErrorKind, message: Message, language: Language) -> Answer {
        let view = ErrorView {
            kind,
            message: words::render(&message, language),
            key: message.key,
            params: message.params,
        };
        Answer::json(status_of(kind), &json!({ "ok": false, "error": view }))
    }

    pub fn command_error(error: &CommandError, language: Language) -> Answer {
        Answer::error(error.kind(), error.message(), language)
    }

    /// This answer, and the connection closed after it.
    pub fn closing(mut self) -> Answer {
        self.close = true;
        self
    }

    /// The HTTP response, with the headers every answer carries.
    pub fn into_response(self) -> Response<Full<Bytes>> {
        let mut response = Response::new(Full::new(self.body));
        *response.status_mut() =
            StatusCode::from_u16(self.status).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR);
        let headers = response.headers_mut();
        headers.insert("content-type", HeaderValue::from_static(self.content_type));
        for (name, value) in [
            ("cache-control", "no-store"),
            ("x-content-type-options", "nosniff"),
            ("referrer-policy", "no-referrer"),
            ("x-frame-options", "DENY"),
            (
                "content-security-policy",
                "default-src 'self'; img-src 'self' data:; frame-ancestors 'none'; form-action 'none'",
            ),
        ] {
            headers.insert(name, HeaderValue::from_static(value));
        }
        if self.close {
            headers.insert("connection", HeaderValue::from_static("close"));
        }
        response
    }
}

/// The HTTP status a refusal of `kind` gets.
pub fn status_of(kind: ErrorKind) -> u16 {
    match kind {
        ErrorKind::NotAllowed | ErrorKind::WrongCode => 403,
        ErrorKind::TooManyAttempts => 429,
        ErrorKind::RequestTooLarge => 413,
        ErrorKind::UnknownCommand => 404,
        ErrorKind::NoEvent | ErrorKind::Busy => 503,
        ErrorKind::ResultExists | ErrorKind::FileInUse => 409,
        ErrorKind::ReadOnly | ErrorKind::DiskFull | ErrorKind::Storage | ErrorKind::Io => 503,
        ErrorKind::Internal => 500,
        _ => 400,
    }
}

/// A header's value as text, if it is there and is text.
pub fn header<'h>(headers: &'h HeaderMap, name: &str) -> Option<&'h str> {
    headers.get(name).and_then(|value| value.to_str().ok())
}

/// The asker's language: `X-Language` (the page's chooser), else the best of the phone's
/// `Accept-Language` list that a catalogue holds, else English.
pub fn language_of(headers: &HeaderMap) -> Language {
    header(headers, "x-language")
        .and_then(Language::from_tag)
        .or_else(|| header(headers, "accept-language").map(Language::from_accept_language))
        .unwrap_or(Language::En)
}
