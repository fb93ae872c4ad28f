//! Match slips, four to a page with cut lines between them (Bandai §5.1): event, round and
//! table, both players with their ID, result boxes (win/loss/draw, games won in a
//! best-of-three), a drop box, signature lines, and an extra-time field for judges.

use std::collections::HashMap;

use tablekeeper_commands::views::{PairingsView, PlayerView, SeatView};

use crate::canvas::{Canvas, Document, MARGIN};
use crate::{PrintError, Sheet};

const PER_PAGE: usize = 4;

/// One slip per table of `pairings`. `games_to_win` > 1 adds the games-won field.
pub fn match_slips(
    sheet: &Sheet,
    pairings: &PairingsView,
    players: &[PlayerView],
    games_to_win: u8,
) -> Result<Vec<u8>, PrintError> {
    let ids: HashMap<u32, String> = players
        .iter()
        .map(|p| {
            let id = p
                .publisher_id
                .clone()
                .unwrap_or_else(|| format!("#{}", p.id));
            (p.id, id)
        })
        .collect();
    let mut doc = Document::new(sheet.paper, &sheet.event)?;
    for (index, table) in pairings.tables.iter().enumerate() {
        let canvas = if index % PER_PAGE == 0 {
            doc.page()
        } else {
            doc.current()
        };
        let slot_height = (canvas.height - 2.0 * MARGIN) / PER_PAGE as f32;
        let top = MARGIN + slot_height * (index % PER_PAGE) as f32;
        if index % PER_PAGE != 0 {
            canvas.cut_line(top);
        }
        let slip = Slip {
            sheet,
            top,
            height: slot_height,
            round: pairings.round,
            table: table.table,
            games_to_win,
        };
        slip.draw(canvas, [&table.a, &table.b], &ids);
    }
    let footer = format!(
        "{} · {} · {} {}",
        sheet.event,
        sheet.round(pairings.round),
        sheet.labels().printed,
        sheet.printed_at
    );
    doc.finish(&footer, &sheet.page_label())
}

struct Slip<'a> {
    sheet: &'a Sheet,
    top: f32,
    height: f32,
    round: u32,
    table: u32,
    games_to_win: u8,
}

impl Slip<'_> {
    fn draw(&self, canvas: &mut Canvas, seats: [&SeatView; 2], ids: &HashMap<u32, String>) {
        let l = self.sheet.labels();
        let left = MARGIN;
        let width = canvas.inner_width();
        let y = self.top + 22.0;
        let heading = format!("{} {}", self.sheet.round(self.round), l.match_slip);
        let table = format!("{} {}", l.table, self.table);
        let table_width = canvas.text_width(&table, 18.0);
        canvas.text(left, y, 10.0, width - table_width - 20.0, &self.sheet.event);
        canvas.text(left, y + 14.0, 12.0, width - table_width - 20.0, &heading);
        canvas.text_right(left + width, y + 6.0, 18.0, &table);
        let row_height = (self.height - 70.0) / 2.0;
        for (n, seat) in seats.iter().enumerate() {
            let row_top = y + 26.0 + row_height * n as f32;
            self.player_row(canvas, row_top, seat, ids);
        }
        let bottom = self.top + self.height - 12.0;
        let extra = format!(
            "{}: ______ {}   {}: ____________",
            l.extra_time, l.minutes, l.judge
        );
        canvas.text(left, bottom, 9.0, width, &extra);
    }

    fn player_row(
        &self,
        canvas: &mut Canvas,
        top: f32,
        seat: &SeatView,
        ids: &HashMap<u32, String>,
    ) {
        let l = self.sheet.labels();
        let left = MARGIN;
        let width = canvas.inner_width();
        let id = ids.get(&seat.player).cloned().unwrap_or_default();
        let name_width = width * 0.45;
        canvas.text(left, top + 14.0, 13.0, name_width, &seat.name);
        canvas.text(
            left,
            top + 28.0,
            9.0,
            name_width,
            &format!("{}: {id}", l.id),
        );
        // Result boxes: □ win □ loss □ draw, then games won (best of three) and drop.
        let mut x = left + name_width + 10.0;
        let boxed = |canvas: &mut Canvas, x: &mut f32, label: &str| {
            canvas.rect(*x, top + 4.0, 12.0, 12.0, 0.8);
            canvas.text(*x + 16.0, top + 14.0, 10.0, 70.0, label);
            *x += 22.0 + canvas.text_width(label, 10.0).min(70.0);
        };
        for label in [l.win, l.loss, l.draw] {
            boxed(canvas, &mut x, label);
        }
        boxed(canvas, &mut x, l.drop);
        let second = top + 30.0;
        let mut x2 = left + name_width + 10.0;
        if self.games_to_win > 1 {
            let label = format!("{}:", l.games_won);
            canvas.text(x2, second, 10.0, 110.0, &label);
            x2 += canvas.text_width(&label, 10.0).min(110.0) + 6.0;
            canvas.rect(x2, second - 11.0, 24.0, 14.0, 0.8);
            x2 += 36.0;
        }
        let label = format!("{}:", l.signature);
        canvas.text(x2, second, 10.0, 90.0, &label);
        let start = x2 + canvas.text_width(&label, 10.0).min(90.0) + 4.0;
        canvas.line((start, second + 2.0), (left + width, second + 2.0), 0.6);
    }
}
