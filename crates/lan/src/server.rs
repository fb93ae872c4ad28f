//! The listener: a few worker threads take requests from one socket and answer each from
//! the shared desk. Stopping unblocks and joins them. Stop the server without holding the
//! desk's lock: a worker may be waiting for it.

use std::net::IpAddr;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::thread::JoinHandle;

use serde::Serialize;
use tablekeeper_commands::desk::Desk;

use crate::LanError;
use crate::address::{lan_addresses, page_url, qr_svg};
use crate::guard::{Limiter, random_join_code};
use crate::replay::Answers;

/// Where to listen.
#[derive(Debug, Clone)]
pub struct ServeOptions {
    /// `0.0.0.0` to share with the network; tests use `127.0.0.1` or `::1`.
    pub bind: IpAddr,
    /// `0` picks a free port.
    pub port: u16,
    /// Worker threads answering requests at once.
    pub workers: usize,
}

impl ServeOptions {
    /// The shop's network on `port`.
    pub fn network(port: u16) -> ServeOptions {
        ServeOptions {
            bind: IpAddr::from([0, 0, 0, 0]),
            port,
            workers: 8,
        }
    }
}

/// What the app shows while sharing: where phones go, and the code a station joins with.
#[derive(Debug, Clone, Serialize)]
pub struct ShareView {
    pub port: u16,
    /// The players' page at each of this laptop's network addresses (first: the likely one).
    pub urls: Vec<String>,
    /// The QR code of the first address, as SVG.
    pub qr_svg: Option<String>,
    /// What a second scorekeeper station types to join.
    pub join_code: String,
}

/// State every request sees.
pub(crate) struct Shared {
    pub desk: Arc<Mutex<Desk>>,
    /// The event that was shared: once the desk has another event (or none) open, the
    /// server answers nothing about it.
    pub event_path: PathBuf,
    pub join_code: String,
    pub tokens: Mutex<Vec<String>>,
    pub limiter: Mutex<Limiter>,
    pub answers: Mutex<Answers>,
}

/// Locks `mutex`, recovering from a panic in an earlier holder (every piece of state here
/// stays valid between statements).
pub(crate) fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// A running server. Dropping it stops it.
pub struct Server {
    http: Arc<tiny_http::Server>,
    workers: Vec<JoinHandle<()>>,
    stopping: Arc<AtomicBool>,
    shared: Arc<Shared>,
    bind: IpAddr,
    port: u16,
}

impl Server {
    /// Starts sharing the event open on `desk`.
    pub fn start(desk: Arc<Mutex<Desk>>, options: ServeOptions) -> Result<Server, LanError> {
        let event_path = lock(&desk)
            .session()
            .map(|s| s.path().to_path_buf())
            .map_err(|_| LanError::NoEvent)?;
        let http = tiny_http::Server::http((options.bind, options.port)).map_err(|e| {
            LanError::Listen {
                port: options.port,
                detail: e.to_string(),
            }
        })?;
        let port = http
            .server_addr()
            .to_ip()
            .map_or(options.port, |address| address.port());
        let http = Arc::new(http);
        let shared = Arc::new(Shared {
            desk,
            event_path,
            join_code: random_join_code(),
            tokens: Mutex::new(Vec::new()),
            limiter: Mutex::new(Limiter::default()),
            answers: Mutex::new(Answers::default()),
        });
        let stopping = Arc::new(AtomicBool::new(false));
        let workers = (0..options.workers.max(1))
            .map(|_| {
                let (http, shared, stopping) = (
                    Arc::clone(&http),
                    Arc::clone(&shared),
                    Arc::clone(&stopping),
                );
                std::thread::spawn(move || {
                    while !stopping.load(Ordering::Acquire) {
                        match http.recv() {
                            Ok(request) => crate::routes::handle(&shared, request),
                            Err(_) => break,
                        }
                    }
                })
            })
            .collect();
        Ok(Server {
            http,
            workers,
            stopping,
            shared,
            bind: options.bind,
            port,
        })
    }

    pub fn port(&self) -> u16 {
        self.port
    }

    /// The address this server listens on, as a client on this laptop reaches it.
    pub fn local_url(&self) -> String {
        let ip = if self.bind.is_unspecified() {
            IpAddr::from([127, 0, 0, 1])
        } else {
            self.bind
        };
        page_url(ip, self.port)
    }

    pub fn join_code(&self) -> &str {
        &self.shared.join_code
    }

    /// Where phones go (this laptop's network addresses, or the bound address).
    pub fn share_view(&self) -> ShareView {
        let urls: Vec<String> = if self.bind.is_unspecified() {
            lan_addresses()
                .into_iter()
                .map(|ip| page_url(ip, self.port))
                .collect()
        } else {
            vec![page_url(self.bind, self.port)]
        };
        ShareView {
            port: self.port,
            qr_svg: urls.first().and_then(|url| qr_svg(url)),
            urls,
            join_code: self.shared.join_code.clone(),
        }
    }

    /// Stops answering: unblocks every worker and waits for them.
    pub fn stop(mut self) {
        self.shut_down();
    }

    fn shut_down(&mut self) {
        self.stopping.store(true, Ordering::Release);
        for _ in 0..self.workers.len() {
            self.http.unblock();
        }
        for worker in self.workers.drain(..) {
            let _ = worker.join();
        }
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        self.shut_down();
    }
}
