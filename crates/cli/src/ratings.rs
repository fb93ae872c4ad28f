//! `ratings`: each title's Glicko-2 table, and with `--explain` how each event moved one
//! player's rating, in words (docs/ratings.md). Ratings and deviations are shown to whole
//! points, expected scores to two places; the JSON keeps the values unrounded.

use std::fmt::Write;

use tablekeeper_commands::views::ratings::RatingsView;

pub fn text(view: &RatingsView) -> String {
    let mut text = String::new();
    for title in &view.titles {
        let _ = writeln!(text, "{}: {} events rated", title.title, title.events.len());
        for row in &title.rows {
            let _ = writeln!(
                text,
                "{:>4}. {}  {:.0} ±{:.0}  ({} matches{})",
                row.rank,
                row.name,
                row.rating.rating,
                row.rating.deviation,
                row.matches,
                if row.provisional { ", provisional" } else { "" }
            );
        }
    }
    if view.titles.is_empty() {
        text.push_str("no rated matches in these events\n");
    }
    for explained in &view.explained {
        let _ = writeln!(
            text,
            "\nwhy {}'s {} rating moved:",
            explained.name, explained.title
        );
        for change in &explained.changes {
            let _ = writeln!(
                text,
                "{}: {:.0} → {:.0} ({:+.1})",
                change.event,
                change.before.rating,
                change.after.rating,
                change.after.rating - change.before.rating
            );
            for share in &change.matches {
                let result = match share.actual {
                    a if a >= 1.0 => "won",
                    a if a > 0.0 => "drew",
                    _ => "lost",
                };
                let _ = writeln!(
                    text,
                    "  vs {} ({:.0}): expected {:.2}, {result}: {:+.1}",
                    share.opponent, share.opponent_rating, share.expected, share.change
                );
            }
        }
    }
    text
}
