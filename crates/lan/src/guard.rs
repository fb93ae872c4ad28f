//! Who is asking, and whether to listen: requests from another site's page are refused
//! (no cookies exist to ride on, and a write needs a JSON body, which a form cannot send),
//! bodies are size-limited, stations prove themselves with a random token compared in
//! constant time, and a client that keeps guessing codes is made to wait.

use std::collections::HashMap;
use std::net::IpAddr;
use std::time::{Duration, Instant};

use subtle::ConstantTimeEq;

/// The largest body any command takes (a bulk result list of a big round fits easily).
pub const BODY_LIMIT: usize = 256 * 1024;

/// Wrong codes, join codes or tokens a client may send per window before it must wait.
const ATTEMPTS: u32 = 10;
const WINDOW: Duration = Duration::from_secs(60);

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

/// A random secret as text: station tokens (32 bytes) and join codes.
pub fn random_token() -> String {
    use rand::RngExt;
    let bytes: [u8; 32] = rand::rng().random();
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// A join code to type on the second laptop: 8 unambiguous characters, as `XXXX-XXXX`.
pub fn random_join_code() -> String {
    use rand::RngExt;
    const ALPHABET: &[u8; 31] = b"23456789ABCDEFGHJKMNPQRSTUVWXYZ";
    let mut rng = rand::rng();
    let chars: String = (0..8)
        .map(|_| char::from(ALPHABET[rng.random_range(0..ALPHABET.len())]))
        .collect();
    format!("{}-{}", &chars[..4], &chars[4..])
}

/// `typed` equals `secret`, compared in time that does not depend on the content.
pub fn same_secret(typed: &str, secret: &str) -> bool {
    typed.len() == secret.len() && bool::from(typed.as_bytes().ct_eq(secret.as_bytes()))
}

/// A join code as typed: case, spaces and dashes do not matter.
pub fn normalize_join_code(text: &str) -> String {
    let plain: String = text
        .chars()
        .filter(char::is_ascii_alphanumeric)
        .collect::<String>()
        .to_ascii_uppercase();
    if plain.len() == 8 {
        format!("{}-{}", &plain[..4], &plain[4..])
    } else {
        plain
    }
}

/// Failed attempts per client address in the current window.
#[derive(Debug, Default)]
pub struct Limiter {
    clients: HashMap<IpAddr, (Instant, u32)>,
}

impl Limiter {
    /// Seconds the client must wait, when it has used up its attempts.
    pub fn wait(&mut self, client: IpAddr, now: Instant) -> Option<u64> {
        self.forget_old(now);
        let (since, count) = self.clients.get(&client)?;
        (*count >= ATTEMPTS).then(|| WINDOW.saturating_sub(now - *since).as_secs().max(1))
    }

    pub fn failed(&mut self, client: IpAddr, now: Instant) {
        let entry = self.clients.entry(client).or_insert((now, 0));
        entry.1 += 1;
    }

    fn forget_old(&mut self, now: Instant) {
        self.clients.retain(|_, (since, _)| now - *since < WINDOW);
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
    fn join_codes_read_as_typed() {
        assert_eq!(normalize_join_code(" k7px m3qd "), "K7PX-M3QD");
        let code = random_join_code();
        assert_eq!(normalize_join_code(&code), code);
        assert!(same_secret("abc", "abc"));
        assert!(!same_secret("abd", "abc"));
        assert!(!same_secret("ab", "abc"));
    }
}
