//! Rounds: pairing, the top cut, printouts, corrections to pairings, results, penalties and decks.

use crate::words::Word;
use clap::Subcommand;
use std::path::PathBuf;
use tablekeeper_commands::vocabulary::{Document, Paper};
use tablekeeper_engine::model::PenaltyType;
use tablekeeper_engine::top_cut::decks::SelectionMethod;

/// Rounds: pairing, the top cut, printouts, corrections to pairings, results, penalties and decks.
#[derive(Subcommand)]
pub enum RoundCommand {
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
}
