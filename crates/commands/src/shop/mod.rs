//! The shop's wing: what belongs to the shop rather than to one event — its player library,
//! the exchange of events and library changes with other shops, and what is read over many
//! events' files: a season (or a league over shops), ratings, the meta (ARCHITECTURE.md,
//! `shop/`).
//!
//! The library is written only here: the desk holds a [`ShopLibrary`], which reads as the
//! store's library and changes it only through the named changes of `library.rs` and
//! `exchange.rs` (`tests/module_graph.rs` keeps it so).

pub mod desk;
pub mod exchange;
pub(crate) mod identities;
pub mod library;
pub mod meta;
pub mod ratings;
pub mod season;
pub mod tool_people;
pub mod views;

pub use library::ShopLibrary;

use std::path::PathBuf;

use crate::desk::printer::{PdfMerger, PicturePrinter, Printer, SeasonPrinter};
use crate::room::code_index::CodeIndex;
use crate::room::codes::Secret;

/// What belongs to the shop rather than to one event: the app's folders and own files, the
/// player library, the printers the host gave, the secret its phone codes come from.
pub struct Shop {
    /// The app's own data (the recent-files list, preferences, the library by default).
    pub(crate) data_dir: PathBuf,
    /// Where new events go by default (the user's documents folder).
    pub(crate) default_folder: PathBuf,
    /// The app's recent-files list and preferences are read and kept (the desktop app);
    /// a host that is not the app (the CLI) neither reads nor changes them.
    pub(crate) app_state: bool,
    /// The shop's player library, opened when first used.
    pub(crate) library: Option<ShopLibrary>,
    /// Another library chosen with `open_library` (`None`: the app's own).
    pub(crate) library_path: Option<PathBuf>,
    pub(crate) printers: Printers,
    /// The shop's secret for table and player codes, once read (`event/desk/room.rs`).
    pub(crate) room_secret: Option<Secret>,
    /// Which open event each phone code belongs to (the LAN server's routing).
    pub(crate) code_index: CodeIndex,
}

/// The printing crate's renderers, as the host hands them in.
#[derive(Default)]
pub struct Printers {
    pub(crate) event: Option<Printer>,
    pub(crate) season: Option<SeasonPrinter>,
    pub(crate) picture: Option<PicturePrinter>,
    pub(crate) merger: Option<PdfMerger>,
    /// The print service's scheduler to send jobs to (`None`: the system's own, or what
    /// CUPS's `CUPS_SERVER` says).
    pub(crate) print_server: Option<std::path::PathBuf>,
}

impl Shop {
    pub fn new(data_dir: PathBuf, default_folder: PathBuf) -> Shop {
        Shop {
            data_dir,
            default_folder,
            app_state: true,
            library: None,
            library_path: None,
            printers: Printers::default(),
            room_secret: None,
            code_index: CodeIndex::default(),
        }
    }
}
