/**
 * `/ui.js` goes out compressed as the browser asks (brotli, else gzip) with an ETag, so a reload
 * revalidates with a 304 instead of downloading half a megabyte again.
 */
import assert from "node:assert/strict";
import { Buffer } from "node:buffer";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { testEmulator } from "../helpers.ts";

Deno.test("/ui.js: brotli or gzip by Accept-Encoding, an ETag, 304 when unchanged", async () => {
  using ccemu = testEmulator();
  const get = (headers: Record<string, string>) =>
    ccemu.request("http://127.0.0.1:8686/ui.js", {
      headers: { host: "127.0.0.1:8686", ...headers },
    });

  const plain = await get({});
  const script = new Uint8Array(await plain.arrayBuffer());
  assert.equal(plain.status, 200);
  assert.equal(plain.headers.get("content-encoding"), null);
  assert.match(new TextDecoder().decode(script), /ccemu-app/);
  const etag = plain.headers.get("etag")!;
  assert.match(etag, /^"[\w-]+"$/);
  assert.equal(plain.headers.get("vary"), "Accept-Encoding");
  assert.equal(plain.headers.get("cache-control"), "no-cache");

  const cases: [string, string | null, (bytes: Uint8Array) => Uint8Array][] = [
    ["gzip, deflate, br, zstd", "br", (b) => brotliDecompressSync(Buffer.from(b))],
    ["gzip, deflate", "gzip", (b) => gunzipSync(Buffer.from(b))],
    ["br;q=0, gzip;q=0.5", "gzip", (b) => gunzipSync(Buffer.from(b))],
    ["identity", null, (b) => b],
  ];
  for (const [accept, encoding, decode] of cases) {
    const response = await get({ "accept-encoding": accept });
    assert.equal(response.headers.get("content-encoding"), encoding, accept);
    assert.equal(response.headers.get("etag"), etag, accept);
    const bytes = new Uint8Array(await response.arrayBuffer());
    if (encoding) assert.ok(bytes.length < script.length / 3, `${accept}: ${bytes.length} bytes`);
    assert.deepEqual(new Uint8Array(decode(bytes)), script, accept);
  }

  const again = await get({ "if-none-match": etag, "accept-encoding": "br" });
  assert.equal(again.status, 304);
  assert.equal(await again.text(), "");
  const stale = await get({ "if-none-match": '"other"' });
  assert.equal(stale.status, 200);
  await stale.body?.cancel();
});
