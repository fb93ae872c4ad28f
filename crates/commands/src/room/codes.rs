//! Table codes: the short code printed on each table's match slip and shown at the table,
//! which a player types to report that table's result from a phone. Player codes:
//! each player's own code, on their player ticket, which makes a phone that player (issue
//! 22): its reports count for that player's seat only.
//!
//! A code is derived, not stored: SHA-256 over the shop's own secret (random, kept in the
//! app's data folder, never served), the event's code, the round, that round's recorded
//! pairing seed and the table. So a code is the same after a restart, a different round
//! (or the same round paired again) has different codes, and nobody who sees their own
//! table's code can work out another table's.

use sha2::{Digest, Sha256};

/// Letters and digits that cannot be mistaken for each other on paper (no 0/O, 1/I/L).
pub const ALPHABET: &[u8; 31] = b"23456789ABCDEFGHJKMNPQRSTUVWXYZ";

/// The first `length` bytes of `bytes` (a digest, random bytes) as characters of
/// [`ALPHABET`], one byte each (the slight bias of `% 31` costs under 0.05 bits a
/// character).
pub fn encode(bytes: &[u8], length: usize) -> String {
    bytes
        .iter()
        .take(length)
        .map(|byte| char::from(ALPHABET[usize::from(byte % 31)]))
        .collect()
}

/// How many characters a code has: 31^5 ≈ 28 million codes against a handful of guesses a
/// minute (the server limits wrong codes per client).
pub const CODE_LENGTH: usize = 5;

/// The shop's secret the codes are derived from.
#[derive(Clone)]
pub struct Secret([u8; 32]);

impl Secret {
    pub fn random() -> Secret {
        use rand::RngExt;
        Secret(rand::rng().random())
    }

    pub fn from_hex(text: &str) -> Option<Secret> {
        let text = text.trim();
        if text.len() != 64 {
            return None;
        }
        let mut bytes = [0u8; 32];
        for (i, byte) in bytes.iter_mut().enumerate() {
            *byte = u8::from_str_radix(text.get(2 * i..2 * i + 2)?, 16).ok()?;
        }
        Some(Secret(bytes))
    }

    pub fn to_hex(&self) -> String {
        self.0.iter().map(|b| format!("{b:02x}")).collect()
    }
}

impl std::fmt::Debug for Secret {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Secret(…)")
    }
}

/// The code of `table` in `round` (paired with `pairing_seed`) of the event `event_code`.
pub fn table_code(
    secret: &Secret,
    event_code: &str,
    round: u32,
    pairing_seed: u64,
    table: u32,
) -> String {
    let mut hash = Sha256::new();
    hash.update(secret.0);
    hash.update(event_code.as_bytes());
    hash.update(round.to_le_bytes());
    hash.update(pairing_seed.to_le_bytes());
    hash.update(table.to_le_bytes());
    encode(&hash.finalize(), CODE_LENGTH)
}

/// How many characters a player code has: 31^10 ≈ 8·10^14, shown as `XXXXX-XXXXX`. It is
/// kept on a phone and printed on a ticket, so it can be longer than a table's code.
pub const PLAYER_CODE_LENGTH: usize = 10;

/// The personal code of `player` in the event with `event_seed` (its recorded standings
/// seed), the `issue`th time it was given (a reissued code replaces the one before).
pub fn player_code(secret: &Secret, event_seed: u64, player: u32, issue: u32) -> String {
    let mut hash = Sha256::new();
    // A domain of its own: no player code is ever a table code's hash.
    hash.update(b"tablekeeper player code");
    hash.update(secret.0);
    hash.update(event_seed.to_le_bytes());
    hash.update(player.to_le_bytes());
    hash.update(issue.to_le_bytes());
    encode(&hash.finalize(), PLAYER_CODE_LENGTH)
}

/// The code of entry `number` made on the entry page: the phone keeps it until
/// the entry is a player, then takes the player's own code.
pub fn entry_code(secret: &Secret, event_seed: u64, number: u32) -> String {
    let mut hash = Sha256::new();
    hash.update(b"tablekeeper entry code");
    hash.update(secret.0);
    hash.update(event_seed.to_le_bytes());
    hash.update(number.to_le_bytes());
    encode(&hash.finalize(), PLAYER_CODE_LENGTH)
}

/// A code for people to read: groups of five (`K7PXM-3QDAB`).
pub fn grouped(code: &str) -> String {
    let chars: Vec<char> = code.chars().collect();
    chars
        .chunks(5)
        .map(|group| group.iter().collect::<String>())
        .collect::<Vec<_>>()
        .join("-")
}

/// A typed code as the code it means: case, spaces, dashes and full-width forms (a
/// Japanese keyboard) do not matter.
pub fn normalize(text: &str) -> String {
    use unicode_normalization::UnicodeNormalization;
    text.nfkc()
        .filter(|c| c.is_ascii_alphanumeric())
        .collect::<String>()
        .to_ascii_uppercase()
}

/// Compares two codes in time that does not depend on where they differ.
pub fn same_code(typed: &str, expected: &str) -> bool {
    let typed = normalize(typed);
    let (a, b) = (typed.as_bytes(), expected.as_bytes());
    let mut difference = u8::from(a.len() != b.len());
    for (x, y) in a.iter().zip(b.iter()) {
        difference |= x ^ y;
    }
    difference == 0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_are_short_unambiguous_and_differ_by_round_seed_and_table() {
        let secret = Secret::random();
        let code = table_code(&secret, "7F3A2C", 3, 99, 12);
        assert_eq!(code.len(), CODE_LENGTH);
        assert!(
            code.chars()
                .all(|c| c.is_ascii_alphanumeric() && !"01OIL".contains(c))
        );
        assert_eq!(code, table_code(&secret, "7F3A2C", 3, 99, 12));
        assert_ne!(code, table_code(&secret, "7F3A2C", 4, 99, 12));
        assert_ne!(code, table_code(&secret, "7F3A2C", 3, 98, 12));
        assert_ne!(code, table_code(&secret, "7F3A2C", 3, 99, 13));
        assert_ne!(code, table_code(&Secret::random(), "7F3A2C", 3, 99, 12));
    }

    #[test]
    fn a_typed_code_ignores_case_spaces_and_full_width_forms() {
        assert!(same_code(" k7p-xm ", "K7PXM"));
        assert!(same_code("Ｋ７ＰＸＭ", "K7PXM"));
        assert!(!same_code("K7PX", "K7PXM"));
        assert!(!same_code("K7PXN", "K7PXM"));
    }

    #[test]
    fn player_codes_differ_by_player_issue_event_and_shop() {
        let secret = Secret::random();
        let code = player_code(&secret, 7, 3, 0);
        assert_eq!(code.len(), PLAYER_CODE_LENGTH);
        assert_eq!(code, player_code(&secret, 7, 3, 0));
        assert_ne!(code, player_code(&secret, 7, 4, 0));
        assert_ne!(code, player_code(&secret, 7, 3, 1));
        assert_ne!(code, player_code(&secret, 8, 3, 0));
        assert_ne!(code, player_code(&Secret::random(), 7, 3, 0));
        assert!(same_code(&grouped(&code).to_lowercase(), &code));
        assert_eq!(grouped("ABCDEFGHJK"), "ABCDE-FGHJK");
    }

    #[test]
    fn a_secret_survives_its_hex_form() {
        let secret = Secret::random();
        let back = Secret::from_hex(&secret.to_hex()).map(|s| s.to_hex());
        assert_eq!(back, Some(secret.to_hex()));
        assert!(Secret::from_hex("zz").is_none());
    }
}
