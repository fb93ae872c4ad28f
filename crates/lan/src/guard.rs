//! Who is asking, and whether to listen: requests from another site's page are refused
//! (no cookies exist to ride on, and a write needs a JSON body, which a form cannot send),
//! stations prove themselves with a random token compared in constant time, and a client
//! that keeps guessing codes is made to wait.

use std::collections::HashMap;
use std::net::IpAddr;
use std::time::{Duration, Instant};

use subtle::ConstantTimeEq;

/// Wrong codes, join codes or tokens a client may send per window before it must wait.
const ATTEMPTS: u32 = 10;
const WINDOW: Duration = Duration::from_secs(60);

/// Wrong codes all devices together may send per window. Past it, a device that sent a
/// wrong code in the window waits, while one that sent none is still heard: a player
/// typing their own code right is never locked out by someone else's guessing, and a guest
/// with many addresses gets one guess per address beyond this, not ten.
const ATTEMPTS_IN_ALL: u32 = 60;

/// Whether the request's `Origin` (sent by browsers on cross-site requests and on every
/// POST) is this server itself. No `Origin` at all is a non-browser client (a station,
/// curl), which has no ambient credentials to abuse.
pub fn same_origin(origin: Option<&str>, host: Option<&str>) -> bool {
    match (origin, host) {
        (None, _) => true,
        (Some(origin), Some(host)) => {
            let origin = origin.trim_end_matches('/');
            origin == format!("http://{host}")
        }
        (Some(_), None) => false,
    }
}

/// Whether the `Host` a browser asked for is an address (`192.168.1.5:8080`, `[::1]:80`,
/// `localhost`), as the QR code gives it. A name would let another site's page reach this
/// server by pointing its own name at this laptop (DNS rebinding).
pub fn host_is_address(host: Option<&str>) -> bool {
    let Some(host) = host else { return true };
    let name = if let Some(rest) = host.strip_prefix('[') {
        return rest
            .split(']')
            .next()
            .is_some_and(|v6| v6.parse::<std::net::Ipv6Addr>().is_ok());
    } else {
        host.rsplit_once(':').map_or(host, |(name, _port)| name)
    };
    name.eq_ignore_ascii_case("localhost") || name.parse::<std::net::Ipv4Addr>().is_ok()
}

/// A random secret as text: station tokens (32 bytes).
pub fn random_token() -> String {
    use rand::RngExt;
    let bytes: [u8; 32] = rand::rng().random();
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// `typed` equals `secret`, compared in time that does not depend on the content.
pub fn same_secret(typed: &str, secret: &str) -> bool {
    typed.len() == secret.len() && bool::from(typed.as_bytes().ct_eq(secret.as_bytes()))
}

/// Devices the limiter remembers at once; failures of more devices than this share one
/// count (so filling the table is no way around the limit, and it never grows past this).
const DEVICES: usize = 4096;

/// The device an address belongs to: an IPv4 address, or an IPv6 address's /64 (a device
/// can make up any address within its own network's /64).
fn device_of(client: IpAddr) -> IpAddr {
    // An IPv4 device reaching a dual-stack server arrives as `::ffff:a.b.c.d`: it is that
    // IPv4 address, not the /64 every such address shares.
    match client.to_canonical() {
        IpAddr::V4(v4) => IpAddr::V4(v4),
        IpAddr::V6(v6) => {
            let mut segments = v6.segments();
            segments[4..].fill(0);
            IpAddr::from(segments)
        }
    }
}

/// Entries one device may make on the entry page per window: a family, or a shared tablet
/// at the door, not a flood.
pub const ENTRIES: u32 = 30;

/// Failed attempts (or, for the entry page, entries) per device in the current window, and
/// (for codes) in all.
#[derive(Debug)]
pub struct Limiter {
    clients: HashMap<IpAddr, (Instant, u32)>,
    attempts: u32,
    /// The limit over every device, and the window's start and count.
    in_all: Option<u32>,
    all: (Instant, u32),
}

impl Default for Limiter {
    fn default() -> Self {
        Limiter {
            in_all: Some(ATTEMPTS_IN_ALL),
            ..Limiter::with_attempts(ATTEMPTS)
        }
    }
}

impl Limiter {
    /// A limiter allowing `attempts` per device per window (no limit over all devices).
    pub fn with_attempts(attempts: u32) -> Limiter {
        Limiter {
            clients: HashMap::new(),
            attempts,
            in_all: None,
            all: (Instant::now(), 0),
        }
    }

    /// Seconds the client must wait, when it has used up its attempts (or, while every
    /// device together has, when it is one of those that failed in the window).
    pub fn wait(&mut self, client: IpAddr, now: Instant) -> Option<u64> {
        self.wait_why(client, now).map(|(seconds, _)| seconds)
    }

    /// [`Limiter::wait`], and whether it is the limit over every device that holds.
    pub fn wait_why(&mut self, client: IpAddr, now: Instant) -> Option<(u64, bool)> {
        self.forget_old(now);
        let key = self.key_of(client);
        let (since, count) = self.clients.get(&key)?;
        let all_used = self.in_all.is_some_and(|limit| self.all.1 >= limit);
        let until = |start: Instant| WINDOW.saturating_sub(now - start).as_secs().max(1);
        if *count >= self.attempts {
            Some((until(*since), false))
        } else if all_used {
            Some((until(self.all.0), true))
        } else {
            None
        }
    }

    pub fn failed(&mut self, client: IpAddr, now: Instant) {
        self.forget_old(now);
        let key = self.key_of(client);
        let entry = self.clients.entry(key).or_insert((now, 0));
        entry.1 = entry.1.saturating_add(1);
        self.all.1 = self.all.1.saturating_add(1);
    }

    fn key_of(&self, client: IpAddr) -> IpAddr {
        let device = device_of(client);
        if self.clients.len() < DEVICES || self.clients.contains_key(&device) {
            device
        } else {
            IpAddr::from([0, 0, 0, 0])
        }
    }

    fn forget_old(&mut self, now: Instant) {
        self.clients.retain(|_, (since, _)| now - *since < WINDOW);
        if now.saturating_duration_since(self.all.0) >= WINDOW {
            self.all = (now, 0);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_this_servers_own_pages_may_send_an_origin() {
        assert!(same_origin(None, Some("192.168.1.5:8080")));
        assert!(same_origin(
            Some("http://192.168.1.5:8080"),
            Some("192.168.1.5:8080")
        ));
        assert!(!same_origin(
            Some("http://evil.example"),
            Some("192.168.1.5:8080")
        ));
        assert!(!same_origin(Some("null"), Some("192.168.1.5:8080")));
        assert!(!same_origin(Some("http://x"), None));
    }

    #[test]
    fn only_addresses_are_hosts() {
        assert!(host_is_address(Some("192.168.1.5:8080")));
        assert!(host_is_address(Some("[::1]:8080")));
        assert!(host_is_address(Some("localhost:8080")));
        assert!(host_is_address(None));
        assert!(!host_is_address(Some("evil.example:8080")));
        assert!(!host_is_address(Some("[not-v6]:80")));
    }

    #[test]
    fn a_client_waits_after_ten_failures_and_not_before() {
        let mut limiter = Limiter::default();
        let client: IpAddr = [127, 0, 0, 1].into();
        let start = Instant::now();
        for _ in 0..ATTEMPTS - 1 {
            limiter.failed(client, start);
        }
        assert_eq!(limiter.wait(client, start), None);
        limiter.failed(client, start);
        assert!(limiter.wait(client, start).is_some());
        assert_eq!(limiter.wait(client, start + WINDOW), None);
    }

    #[test]
    fn guessing_from_many_devices_is_limited_in_all_without_locking_out_the_others() {
        let mut limiter = Limiter::default();
        let start = Instant::now();
        let device = |n: u32| IpAddr::from((0x0a00_0000u32 + n).to_be_bytes());
        let mut heard = 0;
        // Twenty-four devices guess ten times each, as fast as they can.
        for n in 0..24 {
            for _ in 0..ATTEMPTS {
                if limiter.wait(device(n), start).is_none() {
                    heard += 1;
                    limiter.failed(device(n), start);
                }
            }
        }
        assert!(
            heard <= ATTEMPTS_IN_ALL + 24,
            "{heard} guesses heard (was 240)"
        );
        // A player who sent no wrong code is still heard, and so is everyone a window later.
        assert_eq!(limiter.wait(device(1000), start), None);
        assert_eq!(limiter.wait(device(0), start + WINDOW), None);
    }

    #[test]
    fn a_device_is_its_ipv6_network_and_the_table_stays_bounded() {
        let mut limiter = Limiter::default();
        let start = Instant::now();
        for i in 0..ATTEMPTS {
            let address: IpAddr = format!("fd00::{i:x}").parse().expect("v6");
            limiter.failed(address, start);
        }
        assert!(
            limiter
                .wait("fd00::ffff".parse().expect("v6"), start)
                .is_some()
        );
        for i in 0..(DEVICES as u32 + 100) {
            limiter.failed(IpAddr::from(i.to_be_bytes()), start);
        }
        assert!(limiter.clients.len() <= DEVICES + 1);
    }

    #[test]
    fn secrets_compare_whole() {
        assert!(same_secret("abc", "abc"));
        assert!(!same_secret("abd", "abc"));
        assert!(!same_secret("ab", "abc"));
    }
}
