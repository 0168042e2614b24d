//! The clock seam: the one place the core reads the time. On an
//! operating system these are the standard library's `Instant` and
//! `SystemTime`; in WebAssembly, where the standard library's panic, the
//! browser's clock (through `web-time`). Script time limits, the search
//! deadline and a record's date read the time through here, so they
//! hold in a browser too.

pub use web_time::{Duration, Instant, SystemTime, UNIX_EPOCH};
