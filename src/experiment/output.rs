//! Writing results: JSON (one value per line, keys in order, floats in
//! their shortest exact form, so equal results are equal bytes) and CSV.

use rhai::{Dynamic, Map};
use std::fmt::Write as _;

/// `value` as compact JSON. Unit, NaN and infinities are `null`; values
/// of other types (a Record, a Variant) are written as their text.
pub fn json(value: &Dynamic) -> String {
    let mut s = String::new();
    write_json(&mut s, value);
    s
}

fn write_json(s: &mut String, value: &Dynamic) {
    if value.is_unit() {
        s.push_str("null");
    } else if let Ok(b) = value.as_bool() {
        s.push_str(if b { "true" } else { "false" });
    } else if let Ok(i) = value.as_int() {
        let _ = write!(s, "{i}");
    } else if let Ok(f) = value.as_float() {
        s.push_str(&float(f));
    } else if value.is_string() || value.is_char() {
        quote(s, &value.to_string());
    } else if value.is_array() {
        s.push('[');
        for (i, v) in value
            .read_lock::<rhai::Array>()
            .into_iter()
            .flat_map(|a| a.clone())
            .enumerate()
        {
            if i > 0 {
                s.push(',');
            }
            write_json(s, &v);
        }
        s.push(']');
    } else if value.is_map() {
        if let Some(map) = value.read_lock::<Map>() {
            write_map(s, &map, &[]);
        }
    } else {
        quote(s, &value.to_string());
    }
}

/// Writes `{` `first` pairs (already JSON), then `map`'s entries `}`.
pub fn write_map(s: &mut String, map: &Map, first: &[(&str, String)]) {
    s.push('{');
    let mut sep = "";
    for (k, v) in first {
        s.push_str(sep);
        quote(s, k);
        s.push(':');
        s.push_str(v);
        sep = ",";
    }
    for (k, v) in map {
        s.push_str(sep);
        quote(s, k);
        s.push(':');
        write_json(s, v);
        sep = ",";
    }
    s.push('}');
}

/// A float in its shortest exact form, always with a point or an
/// exponent so that it reads back as a float; `null` when not finite.
pub fn float(f: f64) -> String {
    if !f.is_finite() {
        return "null".to_string();
    }
    let t = format!("{f:?}");
    match t.find('e') {
        Some(i) if !t[..i].contains('.') => format!("{}.0{}", &t[..i], &t[i..]),
        _ => t,
    }
}

/// `text` as a JSON string.
pub fn quote(s: &mut String, text: &str) {
    s.push('"');
    for c in text.chars() {
        match c {
            '"' => s.push_str("\\\""),
            '\\' => s.push_str("\\\\"),
            '\n' => s.push_str("\\n"),
            '\t' => s.push_str("\\t"),
            '\r' => s.push_str("\\r"),
            c if (c as u32) < 0x20 => {
                let _ = write!(s, "\\u{:04x}", c as u32);
            }
            c => s.push(c),
        }
    }
    s.push('"');
}

/// `value` as a CSV cell: text as it is, numbers and booleans plainly,
/// nested values as JSON; quoted when it holds a comma, a quote or a line
/// break.
pub fn csv_cell(value: &Dynamic) -> String {
    let text = if value.is_unit() {
        String::new()
    } else if value.is_string() || value.is_char() {
        value.to_string()
    } else if let Ok(f) = value.as_float() {
        if f.is_finite() {
            float(f)
        } else {
            String::new()
        }
    } else if value.is_array() || value.is_map() {
        json(value)
    } else {
        value.to_string()
    };
    if text.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", text.replace('"', "\"\""))
    } else {
        text
    }
}

/// A JSON value made readable: two-space indentation, one entry a line
/// (short arrays of scalars stay on one line).
pub fn pretty(value: &Dynamic) -> String {
    let mut s = String::new();
    write_pretty(&mut s, value, 0);
    s
}

fn write_pretty(s: &mut String, value: &Dynamic, indent: usize) {
    let pad = "  ".repeat(indent + 1);
    if let Some(map) = value.read_lock::<Map>() {
        if map.is_empty() {
            s.push_str("{}");
            return;
        }
        s.push_str("{\n");
        for (i, (k, v)) in map.iter().enumerate() {
            s.push_str(&pad);
            quote(s, k);
            s.push_str(": ");
            write_pretty(s, v, indent + 1);
            s.push_str(if i + 1 < map.len() { ",\n" } else { "\n" });
        }
        s.push_str(&"  ".repeat(indent));
        s.push('}');
    } else if let Some(arr) = value.read_lock::<rhai::Array>() {
        let flat = json(value);
        if flat.len() <= 60 || arr.iter().all(|v| !v.is_map() && !v.is_array()) {
            s.push_str(&flat);
            return;
        }
        s.push_str("[\n");
        for (i, v) in arr.iter().enumerate() {
            s.push_str(&pad);
            write_pretty(s, v, indent + 1);
            s.push_str(if i + 1 < arr.len() { ",\n" } else { "\n" });
        }
        s.push_str(&"  ".repeat(indent));
        s.push(']');
    } else {
        write_json(s, value);
    }
}

/// A map flattened into `(dotted key, value)` pairs, for a CSV summary.
pub fn flatten(prefix: &str, value: &Dynamic, out: &mut Vec<(String, Dynamic)>) {
    if let Some(map) = value.read_lock::<Map>() {
        for (k, v) in map.iter() {
            let key = if prefix.is_empty() {
                k.to_string()
            } else {
                format!("{prefix}.{k}")
            };
            flatten(&key, v, out);
        }
    } else {
        out.push((prefix.to_string(), value.clone()));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn floats_read_back_as_floats() {
        assert_eq!(float(1.0), "1.0");
        assert_eq!(float(0.1), "0.1");
        assert_eq!(float(1e-7), "1.0e-7");
        assert_eq!(float(2.5e20), "2.5e20");
        assert_eq!(float(f64::NAN), "null");
    }

    #[test]
    fn json_of_nested_values() {
        let mut m = Map::new();
        m.insert(
            "b".into(),
            Dynamic::from(vec![Dynamic::from(1_i64), Dynamic::UNIT]),
        );
        m.insert("a".into(), Dynamic::from("x\"y\n"));
        m.insert("c".into(), Dynamic::from(true));
        assert_eq!(
            json(&Dynamic::from(m)),
            r#"{"a":"x\"y\n","b":[1,null],"c":true}"#
        );
    }

    #[test]
    fn csv_cells_are_quoted_when_needed() {
        assert_eq!(csv_cell(&Dynamic::from("a,b")), "\"a,b\"");
        assert_eq!(csv_cell(&Dynamic::from("say \"hi\"")), "\"say \"\"hi\"\"\"");
        assert_eq!(csv_cell(&Dynamic::from(3_i64)), "3");
        assert_eq!(csv_cell(&Dynamic::UNIT), "");
    }
}
