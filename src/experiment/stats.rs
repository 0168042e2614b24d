//! Aggregation helpers for experiment scripts: counts, means, histograms,
//! proportions and win/draw/loss with 95% confidence intervals; and the
//! summary of a run whose script has no `summarize(rows)`.

use rhai::{Array, Dynamic, Engine, EvalAltResult, FLOAT, INT, Map};

type Fallible<T> = Result<T, Box<EvalAltResult>>;

/// z for a two-sided 95% interval.
const Z95: f64 = 1.959_963_984_540_054;

fn number(v: &Dynamic) -> Fallible<f64> {
    if let Ok(i) = v.as_int() {
        Ok(i as f64)
    } else if let Ok(f) = v.as_float() {
        Ok(f)
    } else if let Ok(b) = v.as_bool() {
        Ok(if b { 1.0 } else { 0.0 })
    } else {
        Err(format!("`{v}` ({}) is not a number", v.type_name()).into())
    }
}

fn numbers(values: &Array) -> Fallible<Vec<f64>> {
    values.iter().filter(|v| !v.is_unit()).map(number).collect()
}

/// The mean of the numbers (booleans count 0 and 1; units are skipped);
/// `()` for none.
pub fn mean(values: Array) -> Fallible<Dynamic> {
    let v = numbers(&values)?;
    Ok(if v.is_empty() {
        Dynamic::UNIT
    } else {
        Dynamic::from_float(v.iter().sum::<f64>() / v.len() as f64)
    })
}

/// The sample standard deviation; `()` for fewer than two numbers.
fn sd(values: Array) -> Fallible<Dynamic> {
    let v = numbers(&values)?;
    if v.len() < 2 {
        return Ok(Dynamic::UNIT);
    }
    let m = v.iter().sum::<f64>() / v.len() as f64;
    let var = v.iter().map(|x| (x - m) * (x - m)).sum::<f64>() / (v.len() - 1) as f64;
    Ok(Dynamic::from_float(var.sqrt()))
}

/// The median; `()` for none.
fn median(values: Array) -> Fallible<Dynamic> {
    let mut v = numbers(&values)?;
    if v.is_empty() {
        return Ok(Dynamic::UNIT);
    }
    v.sort_by(f64::total_cmp);
    let n = v.len();
    Ok(Dynamic::from_float(if n % 2 == 1 {
        v[n / 2]
    } else {
        (v[n / 2 - 1] + v[n / 2]) / 2.0
    }))
}

/// The sum: an integer when every value is one (and the sum fits in
/// one), else a float.
fn sum(values: Array) -> Fallible<Dynamic> {
    if values.iter().all(|v| v.is_int()) {
        let total = values
            .iter()
            .try_fold(0 as INT, |t, v| t.checked_add(v.as_int().unwrap_or(0)));
        if let Some(total) = total {
            return Ok(Dynamic::from_int(total));
        }
    }
    Ok(Dynamic::from_float(numbers(&values)?.iter().sum()))
}

/// The text a value is grouped or counted under.
fn key_of(v: &Dynamic) -> String {
    if v.is_unit() {
        "null".to_string()
    } else {
        v.to_string()
    }
}

/// How many values equal `value`.
fn count(values: Array, value: Dynamic) -> INT {
    let k = key_of(&value);
    let same_type = |v: &Dynamic| v.type_name() == value.type_name();
    values
        .iter()
        .filter(|v| same_type(v) && key_of(v) == k)
        .count() as INT
}

/// How many values are `true`.
fn count_true(values: Array) -> INT {
    values.iter().filter(|v| v.as_bool() == Ok(true)).count() as INT
}

/// How often each value occurs, keyed by its text.
fn histogram(values: Array) -> Map {
    let mut m = Map::new();
    for v in &values {
        let e = m.entry(key_of(v).into()).or_insert(Dynamic::from_int(0));
        *e = Dynamic::from_int(e.as_int().unwrap_or(0) + 1);
    }
    m
}

/// Numbers in bins of `width`: an array of `#{from, to, count}` from the
/// lowest bin to the highest, empty bins included (`to` excluded).
fn histogram_bins(values: Array, width: Dynamic) -> Fallible<Array> {
    let w = number(&width)?;
    if w <= 0.0 || !w.is_finite() {
        return Err("a histogram's bin width must be a positive number".into());
    }
    let v = numbers(&values)?;
    if let Some(x) = v.iter().find(|x| !x.is_finite()) {
        return Err(format!("histogram: {x} cannot go in a bin").into());
    }
    let Some(lo) = v.iter().copied().reduce(f64::min) else {
        return Ok(Array::new());
    };
    let hi = v.iter().copied().fold(lo, f64::max);
    // Bin numbers as floats first: far apart values or a tiny width
    // give more bins than any i64 holds.
    let (first, last) = ((lo / w).floor(), (hi / w).floor());
    let span = last - first;
    if span.is_nan() || span > MAX_BINS as f64 {
        return Err(format!("more than {MAX_BINS} bins: choose a wider bin").into());
    }
    let whole = width.as_int().ok();
    let edge = |b: f64| -> Fallible<Dynamic> {
        match whole {
            Some(wi) => {
                let bi = b as INT;
                bi.checked_mul(wi).map(Dynamic::from_int).ok_or_else(|| {
                    format!("a bin edge of {bi} * {wi} is beyond the whole numbers").into()
                })
            }
            None => Ok(Dynamic::from_float(b * w)),
        }
    };
    let bins = (last - first) as usize + 1;
    let mut counts = vec![0 as INT; bins];
    for x in &v {
        let i = ((x / w).floor() - first) as usize;
        counts[i.min(bins - 1)] += 1;
    }
    counts
        .into_iter()
        .enumerate()
        .map(|(i, c)| {
            let b = first + i as f64;
            let mut m = Map::new();
            m.insert("from".into(), edge(b)?);
            m.insert("to".into(), edge(b + 1.0)?);
            m.insert("count".into(), Dynamic::from_int(c));
            Ok(Dynamic::from_map(m))
        })
        .collect()
}

/// The most bins `histogram(values, width)` makes.
const MAX_BINS: usize = 100_000;

/// `k` of `n` with its Wilson 95% interval: `#{k, n, p, low, high}`.
pub fn proportion(k: INT, n: INT) -> Fallible<Map> {
    if n < 0 || k < 0 || k > n {
        return Err(format!("proportion({k}, {n}): need 0 <= k <= n").into());
    }
    let mut m = Map::new();
    m.insert("k".into(), Dynamic::from_int(k));
    m.insert("n".into(), Dynamic::from_int(n));
    if n == 0 {
        for key in ["p", "low", "high"] {
            m.insert(key.into(), Dynamic::UNIT);
        }
        return Ok(m);
    }
    let w = wilson(k as u64, n as u64).unwrap_or_default();
    m.insert("p".into(), Dynamic::from_float(round6(w.p)));
    m.insert("low".into(), Dynamic::from_float(round6(w.low)));
    m.insert("high".into(), Dynamic::from_float(round6(w.high)));
    Ok(m)
}

/// A share with its 95% interval, each from 0 to 1.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Interval {
    /// The observed share, k / n.
    pub p: f64,
    /// The interval's lower end.
    pub low: f64,
    /// The interval's upper end.
    pub high: f64,
}

/// `k` of `n` with its Wilson score 95% interval; `None` when `n` is 0
/// or `k > n`.
///
/// Wilson's interval rather than the normal approximation: it stays
/// within 0 and 1 and keeps its coverage for the small counts and the
/// shares near 0 or 1 (a side that never wins) that experiments give.
pub fn wilson(k: u64, n: u64) -> Option<Interval> {
    if n == 0 || k > n {
        return None;
    }
    let (kf, nf) = (k as f64, n as f64);
    let p = kf / nf;
    let z2 = Z95 * Z95;
    let centre = (p + z2 / (2.0 * nf)) / (1.0 + z2 / nf);
    let half = Z95 / (1.0 + z2 / nf) * (p * (1.0 - p) / nf + z2 / (4.0 * nf * nf)).sqrt();
    Some(Interval {
        p,
        low: (centre - half).max(0.0),
        high: (centre + half).min(1.0),
    })
}

/// Rounds to six decimals, so summaries print briefly.
fn round6(x: f64) -> FLOAT {
    (x * 1e6).round() / 1e6
}

/// Results (`"1-0"`, `"0-1"`, `"1/2-1/2"`; anything else is unfinished)
/// counted, with White's score (a draw half a point) and its 95% interval
/// (normal approximation over the finished games), and the decisive
/// share with its Wilson interval.
pub fn wdl(results: Array) -> Map {
    let (mut w, mut d, mut b, mut other) = (0 as INT, 0 as INT, 0 as INT, 0 as INT);
    for r in &results {
        match r.to_string().as_str() {
            "1-0" => w += 1,
            "0-1" => b += 1,
            "1/2-1/2" => d += 1,
            _ => other += 1,
        }
    }
    let n = w + d + b;
    let mut m = Map::new();
    m.insert("white".into(), Dynamic::from_int(w));
    m.insert("draws".into(), Dynamic::from_int(d));
    m.insert("black".into(), Dynamic::from_int(b));
    m.insert("unfinished".into(), Dynamic::from_int(other));
    if n == 0 {
        for key in ["white_score", "score_low", "score_high"] {
            m.insert(key.into(), Dynamic::UNIT);
        }
    } else {
        let nf = n as f64;
        let s = (w as f64 + 0.5 * d as f64) / nf;
        let var =
            (w as f64 * (1.0 - s).powi(2) + d as f64 * (0.5 - s).powi(2) + b as f64 * s * s) / nf;
        let half = Z95 * (var / nf).sqrt();
        m.insert("white_score".into(), Dynamic::from_float(round6(s)));
        m.insert(
            "score_low".into(),
            Dynamic::from_float(round6((s - half).max(0.0))),
        );
        m.insert(
            "score_high".into(),
            Dynamic::from_float(round6((s + half).min(1.0))),
        );
    }
    if let Ok(p) = proportion(w + b, n) {
        m.insert("decisive".into(), Dynamic::from_map(p));
    }
    m
}

/// The value under `key` of every row (a map); `()` where a row lacks it.
fn column(rows: Array, key: &str) -> Array {
    rows.iter()
        .map(|r| {
            r.read_lock::<Map>()
                .and_then(|m| m.get(key).cloned())
                .unwrap_or(Dynamic::UNIT)
        })
        .collect()
}

/// The rows grouped by the text of their value under `key`.
fn group_by(rows: Array, key: &str) -> Map {
    let mut m = Map::new();
    for r in rows {
        let k = r
            .read_lock::<Map>()
            .and_then(|m| m.get(key).map(key_of))
            .unwrap_or_else(|| "null".to_string());
        let e = m
            .entry(k.into())
            .or_insert_with(|| Dynamic::from_array(Array::new()));
        if let Some(mut a) = e.write_lock::<Array>() {
            a.push(r);
        }
    }
    m
}

/// Makes the helpers callable from scripts.
pub fn register(engine: &mut Engine) {
    engine
        .register_fn("mean", mean)
        .register_fn("sd", sd)
        .register_fn("median", median)
        .register_fn("sum", sum)
        .register_fn("count", count)
        .register_fn("count", count_true)
        .register_fn("histogram", histogram)
        .register_fn("histogram", histogram_bins)
        .register_fn("proportion", proportion)
        .register_fn("wdl", wdl)
        .register_fn("column", column)
        .register_fn("group_by", group_by);
}

/// Without `summarize`: the number of rows, win/draw/loss of a `result`
/// column, the mean of every numeric column and the counts of every other.
pub fn default_summary(rows: &Array) -> Map {
    let mut keys = std::collections::BTreeSet::new();
    for r in rows {
        if let Some(m) = r.read_lock::<Map>() {
            keys.extend(m.keys().cloned());
        }
    }
    let mut summary = Map::new();
    summary.insert("rows".into(), Dynamic::from_int(rows.len() as INT));
    let column = |k: &str| -> Array {
        rows.iter()
            .filter_map(|r| r.read_lock::<Map>().and_then(|m| m.get(k).cloned()))
            .collect()
    };
    for k in keys {
        let values = column(&k);
        let numeric = values.iter().all(|v| v.is_int() || v.is_float());
        let entry = if k == "result" {
            Dynamic::from_map(wdl(values))
        } else if numeric {
            mean(values).unwrap_or(Dynamic::UNIT)
        } else {
            let mut counts = Map::new();
            for v in values.iter().filter(|v| !v.is_map() && !v.is_array()) {
                let key = if v.is_unit() {
                    "null".to_string()
                } else {
                    v.to_string()
                };
                let c = counts.entry(key.into()).or_insert(Dynamic::from_int(0));
                *c = Dynamic::from_int(c.as_int().unwrap_or(0) + 1);
            }
            Dynamic::from_map(counts)
        };
        summary.insert(k, entry);
    }
    summary
}

#[cfg(test)]
mod tests {
    use super::*;

    fn arr(v: &[i64]) -> Array {
        v.iter().map(|&i| Dynamic::from_int(i)).collect()
    }

    #[test]
    fn wilson_interval_of_a_known_case() {
        // 8 of 10: Wilson 95% interval 0.490 to 0.943.
        let m = proportion(8, 10).unwrap();
        assert_eq!(m["low"].as_float().unwrap(), 0.490_162);
        assert_eq!(m["high"].as_float().unwrap(), 0.943_318);
    }

    #[test]
    fn wilson_interval_at_the_edges() {
        // None of 20: from 0 to 0.161 (the rule of three gives 0.15).
        let none = wilson(0, 20).unwrap();
        assert_eq!((none.p, none.low), (0.0, 0.0));
        assert!((none.high - 0.161_125).abs() < 1e-6, "{}", none.high);
        let all = wilson(20, 20).unwrap();
        assert_eq!((all.p, all.high), (1.0, 1.0));
        assert!((all.low - 0.838_875).abs() < 1e-6, "{}", all.low);
        assert_eq!(wilson(0, 0), None);
        assert_eq!(wilson(3, 2), None);
    }

    #[test]
    fn wdl_counts_and_scores() {
        let r: Array = ["1-0", "1-0", "1/2-1/2", "0-1", "*"]
            .iter()
            .map(|s| Dynamic::from(s.to_string()))
            .collect();
        let m = wdl(r);
        assert_eq!(m["white"].as_int().unwrap(), 2);
        assert_eq!(m["draws"].as_int().unwrap(), 1);
        assert_eq!(m["black"].as_int().unwrap(), 1);
        assert_eq!(m["unfinished"].as_int().unwrap(), 1);
        assert_eq!(m["white_score"].as_float().unwrap(), 0.625);
    }

    #[test]
    fn means_medians_and_bins() {
        assert_eq!(mean(arr(&[1, 2, 6])).unwrap().as_float().unwrap(), 3.0);
        assert_eq!(median(arr(&[5, 1, 2, 6])).unwrap().as_float().unwrap(), 3.5);
        assert_eq!(sum(arr(&[5, 1])).unwrap().as_int().unwrap(), 6);
        assert_eq!(count(arr(&[5, 1, 5]), Dynamic::from_int(5)), 2);
        let bins = histogram_bins(arr(&[3, 12, 14, 31]), Dynamic::from_int(10)).unwrap();
        let counts: Vec<i64> = bins
            .iter()
            .map(|b| b.read_lock::<Map>().unwrap()["count"].as_int().unwrap())
            .collect();
        assert_eq!(counts, vec![1, 2, 0, 1]);
        assert_eq!(histogram(arr(&[2, 2, 7]))["2"].as_int().unwrap(), 2);
    }
}
