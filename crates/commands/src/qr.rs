//! QR codes of addresses: the players' page (the Share screen, the projector, printed
//! pairings, the CLI) and a player's own ticket (the page with their personal code).

use qrcode::QrCode;
use qrcode::render::{svg, unicode};

/// The QR code of `text` as an SVG image (black on white, with its quiet zone).
pub fn svg(text: &str) -> Option<String> {
    let code = QrCode::new(text.as_bytes()).ok()?;
    Some(
        code.render::<svg::Color<'_>>()
            .min_dimensions(200, 200)
            .quiet_zone(true)
            .build(),
    )
}

/// The QR code of `text` for a terminal (two modules per character cell).
pub fn text(text: &str) -> Option<String> {
    let code = QrCode::new(text.as_bytes()).ok()?;
    Some(
        code.render::<unicode::Dense1x2>()
            .dark_color(unicode::Dense1x2::Light)
            .light_color(unicode::Dense1x2::Dark)
            .quiet_zone(true)
            .build(),
    )
}

#[cfg(test)]
mod tests {
    #[test]
    fn svg_and_terminal_codes() {
        assert!(super::svg("http://192.168.1.5:8080/").is_some_and(|s| s.contains("<svg")));
        assert!(super::text("http://192.168.1.5:8080/").is_some_and(|t| t.lines().count() > 10));
    }
}
