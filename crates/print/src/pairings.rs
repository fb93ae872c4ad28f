//! Pairings for the wall: by table (table, player, points, opponent, points) and by name
//! (in collation order by family name or reading, see [`crate::name_order`]).

use std::collections::HashMap;

use tablekeeper_commands::views::{PairingsView, PlayerView};

use crate::canvas::{Canvas, Document, MARGIN};
use crate::name_order::{compare, initial, sort_text};
use crate::table::{self, Column, Width};
use crate::{PrintError, Sheet};

/// Points of each player before the round (from the standings of completed rounds).
pub type PointsOf = HashMap<u32, String>;

fn footer(sheet: &Sheet, pairings: &PairingsView) -> String {
    let l = sheet.labels();
    format!(
        "{} · {} · {} {} · {} {}",
        sheet.event,
        sheet.round(pairings.round),
        l.printed,
        sheet.printed(),
        l.seed,
        pairings.pairing_seed
    )
}

fn subtitle(sheet: &Sheet, pairings: &PairingsView, what: &str) -> String {
    match &pairings.bracket_round {
        Some(label) => format!(
            "{} — {} · {}",
            sheet.round(pairings.round),
            crate::labels::round_name(sheet.language, label),
            what
        ),
        None => format!("{} — {what}", sheet.round(pairings.round)),
    }
}

/// Where phones find the event, top right of every pairings page while it is shared: the
/// address's QR code with "Find your table" and the address beside it.
fn share_corner(sheet: &Sheet) -> Option<Box<table::Corner<'_>>> {
    let url = sheet.share_url.as_deref()?;
    let caption = sheet.labels().find_your_table;
    Some(Box::new(move |canvas: &mut Canvas| {
        const SIZE: f32 = 50.0;
        let right = MARGIN + canvas.inner_width();
        if !crate::qr::draw(canvas, right - SIZE, MARGIN - 8.0, SIZE, url) {
            return (0.0, 0.0);
        }
        // The words sit beside the title line; the large subtitle under them only has to
        // clear the code.
        let text_width = canvas
            .text_width(url, 8.0)
            .max(canvas.text_width(caption, 8.0));
        let x = right - SIZE - 4.0;
        canvas.text_right(x, MARGIN + 1.0, 8.0, caption);
        canvas.text_right(x, MARGIN + 12.0, 8.0, url);
        (SIZE + 4.0 + text_width, SIZE)
    }))
}

/// "Tables 1–20" on each page of the by-table sheet.
fn table_range(sheet: &Sheet, page: &[Vec<String>]) -> String {
    let numbers: Vec<&str> = page
        .iter()
        .map(|row| row[0].as_str())
        .filter(|n| !n.is_empty())
        .collect();
    match (numbers.first(), numbers.last()) {
        (Some(first), Some(last)) => format!("{} {first}–{last}", sheet.labels().tables),
        _ => String::new(),
    }
}

/// "A–D": the letters the page's names are filed under.
fn name_range(page: &[Vec<String>]) -> String {
    let letter = |row: &Vec<String>| row.last().cloned().unwrap_or_default();
    match (page.first().map(letter), page.last().map(letter)) {
        (Some(first), Some(last)) if first == last => first,
        (Some(first), Some(last)) => format!("{first}–{last}"),
        _ => String::new(),
    }
}

/// Pairings by table, top tables first.
pub fn by_table(
    sheet: &Sheet,
    pairings: &PairingsView,
    points: &PointsOf,
) -> Result<Vec<u8>, PrintError> {
    let l = sheet.labels();
    let columns = [
        Column::right(l.table, Width::Fixed(56.0)).scaled(1.3),
        Column::left(l.player, Width::Share(1.0)),
        Column::right(l.points, Width::Fixed(52.0)),
        Column::left(String::new(), Width::Fixed(18.0)),
        Column::left(l.opponent, Width::Share(1.0)),
        Column::right(l.points, Width::Fixed(52.0)),
    ];
    let points_of = |id: u32| points.get(&id).cloned().unwrap_or_else(|| "0".into());
    let mut rows: Vec<Vec<String>> = pairings
        .tables
        .iter()
        .map(|t| {
            vec![
                t.table.to_string(),
                t.a.name.clone(),
                points_of(t.a.player),
                "v".into(),
                t.b.name.clone(),
                points_of(t.b.player),
            ]
        })
        .collect();
    for bye in &pairings.byes {
        rows.push(vec![
            String::new(),
            bye.name.clone(),
            points_of(bye.player),
            String::new(),
            l.bye.into(),
            String::new(),
        ]);
    }
    for late in &pairings.late_entry_losses {
        rows.push(vec![
            String::new(),
            late.name.clone(),
            points_of(late.player),
            String::new(),
            l.late_entry.into(),
            String::new(),
        ]);
    }
    let mut doc = Document::new(sheet.paper, &sheet.event)?.printed_at(&sheet.printed_at);
    let corner = share_corner(sheet);
    let caption = |page: &[Vec<String>]| table_range(sheet, page);
    table::draw(
        &mut doc,
        &table::Heading {
            title: &sheet.event,
            subtitle: &subtitle(sheet, pairings, l.pairings_by_table),
            caption: Some(&caption),
            corner: corner.as_deref(),
        },
        &columns,
        &rows,
        &table::WALL,
    );
    doc.finish(&footer(sheet, pairings), &sheet.page_label())
}

/// Pairings by name: every player once, with table, opponent and points.
pub fn by_name(
    sheet: &Sheet,
    pairings: &PairingsView,
    players: &[PlayerView],
    points: &PointsOf,
) -> Result<Vec<u8>, PrintError> {
    let l = sheet.labels();
    let reading: HashMap<u32, Option<&str>> = players
        .iter()
        .map(|p| (p.id, p.details.reading.as_deref()))
        .collect();
    let points_of = |id: u32| points.get(&id).cloned().unwrap_or_else(|| "0".into());
    let mut lines: Vec<(String, Vec<String>)> = Vec::new();
    for t in &pairings.tables {
        for (me, them) in [(&t.a, &t.b), (&t.b, &t.a)] {
            let key = sort_text(&me.name, reading.get(&me.player).copied().flatten());
            lines.push((
                key.clone(),
                vec![
                    me.name.clone(),
                    points_of(me.player),
                    t.table.to_string(),
                    them.name.clone(),
                    initial(&key),
                ],
            ));
        }
    }
    for (seats, text) in [
        (&pairings.byes, l.bye),
        (&pairings.late_entry_losses, l.late_entry),
    ] {
        for seat in seats {
            let key = sort_text(&seat.name, reading.get(&seat.player).copied().flatten());
            lines.push((
                key.clone(),
                vec![
                    seat.name.clone(),
                    points_of(seat.player),
                    String::new(),
                    text.into(),
                    initial(&key),
                ],
            ));
        }
    }
    lines.sort_by(|a, b| {
        compare(sheet.language, &a.0, &b.0).then_with(|| compare(sheet.language, &a.1[0], &b.1[0]))
    });
    let rows: Vec<Vec<String>> = lines.into_iter().map(|(_, row)| row).collect();
    // The last cell of each row (not a column) is the letter it is filed under, for the
    // page's "A–D" heading; the table number is the biggest item on the sheet.
    let columns = [
        Column::left(l.player, Width::Share(1.2)),
        Column::right(l.points, Width::Fixed(52.0)),
        Column::right(l.table, Width::Fixed(64.0)).scaled(1.45),
        Column::left(l.opponent, Width::Share(1.0)),
    ];
    let mut doc = Document::new(sheet.paper, &sheet.event)?.printed_at(&sheet.printed_at);
    let corner = share_corner(sheet);
    table::draw(
        &mut doc,
        &table::Heading {
            title: &sheet.event,
            subtitle: &subtitle(sheet, pairings, l.pairings_by_name),
            caption: Some(&name_range),
            corner: corner.as_deref(),
        },
        &columns,
        &rows,
        &table::WALL,
    );
    doc.finish(&footer(sheet, pairings), &sheet.page_label())
}
