//! The embedded Japanese-capable font (IPAexGothic, IPA Font License v1.0, see
//! `fonts/IPA_Font_License.txt`) and text measurement. printpdf lays out nothing, so
//! column widths, truncation and page breaks use the font's own advance widths.
//! printpdf subsets the font into each PDF (its `text_layout` feature), so a page of
//! Japanese names costs kilobytes, not the font's 6 MB.

use std::sync::OnceLock;

use printpdf::ParsedFont;

use crate::PrintError;

static FONT_BYTES: &[u8] = include_bytes!("../fonts/ipaexg.ttf");

/// The parsed font, shared by every document (parsing takes tens of milliseconds).
pub fn font() -> Result<&'static ParsedFont, PrintError> {
    static PARSED: OnceLock<Option<ParsedFont>> = OnceLock::new();
    PARSED
        .get_or_init(|| ParsedFont::from_bytes(FONT_BYTES, 0, &mut Vec::new()))
        .as_ref()
        .ok_or(PrintError::Font)
}

/// Width of `text` in points at `size`.
pub fn width(font: &ParsedFont, text: &str, size: f32) -> f32 {
    let units_per_em = f32::from(font.font_metrics.units_per_em.max(1));
    let units: u32 = text
        .chars()
        .map(|c| {
            font.lookup_glyph_index(u32::from(c))
                .map_or(u32::from(font.font_metrics.units_per_em) / 2, |g| {
                    u32::from(font.get_horizontal_advance(g))
                })
        })
        .sum();
    units as f32 * size / units_per_em
}

/// `text` cut to fit `max` points at `size`, ending in "…" when it was cut.
pub fn fit(font: &ParsedFont, text: &str, size: f32, max: f32) -> String {
    if width(font, text, size) <= max {
        return text.to_string();
    }
    let ellipsis = width(font, "…", size);
    let mut out = String::new();
    let mut used = 0.0;
    for c in text.chars() {
        let w = width(font, c.encode_utf8(&mut [0; 4]), size);
        if used + w + ellipsis > max {
            break;
        }
        used += w;
        out.push(c);
    }
    out.push('…');
    out
}
