//! The top-cut bracket sheet: one column per round, each match a box with both seeds
//! and the winner marked, the third-place match and the champion. Double-elimination
//! finals list each round's matches with their bracket number and part.

use tablekeeper_commands::bracket_view::{BracketMatchView, BracketSeat, BracketView};

use crate::canvas::{Canvas, Document, MARGIN};
use crate::labels::{bracket_caption, round_name};
use crate::table::title_block;
use crate::{PrintError, Sheet};

pub fn bracket(sheet: &Sheet, view: &BracketView) -> Result<Vec<u8>, PrintError> {
    let l = sheet.labels();
    let mut doc = Document::new(sheet.paper, &sheet.event)?.printed_at(&sheet.printed_at);
    let canvas = doc.page();
    let subtitle = if view.double {
        format!(
            "{} — {} · {}",
            l.bracket,
            view.size,
            round_name(sheet.language, "double-elimination")
        )
    } else {
        format!("{} — {}", l.bracket, view.size)
    };
    let top = title_block(canvas, &sheet.event, &subtitle);
    let columns = view.rounds.len().max(1) as f32 + 1.0;
    let column_width = canvas.inner_width() / columns;
    let first_matches = view.rounds.first().map_or(1, |r| r.matches.len()).max(1);
    let bottom = canvas.height - MARGIN - 40.0;
    let slot = (bottom - top - 16.0) / first_matches as f32;
    let font = (slot / 3.2).clamp(5.0, 10.0);
    for (index, round) in view.rounds.iter().enumerate() {
        let x = MARGIN + column_width * index as f32;
        // Double-elimination columns are the event's rounds (upper and lower matches share
        // them); single-elimination columns are named by the players left.
        let heading = match (view.double, round.number) {
            (true, Some(number)) => sheet.round(number),
            _ => round_name(sheet.language, &round.label),
        };
        canvas.text(x, top, 10.0, column_width - 6.0, &heading);
        // Single elimination halves the matches each round (a tree); double elimination
        // lists each round's matches from the top, each captioned with its bracket number.
        let span = if view.double {
            slot.min(90.0)
        } else {
            slot * (1u32 << index.min(20)) as f32
        };
        for (m, matched) in round.matches.iter().enumerate() {
            let centre = top + 16.0 + span * (m as f32 + 0.5);
            if let (Some(number), Some(part)) = (matched.bracket, &matched.part) {
                canvas.text(
                    x,
                    // One line above the table number at the box's top right.
                    centre - font * 2.4 - 6.0,
                    font * 0.8,
                    column_width - 10.0,
                    &bracket_caption(sheet.language, number, part),
                );
            }
            draw_match(
                canvas,
                x,
                centre,
                column_width - 10.0,
                font,
                matched,
                l.to_be_decided,
            );
        }
    }
    let x = MARGIN + column_width * (columns - 1.0);
    let centre = top + 16.0 + (bottom - top - 16.0) / 2.0;
    canvas.text(x, centre - 14.0, 10.0, column_width - 6.0, l.champion);
    let champion = view
        .champion
        .as_ref()
        .map_or_else(|| l.to_be_decided.to_string(), seat_text);
    canvas.text(x, centre, 12.0, column_width - 6.0, &champion);
    if let Some(third) = &view.third_place_match {
        let y = bottom + 8.0;
        canvas.text(MARGIN, y, 10.0, column_width * 2.0, l.third_place);
        draw_match(
            canvas,
            MARGIN,
            y + 20.0,
            column_width - 10.0,
            font,
            third,
            l.to_be_decided,
        );
    }
    let footer = format!("{} · {} {}", sheet.event, l.printed, sheet.printed());
    doc.finish(&footer, &sheet.page_label())
}

fn seat_text(seat: &BracketSeat) -> String {
    format!("({}) {}", seat.seed, seat.name)
}

fn draw_match(
    canvas: &mut Canvas,
    x: f32,
    centre: f32,
    width: f32,
    size: f32,
    m: &BracketMatchView,
    empty: &str,
) {
    let line = size * 1.5;
    canvas.rect(x, centre - line, width, line * 2.0, 0.6);
    canvas.line((x, centre), (x + width, centre), 0.3);
    for (n, seat) in [&m.a, &m.b].into_iter().enumerate() {
        let y = centre - line + line * n as f32 + size * 1.1;
        let text = seat.as_ref().map_or_else(|| empty.to_string(), seat_text);
        let won = seat.as_ref().is_some_and(|s| Some(s.player) == m.winner);
        let shown = if won { format!("▶ {text}") } else { text };
        canvas.text(x + 3.0, y, size, width - 6.0, &shown);
    }
    if let Some(table) = m.table {
        canvas.text_right(
            x + width,
            centre - line - 2.0,
            size * 0.8,
            &format!("#{table}"),
        );
    }
}
