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

/// What asking a laptop where the event is came to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Reached {
    /// It said what it holds.
    Answered(WhereaboutsView),
    /// Nothing serves there: the connection was refused, or closed without a word. A
    /// station shares the event only once it has taken it over, so it does not carry the
    /// event on at that address.
    NobodyThere,
    /// No answer in time (cut off, switched off, frozen, or too busy): it may carry the
    /// event on, for all this laptop can tell.
    Silent,
}

/// What the laptop at `address` (`ip:port`) says of the event it serves, or `None` (it
/// does not answer within `limit`, serves nothing, or answers something else).
pub fn whereabouts_at(address: &str, limit: Duration) -> Option<WhereaboutsView> {
    match reach(address, limit) {
        Reached::Answered(view) => Some(view),
        Reached::NobodyThere | Reached::Silent => None,
    }
}

/// Asks the laptop at `address` where the event is, within `limit`.
pub fn reach(address: &str, limit: Duration) -> Reached {
    use std::io::ErrorKind::{ConnectionRefused, ConnectionReset, UnexpectedEof};
    let Ok(to) = address.parse::<SocketAddr>() else {
        return Reached::NobodyThere;
    };
    let mut stream = match TcpStream::connect_timeout(&to, limit) {
        Ok(stream) => stream,
        Err(e) if e.kind() == ConnectionRefused => return Reached::NobodyThere,
        Err(_) => return Reached::Silent,
    };
    if stream.set_read_timeout(Some(limit)).is_err()
        || stream.set_write_timeout(Some(limit)).is_err()
    {
        return Reached::Silent;
    }
    let request = format!(
        "POST /api/call/whereabouts HTTP/1.1\r\nHost: {address}\r\nContent-Type: application/json\r\nContent-Length: 4\r\nConnection: close\r\n\r\nnull"
    );
    let closed = |e: &std::io::Error| matches!(e.kind(), ConnectionReset | UnexpectedEof);
    if let Err(e) = stream.write_all(request.as_bytes()) {
        return if closed(&e) {
            Reached::NobodyThere
        } else {
            Reached::Silent
        };
    }
    let mut answer = Vec::new();
    match stream.take(ANSWER_LIMIT).read_to_end(&mut answer) {
        Ok(_) if answer.is_empty() => return Reached::NobodyThere,
        Ok(_) => {}
        Err(e) if closed(&e) && answer.is_empty() => return Reached::NobodyThere,
        Err(_) => return Reached::Silent,
    }
    // An answer that does not read as where the event is (a busy server, another program):
    // no proof that nothing carries the event on there.
    let view = answer
        .windows(4)
        .position(|w| w == b"\r\n\r\n")
        .and_then(|at| serde_json::from_slice::<serde_json::Value>(&answer[at + 4..]).ok())
        .and_then(|body| serde_json::from_value(body.get("data")?.clone()).ok());
    view.map_or(Reached::Silent, Reached::Answered)
}

/// What asking the known stations came to.
#[derive(Debug, Default)]
pub struct Asked {
    /// One carries the event on at this address (this laptop's event is marked moved).
    pub moved_to: Option<String>,
    /// The addresses that answered that nothing newer carries the event on there: an
    /// answer with this laptop's epoch or an older one, or nobody serving there.
    pub answered: Vec<String>,
}

/// Asks every known station of the open event once; when one carries the event on, this
/// laptop's event is marked as moved there. That address, if so.
pub fn check(desk: &Mutex<Desk>, limit: Duration) -> Option<String> {
    ask(desk, limit, &[]).moved_to
}

/// [`check`], asking `also` besides the known stations, telling which answered.
pub fn ask(desk: &Mutex<Desk>, limit: Duration, also: &[String]) -> Asked {
    let (mine, mut hosts) = {
        let mut desk = lock(desk);
        let Ok(mine) = desk.whereabouts(()) else {
            return Asked::default();
        };
        if mine.moved_to.is_some() {
            return Asked::default();
        }
        (mine, desk.known_hosts())
    };
    for address in also {
        if !hosts.contains(address) {
            hosts.push(address.clone());
        }
    }
    // Asked outside the desk's lock, all at once: a laptop that does not answer holds
    // nobody up, and sixteen gone quiet cost one `limit`, not sixteen.
    let answers: Vec<Reached> = std::thread::scope(|scope| {
        let asking: Vec<_> = hosts
            .iter()
            .map(|address| scope.spawn(move || reach(address, limit)))
            .collect();
        asking
            .into_iter()
            .map(|asked| asked.join().unwrap_or(Reached::Silent))
            .collect()
    });
    let winner = hosts.iter().zip(&answers).find(
        |(_, reached)| matches!(reached, Reached::Answered(theirs) if theirs.outranks(&mine)),
    );
    let Some((winner, _)) = winner else {
        let answered = hosts
            .iter()
            .zip(&answers)
            .filter(|(_, reached)| **reached != Reached::Silent)
            .map(|(address, _)| address.clone())
            .collect();
        return Asked {
            moved_to: None,
            answered,
        };
    };
    let mut desk = lock(desk);
    // Still the same event (it may have been closed meanwhile).
    let same = desk
        .whereabouts(())
        .is_ok_and(|now| now.identity == mine.identity);
    let moved_to = (same && desk.event_moved(winner).is_ok()).then(|| winner.clone());
    Asked {
        moved_to,
        answered: Vec::new(),
    }
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
