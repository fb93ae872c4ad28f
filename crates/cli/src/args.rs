//! Command-line arguments.

use std::path::PathBuf;

use clap::{Args, Parser, Subcommand};
use tablekeeper_commands::vocabulary::{CsvEncoding, Document, ExportFormat, Paper};
use tablekeeper_engine::PlayerDetails;
use tablekeeper_engine::model::PenaltyType;
use tablekeeper_engine::rules::structure::Structure;
use tablekeeper_engine::top_cut::decks::SelectionMethod;
use tablekeeper_words::Language;

use crate::words::Word;

#[derive(Parser)]
#[command(
    name = "tablekeeper",
    version,
    about = "Offline scorekeeping for trading-card-game tournaments"
)]
pub struct Cli {
    /// Print the documented JSON shape instead of text (see docs/cli-json.md).
    #[arg(long, global = true)]
    pub json: bool,
    /// Language of messages: en, ja, fr, de, es, it, ko or zh-Hant (default: the locale,
    /// LANG=ja_JP… → ja, LANG=fr_FR… → fr). JSON output
    /// always carries each message's key, parameters and English text.
    #[arg(long, global = true)]
    pub lang: Option<Word<Language>>,
    /// Also keep a copy of the event in this folder (a USB stick), written after the
    /// command's change is saved; the copy opens as the event on any laptop (docs/mirror.md).
    #[arg(long, global = true, value_name = "FOLDER")]
    pub mirror: Option<PathBuf>,
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Subcommand)]
pub enum Command {
    /// Create a new event file.
    Create(CreateArgs),
    /// Show the event at a glance.
    Status { file: PathBuf },
    /// Register a player (after round 1 is paired this is a late entry).
    AddPlayer {
        file: PathBuf,
        name: String,
        #[command(flatten)]
        person: PersonArgs,
    },
    /// Register a team (team events): its name and members in seat order.
    AddTeam {
        file: PathBuf,
        name: String,
        /// A member, in seat order (repeat: 2 for tag, 3 for trio).
        #[arg(long = "member", required = true)]
        members: Vec<String>,
        /// Publisher's team or player ID.
        #[arg(long = "team-id")]
        publisher_id: Option<String>,
    },
    /// Register players from a CSV file with a header row (name, reading, publisher_id, nickname).
    ImportPlayers {
        file: PathBuf,
        csv: PathBuf,
        /// Only show what would be imported and every problem; change nothing.
        #[arg(long)]
        preview: bool,
    },
    /// Correct a player's (or team's) details after registration: a field left out is
    /// kept, an empty one ("") is cleared.
    EditPlayer {
        file: PathBuf,
        /// The player: number or exact name.
        player: String,
        #[arg(long)]
        name: Option<String>,
        #[command(flatten)]
        person: PersonArgs,
    },
    /// List the registered players.
    Players { file: PathBuf },
    /// Change the announced number of Swiss rounds.
    SetRounds { file: PathBuf, rounds: u32 },
    /// Pair the next round.
    Pair {
        file: PathBuf,
        /// Pairing seed (recorded; a random one is drawn if left out).
        #[arg(long)]
        seed: Option<u64>,
        /// Allow rematches when no pairing without one exists (the fewest are chosen).
        #[arg(long)]
        allow_rematches: bool,
        /// Also print why the pairing looks as it does.
        #[arg(long)]
        explain: bool,
        /// Single-elimination events, round 1: the seeds in order, comma-separated
        /// numbers or names (each active player once); left out, seeds are drawn at random
        /// from --seed (002 §3.4.1).
        #[arg(long, value_delimiter = ',')]
        order: Option<Vec<String>>,
    },
    /// Start the top cut: the top N of the standings advance (seed 1 first) and the first
    /// bracket round is paired. Later bracket rounds are paired with `pair`.
    Cut {
        file: PathBuf,
        /// Number of finalists (byes go to the top seeds when it is not a power of two);
        /// left out: the planned cut (`create --cut`), else the publisher's suggestion.
        #[arg(long)]
        size: Option<u32>,
        /// Play a third-place match between the semifinal losers.
        #[arg(long)]
        third_place: bool,
        /// A player who declined, is absent, or is excluded by the organizer (id or name);
        /// the next player moves up. Repeat for several.
        #[arg(long = "exclude")]
        excluded: Vec<String>,
        /// Seed of every draw among players tied on the cut line (recorded; drawn if left
        /// out). It decides the line under every ruleset (docs/decisions.md 32).
        #[arg(long)]
        seed: Option<u64>,
        /// Double-elimination finals (4 or 8 players): upper and lower bracket, and a grand
        /// final replayed once if the upper-bracket finalist loses it. The default for FoW
        /// with one-game matches (003 §6b-vi).
        #[arg(long, conflicts_with = "single_elimination")]
        double_elimination: bool,
        /// Single-elimination finals, also where the ruleset would play double elimination.
        #[arg(long)]
        single_elimination: bool,
        /// How finalists are chosen: ranking (default), nation-clan, ride-line, title, oshi
        /// (from each player's `deck` data) or usage-rate (JA; from the card lists).
        #[arg(long)]
        method: Option<Word<SelectionMethod>>,
    },
    /// Print a document as PDF (WHAT: one of the documents listed below), in the language of
    /// --lang.
    Print {
        file: PathBuf,
        what: Word<Document>,
        /// Where to write the PDF.
        #[arg(long, short)]
        output: PathBuf,
        /// Round for pairings and slips (default: the current round).
        #[arg(long)]
        round: Option<u32>,
        /// a4 or letter.
        #[arg(long, default_value = "a4")]
        paper: Word<Paper>,
    },
    /// Show the top-cut bracket: rounds, winners and the champion.
    Bracket { file: PathBuf },
    /// Exchange two players' seats in the current round (a reason is required and logged).
    Swap {
        file: PathBuf,
        first: String,
        second: String,
        #[arg(long)]
        reason: String,
    },
    /// Give the current round's bye to another player (they swap seats; reason required).
    GiveBye {
        file: PathBuf,
        player: String,
        #[arg(long)]
        reason: String,
    },
    /// Pair the current round again before any result is entered (reason required).
    Repair {
        file: PathBuf,
        #[arg(long)]
        reason: String,
        #[arg(long)]
        seed: Option<u64>,
        #[arg(long)]
        allow_rematches: bool,
    },
    /// Pair the next round exactly as it was played on paper, from a CSV of
    /// `table,player_a,player_b` (players by number or exact name; the bye on a line with
    /// an empty table or player B). One logged step; rematches and second byes are warnings.
    EnterPairing {
        file: PathBuf,
        csv: PathBuf,
        /// Why the round is entered as given (logged), e.g. "played on paper".
        #[arg(long)]
        reason: String,
    },
    /// Record many results of one round as one step: lines of `TABLE RESULT` (`3 2-1`,
    /// `4 b`) from a file, or `-` for standard input. All are stored, or none.
    Results {
        file: PathBuf,
        lines: PathBuf,
        /// Round (default: the current round).
        #[arg(long)]
        round: Option<u32>,
    },
    /// Show a round's pairings (default: the current round).
    Pairings {
        file: PathBuf,
        #[arg(long)]
        round: Option<u32>,
        /// Also explain the pairing: floats, the bye, forced rematches.
        #[arg(long)]
        explain: bool,
    },
    /// Record the result of a table.
    #[command(after_help = tablekeeper_commands::result_input::RESULT_SYNTAX)]
    Result {
        file: PathBuf,
        table: u32,
        /// a, b, 2-1, draw, dl, dw, noshow-a, noshow-b, penalty-a, dq-b …
        result: String,
        /// Round (default: the current round).
        #[arg(long)]
        round: Option<u32>,
        /// Correct a result that was already entered.
        #[arg(long)]
        replace: bool,
        /// Graded result reason (rulesets with graded points, e.g. moncolle-legacy).
        #[arg(long)]
        reason: Option<String>,
        /// Correct a round the ruleset has locked (Bandai §5.3); give the reason here.
        #[arg(long, value_name = "REASON")]
        override_lock: Option<String>,
        /// Only show what would be recorded; change nothing.
        #[arg(long)]
        preview: bool,
    },
    /// Record a penalty (caution, warning, game-loss, match-loss, disqualification,
    /// suspension — as the ruleset allows) and apply its effect on the results.
    Penalty {
        file: PathBuf,
        player: String,
        penalty: Word<PenaltyType>,
        #[arg(long)]
        infraction: String,
        #[arg(long)]
        note: Option<String>,
        /// Round (default: the current round).
        #[arg(long)]
        round: Option<u32>,
    },
    /// The penalty the ruleset gives for arriving MINUTES late; --apply records it.
    Tardy {
        file: PathBuf,
        player: String,
        minutes: u32,
        #[arg(long)]
        apply: bool,
    },
    /// List the recorded penalties.
    Penalties { file: PathBuf },
    /// Register a player's deck (name, nation/clan, ride line, oshi, title, card list CSV).
    Deck {
        file: PathBuf,
        player: String,
        #[arg(long)]
        name: Option<String>,
        #[arg(long)]
        title: Option<String>,
        #[arg(long)]
        nation: Option<String>,
        #[arg(long)]
        ride_line: Option<String>,
        #[arg(long)]
        oshi: Option<String>,
        /// CSV with columns number,name,count.
        #[arg(long)]
        list: Option<PathBuf>,
    },
    /// Share the event with the shop's own network: players' phones find their table, see
    /// the round and (if enabled) report results; a second scorekeeper station joins with
    /// the join code shown. Runs until stopped (Ctrl-C) or for `--for` seconds.
    Serve {
        file: PathBuf,
        /// Port for the players' page.
        #[arg(long, default_value_t = 8080)]
        port: u16,
        /// Address to listen on: every network of this laptop by default; 127.0.0.1 keeps
        /// it on this laptop.
        #[arg(long, default_value = "0.0.0.0")]
        bind: std::net::IpAddr,
        /// Players report results from their phones: off, agree (two agreeing reports are
        /// recorded) or confirm (they wait for a scorekeeper).
        #[arg(long, default_value = "off")]
        reporting: Word<tablekeeper_commands::room::Reporting>,
        /// Show the standings on the phones.
        #[arg(long)]
        publish_standings: bool,
        /// Stop after this many seconds.
        #[arg(long = "for", value_name = "SECONDS")]
        seconds: Option<u64>,
    },
    /// Be a second scorekeeper station: join the main laptop's shared event with its join
    /// code, then read results from standard input, one table per line ("3 2-1"), and send
    /// each to the main laptop; "saved" is printed only once the main laptop has it.
    Station {
        /// The main laptop's address, as its Share screen shows it (192.168.1.5:8080).
        address: String,
        /// The join code shown on the main laptop.
        #[arg(long)]
        code: String,
    },
    /// The table codes of the current round (printed on the match slips; players report
    /// results with them).
    Codes { file: PathBuf },
    /// A player's ticket: their personal code, with which their phone reports for their seat
    /// (print every ticket with `print FILE tickets`).
    Ticket {
        file: PathBuf,
        /// The player, by number or exact name.
        player: String,
        /// Give the player a new code; the old ticket stops working at once.
        #[arg(long)]
        reissue: bool,
    },
    /// The door (entries from players' phones): show it, set how entries are taken, and do
    /// each step at the desk (docs/door.md).
    Door {
        file: PathBuf,
        #[command(subcommand)]
        step: Option<DoorStep>,
    },
    /// The shop's player library (docs/library.md): list, add, find, merge, remove, export,
    /// import, history. The app's own library unless --library names another.
    Library {
        /// Another library file (`add` and `import` create it when it does not exist; the
        /// other steps need it to exist).
        #[arg(long, global = true)]
        library: Option<PathBuf>,
        #[command(subcommand)]
        step: LibraryStep,
    },
    /// Shops exchanging by folder (docs/exchange.md): this shop's name and fingerprint,
    /// bundles written to and read from a folder (a USB stick, a shared folder), shops
    /// trusted, shared events' players matched by hand.
    Exchange {
        /// Another library file (the shop's own unless given).
        #[arg(long, global = true)]
        library: Option<PathBuf>,
        #[command(subcommand)]
        step: ExchangeStep,
    },
    /// Deck checks: pick K tables of the round at random (players checked before avoided
    /// while possible; the seed is recorded), record a checked table's time extension, or
    /// list the round's checks. Print the list with `print FILE deck-checks`.
    DeckCheck {
        file: PathBuf,
        /// How many tables to pick.
        #[arg(long, conflicts_with_all = ["extend", "list"])]
        tables: Option<u32>,
        /// Pick again with this seed (default: a new seed, recorded).
        #[arg(long, requires = "tables")]
        seed: Option<String>,
        /// The checked table given a time extension (with --minutes).
        #[arg(long, requires = "minutes", conflicts_with = "list")]
        extend: Option<u32>,
        #[arg(long)]
        minutes: Option<u32>,
        /// List the round's deck checks.
        #[arg(long)]
        list: bool,
        /// Round (default: the current round).
        #[arg(long)]
        round: Option<u32>,
    },
    /// Number the event's tables from FIRST in rounds paired from now on (a side event run
    /// beside another uses its own table range).
    TableRange { file: PathBuf, first: u32 },
    /// Register library players into an event by their library numbers.
    Register {
        file: PathBuf,
        #[arg(required = true)]
        numbers: Vec<u32>,
        /// Another library file.
        #[arg(long)]
        library: Option<PathBuf>,
    },
    /// Judge calls from players' phones: list them, call for a player, claim, resolve.
    Judge {
        file: PathBuf,
        #[command(subcommand)]
        step: Option<JudgeStep>,
    },
    /// "What do I need?": each player's chance of making the cut with the rounds left
    /// (locked, in with a win, in with a draw, depends, out).
    Projection {
        file: PathBuf,
        /// The cut's size (default: the planned cut, else the one suggested).
        #[arg(long)]
        cut: Option<u32>,
    },
    /// The event's prizes (docs/prizes.md): credit, items and the raffle, each player in
    /// the final order; under the event's recorded prize rules, or a rules file to try.
    Prizes {
        file: PathBuf,
        /// Prize rules (TOML) to try, or to record with --record.
        #[arg(long)]
        rules: Option<PathBuf>,
        /// Record --rules in the event (an empty file removes its prize rules).
        #[arg(long, requires = "rules")]
        record: bool,
        /// Draw the recorded rules' door-prize raffle now, recorded in the event.
        #[arg(long, conflicts_with = "rules")]
        draw_raffle: bool,
        /// The raffle's seed: replays a draw (default: the recorded draw, or a new seed).
        #[arg(long)]
        raffle_seed: Option<String>,
        /// Also write the payout sheet as CSV to this file.
        #[arg(long)]
        csv: Option<PathBuf>,
        /// CSV encoding: utf8-bom (Excel) or shift-jis.
        #[arg(long, default_value = "utf8-bom")]
        encoding: Word<CsvEncoding>,
    },
    /// A season's standings over event files, under a season rules file (docs/seasons.md).
    Season {
        /// The season rules (TOML).
        rules: PathBuf,
        /// The season's event files (an event listed twice counts once); a `.csv` is a TCG+
        /// organizer file whose name starts with the day it was held (docs/seasons.md).
        #[arg(required_unless_present_any = ["from", "to", "shared"])]
        files: Vec<PathBuf>,
        #[command(flatten)]
        dates: LibraryDates,
        /// Also every event shared between shops (the rules' `shops`), one person across
        /// shops as the library knows them (docs/exchange.md).
        #[arg(long)]
        shared: bool,
        /// Also write the season's table as CSV to this file.
        #[arg(long)]
        csv: Option<PathBuf>,
        /// Also print the season's table as PDF to this file (in the language of --lang).
        #[arg(long)]
        pdf: Option<PathBuf>,
        /// The printout's paper: a4 or letter.
        #[arg(long, default_value = "a4")]
        paper: Word<Paper>,
        /// CSV encoding: utf8-bom (Excel) or shift-jis.
        #[arg(long, default_value = "utf8-bom")]
        encoding: Word<CsvEncoding>,
    },
    /// Glicko-2 ratings over event files, per title (docs/ratings.md); --explain says how
    /// each event moved one player's rating.
    Ratings {
        /// The event files (an event listed twice counts once).
        #[arg(required_unless_present = "library")]
        files: Vec<PathBuf>,
        /// Also every event the player library has seen, one person however each event
        /// registered them.
        #[arg(long)]
        library: bool,
        /// Another player library (with --library).
        #[arg(long)]
        library_file: Option<PathBuf>,
        /// Rating rules (TOML; without it the defaults: τ 0.5, start 1500/350/0.06).
        #[arg(long)]
        rules: Option<PathBuf>,
        /// Only this title (a title preset's id, e.g. vanguard).
        #[arg(long)]
        title: Option<String>,
        /// How each event moved this player's rating (their name as registered).
        #[arg(long)]
        explain: Option<String>,
        /// Also draw, as SVG to this file: with --explain the player's rating history, else
        /// the first title's leaderboard (in the language of --lang).
        #[arg(long)]
        svg: Option<PathBuf>,
        /// Also print as PDF to this file: each title's leaderboard, then with --explain the
        /// player's rating history, a page each.
        #[arg(long)]
        pdf: Option<PathBuf>,
        /// Paper for --pdf: a4 or letter.
        #[arg(long, default_value = "a4")]
        paper: Word<Paper>,
    },
    /// The shop's meta over event files (docs/meta.md): each deck's share and top-cut
    /// conversion, and the matchup matrix.
    Meta {
        /// The event files (an event listed twice counts once).
        #[arg(required_unless_present_any = ["from", "to"])]
        files: Vec<PathBuf>,
        #[command(flatten)]
        dates: LibraryDates,
        /// Also write the meta as CSV to this file.
        #[arg(long)]
        csv: Option<PathBuf>,
        /// Also draw the meta share and the matchup heat map as SVG to this file (in the
        /// language of --lang).
        #[arg(long)]
        svg: Option<PathBuf>,
        /// Also print the same picture as PDF to this file.
        #[arg(long)]
        pdf: Option<PathBuf>,
        /// Paper for --pdf: a4 or letter.
        #[arg(long, default_value = "a4")]
        paper: Word<Paper>,
        /// CSV encoding: utf8-bom (Excel) or shift-jis.
        #[arg(long, default_value = "utf8-bom")]
        encoding: Word<CsvEncoding>,
    },
    /// List the automatic backups kept beside the event.
    Backups { file: PathBuf },
    /// Replace the event with a backup (the current file is kept beside it).
    Restore { file: PathBuf, backup: PathBuf },
    /// Save a complete copy of the event (e.g. to a USB stick); works on a read-only event.
    SaveCopy {
        file: PathBuf,
        /// Where to write the copy.
        target: PathBuf,
        /// Replace a file that is already there.
        #[arg(long)]
        replace: bool,
    },
    /// Take back the last change (any number of times).
    Undo { file: PathBuf },
    /// Apply again the change undone last.
    Redo { file: PathBuf },
    /// Show every change made to the event, including undone ones.
    History { file: PathBuf },
    /// Go back to before round N was paired; shows what would be discarded unless --yes.
    BackToRound {
        file: PathBuf,
        round: u32,
        /// Discard the listed changes (they stay in the history and can be redone).
        #[arg(long)]
        yes: bool,
    },
    /// Keep a player at one table every round (accessibility); `none` releases it.
    FixedTable {
        file: PathBuf,
        player: String,
        table: String,
    },
    /// Drop a player (by number or exact name).
    Drop { file: PathBuf, player: String },
    /// Show the standings after the completed rounds.
    Standings { file: PathBuf },
    /// Show each player's opponents and the values behind their tiebreakers.
    Breakdown { file: PathBuf },
    /// Export the whole event as a versioned JSON archive.
    Export {
        file: PathBuf,
        /// Write to this file instead of standard output.
        #[arg(long, short)]
        output: Option<PathBuf>,
        /// archive (versioned JSON of everything), standings-csv, results-csv or report.
        #[arg(long, default_value = "archive")]
        format: Word<ExportFormat>,
        /// CSV encoding: utf8-bom (Excel) or shift-jis.
        #[arg(long, default_value = "utf8-bom")]
        encoding: Word<CsvEncoding>,
    },
    /// Create an event file from an exported archive (the same event, history included).
    ImportArchive { archive: PathBuf, file: PathBuf },
    /// Run the seeds' worked examples against the embedded rulesets.
    VerifyRules,
    /// List the embedded rulesets.
    Rulesets,
    /// List the title presets.
    Titles,
    /// Create (or reopen) a finished demo event and show it.
    Demo {
        #[arg(default_value = "tablekeeper-demo.tkevent")]
        file: PathBuf,
    },
}

/// The player library's events in a date range, added to the files given (a season, the
/// meta).
#[derive(Args)]
pub struct LibraryDates {
    /// Also the player library's events created from this date (YYYY-MM-DD).
    #[arg(long)]
    pub from: Option<String>,
    /// Also the player library's events created up to this date (YYYY-MM-DD).
    #[arg(long)]
    pub to: Option<String>,
    /// Another player library (with --from/--to).
    #[arg(long)]
    pub library: Option<PathBuf>,
}

#[derive(Args)]
pub struct CreateArgs {
    pub file: PathBuf,
    #[arg(long)]
    pub name: String,
    /// Embedded ruleset id (see `tablekeeper rulesets`).
    #[arg(long, conflicts_with = "ruleset_file")]
    pub ruleset: Option<String>,
    /// A custom ruleset file.
    #[arg(long)]
    pub ruleset_file: Option<PathBuf>,
    /// Title preset id (see `tablekeeper titles`); picks its ruleset when none is given.
    #[arg(long)]
    pub title: Option<String>,
    /// Planned Swiss rounds (default: from the publisher's table at the first pairing).
    #[arg(long)]
    pub rounds: Option<u32>,
    /// Override a ruleset field for this event, e.g. --set points.draw=1 (repeatable).
    #[arg(long = "set", value_name = "FIELD=VALUE")]
    pub overrides: Vec<String>,
    /// Seed of the random tie order (recorded; drawn if left out).
    #[arg(long)]
    pub seed: Option<u64>,
    /// swiss (default), round-robin, two-loss (Bushiroad double elimination),
    /// points-threshold (Force of Will double elimination) or single-elimination (one
    /// bracket from round 1).
    #[arg(long, default_value = "swiss")]
    pub structure: Word<Structure>,
    /// Elimination formats: stop early at this many finalists (two-loss: undefeated
    /// fighters; points-threshold: remaining players).
    #[arg(long, default_value_t = 0)]
    pub finalists: u32,
    /// Swiss variable rounds: play at least this many, then stop once one player (or fewer
    /// than / at most --finalists players) has only wins (FoW: has not lost); --rounds is
    /// the maximum. Points-threshold: from this many rounds on, stop once only one
    /// remaining player has not lost a round (003 §6b-iv).
    #[arg(long, default_value_t = 0)]
    pub min_rounds: u32,
    /// A planned top cut of N players: the suggested Swiss rounds come from the
    /// publisher's "with cut" table, and `cut` takes N by default.
    #[arg(long, default_value_t = 0)]
    pub cut: u32,
    /// Team event: 2 (tag) or 3 (trio) members per team; register teams with `add-team`.
    #[arg(long, default_value_t = 0)]
    pub team_size: u8,
    /// The first table number (a side event run beside another: e.g. 101).
    #[arg(long)]
    pub first_table: Option<u32>,
}

/// A person's details besides the name, as every command that takes a person reads them
/// (add-player, edit-player, door enter, library add and edit). In a correction a field
/// left out is kept and an empty one ("") is cleared.
#[derive(Args)]
pub struct PersonArgs {
    /// Reading used for sorting (furigana).
    #[arg(long)]
    pub reading: Option<String>,
    /// Publisher's player ID.
    #[arg(long = "player-id", alias = "publisher-id")]
    pub publisher_id: Option<String>,
    #[arg(long)]
    pub nickname: Option<String>,
}

impl PersonArgs {
    /// The person called `name` (a team: with its `members`), as the desk takes them.
    pub fn details(self, name: String, members: Vec<String>) -> PlayerDetails {
        PlayerDetails {
            name,
            reading: self.reading,
            publisher_id: self.publisher_id,
            nickname: self.nickname,
            members,
        }
    }
}

/// A library player's details besides the name.
#[derive(Args)]
pub struct LibraryFields {
    #[command(flatten)]
    pub person: PersonArgs,
    #[arg(long)]
    pub note: Option<String>,
}

/// A step of the exchange between shops.
#[derive(Subcommand)]
pub enum ExchangeStep {
    /// This shop's name and fingerprint, the shops trusted and waiting, the conflicts.
    Status,
    /// Name this shop (other shops see the name beside its fingerprint).
    Name { name: String },
    /// Write the events over since the last export and the library's changes as one
    /// signed bundle in DIR.
    Export {
        #[arg(long)]
        to: PathBuf,
    },
    /// Take every new bundle in DIR (any order; a bundle taken before changes nothing).
    Import { dir: PathBuf },
    /// Trust the shop with this fingerprint (after comparing it with the shop's own).
    Trust { fingerprint: String },
    /// Shared events' players no library player is yet, with who they may be.
    Unmatched,
    /// Say who a shared event's player is: library player --as NUMBER, or --new.
    Confirm {
        /// The event's identity (from `exchange unmatched`).
        event: String,
        /// Their player number in that event.
        player: u32,
        #[arg(long = "as", conflicts_with = "new", required_unless_present = "new")]
        number: Option<u32>,
        #[arg(long)]
        new: bool,
    },
}

/// A step on the player library.
#[derive(Subcommand)]
pub enum LibraryStep {
    /// Every player, by library number.
    List,
    /// Add a player.
    Add {
        name: String,
        #[command(flatten)]
        fields: LibraryFields,
    },
    /// Correct a player's details (a field left out is kept, an empty one ("") cleared).
    Edit {
        number: u32,
        #[arg(long)]
        name: Option<String>,
        #[command(flatten)]
        fields: LibraryFields,
    },
    /// Find players as the app does while typing: letters of a name, reading or nickname, a
    /// library number or a publisher ID.
    Find { typed: String },
    /// Groups of players that look like one person (same publisher ID, or same name and
    /// reading).
    Duplicates,
    /// Merge player OTHER into KEEP (KEEP's details win; OTHER leaves the library).
    Merge { keep: u32, other: u32 },
    /// Remove a player on request: their details leave the library (event files keep theirs).
    Remove { number: u32 },
    /// Write a complete copy of the library to a new file (to move laptops).
    Export { path: PathBuf },
    /// Add another library's players to this one (matching the ones already here).
    Import { path: PathBuf },
    /// A player's events, records, placings and penalties, from the event files.
    History { number: u32 },
    /// The events the library has seen (oldest first): what a season can be made of.
    Events {
        /// Only events created on or after this date (YYYY-MM-DD).
        #[arg(long)]
        from: Option<String>,
        /// Only events created on or before this date (YYYY-MM-DD).
        #[arg(long)]
        to: Option<String>,
    },
}

/// A step of the door at the desk.
#[derive(Subcommand)]
pub enum DoorStep {
    /// Set how the entry page takes entries (fields not given keep their value).
    Set {
        /// The entry page takes entries.
        #[arg(long, conflicts_with = "closed")]
        open: bool,
        /// The entry page takes no entries.
        #[arg(long)]
        closed: bool,
        /// open (accepted at once), approve (approved at the desk) or lottery.
        #[arg(long, value_parser = ["open", "approve", "lottery"])]
        mode: Option<String>,
        /// The most players (0: no cap).
        #[arg(long)]
        seats: Option<u32>,
        /// The longest waiting list (0: no limit).
        #[arg(long)]
        waiting_limit: Option<u32>,
        /// Entries close at this time (RFC 3339, e.g. 2026-12-05T13:00:00+09:00; "none":
        /// no deadline).
        #[arg(long)]
        closes_at: Option<String>,
        /// Players check in on the day (absent players are not paired): on or off.
        #[arg(long, value_parser = ["on", "off"])]
        check_in: Option<String>,
        /// What a player's drop request does: automatic or confirmed.
        #[arg(long, value_parser = ["automatic", "confirmed"])]
        drop_requests: Option<String>,
    },
    /// An entry for a player without a phone.
    Enter {
        name: String,
        #[command(flatten)]
        person: PersonArgs,
        /// A team's members in seat order (repeat for each).
        #[arg(long = "member")]
        members: Vec<String>,
    },
    /// Accept an entry (approval, or from the waiting list when a seat is free).
    Accept { entry: u32 },
    /// Refuse an entry.
    Refuse { entry: u32 },
    /// Withdraw an entry (before round 1).
    Withdraw { entry: u32 },
    /// Check an accepted entry in: the player is present.
    CheckIn { entry: u32 },
    /// Draw the lottery (the seed is recorded; --seed replays a draw).
    Draw {
        #[arg(long)]
        seed: Option<u64>,
    },
    /// Confirm a player's drop request.
    ConfirmDrop { player: String },
    /// Decline a player's drop request.
    DeclineDrop { player: String },
}

/// A step of the judge calls.
#[derive(Subcommand)]
pub enum JudgeStep {
    /// Call a judge for a player (at the desk).
    Call {
        player: String,
        #[arg(long)]
        reason: Option<String>,
    },
    /// A judge takes a call.
    Claim { call: u32 },
    /// A call is dealt with.
    Resolve { call: u32 },
}
