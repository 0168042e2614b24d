//! Reading a stream a line at a time without trusting it: the protocol
//! loops (`changeling uci`, `changeling xboard`) and the engines a match
//! drives read their input through [`read_line`], which keeps at most
//! [`MAX_LINE_BYTES`] of a line. A longer line is never held whole: what
//! comes after the limit is read and thrown away up to the newline, and
//! the line is answered as [`Line::TooLong`].

use std::io::{BufRead, ErrorKind};

/// The longest line kept, in bytes: far above any real command (a
/// `position ... moves` line of a long game is some kilobytes), far
/// below what would exhaust memory.
pub const MAX_LINE_BYTES: usize = 1 << 20;

/// One line read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Line {
    /// A line of UTF-8 text, without its line break (`\n` or `\r\n`).
    Text(String),
    /// A line that is not UTF-8 text.
    NotText,
    /// A line longer than the limit, read to its end and dropped.
    TooLong,
}

/// The next line of `input`, keeping at most `max` bytes of it; `None`
/// at the end of the input. A last line without a line break counts.
///
/// # Errors
///
/// Reading failed.
pub fn read_line(input: &mut impl BufRead, max: usize) -> std::io::Result<Option<Line>> {
    let mut kept: Vec<u8> = Vec::new();
    let mut too_long = false;
    let mut any = false;
    loop {
        let chunk = match input.fill_buf() {
            Ok(c) => c,
            Err(e) if e.kind() == ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if chunk.is_empty() {
            if !any {
                return Ok(None);
            }
            break;
        }
        any = true;
        let newline = chunk.iter().position(|&b| b == b'\n');
        let part = &chunk[..newline.unwrap_or(chunk.len())];
        if !too_long {
            if kept.len() + part.len() > max {
                too_long = true;
                kept = Vec::new();
            } else {
                kept.extend_from_slice(part);
            }
        }
        let used = newline.map_or(chunk.len(), |i| i + 1);
        input.consume(used);
        if newline.is_some() {
            break;
        }
    }
    if too_long {
        return Ok(Some(Line::TooLong));
    }
    if kept.last() == Some(&b'\r') {
        kept.pop();
    }
    Ok(Some(match String::from_utf8(kept) {
        Ok(s) => Line::Text(s),
        Err(_) => Line::NotText,
    }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::{BufReader, Read};

    fn all(input: &[u8], max: usize) -> Vec<Line> {
        let mut r = BufReader::with_capacity(4, input);
        let mut v = Vec::new();
        while let Some(l) = read_line(&mut r, max).unwrap() {
            v.push(l);
        }
        v
    }

    #[test]
    fn lines_are_split_kept_and_refused() {
        let text = |s: &str| Line::Text(s.to_string());
        assert_eq!(
            all(b"uci\r\nisready\n\nlast", 16),
            [text("uci"), text("isready"), text(""), text("last")]
        );
        assert_eq!(
            all(b"0123456789abcdef\n0123456789abcdefg\nquit\n", 16),
            [text("0123456789abcdef"), Line::TooLong, text("quit")]
        );
        assert_eq!(
            all(b"go\xff\xfe\nstop\n", 16),
            [Line::NotText, text("stop")]
        );
        assert!(all(b"", 16).is_empty());
    }

    /// Three gigabytes without a line break pass through in a buffer's
    /// worth of memory: the line is refused and the next one read.
    #[test]
    fn a_line_of_three_gigabytes_is_refused_without_being_held() {
        let huge = std::io::repeat(b'a')
            .take(3 << 30)
            .chain(&b"\nisready\n"[..]);
        let mut r = BufReader::with_capacity(1 << 16, huge);
        assert_eq!(
            read_line(&mut r, MAX_LINE_BYTES).unwrap(),
            Some(Line::TooLong)
        );
        assert_eq!(
            read_line(&mut r, MAX_LINE_BYTES).unwrap(),
            Some(Line::Text("isready".to_string()))
        );
        assert_eq!(read_line(&mut r, MAX_LINE_BYTES).unwrap(), None);
    }
}
