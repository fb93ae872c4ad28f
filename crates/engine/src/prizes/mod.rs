//! Prizes per event: a payout that is exact. Store credit in integers of the
//! shop's smallest unit and counted items (packs), by placing (a ladder whose rows are upper
//! bounds: the highest row a place reaches applies, as Limitless' prizing does), by record
//! ("3-0: 2500, 2-1: 1000"), a participation minimum, and a door-prize raffle drawn from a
//! recorded seed. Players tied for places either share those places' prizes equally, share
//! them by the Hort system, or are ordered by the standings (the organizer chooses).
//! What is paid out equals the pool, or the remainder is stated; nothing is rounded away.
//! docs/prizes.md holds the decisions and the sources.

pub mod payout;
pub mod rules;
pub mod split;

pub use payout::{Entrant, ItemLine, Payout, PayoutLine, plan};
pub use rules::{ItemRule, PlaceRow, PrizeRules, RecordRow, TieRule};
