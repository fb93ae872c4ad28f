//! A recorded seed as people type it: a 64-bit number as text (JSON numbers cannot hold
//! every 64-bit value exactly), or nothing for a fresh one.

use tablekeeper_words::{ErrorKind, msg};

use crate::error::CommandError;

/// The seed typed, or a fresh one when none (or only spaces) was given.
pub fn from_text(text: Option<&str>) -> Result<u64, CommandError> {
    use rand::RngExt;
    match text.map(str::trim) {
        None | Some("") => Ok(rand::rng().random()),
        Some(text) => text.parse::<u64>().map_err(|_| {
            CommandError::input(
                ErrorKind::InvalidRequest,
                msg!(
                    "error.invalid-request.seed",
                    "'{seed}' is not a seed; a seed is a whole number from 0 to 18446744073709551615",
                    seed = text
                ),
            )
        }),
    }
}

/// A recorded seed in JSON: decimal text (a u64 does not fit a JavaScript number); a plain
/// number is read too.
pub mod json {
    use serde::{Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(seed: &Option<u64>, out: S) -> Result<S::Ok, S::Error> {
        match seed {
            Some(seed) => out.serialize_some(&seed.to_string()),
            None => out.serialize_none(),
        }
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(input: D) -> Result<Option<u64>, D::Error> {
        #[derive(Deserialize)]
        #[serde(untagged)]
        enum Given {
            Text(String),
            Number(u64),
        }
        match Option::<Given>::deserialize(input)? {
            None => Ok(None),
            Some(Given::Number(seed)) => Ok(Some(seed)),
            Some(Given::Text(text)) => text
                .trim()
                .parse()
                .map(Some)
                .map_err(|_| serde::de::Error::custom(format!("'{text}' is not a seed"))),
        }
    }
}
