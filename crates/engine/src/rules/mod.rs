//! Rules that decide what follows from an event's state, read-only: which actions a drop
//! or a no-show brings, and which penalty lateness earns. The command layer asks these and
//! records what they say; nothing here changes an event.

pub mod drops;
pub mod tardiness;
