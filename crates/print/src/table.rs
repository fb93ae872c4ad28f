//! A paginated table for the wall: every page carries the title and a large heading (with
//! what the page covers, e.g. a name range), the column headings, rows with every other
//! one shaded so the eye keeps the row, and cells that never overflow their column (long
//! text is cut with "…"). A table a little longer than a page is set slightly tighter
//! instead of spilling a handful of rows onto a second sheet.

use crate::canvas::{Canvas, Document, MARGIN};

#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Align {
    Left,
    Right,
}

/// A column: its heading, its share of the free width (or a fixed width), its alignment
/// and the size of its text relative to the table's.
pub struct Column {
    pub heading: String,
    pub width: Width,
    pub align: Align,
    pub scale: f32,
}

impl Column {
    pub fn left(heading: impl Into<String>, width: Width) -> Column {
        Column {
            heading: heading.into(),
            width,
            align: Align::Left,
            scale: 1.0,
        }
    }

    pub fn right(heading: impl Into<String>, width: Width) -> Column {
        Column {
            align: Align::Right,
            ..Column::left(heading, width)
        }
    }

    /// Larger (or smaller) text than the rest of the row, e.g. the table number.
    pub fn scaled(self, scale: f32) -> Column {
        Column { scale, ..self }
    }
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

/// Sheets posted on the wall, read from 1.5 m.
pub const WALL: Style = Style {
    size: 13.0,
    row_height: 18.0,
};

/// Sheets read at the desk (standings, breakdown).
pub const DENSE: Style = Style {
    size: 9.5,
    row_height: 13.5,
};

/// Rows are set at most this much tighter to keep a table on one page fewer.
const TIGHTEST: f32 = 0.82;

/// Draws `title` and `subtitle` (large) at the top of `canvas`; returns the y below them.
pub fn title_block(canvas: &mut Canvas, title: &str, subtitle: &str) -> f32 {
    title_block_beside(canvas, title, subtitle, (0.0, 0.0))
}

/// [`title_block`] leaving room at the right for a [`Corner`]: `reserved` points beside the
/// title line and beside the subtitle line.
fn title_block_beside(
    canvas: &mut Canvas,
    title: &str,
    subtitle: &str,
    reserved: (f32, f32),
) -> f32 {
    let width = canvas.inner_width();
    canvas.text(MARGIN, MARGIN + 12.0, 13.0, width - reserved.0, title);
    // A heading that runs long in the sheet's language (French, German) is set smaller,
    // down to 14 pt, before it would be cut.
    let room = width - reserved.1;
    let natural = canvas.text_width(subtitle, 22.0);
    let size = if natural > room {
        // A hair under the exact ratio: the measured width at that size must not round
        // over the room and be cut after all.
        (22.0 * room * 0.995 / natural).max(14.0)
    } else {
        22.0
    };
    canvas.text(MARGIN, MARGIN + 38.0, size, room, subtitle);
    canvas.line(
        (MARGIN, MARGIN + 47.0),
        (MARGIN + width, MARGIN + 47.0),
        1.2,
    );
    MARGIN + 66.0
}

/// What a page covers, from its rows ("A–D", "Tables 1–20").
pub type Caption<'a> = dyn Fn(&[Vec<String>]) -> String + 'a;

/// Drawn in each page's top-right corner beside the title block (the shared event's QR
/// code); returns the width it took beside the title line and beside the subtitle line.
pub type Corner<'a> = dyn Fn(&mut Canvas) -> (f32, f32) + 'a;

/// What each page of a table is headed with.
pub struct Heading<'a> {
    pub title: &'a str,
    pub subtitle: &'a str,
    /// Adds what a page covers to its subtitle (given the page's rows).
    pub caption: Option<&'a Caption<'a>>,
    /// Drawn top right beside the title block.
    pub corner: Option<&'a Corner<'a>>,
}

/// Lays out `rows` under `columns` across as many pages as needed, each under `heading`.
/// Returns the y below the last row.
pub fn draw(
    doc: &mut Document,
    heading: &Heading<'_>,
    columns: &[Column],
    rows: &[Vec<String>],
    style: &Style,
) -> f32 {
    let Heading {
        title,
        subtitle,
        caption,
        corner,
    } = *heading;
    let (page_width, page_height) = {
        let canvas = doc.page();
        (canvas.inner_width(), canvas.height)
    };
    let top = MARGIN + 66.0 + style.row_height;
    let bottom = page_height - MARGIN - 10.0;
    let fits = |row_height: f32| (((bottom - top) / row_height).floor() as usize).max(1);
    let pages_at = |row_height: f32| rows.len().div_ceil(fits(row_height)).max(1);
    let row_height = if pages_at(style.row_height * TIGHTEST) < pages_at(style.row_height) {
        // The smallest height that still saves the sheet.
        let pages = pages_at(style.row_height * TIGHTEST);
        let per_page = rows.len().div_ceil(pages);
        ((bottom - top) / per_page as f32).min(style.row_height)
    } else {
        style.row_height
    };
    let per_page = fits(row_height);
    let widths = resolve(columns, page_width);
    let mut y = top;
    let chunks: Vec<&[Vec<String>]> = if rows.is_empty() {
        vec![&[]]
    } else {
        rows.chunks(per_page).collect()
    };
    for (index, chunk) in chunks.into_iter().enumerate() {
        let canvas = if index == 0 {
            doc.current()
        } else {
            doc.page()
        };
        let heading = match caption {
            Some(caption) if !chunk.is_empty() => format!("{subtitle}  {}", caption(chunk)),
            _ => subtitle.to_string(),
        };
        let reserved = corner.map_or((0.0, 0.0), |corner| {
            let (title, subtitle) = corner(canvas);
            (title + 8.0, subtitle + 8.0)
        });
        y = title_block_beside(canvas, title, &heading, reserved);
        y = headings(canvas, columns, &widths, y, style, row_height);
        for (n, row) in chunk.iter().enumerate() {
            if n % 2 == 1 {
                canvas.shade(
                    MARGIN,
                    y - row_height * 0.74,
                    widths.iter().sum(),
                    row_height,
                );
            }
            cells(canvas, columns, &widths, y, style.size, row);
            y += row_height;
        }
    }
    y
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

/// Column headings, at a size that fits their column (a heading is never cut while a
/// smaller size down to 7 pt fits it).
fn headings(
    canvas: &mut Canvas,
    columns: &[Column],
    widths: &[f32],
    y: f32,
    style: &Style,
    row_height: f32,
) -> f32 {
    let gap = 6.0;
    let mut x = MARGIN;
    for (column, width) in columns.iter().zip(widths) {
        let room = (width - gap).max(0.0);
        let mut size = (style.size * 0.8).max(8.0);
        while size > 7.0 && canvas.text_width(&column.heading, size) > room {
            size -= 0.5;
        }
        match column.align {
            Align::Left => canvas.text(x, y, size, room, &column.heading),
            Align::Right => {
                let shown = canvas.fit(&column.heading, size, room);
                canvas.text_right(x + room, y, size, &shown);
            }
        }
        x += width;
    }
    let right = MARGIN + widths.iter().sum::<f32>();
    canvas.line((MARGIN, y + 4.0), (right, y + 4.0), 0.6);
    y + row_height
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
        let size = size * column.scale;
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
