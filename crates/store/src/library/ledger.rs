//! The library's journal and the shop it belongs to. Every change made here (a person
//! added, edited, merged, removed, an event played) is written as a row of `changes` in the
//! same transaction as the change itself, stamped with this shop's key, a Lamport clock and
//! the shop's own count, so it can travel to other shops (`super::exchange`) and be added
//! up the same everywhere (`super::fold`).
//!
//! The shop (its name and its ed25519 key, made once when the library is first opened) lives
//! in the library: the key signs what the shop sends. An export of the library leaves the
//! secret half out, so a copy given away cannot speak for the shop.

use ed25519_dalek::SigningKey;
use rusqlite::{Connection, OptionalExtension, params};
use sha2::{Digest, Sha256};

use super::fold::{Change, ChangeBody, PlayerDetails};
use crate::error::StoreError;

/// This shop as the library knows it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Shop {
    pub name: String,
    /// The public key, hex.
    pub key: String,
}

impl Shop {
    /// The short form a person compares by eye: 16 hex digits in four groups.
    pub fn fingerprint(&self) -> String {
        fingerprint(&self.key)
    }
}

/// The fingerprint of a shop's public key (hex): the first 8 bytes of its SHA-256, as
/// `ABCD-EF01-2345-6789`.
pub fn fingerprint(key: &str) -> String {
    let digest = Sha256::digest(key.as_bytes());
    let hex: String = digest.iter().take(8).map(|b| format!("{b:02X}")).collect();
    hex.as_bytes()
        .chunks(4)
        .map(|c| String::from_utf8_lossy(c).into_owned())
        .collect::<Vec<_>>()
        .join("-")
}

/// A fingerprint as typed (any case, with or without dashes or spaces), normalized.
pub fn normalize_fingerprint(typed: &str) -> String {
    let hex: String = typed
        .chars()
        .filter(char::is_ascii_hexdigit)
        .map(|c| c.to_ascii_uppercase())
        .collect();
    hex.as_bytes()
        .chunks(4)
        .map(|c| String::from_utf8_lossy(c).into_owned())
        .collect::<Vec<_>>()
        .join("-")
}

pub(super) fn hex(bytes: &[u8]) -> String {
    hex::encode(bytes)
}

/// Makes the shop the first time the library is opened (a new key), and writes the players
/// and events already in the library as this shop's first changes.
pub(super) fn ensure_shop(conn: &mut Connection) -> Result<(), StoreError> {
    let keyed: Option<bool> = conn
        .query_row("SELECT secret IS NOT NULL FROM shop", [], |row| row.get(0))
        .optional()?;
    match keyed {
        Some(true) => return Ok(()),
        Some(false) => return new_key(conn),
        None => {}
    }
    let secret: [u8; 32] = rand::random();
    let public = SigningKey::from_bytes(&secret).verifying_key().to_bytes();
    let tx = conn.transaction()?;
    tx.execute(
        "INSERT INTO shop (only, name, secret, public) VALUES (1, '', ?1, ?2)",
        params![secret.as_slice(), public.as_slice()],
    )?;
    // What the library held before it had a journal: this shop's changes.
    let players: Vec<(String, PlayerDetails, String)> = {
        let mut statement = tx.prepare(
            "SELECT uid, name, reading, publisher_id, nickname, added_at FROM players ORDER BY number",
        )?;
        statement
            .query_map([], |row| {
                Ok((
                    row.get(0)?,
                    PlayerDetails {
                        name: row.get(1)?,
                        reading: row.get(2)?,
                        publisher_id: row.get(3)?,
                        nickname: row.get(4)?,
                        members: Vec::new(),
                    },
                    row.get(5)?,
                ))
            })?
            .collect::<Result<_, _>>()?
    };
    for (person, details, added_at) in players {
        append(
            &tx,
            &ChangeBody::Add {
                person,
                details,
                added_at,
                // The library had no such numbers before its journal.
                ids: super::fold::PublisherIds::default(),
            },
        )?;
    }
    let appearances: Vec<ChangeBody> = {
        let mut statement = tx.prepare(
            "SELECT p.uid, a.event, a.event_player, a.event_name, a.date FROM appearances a JOIN players p ON p.number = a.player ORDER BY a.date, a.event, p.number",
        )?;
        statement
            .query_map([], |row| {
                Ok(ChangeBody::Appear {
                    person: row.get(0)?,
                    event: row.get(1)?,
                    player: row.get(2)?,
                    event_name: row.get(3)?,
                    date: row.get(4)?,
                })
            })?
            .collect::<Result<_, _>>()?
    };
    for body in &appearances {
        append(&tx, body)?;
    }
    tx.commit()?;
    Ok(())
}

/// A library copied by export has no secret key: opened as a library of its own, it is a
/// new shop (a new key, which other shops trust anew). Its changes not sent yet are
/// restamped as the new shop's, since no other shop has them.
fn new_key(conn: &mut Connection) -> Result<(), StoreError> {
    let secret: [u8; 32] = rand::random();
    let public = SigningKey::from_bytes(&secret).verifying_key().to_bytes();
    let tx = conn.transaction()?;
    let (old, sent): (Vec<u8>, i64) =
        tx.query_row("SELECT public, exported_seq FROM shop", [], |row| {
            Ok((row.get(0)?, row.get(1)?))
        })?;
    let (old, new) = (hex(&old), hex(&public));
    let unsent: Vec<String> = {
        let mut statement =
            tx.prepare("SELECT id FROM changes WHERE shop = ?1 AND seq > ?2 ORDER BY seq")?;
        let rows = statement.query_map(params![old, sent], |row| row.get(0))?;
        rows.collect::<Result<_, _>>()?
    };
    let mut seq = 0i64;
    for id in &unsent {
        seq += 1;
        tx.execute(
            "UPDATE changes SET id = ?2, shop = ?3, seq = ?4 WHERE id = ?1",
            params![id, change_id(&new, seq), new, seq],
        )?;
    }
    tx.execute(
        "UPDATE shop SET secret = ?1, public = ?2, seq = ?3, exported_seq = 0",
        params![secret.as_slice(), public.as_slice(), seq],
    )?;
    tx.commit()?;
    Ok(())
}

/// This shop.
pub(super) fn shop(conn: &Connection) -> Result<Shop, StoreError> {
    let (name, public): (String, Vec<u8>) =
        conn.query_row("SELECT name, public FROM shop", [], |row| {
            Ok((row.get(0)?, row.get(1)?))
        })?;
    Ok(Shop {
        name,
        key: hex(&public),
    })
}

/// This shop's signing key (absent in a copy made by export).
pub(super) fn signing_key(conn: &Connection) -> Result<Option<SigningKey>, StoreError> {
    let secret: Option<Vec<u8>> =
        conn.query_row("SELECT secret FROM shop", [], |row| row.get(0))?;
    Ok(secret
        .and_then(|bytes| <[u8; 32]>::try_from(bytes.as_slice()).ok())
        .map(|bytes| SigningKey::from_bytes(&bytes)))
}

/// Writes `body` as this shop's next change (inside the caller's transaction).
pub(super) fn append(conn: &Connection, body: &ChangeBody) -> Result<(), StoreError> {
    let (public, clock, seq): (Vec<u8>, i64, i64) = conn.query_row(
        "SELECT public, MAX(shop.clock, COALESCE((SELECT MAX(clock) FROM changes), 0)) + 1, seq + 1 FROM shop",
        [],
        |row| Ok((row.get(0)?, row.get(1)?, row.get(2)?)),
    )?;
    let shop = hex(&public);
    let text = serde_json::to_string(body).map_err(|e| StoreError::Data(e.to_string()))?;
    conn.execute(
        "INSERT INTO changes (id, clock, shop, seq, body) VALUES (?1, ?2, ?3, ?4, ?5)",
        params![change_id(&shop, seq), clock, shop, seq, text],
    )?;
    conn.execute("UPDATE shop SET clock = ?1, seq = ?2", params![clock, seq])?;
    Ok(())
}

/// A change's identity: its shop and its count there.
pub(super) fn change_id(shop: &str, seq: i64) -> String {
    format!("{shop}:{seq:012}")
}

/// Every change in the journal.
pub(super) fn changes(conn: &Connection) -> Result<Vec<Change>, StoreError> {
    let mut statement = conn.prepare("SELECT clock, shop, seq, body FROM changes")?;
    let rows = statement.query_map([], |row| {
        Ok((
            row.get::<_, i64>(0)?,
            row.get::<_, String>(1)?,
            row.get::<_, i64>(2)?,
            row.get::<_, String>(3)?,
        ))
    })?;
    let mut all = Vec::new();
    for row in rows {
        let (clock, shop, seq, body) = row?;
        let body: ChangeBody = serde_json::from_str(&body)
            .map_err(|e| StoreError::Data(format!("a library change could not be read: {e}")))?;
        all.push(Change {
            clock: u64::try_from(clock).unwrap_or(0),
            shop,
            seq: u64::try_from(seq).unwrap_or(0),
            body,
        });
    }
    Ok(all)
}

/// A person's global identity, by library number.
pub(super) fn uid(conn: &Connection, number: u32) -> Result<String, StoreError> {
    conn.query_row(
        "SELECT uid FROM players WHERE number = ?1",
        params![number],
        |row| row.get(0),
    )
    .optional()?
    .ok_or(StoreError::UnknownLibraryPlayer { number })
}

/// A new global identity for a person.
pub(super) fn new_uid() -> String {
    let bytes: [u8; 16] = rand::random();
    hex(&bytes)
}

/// What of a library person travels to other shops: the person, without the shop's note.
pub(super) fn shared(details: &super::records::LibraryDetails) -> PlayerDetails {
    PlayerDetails {
        members: Vec::new(),
        ..details.person.clone()
    }
}
