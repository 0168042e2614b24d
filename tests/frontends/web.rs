//! The browser board's wire protocol (JSON in, JSON out) and
//! `changeling serve` answering it over real HTTP.

use changeling::web::protocol::{Request, State, handle_json, handle_shared};
use changeling::web::serve::Server;
use serde_json::{Value, json};
use std::io::{Read, Write};
use std::net::TcpStream;

/// Sends `request` (a JSON value) and reads the answer.
fn ask(state: &mut State, request: Value) -> Value {
    let answer = handle_json(state, &request.to_string());
    serde_json::from_str(&answer).unwrap()
}

/// A new game of `variant`: its id and view.
fn new_game(state: &mut State, variant: &str) -> (String, Value) {
    let view = ask(state, json!({"op": "new", "variant": variant}));
    assert_eq!(view["type"], "game", "{view}");
    (view["game"].as_str().unwrap().to_string(), view)
}

/// The units on `square` of a board, as (side, kind) pairs.
fn units(board: &Value, square: &str) -> Vec<(String, String)> {
    let sq = board["squares"]
        .as_array()
        .unwrap()
        .iter()
        .find(|q| q["name"] == square)
        .unwrap();
    sq["units"]
        .as_array()
        .unwrap()
        .iter()
        .map(|u| {
            (
                u["side"].as_str().unwrap().to_string(),
                u["kind"].as_str().unwrap().to_string(),
            )
        })
        .collect()
}

fn pair(side: &str, kind: &str) -> Vec<(String, String)> {
    vec![(side.to_string(), kind.to_string())]
}

#[test]
fn a_new_game_of_chess_has_twenty_turns_and_plays_e4() {
    let mut state = State::new();
    let (id, view) = new_game(&mut state, "chess");
    assert_eq!(id, "g1");
    assert_eq!(view["variant"], "chess");
    assert_eq!(view["turns"].as_array().unwrap().len(), 20);
    assert_eq!(view["moves"], json!([]));
    assert_eq!(view["outcome"], Value::Null);
    assert_eq!(view["board"]["width"], 8);
    assert_eq!(view["board"]["side"], "white");
    let after = ask(
        &mut state,
        json!({"op": "play", "game": id, "text": "e2e4"}),
    );
    assert_eq!(after["type"], "game");
    assert_eq!(after["played"]["san"], "e4");
    assert_eq!(after["moves"], json!(["e4"]));
    assert_eq!(units(&after["board"], "e4"), pair("white", "pawn"));
    assert!(units(&after["board"], "e2").is_empty());
    assert_eq!(after["board"]["last_move"], json!(["e2", "e4"]));
    assert_eq!(after["board"]["side"], "black");
    assert_eq!(after["turns"].as_array().unwrap().len(), 20);
    assert_eq!(
        after["board"]["fen"],
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"
    );
}

#[test]
fn a_turn_plays_by_its_index_in_the_list() {
    let mut state = State::new();
    let (id, view) = new_game(&mut state, "chess");
    let nf3 = view["turns"]
        .as_array()
        .unwrap()
        .iter()
        .find(|t| t["san"] == "Nf3")
        .unwrap();
    assert_eq!(nf3["from"], "g1");
    assert_eq!(nf3["to"], "f3");
    let after = ask(
        &mut state,
        json!({"op": "play", "game": id, "index": nf3["index"]}),
    );
    assert_eq!(after["moves"], json!(["Nf3"]));
    assert_eq!(units(&after["board"], "f3"), pair("white", "knight"));
}

#[test]
fn garbage_and_unknown_requests_answer_errors() {
    let mut state = State::new();
    for text in [
        "",
        "{",
        "not json",
        "[1,2]",
        "{\"op\":\"fly\"}",
        "{\"op\":\"play\"}",
    ] {
        let answer: Value = serde_json::from_str(&handle_json(&mut state, text)).unwrap();
        assert_eq!(answer["type"], "error", "{text}");
        assert_eq!(answer["error"]["kind"], "bad_request", "{text}");
        assert!(
            answer["message"]
                .as_str()
                .unwrap()
                .starts_with("bad request: ")
        );
    }
    let answer = ask(&mut state, json!({"op": "state", "game": "g9"}));
    assert_eq!(
        answer,
        json!({"type": "error", "error": {"kind": "no_such_game", "game": "g9"},
               "message": "there is no game `g9`"})
    );
    let (id, _) = new_game(&mut state, "chess");
    let answer = ask(&mut state, json!({"op": "play", "game": id}));
    assert_eq!(answer["error"]["kind"], "bad_request");
    let answer = ask(&mut state, json!({"op": "new", "variant": "chesss"}));
    assert_eq!(answer["error"]["kind"], "variant");
    assert_eq!(
        answer["error"]["problems"][0]["message"],
        "no built-in variant is called `chesss`; did you mean `chess`?"
    );
}

#[test]
fn a_failing_call_leaves_the_game_as_it_was() {
    let mut state = State::new();
    let (id, _) = new_game(&mut state, "chess");
    ask(&mut state, json!({"op": "play", "game": id, "text": "e4"}));
    let before = ask(&mut state, json!({"op": "state", "game": id}));
    let bad = [
        json!({"op": "play", "game": id, "text": "e4"}),
        json!({"op": "play", "game": id, "text": "Ke2"}),
        json!({"op": "play", "game": id, "index": 999}),
        json!({"op": "set_fen", "game": id, "fen": "not a fen"}),
        json!({"op": "load_pgn", "game": id, "pgn": "1. e4 e4 *"}),
        json!({"op": "redo", "game": id}),
        json!({"op": "explain", "game": id, "text": "Qxh8"}),
        json!({"op": "go", "game": id, "level": 0}),
        json!({"op": "go", "game": id, "limits": {"depth": 500}}),
        json!({"op": "svg", "game": id, "arrows": [["e2", "z9"]]}),
        json!({"op": "view", "game": id, "ply": 2}),
        json!({"op": "new", "game": id, "variant": "no-such-variant"}),
    ];
    let kinds = [
        "move",
        "move",
        "no_such_turn",
        "fen",
        "pgn",
        "nothing_to_redo",
        "move",
        "limits",
        "limits",
        "move",
        "no_such_ply",
        "variant",
    ];
    for (request, kind) in bad.iter().zip(kinds) {
        let answer = ask(&mut state, request.clone());
        assert_eq!(answer["type"], "error", "{request}");
        assert_eq!(answer["error"]["kind"], kind, "{request}: {answer}");
        assert_eq!(
            ask(&mut state, json!({"op": "state", "game": id})),
            before,
            "{request}"
        );
    }
    let answer = ask(&mut state, json!({"op": "play", "game": id, "text": "Ke2"}));
    assert_eq!(answer["error"]["text"], "Ke2");
}

#[test]
fn undo_redo_and_the_past_positions() {
    let mut state = State::new();
    let (id, _) = new_game(&mut state, "chess");
    for m in ["e4", "e5", "Nf3"] {
        ask(&mut state, json!({"op": "play", "game": id, "text": m}));
    }
    let v = ask(&mut state, json!({"op": "undo", "game": id}));
    assert_eq!(v["moves"], json!(["e4", "e5"]));
    assert_eq!(v["redo"], 1);
    let v = ask(&mut state, json!({"op": "undo", "game": id}));
    assert_eq!(
        (v["moves"].clone(), v["redo"].clone()),
        (json!(["e4"]), json!(2))
    );
    let v = ask(&mut state, json!({"op": "redo", "game": id}));
    assert_eq!(v["played"]["san"], "e5");
    assert_eq!(
        (v["moves"].clone(), v["redo"].clone()),
        (json!(["e4", "e5"]), json!(1))
    );
    // Any other turn clears what redo would play.
    let v = ask(&mut state, json!({"op": "play", "game": id, "text": "d4"}));
    assert_eq!(v["redo"], 0);
    let v = ask(&mut state, json!({"op": "view", "game": id, "ply": 0}));
    assert_eq!(v["type"], "view");
    assert_eq!(units(&v["board"], "e2"), pair("white", "pawn"));
    assert_eq!(v["board"]["last_move"], Value::Null);
    let v = ask(&mut state, json!({"op": "view", "game": id, "ply": 1}));
    assert_eq!(units(&v["board"], "e4"), pair("white", "pawn"));
    assert_eq!(units(&v["board"], "e7"), pair("black", "pawn"));
    // Looking at the past changes nothing.
    let v = ask(&mut state, json!({"op": "moves", "game": id}));
    assert_eq!(v, json!({"type": "moves", "moves": ["e4", "e5", "d4"]}));
    let v = ask(&mut state, json!({"op": "undo", "game": id}));
    assert_eq!(v["redo"], 1);
    for _ in 0..2 {
        ask(&mut state, json!({"op": "undo", "game": id}));
    }
    let v = ask(&mut state, json!({"op": "undo", "game": id}));
    assert_eq!(v["error"]["kind"], "nothing_to_undo");
}

#[test]
fn fen_pgn_explain_and_the_outcome() {
    let mut state = State::new();
    let (id, _) = new_game(&mut state, "chess");
    let fen = "4k3/8/8/8/8/8/8/4K2R w K - 0 1";
    let v = ask(&mut state, json!({"op": "set_fen", "game": id, "fen": fen}));
    assert_eq!(v["board"]["fen"], fen);
    assert!(
        v["turns"]
            .as_array()
            .unwrap()
            .iter()
            .any(|t| t["what"] == "castle")
    );
    assert_eq!(
        ask(&mut state, json!({"op": "fen", "game": id})),
        json!({"type": "fen", "fen": fen})
    );
    let v = ask(
        &mut state,
        json!({"op": "explain", "game": id, "text": "O-O"}),
    );
    assert_eq!(v["text"], "O-O");
    assert_eq!(
        v["effects"],
        json!([{"effect": "move", "from": "e1", "to": "g1"}, {"effect": "move", "from": "h1", "to": "f1"}])
    );
    let (g2, _) = new_game(&mut state, "chess");
    for m in ["f3", "e5", "g4"] {
        ask(&mut state, json!({"op": "play", "game": g2, "text": m}));
    }
    let v = ask(&mut state, json!({"op": "play", "game": g2, "text": "Qh4"}));
    assert_eq!(v["played"]["san"], "Qh4#");
    assert_eq!(v["outcome"]["winner"], "black");
    assert_eq!(v["outcome"]["reason"], "checkmate");
    assert_eq!(v["turns"], json!([]));
    assert_eq!(v["board"]["checked"], json!(["e1"]));
    let o = ask(&mut state, json!({"op": "outcome", "game": g2}));
    assert_eq!(o["outcome"]["winner"], "black");
    let pgn = ask(&mut state, json!({"op": "pgn", "game": g2}));
    let pgn = pgn["pgn"].as_str().unwrap().to_string();
    assert!(pgn.contains("1. f3 e5 2. g4 Qh4# 0-1"), "{pgn}");
    let v = ask(
        &mut state,
        json!({"op": "load_pgn", "game": id, "pgn": pgn}),
    );
    assert_eq!(v["moves"], json!(["f3", "e5", "g4", "Qh4#"]));
    assert_eq!(v["outcome"]["reason"], "checkmate");
    let v = ask(&mut state, json!({"op": "go", "game": id, "level": 1}));
    assert_eq!(v["error"]["kind"], "game_over");
}

#[test]
fn the_engine_plays_and_hints_within_its_level() {
    let mut state = State::new();
    let (id, _) = new_game(&mut state, "chess");
    let fen = "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1";
    ask(&mut state, json!({"op": "set_fen", "game": id, "fen": fen}));
    let hint = ask(
        &mut state,
        json!({"op": "hint", "game": id, "limits": {"depth": 3}}),
    );
    assert_eq!(hint["type"], "thought");
    assert_eq!(hint["thought"]["pv"][0], "Ra8#");
    assert_eq!(hint["thought"]["arrows"][0], json!(["a1", "a8"]));
    assert_eq!(hint["thought"]["best"], "a1a8");
    let v = ask(&mut state, json!({"op": "go", "game": id, "level": 2}));
    assert_eq!(v["played"]["san"], "Ra8#");
    assert_eq!(v["thought"]["pv"][0], "Ra8#");
    assert_eq!(v["outcome"]["reason"], "checkmate");
    assert_eq!(v["moves"], json!(["Ra8#"]));
    // A level's nodes bound the search.
    let (g, _) = new_game(&mut state, "chess");
    let v = ask(&mut state, json!({"op": "go", "game": g, "level": 1}));
    assert_eq!(v["moves"].as_array().unwrap().len(), 1);
    assert!(v["thought"]["nodes"].as_u64().unwrap() <= 100 + 64);
}

#[test]
fn variants_legend_svg_and_closing() {
    let mut state = State::new();
    let v = ask(&mut state, json!({"op": "variants"}));
    let names: Vec<&str> = v["variants"]
        .as_array()
        .unwrap()
        .iter()
        .map(|o| o["name"].as_str().unwrap())
        .collect();
    assert!(names.contains(&"chess") && names.contains(&"mutatis-mutandis"));
    assert_eq!(names.len(), changeling::variants::EMBEDDED.len());
    let (id, _) = new_game(&mut state, "capablanca");
    let v = ask(&mut state, json!({"op": "variant", "game": id}));
    assert_eq!(
        (
            v["variant"]["width"].clone(),
            v["variant"]["height"].clone()
        ),
        (json!(10), json!(8))
    );
    let v = ask(
        &mut state,
        json!({"op": "svg", "game": id, "flipped": true, "arrows": [["b1", "c3"]]}),
    );
    assert!(v["svg"].as_str().unwrap().starts_with("<svg"));
    let v = ask(&mut state, json!({"op": "turns", "game": id}));
    assert_eq!(v["turns"].as_array().unwrap().len(), 28);
    let v = ask(&mut state, json!({"op": "close", "game": id}));
    assert_eq!(v, json!({"type": "closed", "game": id}));
    let v = ask(&mut state, json!({"op": "board", "game": id}));
    assert_eq!(v["error"]["kind"], "no_such_game");
}

#[test]
fn a_game_is_replaced_in_place_and_the_oldest_forgotten() {
    let mut state = State::new();
    let (id, _) = new_game(&mut state, "chess");
    ask(&mut state, json!({"op": "play", "game": id, "text": "e4"}));
    let v = ask(
        &mut state,
        json!({"op": "new", "game": id, "variant": "shogi", "start": {"seed": 5}}),
    );
    assert_eq!(
        (v["game"].clone(), v["variant"].clone(), v["seed"].clone()),
        (json!(id), json!("shogi"), json!(5))
    );
    assert_eq!(v["moves"], json!([]));
    assert_eq!(v["board"]["width"], 9);
    let fen = "4k3/8/8/8/8/8/8/4K3 w - - 0 1";
    let v = ask(
        &mut state,
        json!({"op": "new", "variant": "chess", "start": {"fen": {"fen": fen, "seed": 0}}}),
    );
    assert_eq!(v["board"]["fen"], fen);
    for _ in 0..changeling::web::protocol::MAX_GAMES + 5 {
        new_game(&mut state, "chess");
    }
    assert_eq!(state.games(), changeling::web::protocol::MAX_GAMES);
    // The first game was used least recently.
    let v = ask(&mut state, json!({"op": "state", "game": id}));
    assert_eq!(v["error"]["kind"], "no_such_game");
}

#[test]
fn a_variant_text_is_checked_at_line_and_column_and_played() {
    let mut state = State::new();
    let broken = "variant mine : chess {\n  boar = 8x8\n}\n";
    let v = ask(
        &mut state,
        json!({"op": "check", "variant": {"text": {"name": "mine.variant", "text": broken, "scripts": {}}}}),
    );
    assert_eq!(v["type"], "check");
    assert_eq!(v["ok"], false);
    let d = &v["diagnostics"][0];
    assert_eq!(d["severity"], "error");
    assert_eq!(
        (d["file"].clone(), d["line"].clone(), d["column"].clone()),
        (json!("mine.variant"), json!(2), json!(3))
    );
    assert_eq!(
        (d["end_line"].clone(), d["end_column"].clone()),
        (json!(2), json!(7))
    );
    assert_eq!(d["message"], "unknown key `boar` in a variant");
    let v = ask(
        &mut state,
        json!({"op": "new", "variant": {"text": {"name": "mine.variant", "text": broken, "scripts": {}}}}),
    );
    assert_eq!(v["error"]["kind"], "variant");
    assert_eq!(v["error"]["problems"][0]["line"], 2);
    let fixed = "variant mine : chess {\n  board = 8x8\n}\n";
    let source = json!({"text": {"name": "mine.variant", "text": fixed, "scripts": {}}});
    let v = ask(&mut state, json!({"op": "check", "variant": source}));
    assert_eq!(v, json!({"type": "check", "ok": true, "diagnostics": []}));
    let v = ask(&mut state, json!({"op": "new", "variant": source}));
    assert_eq!(v["variant"], "mine");
    assert_eq!(v["turns"].as_array().unwrap().len(), 20);
    let v = ask(&mut state, json!({"op": "check", "variant": "chess"}));
    assert_eq!(v["ok"], true);
}

#[test]
fn a_variant_s_text_its_rules_in_words_and_a_piece_sheet() {
    let mut state = State::new();
    let source = ask(&mut state, json!({"op": "source", "name": "capablanca"}));
    assert_eq!(source["type"], "source", "{source}");
    assert!(source["text"].as_str().unwrap().contains("archbishop"));
    let missing = ask(&mut state, json!({"op": "source", "name": "nonesuch"}));
    assert_eq!(missing["error"]["kind"], "bad_request", "{missing}");
    let (id, _) = new_game(&mut state, "capablanca");
    let rules = ask(&mut state, json!({"op": "rules", "game": id}));
    assert!(
        rules["text"]
            .as_str()
            .unwrap()
            .contains("on a board of 10 files and 8 ranks"),
        "{rules}"
    );
    let sheet = ask(&mut state, json!({"op": "piece", "game": id, "name": "A"}));
    assert_eq!(sheet["sheet"]["name"], "archbishop", "{sheet}");
    assert!(sheet["sheet"]["svg"].as_str().unwrap().starts_with("<svg"));
    assert!(!sheet["sheet"]["words"].as_str().unwrap().is_empty());
    let unknown = ask(
        &mut state,
        json!({"op": "piece", "game": id, "name": "dragon"}),
    );
    assert_eq!(unknown["error"]["kind"], "no_such_kind", "{unknown}");
    assert!(unknown["message"].as_str().unwrap().contains("archbishop"));
}

/// A shared state's request, as JSON in and out.
fn ask_shared(state: &std::sync::Mutex<State>, request: Value) -> Value {
    let request: Request = serde_json::from_value(request).unwrap();
    serde_json::to_value(handle_shared(state, request)).unwrap()
}

#[test]
fn a_search_leaves_the_other_requests_answered_and_a_changed_game_unplayed() {
    use std::sync::{Arc, Mutex};
    let state = Arc::new(Mutex::new(State::new()));
    let a = ask_shared(&state, json!({"op": "new", "variant": "chess"}));
    let b = ask_shared(&state, json!({"op": "new", "variant": "chess"}));
    let (a, b) = (a["game"].clone(), b["game"].clone());
    // A long search of game a on its own thread.
    let thinking = {
        let state = state.clone();
        let a = a.clone();
        std::thread::spawn(move || {
            ask_shared(
                &state,
                json!({"op": "hint", "game": a, "limits": {"nodes": 3_000_000, "millis": 60_000}}),
            )
        })
    };
    // Play on both games while it thinks.
    let played_b = ask_shared(&state, json!({"op": "play", "game": b, "text": "d4"}));
    assert_eq!(played_b["moves"], json!(["d4"]), "{played_b}");
    // Answered while the search goes on (3,000,000 nodes take seconds;
    // a search holding the games would have answered first).
    assert!(!thinking.is_finished());
    let played_a = ask_shared(&state, json!({"op": "play", "game": a, "text": "e4"}));
    assert_eq!(played_a["moves"], json!(["e4"]), "{played_a}");
    let answer = thinking.join().unwrap();
    // Either the search began after e4 (a thought about that position)
    // or it saw the game change and says so: never a stale move.
    if answer["type"] == "error" {
        assert!(
            answer["message"].as_str().unwrap().contains("changed"),
            "{answer}"
        );
    } else {
        assert_eq!(answer["type"], "thought", "{answer}");
    }
    let state_a = ask_shared(&state, json!({"op": "moves", "game": a}));
    assert_eq!(state_a["moves"], json!(["e4"]));
}

#[test]
fn a_script_is_given_as_text_and_never_read_from_a_file() {
    let mut state = State::new();
    let text =
        "variant quiet : chess {\n  script { file = \"quiet.rhai\" hooks = [filter_moves] }\n}\n";
    let scripts = json!({"quiet.rhai": "fn filter_moves(board, moves) { moves }"});
    let v = ask(
        &mut state,
        json!({"op": "new", "variant": {"text": {"name": "q.variant", "text": text, "scripts": scripts}}}),
    );
    assert_eq!(v["turns"].as_array().unwrap().len(), 20, "{v}");
    // Without the text, the script is missing: nothing is looked up on
    // disk, even where a file of that name could be.
    let v = ask(
        &mut state,
        json!({"op": "check", "variant": {"text": {"name": "q.variant", "text": text, "scripts": {}}}}),
    );
    assert_eq!(v["ok"], false);
    let message = v["diagnostics"][0]["message"].as_str().unwrap();
    assert!(message.contains("not among the scripts given"), "{message}");
}

/// An HTTP exchange: the status and the body.
fn http(addr: std::net::SocketAddr, head: &str, body: &[u8]) -> (u16, String) {
    let mut stream = TcpStream::connect(addr).unwrap();
    stream
        .write_all(format!("{head}\r\nConnection: close\r\n\r\n").as_bytes())
        .unwrap();
    // The server may answer (and close) before reading a body it refuses.
    let _ = stream.write_all(body);
    let mut answer = Vec::new();
    let _ = stream.read_to_end(&mut answer);
    let answer = String::from_utf8_lossy(&answer).to_string();
    let status = answer
        .split(' ')
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(0);
    let body = answer
        .split_once("\r\n\r\n")
        .map_or_else(String::new, |(_, b)| b.to_string());
    (status, body)
}

fn post(addr: std::net::SocketAddr, body: &str) -> (u16, String) {
    http(
        addr,
        &format!(
            "POST /api HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\nContent-Length: {}",
            body.len()
        ),
        body.as_bytes(),
    )
}

#[test]
fn the_server_answers_the_page_and_the_protocol_over_http() {
    let server = Server::bind("127.0.0.1", 0, State::new()).unwrap();
    let addr = server.addr();
    assert_ne!(addr.port(), 0);
    assert_eq!(server.url(), format!("http://{addr}/"));
    let stop = server.stop_handle();
    let running = std::thread::spawn(move || server.run());

    let (status, page) = http(addr, &format!("GET / HTTP/1.1\r\nHost: {addr}"), b"");
    assert_eq!(status, 200);
    assert!(page.contains("<script src=\"app.js\""), "{page}");
    for path in ["/app.js", "/style.css", "/index.html", "/?variant=chess"] {
        let (status, _) = http(addr, &format!("GET {path} HTTP/1.1\r\nHost: {addr}"), b"");
        assert_eq!(status, 200, "{path}");
    }

    let (status, body) = post(addr, r#"{"op":"new","variant":"chess"}"#);
    assert_eq!(status, 200);
    let view: Value = serde_json::from_str(&body).unwrap();
    assert_eq!(view["turns"].as_array().unwrap().len(), 20);
    let (status, body) = post(addr, r#"{"op":"play","game":"g1","text":"e4"}"#);
    assert_eq!(status, 200);
    let view: Value = serde_json::from_str(&body).unwrap();
    assert_eq!(view["moves"], json!(["e4"]));
    // An illegal move is an answer of the protocol.
    let (status, body) = post(addr, r#"{"op":"play","game":"g1","text":"e4"}"#);
    assert_eq!(status, 200);
    assert_eq!(
        serde_json::from_str::<Value>(&body).unwrap()["error"]["kind"],
        "move"
    );

    let error_kind = |body: &str| {
        let v: Value = serde_json::from_str(body).unwrap();
        assert_eq!(v["type"], "error");
        v["error"]["kind"].as_str().unwrap().to_string()
    };
    let (status, body) = post(addr, "{not json");
    assert_eq!(
        (status, error_kind(&body)),
        (400, "bad_request".to_string())
    );
    let (status, body) = http(addr, &format!("GET /nowhere HTTP/1.1\r\nHost: {addr}"), b"");
    assert_eq!(status, 404);
    assert_eq!(
        serde_json::from_str::<Value>(&body).unwrap()["message"],
        "bad request: no such path: `/nowhere`"
    );
    let (status, _) = http(addr, &format!("GET /api HTTP/1.1\r\nHost: {addr}"), b"");
    assert_eq!(status, 405);
    let huge = vec![b' '; changeling::web::serve::MAX_BODY + 10];
    let (status, body) = http(
        addr,
        &format!(
            "POST /api HTTP/1.1\r\nHost: {addr}\r\nContent-Length: {}",
            huge.len()
        ),
        &huge,
    );
    assert_eq!(status, 413);
    assert!(body.contains("larger than 1048576 bytes"), "{body}");
    // A name that resolves here, or a page of another site: refused.
    let (status, body) = http(
        addr,
        "POST /api HTTP/1.1\r\nHost: evil.example:80\r\nContent-Length: 2",
        b"{}",
    );
    assert_eq!(
        (status, error_kind(&body)),
        (403, "bad_request".to_string())
    );
    let (status, _) = http(
        addr,
        &format!(
            "POST /api HTTP/1.1\r\nHost: {addr}\r\nOrigin: http://evil.example\r\nContent-Length: 2"
        ),
        b"{}",
    );
    assert_eq!(status, 403);
    let (status, _) = http(
        addr,
        &format!("GET / HTTP/1.1\r\nHost: localhost:{}", addr.port()),
        b"",
    );
    assert_eq!(status, 200);

    stop.stop();
    running.join().unwrap();
}
