/**
 * `POST /_emulator/journal/verify`: counts, since, body JSON paths (equal and matches), query,
 * status, the near misses in order with their differences, and malformed bodies refused naming
 * the field.
 */
import assert from "node:assert/strict";
import { testEmulator } from "../helpers.ts";

const E = "7000001";
const task = (callJobName: string) => ({
  enterpriseId: E,
  callJobName,
  callJobType: 2,
  robotDefId: 3001,
  userPhoneIds: "[501]",
  concurrencyNum: 1,
});

/** An emulator whose journal holds: #1 task_create "Spring", #2 task_create "Autumn", #3 a refused task_create, #4 list_public_repositories. */
async function withTraffic() {
  const ccemu = testEmulator();
  assert.equal(
    (await ccemu.signed("POST", "/gateway/task_create", { body: task("Spring") })).status,
    200,
  );
  assert.equal(
    (await ccemu.signed("POST", "/gateway/task_create", { body: task("Autumn") })).status,
    200,
  );
  const refused = await ccemu.signed("POST", "/gateway/task_create", {
    body: { ...task("Winter"), robotDefId: "x" },
  });
  assert.equal(refused.status, 400);
  const listed = await ccemu.signed("GET", "/aikb/list_public_repositories");
  assert.equal(listed.status, 200);
  return ccemu;
}

const verify = (ccemu: ReturnType<typeof testEmulator>, body: unknown) =>
  ccemu.control("POST", "/_emulator/journal/verify", body);

Deno.test("verify counts matching entries: atLeast 1 by default, exactly, atLeast, atMost", async () => {
  using ccemu = await withTraffic();
  const created = { operation: "/gateway/task_create", status: 200 };
  const byDefault = await verify(ccemu, { match: created });
  assert.equal(byDefault.status, 200);
  assert.equal(byDefault.json.passed, true);
  assert.equal(byDefault.json.count, 2);
  assert.equal(byDefault.json.expected, "at least 1");
  assert.deepEqual(byDefault.json.entries.map((e: { id: number }) => e.id), [1, 2]);
  assert.deepEqual(byDefault.json.nearMisses, []);
  assert.equal(
    byDefault.json.message,
    "verified: expected at least 1 request matching /gateway/task_create with status 200, found 2 (#1, #2).",
  );

  assert.equal((await verify(ccemu, { match: created, count: { exactly: 2 } })).json.passed, true);
  assert.equal((await verify(ccemu, { match: created, count: { exactly: 1 } })).json.passed, false);
  assert.equal((await verify(ccemu, { match: created, count: { atLeast: 3 } })).json.passed, false);
  assert.equal((await verify(ccemu, { match: created, count: { atMost: 2 } })).json.passed, true);
  const tooMany = await verify(ccemu, { match: created, count: { atMost: 1 } });
  assert.equal(tooMany.json.passed, false);
  assert.deepEqual(tooMany.json.nearMisses, [], "too many: the entries say which, no near miss");
  assert.equal(
    tooMany.json.message,
    "verify failed: expected at most 1 request matching /gateway/task_create with status 200, found 2 (#1, #2).",
  );
  const range = await verify(ccemu, { match: created, count: { atLeast: 1, atMost: 3 } });
  assert.equal(range.json.expected, "between 1 and 3");
  assert.equal(range.json.passed, true);
  const none = await verify(ccemu, {
    match: { operation: "/gateway/task_execute" },
    count: { exactly: 0 },
  });
  assert.equal(none.json.passed, true);
  // The SDK's trailing slash on the request's path is the same operation.
  await ccemu.signed("GET", "/aikb/list_public_repositories/");
  assert.equal(
    (await verify(ccemu, {
      match: { operation: "/aikb/list_public_repositories" },
      count: { exactly: 2 },
    }))
      .json.passed,
    true,
  );
});

Deno.test("since: only the entries after it count", async () => {
  using ccemu = await withTraffic();
  const after = await verify(ccemu, {
    match: { operation: "/gateway/task_create", status: 200 },
    since: 1,
  });
  assert.equal(after.json.count, 1);
  assert.equal(after.json.entries[0].id, 2);
  const later = await verify(ccemu, { match: { operation: "/gateway/task_create" }, since: 4 });
  assert.equal(later.json.passed, false);
  assert.equal(
    later.json.message,
    "verify failed: expected at least 1 request matching /gateway/task_create after entry #4, found 0.\n" +
      "No near miss: none of the journal's 0 requests after entry #4 met any of the matchers.",
  );
});

Deno.test("nothing close: the message names the newest requests instead", async () => {
  using ccemu = await withTraffic();
  // A client that called a path no operation has: it meets no matcher of the one meant.
  await ccemu.signed("POST", "/gateway/task_creat", { body: task("Spring") });
  const failed = await verify(ccemu, {
    match: { operation: "/gateway/task_execute" },
    since: 2,
  });
  assert.deepEqual(failed.json.nearMisses, []);
  assert.equal(
    failed.json.message,
    [
      "verify failed: expected at least 1 request matching /gateway/task_execute after entry #2, found 0.",
      "No near miss: none of the journal's 3 requests after entry #2 met any of the matchers.",
      "The newest:",
      "  #5 POST /gateway/task_creat → 404",
      "  #4 GET /aikb/list_public_repositories → 200",
      "  #3 POST /gateway/task_create → 400",
    ].join("\n"),
  );
});

Deno.test("body JSON paths: equal values (text and numbers as text) and regex matches", async () => {
  using ccemu = await withTraffic();
  const passed = async (body: Record<string, unknown>) =>
    (await verify(ccemu, { match: { operation: "/gateway/task_create", body } })).json.count;
  assert.equal(await passed({ "$.callJobName": "Autumn" }), 1);
  assert.equal(await passed({ "$.robotDefId": 3001 }), 2);
  assert.equal(await passed({ "$.robotDefId": "3001" }), 2);
  assert.equal(await passed({ "$.callJobName": { matches: "(Spring|Autumn)" } }), 2);
  assert.equal(await passed({ "$.callJobName": { matches: "Spr" } }), 0, "the whole value");
  assert.equal(await passed({ "$.callJobName": { matches: ".*in.*" } }), 2, "Spring, Winter");
});

Deno.test("query and status matchers", async () => {
  using ccemu = await withTraffic();
  const list = await verify(ccemu, {
    match: {
      method: "get",
      path: "/aikb/list_public_repositories",
      query: { AccessKeyId: "ccemu-demo-key", Signature: { matches: ".+" } },
    },
  });
  assert.equal(list.json.count, 1);
  const refused = await verify(ccemu, { match: { status: "4xx" } });
  assert.deepEqual(refused.json.entries.map((e: { id: number }) => e.id), [3]);
  assert.equal(refused.json.entries[0].errorCode, "InvalidParameter");
  assert.equal((await verify(ccemu, { match: { status: 400, area: "outbound" } })).json.count, 1);
  assert.equal((await verify(ccemu, { match: { kind: "exchange" } })).json.count, 4);
});

Deno.test("a failed verify lists the nearest misses, most matchers met first, with their differences", async () => {
  using ccemu = await withTraffic();
  const failed = await verify(ccemu, {
    match: {
      operation: "/gateway/task_create",
      status: 200,
      body: { "$.callJobName": "Summer", "$.robotDefId": 3001 },
    },
    count: { exactly: 1 },
  });
  assert.equal(failed.status, 200);
  assert.equal(failed.json.passed, false);
  assert.equal(failed.json.count, 0);
  // #2 and #1 met 3 of 4 (the newest first), #3 met 1 (the operation: it was refused, its
  // robotDefId was "x"); #4 met none and is no near miss.
  assert.deepEqual(failed.json.nearMisses, [
    {
      entryId: 2,
      method: "POST",
      path: "/gateway/task_create",
      status: 200,
      met: 3,
      of: 4,
      differences: [{ path: "$.callJobName", expected: "Summer", got: "Autumn" }],
    },
    {
      entryId: 1,
      method: "POST",
      path: "/gateway/task_create",
      status: 200,
      met: 3,
      of: 4,
      differences: [{ path: "$.callJobName", expected: "Summer", got: "Spring" }],
    },
    {
      entryId: 3,
      method: "POST",
      path: "/gateway/task_create",
      status: 400,
      met: 1,
      of: 4,
      differences: [
        { path: "status", expected: 200, got: 400 },
        { path: "$.callJobName", expected: "Summer", got: "Winter" },
        { path: "$.robotDefId", expected: 3001, got: "x" },
      ],
    },
  ]);
  assert.equal(
    failed.json.message,
    [
      'verify failed: expected exactly 1 request matching /gateway/task_create with status 200, $.callJobName = "Summer", $.robotDefId = 3001, found 0.',
      "Nearest requests (most matchers met first):",
      "  #2 POST /gateway/task_create → 200: met 3 of 4",
      '    $.callJobName: expected "Summer", got "Autumn"',
      "  #1 POST /gateway/task_create → 200: met 3 of 4",
      '    $.callJobName: expected "Summer", got "Spring"',
      "  #3 POST /gateway/task_create → 400: met 1 of 4",
      "    status: expected 200, got 400",
      '    $.callJobName: expected "Summer", got "Winter"',
      '    $.robotDefId: expected 3001, got "x"',
    ].join("\n"),
  );
});

Deno.test("a wrong operation is a difference; a missing value is got nothing", async () => {
  using ccemu = await withTraffic();
  const failed = await verify(ccemu, {
    match: {
      operation: "/gateway/task_import",
      method: "POST",
      body: { "$.callJobName": "Spring" },
    },
  });
  assert.deepEqual(failed.json.nearMisses[0], {
    entryId: 1,
    method: "POST",
    path: "/gateway/task_create",
    status: 200,
    met: 2,
    of: 3,
    differences: [{
      path: "operation",
      expected: "/gateway/task_import",
      got: "/gateway/task_create",
    }],
  });
  const absent = await verify(ccemu, {
    match: { operation: "/gateway/task_create", body: { "$.notThere": 1 } },
  });
  assert.deepEqual(absent.json.nearMisses[0].differences, [{ path: "$.notThere", expected: 1 }]);
  assert.match(absent.json.message, /\$\.notThere: expected 1, got nothing/);
});

Deno.test("a malformed verify is refused with the control envelope, naming the field", async () => {
  using ccemu = await withTraffic();
  const cases: [unknown, string, RegExp][] = [
    [{}, "MissingParameter", /^match is required/],
    [
      { match: { operation: "/gateway/task_creat" } },
      "InvalidParameter",
      /^match\.operation: \/gateway\/task_creat is no operation ccemu serves: did you mean `\/gateway\/task_create`\?/,
    ],
    [
      { match: { operation: "/a", path: "/b" } },
      "InvalidParameter",
      /^match\.operation: give operation or path, not both/,
    ],
    [
      { match: { body: { callJobName: "X" } } },
      "InvalidParameter",
      /^match\.body\.callJobName: not a JSON path/,
    ],
    [
      { match: { body: { "$.a": { matches: "(" } } } },
      "InvalidParameter",
      /^match\.body\.\$\.a\.matches: not a regular expression/,
    ],
    [
      { match: { query: { a: [1] } } },
      "InvalidParameter",
      /^match\.query\.a: a query value is text/,
    ],
    [{ match: { status: "2x" } }, "InvalidParameter", /^match\.status: /],
    [{ match: { area: "nowhere" } }, "InvalidParameter", /^match\.area: /],
    [
      { match: {}, count: { exactly: 1, atLeast: 1 } },
      "InvalidParameter",
      /^count\.exactly: give exactly alone/,
    ],
    [{ match: {}, count: {} }, "InvalidParameter", /^count: give exactly, atLeast or atMost/],
    [
      { match: {}, count: { atLeast: 3, atMost: 1 } },
      "InvalidParameter",
      /^count\.atLeast: atLeast 3 is more than atMost 1/,
    ],
    [{ match: {}, count: { exactly: -1 } }, "InvalidParameter", /^count\.exactly: /],
    [{ match: {}, since: "x" }, "InvalidParameter", /^since: /],
    [{ match: {}, extra: 1 }, "UnknownParameter", /extra/],
    [{ match: { taskName: "X" } }, "UnknownParameter", /taskName/],
  ];
  for (const [body, code, message] of cases) {
    const res = await verify(ccemu, body);
    assert.equal(res.status, 400, JSON.stringify(body));
    assert.equal(res.json.error.code, code, JSON.stringify(res.json));
    assert.match(res.json.error.message, message);
    assert.match(res.json.requestId, /^control-\d+$/);
  }
  assert.equal(ccemu.emulator.journal.size, 4, "a verify is not journaled");
});
