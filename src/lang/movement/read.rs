//! From the parse tree to raw components: modifiers, atom, range and
//! legs as written, before directions are worked out.

use super::paths::Join;
use super::{Rule, join_or};
use crate::diag::{Diagnostic, Span};
use pest::error::{Error, ErrorVariant, InputLocation};
use pest::iterators::{Pair, Pairs};

#[derive(Debug)]
pub(super) struct Raw {
    pub(super) mods: Vec<(char, Span)>,
    pub(super) atom: RawAtom,
    pub(super) atom_text: String,
    pub(super) range: Option<u32>,
    pub(super) span: Span,
    pub(super) rider: bool,
    /// `z(a,b)`: the sum of a crooked rider's two alternating steps.
    pub(super) pair: Option<(u8, u8)>,
    /// A bracketed multi-leg move.
    pub(super) legs: Option<Vec<RawLeg>>,
}

/// One leg of a bracketed move as written.
#[derive(Debug)]
pub(super) struct RawLeg {
    pub(super) any: bool,
    pub(super) mods: Vec<(char, Span)>,
    pub(super) atom: RawAtom,
    pub(super) rider: bool,
    /// The separator after this leg.
    pub(super) join: Join,
    pub(super) span: Span,
}

#[derive(Clone, Copy, Debug)]
pub(super) enum RawAtom {
    Leap(u8, u8),
    King,
    Queen,
    Rook,
    Bishop,
}

/// The diagnostic for a string the grammar refuses: what was expected,
/// pointing at the first character it could not take.
pub(super) fn syntax_error(
    text: &str,
    e: &Error<Rule>,
    at: impl Fn(usize, usize) -> Span,
) -> Diagnostic {
    let pos = match e.location {
        InputLocation::Pos(p) => p,
        InputLocation::Span((a, _)) => a,
    };
    let msg = match &e.variant {
        ErrorVariant::ParsingError { positives, .. } if !positives.is_empty() => {
            let mut w: Vec<&str> = positives.iter().map(|r| movement_phrase(*r)).collect();
            w.dedup();
            format!("bad movement string: expected {}", join_or(&w))
        }
        _ => "bad movement string".to_string(),
    };
    let found = text[pos.min(text.len())..].chars().next();
    let mut d = Diagnostic::error(at(pos, found.map_or(1, char::len_utf8)), msg);
    if let Some(c) = found {
        d = d.with_label(format!("`{c}` is not allowed here"));
    }
    d.with_help("movement strings use Betza notation: modifiers in lower case, then an atom (e.g. \"fmWfcF\")")
}

/// The components of a parsed string, a repeated atom (`NN`) merged into
/// a rider.
pub(super) fn components(
    pairs: Pairs<'_, Rule>,
    at: impl Fn(usize, usize) -> Span + Copy,
    errors: &mut Vec<Diagnostic>,
) -> Vec<Raw> {
    let mut raws: Vec<Raw> = Vec::new();
    let top = pairs
        .into_iter()
        .next()
        .expect("movement rule yields one pair"); // movement
    for comp in top.into_inner().filter(|p| p.as_rule() == Rule::component) {
        let cs = comp.as_span();
        let cspan = at(cs.start(), cs.end() - cs.start());
        let mut mods = Vec::new();
        let mut atom = None;
        let mut atom_text = String::new();
        let mut range = None;
        let mut pair = None;
        let mut legs = None;
        for p in comp.into_inner() {
            let ps = p.as_span();
            let pspan = at(ps.start(), ps.end() - ps.start());
            match p.as_rule() {
                Rule::modifier => mods.push((
                    p.as_str().chars().next().expect("modifier is one letter"),
                    pspan,
                )), // modifier
                Rule::pair_sum => {
                    mods.push(('z', at(ps.start(), 1)));
                    let leap = p.into_inner().next().expect("pair_sum holds a leap");
                    if let Some(RawAtom::Leap(x, y)) = read_atom_inner(leap, pspan, errors) {
                        pair = Some((x, y));
                    }
                }
                Rule::atom => {
                    atom_text = p.as_str().to_string();
                    let inner = p.into_inner().next().expect("atom has one alternative"); // atom
                    atom = read_atom_inner(inner, pspan, errors);
                }
                Rule::range => {
                    range = Some(p.as_str().parse::<u32>().unwrap_or(u32::MAX));
                    if range.is_some_and(|r| r > 15) {
                        errors.push(Diagnostic::error(
                            pspan,
                            "range too long: at most 15 steps fit on a board",
                        ));
                    }
                }
                Rule::bracket => {
                    if let Some(list) = bracket(p, at, errors) {
                        legs = Some(list);
                        atom = Some(RawAtom::King);
                        atom_text = ps.as_str().to_string();
                    }
                }
                r => unreachable!("parse_movement: component child {r:?}"),
            }
        }
        let Some(atom) = atom else { continue };
        // `NN`, `WW`: an atom repeated with nothing between turns the
        // previous component into a rider of that atom.
        if mods.is_empty()
            && range.is_none()
            && legs.is_none()
            && let Some(prev) = raws.last_mut()
            && prev.legs.is_none()
            && prev.atom_text == atom_text
            && !prev.rider
            && prev.range.is_none()
            && matches!(atom, RawAtom::Leap(..) | RawAtom::King)
        {
            prev.rider = true;
            prev.span = Span {
                end: cspan.end,
                ..prev.span
            };
            continue;
        }
        raws.push(Raw {
            mods,
            atom,
            atom_text,
            range,
            span: cspan,
            rider: false,
            pair,
            legs,
        });
    }
    raws
}

/// A bracketed multi-leg move's legs, `None` when one is wrong (reported).
fn bracket(
    p: Pair<'_, Rule>,
    at: impl Fn(usize, usize) -> Span + Copy,
    errors: &mut Vec<Diagnostic>,
) -> Option<Vec<RawLeg>> {
    let mut list: Vec<RawLeg> = Vec::new();
    for q in p.into_inner() {
        let qs = q.as_span();
        let qspan = at(qs.start(), qs.end() - qs.start());
        match q.as_rule() {
            Rule::leg => list.push(leg(q, qspan, at, errors)?),
            Rule::leg_sep => {
                if let Some(last) = list.last_mut() {
                    last.join = match q.as_str() {
                        "?" => Join::MayStop,
                        "=" => Join::Equal,
                        _ => Join::Pass,
                    };
                }
            }
            r => unreachable!("parse_movement: bracket child {r:?}"),
        }
    }
    (!list.is_empty()).then_some(list)
}

/// One leg of a bracket, `None` when it is wrong (reported).
fn leg(
    q: Pair<'_, Rule>,
    qspan: Span,
    at: impl Fn(usize, usize) -> Span,
    errors: &mut Vec<Diagnostic>,
) -> Option<RawLeg> {
    let mut leg = RawLeg {
        any: false,
        mods: Vec::new(),
        atom: RawAtom::King,
        rider: false,
        join: Join::Pass,
        span: qspan,
    };
    let mut seen: Vec<String> = Vec::new();
    let mut ok = true;
    for r in q.into_inner() {
        let rs = r.as_span();
        let rspan = at(rs.start(), rs.end() - rs.start());
        match r.as_rule() {
            Rule::any_dir => leg.any = true,
            Rule::modifier => leg
                .mods
                .push((r.as_str().chars().next().expect("one letter"), rspan)),
            Rule::atom => {
                let text = r.as_str().to_string();
                let inner = r.into_inner().next().expect("atom");
                match read_atom_inner(inner, rspan, errors) {
                    Some(a) if seen.is_empty() => leg.atom = a,
                    Some(_) if seen[0] == text => leg.rider = true,
                    Some(_) => {
                        errors.push(Diagnostic::error(
                            rspan,
                            "a leg has one atom, or one atom doubled into a rider (`DD`)",
                        ));
                        ok = false;
                    }
                    None => ok = false,
                }
                seen.push(text);
            }
            r => unreachable!("parse_movement: leg child {r:?}"),
        }
    }
    ok.then_some(leg)
}

/// Reads an `atom_letter` or `leap` pair, reporting bad ones.
pub(super) fn read_atom_inner(
    inner: Pair<'_, Rule>,
    pspan: Span,
    errors: &mut Vec<Diagnostic>,
) -> Option<RawAtom> {
    match inner.as_rule() {
        Rule::atom_letter => match atom_letter(inner.as_str()) {
            Some(a) => Some(a),
            None => {
                errors.push(
                    Diagnostic::error(pspan, format!("unknown atom `{}`", inner.as_str()))
                        .with_help("atoms are W F D N A H C Z G K Q R B, or a leap written (a,b)"),
                );
                None
            }
        },
        Rule::leap => {
            let nums: Vec<u32> = inner
                .into_inner()
                .map(|n| n.as_str().parse().unwrap_or(u32::MAX))
                .collect();
            let (a, b) = (nums[0], nums[1]);
            if a == 0 && b == 0 {
                errors.push(Diagnostic::error(pspan, "the leap (0,0) goes nowhere"));
                None
            } else if a > 15 || b > 15 {
                errors.push(Diagnostic::error(
                    pspan,
                    "leap too long: boards are at most 16 squares wide",
                ));
                None
            } else {
                Some(RawAtom::Leap(a.min(b) as u8, a.max(b) as u8))
            }
        }
        r => unreachable!("read_atom_inner: atom alternative {r:?}"),
    }
}

fn atom_letter(s: &str) -> Option<RawAtom> {
    Some(match s {
        "W" => RawAtom::Leap(0, 1),
        "F" => RawAtom::Leap(1, 1),
        "D" => RawAtom::Leap(0, 2),
        "N" => RawAtom::Leap(1, 2),
        "A" => RawAtom::Leap(2, 2),
        "H" => RawAtom::Leap(0, 3),
        "C" => RawAtom::Leap(1, 3),
        "Z" => RawAtom::Leap(2, 3),
        "G" => RawAtom::Leap(3, 3),
        "K" => RawAtom::King,
        "Q" => RawAtom::Queen,
        "R" => RawAtom::Rook,
        "B" => RawAtom::Bishop,
        _ => return None,
    })
}

/// The phrase for a rule of the movement grammar.
fn movement_phrase(rule: Rule) -> &'static str {
    match rule {
        Rule::EOI => "end of the movement string",
        Rule::movement => "a movement string",
        Rule::component => "a movement component",
        Rule::modifier => "a modifier letter",
        Rule::atom => "an atom (a capital letter or `(a,b)`)",
        Rule::atom_letter => "an atom letter",
        Rule::leap => "a leap `(a,b)`",
        Rule::range => "a range",
        Rule::number => "a number",
        Rule::pair_sum => "a crooked pair `z(a,b)`",
        Rule::bracket => "a bracketed multi-leg move `[F?R]`",
        Rule::leg => "a leg of a multi-leg move",
        Rule::leg_sep => "`-`, `?` or `=` between legs",
        Rule::any_dir => "`*`",
    }
}
