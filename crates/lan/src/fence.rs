//! Never two writers, the network's side (docs/lan.md): asking another laptop what it
//! holds of an event (`whereabouts`, plain HTTP on the shop's network, bounded in time and
//! size), and the fence every app runs: every few seconds it asks the open event's known
//! stations, and when one of them carries the event on — a newer epoch, or the winner of
//! two takeovers made at once — this laptop refuses every change from then on and its
//! phones' page moves there.

use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::Duration;

use tablekeeper_commands::desk::Desk;
use tablekeeper_commands::views::takeover::WhereaboutsView;

use crate::locks::lock;

/// An answer read at most (a `whereabouts` answer is a few hundred bytes).
const ANSWER_LIMIT: u64 = 16 * 1024;

/// What the laptop at `address` (`ip:port`) says of the event it serves, or `None` (it
/// does not answer within `limit`, serves nothing, or answers something else).
pub fn whereabouts_at(address: &str, limit: Duration) -> Option<WhereaboutsView> {
    let to: SocketAddr = address.parse().ok()?;
    let mut stream = TcpStream::connect_timeout(&to, limit).ok()?;
    stream.set_read_timeout(Some(limit)).ok()?;
    stream.set_write_timeout(Some(limit)).ok()?;
    let request = format!(
        "POST /api/call/whereabouts HTTP/1.1\r\nHost: {address}\r\nContent-Type: application/json\r\nContent-Length: 4\r\nConnection: close\r\n\r\nnull"
    );
    stream.write_all(request.as_bytes()).ok()?;
    let mut answer = Vec::new();
    stream.take(ANSWER_LIMIT).read_to_end(&mut answer).ok()?;
    let at = answer.windows(4).position(|w| w == b"\r\n\r\n")?;
    let body: serde_json::Value = serde_json::from_slice(&answer[at + 4..]).ok()?;
    serde_json::from_value(body.get("data")?.clone()).ok()
}

/// Asks every known station of the open event once; when one carries the event on, this
/// laptop's event is marked as moved there. That address, if so.
pub fn check(desk: &Mutex<Desk>, limit: Duration) -> Option<String> {
    let (mine, hosts) = {
        let mut desk = lock(desk);
        let mine = desk.whereabouts(()).ok()?;
        if mine.moved_to.is_some() {
            return None;
        }
        (mine, desk.known_hosts())
    };
    // Asked outside the desk's lock, all at once: a laptop that does not answer holds
    // nobody up, and sixteen gone quiet cost one `limit`, not sixteen.
    let answers: Vec<Option<WhereaboutsView>> = std::thread::scope(|scope| {
        let asking: Vec<_> = hosts
            .iter()
            .map(|address| scope.spawn(move || whereabouts_at(address, limit)))
            .collect();
        asking
            .into_iter()
            .map(|asked| asked.join().ok().flatten())
            .collect()
    });
    let winner = hosts
        .iter()
        .zip(&answers)
        .find(|(_, theirs)| theirs.as_ref().is_some_and(|theirs| theirs.outranks(&mine)))
        .map(|(address, _)| address)?;
    let mut desk = lock(desk);
    // Still the same event (it may have been closed meanwhile).
    let same = desk
        .whereabouts(())
        .is_ok_and(|now| now.identity == mine.identity);
    (same && desk.event_moved(winner).is_ok()).then(|| winner.clone())
}

/// The fence's thread: [`check`] every `every` until stopped (or dropped).
pub struct Fence {
    stop: Arc<AtomicBool>,
    thread: Option<JoinHandle<()>>,
}

impl Fence {
    pub fn start(desk: Arc<Mutex<Desk>>, every: Duration) -> Fence {
        let stop = Arc::new(AtomicBool::new(false));
        let stopping = Arc::clone(&stop);
        let thread = std::thread::Builder::new()
            .name("takeover fence".into())
            .spawn(move || {
                while !stopping.load(Ordering::Relaxed) {
                    check(&desk, Duration::from_millis(700));
                    let mut slept = Duration::ZERO;
                    while slept < every && !stopping.load(Ordering::Relaxed) {
                        std::thread::sleep(Duration::from_millis(50));
                        slept += Duration::from_millis(50);
                    }
                }
            })
            .ok();
        Fence { stop, thread }
    }
}

impl Drop for Fence {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}
