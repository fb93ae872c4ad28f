//! Backups, undo and history, drops and fixed tables, standings, exports and imports, and the tools.

use crate::words::Word;
use clap::Subcommand;
use std::path::PathBuf;
use tablekeeper_commands::vocabulary::{CsvEncoding, ExportFormat};

/// Backups, undo and history, drops and fixed tables, standings, exports and imports, and the tools.
#[derive(Subcommand)]
pub enum RecordCommand {
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
    /// Write the event's players into a .tdf that TOM created (saved over in place; the
    /// players TOM already has, and everything else in the file, are left as they are).
    TomRoster { file: PathBuf, tdf: PathBuf },
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
