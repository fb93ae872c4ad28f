//! Pairings for the wall: by table (table, player, points, opponent, points) and by name
//! (alphabetical; Japanese names by their reading, so in 五十音 order, when one is given).

use std::collections::HashMap;

use tablekeeper_commands::views::{PairingsView, PlayerView};

use crate::canvas::Document;
use crate::table::{self, Align, Column, Width};
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
        sheet.printed_at,
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

/// Pairings by table, top tables first.
pub fn by_table(
    sheet: &Sheet,
    pairings: &PairingsView,
    points: &PointsOf,
) -> Result<Vec<u8>, PrintError> {
    let l = sheet.labels();
    let columns = [
        Column {
            heading: l.table.into(),
            width: Width::Fixed(56.0),
            align: Align::Right,
        },
        Column {
            heading: l.player.into(),
            width: Width::Share(1.0),
            align: Align::Left,
        },
        Column {
            heading: l.points.into(),
            width: Width::Fixed(52.0),
            align: Align::Right,
        },
        Column {
            heading: String::new(),
            width: Width::Fixed(18.0),
            align: Align::Left,
        },
        Column {
            heading: l.opponent.into(),
            width: Width::Share(1.0),
            align: Align::Left,
        },
        Column {
            heading: l.points.into(),
            width: Width::Fixed(52.0),
            align: Align::Right,
        },
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
    let mut doc = Document::new(sheet.paper, &sheet.event)?;
    table::draw(
        &mut doc,
        &sheet.event,
        &subtitle(sheet, pairings, l.pairings_by_table),
        &columns,
        &rows,
        &table::WALL,
    );
    Ok(doc.finish(&footer(sheet, pairings), &sheet.page_label()))
}

/// The key a name sorts by: the reading when given (katakana folded to hiragana so both
/// sort in 五十音 order), else the name, case-insensitively.
pub fn sort_key(name: &str, reading: Option<&str>) -> String {
    let source = reading.filter(|r| !r.trim().is_empty()).unwrap_or(name);
    source
        .chars()
        .map(|c| match c {
            // Katakana ァ..ヶ → hiragana ぁ..ゖ (same order, 0x60 apart).
            '\u{30A1}'..='\u{30F6}' => char::from_u32(u32::from(c) - 0x60).unwrap_or(c),
            _ => c,
        })
        .flat_map(char::to_lowercase)
        .collect()
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
        .map(|p| (p.id, p.reading.as_deref()))
        .collect();
    let points_of = |id: u32| points.get(&id).cloned().unwrap_or_else(|| "0".into());
    let mut lines: Vec<(String, Vec<String>)> = Vec::new();
    for t in &pairings.tables {
        for (me, them) in [(&t.a, &t.b), (&t.b, &t.a)] {
            let key = sort_key(&me.name, reading.get(&me.player).copied().flatten());
            lines.push((
                key,
                vec![
                    me.name.clone(),
                    points_of(me.player),
                    t.table.to_string(),
                    them.name.clone(),
                ],
            ));
        }
    }
    for (seats, text) in [
        (&pairings.byes, l.bye),
        (&pairings.late_entry_losses, l.late_entry),
    ] {
        for seat in seats {
            let key = sort_key(&seat.name, reading.get(&seat.player).copied().flatten());
            lines.push((
                key,
                vec![
                    seat.name.clone(),
                    points_of(seat.player),
                    String::new(),
                    text.into(),
                ],
            ));
        }
    }
    lines.sort_by(|a, b| a.0.cmp(&b.0).then_with(|| a.1[0].cmp(&b.1[0])));
    let rows: Vec<Vec<String>> = lines.into_iter().map(|(_, row)| row).collect();
    let columns = [
        Column {
            heading: l.player.into(),
            width: Width::Share(1.2),
            align: Align::Left,
        },
        Column {
            heading: l.points.into(),
            width: Width::Fixed(52.0),
            align: Align::Right,
        },
        Column {
            heading: l.table.into(),
            width: Width::Fixed(56.0),
            align: Align::Right,
        },
        Column {
            heading: l.opponent.into(),
            width: Width::Share(1.0),
            align: Align::Left,
        },
    ];
    let mut doc = Document::new(sheet.paper, &sheet.event)?;
    table::draw(
        &mut doc,
        &sheet.event,
        &subtitle(sheet, pairings, l.pairings_by_name),
        &columns,
        &rows,
        &table::WALL,
    );
    Ok(doc.finish(&footer(sheet, pairings), &sheet.page_label()))
}
