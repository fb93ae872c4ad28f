//! Creating an event and registering its players.

use crate::words::Word;
use clap::{Args, Subcommand};
use std::path::PathBuf;
use tablekeeper_engine::PlayerDetails;
use tablekeeper_engine::model::DetailsChange;
use tablekeeper_engine::rules::structure::Structure;

/// Creating an event and registering its players.
#[derive(Subcommand)]
pub enum EventCommand {
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
    /// The correction these arguments ask for (`name`: a new name, if one is given).
    pub fn change(self, name: Option<String>) -> DetailsChange {
        DetailsChange {
            name,
            reading: self.reading,
            publisher_id: self.publisher_id,
            nickname: self.nickname,
        }
    }

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
