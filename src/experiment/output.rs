//! Writing results: JSON (one value per line, keys in order, floats in
//! their shortest exact form, so equal results are equal bytes) and CSV;
//! reading the JSON back (for `merge`). serde_json writes and reads the
//! JSON; this module says how rhai values map onto it.
//!
//! JSON has no NaN or infinity: they are written as the bare words
//! `NaN`, `Infinity` and `-Infinity` (as Python's `json` module writes
//! and reads them), and read back as those floats, so that a merged run
//! is the run itself. serde_json knows neither word. Writing, it hands
//! such a float to its formatter as a `null`, and the formatter writes
//! the word the value left with the `JsonWriter` instead. Reading,
//! [`parse_object`] first turns each word into a `null`, noting which
//! `null` each was, and turns them back as serde_json hands the values
//! over, which it does in the order they are written.

use rhai::{Array, Dynamic, FLOAT, INT, ImmutableString, Map};
use serde::de::{self, DeserializeSeed, MapAccess, SeqAccess, Visitor};
use serde::{Serialize, Serializer};
use serde_json::ser::{CharEscape, Formatter};
use std::cell::Cell;
use std::fmt;
use std::io;

/// `value` as compact JSON. Unit is `null`; values of other types (a
/// Record, a Variant) are written as their text.
pub fn json(value: &Dynamic) -> String {
    let writer = JsonWriter::default();
    writer.write(&writer.value(value))
}

/// A float in its shortest exact form, always with a point or an
/// exponent so that it reads back as a float; `NaN`, `Infinity` or
/// `-Infinity` when not finite.
pub fn float(f: f64) -> String {
    if let Some(word) = word(f) {
        return word.to_string();
    }
    let t = format!("{f:?}");
    match t.find('e') {
        Some(i) if !t[..i].contains('.') => format!("{}.0{}", &t[..i], &t[i..]),
        _ => t,
    }
}

/// The bare word of a float that is not finite.
fn word(f: f64) -> Option<&'static str> {
    if f.is_nan() {
        Some("NaN")
    } else if f.is_infinite() {
        Some(if f > 0.0 { "Infinity" } else { "-Infinity" })
    } else {
        None
    }
}

/// Writes rhai values as JSON through serde_json: compact, floats as
/// [`float`] writes them. The values it makes ([`JsonWriter::value`],
/// [`JsonWriter::map`]) tell it, through `bare`, which word to write for
/// the `null` serde_json puts in place of a float that is not finite.
#[derive(Debug, Default)]
pub(super) struct JsonWriter {
    bare: Cell<Option<&'static str>>,
}

impl JsonWriter {
    /// `value`, to be written by this writer.
    pub(super) fn value<'a>(&'a self, value: &'a Dynamic) -> Json<'a> {
        Json {
            value,
            writer: self,
        }
    }

    /// `map`, to be written by this writer as an object, keys in order.
    pub(super) fn map<'a>(&'a self, map: &'a Map) -> JsonMap<'a> {
        JsonMap { map, writer: self }
    }

    /// `value` as one line of JSON.
    ///
    /// # Panics
    ///
    /// Never for the values of this module and the derived lines made of
    /// them: their keys are text and the output is memory.
    pub(super) fn write(&self, value: &impl Serialize) -> String {
        let mut out = Vec::new();
        let mut json = serde_json::Serializer::with_formatter(&mut out, Words { bare: &self.bare });
        value
            .serialize(&mut json)
            .expect("JSON of text keys and rhai values, written to memory");
        String::from_utf8(out).expect("serde_json writes UTF-8")
    }
}

/// A rhai value as serde sees it, to be written by its [`JsonWriter`].
#[derive(Clone, Copy)]
pub(super) struct Json<'a> {
    value: &'a Dynamic,
    writer: &'a JsonWriter,
}

/// A rhai map as serde sees it (an object, keys in order), to be written
/// by its [`JsonWriter`].
#[derive(Clone, Copy)]
pub(super) struct JsonMap<'a> {
    map: &'a Map,
    writer: &'a JsonWriter,
}

impl Serialize for Json<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let v = self.value;
        if v.is_unit() {
            s.serialize_unit()
        } else if let Ok(b) = v.as_bool() {
            s.serialize_bool(b)
        } else if let Ok(i) = v.as_int() {
            s.serialize_i64(i)
        } else if let Ok(f) = v.as_float() {
            // For a float that is not finite serde_json writes a `null`,
            // and `Words` writes the word left here instead; the word is
            // cleared at once, so that no other `null` gets it.
            self.writer.bare.set(word(f));
            let done = s.serialize_f64(f);
            self.writer.bare.set(None);
            done
        } else if let Some(text) = v.read_lock::<ImmutableString>() {
            s.serialize_str(&text)
        } else if let Some(a) = v.read_lock::<Array>() {
            s.collect_seq(a.iter().map(|x| self.writer.value(x)))
        } else if let Some(m) = v.read_lock::<Map>() {
            self.writer.map(&m).serialize(s)
        } else {
            // A character, and values of other types, as their text.
            s.collect_str(v)
        }
    }
}

impl Serialize for JsonMap<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_map(
            self.map
                .iter()
                .map(|(k, v)| (k.as_str(), self.writer.value(v))),
        )
    }
}

/// serde_json's compact form with three changes: floats as [`float`]
/// writes them; a `null` standing for a float that is not finite as
/// its word; control characters other than tab, line feed and carriage
/// return as `\u00XX`.
struct Words<'a> {
    bare: &'a Cell<Option<&'static str>>,
}

impl Formatter for Words<'_> {
    fn write_null<W: ?Sized + io::Write>(&mut self, w: &mut W) -> io::Result<()> {
        w.write_all(self.bare.take().unwrap_or("null").as_bytes())
    }

    fn write_f64<W: ?Sized + io::Write>(&mut self, w: &mut W, value: f64) -> io::Result<()> {
        w.write_all(float(value).as_bytes())
    }

    fn write_char_escape<W: ?Sized + io::Write>(
        &mut self,
        w: &mut W,
        escape: CharEscape,
    ) -> io::Result<()> {
        let text: &[u8] = match escape {
            CharEscape::Quote => b"\\\"",
            CharEscape::ReverseSolidus => b"\\\\",
            CharEscape::Solidus => b"\\/",
            CharEscape::LineFeed => b"\\n",
            CharEscape::CarriageReturn => b"\\r",
            CharEscape::Tab => b"\\t",
            CharEscape::Backspace => b"\\u0008",
            CharEscape::FormFeed => b"\\u000c",
            CharEscape::AsciiControl(c) => return write!(w, "\\u{c:04x}"),
        };
        w.write_all(text)
    }
}

/// The text of `value` in a CSV cell: text as it is, numbers (floats as
/// [`float`] writes them) and booleans plainly, nested values as JSON,
/// nothing for `()`. Quoting is the table's.
pub fn cell(value: &Dynamic) -> String {
    if value.is_unit() {
        String::new()
    } else if value.is_string() || value.is_char() {
        value.to_string()
    } else if let Ok(f) = value.as_float() {
        float(f)
    } else if value.is_array() || value.is_map() {
        json(value)
    } else {
        value.to_string()
    }
}

/// A CSV table written to memory by the csv crate: a field is quoted
/// when it holds a comma, a quote or a line break (its quotes doubled),
/// and each record ends with `\n`.
#[derive(Debug)]
pub(super) struct CsvTable(csv::Writer<Vec<u8>>);

impl CsvTable {
    pub(super) fn new() -> CsvTable {
        // Flexible: records of different lengths are written as they are.
        CsvTable(
            csv::WriterBuilder::new()
                .flexible(true)
                .from_writer(Vec::new()),
        )
    }

    /// Writes a record of `fields`.
    ///
    /// # Panics
    ///
    /// Never: a flexible table takes records of any length, and the
    /// output is memory.
    pub(super) fn record<T: AsRef<[u8]>>(&mut self, fields: impl IntoIterator<Item = T>) {
        self.0
            .write_record(fields)
            .expect("a flexible CSV table written to memory");
    }

    /// The table's text.
    pub(super) fn finish(self) -> String {
        let bytes = self
            .0
            .into_inner()
            .expect("a CSV table written to memory flushes");
        String::from_utf8(bytes).expect("records of text give text")
    }
}

/// A map flattened into `(dotted key, value)` pairs, for a CSV summary:
/// a map's keys and an array's indices (from 0) join the path, so every
/// value left is plain; an empty map or array is `()`, an empty cell.
pub fn flatten(prefix: &str, value: &Dynamic, out: &mut Vec<(String, Dynamic)>) {
    let key = |k: &str| {
        if prefix.is_empty() {
            k.to_string()
        } else {
            format!("{prefix}.{k}")
        }
    };
    if let Some(map) = value.read_lock::<Map>() {
        for (k, v) in map.iter() {
            flatten(&key(k), v, out);
        }
        if map.is_empty() && !prefix.is_empty() {
            out.push((prefix.to_string(), Dynamic::UNIT));
        }
    } else if let Some(list) = value.read_lock::<Array>() {
        for (i, v) in list.iter().enumerate() {
            flatten(&key(&i.to_string()), v, out);
        }
        if list.is_empty() && !prefix.is_empty() {
            out.push((prefix.to_string(), Dynamic::UNIT));
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
    let swapped = Swapped::new(text);
    let next = Cell::new(0);
    let reading = Reading {
        depth: 0,
        nulls: &swapped.nulls,
        next: &next,
    };
    let mut json = serde_json::Deserializer::from_str(&swapped.text);
    let value = reading
        .deserialize(&mut json)
        .and_then(|v| json.end().map(|()| v))
        .map_err(|e| swapped.locate(&e))?;
    value
        .try_cast::<Map>()
        .ok_or_else(|| "not an object".to_string())
}

/// A text with each bare `NaN`, `Infinity` and `-Infinity` (outside
/// strings) turned into `null`, which serde_json reads.
struct Swapped {
    text: String,
    /// What each `null` of `text` stands for, in order: a float that is
    /// not finite, or `null` itself (`None`).
    nulls: Vec<Option<FLOAT>>,
    /// Where a word was swapped (a byte offset in `text`), and how many
    /// bytes longer `null` is than the word.
    shifts: Vec<(usize, isize)>,
}

impl Swapped {
    fn new(original: &str) -> Swapped {
        const WORDS: [(&str, Option<FLOAT>); 4] = [
            ("null", None),
            ("NaN", Some(FLOAT::NAN)),
            ("Infinity", Some(FLOAT::INFINITY)),
            ("-Infinity", Some(FLOAT::NEG_INFINITY)),
        ];
        let bytes = original.as_bytes();
        let mut s = Swapped {
            text: String::with_capacity(original.len()),
            nulls: Vec::new(),
            shifts: Vec::new(),
        };
        let (mut at, mut copied, mut in_string) = (0, 0, false);
        while at < bytes.len() {
            match bytes[at] {
                // An escape: the next byte is never a string's end.
                b'\\' if in_string => at += 1,
                b'"' => in_string = !in_string,
                _ if !in_string => {
                    let found = WORDS
                        .iter()
                        .find(|(w, _)| bytes[at..].starts_with(w.as_bytes()));
                    if let Some(&(word, value)) = found {
                        // Words are ASCII: `at` and `copied` fall between
                        // characters.
                        s.text.push_str(&original[copied..at]);
                        if value.is_some() {
                            s.shifts.push((s.text.len(), 4 - word.len() as isize));
                        }
                        s.text.push_str("null");
                        s.nulls.push(value);
                        at += word.len();
                        copied = at;
                        continue;
                    }
                }
                _ => {}
            }
            at += 1;
        }
        s.text.push_str(&original[copied..]);
        s
    }

    /// serde_json's message for `e`, with the column in the original
    /// text.
    fn locate(&self, e: &serde_json::Error) -> String {
        let message = e.to_string();
        let position = format!(" at line {} column {}", e.line(), e.column());
        let what = message.strip_suffix(&position).unwrap_or(&message);
        if e.line() == 0 {
            return what.to_string();
        }
        // The words swapped on the error's line, before its column.
        let line_start = match e.line() {
            1 => 0,
            n => self
                .text
                .match_indices('\n')
                .nth(n - 2)
                .map_or(0, |(i, _)| i + 1),
        };
        let at = line_start + e.column();
        let shift: isize = self
            .shifts
            .iter()
            .filter(|&&(i, _)| i >= line_start && i < at)
            .map(|&(_, d)| d)
            .sum();
        let column = e.column() as isize - shift;
        match e.line() {
            1 => format!("column {column}: {what}"),
            line => format!("line {line}, column {column}: {what}"),
        }
    }
}

/// Reads a JSON value into a rhai value, at nesting level `depth`, the
/// `null`s taken back from `nulls` in order (`next` is the next one's
/// index).
#[derive(Clone, Copy)]
struct Reading<'a> {
    depth: usize,
    nulls: &'a [Option<FLOAT>],
    next: &'a Cell<usize>,
}

impl Reading<'_> {
    fn deeper(self) -> Self {
        Reading {
            depth: self.depth + 1,
            ..self
        }
    }
}

impl<'de> DeserializeSeed<'de> for Reading<'_> {
    type Value = Dynamic;

    fn deserialize<D: de::Deserializer<'de>>(self, d: D) -> Result<Dynamic, D::Error> {
        if self.depth > MAX_READ_DEPTH {
            return Err(de::Error::custom(format!(
                "arrays and objects nest more than {MAX_READ_DEPTH} deep"
            )));
        }
        d.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for Reading<'_> {
    type Value = Dynamic;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a JSON value")
    }

    fn visit_bool<E>(self, b: bool) -> Result<Dynamic, E> {
        Ok(Dynamic::from_bool(b))
    }

    fn visit_i64<E>(self, i: i64) -> Result<Dynamic, E> {
        Ok(Dynamic::from_int(i))
    }

    /// Past the integers, a float.
    fn visit_u64<E>(self, u: u64) -> Result<Dynamic, E> {
        Ok(INT::try_from(u).map_or(Dynamic::from_float(u as FLOAT), Dynamic::from_int))
    }

    fn visit_f64<E>(self, f: f64) -> Result<Dynamic, E> {
        Ok(Dynamic::from_float(f))
    }

    fn visit_str<E>(self, s: &str) -> Result<Dynamic, E> {
        Ok(Dynamic::from(s.to_string()))
    }

    fn visit_unit<E>(self) -> Result<Dynamic, E> {
        let n = self.next.get();
        self.next.set(n + 1);
        Ok(match self.nulls.get(n) {
            Some(&Some(f)) => Dynamic::from_float(f),
            _ => Dynamic::UNIT,
        })
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Dynamic, A::Error> {
        let mut list = Array::new();
        while let Some(v) = seq.next_element_seed(self.deeper())? {
            list.push(v);
        }
        Ok(Dynamic::from_array(list))
    }

    fn visit_map<A: MapAccess<'de>>(self, mut entries: A) -> Result<Dynamic, A::Error> {
        let mut map = Map::new();
        while let Some(key) = entries.next_key::<String>()? {
            let v = entries.next_value_seed(self.deeper())?;
            map.insert(key.into(), v);
        }
        Ok(Dynamic::from_map(map))
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
    fn words_are_told_from_nulls_and_text() {
        // Bare words read as floats, in place; `null` stays `()`; the
        // same words inside strings stay text.
        let line = r#"{"a":[null,NaN,null,-Infinity],"b":"NaN","c":{"d":Infinity,"e":null},"f":"\"null\" NaN"}"#;
        let map = parse_object(line).unwrap();
        let a = map["a"].read_lock::<Array>().unwrap().clone();
        assert!(a[0].is_unit() && a[2].is_unit());
        assert!(a[1].as_float().unwrap().is_nan());
        assert_eq!(a[3].as_float().unwrap(), f64::NEG_INFINITY);
        assert_eq!(map["b"].to_string(), "NaN");
        assert_eq!(map["f"].to_string(), "\"null\" NaN");
        assert_eq!(json(&Dynamic::from_map(map)), line);
    }

    #[test]
    fn numbers_past_the_integers_read_as_floats() {
        let map = parse_object(r#"{"a":9223372036854775807,"b":9223372036854775808}"#).unwrap();
        assert_eq!(map["a"].as_int().unwrap(), i64::MAX);
        assert_eq!(map["b"].as_float().unwrap(), 9223372036854775808.0);
    }

    #[test]
    fn control_characters_are_escaped_by_code() {
        let text = Dynamic::from("\u{0}\u{8}\t\n\u{c}\r\u{1f}\u{7f}/");
        // DEL and `/` as they are.
        assert_eq!(
            json(&text),
            "\"\\u0000\\u0008\\t\\n\\u000c\\r\\u001f\u{7f}/\""
        );
        let map = parse_object(&format!("{{\"k\":{}}}", json(&text))).unwrap();
        assert_eq!(map["k"].to_string(), text.to_string());
    }

    #[test]
    fn errors_point_into_the_text_as_written() {
        // Column 16 is the `x`, however long the words before it.
        for (line, column) in [
            (r#"{"a":[NaN,NaN],x}"#, 16),
            (r#"{"a":[-Infinity],x}"#, 18),
            (r#"{"a":"NaN",   x}"#, 15),
        ] {
            let e = parse_object(line).unwrap_err();
            assert!(e.starts_with(&format!("column {column}: ")), "{line}: {e}");
        }
    }

    #[test]
    fn csv_cells_are_quoted_when_needed() {
        let mut table = CsvTable::new();
        let values = [
            Dynamic::from("a,b"),
            Dynamic::from("say \"hi\""),
            Dynamic::from(3_i64),
            Dynamic::UNIT,
            Dynamic::from_float(f64::NAN),
            Dynamic::from_float(f64::NEG_INFINITY),
        ];
        table.record(values.iter().map(cell));
        table.record(["x\ny", "x\ry", "plain"]);
        assert_eq!(
            table.finish(),
            "\"a,b\",\"say \"\"hi\"\"\",3,,NaN,-Infinity\n\"x\ny\",\"x\ry\",plain\n"
        );
    }
}
