//! `changeling xboard` as XBoard drives it: CECP sessions written to its
//! standard input, its answers read back.

/// The session's answers to `lines` (see `kit::protocol_session`).
fn session(lines: &[&str]) -> Vec<String> {
    crate::kit::protocol_session("xboard", lines)
}

/// Thinking lines without their time (the third field).
fn steady(line: &str) -> String {
    let words: Vec<&str> = line.split(' ').collect();
    if words.len() >= 4 && words[0].parse::<u32>().is_ok() {
        let mut w = words.clone();
        w.remove(2);
        return w.join(" ");
    }
    line.to_string()
}

#[test]
fn the_handshake_lists_features_and_variants() {
    let out = session(&["xboard", "protover 2", "ping 7"]);
    assert!(
        out[0].starts_with("feature ping=1 setboard=1 usermove=1 time=1"),
        "{}",
        out[0]
    );
    assert!(out[0].contains(" analyze=1 "), "{}", out[0]);
    assert!(
        out[0].contains("variants=\"normal,capablanca,metamorph"),
        "{}",
        out[0]
    );
    assert_eq!(out[1..], ["feature done=1", "pong 7"]);
}

#[test]
fn the_engine_answers_as_black_and_mates_when_told_to_go() {
    let out = session(&[
        "xboard",
        "new",
        "sd 2",
        "usermove e2e4",
        "#await move",
        "ping 1",
        "usermove e2e4",
        "force",
        "setboard 6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1",
        "post",
        "go",
        "#await move",
        "ping 2",
    ]);
    let out: Vec<String> = out.iter().map(|l| steady(l)).collect();
    assert!(out[0].starts_with("move "), "{out:?}");
    assert_eq!(
        out[1..],
        [
            "pong 1",
            "Illegal move: e2e4",
            "1 100001 42 d1d8",
            "2 100001 100 d1d8",
            "move d1d8",
            "1-0 {checkmate}",
            "pong 2",
        ]
    );
}

#[test]
fn variants_xboard_does_not_know_are_set_up_and_bad_input_refused() {
    let out = session(&[
        "xboard",
        "variant pocket-mutation",
        "variant bughouse",
        "setboard 8/8/8 w - - 0 1",
        "level 40 x 0",
        "frobnicate",
        "new",
        "variant normal",
        "force",
        "usermove e2e4",
        "usermove e7e5",
        "undo",
        "usermove d7d5",
        "ping 3",
    ]);
    let out: Vec<&String> = out
        .iter()
        .filter(|l| !l.starts_with("piece ") && !l.starts_with("# "))
        .collect();
    assert!(
        out[0].starts_with("setup (")
            && out[0]
                .ends_with(" 8x8+8_fairy rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w - - 0 1"),
        "{}",
        out[0]
    );
    assert_eq!(out[1], "Error (unknown variant): bughouse");
    assert!(
        out[2].starts_with("tellusererror Illegal position: "),
        "{}",
        out[2]
    );
    assert_eq!(out[3], "Error (bad level): level 40 x 0");
    assert_eq!(out[4], "Error (unknown command): frobnicate");
    assert_eq!(out[5..], ["pong 3"]);
}

#[test]
fn fairy_pieces_get_images_and_their_moves() {
    let out = crate::kit::protocol_session(
        "xboard examples/variants/menagerie.variant",
        &[
            "xboard",
            "protover 2",
            "new",
            "variant menagerie",
            "variant capablanca",
            "ping 1",
        ],
    );
    assert!(out[0].contains(",menagerie\""), "{}", out[0]);
    assert_eq!(
        out[2..],
        [
            "setup (PNBRQ..AC..OIKpnbrq..ac..oik) 8x8+0_fairy ribakcor/pppppppp/8/8/8/8/PPPPPPPP/RIBAKCOR w KQkq - 0 1",
            "piece I& N0",
            "piece A& BN",
            "piece C& RN",
            "piece O& mRcpR",
            "pong 1",
        ]
    );
}

#[test]
fn pieces_xboard_cannot_be_told_are_named_in_comments() {
    let out = crate::kit::protocol_session(
        "xboard examples/variants/rococo.variant",
        &["variant fluid", "variant rococo", "ping 1"],
    );
    assert_eq!(
        out[..3],
        [
            "setup (P.BR................Q........NKp.br................q........nk) 8x8+0_fairy rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "# knight (N): XBoard's Betza cannot say `afsK`",
            "# queen (Q): a stack of units, which XBoard cannot show",
        ]
    );
    assert!(out[3].starts_with("setup ("), "{}", out[3]);
    assert!(
        out.contains(&"# chameleon (C): captures by imitation, which XBoard cannot be told".into()),
        "{out:?}"
    );
    assert_eq!(out.last().map(String::as_str), Some("pong 1"));
}

#[test]
fn pocket_variants_get_holdings_and_drops_read_as_xboard_writes_them() {
    let out = session(&["variant pocket-mutation", "ping 1"]);
    assert_eq!(
        out[0],
        "setup (PNBRQ..AM...IDG.Z..VUFW..XH..TKpnbrq..am...idg.z..vufw..xh..tk) 8x8+8_fairy rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w - - 0 1"
    );
    assert_eq!(
        out[1],
        "# XBoard's holdings show 8 of the 18 kinds a hand may hold"
    );
    assert!(out.contains(&"piece T& QN".into()), "{out:?}");

    let out = crate::kit::protocol_session(
        "xboard benches/variants/crazyhouse.variant",
        &[
            "xboard",
            "protover 2",
            "new",
            "variant crazyhouse",
            "force",
            "usermove e2e4",
            "usermove d7d5",
            "usermove e4d5",
            "usermove d8d5",
            "usermove b1c3",
            "usermove P@e4",
            "usermove c3e4",
            "usermove d5e4",
            "usermove P@e2",
            "usermove Q@e5",
            "ping 1",
        ],
    );
    assert!(out[0].contains(",crazyhouse\""), "{}", out[0]);
    assert_eq!(out[2..], ["Illegal move: Q@e5", "pong 1"]);
}

/// `?` (move now) ends a long search at once with a legal move, and the
/// engine reads commands while it thinks: the `ping` sent after the `?`
/// is answered after the move.
#[test]
fn move_now_ends_a_long_search_with_a_legal_move() {
    use changeling::notation::{parse_fen, parse_move};
    let out = session(&[
        "xboard",
        "protover 2",
        "new",
        "post",
        "st 86400",
        "usermove d2d4",
        "#sleep 300",
        "?",
        "ping 7",
    ]);
    // Told to think up to a day, it moved when told to: without `?` the
    // session would outlast the guard and fail, whatever the load.
    let moves: Vec<&String> = out.iter().filter(|l| l.starts_with("move ")).collect();
    assert_eq!(moves.len(), 1, "{out:?}");
    let rules = changeling::variants::load("chess").unwrap();
    let mut pos = parse_fen(
        &rules,
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    )
    .unwrap();
    let d4 = parse_move(&rules, &pos, "d2d4").unwrap();
    pos.play_unchecked(&rules, &d4);
    let reply = moves[0].strip_prefix("move ").unwrap();
    assert!(parse_move(&rules, &pos, reply).is_ok(), "{reply}");
    let at = |want: &str| out.iter().position(|l| l == want).unwrap();
    assert!(at(moves[0]) < at("pong 7"), "{out:?}");
    // It thought before it was told to move: thinking lines came first.
    assert!(
        out[..at(moves[0])].iter().any(|l| l
            .split(' ')
            .next()
            .is_some_and(|w| w.parse::<u32>().is_ok())),
        "{out:?}"
    );
}

/// Lines that are not thinking output.
fn said(out: &[String]) -> Vec<&str> {
    out.iter()
        .map(String::as_str)
        .filter(|l| {
            l.split(' ')
                .next()
                .is_none_or(|w| w.parse::<u32>().is_err())
        })
        .filter(|l| !l.starts_with("feature "))
        .collect()
}

/// Commands sent while the engine thinks for a day (`st 86400`) are not
/// held up behind its search: `force` abandons it without a move, and
/// the moves after it are the user's; the end of the input ends a long
/// search too, without a move, and the session. Sent at once, with no
/// pause: no output compared depends on how far a search got.
#[test]
fn commands_during_a_long_search_are_read_at_once() {
    let out = session(&[
        "xboard",
        "protover 2",
        "new",
        "st 86400",
        "usermove e2e4",
        "force",
        "usermove e7e5",
        "ping 1",
        "go",
        "new",
        "usermove d2d4",
    ]);
    assert_eq!(said(&out), ["pong 1"], "{out:?}");
}

/// Analysis: the engine searches the current position without moving,
/// posting thinking lines whatever `post` says, and starts again on each
/// change: a move, `undo`, `setboard`, `new`; `.` is answered with a
/// `stat01:` line and `ping` at once; `exit` ends it. Each step waits
/// for a thinking line of the position it set up (a mate in one, found
/// at depth 1 with the mating move), not for any time.
#[test]
fn analysis_follows_the_position_without_moving() {
    let white_mates = "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1";
    let black_mates = "3r2k1/5ppp/8/8/8/8/5PPP/6K1 b - - 0 1";
    let out = session(&[
        "xboard",
        "protover 2",
        "new",
        "force",
        &format!("setboard {white_mates}"),
        "nopost",
        "analyze",
        "#await 1 100001 ",
        ".",
        "#await stat01:",
        "ping 1",
        "#await pong 1",
        "usermove g1f1",
        "#await 1 ",
        "undo",
        "#await 1 100001 ",
        &format!("setboard {black_mates}"),
        "#await 1 100001 ",
        "new",
        "#await 1 ",
        "exit",
        "ping 2",
    ]);
    let thinking: Vec<(usize, Vec<&str>)> = out
        .iter()
        .enumerate()
        .filter(|(_, l)| l.starts_with("1 "))
        .map(|(i, l)| (i, l.split(' ').collect()))
        .collect();
    // Depth 1 of each position in turn: the mate, Black's reply after
    // Kf1, the mate again after `undo`, Black's mate, the start.
    assert_eq!(thinking.len(), 5, "{out:?}");
    let pv = |n: usize| thinking[n].1[4..].join(" ");
    assert_eq!(thinking[0].1[1], "100001", "{out:?}");
    assert_eq!(pv(0), "d1d8");
    assert_ne!(thinking[1].1[1], "100001", "{out:?}");
    assert_eq!(pv(2), "d1d8");
    assert_eq!(pv(3), "d8d1");
    let rules = changeling::variants::load("chess").unwrap();
    let start = changeling::notation::parse_fen(&rules, rules.setup()).unwrap();
    assert!(
        changeling::notation::parse_move(&rules, &start, thinking[4].1[4]).is_ok(),
        "{out:?}"
    );
    // No move is made, and nothing is said but these.
    let said = said(&out);
    assert_eq!(said.len(), 3, "{out:?}");
    let stat: Vec<&str> = said[0].split(' ').collect();
    assert_eq!(stat[0], "stat01:", "{out:?}");
    assert_eq!(stat.len(), 6, "{out:?}");
    assert!(
        stat[1..].iter().all(|w| w.parse::<u64>().is_ok()),
        "{out:?}"
    );
    assert_eq!(stat[4..], ["0", "20"], "{out:?}");
    assert_eq!(said[1..], ["pong 1", "pong 2"]);
    assert_eq!(out.last().unwrap(), "pong 2", "nothing after `exit`");
}

/// A line of 3 MB is refused, read to its end without being held, and
/// the next line answered.
#[test]
fn an_overlong_line_is_refused_and_the_next_one_read() {
    let long = format!("usermove {}", "e".repeat(3 << 20));
    let out = session(&["xboard", &long, "ping 1"]);
    assert_eq!(
        out,
        ["Error (line too long): more than 1048576 bytes", "pong 1"]
    );
}
