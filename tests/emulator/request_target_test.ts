import assert from "node:assert/strict";
import fc from "fast-check";
import { requestTarget } from "../../emulator/core/request-target.ts";

/** What the journal and the signed API read, as `new URL` gives it. */
function byUrl(text: string) {
  const url = new URL(text);
  const query: [string, string][] = [];
  url.searchParams.forEach((value, name) => query.push([name, value]));
  return { pathname: url.pathname, origin: url.origin, host: url.host, query };
}

Deno.test("a signed request's URL is read without new URL, to the same values", () => {
  const text =
    "http://127.0.0.1:8686/gateway/robot_list?AccessKeyId=ccemu-demo-key&Expires=600&Timestamp=2026-01-05T01%3A00%3A00Z&Signature=HJfSQlv%2FBdvs%2BWYWBiHHQrwkWNQ%3D";
  assert.deepEqual(requestTarget(text), byUrl(text));
  assert.deepEqual(requestTarget(text).query.at(-1), ["Signature", "HJfSQlv/Bdvs+WYWBiHHQrwkWNQ="]);
});

Deno.test("URLs that new URL rewrites are read through it: host case, ports, dots, escapes", () => {
  for (
    const text of [
      "http://LOCALHOST:8686/gateway/x",
      "http://127.1:8686/gateway/x",
      "http://0x7f.0.0.1/gateway/x",
      "http://localhost:80/gateway/x",
      "http://localhost:08686/gateway/x",
      "http://a.b.c:65535/gateway/./x/../y",
      "http://xn--nxasmq6b.com/gateway/x",
      "http://localhost/gateway/%7Ex/é?q=a b&r=%zz&s=+",
      "http://localhost/gateway/x?a=b\tc",
      "http://localhost:8686/aikb/x/?ids[0]=1&ids[1]=2&ids[0]=3",
    ]
  ) {
    assert.deepEqual(requestTarget(text), byUrl(text), text);
  }
  assert.throws(() => requestTarget("http://localhost:65536/gateway/x"), TypeError);
});

Deno.test("requestTarget reads any URL as new URL does (property)", () => {
  // Up to 24 characters: a path or value of 13 or more is copied rather than sliced.
  const piece = (chars: string) =>
    fc.string({ unit: fc.constantFrom(...[...chars]), maxLength: 24 });
  const host = fc.oneof(
    fc.constantFrom("localhost", "127.0.0.1", "LocalHost", "127.1", "a-b.example", "xn--a.b"),
    piece("abcXY09.-"),
  );
  const port = fc.oneof(
    fc.constant(""),
    fc.integer({ min: 0, max: 70000 }).map((n) => `:${n}`),
    fc.constantFrom(":80", ":080", ":"),
  );
  // Half the paths are plain (read by slicing), half carry what URL rewrites.
  const path = fc.oneof(piece("abZ09_-/"), piece("abZ09_-/.%é ~"));
  // Escapes well-formed and not: bad hex, overlong, a surrogate, a cut sequence.
  const escape = fc.constantFrom("%2F", "%3a", "%E4%B8%AD", "%zz", "%C0%80", "%ED%A0%80", "%E4%B8");
  const query = fc.oneof(
    fc.constant(""),
    piece("ab=&+%2F3AZ中 \t~#").map((q) => `?${q}`),
    fc.array(fc.oneof(piece("ab=&+"), escape), { maxLength: 8 }).map((q) => `?${q.join("")}`),
  );
  fc.assert(
    fc.property(host, port, path, query, (h, p, pa, q) => {
      const text = `http://${h}${p}/${pa}${q}`;
      let expected: ReturnType<typeof byUrl> | undefined;
      try {
        expected = byUrl(text);
      } catch {
        assert.throws(() => requestTarget(text), text);
        return;
      }
      assert.deepEqual(requestTarget(text), expected, text);
    }),
    { seed: 20261124, numRuns: 3000 },
  );
});
