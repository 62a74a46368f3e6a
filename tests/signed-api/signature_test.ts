import assert from "node:assert/strict";
import { createHmac } from "node:crypto";
import fc from "fast-check";
import {
  canonicalQuery,
  computeSignature,
  javaUrlEncode,
  parseTimestamp,
  queryPairs,
  signUrl,
  stringToSign,
} from "../../emulator/signed-api/signature.ts";

// Reference vectors printed by java.net.URLEncoder.encode(s, "UTF-8") and javax.crypto.Mac
// HmacSHA1 on JDK 17 (the algorithm the vendor's SDK runs), kept here as literals.
const JAVA_ENCODED: [string, string][] = [
  ["a b", "a+b"],
  ["*~+/=&%", "*%7E%2B%2F%3D%26%25"],
  ["中文 客户", "%E4%B8%AD%E6%96%87+%E5%AE%A2%E6%88%B7"],
  ["ids[0]", "ids%5B0%5D"],
  ["", ""],
  ["-._*AZaz09", "-._*AZaz09"],
  ["é€😀", "%C3%A9%E2%82%AC%F0%9F%98%80"],
  ["x\ny\t", "x%0Ay%09"],
  ["2026-01-05T01:00:00Z", "2026-01-05T01%3A00%3A00Z"],
  ["!'()~ a", "%21%27%28%29%7E+a"],
  ["lone\ud800x", "lone%3Fx"],
  ["x\udc00", "x%3F"],
];

Deno.test("javaUrlEncode matches java.net.URLEncoder byte for byte", () => {
  for (const [text, encoded] of JAVA_ENCODED) {
    assert.equal(javaUrlEncode(text), encoded, JSON.stringify(text));
  }
});

Deno.test("the string-to-sign and signature match the Java reference for a POST", () => {
  const text = stringToSign("post", "127.0.0.1", "/gateway/robot_list", [
    ["Timestamp", "2026-01-05T01:00:00Z"],
    ["AccessKeyId", "ccemu-demo-key"],
    ["Expires", "600"],
    ["Signature", "ignored"],
  ]);
  assert.equal(
    text,
    "POST127.0.0.1/gateway/robot_list?AccessKeyId=ccemu-demo-key&Expires=600&Timestamp=2026-01-05T01%3A00%3A00Z",
  );
  assert.equal(computeSignature("ccemu-demo-secret", text), "HJfSQlv/Bdvs+WYWBiHHQrwkWNQ=");
});

Deno.test("GET business parameters: Chinese, specials, arrays, empty values, mixed-case sort", () => {
  const params: [string, string][] = [
    ["AccessKeyId", "ccemu-demo-key"],
    ["Expires", "600"],
    ["Timestamp", "2026-01-05T01:00:00Z"],
    ["keyword", "退款 政策 *~+/=&%"],
    ["ids[0]", "1"],
    ["ids[1]", "2"],
    ["empty", ""],
    ["Zeta", "z"],
    ["alpha", "a"],
    ["Beta", "b"],
  ];
  const text = stringToSign("GET", "api.example.com", "/aikb/search", params);
  // Uppercase names sort before lowercase ones (by code unit, as Java's String.compareTo).
  assert.equal(
    text,
    "GETapi.example.com/aikb/search?AccessKeyId=ccemu-demo-key&Beta=b&Expires=600&Timestamp=2026-01-05T01%3A00%3A00Z&Zeta=z&alpha=a&empty=&ids%5B0%5D=1&ids%5B1%5D=2&keyword=%E9%80%80%E6%AC%BE+%E6%94%BF%E7%AD%96+*%7E%2B%2F%3D%26%25",
  );
  assert.equal(computeSignature("ccemu-demo-secret", text), "/tDtIsyxlN0nV6MzRyYbaKOdD0k=");
});

Deno.test("canonicalQuery sorts by the encoded name, so [ sorts as %5B", () => {
  // "a[0]" encodes to "a%5B0%5D", and "%" (0x25) sorts before "0" (0x30) and letters.
  assert.equal(canonicalQuery([["ab", "1"], ["a[0]", "2"], ["a0", "3"]]), "a%5B0%5D=2&a0=3&ab=1");
});

Deno.test("queryPairs flattens arrays as name[i] and drops null and undefined", () => {
  assert.deepEqual(queryPairs({ ids: [5, 6], q: "x", n: null, u: undefined, b: false }), [
    ["ids[0]", "5"],
    ["ids[1]", "6"],
    ["q", "x"],
    ["b", "false"],
  ]);
});

Deno.test("parseTimestamp takes only yyyy-MM-ddTHH:mm:ssZ and real dates", () => {
  assert.equal(parseTimestamp("2026-01-05T01:00:00Z"), Date.UTC(2026, 0, 5, 1));
  for (
    const bad of [
      "2026-01-05T01:00:00.000Z",
      "2026-01-05 01:00:00",
      "2026-02-30T00:00:00Z",
      "2026-01-05T24:00:00Z",
      "2026-01-05T01:00:00+08:00",
      "",
    ]
  ) {
    assert.equal(parseTimestamp(bad), undefined, bad);
  }
});

Deno.test("parseTimestamp accepts exactly the times Date.UTC gives back unchanged (property)", () => {
  // The reference: a time is real when Date.UTC does not roll it over into another day.
  const reference = (y: number, mo: number, d: number, h: number, mi: number, s: number) => {
    const back = new Date(Date.UTC(y, mo - 1, d, h, mi, s));
    const real = back.getUTCMonth() === mo - 1 && back.getUTCDate() === d && h <= 23 &&
      mi <= 59 && s <= 59;
    return real ? Date.UTC(y, mo - 1, d, h, mi, s) : undefined;
  };
  const two = (n: number) => String(n).padStart(2, "0");
  fc.assert(
    fc.property(
      fc.oneof(fc.integer({ min: 0, max: 9999 }), fc.constantFrom(0, 4, 99, 100, 1900, 2000, 2100)),
      fc.integer({ min: 0, max: 13 }),
      fc.integer({ min: 0, max: 32 }),
      fc.integer({ min: 0, max: 25 }),
      fc.integer({ min: 0, max: 61 }),
      fc.integer({ min: 0, max: 61 }),
      (y, mo, d, h, mi, s) => {
        const text = `${String(y).padStart(4, "0")}-${two(mo)}-${two(d)}T${two(h)}:${two(mi)}:${
          two(s)
        }Z`;
        assert.equal(parseTimestamp(text), reference(y, mo, d, h, mi, s), text);
      },
    ),
    { seed: 20261124, numRuns: 5000 },
  );
});

Deno.test("parseTimestamp refuses a timestamp with any one character changed out of its shape (property)", () => {
  // The shape as a regex, the way it was first written: the parser reads character codes instead.
  const SHAPE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/;
  const valid = "2026-01-05T01:00:00Z";
  fc.assert(
    fc.property(
      fc.integer({ min: 0, max: valid.length }),
      fc.constantFrom(..."0123456789-T:Z+ .a/\u0660\uff10"),
      fc.constantFrom(0, 1),
      (at, char, insert) => {
        const text = valid.slice(0, at) + char + valid.slice(at + 1 - insert);
        if (!SHAPE.test(text)) assert.equal(parseTimestamp(text), undefined, text);
      },
    ),
    { seed: 20261124, numRuns: 3000 },
  );
});

Deno.test("signUrl signs the host without its port and the path without its trailing slash", () => {
  const { url, stringToSign: text } = signUrl({
    method: "POST",
    url: "http://127.0.0.1:8686/gateway/robot_list/",
    accessKeyId: "ccemu-demo-key",
    accessKeySecret: "ccemu-demo-secret",
    now: Date.UTC(2026, 0, 5, 1),
  });
  assert.equal(
    text,
    "POST127.0.0.1/gateway/robot_list?AccessKeyId=ccemu-demo-key&Expires=600&Timestamp=2026-01-05T01%3A00%3A00Z",
  );
  assert.equal(
    url,
    "http://127.0.0.1:8686/gateway/robot_list/?AccessKeyId=ccemu-demo-key&Expires=600&Timestamp=2026-01-05T01%3A00%3A00Z&Signature=HJfSQlv%2FBdvs%2BWYWBiHHQrwkWNQ%3D",
  );
});

Deno.test("computeSignature is HMAC-SHA1 as node:crypto computes it, for any secret and text", () => {
  // Secrets longer than SHA-1's 64-byte block are hashed first; non-ASCII goes as UTF-8.
  fc.assert(
    fc.property(
      fc.string({ maxLength: 100, unit: "grapheme" }),
      // Up to 1,500 graphemes: a string-to-sign over 4 KiB is encoded apart from the others.
      fc.oneof(
        fc.string({ maxLength: 300, unit: "grapheme" }),
        fc.string({ minLength: 1_000, maxLength: 1_500, unit: "grapheme" }),
      ),
      (secret, text) => {
        const expected = createHmac("sha1", secret).update(text, "utf8").digest("base64");
        assert.equal(computeSignature(secret, text), expected);
        assert.equal(
          computeSignature(secret, text),
          expected,
          "the keyed state is reused unchanged",
        );
      },
    ),
    { seed: 20261123, numRuns: 500 },
  );
});
