//! The state every request sees: the desk, the event being shared, the join secret and the
//! station tokens given out, the attempt limiter and the answers kept for resent requests.

use std::path::PathBuf;
use std::sync::{Arc, Mutex};

use tablekeeper_commands::desk::Desk;

use crate::guard::{self, Limiter};
use crate::replay::Answers;

pub(crate) struct Shared {
    pub desk: Arc<Mutex<Desk>>,
    /// The event shared: the one open when sharing started. Opening, creating and closing
    /// other events changes nothing; once it is closed, stations are told it is not shared
    /// any more, while phones go on with the other open events (by their codes).
    event_path: PathBuf,
    /// The join code's secret part (the fingerprint part is the certificate's).
    pub join_secret: String,
    tokens: Mutex<Vec<String>>,
    pub limiter: Mutex<Limiter>,
    /// Entries made per device (the entry page), apart from wrong codes.
    pub entries: Mutex<Limiter>,
    pub answers: Mutex<Answers>,
    /// Changes committed and stations' copies heard (`crate::replication`).
    pub replication: Arc<crate::replication::Replication>,
    /// The port the server listens on (a station that takes the event over serves it on
    /// the same port at its own address).
    pub port: u16,
}

pub(crate) use crate::locks::lock;

impl Shared {
    pub fn new(
        desk: Arc<Mutex<Desk>>,
        event_path: PathBuf,
        join_secret: String,
        port: u16,
    ) -> Shared {
        Shared {
            port,
            replication: Arc::default(),
            desk,
            event_path,
            join_secret,
            tokens: Mutex::new(Vec::new()),
            limiter: Mutex::new(Limiter::default()),
            entries: Mutex::new(Limiter::with_attempts(guard::ENTRIES)),
            answers: Mutex::new(Answers::default()),
        }
    }

    /// The shared event, while it is open on `desk` (held by the caller).
    pub fn shared_event(&self, desk: &Desk) -> Option<PathBuf> {
        desk.is_open(&self.event_path)
            .then(|| self.event_path.clone())
    }

    /// A new station token.
    pub fn issue_token(&self) -> String {
        let token = guard::random_token();
        lock(&self.tokens).push(token.clone());
        token
    }

    /// The token this server gave out that `typed` is, compared against every token so the
    /// time taken says nothing about which matched.
    pub fn token(&self, typed: &str) -> Option<String> {
        let tokens = lock(&self.tokens);
        let mut found = None;
        for token in tokens.iter() {
            if guard::same_secret(typed, token) {
                found = Some(token.clone());
            }
        }
        found
    }

    /// Forgets `token` (it was seen in clear on the network, so anyone may hold it now).
    pub fn revoke_token(&self, token: &str) {
        lock(&self.tokens).retain(|t| t != token);
    }
}
