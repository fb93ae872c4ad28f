//! What the hosts send to the command surface and what they get back, as typed data.
//! Each type derives `ts_rs::TS`: `cargo test -p tablekeeper-commands` writes its
//! TypeScript twin to `ui/src/bindings/`.

use serde::{Deserialize, Serialize};
use tablekeeper_engine::model::PenaltyType;
use tablekeeper_engine::rules::structure::Structure;
use tablekeeper_engine::top_cut::decks::SelectionMethod;
use ts_rs::TS;

use crate::catalogue::{RulesetSummary, TitleSummary};
use crate::error::ErrorView;
use crate::views::{EventView, PenaltyView, TableView};
use crate::vocabulary::{CsvEncoding, Document, ExportFormat, Paper};
use tablekeeper_words::Language;

/// No request.
pub type Nothing = ();

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct AppInfo {
    pub version: String,
    /// Where new events are created when no path is chosen.
    pub default_folder: String,
    /// Where the app keeps its own data (the recent files, preferences).
    pub data_folder: String,
    /// Recently opened event files, newest first (only files that still exist).
    pub recent: Vec<String>,
    pub open_event: Option<EventView>,
    /// Why the event the app was started with (a double-clicked file) did not open.
    pub startup_error: Option<ErrorView>,
    pub preferences: Preferences,
    /// The main laptop's address while this app is a scorekeeper station of it (the host
    /// fills this in; the open event is then the main laptop's).
    #[serde(default)]
    #[ts(optional = nullable)]
    pub station: Option<String>,
}

/// Defaults the organizer set for new events.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct Preferences {
    /// Ruleset id for new events (`null`: the title's, else the app's default).
    #[serde(default)]
    pub default_ruleset: Option<String>,
    /// Title preset id for new events.
    #[serde(default)]
    pub default_title: Option<String>,
}

/// Every list the UI offers as a choice, from the one declaration of each.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct Catalogue {
    pub rulesets: Vec<RulesetSummary>,
    pub titles: Vec<TitleSummary>,
    pub structures: Vec<Structure>,
    pub penalties: Vec<PenaltyType>,
    pub selection_methods: Vec<SelectionMethod>,
    pub export_formats: Vec<ExportFormat>,
    pub encodings: Vec<CsvEncoding>,
    pub documents: Vec<Document>,
    pub papers: Vec<Paper>,
    pub languages: Vec<Language>,
}

/// A recorded seed in JSON: decimal text (a u64 does not fit a JavaScript number); a plain
/// number is read too.
mod seed_text {
    use serde::{Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(seed: &Option<u64>, out: S) -> Result<S::Ok, S::Error> {
        match seed {
            Some(seed) => out.serialize_some(&seed.to_string()),
            None => out.serialize_none(),
        }
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(input: D) -> Result<Option<u64>, D::Error> {
        #[derive(Deserialize)]
        #[serde(untagged)]
        enum Given {
            Text(String),
            Number(u64),
        }
        match Option::<Given>::deserialize(input)? {
            None => Ok(None),
            Some(Given::Number(seed)) => Ok(Some(seed)),
            Some(Given::Text(text)) => text
                .trim()
                .parse()
                .map(Some)
                .map_err(|_| serde::de::Error::custom(format!("'{text}' is not a seed"))),
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct CreateEventRequest {
    /// `null`: a new file in the default folder, named after the event.
    #[ts(type = "string | null")]
    pub path: Option<std::path::PathBuf>,
    pub name: String,
    /// Title preset id; its ruleset is used unless `ruleset` is given.
    pub title: Option<String>,
    pub ruleset: Option<String>,
    /// A ruleset file of the organizer's own instead of `ruleset`.
    #[serde(default)]
    #[ts(optional, type = "string | null")]
    pub ruleset_file: Option<std::path::PathBuf>,
    /// `field=value` overrides of single ruleset fields (`match_win.floor=0.25`).
    #[serde(default)]
    #[ts(as = "Option<Vec<String>>", optional)]
    pub overrides: Vec<String>,
    /// Seed of the random tie order (`null`: one is drawn; it is recorded either way).
    #[serde(default, with = "seed_text")]
    #[ts(optional, type = "string | null")]
    pub standings_seed: Option<u64>,
    pub planned_rounds: Option<u32>,
    /// `null`: Swiss.
    #[serde(default)]
    #[ts(optional = nullable)]
    pub structure: Option<Structure>,
    /// Elimination formats: stop early at this many finalists; Swiss with `min_rounds`: the
    /// prize places.
    #[serde(default)]
    #[ts(optional = nullable)]
    pub elimination_finalists: Option<u32>,
    /// Swiss variable rounds: the minimum (`planned_rounds` is the maximum).
    #[serde(default)]
    #[ts(optional = nullable)]
    pub min_rounds: Option<u32>,
    /// Team event: 2 (tag) or 3 (trio) members per team.
    #[serde(default)]
    #[ts(optional = nullable)]
    pub team_size: Option<u8>,
    /// The planned top cut's size: suggested Swiss rounds then come from the publisher's
    /// "with cut" table (`null`: none planned).
    #[serde(default)]
    #[ts(optional = nullable)]
    pub planned_cut: Option<u32>,
    /// The first table number (`null`: table 1, or after the tables of the events already
    /// open, so events run side by side never share a table number).
    #[serde(default)]
    #[ts(optional = nullable)]
    pub first_table: Option<u32>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct OpenEventRequest {
    #[ts(type = "string")]
    pub path: std::path::PathBuf,
}

/// A new event file made from an exported archive (the same event, history included).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct ImportArchiveRequest {
    /// The archive (`.json`) to read.
    #[ts(type = "string")]
    pub archive: std::path::PathBuf,
    /// Where to create the event; left out, a new file in the default folder named after
    /// the event.
    #[ts(optional, type = "string | null")]
    #[serde(default)]
    pub path: Option<std::path::PathBuf>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct AddPlayersRequest {
    pub names: Vec<String>,
    /// Players with more than a name (reading, player ID, nickname), after `names`.
    #[serde(default)]
    #[ts(as = "Option<Vec<tablekeeper_engine::PlayerDetails>>", optional)]
    pub players: Vec<tablekeeper_engine::PlayerDetails>,
}

/// A team (team events): its name and members in seat order.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct AddTeamRequest {
    pub name: String,
    pub members: Vec<String>,
    /// The publisher's team or player ID.
    #[serde(default)]
    #[ts(optional = nullable)]
    pub publisher_id: Option<String>,
}

/// A player's corrected details; `null` keeps a field, an empty text clears an optional
/// one.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct EditPlayerRequest {
    /// The player, by number or exact name.
    pub player: String,
    #[ts(optional = nullable)]
    pub name: Option<String>,
    #[ts(optional = nullable)]
    pub reading: Option<String>,
    #[ts(optional = nullable)]
    pub publisher_id: Option<String>,
    #[ts(optional = nullable)]
    pub nickname: Option<String>,
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

/// Keep a player at one table every round (accessibility), or release it (`null`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct FixedTableRequest {
    pub player: String,
    pub table: Option<u32>,
}

/// A late player: the ruleset's tardiness penalty for `minutes`, recorded when `apply`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct TardinessRequest {
    pub player: String,
    pub minutes: u32,
    pub apply: bool,
}

/// The tardiness penalty the ruleset gives, and the penalty recorded (with `apply`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct TardinessView {
    pub minutes: u32,
    pub penalty: Option<PenaltyType>,
    pub recorded: Option<PenaltyView>,
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
    /// The pairing seed (recorded; `null`: one is drawn).
    #[serde(default, with = "seed_text")]
    #[ts(optional, type = "string | null")]
    pub seed: Option<u64>,
    /// Single-elimination events, round 1: the seeds in order (numbers or names, each
    /// active player once); `null`: drawn at random from the seed (002 §3.4.1).
    #[serde(default)]
    #[ts(optional = nullable)]
    pub order: Option<Vec<String>>,
}

/// Deck keys used when finalists are chosen by deck (000 §3.2.4.2–§3.2.4.5). Blank fields
/// are cleared; the deck's name and card list recorded earlier are kept unless given.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct SetDeckRequest {
    pub player: String,
    pub nation_clan: String,
    pub ride_line: String,
    pub title: String,
    pub oshi: String,
    /// The deck's name (`""` clears it; `null` keeps it).
    #[serde(default)]
    #[ts(optional = nullable)]
    pub name: Option<String>,
    /// A deck list file's bytes (one `COUNT NAME` per line) replacing the card list; `null`
    /// keeps it.
    #[serde(default)]
    #[ts(optional = nullable)]
    pub list: Option<Vec<u8>>,
}

/// Pair the current round again from scratch (before any result is in).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct RepairRequest {
    pub reason: String,
    pub allow_rematches: bool,
    /// The new pairing seed (recorded; `null`: one is drawn).
    #[serde(default, with = "seed_text")]
    #[ts(optional, type = "string | null")]
    pub seed: Option<u64>,
}

/// The standings, or only their top rows: a window shows the first screenful of a large
/// event at once and asks for the whole table next.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct StandingsRequest {
    /// `null`: every row; a number: at most that many rows from the top.
    pub first: Option<u32>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct RoundRequest {
    /// `null`: the current round.
    pub round: Option<u32>,
}

/// A round's pairings, with the pairer's explanation only when asked (it replays the log
/// and pairs the round again to check it).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct PairingsRequest {
    /// `null`: the current round.
    pub round: Option<u32>,
    #[serde(default)]
    #[ts(as = "Option<bool>", optional)]
    pub explain: bool,
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

/// One table of a round entered as given: two players, or one with the bye (`b: null`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct GivenTable {
    /// The table number (ignored for a bye).
    pub table: u32,
    /// Player by number or exact name.
    pub a: String,
    pub b: Option<String>,
}

/// The next round's pairings as played on paper (table by table, or a CSV of
/// `table,player_a,player_b` with an empty `table` or `player_b` for the bye).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct EnterPairingRequest {
    pub tables: Vec<GivenTable>,
    /// A CSV file's bytes instead of `tables`.
    #[serde(default)]
    #[ts(optional = nullable)]
    pub csv: Option<Vec<u8>>,
    pub reason: String,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct ResultRequest {
    /// `null`: the current round.
    pub round: Option<u32>,
    pub table: u32,
    /// `a`, `b`, `2-1`, `draw`, `dl`, `noshow-a`, `team:a,b,a`, … (`crate::result_input`).
    pub result: String,
    /// Correct a result already entered.
    pub replace: bool,
    /// Correct a round the ruleset has locked; the reason is logged.
    pub override_reason: Option<String>,
    /// The graded result's reason (rulesets with graded points, e.g. moncolle-legacy).
    #[serde(default)]
    #[ts(optional = nullable)]
    pub graded_reason: Option<String>,
}

/// Where a round stands: how many of its tables have their result.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct RoundProgress {
    pub round: u32,
    /// Tables with a result.
    pub entered: u32,
    pub tables: u32,
    /// Every table (and bye) of the round has its result: the next round can be paired.
    pub complete: bool,
}

/// A result recorded, with everything the Results screen needs to show it without asking
/// again: the table (its fields, as `TableView`), where the round stands, the step the
/// history gains, and what the event has to say besides (a notice).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct RecordedView {
    #[serde(flatten)]
    #[ts(flatten)]
    pub table: TableView,
    pub progress: RoundProgress,
    /// The step just stored (`null` if its rows could not be described).
    pub step: Option<crate::session::HistoryItem>,
    pub notices: Vec<tablekeeper_words::message::Message>,
}

/// Many results of one round as one step: one line per table (`"3 2-1"`, `"4 b"`), as
/// typed in the Results box or on paper.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct BulkResultsRequest {
    /// `null`: the current round.
    pub round: Option<u32>,
    pub lines: Vec<String>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct PenaltyRequest {
    pub player: String,
    pub penalty: PenaltyType,
    pub infraction: String,
    pub note: Option<String>,
    /// The round it was given in (`null`: the current round).
    #[serde(default)]
    #[ts(optional = nullable)]
    pub round: Option<u32>,
}

/// Going back to before round `round` was paired: what it would undo, or (with
/// `confirm`) undoing it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct BackToRoundRequest {
    pub round: u32,
    pub confirm: bool,
}

pub use crate::vocabulary::Finals;

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct CutRequest {
    /// Number of finalists; `0` takes the planned cut, else the publisher's suggestion.
    pub size: u32,
    pub third_place: bool,
    /// Players who declined, are absent or were excluded (id or name).
    pub excluded: Vec<String>,
    /// `null`: the ruleset decides (FoW one-game matches: double elimination).
    #[serde(default)]
    #[ts(optional = nullable)]
    pub finals: Option<Finals>,
    /// `null`: ranking.
    #[serde(default)]
    #[ts(optional = nullable)]
    pub method: Option<SelectionMethod>,
    /// Seed of a draw among players tied on the cut line (recorded; `null`: one is drawn).
    #[serde(default, with = "seed_text")]
    #[ts(optional, type = "string | null")]
    pub seed: Option<u64>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct ExportRequest {
    pub format: ExportFormat,
    #[ts(type = "string")]
    pub path: std::path::PathBuf,
    /// CSV encoding (`null`: UTF-8 with BOM).
    pub encoding: Option<CsvEncoding>,
}

/// A printout.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct PrintRequest {
    pub document: Document,
    /// `null`: the current round (for pairings and slips).
    pub round: Option<u32>,
    pub paper: Paper,
    pub language: Language,
    /// Open the PDF in the system's viewer once it is written (the host does that).
    pub open: bool,
    /// Where to write it (`null`: `<event> printouts/` beside the event file).
    #[serde(default)]
    #[ts(optional, type = "string | null")]
    pub output: Option<std::path::PathBuf>,
}

/// A printout written next to the event file.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct PrintView {
    pub path: String,
    #[ts(type = "number")]
    pub bytes: u64,
    /// Whether the system's PDF viewer was started (the host fills this in).
    pub opened: bool,
}

/// A printout's PDF, not yet written anywhere (a station saves it on its own laptop).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct PrintoutView {
    /// `<document>[-round-N]-<language>.pdf`.
    pub file_name: String,
    pub bytes: Vec<u8>,
}

/// Replace the open event with one of its backups (the current event is kept beside it).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct RestoreRequest {
    #[ts(type = "string")]
    pub backup: std::path::PathBuf,
    /// The event to restore (`null`: the open one). An event too damaged to open is
    /// restored by naming it here.
    #[serde(default)]
    #[ts(optional, type = "string | null")]
    pub event: Option<std::path::PathBuf>,
}

/// The backups of an event: the open one, or (`event`) one too damaged to open.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct BackupsRequest {
    #[serde(default)]
    #[ts(optional, type = "string | null")]
    pub event: Option<std::path::PathBuf>,
}

/// Save a complete copy of the open event to `path`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct SaveCopyRequest {
    #[ts(type = "string")]
    pub path: std::path::PathBuf,
    /// Replace a file that is already there.
    pub replace: bool,
}

/// What a barcode scanner typed from a match slip (`TK-7F3A2C-3-12`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct ReadSlipRequest {
    pub code: String,
}

/// The round and table of a scanned slip.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct ScannedSlip {
    pub round: u32,
    pub table: u32,
}

/// A player's ticket: who it is, the code, and the page address that opens with it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct PlayerTicketView {
    pub player: u32,
    pub name: String,
    /// The personal code, in groups of five (`K7PXM-3QDAB`).
    pub code: String,
    /// The players' page with the code, while the event is shared (what the QR code opens).
    pub url: Option<String>,
    /// The QR code of `url` (or of the code alone while the event is not shared), as SVG.
    pub qr_svg: Option<String>,
}

/// A code typed or scanned on a phone.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct PlayerCodeRequest {
    pub code: String,
}

/// Who a personal code belongs to (what the phone shows: "You are …").
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct PlayerCodeView {
    pub player: u32,
    pub name: String,
}

/// The whole event as the versioned archive (`docs/cli-json.md`, "Archive"), as JSON: its
/// log holds the event file's own format, which has no TypeScript declaration.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct ArchiveDocument(#[ts(type = "unknown")] pub serde_json::Value);

pub use crate::prizes_view::{
    ExportSeasonRequest, PrintSeasonRequest, PrizesRequest, SeasonRequest, SetPrizesRequest,
};

/// A cut-line projection; `cut` null: the planned cut, else the one suggested.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct ProjectionRequest {
    #[serde(default)]
    pub cut: Option<u32>,
}
