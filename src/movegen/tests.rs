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
            for sq in rules.geometry.squares() {
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
                    rules.geometry.name(sq)
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
            .map(|n| rules.mutators.iter().position(|m| m.name == *n).unwrap())
            .collect()
    };
    assert!(!rules.shortcuts.pins);
    for sound in [
        &[][..],
        &["rider"],
        &["berolina"],
        &["monochromatic"],
        &["atomic"],
    ] {
        assert!(rules.shortcuts.pins_under(on(sound)), "{sound:?}");
    }
    assert!(
        rules
            .shortcuts
            .pins_under(on(&["equus_rex", "monochromatic", "non_prise"]))
    );
    // Paos and vaos hop; Berolina pawns under Monochromatic capture by a
    // lame leap. (A push is judged apart from the action, which pins
    // judge under Avalanche.)
    assert!(rules.shortcuts.pins_under(on(&["avalanche"])));
    for unsound in [&["cannon"][..], &["berolina", "monochromatic"]] {
        assert!(!rules.shortcuts.pins_under(on(unsound)), "{unsound:?}");
    }
    // Screens judge the hops of paos and vaos.
    assert!(rules.shortcuts.screens_under(on(&["cannon", "rider"])));
    assert!(rules.shortcuts.screens_under(on(&["cannon", "avalanche"])));
    // A mutator that gives no kind a new form keeps no table of forms,
    // and pins (and counting) stay trusted under it.
    let drops = crate::variants::load_str(
        "drops.variant",
        "variant drops : chess { mutator drop { drops = true\n always_on = true } }",
    )
    .unwrap();
    assert!(drops.forms.table.is_empty());
    let drop_on = crate::board::MutatorSet::from_bits(1);
    assert!(drops.shortcuts.pins_under(drop_on));
    assert!(drops.shortcuts.bulk_under(drop_on));
    let knight = rules.kind("knight").unwrap();
    let nightrider = rules.forms.form(knight, on(&["rider"]));
    assert_ne!(nightrider, knight);
    assert!(rules.forms.in_play(on(&["rider"])).contains(nightrider));
    assert!(!rules.forms.in_play(on(&["rider"])).contains(knight));
    // The knight is not pinned (the black pawn blocks the rook), but any
    // move of it flips the Cannon marker under it, and the rook, now a
    // pao, would capture the king over the pawn: only king moves remain.
    let pos = parse_fen(&rules, "4r2k/8/8/4p3/8/8/4N3/4K3 w - - 0 1 {e2:cannon-}").unwrap();
    let g = rules.geometry;
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
    let mut seed = 0x2545_f491_4f6c_dd1d_u64;
    let mut random = move |n: usize| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        (seed % n as u64) as usize
    };
    let (mut judged, mut in_check) = (0, 0);
    for (variant, fen) in cases {
        let rules = load(variant).unwrap();
        let start = parse_fen(&rules, fen.unwrap_or(&rules.setup)).unwrap();
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

fn in_check_now(rules: &Rules, pos: &crate::position::Position) -> bool {
    in_check(rules, pos, pos.side())
}
