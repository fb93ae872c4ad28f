//! Blank forms: the Crossover Battles player score card (digest §4.13, E20) and a deck
//! registration sheet.

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
    let header: &[&str] = match sheet.language {
        Language::En => &[
            "Tournament location",
            "Date",
            "Player name",
            "Player ID",
            "Date of birth",
            "Zip code",
        ],
        Language::Ja => &[
            "会場",
            "日付",
            "氏名",
            "プレイヤーID",
            "生年月日",
            "郵便番号",
        ],
    };
    for pair in header.chunks(2) {
        for (n, field) in pair.iter().enumerate() {
            let x = MARGIN + width / 2.0 * n as f32;
            field_line(canvas, x, y, width / 2.0 - 12.0, field);
        }
        y += 26.0;
    }
    y += 8.0;
    let (opponent, initials, mp, total) = match sheet.language {
        Language::En => ("OPPONENT", "Initials", "MP", "Total"),
        Language::Ja => ("対戦相手", "イニシャル", "MP", "累計"),
    };
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
    let totals = match sheet.language {
        Language::En => "TOTALS — Grand total: ________   Initials: ________",
        Language::Ja => "合計 — 総合計: ________   イニシャル: ________",
    };
    canvas.text(MARGIN, y + 20.0, 11.0, width, totals);
    let footer = format!("{} · {} {}", sheet.event, l.printed, sheet.printed());
    doc.finish(&footer, &sheet.page_label())
}

/// A blank deck registration sheet: player, ID, deck name, numbered card lines, total and
/// the organizer's verification.
pub fn deck_sheet(sheet: &Sheet) -> Result<Vec<u8>, PrintError> {
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
    y += 30.0;
    let columns = [(l.card_number, 0.22), (l.card_name, 0.63), (l.count, 0.15)];
    let row = 19.0;
    let bottom = canvas.height - MARGIN - 70.0;
    grid_row(canvas, y, row, width, &columns, None);
    y += row;
    while y + row <= bottom {
        grid_row(canvas, y, row, width, &columns, Some(""));
        y += row;
    }
    canvas.text(
        MARGIN,
        y + 18.0,
        11.0,
        width,
        &format!("{}: ______", l.total),
    );
    let verification = match sheet.language {
        Language::En => "Verified by (organizer): ________________",
        Language::Ja => "確認者（主催者）: ________________",
    };
    canvas.text(
        MARGIN + width / 2.0,
        y + 18.0,
        11.0,
        width / 2.0,
        verification,
    );
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
