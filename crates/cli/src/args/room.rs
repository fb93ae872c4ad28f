//! The room and the desk: sharing with phones and stations, tickets, the door, the shop's library and exchange, deck checks, table ranges, judge calls.

use crate::words::Word;
use clap::{Args, Subcommand};
use std::path::PathBuf;

use super::event::PersonArgs;

/// The room and the desk: sharing with phones and stations, tickets, the door, the shop's library and exchange, deck checks, table ranges, judge calls.
#[derive(Subcommand)]
pub enum RoomCommand {
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
        /// Keep the live copy of the main laptop's event in this folder, as the app's
        /// station does: it is what a takeover opens if the main laptop stops (`--mirror`
        /// names the same folder when this is not given).
        #[arg(long, value_name = "DIR")]
        replica: Option<PathBuf>,
        /// With a copy kept: keep it this many seconds from the start, also after the last
        /// result line.
        #[arg(long = "for", value_name = "SECONDS")]
        seconds: Option<u64>,
        /// The port this station would share the event on after a takeover (the main
        /// laptop tells phones to look there); by default the main laptop's own.
        #[arg(long)]
        port: Option<u16>,
    },
    /// Take the event over from a main laptop that stopped, as Start → Take over does: the
    /// station's copy (kept by `station --replica DIR`) becomes the event, a new epoch
    /// begins in its log, and it is shared on the old main laptop's port where it can, so
    /// the phones find it by themselves. Refused while the main laptop still answers. Runs
    /// until stopped (Ctrl-C) or for `--for` seconds.
    Takeover {
        /// The station's copy of the event.
        copy: PathBuf,
        /// The main laptop that stopped, as its Share screen showed it (192.168.1.5:8080).
        #[arg(long)]
        from: String,
        /// Port for the players' page (by default the old main laptop's; another one if
        /// that is taken on this laptop).
        #[arg(long)]
        port: Option<u16>,
        /// Address to listen on: every network of this laptop by default.
        #[arg(long, default_value = "0.0.0.0")]
        bind: std::net::IpAddr,
        /// Another station of the event (ip:port), asked whether it took over first; give
        /// one --station per station.
        #[arg(long = "station", value_name = "ADDRESS")]
        stations: Vec<String>,
        /// Stop after this many seconds.
        #[arg(long = "for", value_name = "SECONDS")]
        seconds: Option<u64>,
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
}

/// A library player's details besides the name.
#[derive(Args)]
pub struct LibraryFields {
    #[command(flatten)]
    pub person: PersonArgs,
    #[arg(long)]
    pub note: Option<String>,
    /// The player's TCG+ membership number (a TCG+ organizer file names them by it; "" to
    /// clear it on an edit).
    #[arg(long, value_name = "NUMBER")]
    pub tcgplus_id: Option<String>,
    /// The player's Play! Pokémon ID (a TOM file names them by it; "" to clear it on an
    /// edit).
    #[arg(long, value_name = "ID")]
    pub pokemon_id: Option<String>,
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
    /// Players of TCG+ organizer files and TOM files whose number no library player carries,
    /// each with the library players whose names match (to confirm with `tool-confirm`).
    ToolPlayers {
        #[arg(required = true)]
        files: Vec<PathBuf>,
    },
    /// Put a player's TCG+ membership number or Play! Pokémon ID on library player
    /// `--number`'s card; without `--number`, add NAME as a new library player with it.
    ToolConfirm {
        /// tcgplus or pokemon.
        #[arg(value_parser = ["tcgplus", "pokemon"])]
        tool: String,
        id: String,
        name: String,
        #[arg(long)]
        number: Option<u32>,
    },
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
