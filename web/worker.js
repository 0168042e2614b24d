// The static page's engine: the session compiled to WebAssembly, in a
// worker so that a search never freezes the page. Each message is
// `{ id, request }`; the answer is `{ id, response }`, the same JSON
// `changeling serve` answers `POST /api` with.
import init, { handle } from "./pkg/changeling_web.js";

const ready = init();

self.onmessage = async (event) => {
  const { id, request } = event.data;
  let response;
  try {
    await ready;
    response = JSON.parse(handle(JSON.stringify(request)));
  } catch (e) {
    response = { type: "error", error: { kind: "worker" }, message: "the engine failed: " + e };
  }
  self.postMessage({ id, response });
};
