//! The computer player: mates it must find, checked by enumerating the
//! replies, and legal answers from positions of seeded random games of
//! every embedded variant.

use crate::kit::XorShift;
use changeling::Game;
use changeling::board::Color;
use changeling::game::Outcome;
use changeling::notation::to_san;
use changeling::position::Move;
use changeling::search::{Engine, Limits, Report, Score};
use changeling::variants::{EMBEDDED, load};

fn chess(fen: &str) -> Game {
    Game::from_fen(load("chess").unwrap(), fen, 0).unwrap()
}

fn search(game: &Game, limits: Limits) -> Report {
    let mut engine = Engine::new(game.rules().clone());
    engine
        .search(game, &limits, &mut |_| {})
        .expect("a move in a game that is not over")
}

/// The game after `mv`.
fn after(game: &Game, mv: Move) -> Game {
    let mut g = game.clone();
    g.push(mv);
    g
}

/// Whether the side to move in `game` can win at once: some move of
/// its ends the game in its favour.
fn wins_at_once(game: &Game) -> bool {
    let side = game.position().side();
    game.legal_moves().iter().any(|&m| {
        matches!(after(game, m).outcome(), Some(Outcome::Decisive { winner, .. }) if winner == side)
    })
}

/// Whether `mv` forces a win next move: every reply leaves the mover a
/// winning move, and there is at least one reply or the game is won.
fn forces_win_in_two(game: &Game, mv: Move) -> bool {
    let side = game.position().side();
    let next = after(game, mv);
    if let Some(o) = next.outcome() {
        return matches!(o, Outcome::Decisive { winner, .. } if winner == side);
    }
    next.legal_moves()
        .iter()
        .all(|&reply| wins_at_once(&after(&next, reply)))
}

#[test]
fn a_back_rank_mate_in_one_is_found() {
    // The black king on g8 is boxed in by its own pawns; the rook on d1
    // mates on d8, and nothing can block or take it.
    let game = chess("6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1");
    let found = search(&game, Limits::depth(3));
    let mv = found.pv[0];
    assert_eq!(found.score, Score::Mate(1));
    assert_eq!(to_san(game.rules(), game.position(), &mv), "Rd8#");
    assert_eq!(
        after(&game, mv).outcome(),
        Some(Outcome::Decisive {
            winner: Color::White,
            reason: "checkmate".into()
        })
    );
}

#[test]
fn mates_in_two_are_found_and_hold_against_every_reply() {
    for fen in [
        // The king must first take away the a7 square: 1. Kb6 Kb8 2. Rh8#.
        "k7/8/2K5/8/8/8/8/7R w - - 0 1",
        // Doubled rooks on a back rank: 1. Rd8+ Rxd8 2. Rxd8#.
        "r5k1/5ppp/8/8/8/8/3R1PPP/3R2K1 w - - 0 1",
        // The first, mirrored, with Black to mate: 1... Kb3 2. Kb1 Rh1#.
        "7r/8/8/8/8/2k5/8/K7 b - - 0 1",
    ] {
        let game = chess(fen);
        assert!(!wins_at_once(&game), "{fen} has a mate in one");
        let found = search(&game, Limits::depth(5));
        assert_eq!(found.score, Score::Mate(2), "{fen}");
        assert!(
            forces_win_in_two(&game, found.pv[0]),
            "{fen}: {} does not force mate",
            to_san(game.rules(), game.position(), &found.pv[0])
        );
    }
}

#[test]
fn a_lost_position_is_scored_as_mated() {
    // Black to move is mated next move: its king's only square is b8
    // (Kb6 guards a7 and b7), and then 2. Rg8#.
    let game = chess("k7/8/1K6/8/8/8/8/6R1 b - - 0 1");
    let found = search(&game, Limits::depth(4));
    assert_eq!(found.score, Score::Mate(-1));
}

#[test]
fn a_node_limited_search_is_the_same_every_time() {
    let game = chess("r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4");
    let a = search(&game, Limits::nodes(20_000));
    let b = search(&game, Limits::nodes(20_000));
    assert_eq!(a.pv, b.pv);
    assert_eq!(a.score, b.score);
    assert_eq!(a.depth, b.depth);
    assert_eq!(a.nodes, 20_000);
}

#[test]
fn a_hanging_queen_is_taken() {
    // The black queen on h4 is attacked by the knight on f3 and defended
    // by nothing.
    let game = chess("rnb1kbnr/pppp1ppp/8/4p3/7q/5N2/PPPPPPPP/RNBQKB1R w KQkq - 0 1");
    let found = search(&game, Limits::depth(4));
    assert_eq!(to_san(game.rules(), game.position(), &found.pv[0]), "Nxh4");
    assert!(matches!(found.score, Score::Centipawns(cp) if cp > 500));
}

/// Node-limited searches from `positions` positions of seeded random
/// games of every embedded variant each return one of the legal turns.
fn legal_answers(positions: usize, nodes: u64) {
    for &(name, _) in EMBEDDED {
        let rules = load(name).unwrap();
        let mut rng = XorShift(0x5eed_0001 ^ name.len() as u64);
        let mut seen = 0;
        let mut seed = 1;
        while seen < positions {
            let mut game = Game::new(rules.clone(), seed).unwrap();
            seed += 1;
            let mut engine = Engine::new(rules.clone());
            for _ in 0..200 {
                if game.outcome().is_some() || seen >= positions {
                    break;
                }
                // Search every third position, and play on at random.
                if rng.below(3) == 0 {
                    let found = engine
                        .search(&game, &Limits::nodes(nodes), &mut |_| {})
                        .unwrap_or_else(|| panic!("{name}: no move"));
                    let legal = game.legal_moves();
                    assert!(
                        legal.contains(&found.pv[0]),
                        "{name}: {:?} is not legal in {}",
                        found.pv[0],
                        changeling::notation::to_fen(&rules, game.position())
                    );
                    seen += 1;
                }
                let legal = game.legal_moves();
                let mv = legal[rng.below(legal.len())];
                game.push(mv);
            }
        }
    }
}

#[test]
fn searches_answer_legal_turns_in_every_embedded_variant() {
    legal_answers(40, 400);
}

#[test]
#[ignore = "3,000 searches; about two minutes"]
fn searches_answer_legal_turns_in_every_embedded_variant_many() {
    legal_answers(300, 2_000);
}

/// The evaluation of `fen` with the positional terms as given, for the
/// side to move.
fn evaluate(fen: &str, mobility: bool, royal_safety: bool) -> i32 {
    let game = chess(fen);
    let options = changeling::search::Options {
        terms: changeling::search::Terms {
            mobility,
            royal_safety,
        },
        ..changeling::search::Options::default()
    };
    let mut engine = Engine::with_options(game.rules().clone(), options);
    engine.evaluate(game.position())
}

/// Mobility: a rook on d4 of an otherwise empty board moves to all 14
/// squares of its lines, 7 more than half of them: 3 centipawns each,
/// halved, 21. Kings are not counted. A rook boxed in on a1 by its own
/// pieces moves nowhere: 0 against its empty-board 14, so -21.
#[test]
fn mobility_counts_the_squares_a_rider_moves_to() {
    let open = "4k3/8/8/8/3R4/8/8/4K3 w - - 0 1";
    assert_eq!(
        evaluate(open, true, false) - evaluate(open, false, false),
        21
    );
    let boxed = "4k3/8/8/8/8/8/PP6/RN2K3 w - - 0 1";
    assert_eq!(
        evaluate(boxed, true, false) - evaluate(boxed, false, false),
        -21
    );
}

/// Royal safety: after 1.f3 White's king has four friendly units next
/// to it and Black's five, 12 centipawns each at full weight (every
/// piece on the board), and no enemy piece is within four squares of
/// either king: Black, to move, is 12 better off.
#[test]
fn royal_safety_counts_the_shelter_next_to_a_royal() {
    let fen = "rnbqkbnr/pppppppp/8/8/8/5P2/PPPPP1PP/RNBQKBNR b KQkq - 0 1";
    assert_eq!(evaluate(fen, false, true) - evaluate(fen, false, false), 12);
}
