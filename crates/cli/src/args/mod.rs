//! Command-line arguments: the global options here, the subcommands in groups of one file
//! each (flattened, so `--help` lists them as one list in this order).

use std::path::PathBuf;

use clap::{Parser, Subcommand};
use tablekeeper_words::Language;

use crate::words::Word;

mod event;
mod league;
mod records;
mod room;
mod rounds;

pub use event::*;
pub use league::*;
pub use records::*;
pub use room::*;
pub use rounds::*;

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

/// Every subcommand, in the order `--help` lists them; each group is its own file.
#[derive(Subcommand)]
pub enum Command {
    #[command(flatten)]
    Event(EventCommand),
    #[command(flatten)]
    Rounds(RoundCommand),
    #[command(flatten)]
    Room(RoomCommand),
    #[command(flatten)]
    League(LeagueCommand),
    #[command(flatten)]
    Records(RecordCommand),
}
