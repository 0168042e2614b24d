//! `changeling serve`: the browser board as a local web app.
//!
//! An HTTP server (tiny_http) that answers `GET /` with the page (its
//! files are built into the binary, from `web/`) and `POST /api` with the
//! [`protocol`]: one JSON request in the body, one JSON
//! answer. It listens on the loopback address unless told otherwise, and
//! then answers only requests addressed to a loopback name, so that a
//! page of another site cannot reach it through a name that resolves to
//! this machine; a request sent by a page of another origin is refused.
//!
//! Status codes: 200 for every answer of the protocol (an illegal move
//! included: it is an answer); 400 for a body that is no request, 403
//! for a foreign host or origin, 404 for an unknown path, 405 for a
//! method the path does not take, 413 for a body over [`MAX_BODY`]
//! bytes, 500 should the protocol ever panic (the game it was playing is
//! then forgotten). Each error's body is a protocol error answer.

use super::protocol::{self, RequestError, Response, State};
use std::io::Read;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, PoisonError};

/// The largest request body read, in bytes.
pub const MAX_BODY: usize = 1 << 20;

/// The threads answering requests: a search occupies one while it
/// runs (with the games unlocked), and the others answer the rest.
const WORKERS: usize = 4;

/// The page's files: (path, content type, text).
const FILES: [(&str, &str, &str); 3] = [
    (
        "/",
        "text/html; charset=utf-8",
        include_str!("../../web/index.html"),
    ),
    (
        "/app.js",
        "text/javascript; charset=utf-8",
        include_str!("../../web/app.js"),
    ),
    (
        "/style.css",
        "text/css; charset=utf-8",
        include_str!("../../web/style.css"),
    ),
];

/// Nothing but this server is asked for anything, by the page or by
/// what it shows.
const POLICY: &str = "default-src 'self'; img-src 'self' data:; style-src 'self'; \
     script-src 'self'; connect-src 'self'; worker-src 'self'; object-src 'none'; \
     base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/// A server bound to its address, not yet answering.
pub struct Server {
    http: Arc<tiny_http::Server>,
    state: Arc<Mutex<State>>,
    addr: std::net::SocketAddr,
    /// Only loopback names are accepted as the request's host.
    loopback_only: bool,
    stopped: Arc<AtomicBool>,
}

/// Stops a running [`Server`] from another thread.
#[derive(Clone)]
pub struct StopHandle {
    http: Arc<tiny_http::Server>,
    stopped: Arc<AtomicBool>,
}

impl std::fmt::Debug for Server {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Server").field("addr", &self.addr).finish()
    }
}

impl std::fmt::Debug for StopHandle {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("StopHandle").finish()
    }
}

impl StopHandle {
    /// Ends [`Server::run`] once the requests being answered are.
    pub fn stop(&self) {
        self.stopped.store(true, Ordering::SeqCst);
        for _ in 0..WORKERS {
            self.http.unblock();
        }
    }
}

impl Server {
    /// Binds `host:port` (port 0: any free port) for `state`.
    ///
    /// # Errors
    ///
    /// The address cannot be bound, in the system's words.
    pub fn bind(host: &str, port: u16, state: State) -> Result<Server, String> {
        let http = tiny_http::Server::http((host, port))
            .map_err(|e| format!("cannot listen on {host}:{port}: {e}"))?;
        let addr = http
            .server_addr()
            .to_ip()
            .ok_or_else(|| format!("cannot listen on {host}:{port}: not an IP address"))?;
        Ok(Server {
            http: Arc::new(http),
            state: Arc::new(Mutex::new(state)),
            addr,
            loopback_only: addr.ip().is_loopback(),
            stopped: Arc::new(AtomicBool::new(false)),
        })
    }

    /// The address bound, with the port the system chose for port 0.
    pub fn addr(&self) -> std::net::SocketAddr {
        self.addr
    }

    /// The page's address.
    pub fn url(&self) -> String {
        format!("http://{}/", self.addr)
    }

    /// A handle that stops [`Server::run`].
    pub fn stop_handle(&self) -> StopHandle {
        StopHandle {
            http: self.http.clone(),
            stopped: self.stopped.clone(),
        }
    }

    /// Answers requests until stopped.
    pub fn run(self) {
        let server = Arc::new(self);
        let workers: Vec<_> = (0..WORKERS)
            .map(|_| {
                let s = server.clone();
                std::thread::spawn(move || s.work())
            })
            .collect();
        for w in workers {
            let _ = w.join();
        }
    }

    /// One worker: answers requests one at a time until stopped.
    fn work(&self) {
        while !self.stopped.load(Ordering::SeqCst) {
            match self.http.recv() {
                Ok(request) => self.answer(request),
                // A connection that failed, or an unblock: the loop's
                // condition tells which.
                Err(_) => continue,
            }
        }
    }

    fn answer(&self, mut request: tiny_http::Request) {
        let reply = self.reply(&mut request);
        let (status, content_type, body) = reply;
        let response = tiny_http::Response::from_string(body)
            .with_status_code(status)
            .with_header(header("Content-Type", content_type))
            .with_header(header("Content-Security-Policy", POLICY))
            .with_header(header("X-Content-Type-Options", "nosniff"))
            .with_header(header("Referrer-Policy", "no-referrer"))
            .with_header(header("Cache-Control", "no-store"));
        // A client gone before its answer is no failure of ours.
        let _ = request.respond(response);
    }

    /// The status, content type and body answering `request`.
    fn reply(&self, request: &mut tiny_http::Request) -> (u16, &'static str, String) {
        let json = "application/json";
        if let Err(why) = self.admitted(request) {
            return (403, json, refusal(&why));
        }
        let path = request.url().split(['?', '#']).next().unwrap_or("/");
        let path = if path == "/index.html" { "/" } else { path };
        let method = request.method().clone();
        if path == "/api" {
            if method != tiny_http::Method::Post {
                return (405, json, refusal("`/api` takes POST requests only"));
            }
            return self.api(request);
        }
        match FILES.iter().find(|(p, _, _)| *p == path) {
            Some(&(_, content_type, text)) => match method {
                tiny_http::Method::Get | tiny_http::Method::Head => {
                    (200, content_type, text.to_string())
                }
                _ => (
                    405,
                    json,
                    refusal(&format!("`{path}` takes GET requests only")),
                ),
            },
            None => (404, json, refusal(&format!("no such path: `{path}`"))),
        }
    }

    /// Refuses a request for another host (a name that merely resolves
    /// to this machine) or sent by a page of another origin.
    fn admitted(&self, request: &tiny_http::Request) -> Result<(), String> {
        let value = |name: &'static str| {
            request
                .headers()
                .iter()
                .find(|h| h.field.equiv(name))
                .map(|h| h.value.as_str().to_string())
        };
        let host = value("Host");
        if self.loopback_only {
            let name = host.as_deref().map_or("", host_name);
            if !matches!(name, "localhost" | "127.0.0.1" | "[::1]" | "::1" | "")
                && !name.starts_with("127.")
            {
                return Err(format!(
                    "this server answers requests for its loopback address only, not `{name}`"
                ));
            }
        }
        if let (Some(origin), Some(host)) = (value("Origin"), host)
            && origin != format!("http://{host}")
        {
            return Err(format!(
                "a page of another origin (`{origin}`) may not use this server"
            ));
        }
        Ok(())
    }

    /// A protocol request in the body, answered.
    fn api(&self, request: &mut tiny_http::Request) -> (u16, &'static str, String) {
        let json = "application/json";
        if request.body_length().is_some_and(|n| n > MAX_BODY) {
            return (413, json, too_large());
        }
        let mut body = Vec::new();
        let read = request
            .as_reader()
            .take(MAX_BODY as u64 + 1)
            .read_to_end(&mut body);
        if let Err(e) = read {
            return (
                400,
                json,
                refusal(&format!("the body could not be read: {e}")),
            );
        }
        if body.len() > MAX_BODY {
            return (413, json, too_large());
        }
        let request = match std::str::from_utf8(&body)
            .map_err(|e| e.to_string())
            .and_then(|t| serde_json::from_str::<protocol::Request>(t).map_err(|e| e.to_string()))
        {
            Ok(r) => r,
            Err(message) => {
                let answer = Response::error(RequestError::BadRequest { message });
                return (400, json, protocol::to_json(&answer));
            }
        };
        let game = game_of(&request);
        // A search unlocks the games while it runs (`handle_shared`).
        let answered = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            protocol::handle_shared(&self.state, request)
        }));
        let mut state = self.state.lock().unwrap_or_else(PoisonError::into_inner);
        match answered {
            Ok(answer) => (200, json, protocol::to_json(&answer)),
            Err(_) => {
                // The game may be half changed: forget it rather than
                // answer from it again.
                if let Some(id) = game {
                    let _ = protocol::handle(&mut state, protocol::Request::Close { game: id });
                }
                let answer = Response::error(RequestError::BadRequest {
                    message: "internal error: the request failed; its game was closed".into(),
                });
                (500, json, protocol::to_json(&answer))
            }
        }
    }
}

/// The game a request names, if any.
fn game_of(request: &protocol::Request) -> Option<String> {
    let value = serde_json::to_value(request).ok()?;
    value.get("game")?.as_str().map(str::to_string)
}

/// The name part of a `Host` header (`localhost:8080` → `localhost`,
/// `[::1]:8080` → `[::1]`).
fn host_name(host: &str) -> &str {
    if host.starts_with('[') {
        return host.split_inclusive(']').next().unwrap_or(host);
    }
    host.rsplit_once(':').map_or(host, |(name, _)| name)
}

fn refusal(message: &str) -> String {
    protocol::to_json(&Response::error(RequestError::BadRequest {
        message: message.to_string(),
    }))
}

fn too_large() -> String {
    refusal(&format!("the body is larger than {MAX_BODY} bytes"))
}

/// A header of this file's constants (ASCII, so always made).
fn header(name: &'static str, value: &'static str) -> tiny_http::Header {
    tiny_http::Header::from_bytes(name, value).expect("headers are ASCII constants")
}

/// The variant files named to `changeling serve`, read for the page:
/// the variant's text and the scripts it may name, by the names the
/// session's text loading looks them up by. Scripts come from the
/// `scripts/` folder of the working directory and from the variant
/// file's own folder (which wins); both bounded in depth, number and
/// size. Nothing is read once the server runs.
///
/// # Errors
///
/// The file cannot be read, in words.
pub fn read_variant(path: &str) -> Result<crate::session::VariantSource, String> {
    use crate::files::{MAX_SOURCE_BYTES, read_text};
    let file = std::path::Path::new(path);
    let text = read_text(file, MAX_SOURCE_BYTES).map_err(|e| format!("{path}: {e}"))?;
    let mut scripts = std::collections::BTreeMap::new();
    let mut budget = Budget {
        files: 400,
        bytes: 4 * MAX_SOURCE_BYTES,
    };
    gather(
        std::path::Path::new("scripts"),
        "",
        3,
        &mut scripts,
        &mut budget,
    );
    let beside = match file.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => std::path::PathBuf::from("."),
    };
    gather(&beside, "", 2, &mut scripts, &mut budget);
    Ok(crate::session::VariantSource::Text {
        name: path.to_string(),
        text,
        scripts,
    })
}

/// How much more [`gather`] may read.
struct Budget {
    files: usize,
    bytes: u64,
}

/// Reads the `.rhai` files under `dir` (to `depth` folders down) into
/// `scripts`, named by their path below it after `prefix`.
fn gather(
    dir: &std::path::Path,
    prefix: &str,
    depth: u32,
    scripts: &mut std::collections::BTreeMap<String, String>,
    budget: &mut Budget,
) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    let mut entries: Vec<_> = entries.flatten().collect();
    entries.sort_by_key(std::fs::DirEntry::file_name);
    for entry in entries {
        let Some(name) = entry.file_name().to_str().map(str::to_string) else {
            continue;
        };
        let path = entry.path();
        if crate::files::leads_out(&path, dir) {
            continue;
        }
        let key = format!("{prefix}{name}");
        let Ok(kind) = entry.file_type() else {
            continue;
        };
        if kind.is_dir() && depth > 0 && !name.starts_with('.') {
            gather(&path, &format!("{key}/"), depth - 1, scripts, budget);
        } else if name.ends_with(".rhai") && budget.files > 0 {
            if let Ok(text) =
                crate::files::read_text(&path, budget.bytes.min(crate::files::MAX_SOURCE_BYTES))
            {
                budget.files -= 1;
                budget.bytes = budget.bytes.saturating_sub(text.len() as u64);
                scripts.insert(key, text);
            }
        }
    }
}

/// `changeling serve`: offers `variants` (built-in names or variant
/// files) besides the built-in ones, binds `host:port`, prints the
/// page's address and answers until the process is stopped.
pub fn serve(variants: &[String], host: &str, port: u16) -> std::process::ExitCode {
    use std::io::Write as _;
    let mut state = State::new();
    for v in variants {
        let source = if crate::session::builtin_text(v).is_some() {
            crate::session::VariantSource::Name(v.clone())
        } else {
            match read_variant(v) {
                Ok(source) => source,
                Err(e) => {
                    eprintln!("error: {e}");
                    if let Some(near) = crate::session::nearest_variant_name(v) {
                        eprintln!("help: did you mean the embedded variant `{near}`?");
                    }
                    return std::process::ExitCode::from(2);
                }
            }
        };
        let name = match crate::session::Rulebook::load(&source) {
            Ok(rules) => match &source {
                crate::session::VariantSource::Name(n) => n.clone(),
                crate::session::VariantSource::Text { .. } => rules.name(),
            },
            Err(e) => {
                eprintln!("{e}");
                return std::process::ExitCode::from(2);
            }
        };
        if let Err(e) = state.offer(&name, source) {
            eprintln!("{e}");
            return std::process::ExitCode::from(2);
        }
    }
    let server = match Server::bind(host, port, state) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("error: {e}");
            return std::process::ExitCode::from(2);
        }
    };
    let _ = writeln!(
        std::io::stdout(),
        "changeling: the board is at {} (Ctrl-C stops the server)",
        server.url()
    );
    let _ = std::io::stdout().flush();
    server.run();
    std::process::ExitCode::SUCCESS
}
