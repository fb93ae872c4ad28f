//! The top cut, gathered in one place: who advances ([`ranking`], [`decks`]), how the
//! bracket is seeded ([`seeding`]) and played round by round ([`bracket`], with
//! [`double`] for double-elimination finals).
//!
//! The bracket's state ([`bracket::Cut`]) is part of the event and depends only on the
//! model; choosing finalists reads the standings. The event's transitions
//! (`event::top_cut`) join the two, so no file here depends on the event.

pub mod bracket;
pub mod decks;
pub mod double;
pub mod ranking;
pub mod seeding;
