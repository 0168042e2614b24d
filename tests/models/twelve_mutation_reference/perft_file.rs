//! `tests/perft/twelve-mutation.perft`: every count the reference must
//! reproduce.

use super::*;

/// Whether every marker of the FEN `text` names a mutator the reference
/// models.
fn models(text: &str) -> bool {
    let Some(i) = text.find('{') else {
        return true;
    };
    let j = text.find('}').expect("closed marker field");
    text[i + 1..j].split_whitespace().all(|entry| {
        let name = entry.split_once(':').map_or("", |x| x.1);
        let name = name.trim_end_matches(['+', '-']);
        MUTATORS.iter().any(|m| m.0 == name)
    })
}

/// Every count of `tests/perft/twelve-mutation.perft` up to `limit`
/// nodes, computed by the reference (a position's `fen` line comes
/// before its counts; every mutator named there is modelled, and a die
/// not rolled in the FEN is summed over its eight rolls).
fn perft_file_agrees(limit: u64) -> usize {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/perft/twelve-mutation.perft"
    );
    let text = std::fs::read_to_string(path).unwrap();
    let (mut id, mut pos) = (String::new(), None);
    let mut checked = 0;
    for line in text.lines() {
        if let Some(rest) = line.strip_prefix("id ") {
            id = rest.to_string();
        } else if let Some(rest) = line.strip_prefix("fen ") {
            assert!(models(rest), "{id}: a mutator the reference lacks");
            // The writer's form, where the hands field may be left out
            // when both hands are empty.
            let p = parse(rest);
            let full = match rest.split_once(' ') {
                Some((board, tail)) if !board.contains('[') => format!("{board}[] {tail}"),
                _ => rest.to_string(),
            };
            assert_eq!(fen(&p), full, "{id}: the FEN is not in the writer's form");
            pos = Some(p);
        } else if let Some(rest) = line.strip_prefix("perft ") {
            let mut it = rest.split_whitespace();
            let depth: u32 = it.next().unwrap().parse().unwrap();
            let nodes: u64 = it.next().unwrap().parse().unwrap();
            let Some(p) = pos.as_ref() else {
                continue;
            };
            if nodes > limit {
                continue;
            }
            assert_eq!(
                reference_perft(p, depth, ENGINE),
                nodes,
                "{id} perft {depth}"
            );
            checked += 1;
        }
    }
    checked
}

/// The file's counts up to 30,000 nodes.
#[test]
fn perft_file_agrees_with_the_reference() {
    let checked = perft_file_agrees(30_000);
    assert!(checked >= 15, "only {checked} counts checked");
}

/// All of them: `cargo test --release --test models twelve_mutation_reference::
/// -- --ignored perft_file_in_full`.
#[test]
#[ignore]
fn perft_file_in_full_agrees_with_the_reference() {
    perft_file_agrees(u64::MAX);
}
