//! A second scorekeeper station's side of the link: joins the main laptop's server with the
//! join code, then sends commands of the surface to it (`POST /api/call/<name>` with the
//! station's token). The main laptop stays the only writer; an answer means it committed.
//!
//! The link is TLS to the one certificate whose fingerprint the join code carries: the
//! token, the results and the answers never cross the shop's network in clear, and a
//! device pretending to be the main laptop is refused before anything is sent.
//!
//! Every request carries an `Idempotency-Key`; while the connection is down the same request
//! is sent again with the same key for a few seconds, so an entry whose answer was lost is
//! recorded once. After that the station says the connection is lost (`connection-lost`)
//! and nothing is claimed as saved.

use std::time::Duration;

use std::sync::Mutex;

use serde_json::{Value, json};
use tablekeeper_commands::desk::surface::Hosting;
use tablekeeper_commands::desk::{Desk, surface};
use tablekeeper_commands::{CommandError, ErrorView};
use tablekeeper_words::{ErrorKind, msg};

/// How long one request may take, and the pauses between tries while the link is down. The
/// first try again is at once: the main laptop closes a kept connection after 10 idle
/// seconds, and a request that found it closed goes through on a new one.
const TIMEOUT: Duration = Duration::from_secs(5);
const RETRY_PAUSES_MS: [u64; 5] = [0, 250, 500, 1000, 2000];

/// A joined station.
#[derive(Debug, Clone)]
pub struct Station {
    base: String,
    token: String,
    agent: ureq::Agent,
}

fn lost(address: &str, detail: &str) -> ErrorView {
    if detail.contains(crate::tls::NOT_PINNED) {
        let message = msg!(
            "error.not-allowed.wrong-certificate",
            "the laptop at {address} is not the main laptop whose join code you typed (its certificate differs); nothing was sent. Read the address and the join code again from the main laptop's Share screen",
            address = address.to_string()
        );
        return CommandError::input(ErrorKind::NotAllowed, message).to_view();
    }
    let message = msg!(
        "error.connection-lost",
        "the main laptop at {address} does not answer ({detail}); nothing was saved by this request. Check the Wi-Fi and that sharing is on, then try again",
        address = address.to_string(),
        detail = detail.to_string()
    );
    CommandError::input(ErrorKind::ConnectionLost, message).to_view()
}

/// `192.168.1.5:8080`, `http://192.168.1.5:8080/` or a pasted page address → the server's
/// base on the encrypted link (the same port: the server tells TLS by its first byte).
fn base_of(address: &str) -> String {
    let trimmed = address.trim().trim_end_matches('/');
    let host = trimmed
        .strip_prefix("http://")
        .or_else(|| trimmed.strip_prefix("https://"))
        .unwrap_or(trimmed);
    format!("https://{host}")
}

/// An answer of the main laptop that could not be read.
pub(crate) fn unreadable(address: &str, detail: &str) -> ErrorView {
    lost(address, detail)
}

fn malformed_code() -> ErrorView {
    CommandError::input(
        ErrorKind::NotAllowed,
        msg!(
            "error.not-allowed.join-code-form",
            "a join code has 20 letters and digits (five groups of four); read it again from the main laptop's Share screen"
        ),
    )
    .to_view()
}

fn random_key() -> String {
    use rand::RngExt;
    let bytes: [u8; 16] = rand::rng().random();
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

impl Station {
    /// Joins the server at `address` with the join code shown on the main laptop: the link
    /// is made only to the server whose certificate the code names.
    pub fn join(address: &str, code: &str) -> Result<Station, ErrorView> {
        let (secret, fingerprint) = crate::join_code::parse(code).ok_or_else(malformed_code)?;
        let base = base_of(address);
        let tls = crate::tls::pinned_client_config(&fingerprint).map_err(|e| lost(&base, &e))?;
        let agent = ureq::AgentBuilder::new()
            .timeout(TIMEOUT)
            .tls_config(tls)
            .build();
        let answer = send(
            &agent,
            &format!("{base}/api/join"),
            None,
            None,
            &json!({ "code": secret }),
        )
        .map_err(|detail| lost(&base, &detail))??;
        let token = answer
            .get("token")
            .and_then(Value::as_str)
            .map(str::to_string)
            .ok_or_else(|| lost(&base, "no token in the answer"))?;
        Ok(Station { base, token, agent })
    }

    /// The main laptop's address as joined.
    pub fn address(&self) -> &str {
        &self.base
    }

    /// The main laptop's `host:port`, without the scheme (where a takeover shares too).
    pub fn host(&self) -> &str {
        self.base.strip_prefix("https://").unwrap_or(&self.base)
    }

    /// The main laptop's port (8080, the app's own, when the address named none).
    pub fn port(&self) -> u16 {
        self.host()
            .rsplit_once(':')
            .and_then(|(_, port)| port.parse().ok())
            .unwrap_or(8080)
    }

    /// Asks the main laptop once (no second try: a follower asks again by itself).
    pub fn ask(&self, name: &str, request: &Value) -> Result<Value, ErrorView> {
        self.ask_within(name, request, TIMEOUT)
    }

    /// [`Station::ask`], answered within `limit` or taken for no answer.
    pub fn ask_within(
        &self,
        name: &str,
        request: &Value,
        limit: Duration,
    ) -> Result<Value, ErrorView> {
        let url = format!("{}/api/call/{name}", self.base);
        let key = random_key();
        let sent = Sent {
            token: Some(&self.token),
            key: Some(&key),
            limit,
        };
        send_counted(&self.agent, &url, &sent, request)
            .map(|answer| answer.map(|answer| answer.data))
            .map_err(|detail| lost(&self.base, &detail))?
    }

    /// Runs command `name` on the main laptop; its answer, or why not.
    pub fn call(&self, name: &str, request: &Value) -> Result<Value, ErrorView> {
        self.call_counted(name, request).map(|answer| answer.data)
    }

    /// [`Station::call`], with the log's rows after a change (the station's copy holds the
    /// change once it has that many rows).
    pub fn call_counted(&self, name: &str, request: &Value) -> Result<StationAnswer, ErrorView> {
        let url = format!("{}/api/call/{name}", self.base);
        let key = random_key();
        let mut last = String::new();
        for pause in std::iter::once(0).chain(RETRY_PAUSES_MS) {
            std::thread::sleep(Duration::from_millis(pause));
            let sent = Sent {
                token: Some(&self.token),
                key: Some(&key),
                limit: TIMEOUT,
            };
            match send_counted(&self.agent, &url, &sent, request) {
                Ok(answer) => return answer,
                Err(detail) => last = detail,
            }
        }
        Err(lost(&self.base, &last))
    }
}

impl Station {
    /// Runs `name` for the app while it is this station: the surface's public, read and
    /// write commands on the main laptop; its own window's commands (`app_info`, with the
    /// main laptop's event as the open one, and this station's address) on `desk`; the main
    /// laptop's own commands (files, printing, sharing) refused with `not-allowed`.
    pub fn run_for_app(
        &self,
        desk: &Mutex<Desk>,
        name: &str,
        request: Value,
    ) -> Result<Value, ErrorView> {
        self.run_for_app_counted(desk, name, request)
            .map(|answer| answer.data)
    }

    /// [`Station::run_for_app`], with the main laptop's log row count after a change it
    /// committed: the station's copy holds the change once it has that many rows, so nothing
    /// needs asking after it.
    pub fn run_for_app_counted(
        &self,
        desk: &Mutex<Desk>,
        name: &str,
        request: Value,
    ) -> Result<StationAnswer, ErrorView> {
        let here = |data| StationAnswer { data, rows: None };
        let spec = surface::spec(name);
        let hosted = |hosting| spec.is_some_and(|spec| spec.hosted(hosting));
        if hosted(Hosting::StationLocal) {
            // A station has no event open of its own, so it has no notices either.
            let mut guard = desk.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
            let mut local =
                surface::dispatch(&mut guard, name, request).map_err(|e| e.to_view())?;
            drop(guard);
            if hosted(Hosting::StationInfo) {
                local["open_event"] = self.call("summary", &Value::Null)?;
                local["station"] = Value::String(self.address().to_string());
            }
            return Ok(here(local));
        }
        if hosted(Hosting::StationPrint) {
            return self.print_here(desk, request).map(here);
        }
        if spec.is_some_and(|spec| spec.access == surface::Access::Local) {
            let message = msg!(
                "error.not-allowed.station-local",
                "a station cannot do '{name}'; do it on the main laptop, or leave the station first",
                name = name.to_string()
            );
            return Err(CommandError::input(ErrorKind::NotAllowed, message).to_view());
        }
        self.call_counted(name, &request)
    }
}

/// What the main laptop answered a station's command: the command's answer, and for a
/// change it committed, the event log's rows after it.
#[derive(Debug, Clone)]
pub struct StationAnswer {
    pub data: Value,
    pub rows: Option<i64>,
}

impl Station {
    /// A printout of the main laptop's event, rendered there and written on this laptop
    /// (`<documents>/Station printouts/`), answered like `print`.
    fn print_here(&self, desk: &Mutex<Desk>, request: Value) -> Result<Value, ErrorView> {
        let printout: tablekeeper_commands::desk::PrintoutView =
            serde_json::from_value(self.call("printout", &request)?)
                .map_err(|e| lost(&self.base, &e.to_string()))?;
        let folder = desk
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
            .default_folder()
            .join("Station printouts");
        let path = folder.join(&printout.file_name);
        std::fs::create_dir_all(&folder)
            .map_err(|e| CommandError::Io {
                path: folder.display().to_string(),
                detail: e.to_string(),
            })
            .and_then(|()| {
                tablekeeper_commands::formats::export::write_file(&path, &printout.bytes)
            })
            .map_err(|e| e.to_view())?;
        Ok(
            json!({ "path": path.display().to_string(), "bytes": printout.bytes.len(), "opened": false }),
        )
    }
}

/// One POST: `Ok(answer)` when the server answered (its data or its refusal), `Err` when the
/// connection failed (the request may or may not have arrived; the key makes a resend safe).
fn send(
    agent: &ureq::Agent,
    url: &str,
    token: Option<&str>,
    key: Option<&str>,
    body: &Value,
) -> Result<Result<Value, ErrorView>, String> {
    let sent = Sent {
        token,
        key,
        limit: TIMEOUT,
    };
    send_counted(agent, url, &sent, body).map(|answer| answer.map(|answer| answer.data))
}

/// How a request is sent: the station's token and the request's key, if any, and how long
/// its answer may take.
struct Sent<'a> {
    token: Option<&'a str>,
    key: Option<&'a str>,
    limit: Duration,
}

/// [`send`], with the log's rows the main laptop gives after a change.
fn send_counted(
    agent: &ureq::Agent,
    url: &str,
    sent: &Sent<'_>,
    body: &Value,
) -> Result<Result<StationAnswer, ErrorView>, String> {
    let (token, key) = (sent.token, sent.key);
    let mut request = agent
        .post(url)
        .set("Content-Type", "application/json")
        .timeout(sent.limit);
    if let Some(token) = token {
        request = request.set("Authorization", &format!("Bearer {token}"));
    }
    if let Some(key) = key {
        request = request.set("Idempotency-Key", key);
    }
    let response = match request.send_string(&body.to_string()) {
        Ok(response) => response,
        Err(ureq::Error::Status(_, response)) => response,
        Err(ureq::Error::Transport(transport)) => return Err(transport.to_string()),
    };
    let text = response.into_string().map_err(|e| e.to_string())?;
    let envelope: Value = serde_json::from_str(&text).map_err(|e| e.to_string())?;
    if envelope.get("ok").and_then(Value::as_bool) == Some(true) {
        return Ok(Ok(StationAnswer {
            data: envelope.get("data").cloned().unwrap_or(Value::Null),
            rows: envelope.get("rows").and_then(Value::as_i64),
        }));
    }
    let error: ErrorView =
        serde_json::from_value(envelope.get("error").cloned().unwrap_or(Value::Null))
            .map_err(|e| e.to_string())?;
    Ok(Err(error))
}
