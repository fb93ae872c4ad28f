//! The payout sheet to sign (each winner in the final order, what they receive, a line to
//! sign on receipt, and the totals against the pool) and the season's table
//! (docs/prizes.md, docs/seasons.md). Both are drawn from the command layer's views.

use tablekeeper_commands::views::prizes::{PayoutView, SeasonView};

use crate::canvas::Document;
use crate::labels::fill;
use crate::standings::{draw_legend, footer};
use crate::table::{self, Column, Width};
use crate::{PrintError, Sheet};

/// Desk-sized text in rows tall enough to sign in.
const SIGNING: table::Style = table::Style {
    size: 10.0,
    row_height: 24.0,
};

/// The payout sheet: one row per player who receives something.
pub fn payout(sheet: &Sheet, view: &PayoutView) -> Result<Vec<u8>, PrintError> {
    let l = sheet.labels();
    let rows: Vec<Vec<String>> = view
        .lines
        .iter()
        .filter(|line| line.credit > 0 || !line.items.is_empty() || !line.raffle.is_empty())
        .map(|line| {
            let place = if line.tied {
                format!("{} ({})", line.place, l.payout_tied)
            } else {
                line.place.to_string()
            };
            let mut prizes: Vec<String> = line
                .items
                .iter()
                .map(|item| format!("{} × {}", item.count, item.name))
                .collect();
            prizes.extend(
                line.raffle
                    .iter()
                    .map(|prize| format!("{prize} ({})", l.payout_raffle)),
            );
            vec![
                place,
                format!("{} ({})", line.name, line.player),
                if line.credit > 0 {
                    line.credit.to_string()
                } else {
                    String::new()
                },
                prizes.join(", "),
                String::new(),
            ]
        })
        .collect();
    // The place column is as wide as its longest cell ("11 (同順位)" in Japanese), plus the
    // table's gap between columns, so a place is never cut.
    let widest = |column: usize, least: f32| {
        rows.iter()
            .filter_map(|row| row.get(column))
            .map(|text| crate::font::width(text, SIGNING.size) + 8.0)
            .fold(least, f32::max)
    };
    let columns = vec![
        Column::right(l.rank, Width::Fixed(widest(0, 56.0))),
        Column::left(l.player, Width::Share(1.3)),
        Column::right(l.payout_credit, Width::Fixed(widest(2, 56.0))),
        Column::left(l.payout_prizes, Width::Share(1.3)),
        Column::left(l.payout_received, Width::Share(0.9)),
    ];
    let mut doc = Document::new(sheet.paper, &sheet.event)?.printed_at(&sheet.printed_at);
    let end = table::draw(
        &mut doc,
        &table::Heading {
            title: &sheet.event,
            subtitle: &format!("{} — {}", l.payout, l.payout_subtitle),
            caption: None,
            corner: None,
        },
        &columns,
        &rows,
        &SIGNING,
    );
    draw_legend(&mut doc, end, &payout_totals(sheet, view, rows.is_empty()));
    doc.finish(&footer(sheet), &sheet.page_label())
}

/// The lines under the payout: credit against the pool, each item, the raffle.
fn payout_totals(sheet: &Sheet, view: &PayoutView, none: bool) -> Vec<String> {
    let l = sheet.labels();
    let mut lines = Vec::new();
    if none {
        lines.push(l.payout_none.to_string());
    }
    let currency = view.currency.as_str();
    lines.push(fill(
        l.payout_paid,
        &[
            ("paid", &view.credit_paid.to_string()),
            ("currency", currency),
        ],
    ));
    if let (Some(pool), Some(left)) = (view.credit_pool, view.credit_left) {
        lines.push(fill(
            l.payout_pool,
            &[
                ("pool", &pool.to_string()),
                ("left", &left.to_string()),
                ("currency", currency),
            ],
        ));
    }
    for item in &view.items {
        let given = item.given.to_string();
        lines.push(match (item.pool, item.left) {
            (Some(pool), Some(left)) => fill(
                l.payout_item_pool,
                &[
                    ("name", &item.name),
                    ("given", &given),
                    ("pool", &pool.to_string()),
                    ("left", &left.to_string()),
                ],
            ),
            _ => fill(l.payout_item, &[("name", &item.name), ("given", &given)]),
        });
        if item.short > 0 {
            lines.push(fill(
                l.payout_item_short,
                &[("name", &item.name), ("short", &item.short.to_string())],
            ));
        }
    }
    if !view.raffle_undrawn.is_empty() {
        lines.push(fill(
            l.payout_raffle_undrawn,
            &[
                ("prizes", &view.raffle_undrawn.join(", ")),
                ("entrants", &view.raffle_entrants.to_string()),
            ],
        ));
    }
    if let Some(seed) = &view.raffle_seed {
        lines.push(fill(l.payout_raffle_seed, &[("seed", seed)]));
    } else if view.raffle_pending {
        lines.push(l.payout_raffle_pending.to_string());
    }
    lines
}

/// The season's table: rank, player, points, events played, best finish, record, and each
/// event's points (counted ones marked).
pub fn season(sheet: &Sheet, view: &SeasonView) -> Result<Vec<u8>, PrintError> {
    let l = sheet.labels();
    let mut columns = vec![
        Column::right(l.rank, Width::Fixed(36.0)),
        Column::left(l.player, Width::Share(1.0)),
        Column::right(l.points, Width::Fixed(44.0)),
        Column::right(l.season_events_played, Width::Fixed(40.0)),
        Column::right(l.season_best, Width::Fixed(34.0)),
        Column::right(l.record, Width::Fixed(50.0)),
    ];
    for (index, _) in view.events.iter().enumerate() {
        columns.push(Column::right(format!("#{}", index + 1), Width::Fixed(34.0)));
    }
    let rows: Vec<Vec<String>> = view
        .rows
        .iter()
        .map(|row| {
            let mut cells = vec![
                row.rank.map_or_else(|| "—".to_string(), |r| r.to_string()),
                row.name.clone(),
                row.points.to_string(),
                row.events_played.to_string(),
                row.best_place.to_string(),
                format!("{}-{}-{}", row.wins, row.losses, row.draws),
            ];
            cells.extend(row.by_event.iter().enumerate().map(|(index, points)| {
                let counted = u32::try_from(index).is_ok_and(|i| row.counted.contains(&i));
                match points {
                    None => "—".to_string(),
                    Some(points) if counted => format!("{points}*"),
                    Some(points) => points.to_string(),
                }
            }));
            cells
        })
        .collect();
    let mut doc = Document::new(sheet.paper, &view.name)?.printed_at(&sheet.printed_at);
    if view.events.len() > 6 {
        doc = doc.landscape();
    }
    let subtitle = fill(
        l.season_subtitle,
        &[
            ("name", l.season),
            ("count", &view.events.len().to_string()),
        ],
    );
    let end = table::draw(
        &mut doc,
        &table::Heading {
            title: &view.name,
            subtitle: &subtitle,
            caption: None,
            corner: None,
        },
        &columns,
        &rows,
        &table::DENSE,
    );
    let mut legend: Vec<String> = view
        .events
        .iter()
        .enumerate()
        .map(|(index, event)| {
            let mut note = String::new();
            if event.unfinished {
                note = format!(" {}", l.season_unfinished);
            }
            if event.head_to_head_unknown {
                note = format!("{note} {}", l.season_no_head_to_head);
            }
            format!("#{} {}{note}", index + 1, event.name)
        })
        .collect();
    legend.push(l.season_counted.to_string());
    if view.rows.iter().any(|row| row.rank.is_none()) {
        legend.push(l.season_unranked.to_string());
    }
    draw_legend(&mut doc, end, &legend);
    let footer = format!("{} · {} {}", view.name, l.printed, sheet.printed());
    doc.finish(&footer, &sheet.page_label())
}
