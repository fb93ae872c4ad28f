//! What a command produced, in both forms: text for the terminal and the JSON `data`.

use serde::Serialize;
use tablekeeper_commands::CommandError;
use tablekeeper_words::{ErrorKind, msg};

pub struct Output {
    pub text: String,
    pub json: serde_json::Value,
    /// The command ran but reports a failure (verify-rules with a failing vector).
    pub failed: bool,
}

impl Output {
    pub fn new(text: String, data: &impl Serialize) -> Result<Output, CommandError> {
        let json = serde_json::to_value(data).map_err(|e| {
            CommandError::input(
                ErrorKind::Internal,
                msg!("error.internal", "{detail}", detail = e.to_string()),
            )
        })?;
        Ok(Output {
            text,
            json,
            failed: false,
        })
    }
}
