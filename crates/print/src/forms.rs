//! Blank forms: the Crossover Battles player score card (digest §4.13, E20) and a deck
//! registration sheet in the parts each publisher's deck list has (digest §4.12 and the
//! deck-list row of its comparison table).

use crate::canvas::{Canvas, Document, MARGIN};
use crate::table::title_block;
use crate::{Language, PrintError, Sheet};

/// The Crossover Battles player form: header fields, rounds 1–`rounds` with opponent,
/// W / L / D, MP, running total and initials, and the totals line.
pub fn score_card(sheet: &Sheet, rounds: u32) -> Result<Vec<u8>, PrintError> {
    let l = sheet.labels();
    let mut doc = Document::new(sheet.paper, &sheet.event)?.printed_at(&sheet.printed_at);
    let canvas = doc.page();
    let mut y = title_block(canvas, &sheet.event, l.score_card);
    let width = canvas.inner_width();
    for pair in l.score_card_fields.chunks(2) {
        for (n, field) in pair.iter().enumerate() {
            let x = MARGIN + width / 2.0 * n as f32;
            field_line(canvas, x, y, width / 2.0 - 12.0, field);
        }
        y += 26.0;
    }
    y += 8.0;
    let (opponent, initials, mp, total) = (
        l.score_card_opponent,
        l.score_card_initials,
        l.score_card_mp,
        l.score_card_total,
    );
    let columns = [
        (opponent, 0.42),
        ("W", 0.07),
        ("L", 0.07),
        ("D", 0.07),
        (mp, 0.11),
        (total, 0.12),
        (initials, 0.14),
    ];
    // The rounds fill the page (a card is written on in a hurry, by hand).
    let rows = rounds.clamp(1, 20);
    let room = canvas.height - MARGIN - 60.0 - y;
    let row = (room / (rows + 1) as f32).clamp(24.0, 56.0);
    grid_row(canvas, y, row, width, &columns, None);
    y += row;
    for round in 1..=rows {
        grid_row(canvas, y, row, width, &columns, Some(&sheet.round(round)));
        y += row;
    }
    canvas.text(MARGIN, y + 20.0, 11.0, width, l.score_card_totals);
    let footer = format!("{} · {} {}", sheet.event, l.printed, sheet.printed());
    doc.finish(&footer, &sheet.page_label())
}

/// One part of a deck list as the publisher's form has it: its name, how many cards it
/// holds, and its share of the sheet's lines.
struct Part {
    name: (&'static str, &'static str),
    cards: (&'static str, &'static str),
    lines: usize,
}

const fn part(
    name: (&'static str, &'static str),
    cards: (&'static str, &'static str),
    lines: usize,
) -> Part {
    Part { name, cards, lines }
}

/// The parts of the deck list each publisher asks for (English, Japanese words). A ruleset
/// the table does not know gets one "Deck" part.
fn deck_parts(ruleset: &str) -> Vec<Part> {
    match ruleset {
        // 002 §2.4: main deck of 50 cards, Digi-Egg deck of 0–5, no side deck.
        "bandai" => vec![
            part(("Main deck", "メインデッキ"), ("50 cards", "50枚"), 26),
            part(
                ("Digi-Egg deck", "デジタマデッキ"),
                ("0–5 cards", "0～5枚"),
                5,
            ),
        ],
        // 003 §4e: "deck, magic stone deck, side deck, and their J/ruler"; side deck up to
        // 15 cards (§6c).
        "fow" => vec![
            part(("Ruler / J-ruler", "ルーラー／J-ルーラー"), ("", ""), 2),
            part(("Main deck", "メインデッキ"), ("", ""), 18),
            part(("Magic stone deck", "魔石デッキ"), ("", ""), 6),
            part(
                ("Side deck", "サイドデッキ"),
                ("up to 15 cards", "15枚まで"),
                8,
            ),
        ],
        // 004 VIII › Deck List / Sideboards (digest §4.12): 40 cards in the form's sections,
        // a sideboard of exactly 10 or none.
        "crossover" => vec![
            part(
                ("Ninjas", "NINJAS"),
                ("deck: 40 cards in all", "デッキ合計40枚"),
                10,
            ),
            part(("Jutsus", "JUTSUS"), ("", ""), 7),
            part(("Missions", "MISSIONS"), ("", ""), 5),
            part(("Clients", "CLIENTS"), ("", ""), 4),
            part(
                ("Sideboard", "サイドボード"),
                ("exactly 10 or none", "10枚ちょうど、またはなし"),
                6,
            ),
        ],
        _ => vec![part(("Deck", "デッキ"), ("", ""), 40)],
    }
}

/// A blank deck registration sheet in the parts the event's ruleset asks for: player, ID,
/// deck name, numbered card lines per part with its card count, total and the organizer's
/// verification; the lines fill the page.
pub fn deck_sheet(sheet: &Sheet, ruleset: &str) -> Result<Vec<u8>, PrintError> {
    let l = sheet.labels();
    let mut doc = Document::new(sheet.paper, &sheet.event)?.printed_at(&sheet.printed_at);
    let canvas = doc.page();
    let mut y = title_block(canvas, &sheet.event, l.deck_registration);
    let width = canvas.inner_width();
    field_line(canvas, MARGIN, y, width / 2.0 - 12.0, l.name);
    field_line(canvas, MARGIN + width / 2.0, y, width / 2.0 - 12.0, l.id);
    y += 26.0;
    field_line(canvas, MARGIN, y, width / 2.0 - 12.0, l.deck_name);
    field_line(canvas, MARGIN + width / 2.0, y, width / 2.0 - 12.0, l.date);
    y += 22.0;
    let columns = [(l.card_number, 0.22), (l.card_name, 0.63), (l.count, 0.15)];
    let parts = deck_parts(ruleset);
    let bottom = canvas.height - MARGIN - 50.0;
    let lines: usize = parts.iter().map(|p| p.lines + 1).sum();
    let heading = 18.0;
    let row = ((bottom - y - heading * parts.len() as f32) / lines as f32).clamp(12.0, 22.0);
    let japanese = sheet.language == Language::Ja;
    for part in &parts {
        let (name, cards) = if japanese {
            (part.name.1, part.cards.1)
        } else {
            (part.name.0, part.cards.0)
        };
        let title = if cards.is_empty() {
            name.to_string()
        } else {
            format!("{name} ({cards})")
        };
        canvas.text(MARGIN, y + 13.0, 11.0, width * 0.7, &title);
        canvas.text_right(
            MARGIN + width,
            y + 13.0,
            9.0,
            &format!("{}: ______", l.total),
        );
        y += heading;
        grid_row(canvas, y, row, width, &columns, None);
        y += row;
        for _ in 0..part.lines {
            grid_row(canvas, y, row, width, &columns, Some(""));
            y += row;
        }
    }
    canvas.text(MARGIN, y + 20.0, 11.0, width, l.deck_verification);
    let footer = format!("{} · {} {}", sheet.event, l.printed, sheet.printed());
    doc.finish(&footer, &sheet.page_label())
}

fn field_line(canvas: &mut Canvas, x: f32, y: f32, width: f32, label: &str) {
    let text = format!("{label}:");
    canvas.text(x, y, 10.0, width * 0.45, &text);
    let start = x + canvas.text_width(&text, 10.0).min(width * 0.45) + 6.0;
    canvas.line((start, y + 2.0), (x + width, y + 2.0), 0.6);
}

/// One row of a ruled grid; `label` `None` prints the column headings.
fn grid_row(
    canvas: &mut Canvas,
    y: f32,
    height: f32,
    width: f32,
    columns: &[(&str, f32)],
    label: Option<&str>,
) {
    let mut x = MARGIN;
    for (n, (heading, share)) in columns.iter().enumerate() {
        let w = width * share;
        canvas.rect(x, y, w, height, 0.6);
        let text = match label {
            None => *heading,
            Some(label) if n == 0 => label,
            Some(_) => "",
        };
        canvas.text(x + 4.0, y + height * 0.65, 9.0, w - 8.0, text);
        x += w;
    }
}
