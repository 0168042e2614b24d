//! The reference's FEN reader and writer, in the engine's dialect (the
//! hands in brackets, the marker field, `roll:` and `pending:`), so that
//! child positions compare as text.

use super::*;

pub(super) fn parse(text: &str) -> Pos {
    let (main, markers) = match text.find('{') {
        Some(i) => {
            let j = text.find('}').expect("closed marker field");
            (
                format!("{} {}", &text[..i], &text[j + 1..]),
                &text[i + 1..j],
            )
        }
        None => (text.to_string(), ""),
    };
    let f: Vec<&str> = main.split_whitespace().collect();
    // The hands follow the placement in brackets: White's pieces (upper
    // case), then Black's.
    let (placement, hand_text) = match f[0].find('[') {
        Some(i) => (
            &f[0][..i],
            f[0][i + 1..].strip_suffix(']').expect("closed hands field"),
        ),
        None => (f[0], ""),
    };
    let mut b = [None; 64];
    let mut promoted = 0u64;
    for (i, row) in placement.split('/').enumerate() {
        let r = 7 - i;
        let mut c = 0;
        for ch in row.chars() {
            if let Some(d) = ch.to_digit(10) {
                c += d as usize;
            } else if ch == '~' {
                // The piece just read came from a promotion.
                promoted |= 1 << (r * 8 + c - 1);
            } else {
                assert!("PNBRQK".contains(ch.to_ascii_uppercase()), "piece {ch}");
                b[r * 8 + c] = Some((ch.to_ascii_uppercase() as u8, ch.is_ascii_uppercase()));
                c += 1;
            }
        }
        assert_eq!(c, 8, "rank {row}");
    }
    let mut hands = [[0u8; 5]; 2];
    for ch in hand_text.chars() {
        let side = usize::from(ch.is_ascii_lowercase());
        hands[side][hand_index(ch.to_ascii_uppercase() as u8)] += 1;
    }
    let white = f[1] == "w";
    // A right needs its king and rook on their squares.
    let cf = f.get(2).copied().unwrap_or("-");
    let mut castle = [false; 4];
    for (i, &(kf, _, rf, _, letter)) in CASTLING.iter().enumerate() {
        let w = i < 2;
        castle[i] = cf.contains(letter) && b[kf] == Some((b'K', w)) && b[rf] == Some((b'R', w));
    }
    let mut p = Pos {
        b,
        white,
        castle,
        ep: None,
        half: f.get(4).map_or(0, |h| h.parse().unwrap()),
        full: f.get(5).map_or(1, |h| h.parse().unwrap()),
        markers: Vec::new(),
        hands,
        promoted,
        roll: f
            .iter()
            .skip(6)
            .find_map(|t| t.strip_prefix("roll:"))
            .map(|n| n.parse().expect("a roll from 1 to 8")),
        pending: f
            .iter()
            .skip(6)
            .find_map(|t| t.strip_prefix("pending:"))
            .map(parse_sq),
    };
    for entry in markers.split_whitespace() {
        let (square, rest) = entry.split_once(':').unwrap();
        let up = rest.ends_with('+');
        let name = &rest[..rest.len() - 1];
        let m = MUTATORS.iter().find(|x| x.0 == name).expect("mutator").1;
        p.markers.push((parse_sq(square), m, up));
    }
    if let Some(&e) = f.get(3)
        && e != "-"
    {
        // The pawn that passed `e` stands one step further straight on,
        // unless the field names it after the square (`e3d4`, a Berolina
        // double step).
        let s = parse_sq(&e[..2]);
        let victim = if e.len() == 4 {
            parse_sq(&e[2..])
        } else {
            off(s, 0, if white { -1 } else { 1 }).unwrap()
        };
        if can_take_en_passant(&p, s, RULES) {
            p.ep = Some((s, victim));
        }
    }
    p
}

pub(super) const CASTLING: [(usize, usize, usize, usize, char); 4] = [
    // king from, king to, rook from, rook to, letter
    (4, 6, 7, 5, 'K'),
    (4, 2, 0, 3, 'Q'),
    (60, 62, 63, 61, 'k'),
    (60, 58, 56, 59, 'q'),
];

pub(super) fn fen(p: &Pos) -> String {
    let mut s = String::new();
    for r in (0..8).rev() {
        let mut empty = 0;
        for c in 0..8 {
            match p.b[r * 8 + c] {
                None => empty += 1,
                Some((k, w)) => {
                    if empty > 0 {
                        s.push_str(&empty.to_string());
                        empty = 0;
                    }
                    let ch = k as char;
                    s.push(if w { ch } else { ch.to_ascii_lowercase() });
                    if p.promoted >> (r * 8 + c) & 1 != 0 {
                        s.push('~');
                    }
                }
            }
        }
        if empty > 0 {
            s.push_str(&empty.to_string());
        }
        if r > 0 {
            s.push('/');
        }
    }
    s.push('[');
    for (side, hand) in p.hands.iter().enumerate() {
        for (i, &n) in hand.iter().enumerate() {
            let ch = HAND[i] as char;
            let ch = if side == 0 {
                ch
            } else {
                ch.to_ascii_lowercase()
            };
            s.extend(std::iter::repeat_n(ch, n as usize));
        }
    }
    s.push(']');
    s.push_str(if p.white { " w " } else { " b " });
    let mut c = String::new();
    for (i, &(kf, _, rf, _, letter)) in CASTLING.iter().enumerate() {
        let w = i < 2;
        if p.castle[i] && p.b[kf] == Some((b'K', w)) && p.b[rf] == Some((b'R', w)) {
            c.push(letter);
        }
    }
    s.push_str(if c.is_empty() { "-" } else { &c });
    s.push(' ');
    match p.ep {
        Some((e, v)) => {
            s.push_str(&sq_name(e));
            if file(v) != file(e) {
                s.push_str(&sq_name(v));
            }
        }
        None => s.push('-'),
    }
    s.push_str(&format!(" {} {}", p.half, p.full));
    if !p.markers.is_empty() {
        let list: Vec<String> = p
            .markers
            .iter()
            .map(|&(q, m, up)| {
                format!(
                    "{}:{}{}",
                    sq_name(q),
                    mutator_name(m),
                    if up { '+' } else { '-' }
                )
            })
            .collect();
        s.push_str(&format!(" {{{}}}", list.join(" ")));
    }
    if let Some(n) = p.roll {
        s.push_str(&format!(" roll:{n}"));
    }
    if let Some(q) = p.pending {
        s.push_str(&format!(" pending:{}", sq_name(q)));
    }
    s
}
