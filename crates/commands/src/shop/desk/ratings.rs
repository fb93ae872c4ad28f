//! Ratings: the shop's regulars measured with Glicko-2 over event files, and why a
//! player's rating moved. Needs no event open. docs/ratings.md.

use std::path::PathBuf;

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::desk::base::Desk;
use crate::desk::printer::{PicturePrint, Pictures};
use crate::error::CommandError;
use crate::event::desk::files::PrintView;
use crate::views::ratings::RatingsView;

/// Ratings over the event files `files` under `rules` (TOML text; none or empty: the
/// defaults), one title (`title`, a title preset's id) or all, and with `explain` how each
/// event moved that player's rating (their name as registered).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct RatingsRequest {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub rules: Option<String>,
    #[serde(default)]
    #[ts(as = "Vec<String>")]
    pub files: Vec<PathBuf>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub title: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub explain: Option<String>,
    /// Also every event the player library has seen, its people matched by the library
    /// (one person however each event registered them).
    #[serde(default)]
    pub library: bool,
}

/// The ratings' pictures printed (PDF: each title's leaderboard, then the explained
/// player's history) or saved to post (SVG: the history, else the first leaderboard).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct PrintRatingsRequest {
    pub ratings: RatingsRequest,
    #[serde(flatten)]
    #[ts(flatten)]
    pub print: PicturePrint,
}

/// Ratings published to the players' phones: each player sees their own rating in the
/// event's title and how their latest rated event moved it. Over the player library's
/// events (when `library`), `files` and the open event as it stands, under `rules` (TOML;
/// none: the defaults).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct PublishRatingsRequest {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub rules: Option<String>,
    #[serde(default)]
    #[ts(as = "Vec<String>")]
    pub files: Vec<PathBuf>,
    #[serde(default)]
    pub library: bool,
}

/// What publishing ratings did: how many of the event's players have a rating to see.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct PublishedRatingsView {
    pub rated_players: u32,
    pub players: u32,
}

/// The ratings' picture to show in the app: with `explain` the player's rating history,
/// else the first title's leaderboard, in `language`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct RatingsPictureRequest {
    pub ratings: RatingsRequest,
    pub language: tablekeeper_words::Language,
}

impl Desk {
    /// The ratings' picture as SVG text: the very drawing `print_ratings` writes.
    pub fn ratings_picture(
        &mut self,
        request: RatingsPictureRequest,
    ) -> Result<String, CommandError> {
        let printer = self
            .shop
            .printers
            .picture
            .ok_or_else(crate::event::desk::files::no_printer)?;
        let view = self.ratings(request.ratings)?;
        let bytes = printer(
            &Pictures::Ratings(view),
            crate::desk::printer::PictureFormat::Svg,
            crate::vocabulary::Paper::A4,
            request.language,
            "",
        )?;
        Ok(String::from_utf8_lossy(&bytes).into_owned())
    }

    /// Publishes each player's own rating to their phone (computed now; publishing again
    /// refreshes it), or stops showing ratings (`null`).
    pub fn publish_ratings(
        &mut self,
        request: Option<PublishRatingsRequest>,
    ) -> Result<Option<PublishedRatingsView>, CommandError> {
        self.session()?;
        let Some(request) = request else {
            self.event_room_mut().ratings = None;
            return Ok(None);
        };
        let (files, people) = self.rated_files(request.files, request.library)?;
        let session = self.session()?;
        let ratings = crate::shop::ratings::published(
            request.rules.as_deref().unwrap_or(""),
            &files,
            session.event(),
            &session.identity(),
            &people,
        )?;
        let view = PublishedRatingsView {
            rated_players: u32::try_from(ratings.len()).unwrap_or(u32::MAX),
            players: u32::try_from(session.event().players.len()).unwrap_or(u32::MAX),
        };
        self.event_room_mut().ratings = Some(ratings);
        Ok(Some(view))
    }

    /// The ratings' pictures written as a PDF or an SVG.
    pub fn print_ratings(
        &mut self,
        request: PrintRatingsRequest,
    ) -> Result<PrintView, CommandError> {
        let view = self.ratings(request.ratings)?;
        self.write_pictures(&Pictures::Ratings(view), request.print, "ratings")
    }

    /// Ratings over event files, read as they are on disk now.
    pub fn ratings(&mut self, request: RatingsRequest) -> Result<RatingsView, CommandError> {
        let (files, people) = self.rated_files(request.files, request.library)?;
        crate::shop::ratings::ratings(
            request.rules.as_deref().unwrap_or(""),
            &files,
            request.title.as_deref(),
            request.explain.as_deref(),
            &people,
        )
    }

    /// The files to rate: `files`, and with `library` every event the player library has
    /// seen, with the library's people (one person however each event registered them).
    fn rated_files(
        &mut self,
        mut files: Vec<PathBuf>,
        library: bool,
    ) -> Result<(Vec<PathBuf>, crate::shop::ratings::People), CommandError> {
        if !library {
            return Ok((files, crate::shop::ratings::People::default()));
        }
        let (seen, people) = self.library_people()?;
        files.extend(seen);
        Ok((files, people))
    }
}
