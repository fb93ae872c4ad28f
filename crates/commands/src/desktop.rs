//! The desktop app's commands: one open event at a time, with typed requests.
//!
//! The Tauri shell forwards each of its commands to a method here and adds nothing, so the
//! whole desktop surface is testable without a window (`docs/desktop-api.md`). Requests
//! and views derive `ts_rs::TS`; `cargo test -p tablekeeper-commands` writes their
//! TypeScript twins to `ui/src/bindings/`.

use std::path::{Path, PathBuf};
use tablekeeper_engine::ErrorKind;

use serde::{Deserialize, Serialize};
use tablekeeper_engine::model::PenaltyType;
use tablekeeper_engine::structure::Structure;
use ts_rs::TS;

use crate::bracket_view::BracketView;
use crate::breakdown::BreakdownView;
use crate::catalogue::{self, RulesetSummary, TitleSummary};
use crate::csv_import::ImportPreview;
use crate::error::CommandError;
use crate::export::{self, ExportView};
use crate::result_input::parse_result;
use crate::session::{
    CreateOptions, CutOptions, FinalsChoice, HistoryItem, RulesetSource, Session,
};
use crate::views::{
    EventView, ExplanationView, PairingsView, PenaltyView, PlayerView, StandingsView, TableView,
};

/// Most recently opened event files kept for the start screen.
const RECENT_LIMIT: usize = 10;

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct AppInfo {
    pub version: String,
    /// Where new events are created when no path is chosen.
    pub default_folder: String,
    /// Recently opened event files, newest first (only files that still exist).
    pub recent: Vec<String>,
    pub open_event: Option<EventView>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct Catalogue {
    pub rulesets: Vec<RulesetSummary>,
    pub titles: Vec<TitleSummary>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct CreateEventRequest {
    /// `null`: a new file in the default folder, named after the event.
    pub path: Option<String>,
    pub name: String,
    /// Title preset id; its ruleset is used unless `ruleset` is given.
    pub title: Option<String>,
    pub ruleset: Option<String>,
    pub planned_rounds: Option<u32>,
    /// `swiss` (default), `round-robin`, `two-loss`, `points-threshold` or
    /// `single-elimination`.
    #[serde(default)]
    pub structure: Option<String>,
    /// Elimination formats: stop early at this many finalists; Swiss with `min_rounds`: the
    /// prize places.
    #[serde(default)]
    pub elimination_finalists: Option<u32>,
    /// Swiss variable rounds: the minimum (`planned_rounds` is the maximum).
    #[serde(default)]
    pub min_rounds: Option<u32>,
    /// Team event: 2 (tag) or 3 (trio) members per team.
    #[serde(default)]
    pub team_size: Option<u8>,
    /// The planned top cut's size: suggested Swiss rounds then come from the publisher's
    /// "with cut" table (`null`: none planned).
    #[serde(default)]
    #[ts(optional = nullable)]
    pub planned_cut: Option<u32>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct OpenEventRequest {
    pub path: String,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct AddPlayersRequest {
    pub names: Vec<String>,
}

/// A team (team events): its name and members in seat order.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct AddTeamRequest {
    pub name: String,
    pub members: Vec<String>,
}

/// A CSV file's bytes (UTF-8, UTF-8 with BOM or Shift-JIS).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct ImportRequest {
    pub bytes: Vec<u8>,
}

/// A player by id or exact name.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct PlayerRequest {
    pub player: String,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct SetRoundsRequest {
    pub rounds: u32,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct PairRequest {
    /// Allow the fewest rematches when no pairing without one exists.
    pub allow_rematches: bool,
}

/// Deck keys used when finalists are chosen by deck (000 §3.2.4.2–§3.2.4.5). Blank fields
/// are cleared; a card list recorded earlier is kept.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct SetDeckRequest {
    pub player: String,
    pub nation_clan: String,
    pub ride_line: String,
    pub title: String,
    pub oshi: String,
}

/// Pair the current round again from scratch (before any result is in).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct RepairRequest {
    pub reason: String,
    pub allow_rematches: bool,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct RoundRequest {
    /// `null`: the current round.
    pub round: Option<u32>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct SwapRequest {
    pub a: String,
    pub b: String,
    pub reason: String,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct GiveByeRequest {
    pub player: String,
    pub reason: String,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct ResultRequest {
    /// `null`: the current round.
    pub round: Option<u32>,
    pub table: u32,
    /// `a`, `b`, `2-1`, `draw`, `dl`, `noshow-a`, … (`crate::result_input`).
    pub result: String,
    /// Correct a result already entered.
    pub replace: bool,
    /// Correct a round the ruleset has locked; the reason is logged.
    pub override_reason: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct PenaltyRequest {
    pub player: String,
    /// `caution`, `warning`, `game-loss`, `match-loss`, `disqualification`, `suspension`.
    pub penalty: String,
    pub infraction: String,
    pub note: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct CutRequest {
    /// Number of finalists; `0` takes the planned cut, else the publisher's suggestion.
    pub size: u32,
    pub third_place: bool,
    /// Players who declined, are absent or were excluded (id or name).
    pub excluded: Vec<String>,
    /// Double-elimination finals (4 or 8 players; FoW best-of-one finals).
    #[serde(default)]
    pub double_elimination: bool,
    /// `single-elimination` or `double-elimination`; `null` (and `double_elimination`
    /// false) lets the ruleset decide (FoW one-game matches: double elimination).
    #[serde(default)]
    #[ts(optional = nullable)]
    pub finals: Option<String>,
    /// `ranking` (default), `nation-clan`, `ride-line`, `title`, `oshi` or `usage-rate`.
    #[serde(default)]
    pub method: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct ExportRequest {
    /// `archive`, `standings-csv`, `results-csv` or `report`.
    pub format: String,
    pub path: String,
    /// CSV encoding: `utf8-bom` (the default) or `shift-jis` (older Japanese Excel).
    pub encoding: Option<String>,
}

/// A printout, in the same words as `tablekeeper print`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct PrintRequest {
    /// `pairings`, `pairings-by-name`, `slips`, `standings`, `breakdown`, `bracket`,
    /// `score-card` or `deck-sheet`.
    pub document: String,
    /// `null`: the current round (for pairings and slips).
    pub round: Option<u32>,
    /// `a4` or `letter`.
    pub paper: String,
    /// `en` or `ja`.
    pub language: String,
    /// Open the PDF in the system's viewer once it is written.
    pub open: bool,
}

/// A printout written next to the event file.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct PrintView {
    pub path: String,
    #[ts(type = "number")]
    pub bytes: u64,
    /// Whether the system's PDF viewer was started (the shell fills this in).
    pub opened: bool,
}

/// The desktop app's state: at most one open event.
pub struct Desk {
    session: Option<Session>,
    /// The app's own data (the recent-files list).
    data_dir: PathBuf,
    /// Where new events go by default (the user's documents folder).
    default_folder: PathBuf,
}

impl Desk {
    pub fn new(data_dir: PathBuf, default_folder: PathBuf) -> Desk {
        Desk {
            session: None,
            data_dir,
            default_folder,
        }
    }

    pub fn app_info(&self) -> AppInfo {
        AppInfo {
            version: env!("CARGO_PKG_VERSION").to_string(),
            default_folder: self.default_folder.display().to_string(),
            recent: self
                .recent()
                .into_iter()
                .filter(|p| Path::new(p).exists())
                .collect(),
            open_event: self.session.as_ref().map(Session::summary),
        }
    }

    pub fn catalogue(&self) -> Result<Catalogue, CommandError> {
        Ok(Catalogue {
            rulesets: catalogue::rulesets()?,
            titles: catalogue::titles()?,
        })
    }

    pub fn create_event(&mut self, request: CreateEventRequest) -> Result<EventView, CommandError> {
        let path = match request.path {
            Some(path) => PathBuf::from(path),
            None => self.new_event_path(&request.name)?,
        };
        let structure = match request.structure.as_deref() {
            None | Some("") => Structure::Swiss,
            Some(id) => Structure::from_id(id).ok_or_else(|| {
                CommandError::input(
                    ErrorKind::InvalidStructure,
                    format!("unknown structure '{id}'; use {}", Structure::CHOICES),
                )
            })?,
        };
        // Release the current event's lock first, so reopening the same file works.
        self.session = None;
        let session = Session::create(
            &path,
            CreateOptions {
                name: request.name,
                ruleset: request.ruleset.map(RulesetSource::Embedded),
                title: request.title,
                planned_rounds: request.planned_rounds,
                overrides: Vec::new(),
                standings_seed: None,
                structure,
                elimination_finalists: request.elimination_finalists.unwrap_or(0),
                min_rounds: request.min_rounds.unwrap_or(0),
                team_size: request.team_size.unwrap_or(0),
                planned_cut: request.planned_cut.unwrap_or(0),
            },
        )?;
        self.opened(session)
    }

    pub fn open_event(&mut self, request: OpenEventRequest) -> Result<EventView, CommandError> {
        self.session = None;
        let session = Session::open(Path::new(&request.path))?;
        self.opened(session)
    }

    pub fn close_event(&mut self) {
        self.session = None;
    }

    pub fn summary(&self) -> Result<EventView, CommandError> {
        Ok(self.session()?.summary())
    }

    pub fn players(&self) -> Result<Vec<PlayerView>, CommandError> {
        Ok(self.session()?.players())
    }

    pub fn add_players(
        &mut self,
        request: AddPlayersRequest,
    ) -> Result<Vec<PlayerView>, CommandError> {
        let players = request
            .names
            .into_iter()
            .map(|name| name.trim().to_string())
            .filter(|name| !name.is_empty())
            .map(|name| tablekeeper_engine::PlayerDetails {
                name,
                ..Default::default()
            })
            .collect::<Vec<_>>();
        if players.is_empty() {
            return Err(CommandError::input(
                ErrorKind::EmptyName,
                "type a player's name first",
            ));
        }
        self.session_mut()?.add_players(players)
    }

    pub fn add_team(&mut self, request: AddTeamRequest) -> Result<Vec<PlayerView>, CommandError> {
        self.session_mut()?
            .add_players(vec![tablekeeper_engine::PlayerDetails {
                name: request.name.trim().to_string(),
                members: request.members,
                ..Default::default()
            }])
    }

    pub fn import_preview(&self, request: ImportRequest) -> Result<ImportPreview, CommandError> {
        self.session()?.import_preview(&request.bytes)
    }

    pub fn import_players(
        &mut self,
        request: ImportRequest,
    ) -> Result<Vec<PlayerView>, CommandError> {
        self.session_mut()?.import_players(&request.bytes)
    }

    pub fn set_deck(&mut self, request: SetDeckRequest) -> Result<PlayerView, CommandError> {
        let session = self.session_mut()?;
        // A team member's deck is their own (named by member name or TEAM.SEAT).
        let (id, member) = session.find_person(&request.player)?;
        let mut deck = session
            .event()
            .player(id)
            .ok()
            .and_then(|p| match member {
                Some(seat) => p.member_decks.get(usize::from(seat)).cloned().flatten(),
                None => p.deck.clone(),
            })
            .unwrap_or_default();
        let value = |text: &str| Some(text.trim().to_string()).filter(|t| !t.is_empty());
        deck.nation_clan = value(&request.nation_clan);
        deck.ride_line = value(&request.ride_line);
        deck.title = value(&request.title);
        deck.oshi = value(&request.oshi);
        session.set_deck(&request.player, deck)
    }

    pub fn drop_player(&mut self, request: PlayerRequest) -> Result<PlayerView, CommandError> {
        self.session_mut()?.drop_player(&request.player)
    }

    pub fn set_rounds(&mut self, request: SetRoundsRequest) -> Result<EventView, CommandError> {
        self.session_mut()?.set_planned_rounds(request.rounds)
    }

    /// Pairs the next Swiss round, or the next bracket round once the cut has started.
    pub fn pair_round(&mut self, request: PairRequest) -> Result<PairingsView, CommandError> {
        let session = self.session_mut()?;
        if session.event().cut.is_some() {
            return session.pair_bracket_round();
        }
        session.pair_next_round(None, request.allow_rematches)
    }

    pub fn pairings(&self, request: RoundRequest) -> Result<PairingsView, CommandError> {
        let session = self.session()?;
        let mut view = session.pairings(request.round)?;
        if view.bracket_round.is_none() {
            view.explanation = Some(session.explain(Some(view.round))?);
        }
        Ok(view)
    }

    pub fn explain(&self, request: RoundRequest) -> Result<ExplanationView, CommandError> {
        self.session()?.explain(request.round)
    }

    pub fn repair_round(&mut self, request: RepairRequest) -> Result<PairingsView, CommandError> {
        self.session_mut()?
            .repair_round(None, request.allow_rematches, &request.reason)
    }

    pub fn swap(&mut self, request: SwapRequest) -> Result<PairingsView, CommandError> {
        self.session_mut()?
            .swap_players(&request.a, &request.b, &request.reason)
    }

    pub fn give_bye(&mut self, request: GiveByeRequest) -> Result<PairingsView, CommandError> {
        self.session_mut()?
            .give_bye(&request.player, &request.reason)
    }

    pub fn record_result(&mut self, request: ResultRequest) -> Result<TableView, CommandError> {
        let entry = parse_result(&request.result, None)?;
        let session = self.session_mut()?;
        if request.replace || request.override_reason.is_some() {
            let round = match request.round {
                Some(round) => round,
                None => session.pairings(None)?.round,
            };
            session.correct_result(
                round,
                request.table,
                entry,
                request.override_reason.as_deref(),
            )
        } else {
            session.record_result(request.round, request.table, entry, false)
        }
    }

    pub fn undo(&mut self) -> Result<HistoryItem, CommandError> {
        self.session_mut()?.undo()
    }

    pub fn redo(&mut self) -> Result<HistoryItem, CommandError> {
        self.session_mut()?.redo()
    }

    pub fn history(&self) -> Result<Vec<HistoryItem>, CommandError> {
        self.session()?.history()
    }

    pub fn penalty(&mut self, request: PenaltyRequest) -> Result<PenaltyView, CommandError> {
        let kind = PenaltyType::from_id(&request.penalty).ok_or_else(|| {
            CommandError::input(
                ErrorKind::InvalidPenalty,
                format!(
                    "unknown penalty '{}'; use caution, warning, game-loss, match-loss, disqualification or suspension",
                    request.penalty
                ),
            )
        })?;
        self.session_mut()?.record_penalty(
            &request.player,
            None,
            kind,
            &request.infraction,
            request.note,
        )
    }

    pub fn penalties(&self) -> Result<Vec<PenaltyView>, CommandError> {
        Ok(self.session()?.penalties())
    }

    pub fn standings(&self) -> Result<StandingsView, CommandError> {
        self.session()?.standings()
    }

    /// Each player's opponents and the values behind their tiebreakers.
    pub fn breakdown(&self) -> Result<BreakdownView, CommandError> {
        self.session()?.breakdown()
    }

    pub fn start_cut(&mut self, request: CutRequest) -> Result<BracketView, CommandError> {
        let finals = match (request.double_elimination, request.finals.as_deref()) {
            (true, _) | (false, Some("double-elimination")) => FinalsChoice::Double,
            (false, Some("single-elimination")) => FinalsChoice::Single,
            (false, None | Some("")) => FinalsChoice::RulesetDefault,
            (false, Some(other)) => {
                return Err(CommandError::input(
                    ErrorKind::InvalidCut,
                    format!(
                        "unknown finals '{other}'; use single-elimination or double-elimination"
                    ),
                ));
            }
        };
        self.session_mut()?.start_cut_as(
            CutOptions {
                size: request.size,
                third_place: request.third_place,
                excluded: request.excluded,
                seed: None,
                double: false,
                method: request.method,
            },
            finals,
        )
    }

    pub fn pair_bracket_round(&mut self) -> Result<PairingsView, CommandError> {
        self.session_mut()?.pair_bracket_round()
    }

    pub fn bracket(&self) -> Result<Option<BracketView>, CommandError> {
        self.session()?.bracket()
    }

    pub fn export(&self, request: ExportRequest) -> Result<ExportView, CommandError> {
        export::write(
            self.session()?,
            &request.format,
            request.encoding.as_deref().unwrap_or("utf8-bom"),
            Path::new(&request.path),
        )
    }

    /// Renders a printout with `render` (the printing crate, which builds on this one) and
    /// writes it to `<event> printouts/` beside the event file, replacing an older copy of
    /// the same document only once the new one is complete.
    pub fn print(
        &self,
        request: &PrintRequest,
        render: impl FnOnce(&Session, &PrintRequest, &str) -> Result<Vec<u8>, CommandError>,
    ) -> Result<PrintView, CommandError> {
        let session = self.session()?;
        let printed_at = chrono::Local::now().format("%Y-%m-%d %H:%M").to_string();
        let bytes = render(session, request, &printed_at)?;
        let round = match (request.round, request.document.as_str()) {
            (Some(round), _) => Some(round),
            // The round the printout shows; rendering already refused an event without one.
            (None, "pairings" | "pairings-by-name" | "slips") => {
                session.event().current_round().map(|r| r.number)
            }
            (None, _) => None,
        };
        let path = printout_path(session.path(), &request.document, round, &request.language);
        write_replacing(&path, &bytes)?;
        Ok(PrintView {
            path: path.display().to_string(),
            bytes: bytes.len() as u64,
            opened: false,
        })
    }

    fn session(&self) -> Result<&Session, CommandError> {
        self.session.as_ref().ok_or_else(no_event)
    }

    fn session_mut(&mut self) -> Result<&mut Session, CommandError> {
        self.session.as_mut().ok_or_else(no_event)
    }

    fn opened(&mut self, session: Session) -> Result<EventView, CommandError> {
        let path = session.path().display().to_string();
        let summary = session.summary();
        self.session = Some(session);
        self.remember(&path);
        Ok(summary)
    }

    /// A file name in the default folder from the event's name, never overwriting one.
    fn new_event_path(&self, name: &str) -> Result<PathBuf, CommandError> {
        std::fs::create_dir_all(&self.default_folder).map_err(|e| CommandError::Io {
            path: self.default_folder.display().to_string(),
            detail: e.to_string(),
        })?;
        let stem: String = name
            .trim()
            .chars()
            .map(|c| {
                if c.is_alphanumeric() || c == '-' || c == '_' {
                    c
                } else {
                    '-'
                }
            })
            .collect();
        let stem = if stem.trim_matches('-').is_empty() {
            "event".to_string()
        } else {
            stem
        };
        let date = chrono::Local::now().format("%Y-%m-%d");
        (1..1000)
            .map(|n| {
                let suffix = if n == 1 {
                    String::new()
                } else {
                    format!("-{n}")
                };
                self.default_folder
                    .join(format!("{stem}-{date}{suffix}.tkevent"))
            })
            .find(|p| !p.exists())
            .ok_or_else(|| {
                CommandError::input(
                    ErrorKind::FileExists,
                    "too many events with this name today; choose a file name",
                )
            })
    }

    fn recent_file(&self) -> PathBuf {
        self.data_dir.join("recent.json")
    }

    fn recent(&self) -> Vec<String> {
        std::fs::read(self.recent_file())
            .ok()
            .and_then(|bytes| serde_json::from_slice(&bytes).ok())
            .unwrap_or_default()
    }

    /// Puts `path` first in the recent list. The list is a convenience: failing to write
    /// it never fails opening the event.
    fn remember(&self, path: &str) {
        let mut recent = self.recent();
        recent.retain(|p| p != path);
        recent.insert(0, path.to_string());
        recent.truncate(RECENT_LIMIT);
        if std::fs::create_dir_all(&self.data_dir).is_ok()
            && let Ok(text) = serde_json::to_vec(&recent)
        {
            let _ = std::fs::write(self.recent_file(), text);
        }
    }
}

/// `<folder>/<event> printouts/<document>[-round-N]-<language>.pdf`: one file per document,
/// so printing again replaces the old copy instead of piling up files.
fn printout_path(event: &Path, document: &str, round: Option<u32>, language: &str) -> PathBuf {
    let stem = event
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_else(|| "event".into());
    let folder = event
        .parent()
        .unwrap_or_else(|| Path::new("."))
        .join(format!("{stem} printouts"));
    let round = round.map(|r| format!("-round-{r}")).unwrap_or_default();
    folder.join(format!("{document}{round}-{language}.pdf"))
}

/// Writes `bytes` to a temporary file beside `path`, then renames it over `path`, so a
/// viewer never sees half a PDF and a failed write leaves the old copy.
fn write_replacing(path: &Path, bytes: &[u8]) -> Result<(), CommandError> {
    let io = |e: std::io::Error| CommandError::Io {
        path: path.display().to_string(),
        detail: format!("{e}; if the PDF is open in a viewer, close it and print again"),
    };
    if let Some(folder) = path.parent() {
        std::fs::create_dir_all(folder).map_err(io)?;
    }
    let partial = path.with_extension("pdf.partial");
    std::fs::write(&partial, bytes).map_err(io)?;
    std::fs::rename(&partial, path).map_err(io)
}

fn no_event() -> CommandError {
    CommandError::input(
        ErrorKind::NoEvent,
        "no event is open; create a new event or open one from the start screen",
    )
}
