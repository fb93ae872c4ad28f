//! Pictures a shop can post or print: the meta (a bar per deck with how many of its
//! players made the top cut, and the matchup heat map — red below an even record, green
//! above, each cell with its wins–losses–draws), the ratings' leaderboard (a bar per player
//! with their deviation) and one player's rating history (a line through the events with
//! the deviation as a band). Each is drawn once as a [`Figure`] from the same views the app
//! and the CLI show, then written as SVG or as a PDF page; the words are the printouts'
//! (`labels.rs`), in English or Japanese. docs/meta.md, docs/ratings.md.

use tablekeeper_commands::views::meta::MetaView;
use tablekeeper_commands::views::ratings::{RatingExplanationView, RatingsView, TitleRatingsView};

use crate::canvas::{Document, MARGIN};
use crate::figure::{Figure, Mark, Rgb};
use crate::labels::labels;
use crate::{Language, PrintError, Sheet};

/// Decks drawn in the heat map (the most played; the rest are in the share bars and CSV).
pub const MATRIX_DECKS: usize = 10;

/// Players drawn on the leaderboard (the rest are in the table and the JSON).
pub const LEADERBOARD_PLAYERS: usize = 20;

const WIDTH: f64 = 900.0;
const LABEL_WIDTH: f64 = 260.0;
const BAR_WIDTH: f64 = 420.0;
const ROW: f64 = 26.0;
const CELL: f64 = 56.0;

/// A rated title's name in `language` (its title preset's, else as recorded).
fn title_name(id: &str, language: Language) -> String {
    let names = tablekeeper_commands::room::TitleName::of(id);
    match language {
        Language::Ja => names.ja,
        _ => names.en,
    }
}

/// A count as a drawing length.
fn count(n: usize) -> f64 {
    f64::from(u32::try_from(n).unwrap_or(u32::MAX))
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

/// The meta as one picture.
pub fn meta_figure(view: &MetaView, language: Language) -> Figure {
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
    let bars_top = 70.0;
    let matrix_top = bars_top + ROW * count(view.decks.len()) + 70.0;
    let height = matrix_top + 40.0 + CELL * count(shown.len()) + 20.0;
    let mut figure = Figure::new(WIDTH, height);
    figure.heading(
        20.0,
        36.0,
        22.0,
        format!(
            "{} — {} {} · {} {}",
            words.meta_share, view.events, words.events, view.players, words.players
        ),
    );
    for (index, deck) in view.decks.iter().enumerate() {
        let y = bars_top + ROW * count(index);
        let width = BAR_WIDTH * f64::from(deck.share) / 1000.0;
        figure.text(20.0, y + 14.0, 14.0, name(&deck.label));
        figure.rect(LABEL_WIDTH, y, width, 18.0, Rgb::BLUE);
        figure.text(
            LABEL_WIDTH + width + 8.0,
            y + 14.0,
            14.0,
            format!(
                "{} · {} {}",
                language.percent(deck.share),
                deck.top_cut,
                words.in_top_cut
            ),
        );
    }
    figure.heading(20.0, matrix_top - 20.0, 18.0, words.matchups);
    // Columns are numbered; the rows carry the names with the same numbers.
    for (column, _) in shown.iter().enumerate() {
        let x = LABEL_WIDTH + CELL * count(column) + CELL / 2.0;
        figure.centred(x, matrix_top + 20.0, 14.0, true, (column + 1).to_string());
    }
    for (row, label) in shown.iter().enumerate() {
        let y = matrix_top + 32.0 + CELL * count(row);
        figure.text(
            20.0,
            y + CELL / 2.0 + 5.0,
            14.0,
            format!("{}. {}", row + 1, name(label)),
        );
        for (column, other) in shown.iter().enumerate() {
            let x = LABEL_WIDTH + CELL * count(column);
            let cell = view
                .matchups
                .iter()
                .find(|m| m.row == *label && m.column == *other);
            let (fill, text) = match cell {
                Some(cell) => {
                    let (r, g, b) = heat(cell.win_rate);
                    (
                        Rgb(r, g, b),
                        format!("{}-{}-{}", cell.wins, cell.losses, cell.draws),
                    )
                }
                None => (Rgb::EMPTY, "—".to_string()),
            };
            figure.marks.push(Mark::Rect {
                x,
                y,
                w: CELL,
                h: CELL,
                fill,
                stroke: Some(Rgb::WHITE),
            });
            figure.centred(x + CELL / 2.0, y + CELL / 2.0 + 4.0, 12.0, false, text);
            if let Some(cell) = cell {
                figure.centred(
                    x + CELL / 2.0,
                    y + CELL - 6.0,
                    10.0,
                    false,
                    language.percent(cell.win_rate),
                );
            }
        }
    }
    figure
}

/// The meta as one SVG picture.
pub fn meta_svg(view: &MetaView, language: Language) -> String {
    meta_figure(view, language).svg()
}

/// A title's leaderboard: a bar per player (the most highly rated first), its length the
/// rating above the lowest drawn, a whisker for ± the deviation.
pub fn leaderboard_figure(title: &TitleRatingsView, language: Language) -> Figure {
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
    let scale = BAR_WIDTH / (high - low).max(1.0);
    let x = |rating: f64| LABEL_WIDTH + (rating - low) * scale;
    let mut figure = Figure::new(WIDTH, 70.0 + ROW * count(rows.len()) + 20.0);
    figure.heading(
        20.0,
        36.0,
        22.0,
        format!(
            "{} — {} {}",
            title_name(&title.title, language),
            title.events.len(),
            words.events
        ),
    );
    for (index, row) in rows.iter().enumerate() {
        let y = 60.0 + ROW * count(index);
        let (rating, deviation) = (row.rating.rating, row.rating.deviation);
        figure.text(20.0, y + 13.0, 14.0, format!("{}. {}", row.rank, row.name));
        let fill = if row.provisional {
            Rgb::PALE_BLUE
        } else {
            Rgb::BLUE
        };
        figure.rect(
            LABEL_WIDTH,
            y,
            (x(rating) - LABEL_WIDTH).max(1.0),
            16.0,
            fill,
        );
        figure.marks.push(Mark::Line {
            points: vec![
                (x(rating - deviation), y + 8.0),
                (x(rating + deviation), y + 8.0),
            ],
            stroke: Rgb::INK,
            width: 2.0,
        });
        figure.text(
            x(rating + deviation) + 8.0,
            y + 13.0,
            14.0,
            format!("{rating:.0} ±{deviation:.0}"),
        );
    }
    figure
}

pub fn leaderboard_svg(title: &TitleRatingsView, language: Language) -> String {
    leaderboard_figure(title, language).svg()
}

/// One player's rating through the events they played: the rating after each event as a
/// line, ± the deviation as a band, the first point their rating before the first event.
pub fn rating_history_figure(explained: &RatingExplanationView, language: Language) -> Figure {
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
    let steps = count(points.len().saturating_sub(1).max(1));
    let x = |index: usize| left + plot_width * count(index) / steps;
    let y = |rating: f64| top + plot_height * (high - rating) / (high - low);
    let mut figure = Figure::new(WIDTH, 420.0);
    figure.heading(
        20.0,
        36.0,
        22.0,
        format!(
            "{} — {} ({} {})",
            explained.name,
            title_name(&explained.title, language),
            explained.changes.len(),
            words.events
        ),
    );
    let upper = points.iter().enumerate().map(|(i, p)| (x(i), y(p.1 + p.2)));
    let lower = points
        .iter()
        .enumerate()
        .rev()
        .map(|(i, p)| (x(i), y(p.1 - p.2)));
    figure.marks.push(Mark::Band {
        points: upper.chain(lower).collect(),
        fill: Rgb::BAND,
    });
    figure.marks.push(Mark::Line {
        points: points
            .iter()
            .enumerate()
            .map(|(i, p)| (x(i), y(p.1)))
            .collect(),
        stroke: Rgb::BLUE,
        width: 3.0,
    });
    for (index, (event, rating, _)) in points.iter().enumerate() {
        let (cx, cy) = (x(index), y(*rating));
        figure.marks.push(Mark::Dot {
            x: cx,
            y: cy,
            r: 4.0,
            fill: Rgb::BLUE,
        });
        figure.centred(cx, cy - 10.0, 12.0, false, format!("{rating:.0}"));
        figure.centred(cx, 395.0, 11.0, false, event.clone());
    }
    figure
}

pub fn rating_history_svg(explained: &RatingExplanationView, language: Language) -> String {
    rating_history_figure(explained, language).svg()
}

/// The ratings' pictures: each title's leaderboard, then the explained player's history in
/// each title they played.
pub fn ratings_figures(view: &RatingsView, language: Language) -> Vec<Figure> {
    view.titles
        .iter()
        .map(|title| leaderboard_figure(title, language))
        .chain(
            view.explained
                .iter()
                .map(|explained| rating_history_figure(explained, language)),
        )
        .collect()
}

/// Figures as a PDF, one a page, each as wide as the page's margins allow (and smaller when
/// it would run past the page's foot).
pub fn pictures_pdf(sheet: &Sheet, title: &str, figures: &[Figure]) -> Result<Vec<u8>, PrintError> {
    let mut doc = Document::new(sheet.paper, title)?.printed_at(&sheet.printed_at);
    for figure in figures {
        let page = doc.page();
        let room = (page.inner_width(), page.height - 2.0 * MARGIN - 20.0);
        #[allow(clippy::cast_possible_truncation)]
        let (width, height) = (figure.width as f32, figure.height as f32);
        let scale = (room.0 / width).min(room.1 / height);
        figure.draw(page, MARGIN, MARGIN, scale);
    }
    doc.finish(&crate::standings::footer(sheet), &sheet.page_label())
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
        // The title by its name, never its id: a game rated by its ruleset is named as the
        // ruleset is.
        assert!(!board.contains("vanguard —"), "{board}");
        let by_ruleset = TitleRatingsView {
            title: "bandai".into(),
            ..title.clone()
        };
        assert!(!leaderboard_svg(&by_ruleset, Language::En).contains("bandai —"));
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
