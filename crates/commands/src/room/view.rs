//! The room's state while an event is open (settings, clock, reports) and its view:
//! everything a phone shows, built from the open event for anyone in the shop to see.
//! Players appear by name and player number only; publisher IDs, penalties (a penalty loss
//! shows as a win for the other seat) and the pairing seed are left out.

use std::sync::Arc;

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use super::codes::{self, Secret};
use super::settings::{ClockState, Reporting, RoomSettings};
use crate::error::CommandError;
use crate::session::Session;
use crate::views::bracket::BracketView;
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
    /// be carried on if this laptop stops (`desk/takeover.rs`).
    pub hosts: Vec<String>,
}

/// A season's table as the phones show it: rank, name, points and events
/// played; computed when the organizer publishes it (publishing again refreshes it).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct RoomSeason {
    pub name: String,
    pub events: u32,
    pub rows: Vec<RoomSeasonRow>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct RoomSeasonRow {
    /// `null`: fewer events than the season's minimum.
    pub rank: Option<u32>,
    pub name: String,
    #[ts(type = "number")]
    pub points: i64,
    pub events_played: u32,
}

impl RoomSeason {
    /// The phones' part of a season's standings (no records, no files).
    pub fn of(view: &crate::views::prizes::SeasonView) -> RoomSeason {
        RoomSeason {
            name: view.name.clone(),
            events: u32::try_from(view.events.len()).unwrap_or(u32::MAX),
            rows: view
                .rows
                .iter()
                .map(|row| RoomSeasonRow {
                    rank: row.rank,
                    name: row.name.clone(),
                    points: row.points,
                    events_played: row.events_played,
                })
                .collect(),
        }
    }
}

/// A player as the room sees them.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct RoomSeat {
    /// The player number (what a player types to find their table).
    pub number: u32,
    pub name: String,
}

/// A table's result as the room sees it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct RoomResult {
    /// `win`, `draw`, `double-loss`, `double-win` or `team` (a default or a penalty
    /// reads as a win: the room does not show how a result came about).
    pub kind: crate::vocabulary::ResultKind,
    /// The winning seat, for a win.
    pub winner: Option<tablekeeper_engine::model::Side>,
    /// Games won by seat A and by seat B, when a game score was entered.
    pub games: Option<[u8; 2]>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct RoomTable {
    pub table: u32,
    pub a: RoomSeat,
    pub b: RoomSeat,
    pub result: Option<RoomResult>,
    /// Where players' reports for this table stand (only while reporting is on).
    pub report: Option<super::reports::ReportStatus>,
}

/// The round clock as a phone shows it: time left when the view was made.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct RoomClock {
    #[ts(type = "number")]
    pub remaining_ms: i64,
    pub running: bool,
    pub round: Option<u32>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct RoomStandingsRow {
    pub rank: u32,
    pub number: u32,
    pub name: String,
    pub points: String,
    pub wins: u32,
    pub losses: u32,
    pub draws: u32,
    pub dropped: bool,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct RoomStandings {
    pub completed_rounds: u32,
    pub rows: Vec<RoomStandingsRow>,
}

/// A title preset's name in each language, with its id.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct TitleName {
    pub id: String,
    pub en: String,
    pub ja: String,
}

impl TitleName {
    /// The names of title preset `id`, else of ruleset `id` (an id no longer in the
    /// catalogue shows as itself).
    pub fn of(id: &str) -> TitleName {
        match tablekeeper_engine::ruleset::catalogue::title(id) {
            Ok(preset) => TitleName {
                id: preset.id,
                en: preset.name_en,
                ja: preset.name_ja,
            },
            // A game rated by its ruleset (no title chosen) is named as its ruleset is.
            Err(_) => match tablekeeper_engine::ruleset::catalogue::ruleset(id) {
                Ok(ruleset) => TitleName {
                    id: id.to_string(),
                    en: ruleset.name_en,
                    ja: ruleset.name_ja,
                },
                Err(_) => TitleName {
                    id: id.to_string(),
                    en: id.to_string(),
                    ja: id.to_string(),
                },
            },
        }
    }
}

/// What a phone shows that comes from the event and the organizer's settings: built once
/// per change and kept (with its JSON) until the next.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct RoomBase {
    pub event: String,
    /// The card game's name in each language (the page header shows the phone's), never
    /// the preset's id.
    pub title: Option<TitleName>,
    /// The current round, or `null` before round 1 is paired.
    pub round: Option<u32>,
    /// For a top-cut round: `quarterfinal`, `semifinal`, `final`, …
    pub bracket_round: Option<String>,
    pub tables: Vec<RoomTable>,
    pub byes: Vec<RoomSeat>,
    pub reporting: Reporting,
    /// Only once the organizer publishes them.
    pub standings: Option<RoomStandings>,
    pub bracket: Option<BracketView>,
    /// The season, once the organizer publishes it.
    pub season: Option<RoomSeason>,
    /// Each player's deck label, once the organizer reveals the decks (`null` until then:
    /// no deck reaches a phone or the projector before).
    pub decks: Option<Vec<RoomDeck>>,
}

/// A player's deck as the room shows it once the decks are revealed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct RoomDeck {
    pub number: u32,
    pub name: String,
    /// The deck label, as the meta counts it (the ruleset's deck parts, or a free name).
    pub deck: String,
}

/// Everything a phone shows.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct RoomView {
    /// The round clock at the time of the answer.
    pub clock: Option<RoomClock>,
    /// Changes whenever anything on the page would: a phone redraws only then.
    pub version: String,
    /// Every event open on the main laptop: a phone follows any of them, by
    /// its code (the `X-Event` header); empty while only one is open.
    #[serde(default)]
    pub events: Vec<RoomEventLink>,
    /// Where the page looks if this laptop stops answering: the joined stations'
    /// addresses (`ip:port`), any of which may take the event over (docs/lan.md).
    #[serde(default)]
    pub hosts: Vec<String>,
    /// Set when this laptop learned that a station took the event over: that address (the
    /// page moves there).
    #[serde(default)]
    pub moved_to: Option<String>,
    #[serde(flatten)]
    #[ts(flatten)]
    pub base: RoomBase,
}

/// An open event as the players' page lists it: its code (never its file), name and round.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct RoomEventLink {
    pub code: String,
    pub name: String,
    pub round: Option<u32>,
}

/// The room view with its event part already as JSON (shared, not copied): what the LAN
/// server answers the many phones' polls with, serializing outside the desk's lock.
#[derive(Debug, Clone)]
pub struct RoomSnapshot {
    pub clock: Option<RoomClock>,
    pub version: String,
    pub events: Vec<RoomEventLink>,
    pub hosts: Vec<String>,
    pub moved_to: Option<String>,
    /// `RoomBase` as a JSON object.
    pub base_json: Arc<str>,
}

impl RoomSnapshot {
    /// The JSON of the whole `RoomView` (the same object `room` gives, field for field).
    pub fn to_json(&self) -> String {
        let clock = serde_json::to_string(&self.clock).unwrap_or_else(|_| "null".into());
        let version = serde_json::Value::String(self.version.clone()).to_string();
        let events = serde_json::to_string(&self.events).unwrap_or_else(|_| "[]".into());
        let hosts = serde_json::to_string(&self.hosts).unwrap_or_else(|_| "[]".into());
        let moved_to = serde_json::to_string(&self.moved_to).unwrap_or_else(|_| "null".into());
        // `base_json` is a non-empty object: put the other fields in front of its members.
        let members = self.base_json.strip_prefix('{').unwrap_or("}");
        format!(
            "{{\"clock\":{clock},\"version\":{version},\"events\":{events},\"hosts\":{hosts},\"moved_to\":{moved_to},{members}"
        )
    }
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
                        name: player.name.clone(),
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
