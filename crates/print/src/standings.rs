//! Standings with every tiebreaker as the ruleset displays it, the per-player breakdown
//! sheet (each opponent, their record and match-win percentage as averages use it, floor
//! applied, and the resulting opponents' average), and the cut-line sheet ("what do I
//! need?").

use tablekeeper_commands::views::StandingsView;
use tablekeeper_commands::views::breakdown::BreakdownView;

use tablekeeper_engine::model::Outcome;

use crate::canvas::{Document, MARGIN};
use crate::table::{self, Column, Width};
use crate::{PrintError, Sheet};

fn subtitle(sheet: &Sheet, what: &str, completed: u32) -> String {
    let l = sheet.labels();
    crate::labels::fill(
        l.standings_subtitle,
        &[("what", what), ("round", &completed.to_string())],
    )
}

pub(crate) fn footer(sheet: &Sheet) -> String {
    format!(
        "{} · {} {}",
        sheet.event,
        sheet.labels().printed,
        sheet.printed()
    )
}

/// A tiebreaker's column heading in the sheet's language.
fn heading(sheet: &Sheet, id: &str) -> String {
    crate::labels::tiebreaker(sheet.language, id).0.to_string()
}

/// The legend under the table: each column's meaning and the rank mark.
fn legend(sheet: &Sheet, ids: &[String], any_drawn: bool) -> Vec<String> {
    let mut lines: Vec<String> = ids
        .iter()
        .map(|id| crate::labels::tiebreaker(sheet.language, id).1.to_string())
        .collect();
    if any_drawn {
        lines.push(crate::labels::drawn_mark(sheet.language).to_string());
    }
    lines
}

/// The cut line: each player's rank, points and what they need for the cut.
pub fn cut_line(
    sheet: &Sheet,
    view: &tablekeeper_commands::views::projection::CutLineView,
) -> Result<Vec<u8>, PrintError> {
    let l = sheet.labels();
    let say = |message: &tablekeeper_words::message::Message| {
        tablekeeper_words::render(message, sheet.language)
    };
    let columns = vec![
        Column::right(l.rank, Width::Fixed(36.0)),
        Column::left(l.player, Width::Share(1.0)),
        Column::right(l.points, Width::Fixed(44.0)),
        Column::left(l.cut_line_needs, Width::Share(1.0)),
    ];
    let rows: Vec<Vec<String>> = view
        .rows
        .iter()
        .map(|row| {
            vec![
                row.rank.to_string(),
                format!("{} ({})", row.name, row.player),
                row.points.clone(),
                say(&row.chance_message()),
            ]
        })
        .collect();
    let mut doc = Document::new(sheet.paper, &sheet.event)?.printed_at(&sheet.printed_at);
    let end = table::draw(
        &mut doc,
        &table::Heading {
            title: &sheet.event,
            subtitle: &format!("{} — {}", l.cut_line, say(&view.heading())),
            caption: None,
            corner: None,
        },
        &columns,
        &rows,
        &table::DENSE,
    );
    let legend: Vec<String> = l
        .cut_line_legend
        .iter()
        .map(|line| line.to_string())
        .collect();
    draw_legend(&mut doc, end, &legend);
    doc.finish(&footer(sheet), &sheet.page_label())
}

pub fn standings(sheet: &Sheet, view: &StandingsView) -> Result<Vec<u8>, PrintError> {
    let l = sheet.labels();
    let show_match_win = view.rows.iter().any(|r| r.match_win.is_some())
        && !view.chain.iter().any(|id| id == "match-win");
    let mut columns = vec![
        Column::right(l.rank, Width::Fixed(36.0)),
        Column::left(l.player, Width::Share(1.0)),
        Column::right(l.points, Width::Fixed(44.0)),
        Column::right(l.record, Width::Fixed(56.0)),
    ];
    if show_match_win {
        columns.push(Column::right(l.match_win, Width::Fixed(62.0)));
    }
    for id in &view.chain {
        columns.push(Column::right(heading(sheet, id), Width::Fixed(72.0)));
    }
    let rows: Vec<Vec<String>> = view
        .rows
        .iter()
        .map(|row| {
            let mut name = row.name.clone();
            if row.disqualified {
                name.push_str(&format!(" ({})", l.disqualified));
            } else if row.dropped {
                name.push_str(&format!(" ({})", l.dropped));
            }
            let mut cells = vec![
                if row.decided_by_random {
                    format!("{}*", row.rank)
                } else {
                    row.rank.to_string()
                },
                name,
                row.points.clone(),
                format!("{}-{}-{}", row.wins, row.losses, row.draws),
            ];
            if show_match_win {
                cells.push(
                    row.match_win
                        .as_ref()
                        .map_or_else(|| "—".into(), |v| sheet.decimal(&v.display)),
                );
            }
            cells.extend(row.tiebreakers.iter().map(|v| sheet.decimal(&v.display)));
            cells
        })
        .collect();
    let mut doc = Document::new(sheet.paper, &sheet.event)?.printed_at(&sheet.printed_at);
    let end = table::draw(
        &mut doc,
        &table::Heading {
            title: &sheet.event,
            subtitle: &subtitle(sheet, l.standings, view.completed_rounds),
            caption: None,
            corner: None,
        },
        &columns,
        &rows,
        &table::DENSE,
    );
    let mut explained: Vec<String> = Vec::new();
    if show_match_win {
        explained.push("match-win".into());
    }
    explained.extend(view.chain.iter().cloned());
    let any_drawn = view.rows.iter().any(|r| r.decided_by_random);
    draw_legend(&mut doc, end, &legend(sheet, &explained, any_drawn));
    doc.finish(&footer(sheet), &sheet.page_label())
}

/// The legend lines under the table (on a new page if the last one is full).
pub(crate) fn draw_legend(doc: &mut Document, end: f32, lines: &[String]) {
    let (size, line) = (8.5, 11.5);
    let canvas = doc.current();
    let mut y = end + 8.0;
    if y + line * lines.len() as f32 > canvas.height - MARGIN - 10.0 {
        y = MARGIN + 12.0;
        doc.page();
    }
    let canvas = doc.current();
    let width = canvas.inner_width();
    for text in lines {
        canvas.text(MARGIN, y, size, width, text);
        y += line;
    }
}

/// One block per player, as many per page as fit, never split across pages.
pub fn breakdown(
    sheet: &Sheet,
    view: &BreakdownView,
    standings: &StandingsView,
) -> Result<Vec<u8>, PrintError> {
    let l = sheet.labels();
    let status = |player: u32| {
        standings
            .rows
            .iter()
            .find(|r| r.player == player)
            .and_then(|r| {
                if r.disqualified {
                    Some(format!(" ({})", l.disqualified))
                } else if r.dropped {
                    Some(format!(" ({})", l.dropped))
                } else {
                    None
                }
            })
            .unwrap_or_default()
    };
    let mut doc = Document::new(sheet.paper, &sheet.event)?.printed_at(&sheet.printed_at);
    let size = 9.0;
    let line = 12.5;
    let mut y = {
        let canvas = doc.page();
        table::title_block(
            canvas,
            &sheet.event,
            &subtitle(sheet, l.breakdown, view.completed_rounds),
        )
    };
    for player in &view.players {
        let needed = line * (player.rounds.len() as f32 + 4.5);
        let canvas = doc.current();
        if y + needed > canvas.height - MARGIN - 10.0 {
            doc.page();
            y = MARGIN + 12.0;
        }
        let canvas = doc.current();
        let width = canvas.inner_width();
        let match_win = player
            .match_win
            .as_ref()
            .map(|v| format!(" · {} {}", l.match_win, sheet.decimal(&v.display)))
            .unwrap_or_default();
        let head = format!(
            "{}. {}{} — {} {} · {}{match_win}",
            player.rank,
            player.name,
            status(player.player),
            player.points,
            l.points,
            player.record
        );
        canvas.text(MARGIN, y, 11.0, width, &head);
        y += line + 2.0;
        let x = [MARGIN + 8.0, MARGIN + 60.0, MARGIN + 110.0, MARGIN + 330.0];
        // Column headings of the block, in the sheet's language.
        let small = size - 1.5;
        canvas.text(x[0], y, small, 50.0, l.round);
        canvas.text(x[1], y, small, 48.0, l.result);
        canvas.text(x[2], y, small, 215.0, l.opponent);
        canvas.text(
            x[3],
            y,
            small,
            MARGIN + width - x[3],
            &format!("{} · {}", l.record, l.match_win),
        );
        y += line;
        for r in &player.rounds {
            let outcome = match r.outcome {
                Outcome::Win => l.outcome_win,
                Outcome::Loss => l.outcome_loss,
                Outcome::Draw => l.outcome_draw,
            };
            let opponent = r.opponent_name.clone().unwrap_or_else(|| l.bye.to_string());
            let numbers = match (&r.opponent_record, &r.opponent_match_win) {
                (Some(record), Some(mw)) if r.counted => {
                    format!("{record}   {}", sheet.decimal(mw))
                }
                (Some(record), _) => format!("{record}   ({})", l.not_counted),
                _ => String::new(),
            };
            canvas.text(x[0], y, size, 50.0, &sheet.round(r.round));
            canvas.text(x[1], y, size, 48.0, outcome);
            canvas.text(x[2], y, size, 215.0, &opponent);
            canvas.text(x[3], y, size, MARGIN + width - x[3], &numbers);
            y += line;
        }
        let values: Vec<String> = player
            .tiebreakers
            .iter()
            .map(|v| format!("{} {}", heading(sheet, &v.id), sheet.decimal(&v.display)))
            .collect();
        let summary = format!("{}: {}", l.average, values.join(" · "));
        canvas.text(x[0], y, size, width - 8.0, &summary);
        y += line * 1.5;
    }
    doc.finish(&footer(sheet), &sheet.page_label())
}
