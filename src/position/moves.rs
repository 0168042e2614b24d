//! Moves and their effects.
//!
//! A [`Move`] is what a player chooses. Ordinary moves (step, slide, leap,
//! capture by replacement, promotion, en passant, castling, drop) have a
//! compact form; exotic moves carry an explicit, ordered effect list
//! ([`MoveKind::Effects`]). [`Move::effects`] spells out any move as
//! effects, which is what `explain` shows.

use crate::board::{Color, Piece, PieceKind, Square};
use crate::rules::Rules;
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hash, Hasher};
use std::sync::{Arc, LazyLock, PoisonError, RwLock};

/// Which unit of a cell an effect touches: 0 is the primary (lower) unit,
/// 1 the upper layer of a stack.
pub type Unit = u8;

/// One elementary change to a position.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Effect {
    /// Move a unit from one square to another (the target must be free).
    MovePiece {
        /// Origin.
        from: Square,
        /// Destination.
        to: Square,
        /// Which unit.
        unit: Unit,
    },
    /// A real capture: feeds hands, resets counters, can be a check.
    Capture {
        /// Where the victim stands.
        square: Square,
        /// Which unit.
        unit: Unit,
        /// The capturing piece's square, if it is a piece.
        by: Option<Square>,
    },
    /// Collateral removal (blast, suicide): never a check.
    Remove {
        /// Where.
        square: Square,
        /// Which unit.
        unit: Unit,
    },
    /// Put a piece on an empty square.
    Place {
        /// Where.
        square: Square,
        /// What.
        piece: Piece,
    },
    /// Change a unit's kind (promotion, morph, demotion).
    Transform {
        /// Where.
        square: Square,
        /// Which unit.
        unit: Unit,
        /// The new kind.
        kind: PieceKind,
    },
    /// Change a unit's owner.
    SetOwner {
        /// Where.
        square: Square,
        /// Which unit.
        unit: Unit,
        /// The new owner.
        color: Color,
    },
    /// Exchange the contents of two squares.
    Swap(Square, Square),
    /// Put a piece into a side's pocket.
    ToPocket {
        /// Whose pocket.
        color: Color,
        /// What.
        kind: PieceKind,
    },
    /// Drop a piece from a pocket.
    FromPocket {
        /// Whose pocket.
        color: Color,
        /// What.
        kind: PieceKind,
        /// Where to.
        square: Square,
    },
    /// Drop the reserve piece at `index`.
    FromReserve {
        /// Whose reserve.
        color: Color,
        /// Index in the reserve's drop order.
        index: u8,
        /// Where to.
        square: Square,
    },
    /// Empty a side's pocket.
    ClearPocket(Color),
    /// Put a marker face on a square.
    PlaceMarker {
        /// Where.
        square: Square,
        /// Mutator index.
        mutator: u8,
    },
    /// Turn a marker over.
    FlipMarker(Square),
    /// Set or clear a unit's "has moved" state.
    SetMoved {
        /// Where.
        square: Square,
        /// Which unit.
        unit: Unit,
        /// True: it has moved.
        moved: bool,
    },
    /// Set a number of the script's state.
    SetState {
        /// Its slot in the variant's `state` list.
        slot: u8,
        /// The new value.
        value: i32,
    },
    /// Hand a choice to a player (e.g. an opponent-chosen promotion).
    Defer {
        /// Choice identifier, declared by the variant.
        choice: u8,
        /// Who chooses.
        color: Color,
    },
}

/// The index of [`Effect::FromReserve`] that means "the reserve's next
/// piece in drop order".
pub const NEXT_IN_RESERVE: u8 = u8::MAX;

/// An exotic move's list of effects, stored once for the whole program:
/// a move carries only its number, so [`Move`] stays small and `Copy`.
/// Equal lists get the same number, so moves still compare by what they
/// do. The store keeps every distinct list it is given; a variant's
/// exotic moves repeat, so there are few.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct EffectList(u32);

/// The lists behind [`EffectList`] numbers, and the number of each.
#[derive(Default)]
struct EffectStore {
    lists: Vec<Arc<[Effect]>>,
    numbers: HashMap<Arc<[Effect]>, u32, BuildHasherDefault<Mix>>,
}

static EFFECT_STORE: LazyLock<RwLock<EffectStore>> = LazyLock::new(Default::default);

impl EffectList {
    /// The number of `effects`, stored the first time it is seen (a
    /// list seen before costs no allocation).
    pub fn new(effects: impl AsRef<[Effect]>) -> EffectList {
        let effects = effects.as_ref();
        if let [one] = effects {
            return EffectList::single(one);
        }
        EffectList::stored(effects)
    }

    /// The number of a list of one effect: most exotic moves are one (a
    /// swap, a marker placed), and each thread keeps those it has seen,
    /// found again without the store's lock.
    fn single(effect: &Effect) -> EffectList {
        /// Slots of the cache, by a hash of the effect.
        const SLOTS: usize = 1024;
        thread_local! {
            static SEEN: std::cell::RefCell<Vec<Option<(Effect, EffectList)>>> =
                std::cell::RefCell::new(vec![None; SLOTS]);
        }
        let mut hasher = Mix::default();
        effect.hash(&mut hasher);
        let slot = (hasher.finish() >> 32) as usize % SLOTS;
        SEEN.with_borrow_mut(|seen| match &seen[slot] {
            Some((e, list)) if e == effect => *list,
            _ => {
                let list = EffectList::stored(std::slice::from_ref(effect));
                seen[slot] = Some((effect.clone(), list));
                list
            }
        })
    }

    /// The number of `effects`, from the store.
    fn stored(effects: &[Effect]) -> EffectList {
        let store = EFFECT_STORE.read().unwrap_or_else(PoisonError::into_inner);
        if let Some(&n) = store.numbers.get(effects) {
            return EffectList(n);
        }
        drop(store);
        let mut store = EFFECT_STORE.write().unwrap_or_else(PoisonError::into_inner);
        if let Some(&n) = store.numbers.get(effects) {
            return EffectList(n);
        }
        let n = u32::try_from(store.lists.len()).expect("fewer than 2^32 effect lists");
        let list: Arc<[Effect]> = effects.into();
        store.lists.push(list.clone());
        store.numbers.insert(list, n);
        EffectList(n)
    }

    /// The effects, in order.
    pub fn effects(self) -> Arc<[Effect]> {
        let store = EFFECT_STORE.read().unwrap_or_else(PoisonError::into_inner);
        store.lists[self.0 as usize].clone()
    }
}

impl std::fmt::Debug for EffectList {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.effects().iter()).finish()
    }
}

/// What made a move, for rules that depend on how a move was made
/// (a morph to the component used, a script's tag, a hop's jump).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Origin {
    /// Not a piece's movement: a drop, castling, a mutator's or the
    /// turn's own move.
    #[default]
    Other,
    /// The atom with this index in the moving kind's movement.
    Atom(u8),
    /// The script's move tag with this number.
    Tag(u8),
    /// A built-in mutual destruction (written with the tag `destroy`,
    /// since a swap goes between the same squares).
    Destroy,
}

impl Origin {
    /// The index of the movement atom that made the move, if one did.
    pub fn atom(self) -> Option<u8> {
        match self {
            Origin::Atom(a) => Some(a),
            _ => None,
        }
    }

    /// The number of the script's tag the move carries, if any.
    pub fn tag(self) -> Option<u8> {
        match self {
            Origin::Tag(t) => Some(t),
            _ => None,
        }
    }
}

/// How a move is carried out.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MoveKind {
    /// Step, slide, leap or hop, capturing what stands on `to` if anything.
    Normal,
    /// A pawn's initial double step: may open en passant.
    DoubleStep,
    /// Capture en passant of the pawn on this square.
    EnPassant(Square),
    /// Castling by the variant's rule with this index.
    Castle(u8),
    /// Drop from the pocket onto `to`.
    Drop,
    /// Take the own piece on `from` into the pocket, as the kind in
    /// [`Move::promotion`] when it changes.
    Pocket,
    /// An exotic move given as explicit effects.
    Effects(EffectList),
    /// With `capacity = 2`: the two units on `from` move together, the
    /// move's `piece` and this one, capturing what stands on `to`: the
    /// move's `captured`, and this second unit if there are two.
    Pair(Piece, Option<Piece>),
    /// Like [`MoveKind::Normal`], by a kind that is not a pawn but
    /// promotes (`promotes`): the piece becomes [`Move::promotion`] by the
    /// pawns' rules (taking the reserve's last piece when promotions come
    /// from the reserve), which a morph to the same kind would not.
    Promote,
}

/// A move: what a player chooses.
///
/// Equality ignores [`Move::origin`]: two moves are the same move when
/// they do the same thing, however they were generated.
#[derive(Clone, Copy, Debug, Eq)]
pub struct Move {
    /// How it is carried out.
    pub kind: MoveKind,
    /// Origin (the target square for drops).
    pub from: Square,
    /// Destination.
    pub to: Square,
    /// The moving (or dropped) piece.
    pub piece: Piece,
    /// The piece captured, if any.
    pub captured: Option<Piece>,
    /// The kind a pawn promotes to.
    pub promotion: Option<PieceKind>,
    /// What made it (metadata), so rules can depend on how a move was
    /// made.
    pub origin: Origin,
    /// A drop from the reserve board that follows the action in the same
    /// turn: the reserve's next piece goes onto this square (or, with
    /// [`Move::gate`], a piece from the hand).
    pub drop: Option<Square>,
    /// Gating: the kind of the held piece that [`Move::drop`] puts on the
    /// square the action vacated, from the hand instead of the reserve.
    pub gate: Option<PieceKind>,
    /// A push of an enemy pawn (from, to) that follows the action in the
    /// same turn (`push_enemy_pawn`).
    pub push: Option<(Square, Square)>,
    /// The kind chosen, before the action, for the mover's pawn on this
    /// square that the opponent pushed onto its last rank (a deferred
    /// promotion).
    pub choice: Option<(Square, PieceKind)>,
}

// A move is copied wherever it goes: it stays within 32 bytes.
const _: () = assert!(std::mem::size_of::<Move>() <= 32);

impl Move {
    /// The marker a placement move puts down: its square and mutator.
    pub fn placement(&self) -> Option<(Square, u8)> {
        match self.kind {
            MoveKind::Effects(list) => match *list.effects() {
                [Effect::PlaceMarker { square, mutator }] => Some((square, mutator)),
                _ => None,
            },
            _ => None,
        }
    }
}

impl PartialEq for Move {
    fn eq(&self, other: &Move) -> bool {
        self.from == other.from
            && self.to == other.to
            && self.piece == other.piece
            && self.captured == other.captured
            && self.promotion == other.promotion
            && self.kind == other.kind
            && self.drop == other.drop
            && self.gate == other.gate
            && self.push == other.push
            && self.choice == other.choice
    }
}

impl std::hash::Hash for Move {
    fn hash<H: std::hash::Hasher>(&self, h: &mut H) {
        (
            self.from,
            self.to,
            self.piece,
            self.captured,
            self.promotion,
            &self.kind,
            self.drop,
            self.gate,
            self.push,
            self.choice,
        )
            .hash(h);
    }
}

impl Move {
    /// `piece` dropped from its side's hand onto `to`.
    pub fn drop_from_hand(piece: Piece, to: Square) -> Move {
        Move {
            kind: MoveKind::Drop,
            from: to,
            to,
            piece,
            captured: None,
            promotion: None,
            origin: Origin::Other,
            drop: None,
            push: None,
            choice: None,
            gate: None,
        }
    }

    /// Passing the turn (`passing = true`): no effect, named by `piece`
    /// on `sq` (the side's royal where it has one).
    pub fn pass(piece: Piece, sq: Square) -> Move {
        Move::of_effects(Vec::new(), sq, sq, piece)
    }

    /// Is this a pass: a move that changes nothing on the board?
    pub fn is_pass(&self) -> bool {
        matches!(self.kind, MoveKind::Effects(list) if list.effects().is_empty())
    }

    /// A move of explicit `effects`, by `piece`, named from `from` to `to`.
    pub fn of_effects(
        effects: impl AsRef<[Effect]>,
        from: Square,
        to: Square,
        piece: Piece,
    ) -> Move {
        Move {
            kind: MoveKind::Effects(EffectList::new(effects)),
            from,
            to,
            piece,
            captured: None,
            promotion: None,
            origin: Origin::Other,
            drop: None,
            push: None,
            choice: None,
            gate: None,
        }
    }

    /// The piece on `from` removes itself (a frozen piece's suicide).
    pub fn suicide(from: Square, piece: Piece) -> Move {
        Move::of_effects(
            vec![Effect::Remove {
                square: from,
                unit: 0,
            }],
            from,
            from,
            piece,
        )
    }

    /// The action alone: the turn without the parts around it (a reserve
    /// drop or a push after it, a deferred promotion chosen before it).
    pub fn action(&self) -> Move {
        Move {
            drop: None,
            push: None,
            choice: None,
            gate: None,
            ..*self
        }
    }

    /// Is it a capture?
    pub fn is_capture(&self) -> bool {
        self.captured.is_some()
    }

    /// Is it a drop?
    pub fn is_drop(&self) -> bool {
        self.kind == MoveKind::Drop
    }

    /// Is it a pocketing (an own piece taken into the hand)?
    pub fn is_pocketing(&self) -> bool {
        self.kind == MoveKind::Pocket
    }

    /// The move as an ordered list of effects: a deferred promotion
    /// chosen first, then the action; a reserve drop that ends the turn
    /// comes last, as `FromReserve` with index [`NEXT_IN_RESERVE`], and so
    /// does a push of an enemy pawn.
    pub fn effects(&self, rules: &Rules) -> Vec<Effect> {
        let mut out = Vec::new();
        if let Some((square, kind)) = self.choice {
            out.push(Effect::Transform {
                square,
                unit: 0,
                kind,
            });
        }
        out.extend(self.action_effects(rules));
        if let Some((from, to)) = self.push {
            out.push(Effect::MovePiece { from, to, unit: 0 });
        }
        if let Some(square) = self.drop {
            out.push(match self.gate {
                Some(kind) => Effect::FromPocket {
                    color: self.piece.color,
                    kind,
                    square,
                },
                None => Effect::FromReserve {
                    color: self.piece.color,
                    index: NEXT_IN_RESERVE,
                    square,
                },
            });
        }
        out
    }

    fn action_effects(&self, rules: &Rules) -> Vec<Effect> {
        let mut out = Vec::new();
        match &self.kind {
            MoveKind::Effects(list) => return list.effects().to_vec(),
            MoveKind::Drop => {
                out.push(Effect::FromPocket {
                    color: self.piece.color,
                    kind: self.piece.kind,
                    square: self.to,
                });
                return out;
            }
            MoveKind::Pocket => {
                out.push(Effect::Remove {
                    square: self.from,
                    unit: 0,
                });
                out.push(Effect::ToPocket {
                    color: self.piece.color,
                    kind: self.promotion.unwrap_or(self.piece.kind),
                });
                return out;
            }
            MoveKind::Castle(i) => {
                let c = &rules.castling()[self.piece.color][*i as usize];
                out.push(Effect::MovePiece {
                    from: c.king_from,
                    to: c.king_to,
                    unit: 0,
                });
                out.push(Effect::MovePiece {
                    from: c.partner_from,
                    to: c.partner_to,
                    unit: 0,
                });
                return out;
            }
            MoveKind::EnPassant(victim) => out.push(Effect::Capture {
                square: *victim,
                unit: 0,
                by: Some(self.from),
            }),
            MoveKind::Pair(_, second) => {
                let victims = usize::from(self.captured.is_some()) + usize::from(second.is_some());
                for unit in 0..victims as Unit {
                    out.push(Effect::Capture {
                        square: self.to,
                        unit,
                        by: Some(self.from),
                    });
                }
                for unit in 0..2 {
                    out.push(Effect::MovePiece {
                        from: self.from,
                        to: self.to,
                        unit,
                    });
                }
                return out;
            }
            MoveKind::Normal | MoveKind::DoubleStep | MoveKind::Promote => {
                if self.captured.is_some() {
                    out.push(Effect::Capture {
                        square: self.to,
                        unit: 0,
                        by: Some(self.from),
                    });
                }
            }
        }
        out.push(Effect::MovePiece {
            from: self.from,
            to: self.to,
            unit: 0,
        });
        if let Some(k) = self.promotion {
            out.push(Effect::Transform {
                square: self.to,
                unit: 0,
                kind: k,
            });
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn equal_effect_lists_share_a_number() {
        let a = Square(3);
        let b = Square(12);
        let swap = EffectList::new(vec![Effect::Swap(a, b)]);
        assert_eq!(swap, EffectList::new(vec![Effect::Swap(a, b)]));
        let other = EffectList::new(vec![Effect::Swap(b, a)]);
        assert_ne!(swap, other);
        assert_eq!(*swap.effects(), [Effect::Swap(a, b)]);
        assert_eq!(*other.effects(), [Effect::Swap(b, a)]);
    }

    #[test]
    fn moves_that_differ_only_in_origin_are_equal() {
        let piece = Piece::new(PieceKind(1), Color::White);
        let by_atom = Move {
            origin: Origin::Atom(2),
            ..Move::drop_from_hand(piece, Square(9))
        };
        let plain = Move::drop_from_hand(piece, Square(9));
        assert_eq!(by_atom, plain);
        assert_ne!(by_atom, Move::drop_from_hand(piece, Square(10)));
    }
}

/// A small multiplicative hasher for keys of a few words made by the
/// program itself (effect lists, script questions; no untrusted keys).
#[derive(Default)]
pub(crate) struct Mix(u64);

impl Hasher for Mix {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(u64::from(b));
        }
    }

    fn write_u8(&mut self, n: u8) {
        self.write_u64(u64::from(n));
    }

    fn write_u32(&mut self, n: u32) {
        self.write_u64(u64::from(n));
    }

    fn write_u64(&mut self, n: u64) {
        self.0 = (self.0.rotate_left(5) ^ n).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }

    fn write_usize(&mut self, n: usize) {
        self.write_u64(n as u64);
    }
}
