//! A page builder over printpdf's operation list: text placed from the top-left corner in
//! points, lines and boxes, and a document that collects pages and adds page footers.

use printpdf::{
    Color, FontId, Line, LinePoint, Op, ParsedFont, PdfDocument, PdfFontHandle, PdfPage,
    PdfSaveOptions, Point, Pt, Rgb, TextItem,
};

use crate::font;
use crate::{Paper, PrintError};

/// Margin on every side, in points (about 14 mm).
pub const MARGIN: f32 = 40.0;

/// One page being drawn. `y` grows downwards from the top edge.
pub struct Canvas {
    pub width: f32,
    pub height: f32,
    font: &'static ParsedFont,
    font_id: FontId,
    ops: Vec<Op>,
}

impl Canvas {
    fn new(paper: Paper, font: &'static ParsedFont, font_id: FontId) -> Canvas {
        let (width, height) = crate::paper_size(paper);
        Canvas {
            width,
            height,
            font,
            font_id,
            ops: Vec::new(),
        }
    }

    /// Width of the area inside the margins.
    pub fn inner_width(&self) -> f32 {
        self.width - 2.0 * MARGIN
    }

    /// `text` cut to `max` points at `size`.
    pub fn fit(&self, text: &str, size: f32, max: f32) -> String {
        font::fit(self.font, text, size, max)
    }

    pub fn text_width(&self, text: &str, size: f32) -> f32 {
        font::width(self.font, text, size)
    }

    /// `text` with its top-left corner's baseline at (`x`, `y`), cut to `max` points.
    pub fn text(&mut self, x: f32, y: f32, size: f32, max: f32, text: &str) {
        let shown = font::fit(self.font, text, size, max);
        self.ops.extend([
            Op::StartTextSection,
            Op::SetFont {
                font: PdfFontHandle::External(self.font_id.clone()),
                size: Pt(size),
            },
            Op::SetTextCursor {
                pos: Point {
                    x: Pt(x),
                    y: Pt(self.height - y),
                },
            },
            Op::ShowText {
                items: vec![TextItem::Text(shown)],
            },
            Op::EndTextSection,
        ]);
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

    fn path(&mut self, points: &[(f32, f32)], closed: bool, thickness: f32) {
        let height = self.height;
        self.ops.extend([
            Op::SetOutlineColor {
                col: Color::Rgb(Rgb {
                    r: 0.0,
                    g: 0.0,
                    b: 0.0,
                    icc_profile: None,
                }),
            },
            Op::SetOutlineThickness { pt: Pt(thickness) },
            Op::DrawLine {
                line: Line {
                    points: points
                        .iter()
                        .map(|&(x, y)| LinePoint {
                            p: Point {
                                x: Pt(x),
                                y: Pt(height - y),
                            },
                            bezier: false,
                        })
                        .collect(),
                    is_closed: closed,
                },
            },
        ]);
    }
}

/// A document: pages drawn one after another, each with the same footer.
pub struct Document {
    paper: Paper,
    doc: PdfDocument,
    font: &'static ParsedFont,
    font_id: FontId,
    pages: Vec<Canvas>,
}

impl Document {
    pub fn new(paper: Paper, title: &str) -> Result<Document, PrintError> {
        let font = font::font()?;
        let mut doc = PdfDocument::new(title);
        let font_id = doc.add_font(font);
        Ok(Document {
            paper,
            doc,
            font,
            font_id,
            pages: Vec::new(),
        })
    }

    /// Starts a new page and returns it.
    pub fn page(&mut self) -> &mut Canvas {
        self.pages
            .push(Canvas::new(self.paper, self.font, self.font_id.clone()));
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
    pub fn finish(mut self, footer: &str, page_label: &dyn Fn(usize, usize) -> String) -> Vec<u8> {
        if self.pages.is_empty() {
            self.page();
        }
        let total = self.pages.len();
        let mut pages = Vec::with_capacity(total);
        for (index, mut canvas) in self.pages.into_iter().enumerate() {
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
        let options = PdfSaveOptions {
            subset_fonts: true,
            ..PdfSaveOptions::default()
        };
        let mut warnings = Vec::new();
        self.doc.with_pages(pages).save(&options, &mut warnings)
    }
}
