//! A bundle: what one shop sends the others, as one file that never changes once written.
//!
//! ```text
//! "TKBUNDLE1\n"  u64 LE body length  body  ed25519 signature (64 bytes) of magic+length+body
//! body = u32 LE manifest length, manifest (JSON), each event's bytes, the changeset's bytes
//! ```
//!
//! The manifest names the shop (its public key and name) and each part by its SHA-256, so
//! every part is content-addressed and the whole is signed by the shop that made it. A
//! file shorter than it says is cut short (a stick pulled out: copy it again); a file whose
//! signature or addresses do not hold was changed after it was written; neither is taken.

use ed25519_dalek::{Signature, Signer, SigningKey, VerifyingKey};
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

const MAGIC: &[u8; 10] = b"TKBUNDLE1\n";
const SIGNATURE: usize = 64;
/// The largest bundle read (1 GiB): a larger file is refused before it is read whole.
pub const MAX_BUNDLE: u64 = 1 << 30;

/// What the bundle holds, in order.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Manifest {
    /// The signing shop's public key (hex).
    pub shop: String,
    pub shop_name: String,
    pub made_at: String,
    pub events: Vec<Part>,
    /// The library's changes (an SQLite session changeset of journal rows).
    pub changes: Part,
    pub change_count: u32,
}

/// One part of the body: its content address and size.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Part {
    pub sha256: String,
    pub size: u64,
    /// For an event: its identity, as the shop read it.
    #[serde(default)]
    pub identity: String,
}

/// A bundle read and checked.
#[derive(Debug, Clone)]
pub struct Opened {
    pub manifest: Manifest,
    /// Each event's bytes, in manifest order.
    pub events: Vec<Vec<u8>>,
    pub changes: Vec<u8>,
}

/// Why a bundle file is not taken.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Unreadable {
    /// Not a bundle at all.
    NotABundle,
    /// Shorter than it says: the copy did not finish.
    CutShort,
    /// Its signature or content addresses do not hold: changed after it was written.
    Tampered,
}

/// The SHA-256 of `bytes`, hex.
pub fn sha256(bytes: &[u8]) -> String {
    hex::encode(Sha256::digest(bytes))
}

fn part(bytes: &[u8], identity: &str) -> Part {
    Part {
        sha256: sha256(bytes),
        size: bytes.len() as u64,
        identity: identity.to_string(),
    }
}

/// Writes a bundle's bytes: the events (identity, bytes) and the changeset, signed.
pub fn write(
    key: &SigningKey,
    shop_name: &str,
    made_at: &str,
    events: &[(String, Vec<u8>)],
    changes: &[u8],
    change_count: u32,
) -> Result<Vec<u8>, serde_json::Error> {
    let manifest = Manifest {
        shop: hex::encode(key.verifying_key().to_bytes()),
        shop_name: shop_name.to_string(),
        made_at: made_at.to_string(),
        events: events.iter().map(|(id, bytes)| part(bytes, id)).collect(),
        changes: part(changes, ""),
        change_count,
    };
    let manifest = serde_json::to_vec(&manifest)?;
    let mut body = Vec::new();
    body.extend_from_slice(&(manifest.len() as u32).to_le_bytes());
    body.extend_from_slice(&manifest);
    for (_, bytes) in events {
        body.extend_from_slice(bytes);
    }
    body.extend_from_slice(changes);
    let mut file = Vec::with_capacity(MAGIC.len() + 8 + body.len() + SIGNATURE);
    file.extend_from_slice(MAGIC);
    file.extend_from_slice(&(body.len() as u64).to_le_bytes());
    file.extend_from_slice(&body);
    let signature = key.sign(&file);
    file.extend_from_slice(&signature.to_bytes());
    Ok(file)
}

/// Reads and checks a bundle's bytes: its length, its signature, each part's address.
pub fn open(file: &[u8]) -> Result<Opened, Unreadable> {
    let header = MAGIC.len() + 8;
    if file.len() < header {
        // A prefix of the magic is a bundle cut before its header ended.
        return Err(if MAGIC.starts_with(file) || file.starts_with(MAGIC) {
            Unreadable::CutShort
        } else {
            Unreadable::NotABundle
        });
    }
    if &file[..MAGIC.len()] != MAGIC {
        return Err(Unreadable::NotABundle);
    }
    let mut length = [0u8; 8];
    length.copy_from_slice(&file[MAGIC.len()..header]);
    let body_length = u64::from_le_bytes(length);
    let whole = (header as u64)
        .checked_add(body_length)
        .and_then(|n| n.checked_add(SIGNATURE as u64))
        .ok_or(Unreadable::Tampered)?;
    let actual = file.len() as u64;
    if actual < whole {
        return Err(Unreadable::CutShort);
    }
    if actual > whole {
        return Err(Unreadable::Tampered);
    }
    let signed_end = file.len() - SIGNATURE;
    let signature = Signature::from_slice(&file[signed_end..]).map_err(|_| Unreadable::Tampered)?;
    let body = &file[header..signed_end];
    let manifest_length = body
        .get(..4)
        .map(|b| u32::from_le_bytes([b[0], b[1], b[2], b[3]]) as usize)
        .ok_or(Unreadable::Tampered)?;
    let manifest_bytes = body
        .get(4..4 + manifest_length)
        .ok_or(Unreadable::Tampered)?;
    let manifest: Manifest =
        serde_json::from_slice(manifest_bytes).map_err(|_| Unreadable::Tampered)?;
    let key = hex::decode(&manifest.shop)
        .ok()
        .and_then(|bytes| <[u8; 32]>::try_from(bytes.as_slice()).ok())
        .and_then(|bytes| VerifyingKey::from_bytes(&bytes).ok())
        .ok_or(Unreadable::Tampered)?;
    key.verify_strict(&file[..signed_end], &signature)
        .map_err(|_| Unreadable::Tampered)?;
    let mut at = 4 + manifest_length;
    let mut take = |part: &Part| -> Result<Vec<u8>, Unreadable> {
        let size = usize::try_from(part.size).map_err(|_| Unreadable::Tampered)?;
        let bytes = body.get(at..at + size).ok_or(Unreadable::Tampered)?;
        at += size;
        if sha256(bytes) != part.sha256 {
            return Err(Unreadable::Tampered);
        }
        Ok(bytes.to_vec())
    };
    let events = manifest
        .events
        .iter()
        .map(&mut take)
        .collect::<Result<Vec<_>, _>>()?;
    let changes = take(&manifest.changes)?;
    if at != body.len() {
        return Err(Unreadable::Tampered);
    }
    Ok(Opened {
        manifest,
        events,
        changes,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> Vec<u8> {
        let key = SigningKey::from_bytes(&[7u8; 32]);
        write(
            &key,
            "Shop",
            "2026-11-28T10:00:00+09:00",
            &[("e1".into(), b"event bytes".to_vec())],
            b"changes",
            1,
        )
        .expect("written")
    }

    #[test]
    fn a_bundle_reads_back_whole() {
        let opened = open(&sample()).expect("opens");
        assert_eq!(opened.events, vec![b"event bytes".to_vec()]);
        assert_eq!(opened.changes, b"changes");
        assert_eq!(opened.manifest.shop_name, "Shop");
    }

    #[test]
    fn every_cut_is_cut_short_and_every_changed_byte_is_tampering() {
        let file = sample();
        for cut in 0..file.len() {
            assert_eq!(
                open(&file[..cut]).err(),
                Some(Unreadable::CutShort),
                "cut at {cut}"
            );
        }
        for at in MAGIC.len()..file.len() {
            let mut changed = file.clone();
            changed[at] ^= 0x01;
            let result = open(&changed).err();
            assert!(
                matches!(result, Some(Unreadable::Tampered | Unreadable::CutShort)),
                "byte {at}: {result:?}"
            );
        }
        let mut longer = file;
        longer.push(0);
        assert_eq!(open(&longer).err(), Some(Unreadable::Tampered));
        assert_eq!(
            open(b"PK\x03\x04 a zip file, not ours").err(),
            Some(Unreadable::NotABundle)
        );
    }
}
