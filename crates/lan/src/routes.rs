//! One request, start to answer, once its headers and body are in: the page and its files,
//! `POST /api/join` (a station's join code for a token, over the encrypted link only),
//! `POST /api/call/<command>` (the command surface, by the access column) and
//! `GET /api/commands` (the surface's list).

use std::net::IpAddr;
use std::sync::MutexGuard;
use std::time::Instant;

use bytes::Bytes;
use hyper::{HeaderMap, Method};
use serde_json::{Value, json};
use sha2::{Digest, Sha256};
use tablekeeper_commands::desk::Desk;
use tablekeeper_commands::desk::replicas::{ReplicaRequest, station_name};
use tablekeeper_commands::desk::surface::{self, Access, CommandSpec, Effect, Hosting};
use tablekeeper_words::Language;
use tablekeeper_words::{ErrorKind, msg};

use crate::answer::{Answer, header, language_of};
use crate::guard;
use crate::limits::BODY_LIMIT;
use crate::pages;
use crate::replay::Kept;
use crate::replication::{ACK_WAIT, CONFIRM_WITHIN, Settled, Waited};
use crate::shared::{Shared, lock};

/// A request as the router sees it: everything read, nothing left to wait for.
#[derive(Debug, Clone)]
pub struct Incoming {
    pub method: Method,
    /// The path without its query.
    pub path: String,
    pub headers: HeaderMap,
    pub body: Bytes,
    pub client: IpAddr,
    /// It came over the encrypted station link.
    pub secure: bool,
}

impl Incoming {
    fn header(&self, name: &str) -> Option<&str> {
        header(&self.headers, name)
    }
}

/// Answers `request`. Never panics on what a client sends.
pub(crate) fn route(shared: &Shared, request: &Incoming) -> Answer {
    let language = language_of(&request.headers);
    let host = request.header("host");
    if !guard::host_is_address(host) || !guard::same_origin(request.header("origin"), host) {
        return Answer::error(
            ErrorKind::NotAllowed,
            msg!(
                "error.not-allowed.other-origin",
                "requests from another site's page are refused; open this event's own page"
            ),
            language,
        );
    }
    let path = request.path.as_str();
    match (&request.method, path) {
        (&Method::GET | &Method::HEAD, _) if let Some((content_type, body)) = pages::file(path) => {
            Answer {
                status: 200,
                body: Bytes::from_static(body.as_bytes()),
                content_type,
                close: false,
            }
        }
        (&Method::GET, "/api/commands") => Answer::ok(commands_list()),
        (&Method::POST, "/api/join") => match body(request, language) {
            Ok(body) => join(shared, request, &body, language),
            Err(answer) => answer,
        },
        (&Method::POST, _) if let Some(name) = path.strip_prefix("/api/call/") => {
            match body(request, language) {
                Ok(body) => call(shared, request, name, body, language),
                Err(answer) => answer,
            }
        }
        _ => Answer::error(
            ErrorKind::UnknownCommand,
            msg!(
                "error.unknown-command.path",
                "there is nothing at {method} {path}",
                method = request.method.to_string(),
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

/// The request's JSON body (`null` when empty). Its size was limited while it was read.
fn body(request: &Incoming, language: Language) -> Result<Value, Answer> {
    let is_json = request.header("content-type").is_some_and(|t| {
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
    if request.body.len() > BODY_LIMIT {
        return Err(too_large(language));
    }
    if request.body.iter().all(u8::is_ascii_whitespace) {
        return Ok(Value::Null);
    }
    serde_json::from_slice(&request.body).map_err(|e| {
        Answer::error(
            ErrorKind::InvalidRequest,
            msg!(
                "error.invalid-request.body",
                "the request is not valid JSON: {detail}",
                detail = e.to_string()
            ),
            language,
        )
    })
}

/// The refusal of a body over [`BODY_LIMIT`].
pub fn too_large(language: Language) -> Answer {
    Answer::error(
        ErrorKind::RequestTooLarge,
        msg!(
            "error.request-too-large",
            "the request is larger than {limit} KB; send fewer results at once",
            limit = (BODY_LIMIT / 1024).to_string()
        ),
        language,
    )
}

/// The refusal for a client that has used up its attempts, if it has.
fn attempts_left(shared: &Shared, client: IpAddr, language: Language) -> Result<(), Answer> {
    match lock(&shared.limiter).wait_why(client, Instant::now()) {
        None => Ok(()),
        Some((seconds, false)) => Err(Answer::error(
            ErrorKind::TooManyAttempts,
            msg!(
                "error.too-many-attempts",
                "too many wrong codes from this device; try again in {seconds} seconds",
                seconds = seconds.to_string()
            ),
            language,
        )),
        Some((seconds, true)) => Err(Answer::error(
            ErrorKind::TooManyAttempts,
            msg!(
                "error.too-many-attempts.everyone",
                "too many wrong codes on the shop's network; check your code and try again in {seconds} seconds",
                seconds = seconds.to_string()
            ),
            language,
        )),
    }
}

/// What a station gets for asking over plain HTTP: stations join and work over the
/// encrypted link only, so a token never crosses the shop's network in clear.
fn station_in_clear(language: Language) -> Answer {
    Answer::error(
        ErrorKind::NotAllowed,
        msg!(
            "error.not-allowed.station-in-clear",
            "a scorekeeper station connects over the encrypted link; join again with the join code shown on the main laptop"
        ),
        language,
    )
}

/// A station's join code for a station token.
fn join(shared: &Shared, request: &Incoming, body: &Value, language: Language) -> Answer {
    if !request.secure {
        return station_in_clear(language);
    }
    if let Err(answer) = attempts_left(shared, request.client, language) {
        return answer;
    }
    let typed = crate::join_code::plain(body.get("code").and_then(Value::as_str).unwrap_or(""));
    if !guard::same_secret(&typed, &shared.join_secret) {
        lock(&shared.limiter).failed(request.client, Instant::now());
        return Answer::error(
            ErrorKind::NotAllowed,
            msg!(
                "error.not-allowed.join-code",
                "that join code is not right; read it again from the main laptop's Share screen"
            ),
            language,
        );
    }
    Answer::ok(json!({ "token": shared.issue_token() }))
}

/// `POST /api/call/<name>`: runs a command of the surface if this client may, on the event
/// the request is for, once.
fn call(
    shared: &Shared,
    request: &Incoming,
    name: &str,
    body: Value,
    language: Language,
) -> Answer {
    let Some(spec) = surface::spec(name) else {
        return unknown_command(name, language);
    };
    let token = match admitted(shared, request, spec, language) {
        Ok(token) => token,
        Err(answer) => return answer,
    };
    // A station's change sent again is answered from memory: keys are compared whole, as a
    // digest of the whole key, never a cut of it.
    let replay_key = token
        .filter(|_| spec.access == Access::Write)
        .and_then(|token| {
            let key = request.header("idempotency-key")?;
            Some((
                token,
                crate::replay::Key::from(Sha256::digest(key.as_bytes())),
            ))
        });
    if spec.hosted(Hosting::Replica)
        && let Ok(ask) = serde_json::from_value::<ReplicaRequest>(body.clone())
    {
        // Its acknowledgement, heard before the desk's lock (which a change may hold).
        shared
            .replication
            .acknowledged(&station_name(&ask.station), &ask.held);
    }
    let mut desk = lock(&shared.desk);
    let Some(target) = target_event(shared, &mut desk, request, spec, &body) else {
        return not_shared(language);
    };
    if spec.hosted(Hosting::Poll) {
        return poll(desk, &target, language);
    }
    let mut held = false;
    if spec.hosted(Hosting::Replica) {
        match hold_replica_ask(shared, desk, request.client, &target, &body) {
            Held::Answered(answer) => return answer,
            Held::Go(again, waited) => (desk, held) = (again, waited),
        }
    }
    if let Some((token, key)) = &replay_key {
        let kept = lock(&shared.answers).get(token, key).cloned();
        match kept {
            Some(Kept::Final((status, body))) => return Answer::raw_json(status, body),
            Some(Kept::Pending) => {
                drop(desk);
                return kept_answer(shared, token, key, language);
            }
            None => {}
        }
    }
    if spec.hosted(Hosting::Entry)
        && let Err(answer) = entries_left(shared, request.client, language)
    {
        return answer;
    }
    let Some(mut serving) = desk.serving(&target) else {
        return not_shared(language);
    };
    let mut result = surface::dispatch(&mut serving, name, body);
    if spec.hosted(Hosting::Replica) {
        if let Ok(chunk) = result.as_mut() {
            chunk["waited"] = Value::Bool(held);
        }
        let unanswered = !serving.replicas_unanswered().is_empty();
        shared
            .replication
            .heard(serving.replicas_in_step(), unanswered);
    }
    // A change is said saved once the stations in step hold it too.
    let changed = (spec.effect == Effect::Event && result.is_ok())
        .then(|| serving.session().map(|s| s.log_rows()).ok())
        .flatten();
    drop(serving);
    count_against(shared, request, spec, &result);
    let answer = match result {
        Ok(data) => match changed {
            Some(rows) => Answer::changed(data, rows),
            None => Answer::ok(data),
        },
        Err(error) => Answer::command_error(&error, language),
    };
    let keep = |answer: &Answer| {
        if let Some((token, key)) = &replay_key {
            let text = String::from_utf8_lossy(&answer.body).into_owned();
            lock(&shared.answers).put(token, *key, Kept::Final((answer.status, text)));
        }
    };
    // Kept under the desk's lock, so the same request sent again waits and is answered from
    // memory: a change's answer as pending until the stations settle it.
    match (&replay_key, changed) {
        (Some((token, key)), Some(_)) => lock(&shared.answers).put(token, *key, Kept::Pending),
        _ => keep(&answer),
    }
    drop(desk);
    let Some(rows) = changed else {
        return answer;
    };
    shared.replication.committed(&target, rows);
    let answer = match shared.replication.settle(&shared.desk, &target, rows) {
        Settled::Saved => answer,
        // Taken over while this laptop could not answer: not saved where the day goes on.
        Settled::Moved(to) => Answer::command_error(&not_saved_here(&to), language),
        // A station keeping the copy does not answer: kept here, not said saved.
        Settled::Unconfirmed(stations) => {
            Answer::command_error(&not_confirmed(&stations), language)
        }
    };
    keep(&answer);
    answer
}

/// The answer to a request sent again while its first sending still waits for the
/// stations: the final one once it is known (at most the wait for the stations and the
/// check after it), else `busy`, and the station sends it again later.
fn kept_answer(
    shared: &Shared,
    token: &str,
    key: &crate::replay::Key,
    language: Language,
) -> Answer {
    let deadline = Instant::now() + ACK_WAIT + CONFIRM_WITHIN + std::time::Duration::from_secs(1);
    while Instant::now() < deadline {
        if let Some(Kept::Final((status, body))) = lock(&shared.answers).get(token, key).cloned() {
            return Answer::raw_json(status, body);
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    Answer::error(
        ErrorKind::Busy,
        msg!(
            "error.busy.change-settling",
            "this change is still waiting for the stations; send it again in a moment"
        ),
        language,
    )
}

/// A change made here after a station took the event over (found out only once it was
/// made): refused as moved, saying it is not in the event where the day goes on.
pub fn not_saved_here(to: &str) -> tablekeeper_commands::CommandError {
    tablekeeper_commands::CommandError::input(
        ErrorKind::EventMoved,
        msg!(
            "error.event-moved.not-saved",
            "the laptop at {to} took the event over while this laptop could not answer: this change is not in the event there; enter it again at {to}",
            to = to.to_string()
        ),
    )
}

/// The answer to a change kept in the event file here while a station keeping the copy
/// does not answer where the event is (it may have taken the event over, cut off from this
/// laptop): not said saved, and what to do.
pub fn not_confirmed(stations: &[String]) -> tablekeeper_commands::CommandError {
    tablekeeper_commands::CommandError::input(
        ErrorKind::Unconfirmed,
        msg!(
            "error.unconfirmed.station-silent",
            "this change is kept on this laptop but not confirmed saved: the station {stations} keeping the copy of the event does not answer, and may have taken the event over; check it — if it took over, enter the change there; if it is switched off, let it go on Share",
            stations = stations.join(", ")
        ),
    )
}

/// Counts what a device's call costs it: a wrong code against its guesses, a new entry
/// against its few a minute.
fn count_against(
    shared: &Shared,
    request: &Incoming,
    spec: &CommandSpec,
    result: &Result<Value, tablekeeper_commands::CommandError>,
) {
    match result {
        Err(error) if error.kind() == ErrorKind::WrongCode => {
            lock(&shared.limiter).failed(request.client, Instant::now());
        }
        Ok(_) if spec.hosted(Hosting::Entry) => {
            lock(&shared.entries).failed(request.client, Instant::now())
        }
        _ => {}
    }
}

/// The refusal of a command the surface does not have (its name cut, as a client sent it).
fn unknown_command(name: &str, language: Language) -> Answer {
    Answer::error(
        ErrorKind::UnknownCommand,
        msg!(
            "error.unknown-command",
            "there is no command '{name}'",
            name = name.chars().take(100).collect::<String>()
        ),
        language,
    )
}

/// One device enters a family or serves as the door's tablet, not a flood (the event keeps
/// at most 4,096 entries in any case): the refusal for one that entered too often lately.
fn entries_left(shared: &Shared, client: IpAddr, language: Language) -> Result<(), Answer> {
    match lock(&shared.entries).wait(client, Instant::now()) {
        None => Ok(()),
        Some(seconds) => Err(Answer::error(
            ErrorKind::TooManyAttempts,
            msg!(
                "error.too-many-attempts.entries",
                "too many entries from this device; try again in {seconds} seconds",
                seconds = seconds.to_string()
            ),
            language,
        )),
    }
}

/// Whether this client may call a command of `spec`'s access, and the station token it
/// came with (`None` for a phone's call).
fn admitted(
    shared: &Shared,
    request: &Incoming,
    spec: &CommandSpec,
    language: Language,
) -> Result<Option<String>, Answer> {
    match spec.access {
        // Public commands other than the poll take codes: a device that guessed too often
        // waits.
        Access::Public if spec.hosted(Hosting::Poll) => Ok(None),
        Access::Public => attempts_left(shared, request.client, language).map(|()| None),
        Access::Local => Err(Answer::error(
            ErrorKind::NotAllowed,
            msg!(
                "error.not-allowed.local",
                "'{name}' can only be done on the main laptop",
                name = spec.name.to_string()
            ),
            language,
        )),
        Access::Read | Access::Write => station_token(shared, request, language).map(Some),
    }
}

/// The event a call is for: the one the page chose (`x-event`, its code among the events
/// open on the main laptop), else the shared one; a phone's step with a code goes to the
/// open event that handed the code out when the chosen one did not (the desk's index of
/// codes). The phones' poll with the shared event closed still shows the event being
/// worked on; a station's call does not move.
fn target_event(
    shared: &Shared,
    desk: &mut Desk,
    request: &Incoming,
    spec: &CommandSpec,
    body: &Value,
) -> Option<std::path::PathBuf> {
    let header = request
        .header("x-event")
        .map(str::trim)
        .filter(|c| !c.is_empty());
    let chosen = match header {
        Some(event) => Some(
            (event.len() <= 16)
                .then(|| desk.open_event_by_code(event))
                .flatten()?,
        ),
        None => shared.shared_event(desk),
    };
    if spec.access != Access::Public {
        return chosen;
    }
    if spec.hosted(Hosting::Poll) {
        return chosen.or_else(|| desk.session().ok().map(|s| s.path().to_path_buf()));
    }
    match body.get("code").and_then(Value::as_str) {
        Some(code) => desk.event_for_code(chosen.as_deref(), code),
        None => chosen,
    }
}

/// The refusal of a call for an event that is no longer shared.
fn not_shared(language: Language) -> Answer {
    Answer::error(
        ErrorKind::NoEvent,
        msg!(
            "error.no-event.not-shared",
            "this event is not shared any more; ask the organizer"
        ),
        language,
    )
}

/// The phones' poll, many a second: the event part is cached as JSON by the desk and
/// shared; it is put together outside the lock (the same object `room` gives).
fn poll(mut desk: MutexGuard<'_, Desk>, target: &std::path::Path, language: Language) -> Answer {
    let snapshot = desk
        .serving(target)
        .map(|mut serving| serving.room_snapshot());
    drop(desk);
    match snapshot {
        None => not_shared(language),
        Some(Ok(snapshot)) => Answer::raw_json(
            200,
            format!("{{\"ok\":true,\"data\":{}}}", snapshot.to_json()),
        ),
        Some(Err(error)) => Answer::command_error(&error, language),
    }
}

/// A station's replica ask after [`hold_replica_ask`]: answered while it waited, or to be
/// run now (with the desk's lock again, and whether it waited).
enum Held<'a> {
    Answered(Answer),
    Go(MutexGuard<'a, Desk>, bool),
}

/// A station's ask says what its copy holds (its acknowledgement, heard at once); an
/// up-to-date one then waits for the next change, outside the desk's lock, and is answered
/// with that change's rows as soon as they are committed.
fn hold_replica_ask<'a>(
    shared: &'a Shared,
    mut desk: MutexGuard<'a, Desk>,
    client: IpAddr,
    target: &std::path::Path,
    body: &Value,
) -> Held<'a> {
    let seen = shared.replication.commits();
    let heard = desk.serving(target).map(|mut desk| {
        let address = std::net::SocketAddr::new(client.to_canonical(), station_port(shared, body))
            .to_string();
        desk.note_host(&address);
        let waiting = desk.replica_heard(body, &address);
        let unanswered = !desk.replicas_unanswered().is_empty();
        (waiting, desk.replicas_in_step(), unanswered)
    });
    let Some((waiting, in_step, unanswered)) = heard else {
        return Held::Go(desk, false);
    };
    shared.replication.heard(in_step, unanswered);
    let Some(waiting) = waiting else {
        return Held::Go(desk, false);
    };
    drop(desk);
    match shared.replication.hold(seen, target, &waiting) {
        Waited::Rows(rows) => Held::Answered(Answer::ok(json!(waiting.answered(rows)))),
        Waited::Nothing => Held::Answered(Answer::ok(json!(waiting.chunk))),
        Waited::Changed => Held::Go(lock(&shared.desk), true),
    }
}

/// The port a station asking for its replica says it would share the event on after a
/// takeover (the main laptop's own when it says none).
fn station_port(shared: &Shared, body: &Value) -> u16 {
    body.get("port")
        .and_then(Value::as_u64)
        .and_then(|p| u16::try_from(p).ok())
        .filter(|p| *p > 0)
        .unwrap_or(shared.port)
}

/// The station token a `read`/`write` request carries, or the refusal: no token, a wrong
/// one, too many wrong ones, or one sent in clear (which is then revoked: anyone on the
/// network may have read it).
fn station_token(
    shared: &Shared,
    request: &Incoming,
    language: Language,
) -> Result<String, Answer> {
    attempts_left(shared, request.client, language)?;
    let typed = request
        .header("authorization")
        .and_then(|value| value.strip_prefix("Bearer "))
        .map(str::trim);
    let token = typed.and_then(|typed| shared.token(typed));
    if !request.secure {
        if let Some(token) = &token {
            shared.revoke_token(token);
        }
        return Err(station_in_clear(language));
    }
    token.ok_or_else(|| {
        if request.header("authorization").is_some() {
            lock(&shared.limiter).failed(request.client, Instant::now());
        }
        Answer::error(
            ErrorKind::NotAllowed,
            msg!(
                "error.not-allowed.station",
                "only a joined scorekeeper station can do that; join with the code on the main laptop"
            ),
            language,
        )
    })
}
