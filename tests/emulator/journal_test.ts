import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { EventHub } from "../../emulator/core/events.ts";
import fc from "fast-check";
import type { JournalEntry } from "../../emulator/core/journal-entry.ts";
import { MAX_STORED_BODY, storeBody, utf8Length } from "../../emulator/core/stored-body.ts";
import { Journal } from "../../emulator/core/journal.ts";

function entry(i: number, over: Partial<JournalEntry> = {}): Omit<JournalEntry, "id"> {
  return {
    kind: "exchange",
    requestId: `r${i}`,
    time: i,
    area: "outbound",
    method: "POST",
    path: `/gateway/op${i}`,
    query: {},
    headers: {},
    body: null,
    response: { status: 200, headers: {}, body: null },
    durationMs: 1,
    ...over,
  };
}

Deno.test("the journal keeps only the newest --journal-size entries", () => {
  const journal = new Journal(3);
  for (let i = 1; i <= 50; i++) journal.add(entry(i));
  assert.equal(journal.size, 3);
  assert.deepEqual(journal.list().map((e) => e.id), [48, 49, 50]);
  assert.equal(journal.get(47), undefined);
  assert.equal(journal.get(49)?.requestId, "r49");
});

const utf8Bytes = (text: string) => new TextEncoder().encode(text).length;

/**
 * What an entry counts against --journal-mb: the UTF-8 bytes of its JSON, its bodies' text
 * counted as it is (not escaped as a JSON string).
 */
function entryBytes(e: Omit<JournalEntry, "id"> | JournalEntry): number {
  const texts = [e.body?.text ?? "", e.response.body?.text ?? ""];
  const blank = structuredClone(e);
  if (blank.body) blank.body.text = "";
  if (blank.response.body) blank.response.body.text = "";
  return utf8Bytes(JSON.stringify(blank)) + utf8Bytes(texts[0]) + utf8Bytes(texts[1]);
}

Deno.test("the journal keeps at most --journal-mb of entries, the oldest going first", () => {
  const body = (n: number) => storeBody("x".repeat(n));
  const sizeOf = entryBytes({ id: 1, ...entry(1, { body: body(10_000) }) });
  const journal = new Journal(1000, undefined, sizeOf * 3 + 10);
  for (let i = 1; i <= 10; i++) journal.add(entry(i, { body: body(10_000) }));
  assert.deepEqual(journal.list().map((e) => e.id), [8, 9, 10]);
  assert.ok(journal.bytes <= journal.maxBytes, `${journal.bytes} <= ${journal.maxBytes}`);
  // One entry over the whole budget is still kept: the newest always is.
  journal.add(entry(11, { body: body(50_000) }));
  assert.deepEqual(journal.list().map((e) => e.id), [11]);
  assert.equal(journal.bytes, entryBytes(journal.get(11)!));
  for (let i = 12; i <= 2000; i++) journal.add(entry(i));
  assert.equal(journal.list().at(-1)?.id, 2000);
  assert.ok(journal.size <= 1000);
  journal.clear();
  assert.equal(journal.bytes, 0);
});

Deno.test("an entry is kept as its JSON: what a reader gets is a copy of its own", () => {
  const journal = new Journal(10);
  const added = journal.add(entry(1, {
    headers: { "content-type": "application/json" },
    body: storeBody(JSON.stringify({ name: "客户 😀", lone: "\ud800" })),
    auth: undefined,
  }));
  const read = journal.get(1)!;
  assert.deepEqual(read, JSON.parse(JSON.stringify(added)), "undefined fields are left out");
  assert.equal(journal.bytes, entryBytes(added));
  read.response.status = 500;
  read.headers.host = "elsewhere";
  assert.equal(journal.get(1)!.response.status, 200, "changing a copy changes no record");
  assert.equal(journal.list()[0].headers.host, undefined);
});

Deno.test("entries over several segments, one larger than a segment, read back whole", () => {
  const journal = new Journal(1000);
  const big = { kind: "push", push: { events: ["e".repeat(700_000), "中".repeat(200_000)] } };
  for (let i = 1; i <= 60; i++) {
    journal.add(
      i === 30 ? { ...entry(i), ...big } : entry(i, { body: storeBody("b".repeat(i * 1000)) }),
    );
  }
  const entries = journal.list();
  assert.equal(entries.length, 60);
  for (const e of entries) {
    assert.equal(e.requestId, `r${e.id}`);
    if (e.id !== 30) assert.equal(e.body?.text, "b".repeat(e.id * 1000));
  }
  assert.deepEqual((journal.get(30) as unknown as typeof big).push, big.push);
  // Bodies are written raw after the JSON: one of 1.2 MB fills a segment of its own.
  const wide = "中".repeat(400_000);
  journal.add(entry(61, {
    body: { text: wide, size: 1_200_000, truncated: false },
    response: { status: 200, headers: {}, body: { text: `"${wide}"`, size: 1, truncated: false } },
  }));
  assert.equal(journal.get(61)?.body?.text, wide);
  assert.equal(journal.get(61)?.response.body?.text, `"${wide}"`);
  assert.equal(journal.get(60)?.body?.text, "b".repeat(60_000));
});

Deno.test("a body's text is kept as UTF-8: a lone surrogate reads back as U+FFFD", () => {
  const journal = new Journal(10);
  journal.add(entry(1, { body: { text: "a\ud800b", size: 5, truncated: false } }));
  assert.equal(journal.get(1)?.body?.text, "a\ufffdb");
});

Deno.test("property: whatever the sizes and bounds, the journal holds the newest entries that fit", () => {
  fc.assert(
    fc.property(
      fc.integer({ min: 1, max: 300 }),
      fc.integer({ min: 1_000, max: 3_000_000 }),
      fc.array(fc.integer({ min: 0, max: 200_000 }), { minLength: 1, maxLength: 120 }),
      fc.integer({ min: 0, max: 120 }),
      (capacity, maxBytes, bodySizes, clearAt) => {
        const journal = new Journal(capacity, undefined, maxBytes);
        const model: { id: number; size: number; text: string }[] = [];
        bodySizes.forEach((n, i) => {
          if (i === clearAt) {
            journal.clear();
            model.length = 0;
          }
          const text = String.fromCharCode(97 + (i % 26)).repeat(n);
          const added = journal.add(entry(i, { body: { text, size: n, truncated: false } }));
          model.push({ id: added.id, size: entryBytes(added), text });
          let bytes = model.reduce((sum, m) => sum + m.size, 0);
          while (model.length > 1 && (model.length > capacity || bytes > maxBytes)) {
            bytes -= model.shift()!.size;
          }
        });
        const kept = journal.list();
        assert.deepEqual(kept.map((e) => e.id), model.map((m) => m.id));
        assert.deepEqual(kept.map((e) => e.body?.text), model.map((m) => m.text));
        assert.equal(journal.bytes, model.reduce((sum, m) => sum + m.size, 0));
        assert.equal(journal.get(model[0].id)?.id, model[0].id);
        assert.equal(journal.get(model[0].id - 1), undefined);
      },
    ),
    { numRuns: 60 },
  );
});

Deno.test("filters: area, path, status and class, since cursor, limit", () => {
  const journal = new Journal(100);
  journal.add(entry(1));
  journal.add(entry(2, { area: "kb", path: "/aikb/list_faqs" }));
  journal.add(entry(3, { response: { status: 401, headers: {}, body: null } }));
  journal.add(entry(4, { response: { status: 404, headers: {}, body: null } }));
  assert.deepEqual(journal.list({ area: "kb" }).map((e) => e.id), [2]);
  assert.deepEqual(journal.list({ path: "faqs" }).map((e) => e.id), [2]);
  assert.deepEqual(journal.list({ status: "401" }).map((e) => e.id), [3]);
  assert.deepEqual(journal.list({ status: "4xx" }).map((e) => e.id), [3, 4]);
  assert.deepEqual(journal.list({ since: 2 }).map((e) => e.id), [3, 4]);
  assert.deepEqual(journal.list({ requestId: "r3" }).map((e) => e.id), [3]);
  assert.deepEqual(journal.list({ requestId: "nobody" }), []);
  assert.deepEqual(
    journal.list({ limit: 2 }).map((e) => e.id),
    [3, 4],
    "without since: the newest",
  );
  assert.deepEqual(
    journal.list({ since: 1, limit: 2 }).map((e) => e.id),
    [2, 3],
    "with since: the next ones",
  );
  journal.clear();
  assert.equal(journal.size, 0);
});

Deno.test("bodies over 64 KiB are stored cut, with their real size and digest", () => {
  const small = storeBody("héllo");
  assert.deepEqual(small, { text: "héllo", size: 6, truncated: false });
  const whole = "x".repeat(MAX_STORED_BODY + 10);
  const big = storeBody(whole);
  assert.equal(big.truncated, true);
  assert.equal(big.size, MAX_STORED_BODY + 10);
  assert.equal(big.text, whole.slice(0, MAX_STORED_BODY));
  assert.equal(big.digest, `sha256:${createHash("sha256").update(whole).digest("hex")}`);
  // Only a part was read (a body refused for its size): its size is kept, no digest of the part.
  const part = storeBody(whole, 50 * 1024 * 1024);
  assert.equal(part.size, 50 * 1024 * 1024);
  assert.equal(part.digest, undefined);
});

Deno.test("each entry is published live", () => {
  const hub = new EventHub();
  const seen: number[] = [];
  const unsubscribe = hub.subscribe((e) => e.type === "journal" && seen.push(e.entry.id));
  const journal = new Journal(10, (entry) => hub.publish({ type: "journal", entry }));
  journal.add(entry(1));
  unsubscribe();
  journal.add(entry(2));
  assert.deepEqual(seen, [1]);
});

Deno.test("utf8Length counts bytes as TextEncoder does", () => {
  for (const text of ["", "abc", "héllo", "中文", "😀", "a😀b中é", "end\ud800"]) {
    assert.equal(utf8Length(text), new TextEncoder().encode(text).length, JSON.stringify(text));
  }
});

Deno.test("utf8Length is exact for any UTF-16, lone surrogates too (sizes a large entry's segment)", () => {
  const encoder = new TextEncoder();
  fc.assert(
    fc.property(
      fc.string({ unit: "binary" }),
      fc.array(fc.integer({ min: 0xd800, max: 0xdfff }), { maxLength: 4 }),
      (text, surrogates) => {
        const mixed = text + String.fromCharCode(...surrogates) + text;
        assert.equal(utf8Length(mixed), encoder.encode(mixed).length);
      },
    ),
  );
});
