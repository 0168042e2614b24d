use super::*;
use crate::notation::parse_fen;
use crate::variants::load;

/// The attack view computed backwards must agree with forward generation:
/// a square is attacked exactly when some pseudo-legal capture of the
/// attacker's would take a piece standing there.
#[test]
fn attack_view_agrees_with_forward_generation() {
    let rules = load("chess").unwrap();
    for fen in [
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    ] {
        let pos = parse_fen(&rules, fen).unwrap();
        for by in [Color::White, Color::Black] {
            let mut p = pos.clone();
            p.set_side(&rules, by);
            let mut moves = Vec::new();
            pseudo_moves(&rules, &p, &mut moves);
            for sq in rules.geometry().squares() {
                let Some(target) = pos.piece_at(sq) else {
                    continue;
                };
                if target.color == by {
                    continue;
                }
                let forward = moves.iter().any(|m| {
                    m.to == sq && m.captured.is_some() && !matches!(m.kind, MoveKind::EnPassant(_))
                });
                assert_eq!(
                    is_attacked(&rules, &pos, sq, by),
                    forward,
                    "{fen} {} by {by:?}",
                    rules.geometry().name(sq)
                );
            }
        }
    }
}

/// Under mutators, pins are trusted only while every form in play
/// captures by plain leaps and rides and nothing explodes or pushes; a
/// move off a marker is played out, as it may flip the marker.
#[test]
fn pins_are_trusted_only_where_the_active_forms_allow() {
    let rules = load("twelve-mutation").unwrap();
    let on = |names: &[&str]| -> crate::board::MutatorSet {
        names
            .iter()
            .map(|n| rules.mutators().iter().position(|m| m.name == *n).unwrap())
            .collect()
    };
    assert!(!rules.shortcuts().pins);
    for sound in [
        &[][..],
        &["rider"],
        &["berolina"],
        &["monochromatic"],
        &["atomic"],
    ] {
        assert!(rules.shortcuts().pins_under(on(sound)), "{sound:?}");
    }
    assert!(
        rules
            .shortcuts()
            .pins_under(on(&["equus_rex", "monochromatic", "non_prise"]))
    );
    // Paos and vaos hop. Berolina pawns under Monochromatic capture by a
    // lame leap, whose leg pins. (A push is judged apart from the action,
    // which pins judge under Avalanche.)
    assert!(rules.shortcuts().pins_under(on(&["avalanche"])));
    assert!(
        rules
            .shortcuts()
            .pins_under(on(&["berolina", "monochromatic"]))
    );
    assert!(!rules.shortcuts().pins_under(on(&["cannon"])));
    assert!(
        !rules
            .shortcuts()
            .screens_under(on(&["berolina", "monochromatic"]))
    );
    // Screens judge the hops of paos and vaos.
    assert!(rules.shortcuts().screens_under(on(&["cannon", "rider"])));
    assert!(
        rules
            .shortcuts()
            .screens_under(on(&["cannon", "avalanche"]))
    );
    // A mutator that gives no kind a new form keeps no table of forms,
    // and pins (and counting) stay trusted under it.
    let drops = crate::variants::load_str(
        "drops.variant",
        "variant drops : chess { mutator drop { drops = true\n always_on = true } }",
    )
    .unwrap();
    assert!(drops.forms().table.is_empty());
    let drop_on = crate::board::MutatorSet::from_bits(1);
    assert!(drops.shortcuts().pins_under(drop_on));
    assert!(drops.shortcuts().bulk_under(drop_on));
    let knight = rules.kind("knight").unwrap();
    let nightrider = rules.forms().form(knight, on(&["rider"]));
    assert_ne!(nightrider, knight);
    assert!(rules.forms().in_play(on(&["rider"])).contains(nightrider));
    assert!(!rules.forms().in_play(on(&["rider"])).contains(knight));
    // The knight is not pinned (the black pawn blocks the rook), but any
    // move of it flips the Cannon marker under it, and the rook, now a
    // pao, would capture the king over the pawn: only king moves remain.
    let pos = parse_fen(&rules, "4r2k/8/8/4p3/8/8/4N3/4K3 w - - 0 1 {e2:cannon-}").unwrap();
    let g = rules.geometry();
    let mut moves: Vec<String> = legal_moves(&rules, &pos)
        .iter()
        .map(|m| format!("{}{}", g.name(m.from), g.name(m.to)))
        .collect();
    moves.sort();
    assert_eq!(moves, ["e1d1", "e1d2", "e1f1", "e1f2"]);
    // Under Atomic the rook's capture on d2 would blow up its own king
    // (a king's capture does not explode): every other move stands.
    let pos = parse_fen(&rules, "4k3/8/8/8/8/8/3n3R/4K3 w - - 0 1 {a4:atomic+}").unwrap();
    let mut moves: Vec<String> = legal_moves(&rules, &pos)
        .iter()
        .map(|m| format!("{}{}", g.name(m.from), g.name(m.to)))
        .collect();
    moves.sort();
    assert_eq!(
        moves,
        [
            "e1d1", "e1d2", "e1e2", "e1f2", "h2e2", "h2f2", "h2g2", "h2h1", "h2h3", "h2h4", "h2h5",
            "h2h6", "h2h7", "h2h8"
        ]
    );
}

/// Where pieces hop, the screen test keeps exactly the moves copy-make
/// keeps, in check and out of it, along seeded random games (a small
/// xorshift picks the moves).
#[test]
fn screens_agree_with_copy_make() {
    let kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    // Cannon and Rider on; the knight on c3 may switch Atomic on.
    let twelve = format!("{kiwipete} {{a4:cannon+ a5:rider+ c3:atomic-}}");
    let cases = [
        ("benches/variants/grasshopper.variant", None),
        ("benches/variants/paovao.variant", Some(kiwipete)),
        (
            "tests/perft/zoomix.variant",
            Some("r1y1k2l/pp1ug1pp/2i1p3/2pP4/1c2P1m1/2L2V2/PPDO1PPP/R3K1A1 w - - 0 1"),
        ),
        ("twelve-mutation", Some(twelve.as_str())),
    ];
    let mut random = xorshift(0x2545_f491_4f6c_dd1d_u64);
    let (mut judged, mut in_check) = (0, 0);
    for (variant, fen) in cases {
        let rules = load(variant).unwrap();
        let start = parse_fen(&rules, fen.unwrap_or(rules.setup())).unwrap();
        for _ in 0..20 {
            let mut pos = start.clone();
            for _ in 0..100 {
                let mut slow = Vec::new();
                board_pseudo_moves(&rules, &pos, &mut slow);
                slow.retain(|m| !leaves_royal_attacked(&rules, &pos, m));
                if let Some(screens) = Screens::new(&rules, &pos) {
                    let mut fast = Vec::new();
                    board_pseudo_moves(&rules, &pos, &mut fast);
                    fast.retain(|m| screens.is_legal(&rules, &pos, m));
                    assert_eq!(
                        fast,
                        slow,
                        "{variant} {}",
                        crate::notation::to_fen(&rules, &pos)
                    );
                    judged += 1;
                    in_check += usize::from(in_check_now(&rules, &pos));
                }
                if slow.is_empty() {
                    break;
                }
                pos.play_unchecked(&rules, &slow[random(slow.len())]);
            }
        }
    }
    assert!(
        judged > 4000 && in_check > 200,
        "{judged} judged, {in_check} in check"
    );
}

/// Where pins judge lame leaps (Berolina pawns under Monochromatic take
/// two squares straight ahead over an empty square), the guard keeps
/// exactly the moves copy-make keeps, and counting equals listing, along
/// seeded random games.
#[test]
fn lame_leap_pins_agree_with_copy_make() {
    let rules = load("twelve-mutation").unwrap();
    // The white rook on e3 is alone on the leg of the pawn's leap from
    // e4 onto the king on e2, and cannot take the pawn (the colour rule):
    // it has no move.
    let g = rules.geometry();
    let names = |pos: &crate::position::Position, from: &str| -> Vec<String> {
        let mut v: Vec<String> = legal_moves(&rules, pos)
            .iter()
            .filter(|m| g.name(m.from) == from)
            .map(|m| g.name(m.to))
            .collect();
        v.sort();
        v
    };
    let markers = "{a4:berolina+ h4:monochromatic+}";
    let pinned = parse_fen(
        &rules,
        &format!("k7/8/8/8/4p3/4R3/4K3/8 w - - 0 1 {markers}"),
    )
    .unwrap();
    assert!(names(&pinned, "e3").is_empty());
    // Without the pawn the rook moves two squares at a time (the colour
    // rule) along the rank and file.
    let free = parse_fen(&rules, &format!("k7/8/8/8/8/4R3/4K3/8 w - - 0 1 {markers}")).unwrap();
    assert_eq!(names(&free, "e3"), ["a3", "c3", "e5", "e7", "g3"]);
    // In check from the pawn's leap, the rook on a3 (which reaches c3
    // and e3 along the rank) may only block on the leg.
    let check = parse_fen(
        &rules,
        &format!("7k/8/8/8/4p3/R7/4K3/8 w - - 0 1 {markers}"),
    )
    .unwrap();
    assert!(in_check_now(&rules, &check));
    assert_eq!(names(&check, "a3"), ["e3"]);
    let mut random = xorshift(0x9e37_79b9_7f4a_7c15_u64);
    let start = parse_fen(
        &rules,
        &format!("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 {markers}"),
    )
    .unwrap();
    let (mut judged, mut pinned_now, mut checked) = (0, 0, 0);
    let mut scratch = Vec::new();
    for _ in 0..40 {
        let mut pos = start.clone();
        for _ in 0..150 {
            let mut slow = Vec::new();
            board_pseudo_moves(&rules, &pos, &mut slow);
            slow.retain(|m| !leaves_royal_attacked(&rules, &pos, m));
            let us = pos.side();
            let king = pos.royals(us).iter().next();
            if let Some(king) = king.filter(|_| rules.shortcuts().pins_under(pos.active())) {
                let mut fast = Vec::new();
                legal_board_moves(&rules, &pos, &mut fast);
                let fen = crate::notation::to_fen(&rules, &pos);
                assert_eq!(sorted(&rules, &fast), sorted(&rules, &slow), "{fen}");
                assert_eq!(
                    legal_move_count(&rules, &pos, &mut scratch),
                    legal_moves(&rules, &pos).len() as u64,
                    "{fen}"
                );
                judged += 1;
                let (checkers, between, pinned, lines) = checks_and_pins(&rules, &pos, king, us);
                assert_eq!((checkers, between), checks(&rules, &pos, king, us), "{fen}");
                assert_eq!((pinned, lines), pins(&rules, &pos, king, us), "{fen}");
                pinned_now += usize::from(!pinned.is_empty());
                checked += usize::from(!checkers.is_empty());
            }
            if slow.is_empty() {
                break;
            }
            pos.play_unchecked(&rules, &slow[random(slow.len())]);
        }
    }
    assert!(
        judged > 3000 && pinned_now > 100 && checked > 100,
        "{judged} judged, {pinned_now} with a pin, {checked} in check"
    );
}

/// Avalanche's turns (an action, then a push of an enemy pawn) and drops
/// are the ones copy-make finds: each legal action played, each push
/// onto an empty square judged on the board after both, along seeded
/// random games with other mutators on (the colour rule, Berolina pawns
/// with their lame leap, drops, riders, paos and vaos).
#[test]
fn pushes_agree_with_copy_make() {
    let rules = load("twelve-mutation").unwrap();
    let mut random = xorshift(0x51_7cc1_b727_220a_u64);
    let sets = [
        "{a4:avalanche+ h4:drop+ h5:rider+}",
        "{a4:avalanche+ a5:berolina+ h4:monochromatic+ h5:drop+}",
        "{a4:avalanche+ a5:berolina+ h5:equus_rex+}",
        // Paos and vaos: pushes and drops judged by screens.
        "{a4:avalanche+ a5:cannon+ h4:drop+}",
        "{a5:cannon+ h4:drop+ h5:rider-}",
    ];
    let (mut judged, mut pushes) = (0, 0);
    for markers in sets {
        let start = parse_fen(
            &rules,
            &format!("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 {markers}"),
        )
        .unwrap();
        for _ in 0..12 {
            let mut pos = start.clone();
            for _ in 0..120 {
                let mut fast = Vec::new();
                let suicide = legal_moves_unconstrained(&rules, &pos, &mut fast);
                let (slow, slow_suicide) = turns_by_copy_make(&rules, &pos);
                let fen = crate::notation::to_fen(&rules, &pos);
                assert_eq!(sorted(&rules, &fast), sorted(&rules, &slow), "{fen}");
                assert_eq!(suicide, slow_suicide, "{fen}");
                judged += 1;
                pushes += fast.iter().filter(|m| m.push.is_some()).count();
                let legal = legal_moves(&rules, &pos);
                if legal.is_empty() {
                    break;
                }
                pos.play_unchecked(&rules, &legal[random(legal.len())]);
            }
        }
    }
    assert!(
        judged > 1000 && pushes > 20_000,
        "{judged} judged, {pushes} pushes"
    );
}

/// The turns of `pos` found by copy-make alone, and whether some action
/// was left out because every push after it exposes the royal: each
/// pseudo-legal action played and judged, then each push of an enemy
/// pawn onto an empty square judged on the board after both.
fn turns_by_copy_make(rules: &Rules, pos: &crate::position::Position) -> (Vec<Move>, bool) {
    let g = rules.geometry();
    let steps = rules.push_steps(pos.active()).unwrap_or(&[]);
    let colour = pos.active().intersects(rules.masks().keep_colour);
    let mut actions = Vec::new();
    pseudo_moves(rules, pos, &mut actions);
    actions
        .retain(|m| !leaves_royal_attacked(rules, pos, m) && (!colour || keeps_colour(rules, m)));
    let mut slow = Vec::new();
    let mut suicide = false;
    let them = !pos.side();
    let forward = if them == Color::White { 1 } else { -1 };
    for a in actions {
        let mut after = pos.clone();
        after.play_unchecked(rules, &a);
        let mut found = Vec::new();
        for from in after.occupied(them).iter() {
            if !after.piece_at(from).is_some_and(|p| rules.is_pawn(p.kind)) {
                continue;
            }
            for &(df, dr) in steps {
                let to = g.offset(from, i32::from(df), i32::from(dr) * forward);
                let same =
                    |to: Square| (g.file(from) + g.rank(from) - g.file(to) - g.rank(to)) % 2 == 0;
                if let Some(to) = to.filter(|&to| after.is_empty(to))
                    && (!colour || same(to))
                {
                    found.push(Move {
                        push: Some((from, to)),
                        ..a
                    });
                }
            }
        }
        if found.is_empty() {
            slow.push(a);
            continue;
        }
        let before = slow.len();
        slow.extend(found.into_iter().filter(|t| push_is_safe(rules, pos, t)));
        suicide |= slow.len() == before;
    }
    (slow, suicide)
}

/// The moves as `from-to` (with the promotion, if any), sorted.
fn sorted(rules: &Rules, moves: &[Move]) -> Vec<String> {
    let g = rules.geometry();
    let mut v: Vec<String> = moves
        .iter()
        .map(|m| {
            let push = m.push.map(|(a, b)| format!(" {}{}", g.name(a), g.name(b)));
            format!(
                "{:?} {}{}{:?}{}",
                m.kind,
                g.name(m.from),
                g.name(m.to),
                m.promotion,
                push.unwrap_or_default()
            )
        })
        .collect();
    v.sort();
    v
}

/// A small seeded xorshift: each call gives an index below `n`.
fn xorshift(mut seed: u64) -> impl FnMut(usize) -> usize {
    move |n| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        (seed % n as u64) as usize
    }
}

fn in_check_now(rules: &Rules, pos: &crate::position::Position) -> bool {
    in_check(rules, pos, pos.side())
}
