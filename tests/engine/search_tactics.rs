//! The computer player finds each seed variant's own tactic: a mate by a
//! reserve drop (Mutatis Mutandis), by a pocket drop (Pocket Mutation), by
//! a stack moving as one (Fluid), by a knight that escapes an attack as a
//! queen (Metamorph), and an Atomic blast that destroys the enemy king
//! (Twelve Mutation).
//!
//! Each position is built so that exactly one turn wins at once. The
//! engine's choice is asserted as text, and the claim is checked without
//! the engine: every legal turn is played and the game's own verdict read,
//! so the winning turns are listed by enumeration. Each test also takes
//! away the variant's device (the drop not yet due, the other piece of the
//! class in the pocket, the mutator crossed out, the Moo going alone, the
//! attacker moved) and checks that the game is then not won at once. The
//! derivations are beside the positions.

use changeling::Game;
use changeling::board::Color;
use changeling::game::Outcome;
use changeling::notation::{to_fen, to_san};
use changeling::position::Move;
use changeling::search::{Engine, Limits, Report, Score};
use changeling::variants::load;

/// The game of `variant` from `fen`.
fn game(variant: &str, fen: &str) -> Game {
    let rules = load(variant).unwrap_or_else(|e| panic!("{variant}: {e:?}"));
    Game::from_fen(rules, fen, 0).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

/// A fresh engine's search of `game` to `depth`.
fn search(game: &Game, depth: u32) -> Report {
    let mut engine = Engine::new(game.rules().clone());
    engine
        .search(game, &Limits::depth(depth), &mut |_| {})
        .expect("a move in a game that is not over")
}

/// `mv` in SAN, in the position it is played from.
fn san(game: &Game, mv: &Move) -> String {
    to_san(game.rules(), game.position(), mv)
}

/// The game after `mv`.
fn after(game: &Game, mv: Move) -> Game {
    let mut g = game.clone();
    g.push(mv);
    g
}

/// The legal turn written `text` in SAN.
fn turn(game: &Game, text: &str) -> Move {
    let legal = game.legal_moves();
    let found: Vec<&Move> = legal.iter().filter(|m| san(game, m) == text).collect();
    assert_eq!(found.len(), 1, "{text} in {}", fen_of(game));
    *found[0]
}

/// The position as FEN.
fn fen_of(game: &Game) -> String {
    to_fen(game.rules(), game.position())
}

/// In SAN, sorted, every legal turn after which the game is over and won
/// by the side that made it: found by playing each one, not by search.
fn winning_turns(game: &Game) -> Vec<String> {
    let side = game.position().side();
    let mut won: Vec<String> = game
        .legal_moves()
        .into_iter()
        .filter(|&m| {
            matches!(after(game, m).outcome(),
                Some(Outcome::Decisive { winner, .. }) if winner == side)
        })
        .map(|m| san(game, &m))
        .collect();
    won.sort();
    won
}

/// The engine's move in `game` at `depth`: checks that it is `expect`,
/// scored as a mate in one, that it ends the game won by White for
/// `reason`, and that it is the only turn that wins at once. Returns the
/// game after it.
fn finds_the_only_win(game: &Game, depth: u32, expect: &str, reason: &str) -> Game {
    assert_eq!(game.position().side(), Color::White);
    let found = search(game, depth);
    assert_eq!(san(game, &found.pv[0]), expect, "{}", fen_of(game));
    assert_eq!(found.score, Score::Mate(1), "{expect}");
    let next = after(game, found.pv[0]);
    assert_eq!(
        next.outcome(),
        Some(Outcome::Decisive {
            winner: Color::White,
            reason: reason.into()
        }),
        "{expect}"
    );
    assert_eq!(winning_turns(game), [expect], "{}", fen_of(game));
    next
}

/// Mutatis Mutandis (rules 10.1, 10.2): a turn is an action and then,
/// inside the drop window, a drop from the reserve onto the own first
/// rank; the dropped piece may give mate.
#[test]
fn mutatis_mutandis_a_reserve_drop_mates() {
    // White's own turn 7 opens the window of the first reserve piece, a
    // Rook (the Amazon behind it waits for turns 12-16). The Black King on
    // h8 has no flight: g8 and g7 hold its own Rook and Pawn, and h7 is on
    // the h-file. The only line to it from the first rank is that file,
    // which White's own h2 pawn closes, and the Black knight on g3 guards
    // h1.
    //
    // 1. hxg3&R@h1#: the pawn's capture opens the file and removes the
    // guard of h1 at once (the pawn arrives on g3 as a Berolina, which
    // looks only straight ahead), and the Rook dropped after the action
    // checks along h2-h7. Nothing takes h1, and nothing interposes: the
    // g8 Rook is shut in by its King and the g7 pawn (it moves only along
    // the eighth rank), the g7 pawn has nothing to take on h6, and a Black
    // drop comes only with an action and only on the eighth rank.
    //
    // Every other action leaves the h2 pawn on the h-file (a King step,
    // h3, h4), so no drop checks; without a drop nothing of White's
    // reaches h8.
    let fen = "6rk/6p1/8/8/8/6n1/7P/K7<R{Amazon}/qr> w - - 0 7";
    let won = finds_the_only_win(&game("mutatis-mutandis", fen), 3, "hxg3&R@h1#", "checkmate");
    assert_eq!(
        fen_of(&won),
        "6rk/6p1/8/8/8/6{Berolina}1/8/K6R<-{Amazon}/qr> b - - 0 7 unmoved:h1"
    );
    // On turn 6 the window is not open: the same capture wins a knight,
    // but no turn mates.
    let early = game("mutatis-mutandis", &fen.replace(" 0 7", " 0 6"));
    assert!(early.legal_moves().iter().all(|m| m.drop.is_none()));
    assert_eq!(winning_turns(&early), Vec::<String>::new());
    assert_ne!(search(&early, 3).score, Score::Mate(1));
}

/// Pocket Mutation Chess (section 4): a pocketed piece is dropped, as a
/// whole turn, on any empty square but the own eighth rank, and a drop
/// may mate.
#[test]
fn pocket_mutation_a_pocket_drop_mates() {
    // White holds a Knight. The Black King on h8 is walled in by its own
    // Rook on g8 and pawns on g7 and h7.
    //
    // 1. N@f7#, a smothered mate: the Knight checks h8, no flight is free,
    // and nothing takes f7 (the Rook moves along the g-file and the eighth
    // rank, the pawns take downwards onto f6, g6 and h6, the King is two
    // files away). A knight's check cannot be blocked; Black's pocket is
    // empty, and pocketing a piece never lifts a check.
    //
    // The only other checking drop, N@g6+, is taken by the h7 pawn; the
    // White King's steps check nothing.
    let fen = "6rk/6pp/8/8/8/8/8/K7[N] w - - 0 20";
    let won = finds_the_only_win(&game("pocket-mutation", fen), 3, "N@f7#", "checkmate");
    assert_eq!(fen_of(&won), "6rk/5Npp/8/8/8/8/8/K7[] b - - 1 20");
    // Had the piece gone into the pocket as the other piece of its class,
    // a Bishop, no drop would mate: its one line to h8, the long diagonal,
    // ends on the g7 pawn.
    let bishop = game("pocket-mutation", &fen.replace("[N]", "[B]"));
    assert_eq!(winning_turns(&bishop), Vec::<String>::new());
    assert_ne!(search(&bishop, 3).score, Score::Mate(1));
}

/// Twelve Mutation Chess (6.1 and OQ-4): with the Atomic mutator on, a
/// capture removes the victim, the capturer and everything next to the
/// victim's square, kings included; destroying the enemy king wins at
/// once, even from check.
#[test]
fn twelve_mutation_an_atomic_blast_destroys_the_king() {
    // Atomic is on (its marker on h4 is face up). White is in check from
    // the Queen on d1, along the first rank; White's turns are Ka2, Kb2,
    // Bxd1 and Bxf7.
    //
    // 1. Bxf7 takes the pawn that the King on g8 defends. In plain chess
    // it would not even be legal here, as it leaves the White King in
    // check; in Atomic the blast removes the pawn, the Bishop and every
    // piece next to f7: the g7 pawn and the King on g8. The enemy king is
    // destroyed, which wins even though the own king is attacked.
    //
    // Bxd1 takes the checking Queen (its blast, around d1, stops short of
    // the King on a1) but ends nothing; the King's steps neither.
    let fen = "6k1/5ppp/8/8/8/1B6/8/K2q4[] w - - 0 1 {h4:atomic+}";
    let won = finds_the_only_win(
        &game("twelve-mutation", fen),
        3,
        "Bxf7",
        "royal piece destroyed",
    );
    assert_eq!(fen_of(&won), "8/7p/8/8/8/8/8/K2q4[] b - - 0 1 {h4:atomic+}");
    // With the marker crossed out Bxf7 is illegal, nothing wins at once,
    // and the engine takes the Queen.
    let plain = game("twelve-mutation", &fen.replace("atomic+", "atomic-"));
    assert_eq!(winning_turns(&plain), Vec::<String>::new());
    let found = search(&plain, 3);
    assert_eq!(san(&plain, &found.pv[0]), "Bxd1");
    assert!(!plain.legal_moves().iter().any(|m| san(&plain, m) == "Bxf7"));
}

/// Fluid Chess (sections 5B and 6): two friendly units on one square may
/// move together by either one's pattern, over empty squares; the stack
/// then attacks with both.
#[test]
fn fluid_a_stack_moving_as_one_mates() {
    // A Rook and a Moo share c6. The Black King on g8 sits behind its
    // pawns f7, g7 and h7, with a Bishop on c8 and a pawn on c7.
    //
    // 1. RNd8#: the pair moves by the Moo's pattern, c6 to d8 through the
    // empty d7 (the other path, through c7, is shut, but one open path is
    // enough), and on d8 the Rook checks along e8 and f8. Flights: f8 and
    // h8 are on the rank (h8 through the g8 the King leaves), f7, g7 and h7
    // are its own. The c8 Bishop cannot take on d8 nor reach e8 or f8, the
    // c7 pawn takes downwards, and the King is too far.
    //
    // Neither unit mates alone: the Moo on d8 (Nd8) gives no check, and
    // the Rook cannot climb past the c7 pawn. The pair's other checks
    // fail: on b8 the Rook's line is blocked by the c8 Bishop, and on e7
    // (RNe7+) the Moo checks through f8 but the King steps aside to h8.
    let fen = "2b3k1/2p2ppp/2(RN)5/8/8/8/8/K7 w - - 0 1";
    let start = game("fluid", fen);
    let won = finds_the_only_win(&start, 3, "RNd8#", "checkmate");
    assert_eq!(fen_of(&won), "2b(RN)2k1/2p2ppp/8/8/8/8/8/K7 b - - 1 1");
    let alone = after(&start, turn(&start, "Nd8"));
    assert_eq!(alone.outcome(), None);
    assert!(!alone.legal_moves().is_empty());
}

/// Metamorph Chess (sections 3, 4.1 and OQ-7): an attacked Knight that
/// moves without capturing arrives as a Queen, and the Queen gives check
/// at once.
#[test]
fn metamorph_an_attacked_knight_escapes_as_a_mating_queen() {
    // The b7 pawn attacks the Knight on c6. The Black King on g8 sits
    // behind its pawns f7, g7 and h7; its Bishop stands on c8.
    //
    // 1. Nd8=Q#: the Knight leaves the attack by a quiet move and turns
    // into a Queen, which checks along e8 and f8. Flights: f8 and h8 are
    // on the rank (h8 through the vacated g8), f7, g7 and h7 are its own.
    // The Bishop cannot take on d8 nor reach e8 or f8. As a Knight, d8
    // would not even be check.
    //
    // The Knight's other queen squares fail: from b8 the line is blocked
    // by the c8 Bishop, and a Queen on e7 does not see g8.
    let fen = "2b3k1/1p3ppp/2N5/8/8/8/5PPP/6K1 w - - 0 1";
    let won = finds_the_only_win(&game("metamorph", fen), 3, "Nd8=Q#", "checkmate");
    assert_eq!(fen_of(&won), "2bQ2k1/1p3ppp/8/8/8/8/5PPP/6K1 b - - 1 1");
    // With the pawn on a7 instead, the Knight is not attacked, stays a
    // Knight, and nothing mates at once.
    let unattacked = game("metamorph", &fen.replace("1p3ppp", "p4ppp"));
    assert_eq!(winning_turns(&unattacked), Vec::<String>::new());
    let quiet = after(&unattacked, turn(&unattacked, "Nd8"));
    assert_eq!(fen_of(&quiet), "2bN2k1/p4ppp/8/8/8/8/5PPP/6K1 b - - 1 1");
    assert_ne!(search(&unattacked, 3).score, Score::Mate(1));
}
