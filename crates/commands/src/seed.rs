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
