//! The embedded fonts and text measurement. Every glyph comes from the first font that
//! has it: Noto Sans for Latin (with Vietnamese), Greek and Cyrillic, then Noto Sans JP,
//! then Hangul, then the simplified Chinese ideographs Noto Sans JP lacks (see
//! `fonts/README.md`, SIL OFL 1.1). Text is drawn as runs, one per font. printpdf lays out
//! nothing, so widths, truncation and page breaks use the fonts' own advance widths, and it
//! subsets each font used into the PDF (its `text_layout` feature), so a page of names costs
//! kilobytes, not the fonts' megabytes.

use std::sync::OnceLock;

use printpdf::ParsedFont;

use crate::PrintError;

/// The fonts in the order a glyph is looked up.
static FONT_FILES: [&[u8]; FONT_COUNT] = [
    include_bytes!("../fonts/NotoSans-Latin-Cyrillic-Greek.ttf"),
    include_bytes!("../fonts/NotoSansJP-Regular.ttf"),
    include_bytes!("../fonts/NotoSansKR-Hangul.ttf"),
    include_bytes!("../fonts/NotoSansSC-Extra.ttf"),
];

pub const FONT_COUNT: usize = 4;

/// Font `index`, parsed the first time it is needed (parsing takes tens of milliseconds,
/// and a sheet of Latin names never needs the CJK fonts).
pub fn font(index: usize) -> Result<&'static ParsedFont, PrintError> {
    static PARSED: [OnceLock<Option<ParsedFont>>; FONT_COUNT] =
        [const { OnceLock::new() }; FONT_COUNT];
    let (cell, bytes) = PARSED
        .get(index)
        .zip(FONT_FILES.get(index))
        .ok_or(PrintError::Font)?;
    cell.get_or_init(|| ParsedFont::from_bytes(bytes, 0, &mut Vec::new()))
        .as_ref()
        .ok_or(PrintError::Font)
}

/// Characters that change nothing on paper (variation selectors, joiners, the BOM): they
/// are left out of the drawn text rather than shown as a missing glyph.
fn is_invisible(c: char) -> bool {
    matches!(c as u32, 0x200B..=0x200F | 0x2060 | 0xFEFF | 0xFE00..=0xFE0F | 0xE0100..=0xE01EF)
}

/// Whether font `index` has a glyph for `c`.
fn has_glyph(index: usize, c: char) -> bool {
    font(index)
        .ok()
        .and_then(|f| f.lookup_glyph_index(u32::from(c)))
        .is_some_and(|glyph| glyph != 0)
}

/// The font that draws `c`: the first one with a glyph for it, `None` when no font has one.
pub fn font_for(c: char) -> Option<usize> {
    (0..FONT_COUNT).find(|&index| has_glyph(index, c))
}

/// The characters of `text` that no embedded font can print (shown as empty boxes).
pub fn unprintable(text: &str) -> Vec<char> {
    let mut missing: Vec<char> = text
        .chars()
        .filter(|&c| !c.is_control() && !c.is_whitespace() && !is_invisible(c))
        .filter(|&c| font_for(c).is_none())
        .collect();
    missing.dedup();
    missing
}

/// `text` split into runs drawn with one font each (`(font index, text)`); a character no
/// font has goes to the first font, which prints its "missing glyph" box.
pub fn runs(text: &str) -> Vec<(usize, String)> {
    let mut runs: Vec<(usize, String)> = Vec::new();
    for c in text.chars().filter(|&c| !is_invisible(c)) {
        let index = if c == ' ' {
            // A space joins the run it is in when that font has one (the Hangul subset has
            // none: its missing glyph is a full em wide), else the first font's.
            runs.last()
                .map(|(index, _)| *index)
                .filter(|index| has_glyph(*index, ' '))
                .unwrap_or(0)
        } else {
            font_for(c).unwrap_or(0)
        };
        match runs.last_mut() {
            Some((last, run)) if *last == index => run.push(c),
            _ => runs.push((index, c.to_string())),
        }
    }
    runs
}

/// Advance width of `c` in points at `size`.
fn char_width(c: char, size: f32) -> f32 {
    if is_invisible(c) {
        return 0.0;
    }
    let index = font_for(c).unwrap_or(0);
    let Ok(font) = font(index) else {
        return size / 2.0;
    };
    let units_per_em = f32::from(font.font_metrics.units_per_em.max(1));
    let units = font
        .lookup_glyph_index(u32::from(c))
        .map_or(units_per_em / 2.0, |g| {
            f32::from(font.get_horizontal_advance(g))
        });
    units * size / units_per_em
}

/// Width of `text` in points at `size`.
pub fn width(text: &str, size: f32) -> f32 {
    text.chars().map(|c| char_width(c, size)).sum()
}

/// `text` cut to fit `max` points at `size`, ending in "…" when it was cut.
pub fn fit(text: &str, size: f32, max: f32) -> String {
    if width(text, size) <= max {
        return text.to_string();
    }
    let ellipsis = width("…", size);
    let mut out = String::new();
    let mut used = 0.0;
    for c in text.chars() {
        let w = char_width(c, size);
        if used + w + ellipsis > max {
            break;
        }
        used += w;
        out.push(c);
    }
    out.push('…');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_script_a_shop_registers_has_a_font() {
        for name in [
            "Émile Ångström",
            "Nguyễn Văn An",
            "Иван Петров",
            "Γιώργος",
            "山田 花子",
            "𠮷野家",
            "김민준",
            "张伟",
            "陈静",
            "ヴァンガード",
        ] {
            assert_eq!(unprintable(name), Vec::<char>::new(), "{name}");
        }
        assert_eq!(unprintable("A\u{10FFFD}"), vec!['\u{10FFFD}']);
    }

    #[test]
    fn runs_follow_the_font_of_each_character() {
        let runs = runs("Kim 김민준 张伟");
        let fonts: Vec<usize> = runs.iter().map(|(index, _)| *index).collect();
        assert_eq!(fonts.first(), Some(&0));
        assert!(fonts.contains(&2), "{runs:?}");
        assert!(fonts.contains(&3) || fonts.contains(&1), "{runs:?}");
        let joined: String = runs.iter().map(|(_, text)| text.as_str()).collect();
        assert_eq!(joined, "Kim 김민준 张伟");
    }

    /// The Hangul font has no space: a space between Korean words was its missing glyph,
    /// a full em wide ("순위표    후"); it is drawn by a font that has one.
    #[test]
    fn a_space_between_korean_words_is_drawn_by_a_font_that_has_one() {
        let runs = runs("김 민준 — 2라운드 종료 후");
        assert!(runs.iter().any(|(index, _)| *index == 2), "{runs:?}");
        for (index, text) in &runs {
            if text.contains(' ') {
                assert!(has_glyph(*index, ' '), "{runs:?}");
            }
        }
    }

    #[test]
    fn cyrillic_is_proportional_not_full_width() {
        // Full-width Cyrillic (a Japanese font's) made names twice as wide and cut them.
        assert!(width("Иван Петров", 10.0) < width("ИИИИИИИИИИИ", 10.0));
        assert!(width("Иван", 10.0) < 4.0 * 10.0 * 0.8);
    }
}
