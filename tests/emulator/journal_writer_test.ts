/**
 * The signed path's journal entries are written straight into the journal's bytes (journal-writer.ts,
 * `Journal.addExchange`) rather than built as objects and serialized: the bytes must be those
 * JSON.stringify and TextEncoder make of the same entry.
 */
import assert from "node:assert/strict";
import fc from "fast-check";
import { JsonWriter } from "../../emulator/core/journal-writer.ts";
import type { ExchangeRecord } from "../../emulator/core/journal-entry.ts";
import { MAX_STORED_BODY } from "../../emulator/core/stored-body.ts";
import { exchangeEntry } from "../../emulator/core/exchange-entry.ts";
import { Journal } from "../../emulator/core/journal.ts";

const encoder = new TextEncoder();

function written(value: unknown): Uint8Array {
  const writer = new JsonWriter();
  const bytes = new Uint8Array(1 << 20);
  writer.start(bytes, 0);
  writer.value(value);
  assert.ok(!writer.full);
  return bytes.slice(0, writer.at);
}

/** Text of every kind JSON.stringify escapes or encodes apart: quotes, controls, surrogates. */
const text = fc.string({
  unit: fc.oneof(
    fc.constantFrom('"', "\\", "\n", "\t", "\b", "\f", "\r", "\u0000", "\u001f", "\u007f"),
    fc.constantFrom("\ud800", "\udfff", "😀", "中", "é", "\u2028"),
    fc.string({ minLength: 1, maxLength: 1 }),
  ),
  maxLength: 40,
});

Deno.test("the writer writes any JSON value as JSON.stringify and TextEncoder would", () => {
  const value = fc.letrec((tie) => ({
    any: fc.oneof(
      { depthSize: "small" },
      text,
      fc.double(),
      fc.integer(),
      fc.constantFrom(0.001, 4.708, 12.5, 1e21, -0, 2 ** 53, 1e-7, 123456.789),
      fc.boolean(),
      fc.constant(null),
      fc.array(tie("any"), { maxLength: 4 }),
      fc.dictionary(text, fc.oneof(tie("any"), fc.constant(undefined)), { maxKeys: 4 }),
    ),
  })).any;
  fc.assert(
    fc.property(value, (v) => {
      assert.deepEqual(written(v), encoder.encode(JSON.stringify(v)));
    }),
    { seed: 20260601, numRuns: 2000 },
  );
});

/** A record's pieces, including the shapes the writer leaves to JSON.stringify. */
const record: fc.Arbitrary<ExchangeRecord> = fc.record({
  requestId: text,
  time: fc.integer({ min: 0, max: 2 ** 45 }),
  area: fc.constantFrom("outbound", "kb", "gateway"),
  method: fc.constantFrom("GET", "POST"),
  path: text,
  // Names repeat and start with digits at times: those go by the record's object.
  query: fc.array(fc.tuple(fc.oneof(text, fc.constantFrom("a", "1", "ids[0]")), text), {
    maxLength: 5,
  }).map((pairs) => pairs.flat()),
  headerList: fc.array(fc.tuple(fc.constantFrom("host", "x-a", "set-cookie", "9"), text), {
    maxLength: 4,
  }).map((pairs) => pairs.flat()),
  requestText: fc.option(text, { nil: undefined }),
  requestSize: fc.option(fc.integer({ min: 0, max: MAX_STORED_BODY * 2 }), { nil: undefined }),
  requestBody: fc.constantFrom(null, { text: "cut", size: 99_999, truncated: true }),
  status: fc.constantFrom(200, 400, 503),
  responseHeaders: fc.dictionary(text, text, { maxKeys: 2 }),
  responseText: fc.option(fc.oneof(text, fc.constant("x".repeat(MAX_STORED_BODY + 1))), {
    nil: undefined,
  }),
  responseBody: fc.constantFrom(null, { text: "", size: 3, truncated: false }),
  durationMs: fc.oneof(fc.double({ min: 0, max: 1e6, noNaN: true }), fc.constant(4.708)),
  auth: fc.option(
    fc.record({
      outcome: fc.constantFrom("accepted" as const, "rejected" as const),
      accessKeyId: fc.option(text, { nil: undefined }),
      hostsTried: fc.option(fc.array(text, { maxLength: 2 }), { nil: undefined }),
      expectedStringToSign: fc.option(text, { nil: undefined }),
      matched: fc.option(fc.record({ host: text, path: text }), { nil: undefined }),
      failedCheck: fc.option(text, { nil: undefined }),
      detail: fc.option(text, { nil: undefined }),
    }),
    { nil: undefined },
  ),
  errorCode: fc.option(text, { nil: undefined }),
  fault: fc.option(fc.record({ ruleId: fc.nat(), effect: text }), { nil: undefined }),
  stub: fc.option(
    fc.record({
      stubId: fc.nat(),
      note: fc.option(text, { nil: undefined }),
      findings: fc.option(
        fc.array(
          fc.record({ path: text, severity: fc.constant("warning" as const), message: text }),
          { maxLength: 2 },
        ),
        { nil: undefined },
      ),
    }),
    { nil: undefined },
  ),
});

Deno.test("addExchange keeps the bytes add(exchangeEntry(record)) keeps (property)", () => {
  fc.assert(
    fc.property(fc.array(record, { minLength: 1, maxLength: 6 }), (records) => {
      const direct = new Journal(4), built = new Journal(4);
      for (const r of records) {
        const id = direct.addExchange(r);
        assert.equal(built.add(exchangeEntry(r)).id, id);
        assert.equal(direct.bytes, built.bytes);
        assert.equal(JSON.stringify(direct.get(id)), JSON.stringify(built.get(id)));
      }
      assert.equal(JSON.stringify(direct.list()), JSON.stringify(built.list()));
    }),
    { seed: 20260602, numRuns: 500 },
  );
});

Deno.test("an exchange larger than a segment is kept whole, and live listeners hear it", () => {
  const heard: unknown[] = [];
  const journal = new Journal(10, (entry) => heard.push(entry), Infinity, () => true);
  const wide = "中".repeat(MAX_STORED_BODY / 3);
  const big: ExchangeRecord = {
    requestId: "r",
    time: 1,
    area: "kb",
    method: "POST",
    path: "/aikb/x",
    query: [],
    headerList: Array.from({ length: 200 }, (_, i) => [`x-${i}`, wide.slice(0, 2000)]).flat(),
    requestText: wide,
    requestSize: undefined,
    requestBody: null,
    status: 200,
    responseHeaders: {},
    responseText: wide,
    responseBody: null,
    durationMs: 1,
    auth: undefined,
    errorCode: undefined,
    fault: undefined,
  };
  const id = journal.addExchange(big);
  const entry = journal.get(id)!;
  assert.equal(entry.body?.text, wide);
  assert.equal(entry.response.body?.size, encoder.encode(wide).length);
  assert.equal(Object.keys(entry.headers).length, 200);
  assert.equal(JSON.stringify(heard), JSON.stringify([entry]));
});

Deno.test("a body read as text is the text of its bytes as readBody decodes them", async () => {
  const bodies = [
    new Uint8Array([0xef, 0xbb, 0xbf, 0x7b, 0x7d]),
    new Uint8Array([0x7b, 0xff, 0xc0, 0x80, 0xed, 0xa0, 0x80, 0xe4, 0xb8, 0x7d]),
    new Uint8Array([0xf0, 0x9f, 0x98]),
    encoder.encode('{"name":"客户 😀"}'),
  ];
  for (const bytes of bodies) {
    const request = () => new Request("http://x/", { method: "POST", body: bytes });
    assert.equal(
      await request().text(),
      new TextDecoder().decode(new Uint8Array(await request().arrayBuffer())),
    );
  }
});
