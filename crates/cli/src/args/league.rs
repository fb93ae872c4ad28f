//! The cut line, prizes, and what counts across events: the season, ratings and the meta.

use crate::words::Word;
use clap::{Args, Subcommand};
use std::path::PathBuf;
use tablekeeper_commands::vocabulary::{CsvEncoding, Paper};

/// The cut line, prizes, and what counts across events: the season, ratings and the meta.
#[derive(Subcommand)]
pub enum LeagueCommand {
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
