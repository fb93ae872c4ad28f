//! The server without a socket, for the fuzz test (`tests/fuzz.rs`): raw bytes go through
//! the same HTTP parser, limits and router as a connection's, over an in-memory pipe. Not
//! for hosts.

use std::net::IpAddr;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use tablekeeper_commands::desk::Desk;
use tokio::io::{AsyncReadExt, AsyncWriteExt};

use crate::limits;
use crate::listen::{Listener, Watched, serve};
use crate::shared::{Shared, lock};
use crate::tls::Identity;

pub use crate::join_code::{format as join_code, parse as parse_join_code};
pub use limits::{BODY_LIMIT, HEADER_BYTES};

/// A server for one event, answering byte strings.
pub struct Harness {
    runtime: tokio::runtime::Runtime,
    listener: Arc<Listener>,
}

impl Harness {
    /// A harness serving the event open on `desk`.
    pub fn new(desk: Arc<Mutex<Desk>>) -> Result<Harness, String> {
        let path = lock(&desk)
            .session()
            .map(|s| s.path().to_path_buf())
            .map_err(|e| e.to_string())?;
        let identity = Identity::generate()?;
        let tls = tokio_rustls::TlsAcceptor::from(identity.server_config()?);
        let shared = Arc::new(Shared::new(
            desk,
            path,
            crate::join_code::random_secret(),
            8080,
        ));
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .map_err(|e| e.to_string())?;
        Ok(Harness {
            runtime,
            listener: Arc::new(Listener::new(shared, tls)),
        })
    }

    /// Sends `bytes` as one client would (then closes its sending side) and returns what
    /// the server wrote back before it closed the connection, within `wait`.
    pub fn exchange(&self, bytes: &[u8], wait: Duration) -> Vec<u8> {
        let listener = Arc::clone(&self.listener);
        self.runtime.block_on(async move {
            let (mut client, server) = tokio::io::duplex(256 * 1024);
            let client_ip = IpAddr::from([127, 0, 0, 1]);
            let served = tokio::spawn(serve(
                Watched::new(server),
                client_ip,
                false,
                listener,
                crate::gate::Activity::untracked(),
            ));
            let mut answer = Vec::new();
            let talk = async {
                let _ = client.write_all(bytes).await;
                let _ = client.shutdown().await;
                let _ = client.read_to_end(&mut answer).await;
            };
            let _ = tokio::time::timeout(wait, talk).await;
            served.abort();
            answer
        })
    }
}
