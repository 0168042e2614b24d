#!/usr/bin/env bash
# Builds the browser board as a static site: the page, its script and
# style, a web worker, and the session compiled to WebAssembly. The
# result runs from any static host (or `python3 -m http.server`), with
# no server of changeling's.
#
#   web/build-static.sh [OUT]      (default OUT: web/dist)
#
# Needs the wasm32-unknown-unknown target and the `wasm-bindgen` tool of
# the version web/wasm/Cargo.toml pins:
#   rustup target add wasm32-unknown-unknown
#   cargo install wasm-bindgen-cli --version 0.2.130
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
out=${1:-$here/dist}
target=${CARGO_TARGET_DIR:-$here/wasm/target}
version=$(sed -n 's/^wasm-bindgen = "=\(.*\)"$/\1/p' "$here/wasm/Cargo.toml")
if ! command -v wasm-bindgen > /dev/null; then
    echo "error: the wasm-bindgen tool is missing: cargo install wasm-bindgen-cli --version $version" >&2
    exit 1
fi
if ! wasm-bindgen --version | grep -q " $version\$"; then
    echo "error: wasm-bindgen $version is needed, not $(wasm-bindgen --version)" >&2
    exit 1
fi
CARGO_TARGET_DIR=$target cargo build --release --locked --target wasm32-unknown-unknown \
    --manifest-path "$here/wasm/Cargo.toml"
mkdir -p "$out"
wasm-bindgen --target web --no-typescript --remove-name-section --remove-producers-section \
    --out-dir "$out/pkg" \
    "$target/wasm32-unknown-unknown/release/changeling_web.wasm"
cp "$here/app.js" "$here/style.css" "$here/worker.js" "$out/"
# The same page, told to answer itself through the worker.
sed 's|<meta name="changeling-mode" content="server">|<meta name="changeling-mode" content="static">|' \
    "$here/index.html" > "$out/index.html"
grep -q 'content="static"' "$out/index.html"
echo "built $out ($(du -sk "$out" | cut -f1) KB; the module $(du -k "$out/pkg/changeling_web_bg.wasm" | cut -f1) KB)"
