//! The door's QR poster: one page for the shop's wall or door with the event's
//! name, "Enter this event", a large QR code of the entry page's address and the address as
//! text. Printed while the event is shared (the address is only known then).

use tablekeeper_words::msg;

use crate::canvas::{Document, MARGIN};
use crate::{PrintError, Sheet};

/// The poster for the entry page at `entry_url`.
pub fn door_poster(sheet: &Sheet) -> Result<Vec<u8>, PrintError> {
    let url = sheet
        .share_url
        .as_deref()
        .map(|u| format!("{}/enter", u.trim_end_matches('/')))
        .ok_or_else(|| {
            PrintError::Input(msg!(
                "error.print-input.not-shared",
                "the poster's QR code is the entry page's address, which exists while the event is shared: turn sharing on in Share first"
            ))
        })?;
    let l = sheet.labels();
    let mut doc = Document::new(sheet.paper, &sheet.event)?.printed_at(&sheet.printed_at);
    let canvas = doc.page();
    let full = canvas.inner_width();
    canvas.text(MARGIN, MARGIN + 40.0, 28.0, full, &sheet.event);
    canvas.text(MARGIN, MARGIN + 90.0, 36.0, full, l.door_poster);
    let size = full.min(canvas.height - 2.0 * MARGIN - 260.0).min(360.0);
    let left = MARGIN + (full - size) / 2.0;
    crate::qr::draw(canvas, left, MARGIN + 120.0, size, &url);
    let mut y = MARGIN + 120.0 + size + 36.0;
    canvas.text(MARGIN, y, 16.0, full, &url);
    for line in &l.door_poster_scan {
        y += 24.0;
        canvas.text(MARGIN, y, 14.0, full, line);
    }
    let footer = format!("{} · {} {}", sheet.event, l.printed, sheet.printed());
    doc.finish(&footer, &sheet.page_label())
}
