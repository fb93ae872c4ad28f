//! The door's commands. The players' side is `public` (their phones on the
//! shop's network): the entry page, a phone's own view for the code it holds, check-in,
//! withdrawing, "I drop after this round". The desk's side (the Registration and Results
//! screens, a station, the CLI) sets the door up, decides entries, draws the lottery, checks
//! players in and confirms drop requests — so the whole flow also runs with no phone at all.
//! Judge calls are `judge_calls.rs`.
//!
//! A phone proves who it is with a code (`phone_codes.rs`): an entry's code (given when it
//! entered) or the player's own code (their ticket).

use serde::{Deserialize, Serialize};
use tablekeeper_engine::model::{DoorSettings, PlayerDetails, PlayerId};
use tablekeeper_words::{ErrorKind, msg};
use ts_rs::TS;

use crate::desk::base::{Desk, Nothing};
use crate::desk::phone_codes::Holder;
use crate::error::CommandError;
use crate::room::Room;
use crate::room::codes;
use crate::session::Session;
use crate::views::door::{DoorPageView, DoorView};
use crate::views::phone::MeView;

/// An entry made: its code (kept on the phone) and where it stands.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct EnteredView {
    /// The entry's code, `XXXXX-XXXXX`.
    pub code: String,
    pub me: MeView,
}

/// A code a phone holds.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct CodeRequest {
    pub code: String,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct EntryRequest {
    pub entry: u32,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct DecideEntryRequest {
    pub entry: u32,
    pub accept: bool,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct DecideDropRequest {
    /// The player's number or name.
    pub player: String,
    pub accept: bool,
}

/// Draws the lottery; `seed` (a 64-bit number as text) replays an earlier draw.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct DrawRequest {
    #[serde(default)]
    pub seed: Option<String>,
}

impl Desk {
    // ---- The players' side (public) ----

    /// The entry page: whether and how the event takes entries.
    pub fn door(&mut self, _: Nothing) -> Result<DoorPageView, CommandError> {
        Ok(DoorPageView::of(self.session()?.event()))
    }

    /// An entry from the entry page; answers the entry's code for the phone to keep.
    pub fn enter(&mut self, request: PlayerDetails) -> Result<EnteredView, CommandError> {
        let secret = self.room_secret();
        let session = self.session_mut()?;
        session.enter(crate::names::player_details(&request)?)?;
        let event = session.event();
        let number = u32::try_from(event.door.entries.len()).unwrap_or(u32::MAX);
        let code = codes::entry_code(&secret, event.settings.standings_seed, number);
        let me = self.me_of(Holder::Entry(number))?;
        Ok(EnteredView {
            code: codes::grouped(&code),
            me,
        })
    }

    /// What the phone holding `code` shows: its entry, table, record, standing, requests.
    pub fn me(&mut self, request: CodeRequest) -> Result<MeView, CommandError> {
        let holder = self.holder(&request.code)?;
        self.me_of(holder)
    }

    /// A player checks in on the day from their phone.
    pub fn check_in_by_code(&mut self, request: CodeRequest) -> Result<MeView, CommandError> {
        let holder = self.holder(&request.code)?;
        let Holder::Entry(entry) = holder else {
            return Err(already_present());
        };
        self.session_mut()?.check_in(entry, true)?;
        self.me_of(holder)
    }

    /// A player withdraws their entry from their phone (before round 1).
    pub fn withdraw_by_code(&mut self, request: CodeRequest) -> Result<MeView, CommandError> {
        let holder = self.holder(&request.code)?;
        let entry = match holder {
            Holder::Entry(entry) => Some(entry),
            Holder::Player(player) => self
                .session()?
                .event()
                .door
                .entry_of(player)
                .map(|e| e.number),
        };
        let Some(entry) = entry else {
            return Err(CommandError::input(
                ErrorKind::InvalidStep,
                msg!(
                    "error.invalid-step.registered-at-desk",
                    "you were registered at the desk; tell the scorekeeper you are leaving"
                ),
            ));
        };
        self.session_mut()?.withdraw_entry(entry, true)?;
        self.me_of(holder)
    }

    /// "I drop after this round", from the player's phone.
    pub fn request_drop(&mut self, request: CodeRequest) -> Result<MeView, CommandError> {
        let player = self.player_holding(&request.code)?;
        self.session_mut()?.request_drop(player)?;
        self.me_of(Holder::Player(player))
    }

    // ---- The desk's side ----

    /// The door as the Registration screen shows it.
    pub fn door_view(&mut self, _: Nothing) -> Result<DoorView, CommandError> {
        let mut view = DoorView::of(self.session()?.event());
        if let Some(url) = self.entry_url() {
            view.entry_qr_svg = crate::qr::svg(&url);
            view.entry_url = Some(url);
        }
        Ok(view)
    }

    /// The entry page's address while the event is shared (`/enter` on the players' page).
    pub fn entry_url(&self) -> Option<String> {
        self.share_url
            .as_deref()
            .map(|url| format!("{}/enter", url.trim_end_matches('/')))
    }

    pub fn set_door(&mut self, settings: DoorSettings) -> Result<DoorView, CommandError> {
        self.desk_step(|session| session.set_door(settings))
    }

    /// An entry typed at the desk (a player without a phone).
    pub fn desk_enter(&mut self, request: PlayerDetails) -> Result<DoorView, CommandError> {
        let details = crate::names::player_details(&request)?;
        self.desk_step(|session| session.enter(details))
    }

    pub fn decide_entry(&mut self, request: DecideEntryRequest) -> Result<DoorView, CommandError> {
        self.desk_step(|session| session.decide_entry(request.entry, request.accept))
    }

    pub fn withdraw_entry(&mut self, request: EntryRequest) -> Result<DoorView, CommandError> {
        self.desk_step(|session| session.withdraw_entry(request.entry, false))
    }

    pub fn check_in(&mut self, request: EntryRequest) -> Result<DoorView, CommandError> {
        self.desk_step(|session| session.check_in(request.entry, false))
    }

    /// Draws the lottery with the seed given (to replay a draw) or a fresh one, recorded in
    /// the log (docs/door.md: replaying).
    pub fn draw_lottery(&mut self, request: DrawRequest) -> Result<DoorView, CommandError> {
        let seed = crate::seed::from_text(request.seed.as_deref())?;
        self.desk_step(|session| session.draw_lottery(seed))
    }

    pub fn decide_drop_request(
        &mut self,
        request: DecideDropRequest,
    ) -> Result<DoorView, CommandError> {
        let player = self.session()?.find_player(&request.player)?;
        self.desk_step(|session| session.decide_drop_request(player, request.accept))
    }

    /// Makes one of the door's changes and answers the door as the desk shows it.
    fn desk_step(
        &mut self,
        change: impl FnOnce(&mut Session) -> Result<(), CommandError>,
    ) -> Result<DoorView, CommandError> {
        change(self.session_mut()?)?;
        self.door_view(())
    }

    /// The player a code belongs to (an entry's code counts once the entry is a player).
    pub(crate) fn player_holding(&mut self, typed: &str) -> Result<PlayerId, CommandError> {
        match self.holder(typed)? {
            Holder::Player(player) => Ok(player),
            Holder::Entry(number) => self
                .session()?
                .event()
                .door
                .entry(number)
                .and_then(|e| e.player)
                .ok_or_else(not_a_player_yet),
        }
    }

    pub(crate) fn me_of(&mut self, holder: Holder) -> Result<MeView, CommandError> {
        let secret = self.room_secret();
        let now_ms = chrono::Utc::now().timestamp_millis();
        let clock = self.event_room().clock_view(now_ms);
        let standings = self.published_rank_source()?;
        let cut_line = {
            let (session, room) = self.session_and_room()?;
            room.cut_line(session)
        };
        let session = self.session()?;
        let event = session.event();
        let mut view = match holder {
            Holder::Entry(number) => {
                let mut view = MeView::of_entry(event, number).ok_or_else(not_a_player_yet)?;
                view.player_code = view
                    .player
                    .and_then(|p| Room::player_code(&secret, session, p))
                    .map(|c| codes::grouped(&c));
                view
            }
            Holder::Player(player) => {
                MeView::of_player(event, player).ok_or_else(not_a_player_yet)?
            }
        };
        if let (Some(player), Some(line)) = (view.player, cut_line.as_ref()) {
            view.cut_line = line
                .rows
                .iter()
                .find(|row| row.player == player)
                .map(|row| crate::views::phone::MyCutLineView {
                    cut: line.cut,
                    rounds_left: line.rounds_left,
                    chance: row.chance,
                    tables: row.tables.clone(),
                    tiebreakers: row.tiebreakers,
                });
        }
        if view.player.is_some() {
            view.clock = clock;
            view.standing = view
                .player
                .and_then(|p| standings.iter().find(|(n, _)| *n == p).map(|(_, r)| *r));
            view.rating = view
                .player
                .and_then(|p| self.event_room().ratings.as_ref()?.get(&p).cloned());
        }
        Ok(view)
    }

    /// (player number, rank) of the published standings (empty when not published).
    fn published_rank_source(&mut self) -> Result<Vec<(u32, u32)>, CommandError> {
        let (session, room) = self.session_and_room()?;
        let now_ms = chrono::Utc::now().timestamp_millis();
        let base = room.base(session, now_ms)?;
        Ok(base
            .standings
            .as_ref()
            .map(|s| s.rows.iter().map(|r| (r.number, r.rank)).collect())
            .unwrap_or_default())
    }
}

fn not_a_player_yet() -> CommandError {
    CommandError::input(
        ErrorKind::InvalidStep,
        msg!(
            "error.invalid-step.not-a-player-yet",
            "your entry is not in the event yet; check in first, or wait for your seat"
        ),
    )
}

fn already_present() -> CommandError {
    CommandError::input(
        ErrorKind::InvalidStep,
        msg!(
            "error.invalid-step.already-checked-in",
            "you are already checked in"
        ),
    )
}
