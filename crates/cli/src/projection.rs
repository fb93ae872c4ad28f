//! `projection`: the cut line in words, one player a line in standings order.

use std::fmt::Write;

use tablekeeper_commands::views::projection::CutLineView;

use crate::render::say;

pub fn text(view: &CutLineView) -> String {
    let mut text = say(&view.heading());
    text.push('\n');
    for row in &view.rows {
        let _ = writeln!(
            text,
            "{:>4}. {} ({})  {}  {}",
            row.rank,
            row.name,
            row.player,
            row.points,
            say(&row.chance_message())
        );
    }
    text
}
