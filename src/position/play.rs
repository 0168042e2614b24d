//! Applying moves: the compact fast path and the general effect path.

use super::{Effect, Move, MoveKind, Position};
use crate::board::{Color, Piece, PieceKind, Square, SquareSet};
use crate::rules::Rules;

impl Position {
    /// Plays `mv` without checking that it is legal (for perft and search,
    /// which only play generated moves). The side to move changes.
    pub fn play_unchecked(&mut self, rules: &Rules, mv: &Move) {
        self.set_last_move(rules, (!mv.is_pass()).then_some((mv.from, mv.to)));
        if self.stage == super::Stage::Setup {
            self.place(rules, mv);
            return;
        }
        if rules.stacking().is_some() {
            self.play_stacked(rules, mv);
            return;
        }
        let us = self.side;
        if let Some((square, kind)) = mv.choice {
            self.resolve_pending(rules, square, kind);
        }
        let flips = if self.markers.len > 0 {
            self.markers_left(rules, mv)
        } else {
            0
        };
        // The die rolled for this turn is spent.
        self.roll = None;
        let from_promotion = rules.masks().tracks_promoted && self.promoted.contains(mv.from);
        let victim_square = match mv.kind {
            MoveKind::EnPassant(passed) => passed,
            _ => mv.to,
        };
        let victim_promoted =
            rules.masks().tracks_promoted && self.promoted.contains(victim_square);
        let mut victim: Option<(Square, Piece)> = None;
        self.set_ep(rules, None);
        self.swap_back = None;
        let mut irreversible = rules.ending().fifty_pawn_resets
            && rules.is_pawn(mv.piece.kind)
            && matches!(
                mv.kind,
                MoveKind::Normal | MoveKind::DoubleStep | MoveKind::EnPassant(_)
            );
        match &mv.kind {
            MoveKind::Normal | MoveKind::DoubleStep | MoveKind::Promote => {
                // (A pawn promoting in place does not take itself.)
                if mv.to != mv.from
                    && let Some(p) = self.take(rules, mv.to)
                {
                    victim = Some((mv.to, p));
                    irreversible = true;
                }
                let piece = self.take(rules, mv.from).unwrap_or(mv.piece);
                let placed = match mv.promotion {
                    Some(k) => Piece::new(k, piece.color),
                    None => piece,
                };
                if mv.promotion.is_some()
                    && rules.pawns().from_reserve()
                    && (rules.is_pawn(piece.kind) || mv.kind == MoveKind::Promote)
                    && rules.pawns().promotion_zone[piece.color].contains(mv.to)
                {
                    self.reserves[piece.color].take_last();
                }
                self.put(rules, mv.to, placed);
                self.set_unmoved(rules, mv.from, false);
                self.set_unmoved(rules, mv.to, false);
                if mv.kind == MoveKind::DoubleStep {
                    self.open_en_passant(rules, mv);
                }
            }
            MoveKind::EnPassant(passed) => {
                victim = self.take(rules, *passed).map(|p| (*passed, p));
                let piece = self.take(rules, mv.from).unwrap_or(mv.piece);
                // A morph of the capturer comes as the move's promotion.
                let placed = mv.promotion.map_or(piece, |k| Piece::new(k, piece.color));
                self.put(rules, mv.to, placed);
                self.set_unmoved(rules, mv.from, false);
                irreversible = true;
            }
            MoveKind::Castle(i) => self.castle(rules, us, *i),
            MoveKind::Pocket => irreversible |= self.pocket_piece(rules, mv),
            MoveKind::Drop => {
                // A piece dropped as a promoted form (`also_dropped_as`)
                // leaves the hand as its unpromoted kind.
                let mut held = mv.piece.kind;
                if self.pockets[us].count(held) == 0
                    && let Some(base) = rules.pieces()[held.index()].unpromoted
                {
                    held = base;
                }
                if self.pockets[us].take(held).is_some() {
                    let n = self.pockets[us].count(held);
                    self.hash ^= rules.zobrist().pocket(us, held.index(), n);
                }
                self.put(rules, mv.to, mv.piece);
                self.castling_drop(rules, mv);
            }
            // Only in stacking variants, played by `play_stacked`.
            MoveKind::Pair(..) => {}
            MoveKind::Effects(list) => irreversible |= self.apply_effects(rules, &list.effects()),
        }
        if rules.masks().tracks_promoted {
            self.move_promoted_mark(rules, mv, from_promotion);
        }
        if let Some((square, piece)) = victim
            && self
                .active
                .intersects(rules.masks().keeps_captures | rules.masks().explode)
        {
            self.capture_effects(rules, mv, square, piece, victim_promoted);
        }
        if rules.ending().fifty_promotion_resets
            && mv.promotion.is_some()
            && rules.is_pawn(mv.piece.kind)
            && mv.kind != MoveKind::Pocket
        {
            irreversible = true;
        }
        if let Some(hook) = super::after_move_hook(rules) {
            for e in hook.after_move(rules, self, mv) {
                if matches!(e, Effect::Capture { .. }) {
                    irreversible = true;
                }
                self.apply_effect(rules, &e);
            }
        }
        // A drop from the reserve follows the action in the same turn; the
        // piece counts as unmoved (for its first-move powers, and as a
        // castling partner).
        if rules.kinds().rights_lost_to {
            self.revoke_first_move_rights(rules, mv);
        }
        if let Some(sq) = mv.drop {
            match mv.gate {
                Some(kind) => self.gate_from_hand(rules, us, sq, kind),
                None => self.drop_from_reserve(rules, us, sq),
            }
        }
        if let Some((from, to)) = mv.push {
            self.push_pawn(rules, mv, from, to);
            irreversible = true;
        }
        if rules.passing() {
            let n = if mv.is_pass() {
                (self.passes + 1).min(2)
            } else {
                0
            };
            self.set_passes(rules, n);
        }
        self.pass_turn(rules, irreversible);
        if !rules.mutators().is_empty() && (flips != 0 || !keeps_forms(rules, mv)) {
            self.end_turn_mutators(rules, flips, mv);
        }
        if rules.ending().check_limit > 0 {
            self.count_check(rules, us);
        }
    }

    /// n-check: one more check given by `us` when the turn it just ended
    /// leaves a royal of the other side attacked.
    pub(crate) fn count_check(&mut self, rules: &Rules, us: Color) {
        let Some(probe) = super::capture_probe(rules) else {
            debug_assert!(false, "rules loaded without the capture probe");
            return;
        };
        if probe.in_check(rules, self, !us) {
            let n = self.checks[us].saturating_add(1).min(99);
            self.set_checks(rules, us, n);
        }
    }

    /// Castling by `us`'s rule `i`: both pieces move, lose their unmoved
    /// marks and morph where the variant says.
    fn castle(&mut self, rules: &Rules, us: Color, i: u8) {
        let c = &rules.castling()[us][i as usize];
        let king = self.take(rules, c.king_from);
        let partner = self.take(rules, c.partner_from);
        if let Some(k) = king {
            self.put(rules, c.king_to, k);
        }
        if let Some(p) = partner {
            self.put(rules, c.partner_to, p);
        }
        for sq in [c.king_from, c.partner_from, c.king_to, c.partner_to] {
            self.set_unmoved(rules, sq, false);
        }
        // Both pieces acted, so both morph where the variant says.
        if !rules.morphs().is_empty() {
            for (sq, p) in [(c.king_to, king), (c.partner_to, partner)] {
                if let Some(p) = p
                    && let Some(kind) = rules.castling_morph(p.kind)
                {
                    self.take(rules, sq);
                    self.put(rules, sq, Piece::new(kind, p.color));
                }
            }
        }
    }

    /// Pockets the moving piece (in the form it chose); whether that
    /// restarts the fifty-move count.
    fn pocket_piece(&mut self, rules: &Rules, mv: &Move) -> bool {
        let us = self.side;
        let piece = self.take(rules, mv.from).unwrap_or(mv.piece);
        let kind = mv.promotion.unwrap_or(piece.kind);
        self.apply_effect(rules, &Effect::ToPocket { color: us, kind });
        self.set_unmoved(rules, mv.from, false);
        // Only a pocketing that promotes restarts the count: one
        // from the promotion ranks that takes the piece up a
        // class. A piece of the top class (or of none) goes in as
        // it is, from there too, and promotes nothing.
        rules.ending().fifty_promotion_resets
            && mv.promotion.is_some()
            && rules
                .pocket()
                .as_ref()
                .is_some_and(|p| p.promote_zone[us].contains(mv.from))
    }

    /// Applies a move's effects in order; whether one was a capture.
    fn apply_effects(&mut self, rules: &Rules, list: &[Effect]) -> bool {
        let mut irreversible = false;
        let arrivals = rules.pawns().from_reserve();
        for e in list.iter() {
            if matches!(e, Effect::Capture { .. }) {
                irreversible = true;
            }
            self.apply_effect(rules, e);
            // Two enemies of `no_swap_back` kinds that swapped may
            // not swap straight back.
            if let Effect::Swap(a, b) = *e
                && let (Some(x), Some(y)) = (self.piece_at(a), self.piece_at(b))
                && x.color != y.color
                && rules.kinds().no_swap_back.contains(x.kind)
                && rules.kinds().no_swap_back.contains(y.kind)
            {
                self.swap_back = Some((a, b));
            }
        }
        if arrivals {
            self.promote_arrivals(rules);
        }
        irreversible
    }

    /// This position (an action just played, no drop) with `us`'s next
    /// reserve piece dropped on `sq`: the board the turn with that drop
    /// leaves where no mutator acts at the end of the turn. Legality
    /// tests try every drop square after one action from here.
    pub(crate) fn with_reserve_drop(&self, rules: &Rules, us: Color, sq: Square) -> Position {
        let mut child = self.clone();
        child.drop_from_reserve(rules, us, sq);
        child
    }

    /// The enemy's unmoved pieces whose first-move rights a piece of this
    /// kind ends by arriving on their rank or file (`initial_lost_to`).
    #[cold]
    fn revoke_first_move_rights(&mut self, rules: &Rules, mv: &Move) {
        if matches!(
            mv.kind,
            MoveKind::Drop | MoveKind::Pocket | MoveKind::Castle(_)
        ) {
            return;
        }
        let g = rules.geometry();
        let them = !mv.piece.color;
        let lost: Vec<Square> = self
            .unmoved
            .and(&self.occupied(them))
            .iter()
            .filter(|&sq| {
                sq != mv.to
                    && (g.file(sq) == g.file(mv.to) || g.rank(sq) == g.rank(mv.to))
                    && self.piece_at(sq).is_some_and(|p| {
                        rules.pieces()[p.kind.index()]
                            .initial_lost_to
                            .contains(mv.piece.kind)
                    })
            })
            .collect();
        for sq in lost {
            self.set_unmoved(rules, sq, false);
        }
    }

    /// Gating: a held piece of `kind` put on `sq`, the square the action
    /// vacated. It has moved, as far as castling and gating go.
    fn gate_from_hand(&mut self, rules: &Rules, us: Color, sq: Square, kind: PieceKind) {
        self.apply_effect(
            rules,
            &Effect::FromPocket {
                color: us,
                kind,
                square: sq,
            },
        );
        self.set_unmoved(rules, sq, false);
    }

    /// The reserve's next piece, dropped on `sq` after the action; it
    /// counts as unmoved (for its first-move powers, and as a castling
    /// partner).
    fn drop_from_reserve(&mut self, rules: &Rules, us: Color, sq: Square) {
        let r = &mut self.reserves[us];
        if !r.is_empty()
            && let Some(p) = r.pieces[r.front as usize].take()
        {
            r.front += 1;
            self.take(rules, sq);
            self.put(rules, sq, p);
            let counts = rules.kinds().tracks_unmoved[p.kind.index()]
                || rules.castling()[us]
                    .iter()
                    .any(|c| c.king_from == sq || c.partner_from == sq);
            self.set_unmoved(rules, sq, counts);
        }
    }

    /// Ends the side to move's turn: castling rights follow the unmoved
    /// marks, the fifty-move count restarts after an `irreversible` turn,
    /// the move number and the side's turn count go on, the other side
    /// moves.
    #[inline]
    pub(crate) fn pass_turn(&mut self, rules: &Rules, irreversible: bool) {
        let us = self.side;
        self.refresh_castle_rights(rules);
        self.halfmove = if irreversible {
            0
        } else {
            (self.halfmove + 1).min(super::MAX_COUNTER)
        };
        if us == Color::Black {
            self.fullmove = (self.fullmove + 1).min(super::MAX_COUNTER);
        }
        self.turns[us] += 1;
        self.side = !us;
        self.hash ^= rules.zobrist().black;
    }

    /// The owner's choice for a pawn the opponent pushed onto its last
    /// rank: it becomes `kind` (in its form under the active set).
    pub(crate) fn resolve_pending(&mut self, rules: &Rules, square: Square, kind: PieceKind) {
        self.set_pending(rules, None);
        let form = rules.forms().form(kind, self.active);
        self.apply_effect(
            rules,
            &Effect::Transform {
                square,
                unit: 0,
                kind: form,
            },
        );
        if rules.masks().tracks_promoted {
            self.set_promoted(rules, square, true);
        }
    }

    /// The push of an enemy pawn from `from` to `to` after the action of
    /// `mv`: a pawn reaching its last rank waits for its owner's choice;
    /// an en-passant right the action opened is judged again, the pawns
    /// having moved. A promoted mark goes with the pawn.
    fn push_pawn(&mut self, rules: &Rules, mv: &Move, from: Square, to: Square) {
        let Some(pawn) = self.take(rules, from) else {
            return;
        };
        self.take(rules, to);
        self.put(rules, to, pawn);
        self.set_unmoved(rules, from, false);
        self.set_unmoved(rules, to, false);
        if rules.masks().tracks_promoted {
            let promoted = self.promoted.contains(from);
            self.set_promoted(rules, from, false);
            self.set_promoted(rules, to, promoted);
        }
        if rules.pawns().promotion_zone[pawn.color].contains(to) {
            self.set_pending(
                rules,
                Some(super::Pending {
                    choice: 0,
                    color: pawn.color,
                    square: to,
                }),
            );
        }
        if mv.kind == MoveKind::DoubleStep {
            self.set_ep(rules, None);
            self.open_en_passant(rules, mv);
        }
    }

    /// Keeps the promoted marks with their pieces after `mv`: the mover's
    /// mark (`from_promotion`) goes with it, a pawn's promotion sets one,
    /// and a captured piece's goes.
    fn move_promoted_mark(&mut self, rules: &Rules, mv: &Move, from_promotion: bool) {
        if matches!(
            mv.kind,
            MoveKind::Normal | MoveKind::DoubleStep | MoveKind::Promote | MoveKind::EnPassant(_)
        ) {
            let promotes = mv.promotion.is_some() && rules.is_pawn(mv.piece.kind);
            self.set_promoted(rules, mv.from, false);
            self.set_promoted(rules, mv.to, from_promotion || promotes);
        }
        if let MoveKind::Effects(list) = mv.kind {
            for e in list.effects().iter() {
                match *e {
                    Effect::Swap(a, b) => {
                        let (pa, pb) = (self.promoted.contains(a), self.promoted.contains(b));
                        self.set_promoted(rules, a, pb);
                        self.set_promoted(rules, b, pa);
                    }
                    // A swapped pawn's promotion.
                    Effect::Transform { square, .. } if mv.promotion.is_some() => {
                        self.set_promoted(rules, square, true);
                    }
                    _ => {}
                }
            }
        }
        for sq in self.promoted.iter() {
            if self.is_empty(sq) {
                self.set_promoted(rules, sq, false);
            }
        }
    }

    /// What a capture does under the mutators active this turn: with
    /// `drops`, the victim (`piece`, taken on `square`) goes to the
    /// capturer's hand as its declared kind (its `unpromoted` kind, if
    /// it has one), or as a pawn if it came from a promotion
    /// (`promoted`); with `explode`, the capturer (unless
    /// royal) and every piece next to `square` are removed, and enter no
    /// hand.
    fn capture_effects(
        &mut self,
        rules: &Rules,
        mv: &Move,
        square: Square,
        piece: Piece,
        promoted: bool,
    ) {
        let us = mv.piece.color;
        if self.active.intersects(rules.masks().keeps_captures) {
            let demote = promoted && self.active.intersects(rules.masks().demotes);
            let kind = if demote { rules.demoted_kind() } else { None }.unwrap_or_else(|| {
                // A promoted form enters the hand unpromoted (`unpromoted`).
                let base = rules.forms().base_of[piece.kind.index()];
                rules.pieces()[base.index()].unpromoted.unwrap_or(base)
            });
            self.apply_effect(rules, &Effect::ToPocket { color: us, kind });
        }
        if self.active.intersects(rules.masks().explode) && !rules.is_royal(mv.piece.kind) {
            let shape = rules.shaped_blast(self.active);
            let centre = match shape {
                Some(m) if m.blast_at_landing => mv.to,
                _ => square,
            };
            for sq in rules.blast(centre, mv.to).iter() {
                if let Some(m) = shape
                    && let Some(p) = self.piece_at(sq)
                {
                    // Spared bystanders and immune kinds stay.
                    let base = rules.forms().base_of[p.kind.index()];
                    if m.blast_immune.contains(base)
                        || (sq != mv.to && m.blast_spares.contains(base))
                    {
                        continue;
                    }
                }
                if self.take(rules, sq).is_some() {
                    self.set_unmoved(rules, sq, false);
                    self.set_promoted(rules, sq, false);
                }
            }
        }
    }

    /// A drop of a kind listed in `castling_drops` onto a castling start
    /// square (a royal on the king's, another on the partner's) that
    /// completes the pair with such a piece already on the rule's other
    /// start square: both count as unmoved, which gives the right.
    fn castling_drop(&mut self, rules: &Rules, mv: &Move) {
        let Some(d) = rules.drops().as_ref() else {
            return;
        };
        if !d.castling_drops.contains(&mv.piece.kind) {
            return;
        }
        let us = mv.piece.color;
        let fits = |p: Option<Piece>, royal: bool| {
            p.is_some_and(|p| {
                p.color == us
                    && d.castling_drops.contains(&p.kind)
                    && rules.is_royal(p.kind) == royal
            })
        };
        for c in &rules.castling()[us] {
            if (c.king_from == mv.to || c.partner_from == mv.to)
                && fits(self.piece_at(c.king_from), true)
                && fits(self.piece_at(c.partner_from), false)
            {
                self.set_unmoved(rules, c.king_from, true);
                self.set_unmoved(rules, c.partner_from, true);
            }
        }
    }

    /// A move of the placement stage: its effects (a marker put down);
    /// then the other side places, or, once every marker lies, play
    /// begins with White. The clocks do not run.
    fn place(&mut self, rules: &Rules, mv: &Move) {
        if let MoveKind::Effects(list) = mv.kind {
            for e in list.effects().iter() {
                self.apply_effect(rules, e);
            }
        }
        let done = rules
            .markers()
            .as_ref()
            .is_none_or(|m| self.markers.len >= m.count);
        let next = if done { Color::White } else { !self.side };
        if done {
            self.stage = super::Stage::Play;
        }
        if next != self.side {
            self.side = next;
            self.hash ^= rules.zobrist().black;
        }
    }

    /// The markers (bit per marker) whose squares a non-pawn piece leaves
    /// by its own move in `mv`: the mover, both castling pieces, both
    /// pieces of a swap. Captures, pawn moves and arrivals flip nothing.
    fn markers_left(&self, rules: &Rules, mv: &Move) -> u16 {
        let mut left = SquareSet::EMPTY;
        let mut leave = |pos: &Position, from: Square, to: Square| {
            if from != to && pos.piece_at(from).is_some_and(|p| !rules.is_pawn(p.kind)) {
                left.insert(from);
            }
        };
        match &mv.kind {
            MoveKind::Normal
            | MoveKind::DoubleStep
            | MoveKind::Promote
            | MoveKind::EnPassant(_)
            | MoveKind::Pair(..)
            | MoveKind::Pocket => leave(self, mv.from, mv.to),
            MoveKind::Castle(i) => {
                let c = &rules.castling()[self.side][*i as usize];
                leave(self, c.king_from, c.king_to);
                leave(self, c.partner_from, c.partner_to);
            }
            MoveKind::Effects(list) => {
                for e in list.effects().iter() {
                    match *e {
                        Effect::MovePiece { from, to, .. } => leave(self, from, to),
                        Effect::Swap(a, b) => {
                            leave(self, a, b);
                            leave(self, b, a);
                        }
                        _ => {}
                    }
                }
            }
            MoveKind::Drop => {}
        }
        let m = &self.markers;
        (0..m.len as usize)
            .filter(|&i| left.contains(Square(m.squares[i])))
            .fold(0, |bits, i| bits | 1 << i)
    }

    /// The end of a turn under mutators (skipped where no marker flipped
    /// and the move put no new piece down, see [`keeps_forms`]): the
    /// markers left this turn flip,
    /// the faces up become the active set, and every piece takes its form
    /// under it (promoted and dropped pieces too), so the opponent's turn,
    /// and the mover's king safety, are judged under the new rules.
    fn end_turn_mutators(&mut self, rules: &Rules, flips: u16, mv: &Move) {
        if flips == 0 && rules.morphs().is_empty() && super::after_move_hook(rules).is_none() {
            // The rules stay: only what the move put down may need its form.
            self.reform(rules, arrivals(mv));
            return;
        }
        for i in 0..self.markers.len as usize {
            if flips >> i & 1 != 0 {
                self.hash ^= self.marker_key(rules, i);
                self.markers.faces ^= 1 << i;
                self.hash ^= self.marker_key(rules, i);
            }
        }
        let before = self.active;
        self.take_forms(rules);
        // Turning `drops` off empties both hands for good.
        if before.intersects(rules.masks().drops_from_captures)
            && !self.active.intersects(rules.masks().drops_from_captures)
        {
            for color in Color::ALL {
                self.apply_effect(rules, &Effect::ClearPocket(color));
            }
        }
    }

    /// Sets the active set from the markers' faces and puts every piece in
    /// its form under it.
    pub(crate) fn take_forms(&mut self, rules: &Rules) {
        self.active = self.markers.active_set() | rules.masks().always_on;
        let occupied = self.occupied.white.or(&self.occupied.black);
        self.reform(rules, occupied);
    }

    /// Puts the pieces on `squares` in their forms under the active set.
    fn reform(&mut self, rules: &Rules, squares: SquareSet) {
        if rules.forms().table.is_empty() {
            return;
        }
        let kinds = rules.forms().in_play(self.active);
        for sq in squares.iter() {
            let Some(p) = self.piece_at(sq) else { continue };
            if kinds.contains(p.kind) {
                continue;
            }
            let form = rules.forms().form(p.kind, self.active);
            self.take(rules, sq);
            self.put(rules, sq, Piece::new(form, p.color));
        }
    }

    /// The hash key of marker `i` as it lies.
    pub(crate) fn marker_key(&self, rules: &Rules, i: usize) -> u64 {
        let m = &self.markers;
        rules
            .zobrist()
            .marker(Square(m.squares[i]), m.mutators[i], m.faces >> i & 1 != 0)
    }

    /// May `piece` end a move on `sq`? Not a pawn on its promotion ranks
    /// when promotions come from the reserve and its side's is empty.
    pub(crate) fn may_arrive(&self, rules: &Rules, piece: Piece, sq: Square) -> bool {
        rules.in_region(piece, sq)
            && !(rules.pawns().from_reserve()
                && rules.is_pawn(piece.kind)
                && rules.pawns().promotion_zone[piece.color].contains(sq)
                && self.reserves[piece.color].last().is_none())
    }

    /// A pawn that a move put on its promotion ranks by other means than
    /// its own step (slung, say) promotes from its side's reserve, back
    /// first, when the variant promotes from the reserve. With the reserve
    /// empty it stays; the move generator refuses such moves.
    pub(crate) fn promote_arrivals(&mut self, rules: &Rules) {
        for color in Color::ALL {
            let zone = rules.pawns().promotion_zone[color];
            for sq in self.occupied(color).and(&zone).iter() {
                let Some(p) = self.piece_at(sq) else { continue };
                if !rules.is_pawn(p.kind) {
                    continue;
                }
                if let Some(new) = self.reserves[color].take_last() {
                    self.take(rules, sq);
                    self.put(rules, sq, Piece::new(new.kind, color));
                }
            }
        }
    }

    /// The empty square a double step `mv` passed over (halfway, rounded
    /// towards the start), if there is one.
    pub(crate) fn passed_square(&self, rules: &Rules, mv: &Move) -> Option<Square> {
        let g = rules.geometry();
        let (df, dr) = (
            g.file(mv.to) - g.file(mv.from),
            g.rank(mv.to) - g.rank(mv.from),
        );
        let passed = g.square(g.file(mv.from) + df / 2, g.rank(mv.from) + dr / 2)?;
        (passed != mv.from && passed != mv.to && self.is_empty(passed)).then_some(passed)
    }

    /// After a double step, record the passed square when an enemy pawn
    /// could take en passant (so equal positions hash equal).
    fn open_en_passant(&mut self, rules: &Rules, mv: &Move) {
        // An advance that promotes leaves no pawn to take in passing (a
        // morph into another pawn kind does).
        if !rules.pawns().en_passant
            || mv.promotion.is_some_and(|k| !rules.is_pawn(k))
            || !rules.pawns().en_passant_zone[mv.piece.color].contains(mv.from)
        {
            return;
        }
        let Some(passed) = self.passed_square(rules, mv) else {
            return;
        };
        let them = !mv.piece.color;
        let capturable = self.en_passant_possible(rules, passed, them);
        if capturable {
            self.set_ep(rules, Some((passed, mv.to)));
        }
    }

    /// Could a pawn of `by` capture onto `sq` by a plain leap (the test for
    /// recording an en-passant square)?
    pub fn pawn_can_take(&self, rules: &Rules, sq: crate::board::Square, by: Color) -> bool {
        rules.tables().leap_attacks[by]
            .of(sq)
            .iter()
            .any(|&(src, kinds)| {
                self.piece_at(src).is_some_and(|p| {
                    p.color == by && rules.is_pawn(p.kind) && kinds.contains(p.kind)
                })
            })
    }

    /// May a pawn of `by` take en passant on `sq`: could one capture onto
    /// it (by a plain leap, or under mutators by any of its moves)?
    pub(crate) fn en_passant_possible(&self, rules: &Rules, sq: Square, by: Color) -> bool {
        self.pawn_can_take(rules, sq, by)
            || !rules.mutators().is_empty() && self.pawn_can_take_any_way(rules, sq, by)
    }

    /// Could a pawn of `by` capture onto `sq` by any of its moves (lame
    /// leaps too, like a Berolina + Monochromatic pawn's two-square
    /// capture)? The slow test, for variants with mutators: an enemy
    /// stands in on `sq` and each pawn's moves are generated.
    fn pawn_can_take_any_way(&self, rules: &Rules, sq: Square, by: Color) -> bool {
        let Some(generator) = super::capture_probe(rules) else {
            debug_assert!(false, "rules loaded without the capture probe");
            return false;
        };
        let Some(probe) = self.with_stand_in(rules, sq, by) else {
            return false;
        };
        let mut moves = Vec::new();
        probe.occupied(by).iter().any(|from| {
            probe.piece_at(from).is_some_and(|p| rules.is_pawn(p.kind))
                && generator.captures_onto(rules, &probe, from, sq, &mut moves)
        })
    }

    /// This position with an enemy of `by` standing on `sq`, to ask which
    /// of `by`'s pieces could capture there: a pawn, which no kind is
    /// immune to (the kind on `sq` if the variant has no pawn).
    pub(crate) fn with_stand_in(&self, rules: &Rules, sq: Square, by: Color) -> Option<Position> {
        let kind = rules
            .demoted_kind()
            .or_else(|| self.piece_at(sq).map(|p| p.kind))?;
        let mut probe = self.clone();
        probe.take(rules, sq);
        probe.put(rules, sq, crate::board::Piece::new(kind, !by));
        Some(probe)
    }

    /// Applies one effect. Effects naming an empty square do nothing.
    pub fn apply_effect(&mut self, rules: &Rules, e: &Effect) {
        match *e {
            Effect::MovePiece { from, to, .. } => {
                if let Some(p) = self.take(rules, from) {
                    self.take(rules, to);
                    self.put(rules, to, p);
                    self.set_unmoved(rules, from, false);
                    self.set_unmoved(rules, to, false);
                }
            }
            Effect::Capture { square, .. } | Effect::Remove { square, .. } => {
                self.take(rules, square);
                self.set_unmoved(rules, square, false);
            }
            Effect::Place { square, piece } => {
                self.take(rules, square);
                self.put(rules, square, piece);
            }
            Effect::Transform { square, kind, .. } => {
                if let Some(p) = self.take(rules, square) {
                    self.put(rules, square, Piece::new(kind, p.color));
                    // A pawn turned into a kind without first-move powers
                    // keeps no unmoved mark for them (other pieces keep
                    // theirs: a corner piece that acted in place may
                    // still castle).
                    if rules.pawns().double_step_unmoved()
                        && rules.is_pawn(p.kind)
                        && !rules.kinds().tracks_unmoved[kind.index()]
                    {
                        self.set_unmoved(rules, square, false);
                    }
                }
            }
            Effect::SetOwner { square, color, .. } => {
                if let Some(p) = self.take(rules, square) {
                    self.put(rules, square, Piece::new(p.kind, color));
                    // A piece that changes sides counts as moved.
                    self.set_unmoved(rules, square, false);
                }
            }
            Effect::Swap(a, b) => {
                let pa = self.take(rules, a);
                let pb = self.take(rules, b);
                if let Some(p) = pb {
                    self.put(rules, a, p);
                }
                if let Some(p) = pa {
                    self.put(rules, b, p);
                }
                // Both pieces have left their squares.
                self.set_unmoved(rules, a, false);
                self.set_unmoved(rules, b, false);
            }
            Effect::ToPocket { color, kind } => {
                self.add_to_pocket(rules, color, kind);
            }
            Effect::FromPocket {
                color,
                kind,
                square,
            } => {
                if self.pockets[color].take(kind).is_some() {
                    let n = self.pockets[color].count(kind);
                    self.hash ^= rules.zobrist().pocket(color, kind.index(), n);
                    self.take(rules, square);
                    self.put(rules, square, Piece::new(kind, color));
                }
            }
            Effect::FromReserve {
                color,
                index,
                square,
            } => {
                let r = &mut self.reserves[color];
                let index = if index == super::moves::NEXT_IN_RESERVE {
                    r.front
                } else {
                    index
                };
                if let Some(p) = r.pieces.get_mut(index as usize).and_then(Option::take) {
                    if index == r.front {
                        r.front += 1;
                    }
                    self.take(rules, square);
                    self.put(rules, square, p);
                }
            }
            Effect::ClearPocket(color) => {
                let held: Vec<_> = self.pockets[color].iter().map(|(k, _)| k).collect();
                for kind in held {
                    self.pockets[color].take(kind);
                    let n = self.pockets[color].count(kind);
                    self.hash ^= rules.zobrist().pocket(color, kind.index(), n);
                }
            }
            Effect::PlaceMarker { square, mutator } => {
                self.add_marker(rules, square, mutator, false);
            }
            Effect::FlipMarker(square) => {
                let m = &self.markers;
                if let Some(i) = (0..m.len as usize).find(|&i| m.squares[i] == square.0) {
                    self.hash ^= self.marker_key(rules, i);
                    self.markers.faces ^= 1 << i;
                    self.hash ^= self.marker_key(rules, i);
                }
            }
            Effect::SetMoved { square, moved, .. } => self.set_unmoved(rules, square, !moved),
            Effect::SetState { slot, value } => self.set_state(rules, usize::from(slot), value),
            Effect::Defer { choice, color } => {
                self.set_pending(
                    rules,
                    Some(super::Pending {
                        choice,
                        color,
                        square: crate::board::Square(0),
                    }),
                );
            }
        }
    }
}

/// The squares where `mv` may put a piece down or change one's kind: its
/// destination, a drop from the reserve, a pushed pawn's square, the
/// square of a promotion chosen first, and every square its effects name.
fn arrivals(mv: &Move) -> SquareSet {
    let mut set = SquareSet::EMPTY;
    set.insert(mv.to);
    if let Some(sq) = mv.drop {
        set.insert(sq);
    }
    if let Some((_, to)) = mv.push {
        set.insert(to);
    }
    if let Some((sq, _)) = mv.choice {
        set.insert(sq);
    }
    if let MoveKind::Effects(list) = &mv.kind {
        for e in list.effects().iter() {
            match *e {
                Effect::MovePiece { to, .. } => set.insert(to),
                Effect::Place { square, .. }
                | Effect::Transform { square, .. }
                | Effect::SetOwner { square, .. }
                | Effect::FromPocket { square, .. }
                | Effect::FromReserve { square, .. } => set.insert(square),
                Effect::Swap(a, b) => {
                    set.insert(a);
                    set.insert(b);
                }
                _ => {}
            }
        }
    }
    set
}

/// Does `mv` leave every piece in the form it had: it puts no piece down
/// (no promotion, drop, push, chosen promotion or effect list) and
/// nothing transforms pieces after it (morphs, a script's `after_move`)?
/// Then, with no marker flipped, the active set and every form stay.
fn keeps_forms(rules: &Rules, mv: &Move) -> bool {
    matches!(
        mv.kind,
        MoveKind::Normal | MoveKind::DoubleStep | MoveKind::EnPassant(_) | MoveKind::Castle(_)
    ) && mv.promotion.is_none()
        && mv.drop.is_none()
        && mv.push.is_none()
        && mv.choice.is_none()
        && rules.morphs().is_empty()
        && rules
            .script()
            .as_ref()
            .is_none_or(|s| !s.declares(crate::rules::hooks::AFTER_MOVE))
}
