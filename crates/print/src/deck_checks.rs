//! The deck-check list for the judges: each table picked in the round, who sits
//! there, the time extension given, and space for the judge's initials and notes; the seed
//! each pick was made with under it.

use tablekeeper_commands::views::deck_checks::DeckCheckView;

use crate::canvas::Document;
use crate::labels::fill;
use crate::standings::{draw_legend, footer};
use crate::table::{self, Column, Width};
use crate::{PrintError, Sheet};

pub fn deck_checks(
    sheet: &Sheet,
    round: u32,
    checks: &[DeckCheckView],
) -> Result<Vec<u8>, PrintError> {
    let l = sheet.labels();
    let columns = vec![
        Column::right(l.table, Width::Fixed(44.0)),
        Column::left(l.deck_checks_players, Width::Share(2.0)),
        Column::right(l.deck_checks_extension, Width::Fixed(70.0)),
        Column::left(l.judge, Width::Share(0.6)),
        Column::left(l.notes, Width::Share(1.0)),
    ];
    let rows: Vec<Vec<String>> = checks
        .iter()
        .flat_map(|check| &check.tables)
        .map(|table| {
            vec![
                table.table.to_string(),
                table
                    .players
                    .iter()
                    .map(|p| format!("{} ({})", p.name, p.number))
                    .collect::<Vec<_>>()
                    .join(" / "),
                if table.extension_minutes > 0 {
                    format!("+{} {}", table.extension_minutes, l.minutes)
                } else {
                    String::new()
                },
                String::new(),
                String::new(),
            ]
        })
        .collect();
    let mut doc = Document::new(sheet.paper, &sheet.event)?.printed_at(&sheet.printed_at);
    let end = table::draw(
        &mut doc,
        &table::Heading {
            title: &sheet.event,
            subtitle: &format!("{} — {}", l.deck_checks, sheet.round(round)),
            caption: None,
            corner: None,
        },
        &columns,
        &rows,
        &table::Style {
            size: 10.5,
            row_height: 24.0,
        },
    );
    let mut legend: Vec<String> = checks
        .iter()
        .map(|check| fill(l.deck_checks_seed, &[("seed", &check.seed)]))
        .collect();
    if rows.is_empty() {
        legend.insert(0, l.deck_checks_none.to_string());
    }
    draw_legend(&mut doc, end, &legend);
    doc.finish(&footer(sheet), &sheet.page_label())
}
