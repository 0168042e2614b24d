//! The browser board: one wire protocol ([`protocol`]) that the page
//! speaks, answered by `changeling serve` ([`serve`], over HTTP) and,
//! later, by the same code compiled to WebAssembly in a web worker.
//!
//! The protocol is plain JSON over the session API: a request names an
//! operation (`op`) and its arguments, the answer carries what the page
//! needs to redraw, and every failure is an answer too.

pub mod protocol;
#[cfg(feature = "native")]
pub mod serve;
