//! changeling's browser board without a server: the page's web worker
//! loads this module and hands every request of the page's wire protocol
//! (`changeling::web::protocol`) to [`handle`], which answers it exactly
//! as `changeling serve` answers `POST /api`.

#![forbid(unsafe_code)]

use changeling::web::protocol::{State, handle_json};
use std::cell::RefCell;
use wasm_bindgen::prelude::wasm_bindgen;

thread_local! {
    /// The games of this page: a worker is one thread, so one state.
    static STATE: RefCell<State> = RefCell::new(State::new());
}

/// Answers one request (JSON text) with its response (JSON text); a
/// request that does not read is answered with an error response.
#[wasm_bindgen]
pub fn handle(request: &str) -> String {
    STATE.with(|state| handle_json(&mut state.borrow_mut(), request))
}
