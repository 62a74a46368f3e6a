/**
 * The verifier's own forms of the signature's parts (signed-api/signer.ts): the string-to-sign
 * of a flat query, and the comparison of a sent signature, each against the form clients and the
 * harness use (signed-api/signature.ts).
 */
import assert from "node:assert/strict";
import fc from "fast-check";
import {
  canonicalQuery,
  computeSignature,
  stringToSign,
} from "../../emulator/signed-api/signature.ts";
import { Signer } from "../../emulator/signed-api/signer.ts";

const signer = new Signer();
const stringToSignOf = signer.stringToSign.bind(signer);
const signatureMatches = signer.matches.bind(signer);

const text = fc.string({
  unit: fc.oneof(
    fc.constantFrom("~", "*", " ", "+", "%", "&", "=", "中", "\ud800", "😀"),
    fc.string({ minLength: 1, maxLength: 1 }),
  ),
  maxLength: 24,
});

Deno.test("stringToSignOf is stringToSign over the same query, flat (property)", () => {
  const pair = fc.tuple(
    fc.oneof(text, fc.constantFrom("Signature", "AccessKeyId", "a", "a")),
    text,
  );
  fc.assert(
    fc.property(fc.array(pair, { maxLength: 8 }), text, (pairs, host) => {
      assert.equal(
        stringToSignOf("POST", host, "/gateway/x", pairs.flat()),
        stringToSign("POST", host, "/gateway/x", pairs),
      );
      assert.ok(stringToSignOf("GET", "h", "/p", pairs.flat()).endsWith(canonicalQuery(pairs)));
    }),
    { seed: 20260603, numRuns: 2000 },
  );
});

Deno.test("signatureMatches is signaturesEqual(computeSignature(...)) without the text (property)", () => {
  fc.assert(
    fc.property(
      text,
      text,
      fc.nat({ max: 27 }),
      fc.integer({ min: 1, max: 60 }),
      (secret, message, at, shift) => {
        const expected = computeSignature(secret, message);
        assert.ok(signatureMatches(secret, message, expected));
        const wrong = expected.slice(0, at) + String.fromCharCode(expected.charCodeAt(at) + shift) +
          expected.slice(at + 1);
        assert.ok(!signatureMatches(secret, message, wrong));
        assert.ok(!signatureMatches(secret, message, expected.slice(0, 27)));
        assert.ok(!signatureMatches(secret, message, expected + "="));
      },
    ),
    { seed: 20260604, numRuns: 2000 },
  );
});
