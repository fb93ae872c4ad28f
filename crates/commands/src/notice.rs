//! Notices: what a command has to say besides its result (a backup that could not be
//! written). A notice is a [`Message`]: its key is the stable kind hosts act on.

use tablekeeper_words::message::{Message, Param};
use tablekeeper_words::msg;

use crate::error::CommandError;

/// A notice for the person at the keyboard.
pub type Notice = Message;

/// An automatic backup failed; the change itself is saved.
pub fn backup_failed(error: &CommandError) -> Notice {
    msg!(
        "notice.backup-failed",
        "the change is saved, but the automatic backup could not be written: {error}",
        error = Param::message(&error.message())
    )
}

/// The event opened, but its mirror could not be started (the stick is not plugged in).
pub fn mirror_not_started(error: &CommandError) -> Notice {
    msg!(
        "notice.mirror-not-started",
        "the event is open but not mirrored: {error}. Choose the mirror folder again in Settings once the stick is in",
        error = Param::message(&error.message())
    )
}

/// A seat freed, but the first on the waiting list cannot take it now (the event takes no
/// late entry: decision 11).
pub fn waiting_list_waits(reason: &Message) -> Notice {
    msg!(
        "notice.waiting-list-waits",
        "a seat is free, but the waiting list stays as it is: {reason}",
        reason = Param::message(reason)
    )
}

/// Players were registered, but the player library could not be updated with them.
pub fn library_failed(error: &CommandError) -> Notice {
    msg!(
        "notice.library-failed",
        "the players are registered, but the player library could not be updated: {error}",
        error = Param::message(&error.message())
    )
}
