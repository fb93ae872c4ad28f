//! The server's life: it starts on a thread of its own with its own small tokio runtime
//! (apart from the app's), serves until stopped, and if it ever fails it says why instead
//! of taking the process with it. Stop the server without holding the desk's lock: a
//! request may be waiting for it.

use std::net::IpAddr;
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;

use serde::Serialize;
use tablekeeper_commands::desk::Desk;
use tablekeeper_words::message::Message;
use tablekeeper_words::msg;
use tokio::sync::watch;

use crate::LanError;
use crate::address::{lan_addresses, page_url, qr_svg};
use crate::join_code;
use crate::listen::{Listener, accept_loop};
use crate::replication::Settled;
use crate::shared::{Shared, lock};
use crate::tls::Identity;

/// Where to listen.
#[derive(Debug, Clone)]
pub struct ServeOptions {
    /// `0.0.0.0` to share with the network; tests use `127.0.0.1` or `::1`.
    pub bind: IpAddr,
    /// `0` picks a free port.
    pub port: u16,
}

impl ServeOptions {
    /// The shop's network on `port`.
    pub fn network(port: u16) -> ServeOptions {
        ServeOptions {
            bind: IpAddr::from([0, 0, 0, 0]),
            port,
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
    /// What a second scorekeeper station types to join: the join secret and the
    /// fingerprint of this laptop's certificate (`join_code.rs`).
    pub join_code: String,
    /// Why sharing stopped by itself, if it did (the event goes on; turn sharing on again).
    pub stopped: Option<Message>,
}

/// A running server. Dropping it stops it.
pub struct Server {
    thread: Option<JoinHandle<()>>,
    stop: watch::Sender<bool>,
    /// Set when the server's thread ended without being asked to.
    failure: Arc<Mutex<Option<String>>>,
    shared: Arc<Shared>,
    fingerprint: String,
    bind: IpAddr,
    port: u16,
    /// Rows committed in this process reach the stations' waiting asks while listened for.
    _rows_told: tablekeeper_commands::session::replica::Listening,
}

impl Server {
    /// Starts sharing the event open on `desk`.
    pub fn start(desk: Arc<Mutex<Desk>>, options: ServeOptions) -> Result<Server, LanError> {
        let (event_path, data_dir) = {
            let desk = lock(&desk);
            let path = desk
                .session()
                .map(|s| s.path().to_path_buf())
                .map_err(|_| LanError::NoEvent)?;
            (path, desk.data_dir().to_path_buf())
        };
        let identity = Identity::load_or_create(&data_dir).map_err(LanError::Certificate)?;
        let tls = tokio_rustls::TlsAcceptor::from(
            identity.server_config().map_err(LanError::Certificate)?,
        );
        let listen_error = |detail: String| LanError::Listen {
            port: options.port,
            detail,
        };
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .max_blocking_threads(crate::limits::DESK_WORKERS + 4)
            .thread_name("tablekeeper-lan")
            .enable_all()
            .build()
            .map_err(|e| listen_error(e.to_string()))?;
        let socket = {
            let _entered = runtime.enter();
            listen(std::net::SocketAddr::new(options.bind, options.port)).map_err(|e| {
                if e.kind() == std::io::ErrorKind::AddrInUse {
                    LanError::PortInUse { port: options.port }
                } else {
                    listen_error(e.to_string())
                }
            })?
        };
        let port = socket
            .local_addr()
            .map_or(options.port, |address| address.port());
        let shared = Arc::new(Shared::new(
            desk,
            event_path,
            join_code::random_secret(),
            port,
        ));
        let listener = Arc::new(Listener::new(Arc::clone(&shared), tls));
        let (stop, stopped) = watch::channel(false);
        let failure = Arc::new(Mutex::new(None));
        let thread = {
            let failure = Arc::clone(&failure);
            let asked_to_stop = stop.subscribe();
            std::thread::Builder::new()
                .name("tablekeeper-lan".into())
                .spawn(move || {
                    let outcome = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                        runtime.block_on(accept_loop(socket, listener, stopped));
                    }));
                    runtime.shutdown_timeout(std::time::Duration::from_secs(2));
                    let why = match outcome {
                        Err(panic) => Some(panic_text(&panic)),
                        Ok(()) if !*asked_to_stop.borrow() => {
                            Some("the server stopped listening".to_string())
                        }
                        Ok(()) => None,
                    };
                    *lock(&failure) = why;
                })
                .map_err(|e| listen_error(e.to_string()))?
        };
        let replication = Arc::downgrade(&shared.replication);
        let rows_told =
            tablekeeper_commands::session::replica::listen_for_commits(move |committed| {
                if let Some(replication) = replication.upgrade() {
                    replication.told(committed);
                }
            });
        let server = Server {
            thread: Some(thread),
            stop,
            failure,
            shared,
            _rows_told: rows_told,
            fingerprint: identity.fingerprint(),
            bind: options.bind,
            port,
        };
        // Wherever the event is shared (the app or `tablekeeper serve`), the desk knows the
        // players' page: the entry page's address and QR code, and the tickets' links.
        let url = server
            .share_view()
            .urls
            .first()
            .cloned()
            .unwrap_or_else(|| server.local_url());
        lock(&server.shared.desk).set_share_url(Some(url));
        Ok(server)
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

    /// What this laptop's own window waits on after a change (`Waiter::changed_here`).
    pub fn waiter(&self) -> Waiter {
        Waiter {
            shared: Arc::clone(&self.shared),
        }
    }

    /// What a station types to join.
    pub fn join_code(&self) -> String {
        join_code::format(&self.shared.join_secret, &self.fingerprint)
    }

    /// Why the server stopped by itself, if it did.
    pub fn failure(&self) -> Option<String> {
        let finished = self.thread.as_ref().is_none_or(JoinHandle::is_finished);
        let why = lock(&self.failure).clone();
        match (finished, why) {
            (true, None) => Some("the server stopped".to_string()),
            (_, why) => why,
        }
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
            join_code: self.join_code(),
            stopped: self.failure().map(|detail| {
                msg!(
                    "share.stopped",
                    "Sharing stopped by itself ({detail}). The event goes on on this laptop; turn sharing on again.",
                    detail = detail
                )
            }),
        }
    }

    /// Stops answering and waits for the server's thread; the desk no longer has a players'
    /// page. The caller must not hold the desk's lock (a request may be waiting for it).
    pub fn stop(mut self) {
        self.shut_down();
        lock(&self.shared.desk).set_share_url(None);
    }

    fn shut_down(&mut self) {
        let _ = self.stop.send(true);
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        self.shut_down();
    }
}

/// The listening socket, with a queue of [`limits::BACKLOG`] connections waiting to be
/// accepted: a burst of new connections is never left to the client's one-second retry.
fn listen(address: std::net::SocketAddr) -> std::io::Result<tokio::net::TcpListener> {
    let socket = if address.is_ipv4() {
        tokio::net::TcpSocket::new_v4()?
    } else {
        tokio::net::TcpSocket::new_v6()?
    };
    // On Unix a restarted server may take its port back while old connections wind down;
    // on Windows the same option would let another program take the port over.
    #[cfg(unix)]
    socket.set_reuseaddr(true)?;
    socket.bind(address)?;
    socket.listen(crate::limits::BACKLOG)
}

/// A panic's message, for the Share screen.
fn panic_text(panic: &Box<dyn std::any::Any + Send>) -> String {
    panic
        .downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| panic.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "the server failed".to_string())
}

/// A change made at this laptop's own desk is said saved once the stations in step hold it
/// (`crate::replication`); kept apart from the server so the window does not hold it.
#[derive(Clone)]
pub struct Waiter {
    shared: Arc<Shared>,
}

impl Waiter {
    /// Whether a station is in step (then a change waits for it).
    pub fn followed(&self) -> bool {
        self.shared.replication.followed()
    }

    /// The desk's open event just changed: waits (at most 2 s) until every station in step
    /// holds it. The caller must not hold the desk's lock. An error when a station took the
    /// event over meanwhile: the change is then not to be said saved.
    pub fn changed_here(&self) -> Result<(), tablekeeper_commands::CommandError> {
        let Some((event, rows)) = lock(&self.shared.desk)
            .session()
            .ok()
            .map(|s| (s.path().to_path_buf(), s.log_rows()))
        else {
            return Ok(());
        };
        self.shared.replication.committed(&event, rows);
        match self
            .shared
            .replication
            .settle(&self.shared.desk, &event, rows)
        {
            Settled::Saved => Ok(()),
            Settled::Moved(to) => Err(crate::routes::not_saved_here(&to)),
            Settled::Unconfirmed(stations) => Err(crate::routes::not_confirmed(&stations)),
        }
    }
}
