//! A checksum chain over the event record and every log row.
//!
//! Each row stores a 128-bit XXH3 hash of the previous row's checksum and its own fields
//! (a fast hash made to catch damage, not to resist a forger), starting from
//! a hash of the event record; the event record keeps the number of rows and the last
//! checksum. A flipped byte in any stored value, a row removed from the middle or the end,
//! or rows in another order are found when the file is opened, so a damaged file is never
//! read as a different, valid-looking event.

use xxhash_rust::xxh3::Xxh3;

/// The first schema with the checksum chain.
pub const CHECKSUM_SCHEMA_VERSION: i64 = 3;

/// The checksum after some prefix of the log.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Chain([u8; 16]);

/// The stored fields of the event record that the chain starts from.
pub struct EventRecord<'a> {
    pub created_at: &'a str,
    pub settings_json: &'a str,
    pub ruleset_id: &'a str,
    pub ruleset_toml: &'a str,
}

/// The stored fields of one log row.
pub struct Row<'a> {
    pub seq: i64,
    pub step: i64,
    pub recorded_at: &'a str,
    pub kind: &'a str,
    pub payload_json: &'a str,
    pub reason: Option<&'a str>,
}

/// Feeds a field with its length first, so field boundaries cannot shift.
fn field(hasher: &mut Xxh3, bytes: &[u8]) {
    hasher.update(&(bytes.len() as u64).to_le_bytes());
    hasher.update(bytes);
}

impl Chain {
    pub fn start(record: &EventRecord) -> Chain {
        let mut hasher = Xxh3::new();
        field(&mut hasher, b"tablekeeper event v3");
        field(&mut hasher, record.created_at.as_bytes());
        field(&mut hasher, record.settings_json.as_bytes());
        field(&mut hasher, record.ruleset_id.as_bytes());
        field(&mut hasher, record.ruleset_toml.as_bytes());
        Chain(hasher.digest128().to_le_bytes())
    }

    pub fn next(&self, row: &Row) -> Chain {
        let mut hasher = Xxh3::new();
        field(&mut hasher, &self.0);
        field(&mut hasher, &row.seq.to_le_bytes());
        field(&mut hasher, &row.step.to_le_bytes());
        field(&mut hasher, row.recorded_at.as_bytes());
        field(&mut hasher, row.kind.as_bytes());
        field(&mut hasher, row.payload_json.as_bytes());
        match row.reason {
            Some(reason) => field(&mut hasher, reason.as_bytes()),
            // NULL and "" differ.
            None => hasher.update(&u64::MAX.to_le_bytes()),
        }
        Chain(hasher.digest128().to_le_bytes())
    }

    pub fn to_hex(self) -> String {
        self.0.iter().map(|b| format!("{b:02x}")).collect()
    }
}

/// Checksum of a stored text that is not a log row (the snapshot).
pub fn digest(text: &str) -> String {
    format!("{:032x}", xxhash_rust::xxh3::xxh3_128(text.as_bytes()))
}
