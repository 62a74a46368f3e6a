/**
 * The harness's `verify`: answers what it found when the journal holds the requests expected,
 * and throws node:assert's AssertionError naming the nearest request and how it differs when not.
 */
import assert from "node:assert/strict";
import { AssertionError } from "node:assert";
import { startEmulator } from "../../harness/mod.ts";

const task = (callJobName: string) => ({
  enterpriseId: "7000001",
  callJobName,
  callJobType: 2,
  robotDefId: 3001,
  userPhoneIds: "[501]",
  concurrencyNum: 1,
});

Deno.test("emu.verify passes, fails with the near misses, and refuses a malformed match", async () => {
  await using ccemu = await startEmulator();
  const api = ccemu.client();
  const before = ccemu.journal.list().at(-1)?.id ?? 0;
  await api.post("/gateway/task_create", task("Spring"));

  const found = ccemu.verify({
    match: { operation: "/gateway/task_create", body: { "$.callJobName": "Spring" } },
    count: { exactly: 1 },
    since: before,
  });
  assert.equal(found.passed, true);
  assert.equal(found.entries[0].path, "/gateway/task_create");

  assert.throws(
    () =>
      ccemu.verify({
        match: { operation: "/gateway/task_create", body: { "$.callJobName": "Autumn" } },
        count: { exactly: 1 },
      }),
    (error: unknown) => {
      assert.ok(error instanceof AssertionError);
      assert.equal(
        error.message,
        [
          'verify failed: expected exactly 1 request matching /gateway/task_create with $.callJobName = "Autumn", found 0.',
          "Nearest requests (most matchers met first):",
          "  #1 POST /gateway/task_create → 200: met 1 of 2",
          '    $.callJobName: expected "Autumn", got "Spring"',
        ].join("\n"),
      );
      return true;
    },
  );
  assert.throws(
    () => ccemu.verify({ match: { body: { callJobName: "X" } } }),
    /match\.body\.callJobName: not a JSON path/,
  );
});
