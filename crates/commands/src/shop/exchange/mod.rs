//! Shops exchanging by folder (docs/exchange.md): a USB stick, a shared folder, a folder a
//! file-sync program keeps in step. Each shop writes bundles (`crate::formats::bundle`) that never
//! change once written and reads every bundle it has not taken yet, in any order: the
//! events over since its last export, and its library's changes (SQLite session changesets
//! of the library's journal, `tablekeeper_store::library`).
//!
//! Every shared event is kept here as its own immutable copy, by content address, in the
//! library's folder (`shared events/`): the league reads those copies, so every laptop that
//! holds the same bundles computes the same table from the same bytes.

use std::path::Path;

use crate::error::CommandError;
use crate::views::exchange::{ExchangeExportView, ExchangeImportView, ShopView};

mod league;
mod people;
mod send;
mod status;
mod take;

pub use league::league;
pub use people::{confirm, unmatched};
pub use send::export;
pub use status::{BUNDLE_EXTENSION, is_over, shared_folder, status};
pub use take::{import, trust};

/// The exchange's changes of the shop's library, as the desk makes them.
impl crate::shop::ShopLibrary {
    /// The shop sends what is new since its last bundle (see [`export`]).
    pub fn export_bundle(
        &mut self,
        to: &Path,
        now: &str,
    ) -> Result<ExchangeExportView, CommandError> {
        export(&mut self.store, to, now)
    }

    /// The shop takes the bundles it has not taken yet (see [`import`]).
    pub fn import_bundles(
        &mut self,
        from: &Path,
        now: &str,
    ) -> Result<ExchangeImportView, CommandError> {
        import(&mut self.store, from, now)
    }

    /// The shop trusts another shop whose fingerprint it checked (see [`trust`]).
    pub fn trust_shop(&mut self, typed: &str, now: &str) -> Result<ShopView, CommandError> {
        trust(&mut self.store, typed, now)
    }

    /// A person said who a shared event's player is (see [`confirm`]).
    pub fn confirm_player(
        &mut self,
        event: &str,
        player: u32,
        number: Option<u32>,
        now: &str,
    ) -> Result<u32, CommandError> {
        confirm(&mut self.store, event, player, number, now)
    }
}
