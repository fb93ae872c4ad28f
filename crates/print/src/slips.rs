//! Match slips with cut lines between them (Bandai §5.1): event, round and table, both
//! players with their ID and their record so far (002 §5.3), the match result (win, loss,
//! draw) and drop boxes, a box per game in a best-of-three so 1-1-1 can be written,
//! signature lines, a penalty/notes line (000, 002 §7.1), extra time for judges and a box
//! the scorekeeper ticks once the result is entered. Four to a page; the compact layout puts
//! six to a page without the per-game boxes.

use std::collections::HashMap;

use tablekeeper_commands::slip_code::code_text;
use tablekeeper_commands::views::{PairingsView, PlayerView, SeatView, StandingsView};

use crate::canvas::{Canvas, Document, MARGIN};
use crate::{PrintError, Sheet};

/// What the slips of one round are drawn from.
pub struct SlipRound<'a> {
    pub pairings: &'a PairingsView,
    pub players: &'a [PlayerView],
    /// The standings before the round (each player's record so far).
    pub before: &'a StandingsView,
    /// More than 1: a best-of-three (or longer) match, with a box per game.
    pub games_to_win: u8,
    /// Six to a page, without the per-game boxes.
    pub compact: bool,
    /// The event part of the scan codes (`EventView::slip_code`).
    pub slip_code: &'a str,
    /// Print the scan code on each slip.
    pub codes: bool,
    /// Each table's report code (players report the result from a phone with it); empty
    /// for a round whose codes are gone.
    pub report_codes: &'a std::collections::BTreeMap<u32, String>,
}

/// One slip per table of the round.
pub fn match_slips(sheet: &Sheet, round: &SlipRound) -> Result<Vec<u8>, PrintError> {
    let per_page = if round.compact { 6 } else { 4 };
    let ids: HashMap<u32, String> = round
        .players
        .iter()
        .map(|p| {
            let id = p
                .details
                .publisher_id
                .clone()
                .unwrap_or_else(|| format!("#{}", p.id));
            (p.id, id)
        })
        .collect();
    let records: HashMap<u32, String> = round
        .before
        .rows
        .iter()
        .map(|r| (r.player, format!("{}-{}-{}", r.wins, r.losses, r.draws)))
        .collect();
    let mut doc = Document::new(sheet.paper, &sheet.event)?.printed_at(&sheet.printed_at);
    for (index, table) in round.pairings.tables.iter().enumerate() {
        let canvas = if index % per_page == 0 {
            doc.page()
        } else {
            doc.current()
        };
        let slot_height = (canvas.height - 2.0 * MARGIN) / per_page as f32;
        let top = MARGIN + slot_height * (index % per_page) as f32;
        if index % per_page != 0 {
            canvas.cut_line(top);
        }
        let slip = Slip {
            sheet,
            code: round
                .codes
                .then(|| code_text(round.slip_code, round.pairings.round, table.table)),
            report_code: round.report_codes.get(&table.table).map(String::as_str),
            top,
            height: slot_height,
            round: round.pairings.round,
            table: table.table,
            per_game: round.games_to_win > 1 && !round.compact,
            ids: &ids,
            records: &records,
        };
        slip.draw(canvas, [&table.a, &table.b]);
    }
    let footer = format!(
        "{} · {} · {} {}",
        sheet.event,
        sheet.round(round.pairings.round),
        sheet.labels().printed,
        sheet.printed()
    );
    doc.finish(&footer, &sheet.page_label())
}

/// Width of the printed code (Code 128, a module of 0.9 pt: about 160 pt for
/// `TK-7F3A2C-12-345`, which cheap scanners read from 10 cm).
const CODE_WIDTH: f32 = 170.0;

/// The slip's code as a Code 128 barcode with its text under it (a scanner that fails is
/// helped by typing the text). Codes that do not fit are printed as text alone.
fn draw_code(canvas: &mut Canvas, x: f32, top: f32, code: &str) {
    let modules = barcoders::sym::code128::Code128::new(format!("\u{0181}{code}"))
        .map(|barcode| barcode.encode())
        .unwrap_or_default();
    let module = (CODE_WIDTH / modules.len().max(1) as f32).min(1.0);
    let height = 22.0;
    let mut at = 0;
    while at < modules.len() {
        let run = modules[at..]
            .iter()
            .take_while(|&&m| m == modules[at])
            .count();
        if modules[at] == 1 {
            canvas.fill(
                x + module * at as f32,
                top,
                module * run as f32,
                height,
                0.0,
            );
        }
        at += run;
    }
    canvas.text(x, top + height + 7.0, 6.5, CODE_WIDTH, code);
}

struct Slip<'a> {
    sheet: &'a Sheet,
    /// What a scanner types from the slip (`TK-…`); `None` prints no code.
    code: Option<String>,
    /// The table's report code for players' phones.
    report_code: Option<&'a str>,
    top: f32,
    height: f32,
    round: u32,
    table: u32,
    per_game: bool,
    ids: &'a HashMap<u32, String>,
    records: &'a HashMap<u32, String>,
}

impl Slip<'_> {
    fn draw(&self, canvas: &mut Canvas, seats: [&SeatView; 2]) {
        let l = self.sheet.labels();
        let left = MARGIN;
        let width = canvas.inner_width();
        let y = self.top + 18.0;
        let heading = format!("{} {}", self.sheet.round(self.round), l.match_slip);
        let table = format!("{} {}", l.table, self.table);
        let table_width = canvas.text_width(&table, 18.0);
        // The scan code sits between the heading and the table number.
        let code_width = self.code.as_ref().map_or(0.0, |_| CODE_WIDTH + 16.0);
        let room = width - table_width - 20.0 - code_width;
        canvas.text(left, y, 9.0, room, &self.sheet.event);
        canvas.text(left, y + 13.0, 11.0, room, &heading);
        canvas.text_right(left + width, y + 8.0, 18.0, &table);
        if let Some(code) = self.report_code {
            // Under the table number, where a player looks for their table.
            canvas.text_right(
                left + width,
                y + 19.0,
                8.5,
                &format!("{} {code}", l.report_code),
            );
        }
        if let Some(code) = &self.code {
            let x = left + width - table_width - 16.0 - CODE_WIDTH;
            draw_code(canvas, x, self.top + 6.0, code);
        }
        // Two player rows share what is left above the two bottom lines.
        let rows_top = y + 20.0;
        let rows_bottom = self.top + self.height - 30.0;
        let row_height = (rows_bottom - rows_top) / 2.0;
        for (n, seat) in seats.iter().enumerate() {
            self.player_row(canvas, rows_top + row_height * n as f32, row_height, seat);
        }
        // Penalties / notes, extra time and judge, and the scorekeeper's tick box.
        let notes_y = self.top + self.height - 18.0;
        let label = format!("{}:", l.notes);
        canvas.text(left, notes_y, 8.5, 140.0, &label);
        let entered_width = canvas.text_width(l.entered, 8.5) + 18.0;
        let line_start = left + canvas.text_width(&label, 8.5).min(140.0) + 4.0;
        let line_end = left + width - entered_width - 12.0;
        canvas.line((line_start, notes_y + 2.0), (line_end, notes_y + 2.0), 0.5);
        canvas.rect(left + width - 11.0, notes_y - 9.0, 11.0, 11.0, 0.9);
        canvas.text_right(left + width - 15.0, notes_y, 8.5, l.entered);
        let extra = format!(
            "{}: ______ {}   {}: ____________",
            l.extra_time, l.minutes, l.judge
        );
        canvas.text(left, notes_y + 11.0, 8.0, width, &extra);
    }

    fn player_row(&self, canvas: &mut Canvas, top: f32, height: f32, seat: &SeatView) {
        let l = self.sheet.labels();
        let left = MARGIN;
        let width = canvas.inner_width();
        let id = self.ids.get(&seat.player).cloned().unwrap_or_default();
        let record = self
            .records
            .get(&seat.player)
            .cloned()
            .unwrap_or_else(|| "0-0-0".into());
        let name_width = width * 0.42;
        canvas.text(left, top + 14.0, 13.0, name_width, &seat.name);
        let details = format!(
            "{}: {id} · {} ({}) {record}",
            l.id, l.record_so_far, l.record
        );
        canvas.text(left, top + 27.0, 8.5, name_width, &details);
        // The match result: □ win □ loss □ draw □ drop, each word whole: a language whose
        // words run long (German's "Unentschieden") gets a smaller size, not a cut word.
        let mut x = left + name_width + 10.0;
        let labels = [l.win, l.loss, l.draw, l.drop];
        let room = left + width - x - 22.0 * labels.len() as f32;
        let natural: f32 = labels
            .iter()
            .map(|label| canvas.text_width(label, 10.0))
            .sum();
        let size = if natural > room {
            (10.0 * room / natural).max(7.0)
        } else {
            10.0
        };
        for label in labels {
            canvas.rect(x, top + 3.0, 12.0, 12.0, 0.8);
            canvas.text(x + 16.0, top + 13.0, size, room, label);
            x += 22.0 + canvas.text_width(label, size).min(room);
        }
        let second = top + (height * 0.62).max(29.0);
        let mut x2 = left + name_width + 10.0;
        if self.per_game {
            // One box per game, for W, L or D: 1-1-1 can be written.
            let label = format!("{}:", l.games_each);
            canvas.text(x2, second, 8.5, 150.0, &label);
            x2 += canvas.text_width(&label, 8.5).min(150.0) + 4.0;
            for _ in 0..3 {
                canvas.rect(x2, second - 11.0, 18.0, 15.0, 0.8);
                x2 += 21.0;
            }
            x2 += 6.0;
        }
        let label = format!("{}:", l.signature);
        canvas.text(x2, second, 9.0, 90.0, &label);
        let start = x2 + canvas.text_width(&label, 9.0).min(90.0) + 4.0;
        canvas.line((start, second + 2.0), (left + width, second + 2.0), 0.6);
    }
}
