//! The top-cut bracket sheet, landscape. Single elimination is drawn as a bracket: one
//! column per round, each match a box with both seeds, lines joining each pair of matches
//! to the match their winners meet in, the result beside the winner ("2-1", "bye"), the
//! champion at the end and the third-place match below. Double-elimination finals list each
//! round's matches with their bracket number and part (upper and lower matches share the
//! event's rounds, so there is no tree to draw).

use tablekeeper_commands::views::bracket::{BracketMatchView, BracketSeat, BracketView};
use tablekeeper_commands::vocabulary::ResultKind;

use crate::canvas::{Canvas, Document, MARGIN};
use crate::labels::{bracket_caption, round_name};
use crate::table::title_block;
use crate::{PrintError, Sheet};

/// Space between a round's boxes and the next round's, where the joining lines run.
const GAP: f32 = 22.0;

pub fn bracket(sheet: &Sheet, view: &BracketView) -> Result<Vec<u8>, PrintError> {
    let l = sheet.labels();
    let mut doc = Document::new(sheet.paper, &sheet.event)?
        .landscape()
        .printed_at(&sheet.printed_at);
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
    let box_width = column_width - GAP;
    let first_matches = view.rounds.first().map_or(1, |r| r.matches.len()).max(1);
    let third_room = if view.third_place_match.is_some() {
        70.0
    } else {
        0.0
    };
    let bottom = canvas.height - MARGIN - 20.0 - third_room;
    let slot = (bottom - top - 16.0) / first_matches as f32;
    let font = (slot / 3.2).clamp(6.0, 12.0);
    let labels = Words {
        empty: l.to_be_decided,
        bye: l.bye,
    };
    let mut previous: Vec<f32> = Vec::new();
    for (index, round) in view.rounds.iter().enumerate() {
        let x = MARGIN + column_width * index as f32;
        // Double-elimination columns are the event's rounds (upper and lower matches share
        // them); single-elimination columns are named by the players left.
        let heading = match (view.double, round.number) {
            (true, Some(number)) => sheet.round(number),
            _ => round_name(sheet.language, &round.label),
        };
        canvas.text(x, top, 11.0, column_width - 6.0, &heading);
        let span = if view.double {
            slot.min(90.0)
        } else {
            slot * (1u32 << index.min(20)) as f32
        };
        let mut centres = Vec::with_capacity(round.matches.len());
        for (m, matched) in round.matches.iter().enumerate() {
            let centre = top + 16.0 + span * (m as f32 + 0.5);
            centres.push(centre);
            if let (Some(number), Some(part)) = (matched.bracket, matched.part) {
                // One line above the box, across the gap too, smaller rather than cut.
                let caption = bracket_caption(sheet.language, number, part);
                let size = fitting_size(canvas, &caption, font * 0.8, column_width - 4.0);
                canvas.text(
                    x,
                    centre - font * 2.4 - 6.0,
                    size,
                    column_width - 4.0,
                    &caption,
                );
            }
            draw_match(canvas, x, centre, box_width, font, matched, &labels);
        }
        if !view.double && index > 0 {
            join(canvas, x - GAP, &previous, &centres);
        }
        previous = centres;
    }
    // The champion, joined to the final.
    let x = MARGIN + column_width * (columns - 1.0);
    let centre = previous
        .first()
        .copied()
        .unwrap_or(top + 16.0 + (bottom - top - 16.0) / 2.0);
    if !view.double && previous.len() == 1 {
        canvas.line((x - GAP, centre), (x, centre), 0.8);
    }
    // The champion's name stands on the line that leaves the final.
    canvas.text(
        x + 4.0,
        centre - 24.0,
        10.0,
        column_width - 10.0,
        l.champion,
    );
    let champion = view
        .champion
        .as_ref()
        .map_or_else(|| l.to_be_decided.to_string(), seat_text);
    let size = if view.champion.is_some() { 14.0 } else { 11.0 };
    canvas.text(x + 4.0, centre - 4.0, size, column_width - 10.0, &champion);
    canvas.line((x, centre), (x + column_width - 10.0, centre), 1.2);
    if let Some(third) = &view.third_place_match {
        let y = bottom + 14.0;
        canvas.text(MARGIN, y, 10.0, column_width * 2.0, l.third_place);
        draw_match(
            canvas,
            MARGIN,
            y + 30.0,
            box_width,
            font.min(10.0),
            third,
            &labels,
        );
    }
    let footer = format!("{} · {} {}", sheet.event, l.printed, sheet.printed());
    doc.finish(&footer, &sheet.page_label())
}

/// The lines from each pair of matches of the round before (their box edges end at
/// `edge`) to the match of this round their winners meet in.
fn join(canvas: &mut Canvas, edge: f32, before: &[f32], now: &[f32]) {
    let middle = edge + GAP / 2.0;
    for (m, centre) in now.iter().enumerate() {
        let feeders: Vec<f32> = before.iter().skip(2 * m).take(2).copied().collect();
        for feeder in &feeders {
            canvas.line((edge, *feeder), (middle, *feeder), 0.8);
        }
        if let (Some(first), Some(last)) = (feeders.first(), feeders.last()) {
            canvas.line((middle, *first), (middle, *last), 0.8);
        }
        canvas.line((middle, *centre), (edge + GAP, *centre), 0.8);
    }
}

/// What an empty seat says: a bye is not a match still to be decided.
struct Words<'a> {
    empty: &'a str,
    bye: &'a str,
}

/// The largest size up to `size` (down to 70 % of it) at which `text` fits `room`.
fn fitting_size(canvas: &Canvas, text: &str, size: f32, room: f32) -> f32 {
    let mut fitted = size;
    while fitted > size * 0.7 && canvas.text_width(text, fitted) > room {
        fitted -= 0.25;
    }
    fitted
}

/// The result printed beside the winner: a game score ("2-1") only; who won a one-game
/// match is the ▶ mark, in every language.
fn printed_result(m: &BracketMatchView) -> Option<String> {
    let games = m.result.as_ref()?.games?;
    Some(if games.draws > 0 {
        format!("{}-{}-{}", games.a, games.b, games.draws)
    } else {
        format!("{}-{}", games.a, games.b)
    })
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
    words: &Words,
) {
    let line = size * 1.5;
    canvas.rect(x, centre - line, width, line * 2.0, 0.6);
    canvas.line((x, centre), (x + width, centre), 0.3);
    let is_bye = m.result.as_ref().map(|r| r.kind) == Some(ResultKind::Bye);
    let result = printed_result(m);
    let result_width = result
        .as_deref()
        .map_or(0.0, |r| canvas.text_width(r, size * 0.85) + 6.0);
    for (n, seat) in [&m.a, &m.b].into_iter().enumerate() {
        let y = centre - line + line * n as f32 + size * 1.1;
        let text = match seat {
            Some(seat) => seat_text(seat),
            None if is_bye || m.winner.is_some() => words.bye.to_string(),
            None => words.empty.to_string(),
        };
        let won = seat.as_ref().is_some_and(|s| Some(s.player) == m.winner);
        let shown = if won { format!("▶ {text}") } else { text };
        // A long name is set smaller before it is cut.
        let room = width - 6.0 - if won { result_width } else { 0.0 };
        let fitted = fitting_size(canvas, &shown, size, room);
        canvas.text(x + 3.0, y, fitted, room, &shown);
        if won && let Some(result) = result.as_deref() {
            canvas.text_right(x + width - 3.0, y, size * 0.85, result);
        }
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
