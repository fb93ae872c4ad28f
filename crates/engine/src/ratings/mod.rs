//! Ratings: the shop's regulars measured with Glicko-2, one rating per title, recomputed
//! from the event files every time (never stored as truth: a corrected result corrects the
//! ratings). Its rules are data ([`rules::RatingRules`], TOML with defaults); its events
//! arrive as each event's played matches ([`compute::RatedEvent`], built by the command
//! layer from the event files). docs/ratings.md.

pub mod compute;
pub mod rules;

pub use compute::{
    MatchShare, PlayerRating, RatedEvent, RatedMatch, RatedOutcome, Rating, RatingChange,
    TitleRatings, compute,
};
pub use rules::RatingRules;
