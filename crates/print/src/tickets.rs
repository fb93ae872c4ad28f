//! Player tickets: a small card per player with the event, the player's name
//! and number, and their personal code as a QR code and as text. A phone that scans it is
//! that player on the shop's network (its reports count for that player's seat only).
//! Eight to a page with cut lines; reprinted at any time, and a reissued code prints a new
//! ticket (the old one stops working).

use tablekeeper_commands::desk::PlayerTicketView;

use crate::canvas::{Canvas, Document, MARGIN};
use crate::{PrintError, Sheet};

const COLUMNS: usize = 2;
const ROWS: usize = 4;

/// One ticket for each of `tickets`, in the order given.
pub fn tickets(sheet: &Sheet, tickets: &[PlayerTicketView]) -> Result<Vec<u8>, PrintError> {
    let mut doc = Document::new(sheet.paper, &sheet.event)?.printed_at(&sheet.printed_at);
    let per_page = COLUMNS * ROWS;
    if tickets.is_empty() {
        doc.page();
    }
    for (index, ticket) in tickets.iter().enumerate() {
        let canvas = if index % per_page == 0 {
            let canvas = doc.page();
            cut_lines(canvas);
            canvas
        } else {
            doc.current()
        };
        let slot = index % per_page;
        let width = canvas.inner_width() / COLUMNS as f32;
        let height = (canvas.height - 2.0 * MARGIN) / ROWS as f32;
        let left = MARGIN + width * (slot % COLUMNS) as f32;
        let top = MARGIN + height * (slot / COLUMNS) as f32;
        draw(canvas, sheet, ticket, (left, top, width, height));
    }
    let footer = format!(
        "{} · {} · {} {}",
        sheet.event,
        sheet.labels().ticket,
        sheet.labels().printed,
        sheet.printed()
    );
    doc.finish(&footer, &sheet.page_label())
}

/// The dashed lines between the tickets of a page.
fn cut_lines(canvas: &mut Canvas) {
    let height = (canvas.height - 2.0 * MARGIN) / ROWS as f32;
    for row in 1..ROWS {
        canvas.cut_line(MARGIN + height * row as f32);
    }
    let x = MARGIN + canvas.inner_width() / COLUMNS as f32;
    let mut y = MARGIN;
    while y < canvas.height - MARGIN {
        canvas.line((x, y), (x, (y + 6.0).min(canvas.height - MARGIN)), 0.5);
        y += 10.0;
    }
}

/// One ticket in the box (`left`, `top`, `width`, `height`): the event, the title and the
/// name across the ticket; the number and the code beside the QR code; how to use it below.
fn draw(
    canvas: &mut Canvas,
    sheet: &Sheet,
    ticket: &PlayerTicketView,
    (left, top, width, height): (f32, f32, f32, f32),
) {
    let l = sheet.labels();
    let pad = 12.0;
    let x = left + pad;
    let full = width - 2.0 * pad;
    let qr_size = (height - 100.0).clamp(60.0, 100.0);
    let beside = full - qr_size - pad;
    canvas.text(x, top + 20.0, 8.0, full, &sheet.event);
    canvas.text(x, top + 32.0, 8.0, full, l.ticket);
    canvas.text(x, top + 54.0, 15.0, full, &ticket.name);
    canvas.text(
        x,
        top + 76.0,
        11.0,
        beside,
        &format!("{} {}", l.player_number, ticket.player),
    );
    canvas.text(x, top + 100.0, 14.0, beside, &ticket.code);
    let qr_text = ticket.url.as_deref().unwrap_or(&ticket.code);
    crate::qr::draw(
        canvas,
        left + width - pad - qr_size,
        top + 60.0,
        qr_size,
        qr_text,
    );
    let hint = if ticket.url.is_some() {
        &l.ticket_scan
    } else {
        &l.ticket_type
    };
    let first_line =
        (top + 60.0 + qr_size + 10.0).min(top + height - 8.0 - 9.0 * hint.len() as f32);
    for (n, line) in hint.iter().enumerate() {
        canvas.text(x, first_line + 9.0 * n as f32, 7.0, full, line);
    }
}
