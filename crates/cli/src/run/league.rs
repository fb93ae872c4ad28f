//! The cut line, prizes, and what counts across events: the season, ratings and the meta.

use super::shared::*;
use crate::args::LeagueCommand;
use crate::host::Host;
use crate::output::Output;
use crate::render;
use tablekeeper_commands::CommandError;
use tablekeeper_commands::desk::*;

/// Runs one of: the cut line, prizes, and what counts across events: the season, ratings and the meta.
pub(super) fn run(command: LeagueCommand, host: &mut Host) -> Result<Output, CommandError> {
    match command {
        LeagueCommand::Projection { file, cut } => {
            let view = host.open(&file)?.projection(ProjectionRequest { cut })?;
            Output::new(crate::projection::text(&view), &view)
        }
        LeagueCommand::Prizes {
            file,
            rules,
            record,
            draw_raffle,
            raffle_seed,
            csv,
            encoding,
        } => {
            let desk = host.open(&file)?;
            let view = match (rules, record, draw_raffle) {
                (Some(rules), true, _) => desk.set_prizes(SetPrizesRequest {
                    rules: text_of(&rules)?,
                })?,
                (_, _, true) => {
                    desk.draw_raffle(tablekeeper_commands::desk::door::DrawRequest {
                        seed: raffle_seed,
                    })?
                }
                (rules, _, _) => desk.prizes(PrizesRequest {
                    rules: rules.as_deref().map(text_of).transpose()?,
                    raffle_seed,
                })?,
            };
            if let Some(path) = csv {
                let text = tablekeeper_commands::formats::csv_export::payout_csv(&view)?;
                write_csv(&path, &text, encoding.0)?;
            }
            Output::new(crate::prizes::payout(&view), &view)
        }
        LeagueCommand::Season {
            rules,
            files,
            dates,
            shared,
            csv,
            pdf,
            paper,
            encoding,
        } => {
            let request = SeasonRequest {
                rules: text_of(&rules)?,
                files,
                from: dates.from,
                to: dates.to,
                shared: shared.then_some(true),
            };
            let desk = host.beside(&rules);
            crate::library::choose(desk, dates.library, crate::library::Named::MustExist)?;
            let view = desk.season(request.clone())?;
            if let Some(path) = csv {
                desk.export_season(ExportSeasonRequest {
                    season: request.clone(),
                    path,
                    encoding: Some(encoding.0),
                })?;
            }
            if let Some(path) = pdf {
                desk.print_season(PrintSeasonRequest {
                    season: request,
                    paper: paper.0,
                    language: render::language(),
                    open: false,
                    output: Some(path),
                })?;
            }
            Output::new(crate::prizes::season(&view), &view)
        }
        LeagueCommand::Ratings {
            files,
            library,
            library_file,
            rules,
            title,
            explain,
            svg,
            pdf,
            paper,
        } => {
            let rules = rules.as_deref().map(text_of).transpose()?;
            let desk = host.plain();
            crate::library::choose(desk, library_file, crate::library::Named::MustExist)?;
            let request = ratings::RatingsRequest {
                rules,
                files,
                title,
                explain,
                library,
            };
            let view = desk.ratings(request.clone())?;
            for (format, output) in pictures(svg, pdf) {
                desk.print_ratings(ratings::PrintRatingsRequest {
                    ratings: request.clone(),
                    print: picture(format, paper.0, output),
                })?;
            }
            Output::new(crate::ratings::text(&view), &view)
        }
        LeagueCommand::Meta {
            files,
            dates,
            csv,
            svg,
            pdf,
            paper,
            encoding,
        } => {
            let desk = host.plain();
            crate::library::choose(desk, dates.library, crate::library::Named::MustExist)?;
            let request = meta::MetaRequest {
                files,
                from: dates.from,
                to: dates.to,
                for_room: false,
            };
            let view = desk.meta(request.clone())?;
            if let Some(path) = csv {
                let text = tablekeeper_commands::formats::csv_export::meta_csv(&view)?;
                write_csv(&path, &text, encoding.0)?;
            }
            for (format, output) in pictures(svg, pdf) {
                desk.print_meta(meta::PrintMetaRequest {
                    meta: request.clone(),
                    print: picture(format, paper.0, output),
                })?;
            }
            Output::new(crate::ratings::meta_text(&view), &view)
        }
    }
}
