//! A variant's own keys: the board's size, how many pieces a square holds,
//! the start position, and whether a frozen piece may remove itself.

use super::*;

/// The variant's own keys, read.
pub(super) struct Top<'a> {
    pub(super) geometry: Geometry,
    /// Wall squares (`walls`).
    pub(super) walls: SquareSet,
    /// Pieces one square may hold.
    pub(super) capacity: u8,
    /// Where `capacity` is written, if it is.
    pub(super) capacity_entry: Option<&'a Entry>,
    pub(super) frozen_suicide: bool,
    /// No move may give check (`giving_check = illegal`).
    pub(super) no_checks: bool,
    /// No move or drop may leave its piece where it could never move
    /// again (`stranded_pieces = illegal`).
    pub(super) no_stranding: bool,
    /// Which royal pieces must be kept from attack (`royal_rule`).
    pub(super) royal_rule: crate::rules::RoyalRule,
    /// Royals may not face each other on an open file
    /// (`facing_royals = illegal`).
    pub(super) no_facing: bool,
    /// Royals facing each other must be parted or the turn passed
    /// (`facing_royals = bikjang`).
    pub(super) standoff: bool,
    /// The board's drawn lines (`lines`).
    pub(super) lines: Vec<(Square, Square)>,
    /// A side may pass its turn (`passing = true`).
    pub(super) passing: bool,
    /// FEN names first-move rights in the castling field
    /// (`initial_rights = castling_field`).
    pub(super) rights_in_castling_field: bool,
    pub(super) black_turned: bool,
    /// Where `black_orientation` was set, for messages about it.
    pub(super) black_turned_span: Option<Span>,
    /// The start position's FEN, as written (validated with the position
    /// layer).
    pub(super) setup: String,
    /// Where it is written (the variant's name when it is missing).
    pub(super) setup_span: Span,
}

/// Reads `board`, `walls`, `capacity`, `frozen_suicide`, `giving_check`
/// and `setup`.
pub(super) fn variant_keys<'a>(
    r: &mut Reader<'a>,
    name: &Spanned<String>,
    diags: &mut Vec<Diagnostic>,
) -> Top<'a> {
    let mut geometry = Geometry {
        width: 8,
        height: 8,
    };
    if let Some(e) = r.take("board") {
        match e.value.node {
            Value::Dims(w, h) if (1..=16).contains(&w) && (1..=16).contains(&h) => {
                geometry = Geometry {
                    width: w as u8,
                    height: h as u8,
                }
            }
            Value::Dims(w, h) => diags.push(
                Diagnostic::error(e.value.span, format!("board {w}x{h} is out of range"))
                    .with_help("boards have 1 to 16 files and 1 to 16 ranks"),
            ),
            _ => type_error(e, "a board size like `8x8` (files x ranks)", diags),
        }
    }
    let mut walls = SquareSet::EMPTY;
    if let Some(e) = r.take("walls") {
        for v in get_list(e) {
            if let Some(sq) = square_value(geometry, v, diags) {
                walls.insert(sq);
            }
        }
    }
    let capacity_entry = r.take("capacity");
    let capacity = capacity_entry
        .and_then(|e| get_int(e, 1, 2, diags))
        .map_or(1, |n| n as u8);
    let frozen_suicide = r
        .take("frozen_suicide")
        .and_then(|e| get_bool(e, diags))
        .unwrap_or(false);
    let no_checks = r.take("giving_check").is_some_and(|e| illegal(e, diags));
    let no_stranding = r.take("stranded_pieces").is_some_and(|e| illegal(e, diags));
    let royal_rule = r
        .take("royal_rule")
        .map_or(crate::rules::RoyalRule::Each, |e| match &e.value.node {
            Value::Ident(w) if w == "each" => crate::rules::RoyalRule::Each,
            Value::Ident(w) if w == "last_one" => crate::rules::RoyalRule::LastOne,
            Value::Ident(w) if w == "duple_check" => crate::rules::RoyalRule::DupleCheck,
            _ => {
                type_error(e, "`each`, `last_one` or `duple_check`", diags);
                crate::rules::RoyalRule::Each
            }
        });
    let (no_facing, standoff) =
        r.take("facing_royals")
            .map_or((false, false), |e| match &e.value.node {
                Value::Ident(w) if w == "allowed" => (false, false),
                Value::Ident(w) if w == "illegal" => (true, false),
                Value::Ident(w) if w == "bikjang" => (false, true),
                _ => {
                    type_error(e, "`allowed`, `illegal` or `bikjang`", diags);
                    (false, false)
                }
            });
    let lines = r
        .take("lines")
        .map(|e| drawn_lines(geometry, e, diags))
        .unwrap_or_default();
    let passing_entry = r.take("passing");
    let passing = passing_entry
        .and_then(|e| get_bool(e, diags))
        .unwrap_or(false);
    let rights_in_castling_field = r
        .take("initial_rights")
        .is_some_and(|e| match &e.value.node {
            Value::Ident(w) if w == "castling_field" => true,
            Value::Ident(w) if w == "tags" => false,
            _ => {
                type_error(e, "`tags` or `castling_field`", diags);
                false
            }
        });
    let orientation = r.take("black_orientation");
    let black_turned_span = orientation.map(|e| e.key.span);
    let black_turned = orientation.is_some_and(|e| match &e.value.node {
        Value::Ident(w) if w == "turned" => true,
        Value::Ident(w) if w == "mirrored" => false,
        _ => {
            type_error(e, "`mirrored` or `turned`", diags);
            false
        }
    });
    let setup = r.take("setup");
    if setup.is_none() {
        diags.push(
            Diagnostic::error(name.span, format!("variant `{}` has no `setup`", name.node))
                .with_help("add `setup = \"<FEN>\"` with the start position"),
        );
    }
    if capacity > 1
        && passing
        && let Some(e) = passing_entry
    {
        diags.push(Diagnostic::error(
            e.key.span,
            "passing and stacking together are not supported",
        ));
    }
    if capacity > 1 && !walls.is_empty() {
        if let Some(e) = capacity_entry {
            diags.push(Diagnostic::error(
                e.key.span,
                "walls and stacking together are not supported",
            ));
        }
    }
    Top {
        geometry,
        walls,
        capacity,
        capacity_entry,
        frozen_suicide,
        no_checks,
        no_stranding,
        royal_rule,
        no_facing,
        standoff,
        lines,
        passing,
        rights_in_castling_field,
        black_turned,
        black_turned_span,
        setup: setup
            .and_then(|e| get_str(e, diags))
            .map(str::to_string)
            .unwrap_or_default(),
        setup_span: setup.map_or(name.span, |e| e.value.span),
    }
}

/// The `lines` key: straight lines drawn between two squares each,
/// `[d1 -> f3, f1 -> d3]`.
fn drawn_lines(g: Geometry, e: &Entry, diags: &mut Vec<Diagnostic>) -> Vec<(Square, Square)> {
    let mut lines = Vec::new();
    for v in get_list(e) {
        let Value::Arrow(a, b) = &v.node else {
            diags.push(
                Diagnostic::error(
                    v.span,
                    format!(
                        "expected a line like `d1 -> f3`, found {}",
                        v.node.type_name()
                    ),
                )
                .with_help(
                    "write each line as its two end squares: `lines = [d1 -> f3, f1 -> d3]`",
                ),
            );
            continue;
        };
        let (Some(p), Some(q)) = (square_of(g, a, diags), square_of(g, b, diags)) else {
            continue;
        };
        let (dx, dy) = (g.file(q) - g.file(p), g.rank(q) - g.rank(p));
        if p == q || !(dx == 0 || dy == 0 || dx.abs() == dy.abs()) {
            diags.push(
                Diagnostic::error(v.span, "a line runs along a rank, a file or a diagonal")
                    .with_note(format!(
                        "`{}` and `{}` are not two squares of one such line",
                        a.node, b.node
                    )),
            );
            continue;
        }
        lines.push((p, q));
    }
    lines
}

/// A key whose value is `allowed` (false) or `illegal` (true); anything
/// else is reported and taken as `allowed`.
pub(super) fn illegal(e: &Entry, diags: &mut Vec<Diagnostic>) -> bool {
    match &e.value.node {
        Value::Ident(w) if w == "allowed" => false,
        Value::Ident(w) if w == "illegal" => true,
        _ => {
            type_error(e, "`allowed` or `illegal`", diags);
            false
        }
    }
}
