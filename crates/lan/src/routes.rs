//! One request, start to answer: the page and its files, `POST /api/join` (a station's join
//! code for a token), `POST /api/call/<command>` (the command surface, by the access
//! column) and `GET /api/commands` (the surface's list). Every answer is JSON in the CLI's
//! envelope (`{"ok":true,"data":…}` or `{"ok":false,"error":…}`), with the error's words in
//! the asker's language (`X-Language` or `Accept-Language`).

use std::io::Read;
use std::net::IpAddr;
use std::time::Instant;

use serde_json::{Value, json};
use tablekeeper_commands::desk::surface::{self, Access};
use tablekeeper_commands::words::{self, Language};
use tablekeeper_commands::{CommandError, ErrorView};
use tablekeeper_engine::message::Message;
use tablekeeper_engine::{ErrorKind, msg};
use tiny_http::{Header, Method, Request, Response};

use crate::guard::{self, BODY_LIMIT};
use crate::pages;
use crate::server::{Shared, lock};

const JSON: &str = "application/json; charset=utf-8";

/// An answer before it is sent.
struct Answer {
    status: u16,
    body: String,
    content_type: &'static str,
}

impl Answer {
    fn json(status: u16, value: &Value) -> Answer {
        Answer {
            status,
            body: value.to_string(),
            content_type: JSON,
        }
    }

    fn ok(data: Value) -> Answer {
        Answer::json(200, &json!({ "ok": true, "data": data }))
    }

    fn error(kind: ErrorKind, message: Message, language: Language) -> Answer {
        let view = ErrorView {
            kind,
            message: words::render(&message, language),
            key: message.key,
            params: message.params,
        };
        Answer::json(status_of(kind), &json!({ "ok": false, "error": view }))
    }

    fn command_error(error: &CommandError, language: Language) -> Answer {
        Answer::error(error.kind(), error.message(), language)
    }
}

/// The HTTP status a refusal of `kind` gets.
fn status_of(kind: ErrorKind) -> u16 {
    match kind {
        ErrorKind::NotAllowed | ErrorKind::WrongCode => 403,
        ErrorKind::TooManyAttempts => 429,
        ErrorKind::RequestTooLarge => 413,
        ErrorKind::UnknownCommand => 404,
        ErrorKind::NoEvent => 503,
        ErrorKind::ResultExists | ErrorKind::FileInUse => 409,
        ErrorKind::ReadOnly | ErrorKind::DiskFull | ErrorKind::Storage | ErrorKind::Io => 503,
        ErrorKind::Internal => 500,
        _ => 400,
    }
}

fn header<'r>(request: &'r Request, name: &str) -> Option<&'r str> {
    request
        .headers()
        .iter()
        .find(|h| h.field.as_str().as_str().eq_ignore_ascii_case(name))
        .map(|h| h.value.as_str())
}

fn language_of(request: &Request) -> Language {
    header(request, "X-Language")
        .or_else(|| header(request, "Accept-Language"))
        .map_or(Language::En, Language::from_locale)
}

/// Answers `request`. Never panics on what a client sends; a client that hangs up early is
/// not an error of ours.
pub(crate) fn handle(shared: &Shared, mut request: Request) {
    let answer = route(shared, &mut request);
    let mut response = Response::from_string(answer.body).with_status_code(answer.status);
    for (name, value) in [
        ("Content-Type", answer.content_type),
        ("Cache-Control", "no-store"),
        ("X-Content-Type-Options", "nosniff"),
        ("Referrer-Policy", "no-referrer"),
        ("X-Frame-Options", "DENY"),
        (
            "Content-Security-Policy",
            "default-src 'self'; img-src 'self' data:; frame-ancestors 'none'; form-action 'none'",
        ),
    ] {
        if let Ok(header) = Header::from_bytes(name.as_bytes(), value.as_bytes()) {
            response.add_header(header);
        }
    }
    let _ = request.respond(response);
}

fn route(shared: &Shared, request: &mut Request) -> Answer {
    let language = language_of(request);
    let host = header(request, "Host");
    if !guard::host_is_address(host) || !guard::same_origin(header(request, "Origin"), host) {
        return Answer::error(
            ErrorKind::NotAllowed,
            msg!(
                "error.not-allowed.other-origin",
                "requests from another site's page are refused; open this event's own page"
            ),
            language,
        );
    }
    let path = request.url().split('?').next().unwrap_or("").to_string();
    let method = request.method().clone();
    match (&method, path.as_str()) {
        (Method::Get | Method::Head, _) if let Some((content_type, body)) = pages::file(&path) => {
            Answer {
                status: 200,
                body: body.to_string(),
                content_type,
            }
        }
        (Method::Get, "/api/commands") => Answer::ok(commands_list()),
        (Method::Post, "/api/join") => match body(request, language) {
            Ok(body) => join(shared, request, &body, language),
            Err(answer) => answer,
        },
        (Method::Post, _) if path.starts_with("/api/call/") => {
            let name = path.trim_start_matches("/api/call/").to_string();
            match body(request, language) {
                Ok(body) => call(shared, request, &name, body, language),
                Err(answer) => answer,
            }
        }
        _ => Answer::error(
            ErrorKind::UnknownCommand,
            msg!(
                "error.unknown-command.path",
                "there is nothing at {method} {path}",
                method = method.to_string(),
                path = path.chars().take(200).collect::<String>()
            ),
            language,
        ),
    }
}

/// The surface's commands a client of this server may call, with their access.
fn commands_list() -> Value {
    Value::Array(
        surface::COMMANDS
            .iter()
            .filter(|c| c.access != Access::Local)
            .map(|c| json!({ "name": c.name, "request": c.request, "response": c.response, "access": c.access }))
            .collect(),
    )
}

/// The request's JSON body (`null` when empty): JSON only, at most [`BODY_LIMIT`] bytes.
fn body(request: &mut Request, language: Language) -> Result<Value, Answer> {
    let is_json = header(request, "Content-Type").is_some_and(|t| {
        t.trim()
            .to_ascii_lowercase()
            .starts_with("application/json")
    });
    if !is_json {
        return Err(Answer::error(
            ErrorKind::InvalidRequest,
            msg!(
                "error.invalid-request.not-json",
                "send the request as JSON (Content-Type: application/json)"
            ),
            language,
        ));
    }
    let too_large = || {
        Answer::error(
            ErrorKind::RequestTooLarge,
            msg!(
                "error.request-too-large",
                "the request is larger than {limit} KB; send fewer results at once",
                limit = (BODY_LIMIT / 1024).to_string()
            ),
            language,
        )
    };
    if request
        .body_length()
        .is_some_and(|length| length > BODY_LIMIT)
    {
        return Err(too_large());
    }
    let mut bytes = Vec::new();
    let read = request
        .as_reader()
        .take(BODY_LIMIT as u64 + 1)
        .read_to_end(&mut bytes);
    if bytes.len() > BODY_LIMIT {
        return Err(too_large());
    }
    let invalid = |detail: String| {
        Answer::error(
            ErrorKind::InvalidRequest,
            msg!(
                "error.invalid-request.body",
                "the request is not valid JSON: {detail}",
                detail = detail
            ),
            language,
        )
    };
    read.map_err(|e| invalid(e.to_string()))?;
    if bytes.iter().all(u8::is_ascii_whitespace) {
        return Ok(Value::Null);
    }
    serde_json::from_slice(&bytes).map_err(|e| invalid(e.to_string()))
}

fn client_of(request: &Request) -> IpAddr {
    request
        .remote_addr()
        .map_or(IpAddr::from([0, 0, 0, 0]), |address| address.ip())
}

/// The refusal for a client that has used up its attempts, if it has.
fn attempts_left(shared: &Shared, client: IpAddr, language: Language) -> Result<(), Answer> {
    match lock(&shared.limiter).wait(client, Instant::now()) {
        None => Ok(()),
        Some(seconds) => Err(Answer::error(
            ErrorKind::TooManyAttempts,
            msg!(
                "error.too-many-attempts",
                "too many wrong codes from this device; try again in {seconds} seconds",
                seconds = seconds.to_string()
            ),
            language,
        )),
    }
}

/// A station's join code for a station token.
fn join(shared: &Shared, request: &Request, body: &Value, language: Language) -> Answer {
    let client = client_of(request);
    if let Err(answer) = attempts_left(shared, client, language) {
        return answer;
    }
    let typed = guard::normalize_join_code(body.get("code").and_then(Value::as_str).unwrap_or(""));
    if !guard::same_secret(&typed, &shared.join_code) {
        lock(&shared.limiter).failed(client, Instant::now());
        return Answer::error(
            ErrorKind::NotAllowed,
            msg!(
                "error.not-allowed.join-code",
                "that join code is not right; read it again from the main laptop's Share screen"
            ),
            language,
        );
    }
    let token = guard::random_token();
    lock(&shared.tokens).push(token.clone());
    Answer::ok(json!({ "token": token }))
}

/// Whether `request` carries a station token this server gave out.
fn station_token(shared: &Shared, request: &Request) -> Option<String> {
    let typed = header(request, "Authorization")?
        .strip_prefix("Bearer ")?
        .trim();
    let tokens = lock(&shared.tokens);
    // Compare against every token, so the time taken says nothing about which matched.
    let mut found = None;
    for token in tokens.iter() {
        if guard::same_secret(typed, token) {
            found = Some(token.clone());
        }
    }
    found
}

/// `POST /api/call/<name>`: runs a command of the surface if this client may.
fn call(shared: &Shared, request: &Request, name: &str, body: Value, language: Language) -> Answer {
    let Some(spec) = surface::spec(name) else {
        return Answer::error(
            ErrorKind::UnknownCommand,
            msg!(
                "error.unknown-command",
                "there is no command '{name}'",
                name = name.to_string()
            ),
            language,
        );
    };
    let client = client_of(request);
    let public = spec.access == Access::Public;
    if public
        && name == "report_result"
        && let Err(answer) = attempts_left(shared, client, language)
    {
        return answer;
    }
    let token = match spec.access {
        Access::Public => None,
        Access::Local => {
            return Answer::error(
                ErrorKind::NotAllowed,
                msg!(
                    "error.not-allowed.local",
                    "'{name}' can only be done on the main laptop",
                    name = name.to_string()
                ),
                language,
            );
        }
        Access::Read | Access::Write => {
            if let Err(answer) = attempts_left(shared, client, language) {
                return answer;
            }
            match station_token(shared, request) {
                Some(token) => Some(token),
                None => {
                    if header(request, "Authorization").is_some() {
                        lock(&shared.limiter).failed(client, Instant::now());
                    }
                    return Answer::error(
                        ErrorKind::NotAllowed,
                        msg!(
                            "error.not-allowed.station",
                            "only a joined scorekeeper station can do that; join with the code on the main laptop"
                        ),
                        language,
                    );
                }
            }
        }
    };
    let replay_key = match (&token, spec.access) {
        (Some(token), Access::Write) => header(request, "Idempotency-Key")
            .map(|key| (token.clone(), key.chars().take(128).collect::<String>())),
        _ => None,
    };
    let mut desk = lock(&shared.desk);
    let shared_event = desk
        .session()
        .is_ok_and(|session| session.path() == shared.event_path);
    if !shared_event {
        return Answer::error(
            ErrorKind::NoEvent,
            msg!(
                "error.no-event.not-shared",
                "this event is not shared any more; ask the organizer"
            ),
            language,
        );
    }
    if name == "room" {
        // The phones' poll, many a second: the event part is cached as JSON by the desk and
        // shared; it is put together outside the lock (the same object `room` gives).
        let snapshot = desk.room_snapshot();
        drop(desk);
        return match snapshot {
            Ok(snapshot) => Answer {
                status: 200,
                body: format!("{{\"ok\":true,\"data\":{}}}", snapshot.to_json()),
                content_type: JSON,
            },
            Err(error) => Answer::command_error(&error, language),
        };
    }
    if let Some((token, key)) = &replay_key
        && let Some((status, body)) = lock(&shared.answers).get(token, key)
    {
        return Answer {
            status: *status,
            body: body.clone(),
            content_type: JSON,
        };
    }
    let result = surface::dispatch(&mut desk, name, body);
    if let Err(error) = &result
        && error.kind() == ErrorKind::WrongCode
    {
        lock(&shared.limiter).failed(client, Instant::now());
    }
    let answer = |result: Result<Value, CommandError>| match result {
        Ok(data) => Answer::ok(data),
        Err(error) => Answer::command_error(&error, language),
    };
    match &replay_key {
        // Kept under the desk's lock, so the same request sent again waits and is answered
        // from memory.
        Some((token, key)) => {
            let answer = answer(result);
            lock(&shared.answers).put(token, key, (answer.status, answer.body.clone()));
            answer
        }
        None => {
            drop(desk);
            answer(result)
        }
    }
}
