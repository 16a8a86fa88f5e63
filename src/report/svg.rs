//! The plots of a story as one SVG, drawn with `plotters` (its SVG backend and line series
//! only): a panel per number, its value turn by turn, each on its own scale.

use super::Series;
use crate::error::{Error, Result};
use plotters::prelude::*;

/// A panel's size, and how many panels stand side by side.
const PANEL: (u32, u32) = (380, 230);
const ACROSS: usize = 2;
const HEADING: u32 = 40;
/// The most turns labelled on an axis (a log's turns may be far apart).
const MAX_LABELS: u32 = 16;
/// The most values a panel draws (it is 380 pixels wide): past them, each stretch of turns
/// keeps its lowest and highest, in order, so that the SVG's size is bounded, whatever the log.
const MAX_POINTS: usize = 600;
/// The most panels drawn: the first numbers asked.
const MAX_PLOTS: usize = 48;
/// Values are drawn within ± this.
const FAR: i64 = 1_000_000_000_000;
/// The lines' colours, dark enough on white to tell apart (Tableau 10), in turn.
const COLORS: [RGBColor; 10] = [
    RGBColor(0x1f, 0x77, 0xb4),
    RGBColor(0xff, 0x7f, 0x0e),
    RGBColor(0x2c, 0xa0, 0x2c),
    RGBColor(0xd6, 0x27, 0x28),
    RGBColor(0x94, 0x67, 0xbd),
    RGBColor(0x8c, 0x56, 0x4b),
    RGBColor(0xe3, 0x77, 0xc2),
    RGBColor(0x7f, 0x7f, 0x7f),
    RGBColor(0xbc, 0xbd, 0x22),
    RGBColor(0x17, 0xbe, 0xcf),
];

/// The series as an SVG document; `None` when there is nothing to plot.
pub(crate) fn plots(title: &str, series: &[Series]) -> Result<Option<String>> {
    if series.is_empty() {
        return Ok(None);
    }
    let series = &series[..series.len().min(MAX_PLOTS)];
    let across = ACROSS.min(series.len());
    let down = series.len().div_ceil(across);
    let size = (
        PANEL.0 * across as u32,
        HEADING + PANEL.1 * u32::try_from(down).map_err(|_| too_many())?,
    );
    let mut svg = String::new();
    draw(&mut svg, size, title, series, (down, across))
        .map_err(|e| Error::Other(format!("the plot: {e}")))?;
    Ok(Some(svg))
}

fn too_many() -> Error {
    Error::Other("too many plots".into())
}

type Drawn = std::result::Result<(), Box<dyn std::error::Error>>;

fn draw(
    svg: &mut String,
    size: (u32, u32),
    title: &str,
    series: &[Series],
    grid: (usize, usize),
) -> Drawn {
    let root = SVGBackend::with_string(svg, size).into_drawing_area();
    root.fill(&WHITE)?;
    let (heading, body) = root.split_vertically(HEADING);
    heading.titled(&clean(title), ("sans-serif", 20))?;
    let panels = body.split_evenly(grid);
    // Every panel spans the same turns, so that they read against each other.
    let first = series
        .iter()
        .filter_map(|s| s.points.first())
        .map(|p| p.turn)
        .min()
        .unwrap_or(1);
    let last = series
        .iter()
        .filter_map(|s| s.points.last())
        .map(|p| p.turn)
        .max()
        .unwrap_or(1);
    for (i, (s, panel)) in series.iter().zip(panels.iter()).enumerate() {
        panel_of(
            panel,
            s,
            (first, last.max(first + 1)),
            COLORS[i % COLORS.len()],
        )?;
    }
    root.present()?;
    Ok(())
}

/// One number's panel: the turns across, its values up, a line through them with a dot at each.
fn panel_of<DB: DrawingBackend>(
    area: &DrawingArea<DB, plotters::coord::Shift>,
    s: &Series,
    (first, last): (u32, u32),
    color: RGBColor,
) -> Drawn
where
    DB::ErrorType: 'static,
{
    // No board value comes near; a log edited by hand may (plotters' integer axes overflow).
    let value = |v: i64| v.clamp(-FAR, FAR);
    let lo = s.points.iter().map(|p| value(p.value)).min().unwrap_or(0);
    let hi = s.points.iter().map(|p| value(p.value)).max().unwrap_or(0);
    let pad = (hi.saturating_sub(lo) / 10).max(1);
    let (lo, hi) = (lo.saturating_sub(pad), hi.saturating_add(pad));
    let mut chart = ChartBuilder::on(area)
        .caption(clean(&s.label), ("sans-serif", 15))
        .margin(8)
        .x_label_area_size(32)
        .y_label_area_size(40)
        .build_cartesian_2d(first..last, lo..hi)?;
    chart
        .configure_mesh()
        .x_labels((last - first + 1).min(MAX_LABELS) as usize)
        .x_desc("turn")
        .x_label_formatter(&|t| t.to_string())
        .light_line_style(WHITE)
        .draw()?;
    let points = thinned(&s.points);
    // A dot at each value, while each is drawn.
    let dots = if points.len() == s.points.len() { 3 } else { 0 };
    let points = points.into_iter().map(|p| (p.turn, value(p.value)));
    chart.draw_series(LineSeries::new(points, color.stroke_width(2)).point_size(dots))?;
    Ok(())
}

/// At most [`MAX_POINTS`] of the points: all of them, or of each stretch of turns its lowest
/// and its highest value, in turn order.
fn thinned(points: &[super::Point]) -> Vec<super::Point> {
    if points.len() <= MAX_POINTS {
        return points.to_vec();
    }
    let per = points.len().div_ceil(MAX_POINTS / 2);
    let mut out = Vec::with_capacity(MAX_POINTS);
    for stretch in points.chunks(per) {
        let lo = stretch.iter().min_by_key(|p| p.value);
        let hi = stretch.iter().max_by_key(|p| p.value);
        if let (Some(lo), Some(hi)) = (lo, hi) {
            let (a, b) = if lo.turn <= hi.turn {
                (lo, hi)
            } else {
                (hi, lo)
            };
            out.push(*a);
            if b.turn != a.turn {
                out.push(*b);
            }
        }
    }
    out
}

/// The longest title or label drawn.
const TEXT: usize = 60;

/// Text from a book as a plot shows it: no control character, nor any other XML has no room
/// for (U+FFFE, U+FFFF), cut short. plotters escapes the markup characters.
fn clean(text: &str) -> String {
    let shown = |c: &char| !c.is_control() && !super::html::not_xml(*c);
    let mut out: String = text.chars().filter(shown).take(TEXT).collect();
    if text.chars().filter(shown).count() > TEXT {
        out.pop();
        out.push('…');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::Point;

    #[test]
    fn a_books_text_cannot_break_the_svg() {
        let s = Series {
            chart: "c".into(),
            key: "k".into(),
            side: None,
            label: "<b>&\u{1}\u{1b}]0;x\u{7}\u{FFFE}\u{FFFF}".into(),
            stretch: 1,
            points: vec![Point { turn: 1, value: 2 }, Point { turn: 2, value: -3 }],
        };
        let svg = plots(&"t".repeat(500), &[s]).unwrap().unwrap();
        assert!(svg.contains("&lt;b&gt;&amp;]0;x"), "{svg}");
        assert!(!svg.chars().any(|c| c.is_control() && c != '\n'));
        assert!(!svg.contains(['\u{FFFE}', '\u{FFFF}']), "{svg}");
        assert!(svg.contains(&format!("{}…", "t".repeat(TEXT - 1))));
    }

    #[test]
    fn the_svg_of_a_long_game_stays_small() {
        // 200,000 turns of two numbers, and 200 numbers: a panel draws at most MAX_POINTS
        // values, and at most MAX_PLOTS panels are drawn.
        let long = |key: &str| Series {
            chart: "c".into(),
            key: key.into(),
            side: None,
            label: key.into(),
            stretch: 1,
            points: (1..=200_000)
                .map(|t| Point {
                    turn: t,
                    value: i64::from(t % 13),
                })
                .collect(),
        };
        let mut many = vec![long("a"), long("b")];
        many.extend((0..200).map(|i| Series {
            points: vec![Point { turn: 1, value: 1 }, Point { turn: 2, value: i }],
            ..long(&format!("k{i}"))
        }));
        let svg = plots("t", &many).unwrap().unwrap();
        assert!(svg.len() < 4 * 1024 * 1024, "{} bytes", svg.len());
        let thin = thinned(&many[0].points);
        assert!(thin.len() <= MAX_POINTS);
        assert!(thin.windows(2).all(|w| w[0].turn < w[1].turn));
        assert_eq!(thin.iter().map(|p| p.value).max(), Some(12));
    }
}
