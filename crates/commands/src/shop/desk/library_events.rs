//! Library players in events: registered into the open event by number (their details
//! copied into it) and linked as players register, and what the library says across events
//! — a player's history, the events it has seen (for a season, the ratings, the meta).

use std::path::PathBuf;

use serde::{Deserialize, Serialize};
use tablekeeper_store::library::{Appearance, LibraryDetails, LibraryEvent};
use ts_rs::TS;

use crate::desk::base::Desk;
use crate::error::CommandError;
use crate::shop::desk::library::LibraryNumberRequest;
use crate::views::PlayerView;
use crate::views::library::*;

/// Which of the library's events to list: created from `from` to `to` (`YYYY-MM-DD`).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct LibraryEventsRequest {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub from: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub to: Option<String>,
}

/// Library players registered into the open event, by library number.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct LibraryRegisterRequest {
    pub numbers: Vec<u32>,
}

impl Desk {
    /// The files of the library's events created in a date range (a season over them).
    /// Every event the library has seen (their files), and who is who in them.
    pub(crate) fn library_people(
        &mut self,
    ) -> Result<(Vec<PathBuf>, crate::shop::ratings::People), CommandError> {
        let library = self.library_mut()?;
        let files = library
            .events_between(None, None)?
            .into_iter()
            .map(|event| event.file)
            .collect();
        Ok((files, crate::shop::ratings::People::of(library)?))
    }

    /// The shop's library when it has one (a season reads people through it), never
    /// made for the asking.
    pub(crate) fn library_if_any(
        &mut self,
    ) -> Result<Option<&mut crate::shop::ShopLibrary>, CommandError> {
        let exists = self.shop.library.is_some()
            || self
                .shop
                .library_path
                .clone()
                .unwrap_or_else(|| tablekeeper_store::library::default_library(&self.shop.data_dir))
                .exists();
        if exists {
            self.library_mut().map(Some)
        } else {
            Ok(None)
        }
    }

    /// The library's events created from `from` to `to` as typed (`YYYY-MM-DD`, both
    /// included, either open), oldest first; a date that is not one is refused in words.
    fn library_events_between(
        &mut self,
        from: Option<&str>,
        to: Option<&str>,
    ) -> Result<Vec<LibraryEvent>, CommandError> {
        let from = from.map(crate::shop::season::season_date).transpose()?;
        let to = to.map(crate::shop::season::season_date).transpose()?;
        Ok(self
            .library_mut()?
            .events_between(from.as_deref(), to.as_deref())?)
    }

    /// The files of the library's events in a date range, for a season or the meta; none
    /// (and no library opened) when neither end is given.
    pub(crate) fn library_files_between(
        &mut self,
        from: Option<&str>,
        to: Option<&str>,
    ) -> Result<Vec<PathBuf>, CommandError> {
        if from.is_none() && to.is_none() {
            return Ok(Vec::new());
        }
        let events = self.library_events_between(from, to)?;
        Ok(events.into_iter().map(|event| event.file).collect())
    }

    /// The library's events (oldest first), for picking a season's events; dates
    /// `YYYY-MM-DD`, both included, either open.
    pub fn library_events(
        &mut self,
        request: LibraryEventsRequest,
    ) -> Result<Vec<LibraryEvent>, CommandError> {
        self.library_events_between(request.from.as_deref(), request.to.as_deref())
    }

    /// A library player's events, records, placings and penalties, from the event files.
    pub fn library_history(
        &mut self,
        request: LibraryNumberRequest,
    ) -> Result<PlayerHistoryView, CommandError> {
        let player = self.player_view(request.number)?;
        let appearances = self.library_mut()?.appearances(request.number)?;
        Ok(PlayerHistoryView {
            player,
            events: appearances.iter().map(history_event).collect(),
        })
    }

    /// Registers library players into the open event (their details copied into it, so the
    /// event opens anywhere without the library) and records that they played it.
    pub fn register_from_library(
        &mut self,
        request: LibraryRegisterRequest,
    ) -> Result<Vec<PlayerView>, CommandError> {
        self.session()?;
        let library = self.library_mut()?;
        let details = request
            .numbers
            .iter()
            .map(|number| Ok(library.player(*number)?.details.person))
            .collect::<Result<Vec<_>, CommandError>>()?;
        let added = self.session_mut()?.add_players(details)?;
        let appearances = self.appearances_of(&added)?;
        let items: Vec<(u32, Appearance)> =
            request.numbers.iter().copied().zip(appearances).collect();
        self.library_mut()?.record_appearances(&items)?;
        self.warn_playing_elsewhere(&added);
        Ok(added)
    }

    /// After players registered in the app: each one linked to the library (a player new to
    /// the shop is added), in one transaction. The registration already stands; a library that
    /// cannot be written is reported as a notice, not as the registration's failure.
    pub(crate) fn link_to_library(&mut self, added: &[PlayerView]) {
        if !self.shop.app_state || added.is_empty() {
            return;
        }
        let linked = (|| -> Result<(), CommandError> {
            let now = crate::desk::printer::print_time();
            let appearances = self.appearances_of(added)?;
            let event = self.session()?.event();
            let players = added
                .iter()
                .zip(appearances)
                .map(|(view, appearance)| {
                    let player = event.player(tablekeeper_engine::model::PlayerId(view.id))?;
                    // The library keeps people: a team's members stay in its event.
                    let person = tablekeeper_engine::PlayerDetails {
                        members: Vec::new(),
                        ..player.details.clone()
                    };
                    let details = LibraryDetails {
                        person,
                        ..LibraryDetails::default()
                    };
                    Ok((details, vec![appearance]))
                })
                .collect::<Result<_, tablekeeper_engine::EngineError>>()?;
            self.library_mut()?.link_event_players(players, &now)?;
            Ok(())
        })();
        if let (Err(error), Ok(session)) = (linked, self.session_mut()) {
            session.add_notice(crate::notice::library_failed(&error));
        }
    }

    /// The open event as each of `players` played it (with the code of their ticket).
    fn appearances_of(&mut self, players: &[PlayerView]) -> Result<Vec<Appearance>, CommandError> {
        let secret = self.room_secret();
        let session = self.session()?;
        Ok(players
            .iter()
            .map(|view| Appearance {
                event: session.identity(),
                // Absolute: the history reads the file from wherever the library is used.
                file: std::path::absolute(session.path())
                    .unwrap_or_else(|_| session.path().to_path_buf()),
                event_name: session.event().settings.name.clone(),
                date: session.created_at().to_string(),
                player: view.id,
                ticket: crate::room::Room::player_code(&secret, session, view.id)
                    .map(|code| crate::room::codes::normalize(&code)),
            })
            .collect())
    }
}

/// One event of a player's history, read from its file as it is now.
fn history_event(appearance: &tablekeeper_store::library::Appearance) -> HistoryEventView {
    let unreadable = HistoryEventView {
        name: appearance.event_name.clone(),
        file: appearance.file.clone(),
        date: appearance.date.clone(),
        readable: false,
        players: 0,
        place: None,
        wins: 0,
        losses: 0,
        draws: 0,
        dropped: false,
        penalties: Vec::new(),
    };
    let Ok((event, _)) = crate::shop::season::read_event(&appearance.file) else {
        return unreadable;
    };
    let id = tablekeeper_engine::model::PlayerId(appearance.player);
    let Ok(player) = event.player(id) else {
        return unreadable;
    };
    let mut place = 1u32;
    let mut found = None;
    for group in
        tablekeeper_engine::rules::final_order::final_order(&event, false).unwrap_or_default()
    {
        if let Some(finisher) = group.iter().find(|f| f.player == id) {
            found = Some((place, finisher.wins, finisher.losses, finisher.draws));
            break;
        }
        place = place.saturating_add(u32::try_from(group.len()).unwrap_or(u32::MAX));
    }
    let (place, wins, losses, draws) = match found {
        Some((place, w, l, d)) => (Some(place), w, l, d),
        None => (None, 0, 0, 0),
    };
    HistoryEventView {
        name: event.settings.name.clone(),
        file: appearance.file.clone(),
        date: appearance.date.clone(),
        readable: true,
        players: u32::try_from(event.players.len()).unwrap_or(u32::MAX),
        place,
        wins,
        losses,
        draws,
        dropped: !player.is_active(),
        penalties: event
            .penalties
            .iter()
            .filter(|p| p.player == id)
            .map(|p| HistoryPenaltyView {
                round: p.round,
                penalty: p.penalty,
                infraction: p.infraction.clone(),
                late_minutes: p.late_minutes(),
            })
            .collect(),
    }
}
