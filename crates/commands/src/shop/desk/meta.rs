//! The meta: deck shares, top-cut conversion and the matchup matrix over event files (and
//! the player library's events in a date range). Needs no event open. docs/meta.md.

use std::path::PathBuf;

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::desk::base::{Desk, Nothing};
use crate::desk::printer::{PicturePrint, Pictures};
use crate::error::CommandError;
use crate::event::desk::files::PrintView;
use crate::views::meta::{DeckPartsView, MetaView};
use tablekeeper_engine::model::DeckData;

/// The meta over `files`, and the player library's events created from `from` to `to`
/// when either is given (dates `YYYY-MM-DD`, both included).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct MetaRequest {
    #[serde(default)]
    #[ts(as = "Vec<String>")]
    pub files: Vec<PathBuf>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub from: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub to: Option<String>,
    /// The meta as the room may see it (the projector): the open event's decks left out
    /// until the organizer reveals them.
    #[serde(default)]
    pub for_room: bool,
}

/// The meta's picture printed (PDF) or saved to post (SVG).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct PrintMetaRequest {
    pub meta: MetaRequest,
    #[serde(flatten)]
    #[ts(flatten)]
    pub print: PicturePrint,
}

impl Desk {
    /// The meta over event files, read as they are on disk now.
    pub fn meta(&mut self, request: MetaRequest) -> Result<MetaView, CommandError> {
        let mut files = request.files;
        files.extend(self.library_files_between(request.from.as_deref(), request.to.as_deref())?);
        let now = chrono::Utc::now().timestamp_millis();
        let hidden = match self.session().ok() {
            Some(session)
                if request.for_room && !self.event_room().settings.decks_revealed(now) =>
            {
                Some(session.identity())
            }
            _ => None,
        };
        crate::shop::meta::meta(&files, hidden.as_deref())
    }

    /// The deck parts and names already used in the open event and in the library's earlier
    /// events of the same game, for the deck boxes to offer. An earlier event's file that
    /// cannot be read (moved, on a stick not plugged in) is passed over: the list is a help
    /// for typing, never a reason to refuse.
    pub fn deck_parts(&mut self, _: Nothing) -> Result<DeckPartsView, CommandError> {
        let (title, identity) = {
            let session = self.session()?;
            (
                crate::shop::ratings::title_of(session.event()),
                session.identity(),
            )
        };
        let files = self
            .library_people()
            .map(|(files, _)| files)
            .unwrap_or_default();
        let mut decks: Vec<DeckData> = Vec::new();
        for file in files {
            if let Ok((event, id)) = crate::shop::season::read_event(&file)
                && id != identity
                && crate::shop::ratings::title_of(&event) == title
            {
                decks.extend(event.players.iter().flat_map(|player| player.decks()));
            }
        }
        decks.extend(
            self.session()?
                .event()
                .players
                .iter()
                .flat_map(|player| player.decks()),
        );
        Ok(DeckPartsView::of(&decks))
    }

    /// The meta's picture written as a PDF or an SVG.
    pub fn print_meta(&mut self, request: PrintMetaRequest) -> Result<PrintView, CommandError> {
        let view = self.meta(request.meta)?;
        self.write_pictures(&Pictures::Meta(view), request.print, "meta")
    }
}
