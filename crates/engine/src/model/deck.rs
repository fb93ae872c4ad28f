//! Deck registration data recorded per player (or per team member): what finalist
//! selection by deck and the publisher reports read.

use serde::{Deserialize, Serialize};

/// One card line of a registered deck list.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export))]
pub struct DeckCard {
    pub number: String,
    pub name: String,
    pub count: u32,
}

/// Deck registration data, used by finalist selection and publisher reports.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Default)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export))]
pub struct DeckData {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// Title / nation / clan / ride line / oshi holomem, as the title uses them.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub title: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub nation_clan: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ride_line: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub oshi: Option<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub cards: Vec<DeckCard>,
}
