//! One print job on an open event: which document, for which round, on which paper, in
//! which language. The CLI and the desktop shell both print through [`render`].

use tablekeeper_words::msg;

use tablekeeper_commands::desk::{PictureFormat, Pictures, PrintContext, PrintRequest};
use tablekeeper_commands::{CommandError, Session};

use crate::{Document, Language, Paper, PrintError, Sheet};

#[derive(Debug, Clone)]
pub struct PrintJob {
    pub what: Document,
    /// `None`: the current round.
    pub round: Option<u32>,
    pub paper: Paper,
    pub language: Language,
    /// Shown in every footer.
    pub printed_at: String,
    /// Each table's report code (the current round's slips carry them).
    pub table_codes: std::collections::BTreeMap<u32, String>,
    /// The players' page while the event is shared (on the wall pairings, with a QR code).
    pub share_url: Option<String>,
    /// The players' tickets (the `tickets` printout only).
    pub tickets: Vec<tablekeeper_commands::desk::PlayerTicketView>,
}

/// The app's and the CLI's print request rendered to PDF bytes (`Desk::print` writes
/// them beside the event file).
pub fn render_request(
    session: &Session,
    request: &PrintRequest,
    context: &PrintContext,
) -> Result<Vec<u8>, CommandError> {
    let job = PrintJob {
        what: request.document,
        round: request.round,
        paper: request.paper,
        language: request.language,
        printed_at: context.printed_at.clone(),
        table_codes: context.table_codes.clone(),
        share_url: context.share_url.clone(),
        tickets: context.tickets.clone(),
    };
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
        share_url: job.share_url.clone(),
    };
    match job.what {
        Document::Pairings
        | Document::PairingsByName
        | Document::Slips
        | Document::SlipsCompact => {
            let pairings = session.pairings(job.round)?;
            // The points the players had when the round was paired, also on a reprint.
            let before = session.standings_before(pairings.round)?;
            let points = before
                .rows
                .iter()
                .map(|row| (row.player, row.points.clone()))
                .collect();
            match job.what {
                Document::Pairings => crate::pairings::by_table(&sheet, &pairings, &points),
                Document::PairingsByName => {
                    crate::pairings::by_name(&sheet, &pairings, &session.players(), &points)
                }
                _ => crate::slips::match_slips(
                    &sheet,
                    &crate::slips::SlipRound {
                        pairings: &pairings,
                        players: &session.players(),
                        before: &before,
                        games_to_win: event.ruleset.points.games_to_win,
                        compact: job.what == Document::SlipsCompact,
                        slip_code: &tablekeeper_commands::slip_code::event_code(event),
                        codes: true,
                        report_codes: &job.table_codes,
                    },
                ),
            }
        }
        Document::Standings => crate::standings::standings(&sheet, &session.standings()?),
        Document::Breakdown => crate::standings::breakdown(
            &sheet,
            &tablekeeper_commands::views::breakdown::BreakdownView::of(session.event())?,
            &session.standings()?,
        ),
        Document::Bracket => {
            let bracket = session.bracket()?.ok_or_else(|| {
                PrintError::Input(msg!(
                    "error.print-input.no-bracket",
                    "the top cut has not started; there is no bracket to print"
                ))
            })?;
            crate::bracket::bracket(&sheet, &bracket)
        }
        Document::ScoreCard => {
            crate::forms::score_card(&sheet, event.settings.planned_rounds.max(5))
        }
        Document::DeckSheet => crate::forms::deck_sheet(&sheet, &event.ruleset.id),
        Document::Tickets => crate::tickets::tickets(&sheet, &job.tickets),
        Document::DoorPoster => crate::poster::door_poster(&sheet),
        Document::CutLine => crate::standings::cut_line(&sheet, &session.cut_line(None)?),
        Document::DeckChecks => {
            // Refused before round 1 is paired, so a round is known below.
            let checks = session.deck_checks(job.round)?;
            let round = job
                .round
                .or_else(|| event.current_round().map(|r| r.number))
                .unwrap_or_default();
            crate::deck_checks::deck_checks(&sheet, round, &checks)
        }
        Document::Payout => {
            let payout = session.prizes(None, None)?;
            crate::prizes::payout(&sheet, &payout)
        }
    }
}

/// A season's table as PDF (`Desk::print_season` writes it): the desk's season printer.
pub fn render_season(
    view: &tablekeeper_commands::views::prizes::SeasonView,
    paper: Paper,
    language: Language,
    printed_at: &str,
) -> Result<Vec<u8>, CommandError> {
    let sheet = Sheet {
        event: view.name.clone(),
        printed_at: printed_at.to_string(),
        paper,
        language,
        share_url: None,
    };
    Ok(crate::prizes::season(&sheet, view)?)
}

/// The meta's or the ratings' pictures as PDF or SVG (`Desk::print_meta` and
/// `Desk::print_ratings` write them): the desk's picture printer.
pub fn render_pictures(
    pictures: &Pictures,
    format: PictureFormat,
    paper: Paper,
    language: Language,
    printed_at: &str,
) -> Result<Vec<u8>, CommandError> {
    let words = crate::labels::labels(language);
    let (title, figures) = match pictures {
        Pictures::Meta(view) => (
            words.meta_share,
            vec![crate::charts::meta_figure(view, language)],
        ),
        Pictures::Ratings(view) => (
            words.ratings,
            crate::charts::ratings_figures(view, language),
        ),
    };
    match format {
        PictureFormat::Svg => {
            // One picture to post: the explained history when there is one (it comes last).
            let figure = match pictures {
                Pictures::Ratings(view) if !view.explained.is_empty() => figures.last(),
                _ => figures.first(),
            };
            Ok(figure.map(|f| f.svg()).unwrap_or_default().into_bytes())
        }
        PictureFormat::Pdf => {
            let sheet = Sheet {
                event: title.to_string(),
                printed_at: printed_at.to_string(),
                paper,
                language,
                share_url: None,
            };
            Ok(crate::charts::pictures_pdf(&sheet, title, &figures)?)
        }
    }
}

/// The round's sheets as one PDF (`Desk::print_round` without a printer): the desk's merger.
pub fn merge_sheets(pdfs: &[Vec<u8>]) -> Result<Vec<u8>, CommandError> {
    Ok(crate::merge::merge(pdfs)?)
}
