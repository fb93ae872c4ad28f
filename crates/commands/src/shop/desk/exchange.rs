//! The desk's commands for shops exchanging by folder (docs/exchange.md): this shop's
//! name and fingerprint, the exchange folder chosen in Settings, export and import of
//! bundles, trusting a shop after comparing its fingerprint, and matching a shared event's
//! player to a library player by hand. The work is `crate::shop::exchange`'s.

use std::path::PathBuf;

use serde::{Deserialize, Serialize};
use tablekeeper_words::{ErrorKind, msg};
use ts_rs::TS;

use crate::desk::base::Desk;
use crate::error::CommandError;
use crate::views::exchange::*;
use crate::views::library::LibraryPlayerView;

/// Names this shop (other shops see the name beside its fingerprint).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct ShopNameRequest {
    pub name: String,
}

/// A folder to exchange through; `null`: the one chosen in Settings.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct ExchangeFolderRequest {
    #[ts(type = "string | null")]
    pub folder: Option<PathBuf>,
}

/// Trusts the shop whose waiting bundles show this fingerprint.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct TrustShopRequest {
    pub fingerprint: String,
}

/// Who a shared event's player is: library player `number`, or a new one (`null`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct ConfirmMatchRequest {
    /// The event's identity.
    pub event: String,
    pub player: u32,
    pub number: Option<u32>,
}

/// The longest shop name kept.
const MAX_SHOP_NAME: usize = 80;

impl Desk {
    pub fn exchange_info(&mut self, _: ()) -> Result<ExchangeView, CommandError> {
        crate::shop::exchange::status(self.library_mut()?)
    }

    pub fn set_shop_name(
        &mut self,
        request: ShopNameRequest,
    ) -> Result<ExchangeView, CommandError> {
        let name = request.name.trim();
        if name.is_empty()
            || name.chars().count() > MAX_SHOP_NAME
            || name.chars().any(char::is_control)
        {
            return Err(CommandError::input(
                ErrorKind::ExchangeRefused,
                msg!(
                    "error.exchange.shop-name",
                    "a shop's name is 1 to {max} characters on one line",
                    max = MAX_SHOP_NAME
                ),
            ));
        }
        let library = self.library_mut()?;
        library.name_shop(name)?;
        crate::shop::exchange::status(library)
    }

    /// Chooses the exchange folder (the app imports new bundles from it as they appear).
    pub fn set_exchange_folder(
        &mut self,
        request: ExchangeFolderRequest,
    ) -> Result<ExchangeView, CommandError> {
        if let Some(folder) = &request.folder
            && !folder.is_dir()
        {
            return Err(no_folder(folder));
        }
        let library = self.library_mut()?;
        library.choose_exchange_folder(request.folder.as_deref())?;
        crate::shop::exchange::status(library)
    }

    fn exchange_folder(&mut self, folder: Option<PathBuf>) -> Result<PathBuf, CommandError> {
        let folder = match folder {
            Some(folder) => folder,
            None => self.library_mut()?.exchange_folder()?.ok_or_else(|| {
                CommandError::input(
                    ErrorKind::ExchangeRefused,
                    msg!(
                        "error.exchange.no-folder-chosen",
                        "choose an exchange folder in Settings first (a USB stick or a shared folder)"
                    ),
                )
            })?,
        };
        if !folder.is_dir() {
            return Err(no_folder(&folder));
        }
        Ok(folder)
    }

    /// Writes this shop's new events and library changes as one bundle in the folder.
    pub fn exchange_export(
        &mut self,
        request: ExchangeFolderRequest,
    ) -> Result<ExchangeExportView, CommandError> {
        let folder = self.exchange_folder(request.folder)?;
        self.library_mut()?.export_bundle(&folder, &now())
    }

    /// Takes every new bundle in the folder.
    pub fn exchange_import(
        &mut self,
        request: ExchangeFolderRequest,
    ) -> Result<ExchangeImportView, CommandError> {
        let folder = self.exchange_folder(request.folder)?;
        self.library_mut()?.import_bundles(&folder, &now())
    }

    pub fn trust_shop(&mut self, request: TrustShopRequest) -> Result<ShopView, CommandError> {
        self.library_mut()?.trust_shop(&request.fingerprint, &now())
    }

    pub fn exchange_unmatched(&mut self, _: ()) -> Result<Vec<UnmatchedView>, CommandError> {
        crate::shop::exchange::unmatched(self.library_mut()?)
    }

    pub fn exchange_confirm(
        &mut self,
        request: ConfirmMatchRequest,
    ) -> Result<LibraryPlayerView, CommandError> {
        let number = self.library_mut()?.confirm_player(
            &request.event,
            request.player,
            request.number,
            &now(),
        )?;
        self.player_view(number)
    }
}

/// Now, as bundles and the library record it (RFC 3339 with the laptop's offset).
fn now() -> String {
    chrono::Local::now().to_rfc3339_opts(chrono::SecondsFormat::Secs, false)
}

fn no_folder(folder: &std::path::Path) -> CommandError {
    CommandError::input(
        ErrorKind::ExchangeRefused,
        msg!(
            "error.exchange.no-folder",
            "{folder} is not a folder here: plug in the stick or choose the folder again",
            folder = folder.display().to_string()
        ),
    )
}
