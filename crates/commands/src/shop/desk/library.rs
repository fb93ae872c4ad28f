//! The desk's commands on the player library: the library is opened from the app's data
//! folder when first used (or another one chosen), searched as the scorekeeper types,
//! corrected, merged, exported and imported. Its players in events (registered by number,
//! linked as they register, their histories) are `library_events.rs`.

use std::path::PathBuf;

use serde::{Deserialize, Serialize};
use tablekeeper_store::library::{LibraryDetails, default_library};
use ts_rs::TS;

use crate::desk::base::Desk;
use crate::error::CommandError;
use crate::formats::export::ExportView;
use crate::shop::ShopLibrary;
use crate::shop::tool_people::check_free;
use crate::views::library::*;

/// Opens another library file (created when it does not exist), or the app's own (`null`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct OpenLibraryRequest {
    #[ts(type = "string | null")]
    pub path: Option<PathBuf>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct LibraryFindRequest {
    /// Two letters of a name, reading or nickname; a library number; a publisher ID.
    pub typed: String,
    /// At most this many (default 20).
    #[serde(default)]
    pub limit: Option<u32>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct LibraryEditRequest {
    pub number: u32,
    pub details: LibraryDetails,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct LibraryMergeRequest {
    /// The player kept (their details win).
    pub keep: u32,
    /// The player merged into `keep` (they leave the library).
    pub other: u32,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct LibraryNumberRequest {
    pub number: u32,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct LibraryFileRequest {
    #[ts(type = "string")]
    pub path: PathBuf,
}

const FIND_LIMIT: u32 = 20;

impl Desk {
    /// The library, opened (or created) when first used.
    pub(crate) fn library_mut(&mut self) -> Result<&mut ShopLibrary, CommandError> {
        if self.shop.library.is_none() {
            let path = self
                .shop
                .library_path
                .clone()
                .unwrap_or_else(|| default_library(&self.shop.data_dir));
            self.shop.library = Some(ShopLibrary::open_or_create(&path)?);
        }
        self.shop.library.as_mut().ok_or_else(|| CommandError::Io {
            path: self.shop.data_dir.display().to_string(),
            detail: "the player library could not be opened".into(),
        })
    }

    fn library_view(&mut self) -> Result<LibraryView, CommandError> {
        let library = self.library_mut()?;
        Ok(LibraryView {
            path: library.path().to_path_buf(),
            players: u32::try_from(library.len()).unwrap_or(u32::MAX),
            duplicate_groups: u32::try_from(library.duplicates().len()).unwrap_or(u32::MAX),
        })
    }

    /// Library player `number` (hosts read one before correcting it).
    pub fn library_player(&mut self, number: u32) -> Result<LibraryPlayerView, CommandError> {
        self.player_view(number)
    }

    pub(crate) fn player_view(&mut self, number: u32) -> Result<LibraryPlayerView, CommandError> {
        let library = self.library_mut()?;
        let player = library.player(number)?;
        let seen = library.seen_one(number)?;
        Ok(LibraryPlayerView::of(player, seen))
    }

    pub fn library_info(&mut self, _: ()) -> Result<LibraryView, CommandError> {
        self.library_view()
    }

    /// Opens another library (a second shop, or one brought from another laptop).
    pub fn open_library(
        &mut self,
        request: OpenLibraryRequest,
    ) -> Result<LibraryView, CommandError> {
        let library = match &request.path {
            Some(path) => ShopLibrary::open_or_create(path)?,
            None => ShopLibrary::open_or_create(&default_library(&self.shop.data_dir))?,
        };
        self.shop.library = Some(library);
        self.shop.library_path = request.path;
        self.library_view()
    }

    pub fn library_players(&mut self, _: ()) -> Result<Vec<LibraryPlayerView>, CommandError> {
        let library = self.library_mut()?;
        let mut seen = library.seen()?;
        Ok(library
            .players()?
            .into_iter()
            .map(|p| {
                let number = p.number;
                LibraryPlayerView::of(p, seen.remove(&number))
            })
            .collect())
    }

    /// Find-as-you-type: the best matches for what was typed. A scanned player ticket (its
    /// code, or the page address it carries, `…#p=CODE`) finds its player first.
    pub fn library_find(
        &mut self,
        request: LibraryFindRequest,
    ) -> Result<Vec<LibraryPlayerView>, CommandError> {
        let limit = request.limit.unwrap_or(FIND_LIMIT).min(200) as usize;
        let library = self.library_mut()?;
        let ticket = ticket_code(&request.typed)
            .map(|code| library.find_by_ticket(&code))
            .transpose()?
            .flatten();
        let mut found = library.find(&request.typed, limit)?;
        if let Some(number) = ticket {
            found.retain(|p| p.number != number);
            found.insert(0, library.player(number)?);
            found.truncate(limit.max(1));
        }
        found
            .into_iter()
            .map(|player| {
                let seen = library.seen_one(player.number)?;
                Ok(LibraryPlayerView::of(player, seen))
            })
            .collect()
    }

    pub fn library_add(
        &mut self,
        details: LibraryDetails,
    ) -> Result<LibraryPlayerView, CommandError> {
        let details = crate::names::library_details(&details)?;
        let library = self.library_mut()?;
        if let Some(same) = library.same_as(&details)? {
            return Err(duplicate_in_library(&same));
        }
        check_free(library, &details.ids, None)?;
        let added = library.add_player(&details, &crate::desk::printer::print_time())?;
        self.player_view(added.number)
    }

    pub fn library_edit(
        &mut self,
        request: LibraryEditRequest,
    ) -> Result<LibraryPlayerView, CommandError> {
        let details = crate::names::library_details(&request.details)?;
        let library = self.library_mut()?;
        let before = library.player(request.number)?;
        check_free(library, &details.ids, Some(&before))?;
        if let Some(other) = library.same_as_other(&details, request.number)? {
            // A duplicate the library already held stays editable (a merge settles it); an
            // edit that makes one is refused, as adding the same details is.
            let already = library
                .same_as_other(&before.details, request.number)?
                .is_some_and(|p| p.number == other.number);
            if !already {
                return Err(CommandError::input(
                    tablekeeper_words::ErrorKind::DuplicatePlayer,
                    tablekeeper_words::msg!(
                        "error.duplicate-player.library-edit",
                        "{name} is already in the library as number {number} with these details; merge the two players instead (keep {number})",
                        name = other.details.person.name.clone(),
                        number = other.number
                    ),
                ));
            }
        }
        library.correct_player(request.number, &details)?;
        self.player_view(request.number)
    }

    pub fn library_duplicates(
        &mut self,
        _: (),
    ) -> Result<Vec<Vec<LibraryPlayerView>>, CommandError> {
        let groups = self.library_mut()?.duplicates();
        groups
            .into_iter()
            .map(|group| group.into_iter().map(|n| self.player_view(n)).collect())
            .collect()
    }

    pub fn library_merge(
        &mut self,
        request: LibraryMergeRequest,
    ) -> Result<LibraryPlayerView, CommandError> {
        if request.keep == request.other {
            return Err(CommandError::input(
                tablekeeper_words::ErrorKind::InvalidRequest,
                tablekeeper_words::msg!(
                    "error.invalid-request.merge-self",
                    "player {number} cannot be merged with themselves; choose two players",
                    number = request.keep
                ),
            ));
        }
        self.library_mut()?
            .merge_players(request.keep, request.other)?;
        self.player_view(request.keep)
    }

    /// Removes a player on request; their details leave the library (event files keep theirs).
    pub fn library_remove(
        &mut self,
        request: LibraryNumberRequest,
    ) -> Result<LibraryPlayerView, CommandError> {
        let view = self.player_view(request.number)?;
        self.library_mut()?.remove_on_request(request.number)?;
        Ok(view)
    }

    pub fn library_export(
        &mut self,
        request: LibraryFileRequest,
    ) -> Result<ExportView, CommandError> {
        self.library_mut()?.export(&request.path)?;
        Ok(ExportView {
            written: request.path.display().to_string(),
            unrepresentable: Vec::new(),
        })
    }

    pub fn library_import(
        &mut self,
        request: LibraryFileRequest,
    ) -> Result<LibraryImportView, CommandError> {
        let summary = self
            .library_mut()?
            .import_library(&request.path, &crate::desk::printer::print_time())?;
        Ok(LibraryImportView {
            added: summary.added,
            matched: summary.matched,
            library: self.library_view()?,
        })
    }
}

fn duplicate_in_library(same: &tablekeeper_store::library::LibraryPlayer) -> CommandError {
    CommandError::input(
        tablekeeper_words::ErrorKind::DuplicatePlayer,
        tablekeeper_words::msg!(
            "error.duplicate-player.library",
            "{name} is already in the library as number {number}; register them from there, or merge",
            name = same.details.person.name.clone(),
            number = same.number
        ),
    )
}

/// The player-ticket code in what a scanner typed: the code itself (letters and digits,
/// dashes allowed), or the players' page address a ticket's QR code carries (`…#p=CODE`).
fn ticket_code(typed: &str) -> Option<String> {
    let text = typed.trim();
    let code = match text.split_once("#p=") {
        Some((_, code)) => code,
        None if text.len() >= 10 && text.chars().all(|c| c.is_ascii_alphanumeric() || c == '-') => {
            text
        }
        None => return None,
    };
    let code = crate::room::codes::normalize(code);
    (code.len() >= 10).then_some(code)
}
