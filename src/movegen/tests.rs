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
