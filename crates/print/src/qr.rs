//! A QR code drawn with filled squares (no image): the players' page address on the wall
//! pairings while the event is shared on the shop's network, so a phone finds it by camera.

use qrcode::{Color, QrCode};

use crate::canvas::Canvas;

/// Draws the QR code of `text` with its top-left corner at (`x`, `top`), `size` points
/// square, including a quiet zone of one module. False when `text` is too long for a code.
pub fn draw(canvas: &mut Canvas, x: f32, top: f32, size: f32, text: &str) -> bool {
    let Ok(code) = QrCode::new(text.as_bytes()) else {
        return false;
    };
    let width = code.width();
    let colors = code.to_colors();
    let module = size / (width + 2) as f32;
    for row in 0..width {
        let mut column = 0;
        while column < width {
            if colors[row * width + column] != Color::Dark {
                column += 1;
                continue;
            }
            // One rectangle per run of dark modules in a row.
            let run = colors[row * width + column..(row + 1) * width]
                .iter()
                .take_while(|&&c| c == Color::Dark)
                .count();
            canvas.fill(
                x + module * (column + 1) as f32,
                top + module * (row + 1) as f32,
                module * run as f32,
                module,
                0.0,
            );
            column += run;
        }
    }
    true
}
