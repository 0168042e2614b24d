//! Move text against move generation: in the same run, the time to
//! generate a position's legal moves (the reference), to write every
//! legal move in SAN (what `moves` and completion do), to read a move, and
//! to refuse a typo with its reason. Each is printed as a ratio to the
//! reference, so the figures hold on a machine whose speed drifts.
//!
//! `cargo bench --bench movetext`

use changeling::movegen::legal_moves;
use changeling::notation::{Notation, parse_fen, parse_move};
use changeling::variants::load;
use std::hint::black_box;
use std::time::{Duration, Instant};

/// The best of `runs` timings of `f`.
fn best(runs: usize, mut f: impl FnMut()) -> Duration {
    (0..runs)
        .map(|_| {
            let t = Instant::now();
            f();
            t.elapsed()
        })
        .min()
        .unwrap_or_default()
}

fn main() {
    let cases = [
        ("mutatis-mutandis", MUTATIS_MUTANDIS, "Qd4"),
        (
            "chess",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "Qd4",
        ),
    ];
    println!(
        "| variant | legal moves | generate (reference) | write all SAN | read one | refuse a typo |"
    );
    println!("| --- | --- | --- | --- | --- | --- |");
    for (variant, fen, typo) in cases {
        let rules = load(variant).expect("built in");
        let pos = parse_fen(&rules, fen).expect("valid FEN");
        let legal = legal_moves(&rules, &pos);
        let n = legal.len();
        let runs = 5;
        let generate = best(runs, || {
            black_box(legal_moves(&rules, &pos));
        });
        let mut sans = Vec::new();
        let write = best(runs, || {
            let notation = Notation::new(&rules, &pos);
            sans = (0..notation.turns().len())
                .map(|i| notation.san(i))
                .collect();
            black_box(&sans);
        });
        let last = sans.last().cloned().unwrap_or_default();
        let read = best(runs, || {
            black_box(parse_move(&rules, &pos, &last).expect("reads back"));
        });
        let refuse = best(runs, || {
            black_box(parse_move(&rules, &pos, typo).expect_err("a typo"));
        });
        let ratio = |d: Duration| d.as_secs_f64() / generate.as_secs_f64();
        println!(
            "| {variant} | {n} | {:.2} ms | {:.2} ms ({:.1}x) | {:.2} ms ({:.1}x) | {:.2} ms ({:.1}x) |",
            generate.as_secs_f64() * 1e3,
            write.as_secs_f64() * 1e3,
            ratio(write),
            read.as_secs_f64() * 1e3,
            ratio(read),
            refuse.as_secs_f64() * 1e3,
            ratio(refuse),
        );
    }
}

/// A Mutatis Mutandis middle game (seeded random play) with 602 legal
/// turns, a reserve drop due with most actions.
const MUTATIS_MUTANDIS: &str = "{hydra}2{chameleon}4/1{archbishop}r1p{cannonpawn}{maoking}1/{berolina}2P2{archer}{berolina}/2{scorpion}{Gryphon}2{aanca}{scorpion}/{Berolina}3{amazon}3/{Cannonpawn}1{Berolina}1p1{Archer}1/{Swapper}{advancer}3PPP/1{sissa}2{Hydra}{Maoking}{Amazon}{Withdrawer}<-----{Dragonking}{Oxybeles}{Immobilizer}{Hydra}R{Dancinghorse}{Withdrawer}{Crookedrook}{Knightwazir}{Mamra}N/-----{dragonking}{oxybeles}{immobilizer}{hydra}r{dancinghorse}{withdrawer}{crookedrook}{knightwazir}{mamra}n> b - - 2 31 unmoved:e1,g1,h1,a8,d8";
