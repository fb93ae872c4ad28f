//! The join code a second station types: `SSSS-SSSS-FFFF-FFFF-FFFF`. The first eight
//! characters are the secret the main laptop checks (a fresh one every time sharing starts);
//! the last twelve are the fingerprint of the main laptop's certificate, which the station
//! pins before it sends anything (so a device in the middle cannot read or change the link).
//!
//! Twelve characters of 31 carry about 59 bits: making another certificate with the same
//! fingerprint takes about 2^59 hashes, years of a graphics card, against a code that
//! changes every time sharing starts. Typing 20 characters once per station is the price.

pub use tablekeeper_commands::room::codes::{ALPHABET, encode};

pub const SECRET_LENGTH: usize = 8;
pub const FINGERPRINT_LENGTH: usize = 12;

/// The code shown on the main laptop: `secret` and `fingerprint` in groups of four.
pub fn format(secret: &str, fingerprint: &str) -> String {
    let plain: Vec<char> = secret.chars().chain(fingerprint.chars()).collect();
    plain
        .chunks(4)
        .map(|group| group.iter().collect::<String>())
        .collect::<Vec<_>>()
        .join("-")
}

/// A typed code's letters and digits, upper case (spaces, dashes and case do not matter).
pub fn plain(text: &str) -> String {
    text.chars()
        .filter(char::is_ascii_alphanumeric)
        .collect::<String>()
        .to_ascii_uppercase()
}

/// A typed join code as (secret, fingerprint), or `None` when it does not have the twenty
/// characters of one.
pub fn parse(text: &str) -> Option<(String, String)> {
    let plain = plain(text);
    if plain.len() != SECRET_LENGTH + FINGERPRINT_LENGTH
        || !plain.bytes().all(|b| ALPHABET.contains(&b))
    {
        return None;
    }
    let (secret, fingerprint) = plain.split_at(SECRET_LENGTH);
    Some((secret.to_string(), fingerprint.to_string()))
}

/// A fresh secret for a join code.
pub fn random_secret() -> String {
    use rand::RngExt;
    let bytes: [u8; SECRET_LENGTH] = rand::rng().random();
    encode(&bytes, SECRET_LENGTH)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_code_reads_back_as_typed() {
        let secret = random_secret();
        let fingerprint = encode(&[7; 32], FINGERPRINT_LENGTH);
        let code = format(&secret, &fingerprint);
        assert_eq!(code.len(), 24);
        assert_eq!(code.matches('-').count(), 4);
        assert_eq!(parse(&code), Some((secret.clone(), fingerprint.clone())));
        let typed = format!(" {} ", code.to_lowercase().replace('-', " "));
        assert_eq!(parse(&typed), Some((secret, fingerprint)));
    }

    #[test]
    fn a_short_or_foreign_code_is_not_one() {
        assert_eq!(parse("K7PX-M3QD"), None);
        assert_eq!(parse("K7PX-M3QD-ABCD-EFGH-JKM0"), None);
        assert_eq!(parse(""), None);
    }
}
