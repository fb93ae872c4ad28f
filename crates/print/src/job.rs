//! One print job on an open event: which document, for which round, on which paper, in
//! which language. The CLI and the desktop shell both print through [`render`].

use std::collections::HashMap;

use tablekeeper_commands::desktop::PrintRequest;
use tablekeeper_commands::{CommandError, Session};

use crate::{Language, Paper, PrintError, Sheet};

/// The printable documents.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum What {
    Pairings,
    PairingsByName,
    Slips,
    Standings,
    Breakdown,
    Bracket,
    ScoreCard,
    DeckSheet,
}

impl What {
    pub const ALL: &'static str = "pairings, pairings-by-name, slips, standings, breakdown, bracket, score-card or deck-sheet";

    pub fn parse(text: &str) -> Result<What, PrintError> {
        Ok(match text {
            "pairings" => What::Pairings,
            "pairings-by-name" => What::PairingsByName,
            "slips" => What::Slips,
            "standings" => What::Standings,
            "breakdown" => What::Breakdown,
            "bracket" => What::Bracket,
            "score-card" => What::ScoreCard,
            "deck-sheet" => What::DeckSheet,
            other => {
                return Err(PrintError::Input(format!(
                    "unknown printout '{other}'; use {}",
                    What::ALL
                )));
            }
        })
    }
}

#[derive(Debug, Clone)]
pub struct PrintJob {
    pub what: What,
    /// `None`: the current round.
    pub round: Option<u32>,
    pub paper: Paper,
    pub language: Language,
    /// Shown in every footer.
    pub printed_at: String,
}

impl PrintJob {
    /// A job from the words the CLI and the app use (`slips`, `a4`, `ja`, …).
    pub fn from_words(
        what: &str,
        round: Option<u32>,
        paper: &str,
        language: &str,
        printed_at: &str,
    ) -> Result<PrintJob, PrintError> {
        Ok(PrintJob {
            what: What::parse(what)?,
            round,
            paper: Paper::parse(paper)?,
            language: Language::parse(language)?,
            printed_at: printed_at.to_string(),
        })
    }
}

/// The desktop app's print request rendered to PDF bytes (`Desk::print` writes them).
pub fn render_request(
    session: &Session,
    request: &PrintRequest,
    printed_at: &str,
) -> Result<Vec<u8>, CommandError> {
    let job = PrintJob::from_words(
        &request.document,
        request.round,
        &request.paper,
        &request.language,
        printed_at,
    )?;
    Ok(render(session, &job)?)
}

/// The PDF bytes of `job` for the event open in `session`.
pub fn render(session: &Session, job: &PrintJob) -> Result<Vec<u8>, PrintError> {
    let event = session.event();
    let sheet = Sheet {
        event: event.settings.name.clone(),
        printed_at: job.printed_at.clone(),
        paper: job.paper,
        language: job.language,
    };
    match job.what {
        What::Pairings | What::PairingsByName | What::Slips => {
            let pairings = session.pairings(job.round)?;
            let points: HashMap<u32, String> = session
                .standings()?
                .rows
                .into_iter()
                .map(|r| (r.player, r.points))
                .collect();
            match job.what {
                What::Pairings => crate::pairings::by_table(&sheet, &pairings, &points),
                What::PairingsByName => {
                    crate::pairings::by_name(&sheet, &pairings, &session.players(), &points)
                }
                _ => crate::slips::match_slips(
                    &sheet,
                    &pairings,
                    &session.players(),
                    event.ruleset.points.games_to_win,
                ),
            }
        }
        What::Standings => crate::standings::standings(&sheet, &session.standings()?),
        What::Breakdown => crate::standings::breakdown(&sheet, &session.breakdown()?),
        What::Bracket => {
            let bracket = session.bracket()?.ok_or_else(|| {
                PrintError::Input(
                    "the top cut has not started; there is no bracket to print".into(),
                )
            })?;
            crate::bracket::bracket(&sheet, &bracket)
        }
        What::ScoreCard => crate::forms::score_card(&sheet, event.settings.planned_rounds.max(5)),
        What::DeckSheet => crate::forms::deck_sheet(&sheet),
    }
}
