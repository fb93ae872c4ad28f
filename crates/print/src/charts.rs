//! The meta drawn as pictures a shop can post or print: the share of each deck (a bar per
//! deck, with how many of its players made the top cut) and the matchup heat map (a cell per
//! pair of decks, red below an even record, green above, with its wins–losses–draws), as one
//! SVG. Drawn from the same `MetaView` the app and the CLI show; the words are the printouts'
//! (`labels.rs`), in English or Japanese. docs/meta.md.

use std::fmt::Write;

use tablekeeper_commands::views::meta::MetaView;

use crate::Language;
use crate::labels::labels;

/// Decks drawn in the heat map (the most played; the rest are in the share bars and CSV).
pub const MATRIX_DECKS: usize = 10;

const WIDTH: u32 = 900;
const LABEL_WIDTH: u32 = 260;
const BAR_WIDTH: u32 = 420;
const ROW: u32 = 26;
const CELL: u32 = 56;

/// Text made safe inside SVG (names come from players).
fn escape(text: &str) -> String {
    text.chars()
        .map(|c| match c {
            '&' => "&amp;".to_string(),
            '<' => "&lt;".to_string(),
            '>' => "&gt;".to_string(),
            '"' => "&quot;".to_string(),
            c if c.is_control() => " ".to_string(),
            c => c.to_string(),
        })
        .collect()
}

/// A per-mille figure as "12.5%".
fn percent(per_mille: u32) -> String {
    format!("{}.{}%", per_mille / 10, per_mille % 10)
}

/// The heat colour of a win rate (per mille): red at 0, white at 500, green at 1000.
pub fn heat(rate: u32) -> (u8, u8, u8) {
    let rate = rate.min(1000);
    let towards = |from: u32, to: u32, part: u32| {
        u8::try_from(from + (to * part) / 500 - (from * part) / 500).unwrap_or(255)
    };
    if rate <= 500 {
        (
            towards(214, 255, rate),
            towards(69, 255, rate),
            towards(65, 255, rate),
        )
    } else {
        let part = rate - 500;
        (
            towards(255, 46, part),
            towards(255, 160, part),
            towards(255, 90, part),
        )
    }
}

/// The meta as one SVG picture.
pub fn meta_svg(view: &MetaView, language: Language) -> String {
    let words = labels(language);
    let name = |label: &str| {
        if label.is_empty() {
            words.no_deck.to_string()
        } else {
            label.to_string()
        }
    };
    let shown: Vec<&str> = view
        .decks
        .iter()
        .take(MATRIX_DECKS)
        .map(|d| d.label.as_str())
        .collect();
    let bars_top = 70;
    let matrix_top = bars_top + ROW * u32::try_from(view.decks.len()).unwrap_or(0) + 70;
    let size = u32::try_from(shown.len()).unwrap_or(0);
    let height = matrix_top + 40 + CELL * size + 20;
    let mut svg = String::new();
    let _ = write!(
        svg,
        r##"<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{height}" viewBox="0 0 {WIDTH} {height}" font-family="'Noto Sans', 'Noto Sans JP', 'Noto Sans CJK JP', 'IPAexGothic', sans-serif" font-size="14"><rect width="100%" height="100%" fill="#ffffff"/>"##
    );
    let _ = write!(
        svg,
        r#"<text x="20" y="36" font-size="22" font-weight="bold">{} — {} {} · {} {}</text>"#,
        escape(words.meta_share),
        view.events,
        escape(words.events),
        view.players,
        escape(words.players)
    );
    for (index, deck) in view.decks.iter().enumerate() {
        let y = bars_top + ROW * u32::try_from(index).unwrap_or(0);
        let width = BAR_WIDTH * deck.share / 1000;
        let _ = write!(
            svg,
            r##"<g data-deck="{label}"><text x="20" y="{ty}">{label}</text><rect x="{LABEL_WIDTH}" y="{y}" width="{width}" height="18" fill="#3b6ea8"/><text x="{tx}" y="{ty}">{share} · {cut} {in_cut}</text></g>"##,
            label = escape(&name(&deck.label)),
            ty = y + 14,
            tx = LABEL_WIDTH + width + 8,
            share = percent(deck.share),
            cut = deck.top_cut,
            in_cut = escape(words.in_top_cut),
        );
    }
    let _ = write!(
        svg,
        r#"<text x="20" y="{}" font-size="18" font-weight="bold">{}</text>"#,
        matrix_top - 20,
        escape(words.matchups)
    );
    // Columns are numbered; the rows carry the names with the same numbers.
    for (column, _) in shown.iter().enumerate() {
        let x = LABEL_WIDTH + CELL * u32::try_from(column).unwrap_or(0) + CELL / 2;
        let _ = write!(
            svg,
            r#"<text x="{x}" y="{}" text-anchor="middle" font-weight="bold">{}</text>"#,
            matrix_top + 20,
            column + 1
        );
    }
    for (row, label) in shown.iter().enumerate() {
        let y = matrix_top + 32 + CELL * u32::try_from(row).unwrap_or(0);
        let _ = write!(
            svg,
            r#"<text x="20" y="{}">{}. {}</text>"#,
            y + CELL / 2 + 5,
            row + 1,
            escape(&name(label))
        );
        for (column, other) in shown.iter().enumerate() {
            let x = LABEL_WIDTH + CELL * u32::try_from(column).unwrap_or(0);
            let cell = view
                .matchups
                .iter()
                .find(|m| m.row == *label && m.column == *other);
            let (fill, text) = match cell {
                Some(cell) => {
                    let (r, g, b) = heat(cell.win_rate);
                    (
                        format!("#{r:02x}{g:02x}{b:02x}"),
                        format!("{}-{}-{}", cell.wins, cell.losses, cell.draws),
                    )
                }
                None => ("#f2f2f2".to_string(), "—".to_string()),
            };
            let _ = write!(
                svg,
                r##"<rect x="{x}" y="{y}" width="{CELL}" height="{CELL}" fill="{fill}" stroke="#ffffff"/><text x="{tx}" y="{ty}" text-anchor="middle" font-size="12">{text}</text>"##,
                tx = x + CELL / 2,
                ty = y + CELL / 2 + 4,
            );
            if let Some(cell) = cell {
                let _ = write!(
                    svg,
                    r#"<text x="{}" y="{}" text-anchor="middle" font-size="10">{}</text>"#,
                    x + CELL / 2,
                    y + CELL - 6,
                    percent(cell.win_rate)
                );
            }
        }
    }
    svg.push_str("</svg>\n");
    svg
}

#[cfg(test)]
mod tests {
    use super::*;
    use tablekeeper_commands::views::meta::{DeckShareView, MatchupView};

    fn view() -> MetaView {
        MetaView {
            events: 2,
            players: 8,
            top_cut: 4,
            decks: vec![
                DeckShareView {
                    label: "Dragon Empire / Overdress".into(),
                    players: 5,
                    share: 625,
                    top_cut: 3,
                    conversion: 600,
                },
                DeckShareView {
                    label: "<script>".into(),
                    players: 2,
                    share: 250,
                    top_cut: 1,
                    conversion: 500,
                },
                DeckShareView {
                    label: String::new(),
                    players: 1,
                    share: 125,
                    top_cut: 0,
                    conversion: 0,
                },
            ],
            matchups: vec![MatchupView {
                row: "Dragon Empire / Overdress".into(),
                column: "<script>".into(),
                wins: 3,
                losses: 1,
                draws: 0,
                win_rate: 750,
                interval: Some((0.3, 0.95)),
            }],
        }
    }

    #[test]
    fn the_picture_names_every_deck_with_its_share_and_escapes_names() {
        let svg = meta_svg(&view(), Language::En);
        assert!(svg.starts_with("<svg"));
        assert!(svg.contains("Dragon Empire / Overdress</text>"));
        assert!(svg.contains("62.5%"));
        assert!(svg.contains("&lt;script&gt;"));
        assert!(!svg.contains("<script>"));
        assert!(svg.contains("No deck data"));
        assert!(svg.contains(">3-1-0<"));
        let ja = meta_svg(&view(), Language::Ja);
        assert!(ja.contains("デッキ分布"));
    }

    #[test]
    fn the_heat_runs_from_red_through_white_to_green() {
        assert_eq!(heat(500), (255, 255, 255));
        // The app's heat map computes the same (ui/src/screens/ratingsMeta.test.ts).
        assert_eq!(heat(250), (234, 162, 160));
        assert_eq!(heat(0), (214, 69, 65));
        assert_eq!(heat(1000), (46, 160, 90));
        let (r, g, _) = heat(0);
        assert!(r > g);
        let (r, g, _) = heat(1000);
        assert!(g > r);
        assert_eq!(heat(2000), heat(1000));
    }
}
