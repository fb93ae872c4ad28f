//! A page builder over printpdf's operation list: text placed from the top-left corner in
//! points, lines and boxes, and a document that collects pages and adds page footers.

use printpdf::{
    Color, FontId, Line, LinePoint, Op, PaintMode, PdfDocument, PdfFontHandle, PdfPage,
    PdfSaveOptions, Point, Polygon, PolygonRing, Pt, Rgb, TextItem, WindingOrder,
};

use crate::font;
use crate::{Paper, PrintError};

/// Margin on every side, in points (about 14 mm).
pub const MARGIN: f32 = 40.0;

/// One page being drawn. `y` grows downwards from the top edge.
pub struct Canvas {
    pub width: f32,
    pub height: f32,
    ops: Vec<Op>,
}

/// The stand-in id of font `index` in a page's operations; the document swaps in the real
/// id when it adds the fonts its pages use (and only those).
fn placeholder(index: usize) -> FontId {
    FontId(format!("tablekeeper-font-{index}"))
}

impl Canvas {
    fn new(paper: Paper, landscape: bool) -> Canvas {
        let (short, long) = crate::paper_size(paper);
        let (width, height) = if landscape {
            (long, short)
        } else {
            (short, long)
        };
        Canvas {
            width,
            height,
            ops: Vec::new(),
        }
    }

    /// Width of the area inside the margins.
    pub fn inner_width(&self) -> f32 {
        self.width - 2.0 * MARGIN
    }

    /// `text` cut to `max` points at `size`.
    pub fn fit(&self, text: &str, size: f32, max: f32) -> String {
        font::fit(text, size, max)
    }

    pub fn text_width(&self, text: &str, size: f32) -> f32 {
        font::width(text, size)
    }

    /// `text` with its top-left corner's baseline at (`x`, `y`), cut to `max` points. Each
    /// run of characters is shown in the font that has them; the text cursor carries on
    /// from one run to the next, so the text layer reads back as one string.
    pub fn text(&mut self, x: f32, y: f32, size: f32, max: f32, text: &str) {
        let shown = font::fit(text, size, max);
        self.ops.extend([
            Op::StartTextSection,
            Op::SetTextCursor {
                pos: Point {
                    x: Pt(x),
                    y: Pt(self.height - y),
                },
            },
        ]);
        for (index, run) in font::runs(&shown) {
            self.ops.extend([
                Op::SetFont {
                    font: PdfFontHandle::External(placeholder(index)),
                    size: Pt(size),
                },
                Op::ShowText {
                    items: vec![TextItem::Text(run)],
                },
            ]);
        }
        self.ops.push(Op::EndTextSection);
    }

    /// `text` ending at `right`.
    pub fn text_right(&mut self, right: f32, y: f32, size: f32, text: &str) {
        let x = right - self.text_width(text, size);
        self.text(x, y, size, f32::MAX, text);
    }

    pub fn line(&mut self, from: (f32, f32), to: (f32, f32), thickness: f32) {
        self.path(&[from, to], false, thickness);
    }

    /// A dashed cut line across the page.
    pub fn cut_line(&mut self, y: f32) {
        let mut x = MARGIN / 2.0;
        while x < self.width - MARGIN / 2.0 {
            self.line((x, y), ((x + 6.0).min(self.width - MARGIN / 2.0), y), 0.5);
            x += 10.0;
        }
    }

    /// A rectangle outline with its top-left corner at (`x`, `y`).
    pub fn rect(&mut self, x: f32, y: f32, w: f32, h: f32, thickness: f32) {
        self.path(
            &[(x, y), (x + w, y), (x + w, y + h), (x, y + h)],
            true,
            thickness,
        );
    }

    /// A light grey band behind a table row, so the eye keeps the row across the sheet.
    pub fn shade(&mut self, x: f32, y: f32, w: f32, h: f32) {
        self.fill(x, y, w, h, 0.9);
    }

    /// A filled rectangle in grey `level` (0 black, 1 white).
    pub fn fill(&mut self, x: f32, y: f32, w: f32, h: f32, level: f32) {
        self.polygon(
            &[(x, y), (x + w, y), (x + w, y + h), (x, y + h)],
            (level, level, level),
        );
    }

    /// A shape filled with colour `rgb` (each 0–1); the fill colour is set back to black
    /// afterwards, as text is filled with it too.
    pub fn polygon(&mut self, points: &[(f32, f32)], rgb: (f32, f32, f32)) {
        let height = self.height;
        self.ops.extend([
            Op::SetFillColor { col: colour(rgb) },
            Op::DrawPolygon {
                polygon: Polygon {
                    rings: vec![PolygonRing {
                        points: page_points(height, points),
                    }],
                    mode: PaintMode::Fill,
                    winding_order: WindingOrder::NonZero,
                },
            },
            Op::SetFillColor {
                col: colour((0.0, 0.0, 0.0)),
            },
        ]);
    }

    fn path(&mut self, points: &[(f32, f32)], closed: bool, thickness: f32) {
        self.outline(points, closed, (0.0, 0.0, 0.0), thickness);
    }

    /// A line through `points` in colour `rgb` (each 0–1), closed into a loop or not.
    pub fn outline(
        &mut self,
        points: &[(f32, f32)],
        closed: bool,
        rgb: (f32, f32, f32),
        thickness: f32,
    ) {
        let height = self.height;
        self.ops.extend([
            Op::SetOutlineColor { col: colour(rgb) },
            Op::SetOutlineThickness { pt: Pt(thickness) },
            Op::DrawLine {
                line: Line {
                    points: page_points(height, points),
                    is_closed: closed,
                },
            },
        ]);
    }
}

/// Points measured from the top-left corner as the PDF's points (measured from the bottom).
fn page_points(height: f32, points: &[(f32, f32)]) -> Vec<LinePoint> {
    points
        .iter()
        .map(|&(x, y)| LinePoint {
            p: Point {
                x: Pt(x),
                y: Pt(height - y),
            },
            bezier: false,
        })
        .collect()
}

fn colour((r, g, b): (f32, f32, f32)) -> Color {
    Color::Rgb(Rgb {
        r,
        g,
        b,
        icc_profile: None,
    })
}

/// "YYYY-MM-DD HH:MM" with an optional " +HH:MM" offset, as a PDF date.
fn pdf_time(text: &str) -> Option<printpdf::DateTime> {
    let number = |range: std::ops::Range<usize>| text.get(range)?.parse::<i32>().ok();
    let offset = text.get(17..).map(str::trim).filter(|o| o.len() == 6);
    let (sign, hours, minutes) = match offset {
        Some(o) => (
            if o.starts_with('-') { -1 } else { 1 },
            o.get(1..3)?.parse::<i8>().ok()?,
            o.get(4..6)?.parse::<i8>().ok()?,
        ),
        None => (1, 0, 0),
    };
    Some(printpdf::DateTime {
        date: printpdf::Date {
            year: number(0..4)?,
            month: u8::try_from(number(5..7)?).ok()?,
            day: u8::try_from(number(8..10)?).ok()?,
        },
        time: printpdf::Time {
            hour: u8::try_from(number(11..13)?).ok()?,
            minute: u8::try_from(number(14..16)?).ok()?,
            second: 0,
            millisecond: 0,
        },
        offset: printpdf::Offset {
            hours: sign * hours,
            minutes: sign * minutes,
            seconds: 0,
            milliseconds: 0,
        },
    })
}

/// A document: pages drawn one after another, each with the same footer.
pub struct Document {
    paper: Paper,
    landscape: bool,
    doc: PdfDocument,
    pages: Vec<Canvas>,
}

impl Document {
    pub fn new(paper: Paper, title: &str) -> Result<Document, PrintError> {
        // The first font measures every text; a broken build fails here, not mid-page.
        font::font(0)?;
        Ok(Document {
            paper,
            landscape: false,
            doc: PdfDocument::new(title),
            pages: Vec::new(),
        })
    }

    /// Pages wider than high (the bracket).
    pub fn landscape(mut self) -> Document {
        self.landscape = true;
        self
    }

    /// Records when the document was printed ("2026-11-23 14:04 +09:00", as the hosts
    /// give it) as the PDF's creation and modification date.
    pub fn printed_at(mut self, printed_at: &str) -> Document {
        if let Some(when) = pdf_time(printed_at) {
            let info = &mut self.doc.metadata.info;
            info.creation_date = when;
            info.modification_date = when;
            info.metadata_date = when;
        }
        self
    }

    /// Starts a new page and returns it.
    pub fn page(&mut self) -> &mut Canvas {
        self.pages.push(Canvas::new(self.paper, self.landscape));
        let last = self.pages.len() - 1;
        &mut self.pages[last]
    }

    /// The page being drawn (a new one if none exists yet).
    pub fn current(&mut self) -> &mut Canvas {
        if self.pages.is_empty() {
            return self.page();
        }
        let last = self.pages.len() - 1;
        &mut self.pages[last]
    }

    /// Writes the PDF; `footer` is printed at the bottom-left of every page and
    /// "page n / m" at the bottom-right.
    pub fn finish(
        mut self,
        footer: &str,
        page_label: &dyn Fn(usize, usize) -> String,
    ) -> Result<Vec<u8>, PrintError> {
        if self.pages.is_empty() {
            self.page();
        }
        let total = self.pages.len();
        let mut pages = Vec::with_capacity(total);
        for (index, mut canvas) in std::mem::take(&mut self.pages).into_iter().enumerate() {
            let y = canvas.height - MARGIN / 2.0;
            let label = page_label(index + 1, total);
            let label_width = canvas.text_width(&label, 8.0);
            canvas.text(
                MARGIN,
                y,
                8.0,
                canvas.inner_width() - label_width - 12.0,
                footer,
            );
            let right = canvas.width - MARGIN;
            canvas.text_right(right, y, 8.0, &label);
            pages.push(PdfPage::new(
                printpdf::Mm::from(Pt(canvas.width)),
                printpdf::Mm::from(Pt(canvas.height)),
                canvas.ops,
            ));
        }
        self.embed_used_fonts(&mut pages)?;
        let options = PdfSaveOptions {
            subset_fonts: true,
            ..PdfSaveOptions::default()
        };
        let mut warnings = Vec::new();
        Ok(self.doc.with_pages(pages).save(&options, &mut warnings))
    }

    /// Adds the fonts the pages use to the PDF and points their text at them.
    fn embed_used_fonts(&mut self, pages: &mut [PdfPage]) -> Result<(), PrintError> {
        let mut ids: [Option<FontId>; font::FONT_COUNT] = Default::default();
        for page in pages.iter_mut() {
            for op in &mut page.ops {
                let Op::SetFont {
                    font: PdfFontHandle::External(id),
                    ..
                } = op
                else {
                    continue;
                };
                let Some(index) = (0..font::FONT_COUNT).find(|&i| *id == placeholder(i)) else {
                    continue;
                };
                let real = match &ids[index] {
                    Some(real) => real.clone(),
                    None => {
                        let real = self.doc.add_font(font::font(index)?);
                        ids[index] = Some(real.clone());
                        real
                    }
                };
                *id = real;
            }
        }
        Ok(())
    }
}
