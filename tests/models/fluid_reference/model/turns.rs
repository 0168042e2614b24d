//! The turns: single-unit and pair moves, pawn moves and promotions,
//! castling in both orders, the legal turns and perft.

use super::*;

/// A generated turn: a short description and the resulting position.
pub(crate) struct Turn {
    pub(crate) text: String,
    pub(crate) pos: Position,
}

pub(crate) fn finish(
    pos: &Position,
    mut next: Position,
    reset_clock: bool,
    text: String,
    out: &mut Vec<Turn>,
) {
    next.side = pos.side.other();
    next.halfmove = if reset_clock { 0 } else { pos.halfmove + 1 };
    next.fullmove = pos.fullmove + u32::from(pos.side == Colour::Black);
    if !king_attacked(&next, pos.side) {
        out.push(Turn { text, pos: next });
    }
}

pub(crate) fn promotion_choices(mode: Promotion, mixed: bool, colour: Colour) -> Vec<Vec<Unit>> {
    let u = |k| Unit::new(colour, k);
    let singles = vec![
        vec![u(Kind::Rook)],
        vec![u(Kind::Bishop)],
        vec![u(Kind::Moo)],
    ];
    let doubles = vec![
        vec![u(Kind::Bishop), u(Kind::Rook)],
        vec![u(Kind::Bishop), u(Kind::Moo)],
        vec![u(Kind::Rook), u(Kind::Moo)],
    ];
    match mode {
        Promotion::Standard if mixed => singles,
        Promotion::Standard => {
            let mut v = vec![doubles[0].clone()];
            v.extend(singles);
            v
        }
        Promotion::Single => singles,
        Promotion::Doubled if mixed => vec![],
        Promotion::Doubled => doubles,
    }
}

pub(crate) fn pawn_turns(pos: &Position, from: usize, mode: Promotion, out: &mut Vec<Turn>) {
    let c = pos.side;
    let pawn = Unit::new(c, Kind::Pawn);
    let (dir, start_rank, last_rank) = if c == Colour::White {
        (1, 1, 7)
    } else {
        (-1, 6, 0)
    };
    let name = |to: usize, capture: bool, victim: &str, promo: &str| {
        let x = if capture { "x" } else { "" };
        format!(
            "{}{}{x}{}{victim}{promo}",
            pawn.letter(),
            sq_name(from),
            sq_name(to)
        )
    };
    // Arrivals: (to, resulting cell with the pawn, captured unit, text suffix).
    let mut arrivals: Vec<(usize, Cell, Option<Unit>, String)> = Vec::new();
    if let Some(to) = offset(from, 0, dir) {
        if count(&pos.board[to]) == 0 {
            arrivals.push((to, cell_of(&[pawn]), None, String::new()));
            if from / 8 == start_rank {
                let to2 = offset(to, 0, dir).unwrap();
                if count(&pos.board[to2]) == 0 {
                    let mut next = pos.clone();
                    next.board[from] = with_removed(&pos.board[from], pawn);
                    next.board[to2] = cell_of(&[pawn]);
                    next.ep = Some(to);
                    finish(pos, next, true, name(to2, false, "", ""), out);
                }
            }
        }
    }
    for df in [-1, 1] {
        let Some(to) = offset(from, df, dir) else {
            continue;
        };
        if Some(to) == pos.ep && count(&pos.board[to]) == 0 {
            let victim_sq = offset(to, 0, -dir).unwrap();
            let victim = Unit::new(c.other(), Kind::Pawn);
            if contains(&pos.board[victim_sq], victim) {
                let mut next = pos.clone();
                next.board[from] = with_removed(&pos.board[from], pawn);
                next.board[to] = cell_of(&[pawn]);
                next.board[victim_sq] = with_removed(&pos.board[victim_sq], victim);
                next.ep = None;
                finish(pos, next, true, name(to, true, "", "ep"), out);
            }
            continue;
        }
        for (cell, victim) in single_landings(&pos.board[to], pawn) {
            if let Some(v) = victim {
                let suffix = if count(&pos.board[to]) == 2 {
                    format!("/{}", v.letter())
                } else {
                    String::new()
                };
                arrivals.push((to, cell, Some(v), suffix));
            }
        }
    }
    for (to, cell, victim, suffix) in arrivals {
        let capture = victim.is_some();
        let rest: Vec<Unit> = units(&cell).into_iter().filter(|&u| u != pawn).collect();
        let choices: Vec<Option<Vec<Unit>>> = if to / 8 == last_rank {
            promotion_choices(mode, !rest.is_empty(), c)
                .into_iter()
                .map(Some)
                .collect()
        } else {
            vec![None]
        };
        for choice in choices {
            let mut next = pos.clone();
            next.board[from] = with_removed(&pos.board[from], pawn);
            let (new_cell, promo) = match &choice {
                None => (cell, String::new()),
                Some(promoted) => {
                    let mut all = rest.clone();
                    all.extend(promoted.iter().copied());
                    let text = format!("={}", cell_text(&cell_of(promoted)));
                    (cell_of(&all), text)
                }
            };
            next.board[to] = new_cell;
            if let Some(v) = victim {
                lose_rights(&mut next.castling, v, to);
            }
            next.ep = None;
            finish(pos, next, true, name(to, capture, &suffix, &promo), out);
        }
    }
}

pub(crate) fn single_turns(pos: &Position, from: usize, u: Unit, out: &mut Vec<Turn>) {
    for to in reach(&pos.board, from, u.kind, u.colour, false) {
        let before = count(&pos.board[to]);
        for (cell, victim) in single_landings(&pos.board[to], u) {
            let mut next = pos.clone();
            next.board[from] = with_removed(&pos.board[from], u);
            next.board[to] = cell;
            lose_rights(&mut next.castling, u, from);
            if let Some(v) = victim {
                lose_rights(&mut next.castling, v, to);
            }
            next.ep = None;
            let text = match victim {
                None => format!("{}{}{}", u.letter(), sq_name(from), sq_name(to)),
                Some(v) if before == 2 => {
                    format!(
                        "{}{}x{}/{}",
                        u.letter(),
                        sq_name(from),
                        sq_name(to),
                        v.letter()
                    )
                }
                Some(_) => format!("{}{}x{}", u.letter(), sq_name(from), sq_name(to)),
            };
            finish(pos, next, victim.is_some(), text, out);
        }
    }
}

pub(crate) fn pair_turns(pos: &Position, from: usize, out: &mut Vec<Turn>) {
    let pair = units(&pos.board[from]);
    let mut targets = BTreeSet::new();
    for u in &pair {
        targets.extend(reach(&pos.board, from, u.kind, u.colour, true));
    }
    for to in targets {
        let victims = units(&pos.board[to]);
        if victims.iter().any(|v| v.colour == pos.side) {
            continue;
        }
        let mut next = pos.clone();
        next.board[from] = EMPTY;
        next.board[to] = pos.board[from];
        for u in &pair {
            lose_rights(&mut next.castling, *u, from);
        }
        for v in &victims {
            lose_rights(&mut next.castling, *v, to);
        }
        next.ep = None;
        let x = if victims.is_empty() { "" } else { "x" };
        let text = format!(
            "{}{}{x}{}",
            cell_text(&pos.board[from]),
            sq_name(from),
            sq_name(to)
        );
        finish(pos, next, !victims.is_empty(), text, out);
    }
}

/// Slide `u` from `from` to `to` along the back rank: every square between
/// must be passable. Returns the landing cell or `None`.
pub(crate) fn castle_slide(
    board: &[Cell; 64],
    from: usize,
    to: usize,
    u: Unit,
    must_be_empty: bool,
) -> Option<Cell> {
    let (lo, hi) = if from < to { (from, to) } else { (to, from) };
    if !(lo + 1..hi).all(|s| passable(board, s, u.colour)) {
        return None;
    }
    let target = units(&board[to]);
    match target.as_slice() {
        [] => Some(cell_of(&[u])),
        [v] if !must_be_empty && v.colour == u.colour && v.kind != Kind::Pawn => {
            Some(cell_of(&[*v, u]))
        }
        _ => None,
    }
}

pub(crate) fn castling_turns(pos: &Position, out: &mut Vec<Turn>) {
    let c = pos.side;
    let base = if c == Colour::White { 0 } else { 56 };
    let right0 = if c == Colour::White { 0 } else { 2 };
    let king = Unit::new(c, Kind::King);
    let rook = Unit::new(c, Kind::Rook);
    let e = base + 4;
    // (right, rook from, king to, rook to, king crosses, name)
    let sides = [
        (right0, base + 7, base + 6, base + 5, base + 5, "O-O"),
        (right0 + 1, base, base + 2, base + 3, base + 3, "O-O-O"),
    ];
    for (right, rook_from, king_to, rook_to, crossed, text) in sides {
        if !pos.castling[right]
            || !contains(&pos.board[e], king)
            || !contains(&pos.board[rook_from], rook)
        {
            continue;
        }
        let enemy = c.other();
        if [e, crossed, king_to]
            .iter()
            .any(|&s| attacked(&pos.board, s, enemy))
        {
            continue;
        }
        let mut results: Vec<Position> = Vec::new();
        for king_first in [false, true] {
            let moves = if king_first {
                [(king, e, king_to), (rook, rook_from, rook_to)]
            } else {
                [(rook, rook_from, rook_to), (king, e, king_to)]
            };
            let mut board = pos.board;
            let mut ok = true;
            for (i, (u, from, to)) in moves.into_iter().enumerate() {
                board[from] = with_removed(&board[from], u);
                match castle_slide(&board, from, to, u, i == 0) {
                    Some(cell) => board[to] = cell,
                    None => {
                        ok = false;
                        break;
                    }
                }
            }
            if ok {
                let mut next = pos.clone();
                next.board = board;
                next.castling[right0] = false;
                next.castling[right0 + 1] = false;
                next.ep = None;
                if !results.contains(&next) {
                    results.push(next);
                }
            }
        }
        for next in results {
            finish(pos, next, false, text.to_string(), out);
        }
    }
}

/// All legal turns, one per distinct resulting position (see the module doc).
pub(crate) fn legal_turns(pos: &Position, mode: Promotion) -> Vec<Turn> {
    let mut all = Vec::new();
    for from in 0..64 {
        let cell = pos.board[from];
        let mine: Vec<Unit> = units(&cell)
            .into_iter()
            .filter(|u| u.colour == pos.side)
            .collect();
        let mut seen = Vec::new();
        for &u in &mine {
            if seen.contains(&u) {
                continue;
            }
            seen.push(u);
            if u.kind == Kind::Pawn {
                pawn_turns(pos, from, mode, &mut all);
            } else {
                single_turns(pos, from, u, &mut all);
            }
        }
        if mine.len() == 2 {
            pair_turns(pos, from, &mut all);
        }
    }
    castling_turns(pos, &mut all);
    let mut seen = HashSet::new();
    all.retain(|t| seen.insert(t.pos.clone()));
    all
}

pub(crate) fn perft(pos: &Position, depth: u32, mode: Promotion) -> u64 {
    if depth == 0 {
        return 1;
    }
    let turns = legal_turns(pos, mode);
    if depth == 1 {
        return turns.len() as u64;
    }
    turns.iter().map(|t| perft(&t.pos, depth - 1, mode)).sum()
}
