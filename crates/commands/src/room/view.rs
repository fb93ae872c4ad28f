//! The room's state while an event is open (settings, clock, reports) and its view:
//! everything a phone shows, built from the open event for anyone in the shop to see.
//! Players appear by name and player number only; publisher IDs, penalties (a penalty loss
//! shows as a win for the other seat) and the pairing seed are left out.

use std::sync::Arc;

use super::codes::{self, Secret};
use super::settings::{ClockState, Reporting, RoomSettings};
use super::shapes::*;
use crate::error::CommandError;
use crate::session::Session;
use crate::views::{ResultView, SeatView};

/// The room's state while an event is open.
#[derive(Debug, Default)]
pub struct Room {
    pub settings: RoomSettings,
    pub clock: Option<ClockState>,
    pub reports: super::reports::Reports,
    /// Bumped whenever a report changes (the view's cache key has it).
    pub report_revision: u64,
    /// The event's part of the view, for the event's revision, the settings and reports.
    cached: Option<Cached>,
    /// The planned cut's line for the event's revision (each phone shows its own row).
    cut_line: Option<(CutLineKey, SharedCutLine)>,
    /// The season the organizer published to the phones, as it stood when published.
    pub season: Option<RoomSeason>,
    /// Bumped whenever the published season changes (the view's cache key has it).
    pub season_revision: u64,
    /// Each player's own rating (by player number) once the organizer publishes ratings,
    /// as it stood when published: only that player's phone is shown theirs.
    pub ratings: Option<std::collections::BTreeMap<u32, crate::views::ratings::MyRatingView>>,
    /// What each joined station's replica last said it holds, by station name.
    pub replicas: std::collections::BTreeMap<String, crate::session::replica::ReplicaSeen>,
    /// The joined stations' addresses (`ip:port`), remembered for the event: where it may
    /// be carried on if this laptop stops (`event/desk/takeover.rs`).
    pub hosts: Vec<String>,
    /// The secret of the codes of an event carried on from a station's copy: its main
    /// laptop's (`room::carried`), so the players' tickets still work here.
    pub carried_secret: Option<super::codes::Secret>,
}

/// What the cached part was built from: the event's revision, the settings, the reports,
/// the published season and whether the decks are revealed yet (a reveal may come at a
/// time set beforehand).
type CacheKey = (usize, RoomSettings, u64, u64, bool);

/// The event's revision and whether the standings are published.
type CutLineKey = (usize, bool);

/// The planned cut's line, shared by every phone's view (`None`: not shown).
type SharedCutLine = Arc<Option<crate::views::projection::CutLineView>>;

/// The cached event part of the view and its JSON.
#[derive(Debug)]
struct Cached {
    key: CacheKey,
    base: Arc<RoomBase>,
    json: Arc<str>,
}

/// The event part, its JSON, the clock now and the version.
type Parts = (Arc<RoomBase>, Arc<str>, Option<RoomClock>, String);

impl Room {
    /// The room view at `now` (milliseconds since 1970).
    pub fn view(&mut self, session: &Session, now: i64) -> Result<RoomView, CommandError> {
        let (base, _, clock, version) = self.parts(session, now)?;
        Ok(RoomView {
            clock,
            version,
            events: Vec::new(),
            hosts: Vec::new(),
            moved_to: None,
            base: (*base).clone(),
        })
    }

    /// The event part of the view (shared, built again only after a change).
    pub fn base(&mut self, session: &Session, now: i64) -> Result<Arc<RoomBase>, CommandError> {
        Ok(self.parts(session, now)?.0)
    }

    /// The planned cut's line while the organizer publishes the standings (`None`: not
    /// published, no cut planned, or no Swiss round left), computed once per change.
    pub fn cut_line(&mut self, session: &Session) -> SharedCutLine {
        let revision = (session.revision(), self.settings.publish_standings);
        if let Some((at, line)) = &self.cut_line
            && *at == revision
        {
            return Arc::clone(line);
        }
        let event = session.event();
        let line = (self.settings.publish_standings && event.settings.planned_cut > 0)
            .then(|| session.cut_line(None).ok())
            .flatten()
            .filter(|line| line.rounds_left > 0);
        let line = Arc::new(line);
        self.cut_line = Some((revision, Arc::clone(&line)));
        line
    }

    /// The round clock as phones see it at `now`.
    pub fn clock_view(&self, now: i64) -> Option<RoomClock> {
        self.clock.as_ref().map(|clock| room_clock(clock, now))
    }

    /// The room view at `now` with its event part as shared JSON.
    pub fn snapshot(&mut self, session: &Session, now: i64) -> Result<RoomSnapshot, CommandError> {
        let (_, base_json, clock, version) = self.parts(session, now)?;
        Ok(RoomSnapshot {
            clock,
            version,
            events: Vec::new(),
            hosts: Vec::new(),
            moved_to: None,
            base_json,
        })
    }

    /// The event part (built again only when the event, the settings or the reports
    /// changed), the clock read now, and the version.
    fn parts(&mut self, session: &Session, now: i64) -> Result<Parts, CommandError> {
        let key: CacheKey = (
            session.revision(),
            self.settings,
            self.report_revision,
            self.season_revision,
            self.settings.decks_revealed(now),
        );
        let cached = match self.cached.take() {
            Some(cached) if cached.key == key => cached,
            _ => {
                let base = self.build(session, key.4)?;
                let json: Arc<str> = serde_json::to_string(&base)
                    .map_err(|e| {
                        CommandError::input(
                            tablekeeper_words::ErrorKind::Internal,
                            tablekeeper_words::msg!(
                                "error.internal",
                                "{detail}",
                                detail = e.to_string()
                            ),
                        )
                    })?
                    .into();
                Cached {
                    key,
                    base: Arc::new(base),
                    json,
                }
            }
        };
        let parts = (Arc::clone(&cached.base), Arc::clone(&cached.json));
        self.cached = Some(cached);
        let clock = self.clock.as_ref().map(|clock| room_clock(clock, now));
        let version = format!(
            "{}.{}.{}.{}.{}.{}",
            key.0,
            self.settings_revision(),
            key.2,
            key.3,
            u8::from(key.4),
            clock_version(self.clock.as_ref())
        );
        Ok((parts.0, parts.1, clock, version))
    }

    fn build(&self, session: &Session, decks_revealed: bool) -> Result<RoomBase, CommandError> {
        let summary = session.summary();
        let event = session.event();
        let current = event
            .current_round()
            .map(|round| crate::views::PairingsView::from_round(event, round));
        let (round, bracket_round, tables, byes) = match current {
            Some(view) => {
                let tables = view
                    .tables
                    .iter()
                    .map(|table| RoomTable {
                        table: table.table,
                        a: seat(&table.a),
                        b: seat(&table.b),
                        result: table.result.as_ref().map(room_result),
                        report: (self.settings.reporting != Reporting::Off)
                            .then(|| self.reports.get(view.round, table.table))
                            .flatten()
                            .map(|reports| reports.status()),
                    })
                    .collect();
                let byes = view.byes.iter().map(seat).collect();
                (Some(view.round), view.bracket_round, tables, byes)
            }
            None => (None, None, Vec::new(), Vec::new()),
        };
        let standings = if self.settings.publish_standings {
            let view = session.standings()?;
            Some(RoomStandings {
                completed_rounds: view.completed_rounds,
                rows: view
                    .rows
                    .into_iter()
                    .filter(|row| !row.disqualified)
                    .map(|row| RoomStandingsRow {
                        rank: row.rank,
                        number: row.player,
                        name: row.name,
                        points: row.points,
                        wins: row.wins,
                        losses: row.losses,
                        draws: row.draws,
                        dropped: row.dropped,
                    })
                    .collect(),
            })
        } else {
            None
        };
        Ok(RoomBase {
            event: summary.name,
            title: summary.title.as_deref().map(TitleName::of),
            round,
            bracket_round,
            tables,
            byes,
            reporting: self.settings.reporting,
            standings,
            bracket: session.bracket()?,
            season: self.season.clone(),
            decks: decks_revealed.then(|| {
                event
                    .players
                    .iter()
                    .filter(|player| !player.disqualified)
                    .map(|player| RoomDeck {
                        number: player.id.0,
                        name: player.details.name.clone(),
                        deck: crate::shop::meta::player_deck_label(player),
                    })
                    .filter(|deck| !deck.deck.is_empty())
                    .collect()
            }),
        })
    }

    fn settings_revision(&self) -> u8 {
        u8::from(self.settings.publish_standings) * 4
            + match self.settings.reporting {
                Reporting::Off => 0,
                Reporting::Agree => 1,
                Reporting::Confirm => 2,
            }
    }

    /// The code of `table` in the current round (`None` when there is no such table).
    pub fn table_code(
        secret: &Secret,
        session: &Session,
        round: u32,
        table: u32,
    ) -> Option<String> {
        let event = session.event();
        let current = event.current_round().filter(|r| r.number == round)?;
        current.match_at_table(table)?;
        Some(codes::table_code(
            secret,
            &crate::slip_code::event_code(event),
            round,
            current.pairing_seed,
            table,
        ))
    }
}

impl Room {
    /// The personal code of `player` (by number) in the open event, if there is such a
    /// player: the shop's secret, the event's recorded seed, the player and how many codes
    /// the player was given (a reissue replaces the one before).
    pub fn player_code(secret: &Secret, session: &Session, player: u32) -> Option<String> {
        let event = session.event();
        let found = event
            .player(tablekeeper_engine::model::PlayerId(player))
            .ok()?;
        Some(codes::player_code(
            secret,
            event.settings.standings_seed,
            player,
            found.code_issue,
        ))
    }
}

fn seat(seat: &SeatView) -> RoomSeat {
    RoomSeat {
        number: seat.player,
        name: seat.name.clone(),
    }
}

/// A recorded result as the room sees it.
pub fn room_result_of(
    result: &tablekeeper_engine::model::MatchResult,
    ruleset: &tablekeeper_engine::Ruleset,
) -> RoomResult {
    room_result(&crate::views::results::result_view(&result.entry, ruleset))
}

/// A result without how it came about: a penalty or a default reads as a win.
fn room_result(result: &ResultView) -> RoomResult {
    use crate::vocabulary::ResultKind;
    let kind = match result.kind {
        ResultKind::Win | ResultKind::Default | ResultKind::Penalty => ResultKind::Win,
        other => other,
    };
    RoomResult {
        kind,
        winner: result.winner,
        games: result.games.map(|g| [g.a, g.b]),
    }
}

fn room_clock(clock: &ClockState, now: i64) -> RoomClock {
    RoomClock {
        remaining_ms: clock.remaining_ms(now),
        running: clock.running_since.is_some(),
        round: clock.round,
        started: clock.running_since.is_some() || clock.used_ms > 0,
    }
}

/// Part of the view's version for the clock: changes when it is started, paused or set,
/// not as it runs (the phone counts down by itself).
fn clock_version(clock: Option<&ClockState>) -> String {
    clock.map_or_else(String::new, |c| {
        format!(
            "{}:{}:{}",
            c.duration_ms,
            c.used_ms,
            c.running_since.unwrap_or(-1)
        )
    })
}
