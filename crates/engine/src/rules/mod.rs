//! Rules that decide what follows from an event's state, read-only: the points and
//! records a result gives ([`scoring`]), how the structure runs and when it is over
//! ([`structure`], [`elimination`]), which actions a drop or a no-show brings ([`drops`]),
//! which penalty lateness earns ([`tardiness`]), where an entry at the door stands
//! ([`door`]), and who is locked in or out of a planned cut before the last rounds
//! ([`projection`]). The transitions and the command layer ask these; nothing here changes
//! an event.

pub mod deck_check;
pub mod door;
pub mod drops;
pub mod elimination;
pub mod final_order;
pub mod projection;
pub mod scoring;
pub mod structure;
pub mod tardiness;
