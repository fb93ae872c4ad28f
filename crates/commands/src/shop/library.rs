//! The shop's player library, held so that it is written only through the shop's named
//! changes: everything else reads it (it dereferences to the store's [`Library`]) and
//! cannot reach a write, since the store's handle is private to the shop's wing.

use std::ops::Deref;
use std::path::Path;

use tablekeeper_store::library::{
    Appearance, ImportSummary, Library, LibraryDetails, LibraryPlayer, Shop,
};

use crate::error::CommandError;

/// The shop's library: read freely, changed only by the methods below and the exchange's.
pub struct ShopLibrary {
    pub(super) store: Library,
}

impl Deref for ShopLibrary {
    type Target = Library;

    fn deref(&self) -> &Library {
        &self.store
    }
}

impl ShopLibrary {
    /// The library at `path`, created empty when there is none (a shop's first player).
    pub fn open_or_create(path: &Path) -> Result<ShopLibrary, CommandError> {
        Ok(ShopLibrary {
            store: Library::open_or_create(path)?,
        })
    }

    /// A player typed at the desk, whom no library player is yet (the caller has checked).
    pub fn add_player(
        &mut self,
        details: &LibraryDetails,
        now: &str,
    ) -> Result<LibraryPlayer, CommandError> {
        Ok(self.store.add(details, now)?)
    }

    /// A player's details corrected at the desk (a misspelt name, a new publisher ID).
    pub fn correct_player(
        &mut self,
        number: u32,
        details: &LibraryDetails,
    ) -> Result<LibraryPlayer, CommandError> {
        Ok(self.store.edit(number, details)?)
    }

    /// Two library players found to be one person: `other`'s events become `keep`'s.
    pub fn merge_players(&mut self, keep: u32, other: u32) -> Result<LibraryPlayer, CommandError> {
        Ok(self.store.merge(keep, other)?)
    }

    /// A player asked to be removed: their details and history are erased.
    pub fn remove_on_request(&mut self, number: u32) -> Result<LibraryPlayer, CommandError> {
        Ok(self.store.remove(number)?)
    }

    /// Another laptop's library file taken in (a shop's second laptop, a new laptop).
    pub fn import_library(
        &mut self,
        source: &Path,
        now: &str,
    ) -> Result<ImportSummary, CommandError> {
        Ok(self.store.import(source, now)?)
    }

    /// Library players registered for an event: each one's appearance in it is kept.
    pub fn record_appearances(&mut self, items: &[(u32, Appearance)]) -> Result<(), CommandError> {
        Ok(self.store.record_appearances(items)?)
    }

    /// An event's players linked to the library (found by their details, or added): their
    /// numbers, and whether each was added.
    pub fn link_event_players(
        &mut self,
        players: Vec<(LibraryDetails, Vec<Appearance>)>,
        now: &str,
    ) -> Result<Vec<(u32, bool)>, CommandError> {
        Ok(self.store.link(players, now)?)
    }

    /// The shop's name, as other shops' laptops show it.
    pub fn name_shop(&mut self, name: &str) -> Result<Shop, CommandError> {
        Ok(self.store.set_shop_name(name)?)
    }

    /// The folder bundles are exchanged through (`None`: asked each time).
    pub fn choose_exchange_folder(&mut self, folder: Option<&Path>) -> Result<(), CommandError> {
        Ok(self.store.set_exchange_folder(folder)?)
    }
}
