/**
 * Which stub answers: the highest priority first, then the newest; `first: N` answers the first N
 * matches, `every: N` the Nth, 2Nth…; a stub that matches without answering lets the request go
 * on to the next stub or the state. In process, over the signed path (tests/helpers.ts).
 */
import assert from "node:assert/strict";
import fc from "fast-check";
import { testEmulator } from "../helpers.ts";

const ROBOTS = "/gateway/robot_list";
const QUERY = { enterpriseId: "7000001", robotStatus: 1 };

/** A stub on robot_list whose answer says which stub it is. */
const tagged = (tag: string, extra: Record<string, unknown> = {}) => ({
  operation: ROBOTS,
  answer: { body: { requestId: "{{requestId}}", tag } },
  ...extra,
});

/** The tag of each answer (null: the state's own), for `n` requests. */
async function tags(ccemu: ReturnType<typeof testEmulator>, n: number) {
  const out: (string | null)[] = [];
  for (let i = 0; i < n; i++) {
    const { json } = await ccemu.signed("POST", ROBOTS, { body: QUERY });
    out.push(json.tag ?? null);
  }
  return out;
}

Deno.test("stubs: highest priority first, then the newest; GET lists them in that order", async () => {
  using ccemu = testEmulator();
  for (
    const stub of [
      tagged("old"),
      tagged("high", { priority: 5 }),
      tagged("new"),
      tagged("high-new", { priority: 5, first: 1 }),
    ]
  ) assert.equal((await ccemu.control("POST", "/_emulator/stubs", stub)).status, 201);
  const listed = (await ccemu.control("GET", "/_emulator/stubs")).json.stubs;
  assert.deepEqual(listed.map((s: { id: number }) => s.id), [4, 2, 3, 1]);
  assert.deepEqual(await tags(ccemu, 3), ["high-new", "high", "high"]);
  const counts = (await ccemu.control("GET", "/_emulator/stubs")).json.stubs.map((
    s: { id: number; matched: number; answered: number },
  ) => [s.id, s.matched, s.answered]);
  // Stub 4 is spent after one answer but still counts what it meets; 3 and 1 were never reached.
  assert.deepEqual(counts, [[4, 3, 1], [2, 2, 2], [3, 0, 0], [1, 0, 0]]);
});

Deno.test("stubs: first and every answer exactly the matches they name (property)", async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.constantFrom("first", "every", "always"),
      fc.integer({ min: 1, max: 4 }),
      fc.integer({ min: 0, max: 9 }),
      async (trigger, n, requests) => {
        using ccemu = testEmulator();
        const extra = trigger === "always" ? {} : { [trigger]: n };
        await ccemu.control("POST", "/_emulator/stubs", tagged("stub", extra));
        const got = await tags(ccemu, requests);
        const expected = got.map((_, i) =>
          trigger === "first" ? i < n : trigger === "every" ? (i + 1) % n === 0 : true
        );
        assert.deepEqual(got.map((tag) => tag === "stub"), expected);
        const [stub] = (await ccemu.control("GET", "/_emulator/stubs")).json.stubs;
        assert.equal(stub.matched, requests);
        assert.equal(stub.answered, expected.filter(Boolean).length);
      },
    ),
    { seed: 44, numRuns: 40 },
  );
});

Deno.test("stubs: a stub that lets a match pass hands it to the next one", async () => {
  using ccemu = testEmulator();
  await ccemu.control("POST", "/_emulator/stubs", tagged("fallback"));
  await ccemu.control("POST", "/_emulator/stubs", tagged("every-2nd", { every: 2, priority: 1 }));
  assert.deepEqual(await tags(ccemu, 4), ["fallback", "every-2nd", "fallback", "every-2nd"]);
});

Deno.test("stubs: a fault rule acts first: its injected error answers, and the stub does not count it", async () => {
  using ccemu = testEmulator();
  await ccemu.control("POST", "/_emulator/stubs", tagged("stub"));
  await ccemu.control("POST", "/_emulator/faults", {
    operation: ROBOTS,
    first: 1,
    effect: { type: "error", code: "TooManyRequests" },
  });
  const first = await ccemu.signed("POST", ROBOTS, { body: QUERY });
  assert.equal(first.status, 429);
  assert.equal((await ccemu.signed("POST", ROBOTS, { body: QUERY })).json.tag, "stub");
  const [stub] = (await ccemu.control("GET", "/_emulator/stubs")).json.stubs;
  assert.deepEqual([stub.matched, stub.answered], [1, 1]);
});
