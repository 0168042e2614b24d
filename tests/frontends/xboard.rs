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
        "ping 1",
        "usermove e2e4",
        "force",
        "setboard 6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1",
        "post",
        "go",
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
            "2 100001 103 d1d8",
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
        "variant crazyhouse",
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
    assert_eq!(
        out[0],
        "setup 8x8+0_fairy rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w - - 0 1"
    );
    assert_eq!(out[1], "Error (unknown variant): crazyhouse");
    assert!(
        out[2].starts_with("tellusererror Illegal position: "),
        "{}",
        out[2]
    );
    assert_eq!(out[3], "Error (bad level): level 40 x 0");
    assert_eq!(out[4], "Error (unknown command): frobnicate");
    assert_eq!(out[5..], ["pong 3"]);
}
