//! Writing results: JSON (one value per line, keys in order, floats in
//! their shortest exact form, so equal results are equal bytes) and CSV;
//! reading the JSON back (for `merge`).
//!
//! JSON has no NaN or infinity: they are written as the bare words
//! `NaN`, `Infinity` and `-Infinity` (as Python's `json` module writes
//! and reads them), and read back as those floats, so that a merged run
//! is the run itself.

use rhai::{Array, Dynamic, FLOAT, INT, Map};
use std::fmt::Write as _;

/// `value` as compact JSON. Unit is `null`; values of other types (a
/// Record, a Variant) are written as their text.
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
/// exponent so that it reads back as a float; `NaN`, `Infinity` or
/// `-Infinity` when not finite.
pub fn float(f: f64) -> String {
    if f.is_nan() {
        return "NaN".to_string();
    }
    if f.is_infinite() {
        return if f > 0.0 { "Infinity" } else { "-Infinity" }.to_string();
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
        float(f)
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

/// How deep arrays and objects may nest in JSON that is read.
const MAX_READ_DEPTH: usize = 64;

/// Reads one JSON object (a line of a run's output) into a map: numbers
/// without a point or an exponent as integers, others as floats (`NaN`,
/// `Infinity` and `-Infinity` too), `null` as `()`.
///
/// # Errors
///
/// Anything but one JSON object, with the column where it goes wrong.
pub fn parse_object(text: &str) -> Result<Map, String> {
    let mut r = Reader {
        text: text.as_bytes(),
        at: 0,
    };
    r.blank();
    if r.peek() != Some(b'{') {
        return Err(r.fail("an object (`{`)"));
    }
    let value = r.value(0)?;
    r.blank();
    if r.at < r.text.len() {
        return Err(r.fail("the end of the line"));
    }
    value
        .try_cast::<Map>()
        .ok_or_else(|| "not an object".to_string())
}

struct Reader<'a> {
    text: &'a [u8],
    at: usize,
}

impl Reader<'_> {
    fn peek(&self) -> Option<u8> {
        self.text.get(self.at).copied()
    }

    fn blank(&mut self) {
        while matches!(self.peek(), Some(b' ' | b'\t' | b'\n' | b'\r')) {
            self.at += 1;
        }
    }

    fn fail(&self, wanted: &str) -> String {
        match self.peek() {
            Some(_) => format!("column {}: expected {wanted}", self.at + 1),
            None => format!("expected {wanted}, found the end of the line"),
        }
    }

    fn eat(&mut self, word: &str) -> bool {
        if self.text[self.at..].starts_with(word.as_bytes()) {
            self.at += word.len();
            true
        } else {
            false
        }
    }

    fn value(&mut self, depth: usize) -> Result<Dynamic, String> {
        if depth > MAX_READ_DEPTH {
            return Err(format!(
                "column {}: arrays and objects nest more than {MAX_READ_DEPTH} deep",
                self.at + 1
            ));
        }
        self.blank();
        match self.peek() {
            Some(b'{') => {
                self.at += 1;
                let mut map = Map::new();
                self.blank();
                if self.eat("}") {
                    return Ok(Dynamic::from_map(map));
                }
                loop {
                    self.blank();
                    if self.peek() != Some(b'"') {
                        return Err(self.fail("a key (a string)"));
                    }
                    let key = self.string()?;
                    self.blank();
                    if !self.eat(":") {
                        return Err(self.fail("`:`"));
                    }
                    let v = self.value(depth + 1)?;
                    map.insert(key.into(), v);
                    self.blank();
                    if self.eat("}") {
                        return Ok(Dynamic::from_map(map));
                    }
                    if !self.eat(",") {
                        return Err(self.fail("`,` or `}`"));
                    }
                }
            }
            Some(b'[') => {
                self.at += 1;
                let mut list = Array::new();
                self.blank();
                if self.eat("]") {
                    return Ok(Dynamic::from_array(list));
                }
                loop {
                    list.push(self.value(depth + 1)?);
                    self.blank();
                    if self.eat("]") {
                        return Ok(Dynamic::from_array(list));
                    }
                    if !self.eat(",") {
                        return Err(self.fail("`,` or `]`"));
                    }
                }
            }
            Some(b'"') => Ok(Dynamic::from(self.string()?)),
            _ if self.eat("true") => Ok(Dynamic::TRUE),
            _ if self.eat("false") => Ok(Dynamic::FALSE),
            _ if self.eat("null") => Ok(Dynamic::UNIT),
            _ if self.eat("NaN") => Ok(Dynamic::from_float(FLOAT::NAN)),
            _ if self.eat("Infinity") => Ok(Dynamic::from_float(FLOAT::INFINITY)),
            _ if self.eat("-Infinity") => Ok(Dynamic::from_float(FLOAT::NEG_INFINITY)),
            Some(b'-' | b'0'..=b'9') => self.number(),
            _ => Err(self.fail("a value")),
        }
    }

    fn number(&mut self) -> Result<Dynamic, String> {
        let start = self.at;
        while matches!(
            self.peek(),
            Some(b'-' | b'+' | b'.' | b'e' | b'E' | b'0'..=b'9')
        ) {
            self.at += 1;
        }
        let text = std::str::from_utf8(&self.text[start..self.at]).unwrap_or("");
        let bad = || format!("column {}: `{text}` is not a number", start + 1);
        let digits = text.strip_prefix('-').unwrap_or(text);
        if !digits.starts_with(|c: char| c.is_ascii_digit()) {
            return Err(bad());
        }
        if !text.contains(['.', 'e', 'E'])
            && let Ok(i) = text.parse::<INT>()
        {
            return Ok(Dynamic::from_int(i));
        }
        text.parse::<FLOAT>()
            .map(Dynamic::from_float)
            .map_err(|_| bad())
    }

    /// A string, the opening quote next.
    fn string(&mut self) -> Result<String, String> {
        let start = self.at;
        self.at += 1;
        let mut out: Vec<u8> = Vec::new();
        loop {
            let Some(c) = self.peek() else {
                return Err(format!("column {}: a string is not closed", start + 1));
            };
            self.at += 1;
            match c {
                b'"' => break,
                b'\\' => {
                    let Some(e) = self.peek() else {
                        return Err(format!("column {}: a string is not closed", start + 1));
                    };
                    self.at += 1;
                    let c = match e {
                        b'"' => '"',
                        b'\\' => '\\',
                        b'/' => '/',
                        b'b' => '\u{8}',
                        b'f' => '\u{c}',
                        b'n' => '\n',
                        b'r' => '\r',
                        b't' => '\t',
                        b'u' => self.escaped_char()?,
                        _ => return Err(format!("column {}: unknown escape", self.at)),
                    };
                    let mut buf = [0u8; 4];
                    out.extend_from_slice(c.encode_utf8(&mut buf).as_bytes());
                }
                c if c < 0x20 => {
                    return Err(format!(
                        "column {}: a control character in a string",
                        self.at
                    ));
                }
                c => out.push(c),
            }
        }
        String::from_utf8(out).map_err(|_| format!("column {}: a string is not UTF-8", start + 1))
    }

    fn hex4(&mut self) -> Result<u32, String> {
        let digits = self
            .text
            .get(self.at..self.at + 4)
            .and_then(|d| std::str::from_utf8(d).ok())
            .and_then(|d| u32::from_str_radix(d, 16).ok())
            .ok_or_else(|| format!("column {}: `\\u` needs four hex digits", self.at + 1))?;
        self.at += 4;
        Ok(digits)
    }

    /// The character of a `\uXXXX` escape (a surrogate pair: two).
    fn escaped_char(&mut self) -> Result<char, String> {
        let first = self.hex4()?;
        let code = if (0xD800..0xDC00).contains(&first) {
            if !self.eat("\\u") {
                return Err(format!("column {}: a lone surrogate", self.at + 1));
            }
            let second = self.hex4()?;
            if !(0xDC00..0xE000).contains(&second) {
                return Err(format!("column {}: a lone surrogate", self.at + 1));
            }
            0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00)
        } else {
            first
        };
        char::from_u32(code).ok_or_else(|| format!("column {}: not a character", self.at + 1))
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
        assert_eq!(float(f64::NAN), "NaN");
        assert_eq!(float(f64::INFINITY), "Infinity");
        assert_eq!(float(f64::NEG_INFINITY), "-Infinity");
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
    fn json_reads_back_what_it_writes() {
        let line = r#"{"a":[1,-2.5,1.0e-7,NaN,Infinity,-Infinity,null],"b":{"c":"x\"y\n\u00e9\ud83d\ude00"},"d":true,"e":-0.0}"#;
        let map = parse_object(line).unwrap();
        assert_eq!(
            json(&Dynamic::from_map(map.clone())),
            line.replace("\\u00e9", "\u{e9}")
                .replace("\\ud83d\\ude00", "\u{1f600}")
        );
        assert!(map["a"].read_lock::<Array>().unwrap()[0].is_int());
        assert!(
            map["a"].read_lock::<Array>().unwrap()[3]
                .as_float()
                .unwrap()
                .is_nan()
        );
        for bad in [
            "",
            "[1]",
            "{\"a\":}",
            "{\"a\":1,}",
            "{\"a\":1} x",
            "{\"a\":\"\\q\"}",
            "{\"a\":-}",
        ] {
            assert!(parse_object(bad).is_err(), "{bad}");
        }
        let deep = format!("{{\"a\":{}{}}}", "[".repeat(100), "]".repeat(100));
        assert!(
            parse_object(&deep)
                .unwrap_err()
                .contains("nest more than 64 deep")
        );
    }

    #[test]
    fn csv_cells_are_quoted_when_needed() {
        assert_eq!(csv_cell(&Dynamic::from("a,b")), "\"a,b\"");
        assert_eq!(csv_cell(&Dynamic::from("say \"hi\"")), "\"say \"\"hi\"\"\"");
        assert_eq!(csv_cell(&Dynamic::from(3_i64)), "3");
        assert_eq!(csv_cell(&Dynamic::UNIT), "");
        assert_eq!(csv_cell(&Dynamic::from_float(f64::NAN)), "NaN");
        assert_eq!(
            csv_cell(&Dynamic::from_float(f64::NEG_INFINITY)),
            "-Infinity"
        );
    }
}
