//! Where phones find the server: this laptop's addresses on the shop's network, and the QR
//! code of the page's address (shown in the app, on the projector and on printed
//! pairings; the CLI prints it as text).

use std::net::IpAddr;

pub use tablekeeper_commands::qr::{svg as qr_svg, text as qr_text};

/// The addresses other devices can reach this laptop at (IPv4 first; no loopback, no
/// link-local). Empty when the laptop is on no network.
pub fn lan_addresses() -> Vec<IpAddr> {
    let mut addresses: Vec<IpAddr> = if_addrs::get_if_addrs()
        .unwrap_or_default()
        .into_iter()
        .map(|interface| interface.ip())
        .filter(|ip| !ip.is_loopback() && !is_link_local(ip))
        .collect();
    addresses.sort_by_key(|ip| (ip.is_ipv6(), *ip));
    addresses.dedup();
    addresses
}

fn is_link_local(ip: &IpAddr) -> bool {
    match ip {
        IpAddr::V4(v4) => v4.is_link_local(),
        IpAddr::V6(v6) => (v6.segments()[0] & 0xffc0) == 0xfe80,
    }
}

/// The page's address for `ip` and `port`.
pub fn page_url(ip: IpAddr, port: u16) -> String {
    match ip {
        IpAddr::V4(v4) => format!("http://{v4}:{port}/"),
        IpAddr::V6(v6) => format!("http://[{v6}]:{port}/"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn urls_and_qr_codes() {
        assert_eq!(
            page_url([192, 168, 1, 5].into(), 8080),
            "http://192.168.1.5:8080/"
        );
        assert_eq!(
            page_url("::1".parse().unwrap_or(IpAddr::from([0u8; 16])), 80),
            "http://[::1]:80/"
        );
        let svg = qr_svg("http://192.168.1.5:8080/").unwrap_or_default();
        assert!(svg.contains("<svg"));
        assert!(qr_text("http://192.168.1.5:8080/").is_some_and(|t| t.lines().count() > 10));
        assert!(lan_addresses().iter().all(|ip| !ip.is_loopback()));
    }
}
