//! `ratings` and `meta` in words: each title's Glicko-2 table, and with `--explain` how each
//! event moved one player's rating (docs/ratings.md; ratings and deviations to whole points,
//! expected scores to two places, the JSON unrounded); the meta's deck shares and matchups
//! (docs/meta.md).

use std::fmt::Write;

use tablekeeper_commands::views::meta::MetaView;
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

/// Tenths of a percent as the CLI's language writes them ("12.5%", "12,5 %").
fn percent(per_mille: u32) -> String {
    crate::render::language().percent(per_mille)
}

pub fn meta_text(view: &MetaView) -> String {
    let mut text = format!(
        "{} events, {} players, {} in a top cut\n",
        view.events, view.players, view.top_cut
    );
    let name = |label: &str| {
        if label.is_empty() {
            "(no deck data)".to_string()
        } else {
            label.to_string()
        }
    };
    for deck in &view.decks {
        let _ = writeln!(
            text,
            "{:>6}  {}  ({} players, {} in the top cut: {})",
            percent(deck.share),
            name(&deck.label),
            deck.players,
            deck.top_cut,
            percent(deck.conversion)
        );
    }
    if !view.matchups.is_empty() {
        text.push_str(
            "\nmatchups (row against column: wins-losses-draws, win rate, 95% interval):\n",
        );
    }
    for matchup in &view.matchups {
        let interval = matchup.interval.map_or(String::new(), |(low, high)| {
            format!(" [{:.0}%–{:.0}%]", low * 100.0, high * 100.0)
        });
        let _ = writeln!(
            text,
            "  {} vs {}: {}-{}-{}, {}{interval}",
            name(&matchup.row),
            name(&matchup.column),
            matchup.wins,
            matchup.losses,
            matchup.draws,
            percent(matchup.win_rate)
        );
    }
    text
}
