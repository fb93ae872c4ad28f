//! Pictures a shop can post or print, as SVG: the meta (a bar per deck with how many of its
//! players made the top cut, and the matchup heat map — red below an even record, green
//! above, each cell with its wins–losses–draws), the ratings' leaderboard (a bar per player
//! with their deviation) and one player's rating history (a line through the events with
//! the deviation as a band). Drawn from the same views the app and the CLI show; the words
//! are the printouts' (`labels.rs`), in English or Japanese. docs/meta.md, docs/ratings.md.

use std::fmt::Write;

use tablekeeper_commands::views::meta::MetaView;
use tablekeeper_commands::views::ratings::{RatingExplanationView, TitleRatingsView};

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

/// Players drawn on the leaderboard (the rest are in the table and the JSON).
pub const LEADERBOARD_PLAYERS: usize = 20;

/// The SVG's opening, with the fonts every script needs and a white ground.
fn open(width: u32, height: u32) -> String {
    format!(
        r##"<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}" font-family="'Noto Sans', 'Noto Sans JP', 'Noto Sans CJK JP', 'IPAexGothic', sans-serif" font-size="14"><rect width="100%" height="100%" fill="#ffffff"/>"##
    )
}

/// A title's leaderboard: a bar per player (the most highly rated first), its length the
/// rating above the lowest drawn, a whisker for ± the deviation.
pub fn leaderboard_svg(title: &TitleRatingsView, language: Language) -> String {
    let words = labels(language);
    let rows: Vec<_> = title.rows.iter().take(LEADERBOARD_PLAYERS).collect();
    let low = rows
        .iter()
        .map(|r| r.rating.rating - r.rating.deviation)
        .fold(f64::INFINITY, f64::min)
        .min(1000.0);
    let high = rows
        .iter()
        .map(|r| r.rating.rating + r.rating.deviation)
        .fold(f64::NEG_INFINITY, f64::max)
        .max(2000.0);
    let scale = f64::from(BAR_WIDTH) / (high - low).max(1.0);
    let x = |rating: f64| f64::from(LABEL_WIDTH) + (rating - low) * scale;
    let height = 70 + ROW * u32::try_from(rows.len()).unwrap_or(0) + 20;
    let mut svg = open(WIDTH, height);
    let _ = write!(
        svg,
        r#"<text x="20" y="36" font-size="22" font-weight="bold">{} — {} {}</text>"#,
        escape(&title.title),
        title.events.len(),
        escape(words.events)
    );
    for (index, row) in rows.iter().enumerate() {
        let y = 60 + ROW * u32::try_from(index).unwrap_or(0);
        let _ = write!(
            svg,
            r##"<g data-player="{name}"><text x="20" y="{ty}">{rank}. {name}</text><rect x="{LABEL_WIDTH}" y="{y}" width="{width:.1}" height="16" fill="{fill}"/><line x1="{lo:.1}" x2="{hi:.1}" y1="{mid}" y2="{mid}" stroke="#1a1a1a" stroke-width="2"/><text x="{tx:.1}" y="{ty}">{rating:.0} ±{deviation:.0}</text></g>"##,
            name = escape(&row.name),
            rank = row.rank,
            ty = y + 13,
            width = (x(row.rating.rating) - f64::from(LABEL_WIDTH)).max(1.0),
            fill = if row.provisional {
                "#9fb6d4"
            } else {
                "#3b6ea8"
            },
            lo = x(row.rating.rating - row.rating.deviation),
            hi = x(row.rating.rating + row.rating.deviation),
            mid = y + 8,
            tx = x(row.rating.rating + row.rating.deviation) + 8.0,
            rating = row.rating.rating,
            deviation = row.rating.deviation,
        );
    }
    svg.push_str("</svg>\n");
    svg
}

/// One player's rating through the events they played: the rating after each event as a
/// line, ± the deviation as a band, the first point their rating before the first event.
pub fn rating_history_svg(explained: &RatingExplanationView, language: Language) -> String {
    let words = labels(language);
    let mut points: Vec<(String, f64, f64)> = Vec::new();
    if let Some(first) = explained.changes.first() {
        points.push((String::new(), first.before.rating, first.before.deviation));
    }
    points.extend(
        explained
            .changes
            .iter()
            .map(|c| (c.event.clone(), c.after.rating, c.after.deviation)),
    );
    let (left, top, plot_width, plot_height) = (70.0, 60.0, 780.0, 300.0);
    let low = points
        .iter()
        .map(|p| p.1 - p.2)
        .fold(f64::INFINITY, f64::min);
    let high = points
        .iter()
        .map(|p| p.1 + p.2)
        .fold(f64::NEG_INFINITY, f64::max);
    let (low, high) = if low.is_finite() && high > low {
        (low, high)
    } else {
        (1000.0, 2000.0)
    };
    let steps = points.len().saturating_sub(1).max(1) as f64;
    let x = |index: usize| left + plot_width * index as f64 / steps;
    let y = |rating: f64| top + plot_height * (high - rating) / (high - low);
    let mut svg = open(WIDTH, 420);
    let _ = write!(
        svg,
        r#"<text x="20" y="36" font-size="22" font-weight="bold">{} — {} ({} {})</text>"#,
        escape(&explained.name),
        escape(&explained.title),
        explained.changes.len(),
        escape(words.events)
    );
    let band: Vec<String> = points
        .iter()
        .enumerate()
        .map(|(i, p)| format!("{:.1},{:.1}", x(i), y(p.1 + p.2)))
        .chain(
            points
                .iter()
                .enumerate()
                .rev()
                .map(|(i, p)| format!("{:.1},{:.1}", x(i), y(p.1 - p.2))),
        )
        .collect();
    let _ = write!(
        svg,
        r##"<polygon points="{}" fill="#dbe6f3"/>"##,
        band.join(" ")
    );
    let line: Vec<String> = points
        .iter()
        .enumerate()
        .map(|(i, p)| format!("{:.1},{:.1}", x(i), y(p.1)))
        .collect();
    let _ = write!(
        svg,
        r##"<polyline points="{}" fill="none" stroke="#3b6ea8" stroke-width="3"/>"##,
        line.join(" ")
    );
    for (index, (event, rating, _)) in points.iter().enumerate() {
        let _ = write!(
            svg,
            r##"<circle cx="{cx:.1}" cy="{cy:.1}" r="4" fill="#3b6ea8"/><text x="{cx:.1}" y="{ty:.1}" text-anchor="middle" font-size="12">{rating:.0}</text><text x="{cx:.1}" y="395" text-anchor="middle" font-size="11">{event}</text>"##,
            cx = x(index),
            cy = y(*rating),
            ty = y(*rating) - 10.0,
            event = escape(event),
        );
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
    fn the_leaderboard_and_the_history_name_their_players_and_events() {
        use tablekeeper_commands::views::ratings::{RatingChangeView, RatingRowView, RatingView};
        let rating = |r: f64, d: f64| RatingView {
            rating: r,
            deviation: d,
            volatility: 0.06,
        };
        let row = |rank: u32, name: &str, r: f64| RatingRowView {
            rank,
            key: name.into(),
            name: name.into(),
            rating: rating(r, 80.0),
            matches: 12,
            events: 3,
            provisional: rank == 2,
        };
        let title = TitleRatingsView {
            title: "vanguard".into(),
            events: vec!["Week 1".into()],
            rows: vec![row(1, "Aiko <A>", 1620.0), row(2, "Иван", 1480.0)],
        };
        let board = leaderboard_svg(&title, Language::En);
        assert!(board.contains("1. Aiko &lt;A&gt;") && board.contains("2. Иван"));
        assert!(board.contains("1620 ±80"));
        let explained = RatingExplanationView {
            title: "vanguard".into(),
            name: "Aiko".into(),
            changes: vec![
                RatingChangeView {
                    event: "Week 1".into(),
                    before: rating(1500.0, 350.0),
                    after: rating(1580.0, 250.0),
                    matches: Vec::new(),
                },
                RatingChangeView {
                    event: "Week 2".into(),
                    before: rating(1580.0, 250.0),
                    after: rating(1620.0, 200.0),
                    matches: Vec::new(),
                },
            ],
        };
        let history = rating_history_svg(&explained, Language::Ja);
        assert!(history.contains(">Week 1<") && history.contains(">Week 2<"));
        assert!(history.contains(">1620<"));
        assert_eq!(
            history.matches("<circle").count(),
            3,
            "the start and two events"
        );
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
