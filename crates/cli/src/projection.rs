//! `projection`: the cut line in words, one player a line in standings order.

use std::fmt::Write;

use tablekeeper_commands::projection_view::{CutChance, CutLineRow, CutLineView};
use tablekeeper_words::msg;

use crate::render::say;

pub fn text(view: &CutLineView) -> String {
    let mut text = say(&if view.paired {
        msg!(
            "projection.heading-paired",
            "Top {cut}: {rounds} Swiss rounds left, the next one paired",
            cut = view.cut,
            rounds = view.rounds_left
        )
    } else {
        msg!(
            "projection.heading",
            "Top {cut}: {rounds} Swiss rounds left",
            cut = view.cut,
            rounds = view.rounds_left
        )
    });
    text.push('\n');
    for row in &view.rows {
        let _ = writeln!(
            text,
            "{:>4}. {} ({})  {}  {}",
            row.rank,
            row.name,
            row.player,
            row.points,
            chance(row)
        );
    }
    text
}

fn chance(row: &CutLineRow) -> String {
    let tables = row
        .tables
        .iter()
        .map(u32::to_string)
        .collect::<Vec<_>>()
        .join(", ");
    say(&match row.chance {
        CutChance::Locked => msg!("projection.locked", "locked in"),
        CutChance::InWithWin => msg!("projection.in-with-win", "in with a win"),
        CutChance::InWithDraw => msg!("projection.in-with-draw", "in with a draw"),
        CutChance::CanStillMakeIt => msg!("projection.can-still-make-it", "can still make it"),
        CutChance::Out => msg!("projection.out", "out"),
        CutChance::Depends if !tables.is_empty() && row.tiebreakers => msg!(
            "projection.depends-tables-tiebreakers",
            "depends on tables {tables} and the tiebreakers",
            tables = tables
        ),
        CutChance::Depends if !tables.is_empty() => msg!(
            "projection.depends-tables",
            "depends on tables {tables}",
            tables = tables
        ),
        CutChance::Depends if row.tiebreakers => {
            msg!(
                "projection.depends-tiebreakers",
                "depends on the tiebreakers"
            )
        }
        CutChance::Depends => msg!("projection.depends", "depends on other tables"),
    })
}
