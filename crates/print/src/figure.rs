//! A picture as a list of marks — boxes, lines, bands, dots and text — on a plane measured
//! from its top-left corner. Each chart is drawn once as a figure; the figure is then
//! written as SVG (to post, or to show in the app) or onto a PDF page (to print), so the
//! posted picture and the printed one cannot differ.

use std::fmt::Write;

use crate::canvas::Canvas;

/// A colour, 0–255 per channel.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Rgb(pub u8, pub u8, pub u8);

impl Rgb {
    pub const WHITE: Rgb = Rgb(255, 255, 255);
    pub const INK: Rgb = Rgb(26, 26, 26);
    pub const BLUE: Rgb = Rgb(59, 110, 168);
    pub const PALE_BLUE: Rgb = Rgb(159, 182, 212);
    pub const BAND: Rgb = Rgb(219, 230, 243);
    pub const EMPTY: Rgb = Rgb(242, 242, 242);

    fn hex(self) -> String {
        format!("#{:02x}{:02x}{:02x}", self.0, self.1, self.2)
    }

    fn unit(self) -> (f32, f32, f32) {
        (
            f32::from(self.0) / 255.0,
            f32::from(self.1) / 255.0,
            f32::from(self.2) / 255.0,
        )
    }
}

/// Where a text sits against its `x`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Anchor {
    Start,
    Middle,
}

/// One mark of a figure; `y` of a text is its baseline.
#[derive(Debug, Clone, PartialEq)]
pub enum Mark {
    Rect {
        x: f64,
        y: f64,
        w: f64,
        h: f64,
        fill: Rgb,
        /// An outline (the heat map's cells are set apart by a white one).
        stroke: Option<Rgb>,
    },
    Text {
        x: f64,
        y: f64,
        size: f64,
        anchor: Anchor,
        bold: bool,
        text: String,
    },
    Line {
        points: Vec<(f64, f64)>,
        stroke: Rgb,
        width: f64,
    },
    Band {
        points: Vec<(f64, f64)>,
        fill: Rgb,
    },
    Dot {
        x: f64,
        y: f64,
        r: f64,
        fill: Rgb,
    },
}

/// A picture: its size and its marks, drawn in order.
#[derive(Debug, Clone, PartialEq)]
pub struct Figure {
    pub width: f64,
    pub height: f64,
    pub marks: Vec<Mark>,
}

/// Text made safe inside SVG (names come from players).
fn escape(text: &str) -> String {
    text.chars()
        .map(|c| match c {
            '&' => "&amp;".to_string(),
            '<' => "&lt;".to_string(),
            '>' => "&gt;".to_string(),
            '"' => "&quot;".to_string(),
            c if c.is_control() => " ".to_string(),
            c => c.to_string(),
        })
        .collect()
}

fn points(points: &[(f64, f64)]) -> String {
    points
        .iter()
        .map(|(x, y)| format!("{x:.1},{y:.1}"))
        .collect::<Vec<_>>()
        .join(" ")
}

impl Figure {
    pub fn new(width: f64, height: f64) -> Figure {
        Figure {
            width,
            height,
            marks: Vec::new(),
        }
    }

    pub fn rect(&mut self, x: f64, y: f64, w: f64, h: f64, fill: Rgb) {
        self.marks.push(Mark::Rect {
            x,
            y,
            w,
            h,
            fill,
            stroke: None,
        });
    }

    /// A text of `size` starting at `x` with its baseline at `y`.
    pub fn text(&mut self, x: f64, y: f64, size: f64, text: impl Into<String>) {
        self.marks.push(Mark::Text {
            x,
            y,
            size,
            anchor: Anchor::Start,
            bold: false,
            text: text.into(),
        });
    }

    /// A bold heading.
    pub fn heading(&mut self, x: f64, y: f64, size: f64, text: impl Into<String>) {
        self.marks.push(Mark::Text {
            x,
            y,
            size,
            anchor: Anchor::Start,
            bold: true,
            text: text.into(),
        });
    }

    /// A text centred on `x`.
    pub fn centred(&mut self, x: f64, y: f64, size: f64, bold: bool, text: impl Into<String>) {
        self.marks.push(Mark::Text {
            x,
            y,
            size,
            anchor: Anchor::Middle,
            bold,
            text: text.into(),
        });
    }

    /// The figure as an SVG document.
    pub fn svg(&self) -> String {
        let (width, height) = (self.width, self.height);
        let mut svg = format!(
            r##"<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0}" height="{height:.0}" viewBox="0 0 {width:.0} {height:.0}" font-family="'Noto Sans', 'DejaVu Sans', 'Noto Sans JP', 'Noto Sans CJK JP', 'IPAexGothic', 'Noto Sans CJK KR', 'Noto Sans CJK SC', sans-serif" font-size="14"><rect width="100%" height="100%" fill="#ffffff"/>"##
        );
        for mark in &self.marks {
            let _ = match mark {
                Mark::Rect {
                    x,
                    y,
                    w,
                    h,
                    fill,
                    stroke,
                } => write!(
                    svg,
                    r#"<rect x="{x:.1}" y="{y:.1}" width="{w:.1}" height="{h:.1}" fill="{}"{}/>"#,
                    fill.hex(),
                    stroke.map_or_else(String::new, |s| format!(r#" stroke="{}""#, s.hex()))
                ),
                Mark::Text {
                    x,
                    y,
                    size,
                    anchor,
                    bold,
                    text,
                } => write!(
                    svg,
                    r#"<text x="{x:.1}" y="{y:.1}" font-size="{size:.0}"{}{}>{}</text>"#,
                    if *anchor == Anchor::Middle {
                        r#" text-anchor="middle""#
                    } else {
                        ""
                    },
                    if *bold { r#" font-weight="bold""# } else { "" },
                    escape(text)
                ),
                Mark::Line {
                    points: line,
                    stroke,
                    width,
                } => write!(
                    svg,
                    r#"<polyline points="{}" fill="none" stroke="{}" stroke-width="{width:.1}"/>"#,
                    points(line),
                    stroke.hex()
                ),
                Mark::Band { points: band, fill } => write!(
                    svg,
                    r#"<polygon points="{}" fill="{}"/>"#,
                    points(band),
                    fill.hex()
                ),
                Mark::Dot { x, y, r, fill } => write!(
                    svg,
                    r#"<circle cx="{x:.1}" cy="{y:.1}" r="{r:.1}" fill="{}"/>"#,
                    fill.hex()
                ),
            };
        }
        svg.push_str("</svg>\n");
        svg
    }

    /// Draws the figure on a PDF page with its top-left corner at (`left`, `top`), each of
    /// its units `scale` points. Bold text is drawn in the regular weight (the embedded fonts
    /// have one), a step larger.
    pub(crate) fn draw(&self, canvas: &mut Canvas, left: f32, top: f32, scale: f32) {
        #[allow(clippy::cast_possible_truncation)]
        let at = |x: f64, y: f64| (left + x as f32 * scale, top + y as f32 * scale);
        #[allow(clippy::cast_possible_truncation)]
        let size = |s: f64| s as f32 * scale;
        for mark in &self.marks {
            match mark {
                Mark::Rect {
                    x,
                    y,
                    w,
                    h,
                    fill,
                    stroke,
                } => {
                    let (x0, y0) = at(*x, *y);
                    let corners = [
                        (x0, y0),
                        (x0 + size(*w), y0),
                        (x0 + size(*w), y0 + size(*h)),
                        (x0, y0 + size(*h)),
                    ];
                    canvas.polygon(&corners, fill.unit());
                    if let Some(stroke) = stroke {
                        canvas.outline(&corners, true, stroke.unit(), 0.5);
                    }
                }
                Mark::Text {
                    x,
                    y,
                    size: text_size,
                    anchor,
                    bold,
                    text,
                } => {
                    let points = size(*text_size) * if *bold { 1.1 } else { 1.0 };
                    let (mut x0, y0) = at(*x, *y);
                    if *anchor == Anchor::Middle {
                        x0 -= canvas.text_width(text, points) / 2.0;
                    }
                    let room = (canvas.width - x0).max(0.0);
                    canvas.text(x0, y0, points, room, text);
                }
                Mark::Line {
                    points,
                    stroke,
                    width,
                } => {
                    let line: Vec<_> = points.iter().map(|&(x, y)| at(x, y)).collect();
                    canvas.outline(&line, false, stroke.unit(), size(*width));
                }
                Mark::Band { points, fill } => {
                    let band: Vec<_> = points.iter().map(|&(x, y)| at(x, y)).collect();
                    canvas.polygon(&band, fill.unit());
                }
                Mark::Dot { x, y, r, fill } => {
                    // An octagon: at a few points across, a circle to the eye.
                    let (cx, cy) = at(*x, *y);
                    let r = size(*r);
                    let corners: Vec<_> = (0..8)
                        .map(|i| {
                            let angle = std::f32::consts::FRAC_PI_4 * i as f32;
                            (cx + r * angle.cos(), cy + r * angle.sin())
                        })
                        .collect();
                    canvas.polygon(&corners, fill.unit());
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_mark_is_written_as_svg_with_its_text_escaped() {
        let mut figure = Figure::new(100.0, 50.0);
        figure.rect(1.0, 2.0, 3.0, 4.0, Rgb::BLUE);
        figure.heading(0.0, 10.0, 20.0, "<Aiko & co>");
        figure.centred(50.0, 40.0, 12.0, false, "3-1-0");
        figure.marks.push(Mark::Dot {
            x: 5.0,
            y: 5.0,
            r: 4.0,
            fill: Rgb::BLUE,
        });
        let svg = figure.svg();
        assert!(svg.starts_with("<svg") && svg.ends_with("</svg>\n"));
        assert!(
            svg.contains(r##"<rect x="1.0" y="2.0" width="3.0" height="4.0" fill="#3b6ea8"/>"##)
        );
        assert!(svg.contains("&lt;Aiko &amp; co&gt;</text>"));
        assert!(svg.contains(r#"text-anchor="middle""#));
        assert_eq!(svg.matches("<circle").count(), 1);
    }
}
