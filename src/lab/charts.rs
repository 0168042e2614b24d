//! The lab's charts, drawn as SVG by hand so that a report page holds
//! them inline: bars with their intervals.

use std::fmt::Write as _;

/// Bars (name, value, interval's ends) from 0 to `max`, with error
/// bars and a red line at `mark`; the axis in percent (`unit` `%`, the
/// values shares) or in the values themselves.
pub fn bar_chart(
    bars: &[(String, f64, f64, f64)],
    axis: &str,
    max: f64,
    mark: f64,
    unit: &str,
) -> String {
    let (w, h, left, top, bottom) = (90 * bars.len().max(1) + 70, 240.0, 50.0, 10.0, 200.0);
    let max = if max > 0.0 { max } else { 1.0 };
    let y = |v: f64| bottom - (bottom - top) * (v / max).clamp(0.0, 1.0);
    let mut s = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" font-size=\"11\">"
    );
    for t in [0.0, 0.25, 0.5, 0.75, 1.0].map(|t| t * max) {
        let _ = write!(
            s,
            "<line x1=\"{left}\" x2=\"{}\" y1=\"{1}\" y2=\"{1}\" stroke=\"{2}\"/><text x=\"{3}\" y=\"{4}\" text-anchor=\"end\">{5}</text>",
            w - 10,
            y(t),
            if (t - mark).abs() < 1e-9 {
                "#c33"
            } else {
                "#ddd"
            },
            left - 4.0,
            y(t) + 4.0,
            if unit == "%" {
                format!("{}%", (t * 100.0).round())
            } else {
                format!("{t:.1}{unit}")
            }
        );
    }
    for (i, (name, v, lo, hi)) in bars.iter().enumerate() {
        let x = left + 20.0 + 90.0 * i as f64;
        let _ = write!(
            s,
            "<rect x=\"{x}\" y=\"{}\" width=\"50\" height=\"{}\" fill=\"#3c5488\"/>\
             <line x1=\"{2}\" x2=\"{2}\" y1=\"{3}\" y2=\"{4}\" stroke=\"#000\"/>\
             <text x=\"{2}\" y=\"{5}\" text-anchor=\"middle\">{6}</text>",
            y(*v),
            bottom - y(*v),
            x + 25.0,
            y(*lo),
            y(*hi),
            bottom + 14.0,
            name
        );
    }
    let _ = write!(
        s,
        "<text x=\"12\" y=\"{}\" transform=\"rotate(-90 12 {0})\" text-anchor=\"middle\">{axis}</text></svg>",
        (top + bottom) / 2.0
    );
    s
}
