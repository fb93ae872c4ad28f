//! The exchange between shops as hosts show it: this shop (name, fingerprint), the shops
//! it trusts and the ones waiting to be trusted, what an export wrote and what an import
//! took, each bundle's outcome and every conflict as a message (a kind and its
//! parameters; each host says it in its language), players to match by hand.

use std::path::PathBuf;

use serde::{Deserialize, Serialize};
use tablekeeper_words::Message;
use ts_rs::TS;

/// A shop, as a person checks it by eye.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct ShopView {
    pub name: String,
    /// `ABCD-EF01-2345-6789`: compared with the shop's own Settings before trusting it.
    pub fingerprint: String,
}

/// This laptop's side of the exchange.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct ExchangeView {
    pub shop: ShopView,
    /// The folder bundles are written to and read from (Settings), if chosen.
    #[ts(type = "string | null")]
    pub folder: Option<PathBuf>,
    pub trusted: Vec<ShopView>,
    /// Shops whose bundles wait until a person trusts them.
    pub waiting: Vec<ShopView>,
    /// Events shared (this shop's sent and the others' received).
    pub shared_events: u32,
    /// Shared events' players no library player is yet (to match by hand).
    pub unmatched: u32,
    /// What the shops' changes and events disagree on, said.
    pub conflicts: Vec<Message>,
}

/// What an export wrote.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct ExchangeExportView {
    /// The bundle file, or `null` when there was nothing new to send.
    #[ts(type = "string | null")]
    pub written: Option<PathBuf>,
    pub events: u32,
    pub changes: u32,
    /// Events of the library's not sent because they are not over yet.
    pub not_over: u32,
    /// Events of the library's whose files are not where the library saw them.
    pub missing: u32,
}

/// What became of one bundle file.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "kebab-case")]
#[ts(export)]
pub enum BundleOutcome {
    /// Taken now.
    Taken,
    /// Taken before (or written here): nothing changed.
    AlreadyHere,
    /// From a shop not trusted yet: it waits, untouched, until a person trusts the shop.
    Waiting,
    /// Shorter than it says: copy it again.
    CutShort,
    /// Its signature or contents do not hold: not taken.
    Tampered,
    /// Not a bundle.
    NotABundle,
    /// Larger than any bundle can be (over 1 GiB): left unread.
    TooLarge,
    /// Signed by its shop, but its changes are another shop's or hold details no desk
    /// accepts: not taken.
    Refused,
}

/// One bundle file and what became of it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct BundleView {
    pub file: String,
    pub outcome: BundleOutcome,
    /// The shop it names (when it could be read).
    pub shop: Option<ShopView>,
    pub events: u32,
    pub changes: u32,
    /// The outcome said (a refused or waiting bundle says what to do).
    pub said: Message,
}

/// What an import did.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct ExchangeImportView {
    pub bundles: Vec<BundleView>,
    pub events: u32,
    pub changes: u32,
    /// Conflicts this import found, said.
    pub conflicts: Vec<Message>,
    /// The library's players after it.
    pub players: u32,
}

/// A shared event's player no library player is yet, with who they may be.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct UnmatchedView {
    /// The event's identity.
    pub event: String,
    pub event_name: String,
    pub date: String,
    /// Their number in that event.
    pub player: u32,
    /// Who they are there (their name, reading, publisher ID).
    #[serde(flatten)]
    #[ts(flatten)]
    pub person: tablekeeper_engine::PlayerDetails,
    /// Library players who look like them (the same name and reading, then names or
    /// readings that match as typed: case, accents, width and kana kinds folded alike),
    /// best first.
    pub suggestions: Vec<SuggestedPlayer>,
}

/// A library player a shared event's player may be.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct SuggestedPlayer {
    pub number: u32,
    #[serde(flatten)]
    #[ts(flatten)]
    pub person: tablekeeper_engine::PlayerDetails,
}
