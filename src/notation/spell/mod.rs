//! The spellings of a position's legal turns: the text SAN writes for
//! each, and every text that names it.
//!
//! A turn is spelled by its parts: a deferred promotion chosen first
//! (`b1=N&`), the action, and a reserve drop or a push of an enemy pawn
//! that ends it (`&Q@c1`, `&d6`). Each distinct action of a position is
//! spelled once, as the symbol of what moves (`N`, `Si`, nothing for a
//! pawn) and the rest, at each level of disambiguation (`f3`, `gf3`,
//! `1f3`, `g1f3`), together with its coordinates (`g1f3`). Every spelling
//! goes into one index, so reading a text is a lookup, and SAN writes the
//! first level at which no other action answers to the text: the standard
//! rule for pieces, and for every other case (two pawn kinds reaching one
//! square, Berolina pawns, scripted moves) without a case of its own.
//!
//! Spellings are *exact* (the written form and its equivalents: any
//! level, any accepted symbol, `=` before a promotion or not) or *loose*
//! (leaving out a forced change of kind, or a victim that the written
//! text names). A text is read as the action it names exactly, or failing
//! that, loosely.

mod forms;

use super::coords::move_tag;
use super::stacks;
use crate::board::{Color, PieceKind, Square};
use crate::movegen::legal_moves;
use crate::position::{Move, MoveKind, Position};
use crate::rules::{Rules, file_char};
use forms::{loose_forms, promotion_forms, spell_castle, spell_placement, spell_pocketing, swap};
use std::collections::HashMap;
use std::sync::OnceLock;

/// How much of the origin square a spelling names.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Level {
    /// Nothing (`Nf3`).
    Bare,
    /// The file (`Ngf3`).
    File,
    /// The rank (`N1f3`).
    Rank,
    /// The square (`Ng1f3`).
    Square,
    /// Another accepted form, never written (`Ng1-f3`, `e8Q`).
    Other,
}

/// How one action is spelled.
#[derive(Clone, Debug, Default)]
struct Spelled {
    /// The symbols that name what moves, the written one first; the
    /// empty string where nothing is named (a pawn, `O-O`, `^h1`).
    who: Vec<String>,
    /// What follows the symbol, by level; at each level the written form
    /// comes first.
    exact: Vec<(Level, String)>,
    /// Whole texts: coordinates and other forms with their own symbol
    /// (`Rh1=>I`), the written coordinates first.
    whole: Vec<String>,
    /// Per written level, the written form without a named victim or
    /// promotion: SAN tells apart pieces that reach one square by these
    /// (`Nce2=Q` beside `Ne2`), as it does pieces of one kind. Where
    /// empty, the written forms themselves.
    cores: Vec<(Level, String)>,
    /// What follows the symbol in loose spellings.
    loose: Vec<String>,
    /// Whole texts of loose spellings.
    loose_whole: Vec<String>,
    /// The written levels, whole: (level, core, text), in order.
    levels: Vec<(Level, String, String)>,
}

impl Spelled {
    /// Fills in [`Spelled::levels`] from the other fields.
    fn finish(mut self) -> Spelled {
        let who = self.who.first().cloned().unwrap_or_default();
        self.levels = self
            .exact
            .iter()
            .filter(|(l, _)| *l != Level::Other)
            .map(|(level, body)| {
                let core = self
                    .cores
                    .iter()
                    .find(|(l, _)| l == level)
                    .map_or(body, |(_, c)| c);
                (*level, format!("{who}{core}"), format!("{who}{body}"))
            })
            .collect();
        self
    }

    /// Every exact text, whole.
    fn exact_texts(&self) -> impl Iterator<Item = String> + '_ {
        self.who
            .iter()
            .flat_map(|w| self.exact.iter().map(move |(_, b)| format!("{w}{b}")))
            .chain(self.whole.iter().cloned())
    }

    /// Every loose text, whole.
    fn loose_texts(&self) -> impl Iterator<Item = String> + '_ {
        self.who
            .iter()
            .flat_map(|w| self.loose.iter().map(move |b| format!("{w}{b}")))
            .chain(self.loose_whole.iter().cloned())
    }

    /// Is `text` one of the exact spellings?
    fn names_exactly(&self, text: &str) -> bool {
        self.whole.iter().any(|w| w == text)
            || self.who.iter().any(|w| {
                text.strip_prefix(w.as_str())
                    .is_some_and(|rest| self.exact.iter().any(|(_, b)| b == rest))
            })
    }
}

/// The actions of the turns that share one deferred choice (all turns,
/// where there is none), spelled in the position they are played in.
///
/// Spellings are worked out when first needed. Every spelling of an action
/// ends with its destination square (and what follows it), so two actions
/// can share a spelling only if they share a destination: writing SAN
/// compares an action with those of its *bucket* alone; reading looks a
/// text up in an index of all spellings, built on the first read.
#[derive(Debug)]
struct Group {
    /// The promotion chosen first, if the turns begin with one.
    choice: Option<(Square, PieceKind)>,
    /// The position after that choice.
    here: Position,
    /// The distinct actions.
    actions: Vec<Move>,
    /// Each action's bucket (its destination; one bucket for castlings).
    bucket: Vec<u16>,
    /// The actions of each bucket.
    buckets: HashMap<u16, Vec<usize>>,
    /// The spellings of each action, as `spell` gives them.
    raw: Vec<OnceLock<Spelled>>,
    /// The spellings of an action numbered because they would be
    /// another's (see [`tell_apart`]); `None` where `raw` names it alone.
    spelled: Vec<OnceLock<Option<Spelled>>>,
    /// Exact texts to the actions they name.
    exact: OnceLock<HashMap<String, Vec<usize>>>,
    /// Loose texts to the actions they name.
    loose: OnceLock<HashMap<String, Vec<usize>>>,
    /// The SAN written for each action, once worked out.
    written: Vec<OnceLock<String>>,
}

/// Which actions a text names.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Named {
    /// Exactly these (one, or several when the text is ambiguous).
    Exactly(Vec<usize>),
    /// Loosely these.
    Loosely(Vec<usize>),
    /// None.
    Nothing,
}

impl Group {
    /// The bucket of `mv`: its destination, or one for all castlings
    /// (which are all `O-O` or `O-O-O`).
    fn bucket_of(mv: &Move) -> u16 {
        match mv.kind {
            MoveKind::Castle(_) => u16::MAX,
            _ => u16::from(mv.to.0),
        }
    }

    fn raw(&self, rules: &Rules, kinds: &[Vec<String>], i: usize) -> &Spelled {
        self.raw[i].get_or_init(|| spell(rules, &self.here, &self.actions[i], kinds))
    }

    /// The spellings of action `i`.
    fn spelled(&self, rules: &Rules, kinds: &[Vec<String>], i: usize) -> &Spelled {
        let numbered = self.spelled[i].get_or_init(|| {
            let mine = self.raw(rules, kinds, i);
            fn full(s: &Spelled) -> Option<&str> {
                s.levels.last().map(|(_, _, t)| t.as_str())
            }
            let key = full(mine)?;
            let same: Vec<usize> = self.buckets[&self.bucket[i]]
                .iter()
                .copied()
                .filter(|&j| full(self.raw(rules, kinds, j)) == Some(key))
                .collect();
            (same.len() > 1).then(|| {
                let mut s = mine.clone();
                let n = same.iter().position(|&j| j == i).unwrap_or(0) + 1;
                tell_apart(&mut s, n);
                // Whole texts (coordinates) that none of the others
                // shares tell this one apart already, and stay as they
                // are: two castlings on one wing are both `O-O`, but
                // their coordinates differ (`e1g1`, `e1e1`).
                for (w, own) in s.whole.iter_mut().zip(&mine.whole) {
                    let shared = same
                        .iter()
                        .any(|&j| j != i && self.raw(rules, kinds, j).whole.contains(own));
                    if !shared {
                        w.clone_from(own);
                    }
                }
                s
            })
        });
        match numbered {
            Some(s) => s,
            None => self.raw(rules, kinds, i),
        }
    }

    fn index(
        &self,
        rules: &Rules,
        kinds: &[Vec<String>],
        loose: bool,
    ) -> &HashMap<String, Vec<usize>> {
        let cell = if loose { &self.loose } else { &self.exact };
        cell.get_or_init(|| {
            let mut map: HashMap<String, Vec<usize>> = HashMap::new();
            for i in 0..self.actions.len() {
                let s = self.spelled(rules, kinds, i);
                let texts: Vec<String> = if loose {
                    s.loose_texts().collect()
                } else {
                    s.exact_texts().collect()
                };
                for t in texts {
                    let list = map.entry(t).or_default();
                    if list.last() != Some(&i) {
                        list.push(i);
                    }
                }
            }
            map
        })
    }

    /// The actions `text` names.
    fn named(&self, rules: &Rules, kinds: &[Vec<String>], text: &str) -> Named {
        if let Some(list) = self.index(rules, kinds, false).get(text) {
            return Named::Exactly(list.clone());
        }
        match self.index(rules, kinds, true).get(text) {
            Some(list) => Named::Loosely(list.clone()),
            None => Named::Nothing,
        }
    }

    /// The SAN of action `i`: its symbol and the first level of
    /// disambiguation at which no other action from another square
    /// shares its core, and the text names it alone.
    fn written(&self, rules: &Rules, kinds: &[Vec<String>], i: usize) -> &str {
        self.written[i].get_or_init(|| {
            let mine = self.spelled(rules, kinds, i);
            let full = |s: &Spelled| s.levels.last().map(|(_, c, _)| c.clone());
            let own = full(mine);
            let others: Vec<&Spelled> = self.buckets[&self.bucket[i]]
                .iter()
                .filter(|&&j| j != i)
                .map(|&j| self.spelled(rules, kinds, j))
                .collect();
            for (_, core, text) in &mine.levels {
                let alone = others.iter().all(|o| {
                    full(o) == own && own.is_some() || !o.levels.iter().any(|(_, c, _)| c == core)
                });
                let unique = others.iter().all(|o| !o.names_exactly(text));
                if alone && unique {
                    return text.clone();
                }
            }
            mine.levels
                .last()
                .map(|(_, _, t)| t.clone())
                .or_else(|| mine.whole.first().cloned())
                .unwrap_or_default()
        })
    }
}

/// The move text of a position's legal turns, worked out once: the SAN
/// of each, and which turn a text names.
#[derive(Debug)]
pub struct Notation<'a> {
    rules: &'a Rules,
    pos: &'a Position,
    /// The symbols accepted for each kind, the written one first.
    kinds: std::borrow::Cow<'a, crate::rules::SymbolCache>,
    turns: Vec<Move>,
    groups: Vec<Group>,
    /// For each turn: its group and the index of its action there.
    at: Vec<(usize, usize)>,
}

impl<'a> Notation<'a> {
    /// The legal turns of `pos`, spelled.
    pub fn new(rules: &'a Rules, pos: &'a Position) -> Notation<'a> {
        Notation::with_turns(rules, pos, legal_moves(rules, pos))
    }

    /// `turns` (the legal turns of `pos`, or any list of its moves)
    /// spelled.
    pub fn with_turns(rules: &'a Rules, pos: &'a Position, turns: Vec<Move>) -> Notation<'a> {
        let kinds = super::symbols::symbol_table(rules);
        let mut groups: Vec<Group> = Vec::new();
        let mut at = Vec::with_capacity(turns.len());
        for m in &turns {
            let g = match groups.iter().position(|g| g.choice == m.choice) {
                Some(g) => g,
                None => {
                    let mut here = pos.clone();
                    if let Some((sq, k)) = m.choice {
                        here.resolve_pending(rules, sq, k);
                    }
                    groups.push(Group {
                        choice: m.choice,
                        here,
                        actions: Vec::new(),
                        bucket: Vec::new(),
                        buckets: HashMap::new(),
                        raw: Vec::new(),
                        spelled: Vec::new(),
                        exact: OnceLock::new(),
                        loose: OnceLock::new(),
                        written: Vec::new(),
                    });
                    groups.len() - 1
                }
            };
            let action = m.action();
            let group = &mut groups[g];
            let a = match group.actions.iter().position(|x| *x == action) {
                Some(a) => a,
                None => {
                    let a = group.actions.len();
                    let bucket = Group::bucket_of(&action);
                    group.buckets.entry(bucket).or_default().push(a);
                    group.bucket.push(bucket);
                    group.actions.push(action);
                    group.raw.push(OnceLock::new());
                    group.spelled.push(OnceLock::new());
                    group.written.push(OnceLock::new());
                    a
                }
            };
            at.push((g, a));
        }
        Notation {
            rules,
            pos,
            kinds,
            turns,
            groups,
            at,
        }
    }

    /// The rules.
    pub fn rules(&self) -> &Rules {
        self.rules
    }

    /// The position whose turns these are.
    pub fn position(&self) -> &Position {
        self.pos
    }

    /// The turns spelled.
    pub fn turns(&self) -> &[Move] {
        &self.turns
    }

    /// The index of `mv` among the turns.
    pub fn position_of(&self, mv: &Move) -> Option<usize> {
        self.turns.iter().position(|m| m == mv)
    }

    /// The SAN of turn `i`, without a check mark.
    pub fn san(&self, i: usize) -> String {
        self.san_with(i, false)
    }

    /// The SAN of turn `i`; `long_push` writes a push with both squares.
    pub(crate) fn san_with(&self, i: usize, long_push: bool) -> String {
        let g = self.rules.geometry();
        let m = &self.turns[i];
        let (gi, a) = self.at[i];
        let group = &self.groups[gi];
        let mut s = String::new();
        if let Some((sq, k)) = m.choice {
            s.push_str(&format!("{}={}&", g.name(sq), self.kinds.2[k.index()][0]));
        }
        s.push_str(group.written(self.rules, &self.kinds.2, a));
        if let (Some(sq), Some(kind)) = (m.drop, m.gate) {
            s.push_str(&format!(
                "&{}@{}",
                self.kinds.2[kind.index()][0],
                g.name(sq)
            ));
        } else if let Some(sq) = m.drop {
            let r = &group.here.reserves()[m.piece.color];
            if let Some(p) = r.pieces.get(r.front as usize).copied().flatten() {
                s.push_str(&format!(
                    "&{}@{}",
                    self.kinds.2[p.kind.index()][0],
                    g.name(sq)
                ));
            }
        }
        if let Some((from, to)) = m.push {
            let long = long_push
                || self.turns.iter().enumerate().any(|(j, o)| {
                    self.at[j] == self.at[i]
                        && o.drop == m.drop
                        && o.push.is_some_and(|(f, t)| t == to && f != from)
                });
            s.push('&');
            if long {
                s.push_str(&g.name(from));
            }
            s.push_str(&g.name(to));
        }
        s
    }

    /// The SAN of turn `i` with `+` or `#` when it gives check or mate.
    pub fn san_with_check(&self, i: usize) -> String {
        let mut s = self.san(i);
        s.push_str(check_mark(self.rules, self.pos, &self.turns[i]));
        s
    }

    /// The turns whose action `text` names, among those with `choice`:
    /// exact matches before loose ones.
    pub(crate) fn turns_named(
        &self,
        choice: Option<(Square, PieceKind)>,
        text: &str,
    ) -> (Vec<usize>, bool) {
        let Some(gi) = self.groups.iter().position(|g| g.choice == choice) else {
            return (Vec::new(), false);
        };
        let (actions, loose) = match self.groups[gi].named(self.rules, &self.kinds.2, text) {
            Named::Exactly(a) => (a, false),
            Named::Loosely(a) => (a, true),
            Named::Nothing => return (Vec::new(), false),
        };
        let turns = (0..self.turns.len())
            .filter(|&i| self.at[i].0 == gi && actions.contains(&self.at[i].1))
            .collect();
        (turns, loose)
    }

    /// The choices the turns begin with (none, or the promotions open to
    /// a pawn pushed onto its last rank).
    pub(crate) fn choices(&self) -> impl Iterator<Item = (Square, PieceKind)> + '_ {
        self.groups.iter().filter_map(|g| g.choice)
    }

    /// Is `text` a spelling of the piece kind `kind` (`Q`, `Si`, `SISSA`,
    /// `{Sissa}`, `Sis`)?
    pub(crate) fn names_kind(&self, text: &str, kind: PieceKind) -> bool {
        self.kinds.2[kind.index()].iter().any(|f| f == text)
            || self
                .rules
                .parse_piece_token(text)
                .is_some_and(|(k, _)| k == kind)
    }
}

/// `+` when `mv` gives check, `#` when it mates, else nothing. A check
/// that ends the game by a goal of the `ending` (the third check of
/// three-check) is `+`: the side checked is not mated.
pub(crate) fn check_mark(rules: &Rules, pos: &Position, mv: &Move) -> &'static str {
    if mv.placement().is_some() {
        return "";
    }
    let mut after = pos.clone();
    after.play_unchecked(rules, mv);
    if crate::movegen::in_check(rules, &after, after.side()) {
        if legal_moves(rules, &after).is_empty()
            && crate::movegen::goal_reached(rules, &after).is_none()
        {
            "#"
        } else {
            "+"
        }
    } else {
        ""
    }
}

/// Numbers the spellings of an action that every level spells like
/// another (scripted moves that differ in what they do but not in
/// squares, capture or tag): `:1`, `:2`, in the order they were
/// generated.
fn tell_apart(s: &mut Spelled, n: usize) {
    let suffix = format!(":{n}");
    for (_, b) in &mut s.exact {
        b.push_str(&suffix);
    }
    for w in &mut s.whole {
        w.push_str(&suffix);
    }
    for (_, _, t) in &mut s.levels {
        t.push_str(&suffix);
    }
}

/// The spellings of one action in `pos`.
fn spell(rules: &Rules, pos: &Position, mv: &Move, kinds: &[Vec<String>]) -> Spelled {
    SPELLINGS.with(|n| n.set(n.get() + 1));
    spell_parts(rules, pos, mv, kinds).finish()
}

thread_local! {
    static SPELLINGS: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
}

/// How many turns this thread has spelled (every form of one turn's
/// text at once): with [`crate::movegen::listings`], the measure of what
/// reading and writing move text costs, for tests that count work
/// instead of timing it.
pub fn spellings() -> u64 {
    SPELLINGS.with(|n| n.get())
}

/// [`spell`] without the written levels filled in.
fn spell_parts(rules: &Rules, pos: &Position, mv: &Move, kinds: &[Vec<String>]) -> Spelled {
    let g = rules.geometry();
    let promo_forms = |k: PieceKind| promotion_forms(rules, kinds, k);
    if let Some((sq, mutator)) = mv.placement() {
        return spell_placement(rules, sq, mutator);
    }
    if mv.is_pass() {
        // Written `pass`; `--`, `@@@@` and `0000` (the null moves of
        // other notations) and the royal's square twice are read too.
        return Spelled {
            who: vec![String::new()],
            exact: super::PASS_SPELLINGS
                .iter()
                .enumerate()
                .map(|(i, t)| {
                    (
                        if i == 0 { Level::Bare } else { Level::Other },
                        t.to_string(),
                    )
                })
                .collect(),
            whole: vec![super::coords::to_uci(rules, mv)],
            ..Spelled::default()
        };
    }
    if mv.is_drop() {
        return Spelled {
            who: kinds[mv.piece.kind.index()].clone(),
            exact: vec![(Level::Bare, format!("@{}", g.name(mv.to)))],
            whole: vec![super::coords::to_uci(rules, mv)],
            ..Spelled::default()
        };
    }
    if mv.is_pocketing() {
        return spell_pocketing(rules, mv, kinds);
    }
    let coordinates = super::coords::to_uci(rules, mv);
    if let MoveKind::Castle(i) = mv.kind {
        return spell_castle(rules, mv, i, coordinates);
    }
    if let Some(s) = swap(rules, pos, mv, kinds, &promo_forms) {
        return Spelled {
            whole: vec![coordinates],
            ..s
        };
    }
    let stacked = rules.stacking().is_some();
    let pawn = rules.is_pawn(mv.piece.kind);
    let who: Vec<String> = if stacked {
        stacks::mover_forms(rules, mv, kinds)
    } else if pawn {
        vec![String::new()]
    } else {
        kinds[mv.piece.kind.index()].clone()
    };
    let capture = if mv.is_capture() { "x" } else { "" };
    let to = g.name(mv.to);
    let victims: Vec<String> = match stacks::chosen_victim(pos, mv) {
        Some(v) if stacked => kinds[v.kind.index()]
            .iter()
            .map(|f| format!("/{f}"))
            .collect(),
        _ => vec![String::new()],
    };
    let silent = super::silent_morph(rules, mv);
    let written_promotion = mv.promotion.filter(|_| !silent);
    let promotions: Vec<String> = match written_promotion {
        Some(k) => promo_forms(k)
            .iter()
            .flat_map(|f| [format!("={f}"), f.clone()])
            .collect(),
        None => vec![String::new()],
    };
    let tag = move_tag(rules, mv).map_or(String::new(), |t| format!(":{t}"));
    let from_square = g.name(mv.from);
    let file_prefix = file_char(g.file(mv.from)).to_string();
    let rank_prefix = (g.rank(mv.from) + 1).to_string();
    let levels: Vec<(Level, String)> = {
        let all = [
            (Level::Bare, String::new()),
            (Level::File, file_prefix.clone()),
            (Level::Rank, rank_prefix.clone()),
            (Level::Square, from_square.clone()),
        ];
        if pawn && mv.is_capture() {
            all.into_iter()
                .filter(|(l, _)| matches!(l, Level::File | Level::Square))
                .collect()
        } else {
            all.to_vec()
        }
    };
    let tail = |victim: &str, promotion: &str| format!("{capture}{to}{victim}{promotion}{tag}");
    let mut exact = Vec::new();
    let cores = levels
        .iter()
        .map(|(level, prefix)| (*level, format!("{prefix}{}", tail("", ""))))
        .collect();
    for (level, prefix) in &levels {
        for (n, promotion) in promotions.iter().enumerate() {
            for (m, victim) in victims.iter().enumerate() {
                let level = if n == 0 && m == 0 {
                    *level
                } else {
                    Level::Other
                };
                exact.push((level, format!("{prefix}{}", tail(victim, promotion))));
            }
        }
    }
    // The long form, `Ng1-f3`.
    if !mv.is_capture() {
        for promotion in &promotions {
            exact.push((
                Level::Other,
                format!("{from_square}-{to}{}{promotion}{tag}", victims[0]),
            ));
        }
    }
    let plain_to = format!("{}{}", from_square, to);
    let (loose, mut loose_whole) = loose_forms(
        rules,
        mv,
        kinds,
        &levels,
        &promotions,
        &victims,
        [capture, &to, &tag, &plain_to],
        silent,
    );
    let mut whole = vec![coordinates];
    // A pawn is written without a symbol, and read with any of its
    // kind's (`Pe4`, `Scd5`, `BEROLINAe5`), at any level (`Pxd5`).
    if pawn && !stacked {
        for f in &kinds[mv.piece.kind.index()] {
            for prefix in ["", file_prefix.as_str(), rank_prefix.as_str(), &from_square] {
                for promotion in &promotions {
                    whole.push(format!("{f}{prefix}{}", tail(&victims[0], promotion)));
                }
            }
        }
    }
    if !stacked {
        // `e7e8=Q`, `e7e8Q`: coordinates with any spelling of the kind.
        if let Some(k) = written_promotion {
            for f in promo_forms(k) {
                for text in [
                    format!("{plain_to}{f}{tag}"),
                    format!("{plain_to}={f}{tag}"),
                ] {
                    if !whole.contains(&text) {
                        whole.push(text);
                    }
                }
            }
        }
    } else {
        // Bare squares name a unit or pair where only one fits.
        let promotion =
            written_promotion.map_or(String::new(), |k| rules.piece(k).fen_token(Color::Black));
        loose_whole.push(format!("{plain_to}{promotion}"));
    }
    Spelled {
        who,
        exact,
        whole,
        cores,
        loose,
        loose_whole,
        levels: Vec::new(),
    }
}
