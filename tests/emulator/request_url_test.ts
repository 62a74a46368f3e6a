/**
 * RequestUrls.of builds a request's URL as a web `Request` would have it, without `new URL` for
 * the targets `new URL` gives back unchanged (every signed request's, escapes included): both ways
 * must give the same URL, or both refuse.
 */
import assert from "node:assert/strict";
import fc from "fast-check";
import { ApiError } from "../../emulator/core/errors.ts";
import { RequestUrls } from "../../emulator/core/request-url.ts";

/** The URL `new URL` makes of the Host and target, or `refused`. */
function byUrl(host: string, target: string): string {
  try {
    return new URL(`http://${host}${target}`).href;
  } catch {
    return "refused";
  }
}

function byRequestUrls(urls: RequestUrls, host: string, target: string): string {
  try {
    return urls.of(host, target);
  } catch (error) {
    if (error instanceof ApiError) return "refused";
    throw error;
  }
}

Deno.test("escaped dot segments are read through new URL: /a/%2e%2e/b is /b", () => {
  const urls = new RequestUrls();
  for (
    const [target, url] of [
      ["/a/%2e%2e/b", "http://127.0.0.1:8686/b"],
      ["/a/%2E./b", "http://127.0.0.1:8686/b"],
      ["/a/.%2e?x", "http://127.0.0.1:8686/?x"],
      ["/a%2eb/", "http://127.0.0.1:8686/a%2eb/"],
      ["/g/robot_list?Timestamp=2026-01-05T01%3A00%3A00Z", null],
    ]
  ) {
    assert.equal(urls.of("127.0.0.1:8686", target!), url ?? `http://127.0.0.1:8686${target}`);
  }
});

Deno.test("RequestUrls.of gives the URL new URL gives, for any target (property)", () => {
  const piece = fc.constantFrom(
    "/",
    ".",
    "..",
    "%2e",
    "%2E",
    "%",
    "%zz",
    "%3A",
    "?",
    "#",
    "a",
    "B",
    "~",
    ";",
    "=",
    "&",
    " ",
    "é",
    "\t",
    "[",
    "|",
  );
  const target = fc.array(piece, { maxLength: 12 }).map((parts) => `/${parts.join("")}`);
  const host = fc.constantFrom("127.0.0.1:8686", "localhost", "LocalHost:80", "a.example:65000");
  const urls = new RequestUrls(); // one for all, as a listener keeps it: its cache must not leak
  fc.assert(
    fc.property(host, target, (h, t) => {
      assert.equal(byRequestUrls(urls, h, t), byUrl(h, t), `${h} ${t}`);
    }),
    { numRuns: 3000 },
  );
});
