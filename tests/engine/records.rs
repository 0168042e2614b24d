//! Records that never lose a game: in seeded random games of every
//! built-in variant and of the shipped variant files, at every ply the
//! FEN reads back to the same FEN, hash and legal turns, every legal
//! turn's SAN and coordinates read back to that turn, and the whole game
//! written as PGN and read back is the same game (start, moves, and the
//! position, hash included, after each of them).
//!
//! A few games per variant run by default; `RECORD_GAMES=N cargo test
//! --release --test engine records:: -- --ignored` plays N per variant.

use crate::kit::scratch;
use changeling::game::{Game, Rng};
use changeling::notation::{Notation, parse_fen, to_fen, to_uci};
use changeling::record::{Sources, read_pgn, write_pgn};
use changeling::rules::Rules;
use changeling::variants::{EMBEDDED, load};
use std::path::Path;
use std::sync::Arc;

/// Every variant a record must keep: the built-in ones and the shipped
/// files with a game to play.
fn variants() -> Vec<(String, Arc<Rules>)> {
    let mut list: Vec<(String, Arc<Rules>)> = EMBEDDED
        .iter()
        .map(|(name, _)| (name.to_string(), load(name).expect("built in")))
        .collect();
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    for file in [
        "examples/variants/rococo.variant",
        "examples/variants/zoo.variant",
        "tests/scripts/reserve.variant",
        "tests/scripts/shuffle.variant",
        "tests/scripts/reserve_drops.variant",
    ] {
        let path = root.join(file);
        let rules = load(&path.display().to_string()).unwrap_or_else(|e| panic!("{file}: {e}"));
        list.push((file.to_string(), rules));
    }
    list
}

/// The legal turns of `pos` as coordinate texts, sorted.
fn turn_set(rules: &Rules, pos: &changeling::Position) -> Vec<String> {
    let mut v: Vec<String> = changeling::movegen::legal_moves(rules, pos)
        .iter()
        .map(|m| to_uci(rules, m))
        .collect();
    v.sort();
    v
}

/// Checks what must hold at one ply of `game`: the FEN round trip and
/// every turn's text reading back.
fn check_ply(name: &str, game: &Game) {
    let rules = game.rules();
    let pos = game.position();
    let fen = to_fen(rules, pos);
    let back = parse_fen(rules, &fen).unwrap_or_else(|e| panic!("{name}: {fen}: {e}"));
    assert_eq!(to_fen(rules, &back), fen, "{name}: FEN round trip");
    assert_eq!(back.hash(), pos.hash(), "{name}: hash after reading {fen}");
    assert!(
        back.same_position(pos, rules),
        "{name}: position after reading {fen}"
    );
    assert_eq!(
        turn_set(rules, &back),
        turn_set(rules, pos),
        "{name}: legal turns after reading {fen}"
    );
    let notation = Notation::with_turns(rules, pos, game.legal().to_vec());
    for (i, m) in notation.turns().iter().enumerate() {
        let san = notation.san(i);
        let read = notation
            .read(&san)
            .unwrap_or_else(|e| panic!("{name}: {fen}: SAN {e}"));
        assert_eq!(read, m, "{name}: {fen}: `{san}` reads another turn");
        // Check marks and annotations are read past.
        assert_eq!(notation.read(&format!("{san}+!?")).ok(), Some(m));
        let uci = to_uci(rules, m);
        let read = notation
            .read(&uci)
            .unwrap_or_else(|e| panic!("{name}: {fen}: `{uci}` does not read back: {e}"));
        assert_eq!(read, m, "{name}: {fen}: `{uci}` reads another turn");
    }
}

/// Plays a seeded random game of `rules` for at most `plies`, checking
/// every ply, then writes it as PGN and reads it back.
fn play_and_check(name: &str, rules: &Arc<Rules>, seed: u64, plies: usize) -> usize {
    let game = Game::new(rules.clone(), seed).unwrap_or_else(|e| panic!("{name}: {e}"));
    play_game_and_check(name, game, seed, plies).0
}

/// As [`play_and_check`], from `game`; returns the plies played and the
/// game's record.
fn play_game_and_check(name: &str, mut game: Game, seed: u64, plies: usize) -> (usize, String) {
    let rules = game.rules().clone();
    let rules = &rules;
    let mut rng = Rng::new(seed ^ 0x5eed);
    for _ in 0..plies {
        check_ply(name, &game);
        if game.outcome().is_some() {
            break;
        }
        let legal = game.legal_moves();
        let m = legal[rng.below(legal.len() as u64) as usize];
        game.push(m);
    }
    check_ply(name, &game);
    let text = write_pgn(&game, &Default::default());
    for line in text.lines().filter(|l| !l.starts_with('[')) {
        // Braces only around the die rolls, which are comments.
        let mut moves = line.to_string();
        while let Some(start) = moves.find("{roll:") {
            let end = moves[start..]
                .find('}')
                .map_or(moves.len(), |e| start + e + 1);
            moves.replace_range(start..end, "");
        }
        assert!(
            !moves.contains(['{', '}', '(', ')', ';', '$', '<', '>']) && line.len() < 80,
            "{name}: PGN movetext uses what PGN reserves: {line}"
        );
    }
    let dir = Path::new(rules.source()).parent();
    let sources = Sources { dir, current: None };
    let back = read_pgn(&text, 0, sources).unwrap_or_else(|e| panic!("{name}: {e}\n{text}"));
    // The seed is kept where it decides the game.
    if rules.has_chance() || rules.random_setup().is_some() {
        assert_eq!(back.seed, game.seed, "{name}");
    }
    assert_eq!(
        to_fen(rules, back.start()),
        to_fen(rules, game.start()),
        "{name}: start"
    );
    assert_eq!(back.history().len(), game.history().len(), "{name}\n{text}");
    for (i, ((m, p), (n, q))) in game.history().iter().zip(back.history()).enumerate() {
        assert_eq!(m, n, "{name}: move {}\n{text}", i + 1);
        assert_eq!(p.hash(), q.hash(), "{name}: before move {}", i + 1);
        assert_eq!(to_fen(rules, p), to_fen(back.rules(), q), "{name}: ply {i}");
    }
    assert_eq!(back.position().hash(), game.position().hash(), "{name}");
    assert_eq!(back.outcome(), game.outcome(), "{name}");
    (game.history().len(), text)
}

#[test]
fn records_of_seeded_games_read_back() {
    for (name, rules) in variants() {
        for seed in 1..=2 {
            play_and_check(&name, &rules, seed, 60);
        }
    }
}

/// Many games per variant: `RECORD_GAMES=N` (default 200).
#[test]
#[ignore]
fn records_of_many_seeded_games_read_back() {
    let games: u64 = std::env::var("RECORD_GAMES")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(200);
    for (name, rules) in variants() {
        let mut plies = 0;
        for seed in 100..100 + games {
            plies += play_and_check(&name, &rules, seed, 400);
        }
        println!("{name}: {games} games, {plies} plies");
    }
}

/// Real game records (`tests/games/`, FIDE chess with comments, clock
/// annotations, variations and glued move numbers) load with every move.
#[test]
fn real_records_load() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/games");
    for (file, plies, last) in [
        ("syrov_dgebuadze.pgn", 86, "Ne2+"),
        ("deep_blue_kasparov_1997.pgn", 89, "Ra6"),
        ("c60_ruy_lopez.pgn", 5, "Bb5"),
    ] {
        let path = dir.join(file);
        let text = changeling::record::read_text_file(&path).unwrap();
        let game = read_pgn(&text, 0, Sources::default()).unwrap_or_else(|e| panic!("{file}: {e}"));
        assert_eq!(game.history().len(), plies, "{file}");
        let (m, before) = game.history().last().unwrap();
        assert_eq!(
            changeling::notation::to_san(game.rules(), before, m),
            last,
            "{file}"
        );
        // Written again and read back, it is the same game.
        let again = write_pgn(&game, &Default::default());
        let back = read_pgn(&again, 0, Sources::default()).unwrap();
        assert_eq!(back.position().hash(), game.position().hash(), "{file}");
        assert_eq!(back.history().len(), plies, "{file}");
    }
}

/// What `load` refuses, with the reason and without echoing the file.
#[test]
fn bad_records_are_refused_with_a_reason() {
    let read = |text: &str| read_pgn(text, 0, Sources::default()).unwrap_err().0;
    let built_in: Vec<&str> = EMBEDDED.iter().map(|(n, _)| *n).collect();
    assert_eq!(
        read("[Variant \"Bughouse\"]\n1. e4 *"),
        format!(
            "the record's variant `Bughouse` is neither built in ({}) nor the one being played; start `changeling play` with its variant file, then load the record",
            built_in.join(", ")
        )
    );
    assert_eq!(
        read("1. e4 e5 2. Ke3 *"),
        "move 3 (2. Ke3): `Ke3`: no king can reach e3"
    );
    assert_eq!(
        read("[VariantSource \"/etc/passwd\"]\n*"),
        "the record's variant file: cannot load variant `/etc/passwd`: only a file name without folders is accepted"
    );
    assert_eq!(
        read("[VariantSource \"../secret.variant\"]\n*"),
        "the record's variant file: cannot load variant `../secret.variant`: only a file name without folders is accepted"
    );
    // A file beside the record that is no variant is not shown.
    let dir = scratch("records");
    std::fs::write(dir.join("secret.variant"), "top secret line\n").unwrap();
    let sources = Sources {
        dir: Some(&dir),
        current: None,
    };
    let e = read_pgn("[VariantSource \"secret.variant\"]\n*", 0, sources)
        .unwrap_err()
        .0;
    assert_eq!(
        e,
        "the record's variant file `secret.variant` does not load (1 problem; `changeling check` on it lists them)"
    );
    // Too large, and not text.
    std::fs::write(dir.join("nul.pgn"), b"1. e4\0").unwrap();
    let e = changeling::record::read_text_file(&dir.join("nul.pgn")).unwrap_err();
    assert!(e.0.ends_with("nul.pgn is not a text file"), "{e}");
    let big = vec![b' '; (changeling::record::MAX_RECORD_BYTES + 1) as usize];
    std::fs::write(dir.join("big.pgn"), big).unwrap();
    let e = changeling::record::read_text_file(&dir.join("big.pgn")).unwrap_err();
    assert!(
        e.0.ends_with("big.pgn is larger than 16 MiB: not a game record"),
        "{e}"
    );
    #[cfg(unix)]
    {
        // A device or a FIFO is refused before a byte is read (a FIFO
        // would block the reader for ever).
        let e = changeling::record::read_text_file(Path::new("/dev/zero")).unwrap_err();
        assert_eq!(e.0, "/dev/zero is not a regular file");
        let fifo = dir.join("pipe.variant");
        let made = std::process::Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .is_ok_and(|s| s.success());
        if made {
            let e = changeling::variants::load(fifo.to_str().unwrap()).unwrap_err();
            assert!(e.to_string().contains("is not a regular file"), "{e}");
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// Saves never share a temporary file and never leave one: `x.pgn` and
/// `x.txt` saved at the same time from many threads each hold a whole
/// record of their own, a target named like a temporary file is written
/// like any other, and a folder is refused with the folder untouched.
#[test]
fn saves_are_atomic_and_independent() {
    use changeling::record::write_atomically;
    let dir = scratch("saves");
    let texts = ["a".repeat(200_000), "b".repeat(300_000)];
    std::thread::scope(|s| {
        for _ in 0..8 {
            for (name, text) in [("x.pgn", &texts[0]), ("x.txt", &texts[1])] {
                let path = dir.join(name);
                s.spawn(move || {
                    write_atomically(&path, text.as_bytes()).unwrap();
                });
            }
        }
    });
    assert_eq!(
        std::fs::read_to_string(dir.join("x.pgn")).unwrap(),
        texts[0]
    );
    assert_eq!(
        std::fs::read_to_string(dir.join("x.txt")).unwrap(),
        texts[1]
    );
    let odd = dir.join("y.changeling-tmp");
    write_atomically(&odd, b"1. e4 *\n").unwrap();
    assert_eq!(std::fs::read_to_string(&odd).unwrap(), "1. e4 *\n");
    assert_eq!(
        write_atomically(&dir, b"x").unwrap_err().to_string(),
        "it is a folder, not a regular file"
    );
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert_eq!(names, ["x.pgn", "x.txt", "y.changeling-tmp"]);
    let _ = std::fs::remove_dir_all(&dir);
}

/// A save replaces only a regular file: `/dev/null`, a FIFO and a link
/// that leads nowhere are refused and left as they were; a link is
/// followed, so the file it leads to gets the record and the link stays
/// a link. The new file keeps the old one's permissions, and a new file
/// gets the umask's, not a temporary file's 0600.
#[cfg(unix)]
#[test]
fn saves_replace_only_regular_files_and_keep_their_modes() {
    use changeling::record::write_atomically;
    use std::os::unix::fs::{FileTypeExt, PermissionsExt};
    let dir = scratch("save-targets");
    let e = write_atomically(std::path::Path::new("/dev/null"), b"x").unwrap_err();
    assert_eq!(e.to_string(), "it is a device, not a regular file");
    assert!(
        std::fs::symlink_metadata("/dev/null")
            .unwrap()
            .file_type()
            .is_char_device()
    );
    let fifo = dir.join("fifo");
    if std::process::Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .is_ok_and(|s| s.success())
    {
        let e = write_atomically(&fifo, b"x").unwrap_err();
        assert_eq!(e.to_string(), "it is a FIFO, not a regular file");
        assert!(
            std::fs::symlink_metadata(&fifo)
                .unwrap()
                .file_type()
                .is_fifo()
        );
    }
    let record = dir.join("record.pgn");
    std::fs::write(&record, "old").unwrap();
    std::fs::set_permissions(&record, std::fs::Permissions::from_mode(0o640)).unwrap();
    let link = dir.join("link.pgn");
    std::os::unix::fs::symlink(&record, &link).unwrap();
    write_atomically(&link, b"1. e4 *\n").unwrap();
    assert!(
        std::fs::symlink_metadata(&link)
            .unwrap()
            .file_type()
            .is_symlink()
    );
    assert_eq!(std::fs::read_to_string(&record).unwrap(), "1. e4 *\n");
    let mode = std::fs::metadata(&record).unwrap().permissions().mode();
    assert_eq!(mode & 0o777, 0o640);
    let dangling = dir.join("dangling.pgn");
    std::os::unix::fs::symlink(dir.join("missing/x.pgn"), &dangling).unwrap();
    let e = write_atomically(&dangling, b"x").unwrap_err();
    assert_eq!(e.to_string(), "it is a symbolic link that leads nowhere");
    // A new file: what the umask leaves of 0666, as `touch` would make.
    let touched = dir.join("touched");
    std::fs::write(&touched, "").unwrap();
    let fresh = dir.join("fresh.pgn");
    write_atomically(&fresh, b"*\n").unwrap();
    let mode = |p: &std::path::Path| std::fs::metadata(p).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode(&fresh), mode(&touched));
    let _ = std::fs::remove_dir_all(&dir);
}

/// A king whose partner has moved keeps its unmoved state in the FEN:
/// a rook dropped from the reserve on the corner gives castling back, in
/// the game and in the position read from its FEN (Mutatis Mutandis
/// cornering).
#[test]
fn a_king_keeps_its_unmoved_state_through_the_fen() {
    let rules = load("mutatis-mutandis").unwrap();
    let start = parse_fen(&rules, "4k3/pppppppp/8/8/8/8/PPPPPPP1/4K2R<R/r> w H - 0 6").unwrap();
    let mut game = Game::from_position(rules.clone(), start, 0);
    game.play_text("Rh3").unwrap();
    let fen = to_fen(&rules, game.position());
    assert!(fen.ends_with(" b - - 1 6 unmoved:e1"), "{fen}");
    for text in ["a6", "a3&R@h1", "b6"] {
        game.play_text(text)
            .unwrap_or_else(|e| panic!("{text}: {e}"));
    }
    let castles = |pos: &changeling::Position| {
        changeling::movegen::legal_moves(&rules, pos)
            .iter()
            .filter(|m| matches!(m.kind, changeling::position::MoveKind::Castle(_)))
            .count()
    };
    assert_eq!(castles(game.position()), 1);
    let read = parse_fen(&rules, &to_fen(&rules, game.position())).unwrap();
    assert_eq!(castles(&read), 1);
    assert_eq!(read.hash(), game.position().hash());
}

/// In a variant without royal pieces, any piece on the king's square
/// castles, and the FEN writes the rights it has.
#[test]
fn castling_rights_of_a_king_that_is_not_royal_are_written() {
    let rules = changeling::variants::load_str(
        "plain",
        "variant plain : chess { piece king { royal = false } }",
    )
    .unwrap();
    let fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
    let pos = parse_fen(&rules, fen).unwrap();
    assert_eq!(to_fen(&rules, &pos), fen);
    let castles = changeling::movegen::legal_moves(&rules, &pos)
        .iter()
        .filter(|m| matches!(m.kind, changeling::position::MoveKind::Castle(_)))
        .count();
    assert_eq!(castles, 2);
}

/// Twelve Mutation with the dice, Avalanche, Swap, Drop and Atomic on
/// from the first move: seeded games, every ply checked and the whole
/// game saved and loaded (rolls, pushes, promotion choices, swaps,
/// drops and blasts in the record).
#[test]
fn records_of_twelve_mutation_with_every_kind_of_turn() {
    let rules = load("twelve-mutation").unwrap();
    let fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1 {a4:dice+ h4:avalanche+ a5:swap+ h5:drop+ b4:atomic+ g4:cannon- b5:rider- g5:berolina-}";
    let mut all = String::new();
    for seed in 1..=3 {
        let start = parse_fen(&rules, fen).unwrap();
        let game = Game::from_position(rules.clone(), start, seed);
        all.push_str(&play_game_and_check("twelve-mutation, all on", game, seed, 120).1);
    }
    // The records hold rolls, pushes, swaps and drops.
    for part in ["{roll:", "&", "~", "@"] {
        assert!(all.contains(part), "no `{part}` in\n{all}");
    }
}

/// The tags of a saved game, in order: the Seven Tag Roster, then
/// `Variant` (none for FIDE chess), `VariantSource` for a variant file,
/// `Seed` only where the seed decides the game (dice, random setups), and
/// `SetUp`/`FEN` only for a game that starts elsewhere than the setup.
#[test]
fn saved_games_carry_the_tags_readers_expect() {
    fn tags(text: &str) -> Vec<String> {
        text.lines()
            .take_while(|l| l.starts_with('['))
            .map(|l| l[1..].split(' ').next().unwrap().to_string())
            .collect()
    }
    const ROSTER: [&str; 7] = ["Event", "Site", "Date", "Round", "White", "Black", "Result"];
    let with = |extra: &[&str]| -> Vec<String> {
        ROSTER.iter().chain(extra).map(|s| s.to_string()).collect()
    };
    let chess = load("chess").unwrap();
    let game = Game::new(chess.clone(), 9).unwrap();
    let text = write_pgn(&game, &Default::default());
    assert_eq!(tags(&text), with(&[]), "{text}");
    assert!(text.contains("[Result \"*\"]"), "{text}");
    let fen = "4k3/8/8/8/8/8/8/R3K3 w Q - 0 1";
    let game = Game::from_position(chess.clone(), parse_fen(&chess, fen).unwrap(), 9);
    let text = write_pgn(&game, &Default::default());
    assert_eq!(tags(&text), with(&["SetUp", "FEN"]), "{text}");
    assert!(text.contains(&format!("[FEN \"{fen}\"]")), "{text}");
    let metamorph = load("metamorph").unwrap();
    let text = write_pgn(&Game::new(metamorph, 9).unwrap(), &Default::default());
    assert_eq!(tags(&text), with(&["Variant"]), "{text}");
    assert!(text.contains("[Variant \"metamorph\"]"), "{text}");
    // Random setups and dice keep their seed.
    let mm = load("mutatis-mutandis").unwrap();
    let text = write_pgn(&Game::new(mm, 9).unwrap(), &Default::default());
    assert_eq!(
        tags(&text),
        with(&["Variant", "Seed", "SetUp", "FEN"]),
        "{text}"
    );
    let rococo = load("examples/variants/rococo.variant").unwrap();
    let text = write_pgn(&Game::new(rococo, 9).unwrap(), &Default::default());
    assert_eq!(tags(&text), with(&["Variant", "VariantSource"]), "{text}");
    assert!(
        text.contains("[VariantSource \"rococo.variant\"]"),
        "{text}"
    );
    // lichess writes `From Position` for chess from a FEN.
    let lichess = format!(
        "[Event \"?\"]\n[Variant \"From Position\"]\n[SetUp \"1\"]\n[FEN \"{fen}\"]\n\n1. Ra8# *\n"
    );
    let back = read_pgn(&lichess, 0, Sources::default()).unwrap();
    assert_eq!(back.rules().name(), "chess");
    assert_eq!(
        to_fen(&chess, back.position()),
        "R3k3/8/8/8/8/8/8/4K3 b - - 1 1"
    );
}

/// An Avalanche push onto the last rank, and the owner's promotion chosen
/// first thing the next turn, are saved and read back as played.
#[test]
fn a_deferred_promotion_is_saved_and_read_back() {
    let rules = load("twelve-mutation").unwrap();
    let fen = "4k3/8/8/8/8/8/1p6/7K[] w - - 5 1 {a4:avalanche+}";
    let mut game = Game::from_position(rules.clone(), parse_fen(&rules, fen).unwrap(), 3);
    for text in ["Kh2&b1", "b1=N&Kd7", "Kg3"] {
        let m = changeling::notation::parse_move(&rules, game.position(), text).unwrap();
        game.push(m);
    }
    let (_, text) = play_game_and_check("twelve-mutation, deferred", game, 3, 0);
    assert!(text.contains("b1=N&Kd7"), "{text}");
}

/// Reading a long record costs a few turns spelled a ply, counted, not
/// timed: a 2,000-ply game of knights going back and forth (a variant
/// with neither the fifty-move rule nor repetition) reads with one
/// listing of the legal turns and at most three turns spelled a ply, and
/// the same moves in coordinates (as UCI's `position startpos moves`
/// sends them) with nothing spelled. Spelling every turn cost 165 µs a
/// ply: a 100,000-ply game took 16.5 s to load.
#[test]
fn a_long_record_reads_at_a_few_spellings_a_ply() {
    use changeling::movegen::listings;
    use changeling::notation::{parse_move, spellings};
    let rules = changeling::variants::load_str(
        "long.variant",
        "variant long : chess { ending { fifty_move = 0 repetition = 0 } }\n",
    )
    .unwrap();
    let sans = ["Nf3", "Nf6", "Ng1", "Ng8"];
    let mut text = String::from("[Variant \"long\"]\n\n");
    for i in 0..2000 {
        if i % 2 == 0 {
            text.push_str(&format!("{}. ", i / 2 + 1));
        }
        text.push_str(sans[i % 4]);
        text.push(' ');
    }
    text.push_str("*\n");
    let sources = Sources {
        dir: None,
        current: Some(&rules),
    };
    let (listed, spelled) = (listings(), spellings());
    let game = read_pgn(&text, 0, sources).unwrap();
    let (listed, spelled) = (listings() - listed, spellings() - spelled);
    assert_eq!(game.history().len(), 2000);
    assert_eq!(
        to_fen(&rules, game.position()),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 2000 1001"
    );
    assert!(listed <= 2 * 2000, "{listed} listings");
    assert!(spelled <= 3 * 2000, "{spelled} turns spelled");
    let mut pos = game.history()[0].1.clone();
    let spelled = spellings();
    for uci in ["g1f3", "g8f6", "f3g1", "f6g8"].iter().cycle().take(2000) {
        let m = parse_move(&rules, &pos, uci).unwrap();
        pos.play_unchecked(&rules, &m);
    }
    assert_eq!(spellings() - spelled, 0);
}
