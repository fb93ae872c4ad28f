//! A paginated table: a title block on the first page, column headings repeated on every
//! page, rows that never overflow their column (long text is cut with "…").

use crate::canvas::{Canvas, Document, MARGIN};

#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Align {
    Left,
    Right,
}

/// A column: its heading, its share of the free width (or a fixed width), its alignment.
pub struct Column {
    pub heading: String,
    pub width: Width,
    pub align: Align,
}

#[derive(Clone, Copy)]
pub enum Width {
    /// Points.
    Fixed(f32),
    /// Share of the width left after fixed columns.
    Share(f32),
}

/// Text sizes of a table.
pub struct Style {
    pub size: f32,
    pub row_height: f32,
}

pub const WALL: Style = Style {
    size: 13.0,
    row_height: 19.0,
};

pub const DENSE: Style = Style {
    size: 9.0,
    row_height: 13.0,
};

/// Draws `title` and `subtitle` at the top of `canvas`; returns the y below them.
pub fn title_block(canvas: &mut Canvas, title: &str, subtitle: &str) -> f32 {
    let width = canvas.inner_width();
    canvas.text(MARGIN, MARGIN + 16.0, 18.0, width, title);
    canvas.text(MARGIN, MARGIN + 36.0, 12.0, width, subtitle);
    canvas.line(
        (MARGIN, MARGIN + 44.0),
        (MARGIN + width, MARGIN + 44.0),
        1.0,
    );
    MARGIN + 64.0
}

/// Lays out `rows` under `columns` across as many pages as needed.
pub fn draw(
    doc: &mut Document,
    title: &str,
    subtitle: &str,
    columns: &[Column],
    rows: &[Vec<String>],
    style: &Style,
) {
    let mut canvas = doc.page();
    let mut y = title_block(canvas, title, subtitle);
    let widths = resolve(columns, canvas.inner_width());
    let bottom = canvas.height - MARGIN - 10.0;
    y = headings(canvas, columns, &widths, y, style);
    for row in rows {
        if y + style.row_height > bottom {
            canvas = doc.page();
            y = headings(canvas, columns, &widths, MARGIN + 12.0, style);
        }
        cells(canvas, columns, &widths, y, style.size, row);
        y += style.row_height;
    }
}

fn resolve(columns: &[Column], total: f32) -> Vec<f32> {
    let fixed: f32 = columns
        .iter()
        .map(|c| match c.width {
            Width::Fixed(w) => w,
            Width::Share(_) => 0.0,
        })
        .sum();
    let shares: f32 = columns
        .iter()
        .map(|c| match c.width {
            Width::Share(s) => s,
            Width::Fixed(_) => 0.0,
        })
        .sum();
    let free = (total - fixed).max(0.0);
    columns
        .iter()
        .map(|c| match c.width {
            Width::Fixed(w) => w,
            Width::Share(s) if shares > 0.0 => free * s / shares,
            Width::Share(_) => 0.0,
        })
        .collect()
}

fn headings(canvas: &mut Canvas, columns: &[Column], widths: &[f32], y: f32, style: &Style) -> f32 {
    let titles: Vec<String> = columns.iter().map(|c| c.heading.clone()).collect();
    let size = (style.size * 0.8).max(8.0);
    cells(canvas, columns, widths, y, size, &titles);
    let right = MARGIN + widths.iter().sum::<f32>();
    canvas.line((MARGIN, y + 4.0), (right, y + 4.0), 0.5);
    y + style.row_height
}

fn cells(
    canvas: &mut Canvas,
    columns: &[Column],
    widths: &[f32],
    y: f32,
    size: f32,
    row: &[String],
) {
    let gap = 6.0;
    let mut x = MARGIN;
    for ((column, width), text) in columns.iter().zip(widths).zip(row) {
        let room = (width - gap).max(0.0);
        match column.align {
            Align::Left => canvas.text(x, y, size, room, text),
            Align::Right => {
                let shown = canvas.fit(text, size, room);
                canvas.text_right(x + room, y, size, &shown);
            }
        }
        x += width;
    }
}
