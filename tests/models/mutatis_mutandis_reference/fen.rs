//! The reference's FEN reader and writer, in the engine's dialect
//! (reserves, cornering letters, `swap:` and `moved:` fields).

use super::*;

/// Cornering table (section 9), for White; Black uses rank 8. Each row:
/// King's file, partner's file, files that must be empty, the King's and
/// the partner's files after.
pub(super) const CORNERING: [(i32, i32, &[i32], i32, i32); 8] = [
    (1, 0, &[2], 1, 2),
    (2, 0, &[1, 3], 2, 3),
    (3, 0, &[1, 2], 1, 2),
    (3, 7, &[4, 5, 6], 5, 4),
    (4, 0, &[1, 2, 3], 2, 3),
    (4, 7, &[5, 6], 6, 5),
    (5, 7, &[6, 4], 5, 4),
    (6, 7, &[5], 6, 5),
];

fn parse_token(s: &str) -> (K, bool, usize) {
    if let Some(rest) = s.strip_prefix('{') {
        let end = rest.find('}').expect("closed brace");
        let name = &rest[..end];
        let k = kind_of(name).unwrap_or_else(|| panic!("unknown piece {name}"));
        (
            k,
            name.starts_with(|c: char| c.is_ascii_uppercase()),
            end + 2,
        )
    } else {
        let c = s.chars().next().unwrap();
        let k = kind_of(&c.to_string()).unwrap_or_else(|| panic!("unknown piece {c}"));
        (k, c.is_ascii_uppercase(), 1)
    }
}

/// Reads the engine's seeded start position, as any other FEN.
pub(super) fn parse_start(fen: &str) -> Pos {
    parse(fen)
}

/// Reads a FEN as the engine's FEN reader does: a cornering letter marks
/// as unmoved both squares of every rule of that letter whose king square
/// holds a King of the side (the kind the rules name) and whose corner
/// holds a piece of the side; `unmoved:` names other unmoved pieces.
pub(super) fn parse(fen: &str) -> Pos {
    let fields: Vec<&str> = fen.split_whitespace().collect();
    let (placement, reserves) = match fields[0].find('<') {
        Some(i) => (
            &fields[0][..i],
            Some(&fields[0][i + 1..fields[0].len() - 1]),
        ),
        None => (fields[0], None),
    };
    let mut b: Board = [None; 64];
    for (i, row) in placement.split('/').enumerate() {
        let r = 7 - i;
        let mut f = 0usize;
        let mut rest = row;
        while !rest.is_empty() {
            let c = rest.chars().next().unwrap();
            if c.is_ascii_digit() {
                f += c.to_digit(10).unwrap() as usize;
                rest = &rest[1..];
            } else {
                let (k, w, len) = parse_token(rest);
                b[r * 8 + f] = Some(Pc { k, w, moved: true });
                f += 1;
                rest = &rest[len..];
            }
        }
        assert_eq!(f, 8, "rank {} of {fen}", r + 1);
    }
    let mut res = [
        Reserve {
            slots: vec![],
            front: 0,
            back: 0,
        },
        Reserve {
            slots: vec![],
            front: 0,
            back: 0,
        },
    ];
    if let Some(inner) = reserves {
        for (side, text) in inner.split('/').enumerate() {
            let mut slots = Vec::new();
            let mut held = Vec::new();
            let mut rest = text;
            while !rest.is_empty() {
                if let Some(r) = rest.strip_prefix('-') {
                    slots.push(Queen);
                    held.push(false);
                    rest = r;
                } else {
                    let (k, _, len) = parse_token(rest);
                    slots.push(k);
                    held.push(true);
                    rest = &rest[len..];
                }
            }
            let front = held.iter().take_while(|h| !**h).count();
            let back = held.len() - held.iter().rev().take_while(|h| !**h).count();
            res[side] = Reserve {
                slots,
                front,
                back: back.max(front),
            };
        }
    }
    let white = fields.get(1).is_none_or(|s| *s == "w");
    // Pawns on their own second rank have not moved, unless the engine's
    // `moved:` field names them.
    let moved: Vec<usize> = fields
        .iter()
        .skip(6)
        .filter_map(|t| t.strip_prefix("moved:"))
        .flat_map(|t| t.split(','))
        .map(|n| parse_sq(n).unwrap())
        .collect();
    for (s, p) in b.iter_mut().enumerate() {
        if let Some(p) = p
            && p.k == Pawn
            && rank(s) == home_rank(p.w) + forward(p.w)
        {
            p.moved = moved.contains(&s);
        }
    }
    if let Some(c) = fields.get(2) {
        for ch in c.chars().filter(|&c| c != '-') {
            let w = ch.is_ascii_uppercase();
            let pf = if ch.eq_ignore_ascii_case(&'a') { 0 } else { 7 };
            let r = home_rank(w) * 8;
            for &(kf, partner, ..) in &CORNERING {
                let (ks, ps) = ((r + kf) as usize, (r + partner) as usize);
                let own = |s: usize| b[s].is_some_and(|p| p.w == w);
                let king = b[ks].is_some_and(|p| p.w == w && p.k == King);
                if partner == pf && king && own(ps) {
                    for s in [ks, ps] {
                        if let Some(p) = &mut b[s] {
                            p.moved = false;
                        }
                    }
                }
            }
        }
    }
    // The engine's `moved:` field also corrects what the castling field
    // marks.
    for &s in &moved {
        if let Some(p) = &mut b[s] {
            p.moved = true;
        }
    }
    // The engine's `unmoved:` field.
    for t in fields.iter().skip(6) {
        if let Some(list) = t.strip_prefix("unmoved:") {
            for n in list.split(',') {
                if let Some(p) = &mut b[parse_sq(n).unwrap()] {
                    p.moved = false;
                }
            }
        }
    }
    let ep = fields
        .get(3)
        .and_then(|t| parse_sq(t))
        .map(|s| (s, off(s, 0, forward(!white)).unwrap()));
    Pos {
        b,
        white,
        res,
        ep,
        half: fields.get(4).map_or(0, |s| s.parse().unwrap()),
        full: fields.get(5).map_or(1, |s| s.parse().unwrap()),
        ban: fields.iter().skip(6).find_map(|t| {
            let sq = t.strip_prefix("swap:")?;
            Some((parse_sq(&sq[..2])?, parse_sq(&sq[2..])?))
        }),
    }
}

/// The squares a reader of the castling field marks as unmoved: for
/// each letter written, both squares of every cornering rule of that
/// letter whose king square holds a King of the side (the rules name
/// their king's kind: a Wuss or Maoking there is not granted) and whose
/// corner holds a piece of the side (moved or not, which the FEN then
/// corrects with `moved:`).
fn granted_squares(b: &Board) -> Vec<usize> {
    let mut out = Vec::new();
    for ch in castling_field(b).chars().filter(|&c| c != '-') {
        let w = ch.is_ascii_uppercase();
        let pf = if ch.eq_ignore_ascii_case(&'a') { 0 } else { 7 };
        let r = home_rank(w) * 8;
        for &(kf, partner, ..) in &CORNERING {
            let (ks, ps) = ((r + kf) as usize, (r + partner) as usize);
            if partner == pf
                && b[ks].is_some_and(|p| p.w == w && p.k == King)
                && b[ps].is_some_and(|p| p.w == w)
            {
                out.extend([ks, ps]);
            }
        }
    }
    out
}

fn castling_field(b: &Board) -> String {
    let mut s = String::new();
    for w in [true, false] {
        let r = home_rank(w) * 8;
        for (letter, pf) in [('h', 7), ('a', 0)] {
            let any = CORNERING.iter().any(|&(kf, partner, ..)| {
                let (ks, ps) = ((r + kf) as usize, (r + partner) as usize);
                partner == pf
                    && b[ks].is_some_and(|p| p.w == w && p.k == King && !p.moved)
                    && b[ps].is_some_and(|p| p.w == w && !p.moved)
            });
            if any {
                s.push(if w {
                    letter.to_ascii_uppercase()
                } else {
                    letter
                });
            }
        }
    }
    if s.is_empty() { "-".to_string() } else { s }
}

pub(super) fn fen(p: &Pos) -> String {
    let mut s = String::new();
    for r in (0..8).rev() {
        let mut empty = 0;
        for f in 0..8 {
            match p.b[r * 8 + f] {
                None => empty += 1,
                Some(pc) => {
                    if empty > 0 {
                        s.push_str(&empty.to_string());
                        empty = 0;
                    }
                    s.push_str(&token(pc.k, pc.w));
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
    s.push('<');
    for (side, r) in p.res.iter().enumerate() {
        if side == 1 {
            s.push('/');
        }
        for (i, &k) in r.slots.iter().enumerate() {
            if i >= r.front && i < r.back {
                s.push_str(&token(k, side == 0));
            } else {
                s.push('-');
            }
        }
    }
    s.push('>');
    let ep = p.ep.map_or("-".to_string(), |(s, _)| sq_name(s));
    // The engine's seventh field: a swap that may not be undone at once.
    let ban = p.ban.map_or(String::new(), |(a, b)| {
        format!(" swap:{}{}", sq_name(a), sq_name(b))
    });
    // The engine's `moved:` field: Pawns on their own second rank that
    // have moved (displaced there), in square order.
    let granted = granted_squares(&p.b);
    let moved: Vec<String> = (0..64)
        .filter(|&s| {
            p.b[s].is_some_and(|pc| {
                let pawn_home = pc.k == Pawn && rank(s) == home_rank(pc.w) + forward(pc.w);
                pc.moved && (pawn_home || granted.contains(&s))
            })
        })
        .map(sq_name)
        .collect();
    let moved = if moved.is_empty() {
        String::new()
    } else {
        format!(" moved:{}", moved.join(","))
    };
    // The engine's `unmoved:` field: unmoved pieces that neither the
    // castling field nor the Pawn's home rank accounts for (a King whose
    // corner piece has moved, a piece dropped onto the first rank).
    let unmoved: Vec<String> = (0..64)
        .filter(|&s| {
            p.b[s].is_some_and(|pc| {
                let pawn_home = pc.k == Pawn && rank(s) == home_rank(pc.w) + forward(pc.w);
                !(pc.moved || granted.contains(&s) || pawn_home)
            })
        })
        .map(sq_name)
        .collect();
    let unmoved = if unmoved.is_empty() {
        String::new()
    } else {
        format!(" unmoved:{}", unmoved.join(","))
    };
    format!(
        "{s} {} {} {ep} {} {}{ban}{moved}{unmoved}",
        if p.white { 'w' } else { 'b' },
        castling_field(&p.b),
        p.half,
        p.full
    )
}
