//! `prizes` and `season`: the payout sheet and the season's table in words.

use std::fmt::Write;

use tablekeeper_commands::views::prizes::{PayoutView, SeasonView};

pub fn payout(view: &PayoutView) -> String {
    let mut text = format!("Prizes: {}\n", view.event);
    for line in &view.lines {
        let mut prizes: Vec<String> = Vec::new();
        if line.credit > 0 {
            prizes.push(
                format!("{} {}", line.credit, view.currency)
                    .trim()
                    .to_string(),
            );
        }
        prizes.extend(
            line.items
                .iter()
                .map(|i| format!("{} × {}", i.count, i.name)),
        );
        prizes.extend(line.raffle.iter().map(|r| format!("{r} (raffle)")));
        if prizes.is_empty() {
            continue;
        }
        let tied = if line.tied { " (tied)" } else { "" };
        let _ = writeln!(
            text,
            "{:>4}{tied}. {} ({})  {}",
            line.place,
            line.name,
            line.player,
            prizes.join(", ")
        );
    }
    let _ = writeln!(text, "Credit paid: {} {}", view.credit_paid, view.currency);
    if let (Some(pool), Some(left)) = (view.credit_pool, view.credit_left) {
        let _ = writeln!(text, "Pool: {pool}, left: {left}");
    }
    for item in &view.items {
        let _ = write!(text, "{}: {} given", item.name, item.given);
        if let (Some(pool), Some(left)) = (item.pool, item.left) {
            let _ = write!(text, " of {pool}, {left} left");
        }
        if item.short > 0 {
            let _ = write!(text, ", {} short of the ladder", item.short);
        }
        text.push('\n');
    }
    if !view.raffle_undrawn.is_empty() {
        let _ = writeln!(
            text,
            "Not drawn: {} (only {} players could take part in the raffle)",
            view.raffle_undrawn.join(", "),
            view.raffle_entrants
        );
    }
    if view.raffle_pending {
        text.push_str("The raffle is not drawn yet (--draw-raffle draws it and records it).\n");
    }
    if let Some(seed) = &view.raffle_seed {
        let _ = writeln!(
            text,
            "Raffle seed: {seed} (--raffle-seed {seed} draws the same)"
        );
    }
    text
}

pub fn season(view: &SeasonView) -> String {
    let plural =
        |n: usize, one: &str, many: &str| format!("{n} {}", if n == 1 { one } else { many });
    let mut text = format!(
        "Season: {} ({})\n",
        view.name,
        plural(view.events.len(), "event", "events")
    );
    let unknown: Vec<&str> = view
        .events
        .iter()
        .filter(|e| e.head_to_head_unknown)
        .map(|e| e.name.as_str())
        .collect();
    if !unknown.is_empty() {
        let _ = writeln!(
            text,
            "Head-to-head cannot see the matches of {} (the TCG+ files name no opponents).",
            unknown.join(", ")
        );
    }
    for event in view.events.iter().filter(|e| e.unfinished) {
        let _ = writeln!(
            text,
            "{} is not finalized in TOM: its places are from match points so far.",
            event.name
        );
    }
    for row in &view.rows {
        let rank = row
            .rank
            .map_or_else(|| "  —".to_string(), |r| format!("{r:>3}"));
        let _ = writeln!(
            text,
            "{rank}. {}  {} pts  {}  best {}  {}-{}-{}",
            row.name,
            row.points,
            plural(row.events_played as usize, "event", "events"),
            row.best_place,
            row.wins,
            row.losses,
            row.draws
        );
    }
    text
}
