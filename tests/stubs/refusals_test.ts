/**
 * A malformed stub is refused with 400 in the control API's envelope, naming the field and how to
 * fix it, and adds nothing. A table: each stub and the field and words its refusal must hold.
 */
import assert from "node:assert/strict";
import { testEmulator } from "../helpers.ts";

const ANSWER = { body: { requestId: "{{requestId}}" } };

const CASES: [string, unknown, string, RegExp][] = [
  ["no operation", { answer: ANSWER }, "MissingParameter", /^operation is required/],
  [
    "an unknown operation",
    { operation: "task_creat", answer: ANSWER },
    "InvalidParameter",
    /^operation: ccemu serves no operation task_creat; did you mean `task_create`\?/,
  ],
  [
    "an unknown path",
    { operation: "/gateway/task_craete", answer: ANSWER },
    "InvalidParameter",
    /did you mean `\/gateway\/task_create`\?/,
  ],
  [
    "a path in the wrong area",
    { area: "kb", method: "POST", path: "/gateway/task_create", answer: ANSWER },
    "InvalidParameter",
    /^area: \/gateway\/task_create belongs to the outbound area, not kb/,
  ],
  [
    "the wrong method",
    { operation: "task_create", method: "GET", answer: ANSWER },
    "InvalidParameter",
    /^method: \/gateway\/task_create takes POST, not GET/,
  ],
  ["no answer", { operation: "task_create" }, "MissingParameter", /^answer is required/],
  ["no answer body", { operation: "task_create", answer: {} }, "MissingParameter", /answer\.body/],
  [
    "a status without a body",
    { operation: "task_create", answer: { ...ANSWER, status: 204 } },
    "InvalidParameter",
    /^answer\.status: must be an HTTP status with a body/,
  ],
  [
    "both first and every",
    { operation: "task_create", answer: ANSWER, first: 1, every: 2 },
    "InvalidParameter",
    /^every: give first or every, not both/,
  ],
  [
    "a bad JSON path",
    { operation: "task_create", answer: ANSWER, when: { body: { "taskName": "x" } } },
    "InvalidParameter",
    /^when\.body\.taskName: not a JSON path/,
  ],
  [
    "a bad regex",
    { operation: "task_create", answer: ANSWER, when: { body: { "$.a": { matches: "(" } } } },
    "InvalidParameter",
    /^when\.body\.\$\.a\.matches: not a regular expression/,
  ],
  [
    "an unknown placeholder",
    { operation: "task_create", answer: { body: { result: { name: "{{bdy.name}}" } } } },
    "InvalidParameter",
    /^answer\.body\.result\.name: \{\{bdy\.name\}\} names nothing a stub can read: a placeholder starts with body, query, requestId, now, nowMs/,
  ],
  [
    "an unknown member",
    { operation: "task_create", answer: ANSWER, whn: {} },
    "UnknownParameter",
    /^whn is not a parameter/,
  ],
  [
    "a header on two lines",
    { operation: "task_create", answer: { ...ANSWER, headers: { "x-a": "1\r\nx-b: 2" } } },
    "InvalidParameter",
    /^answer\.headers\.x-a: must be one line/,
  ],
  [
    "a delay past two minutes",
    { operation: "task_create", answer: { ...ANSWER, delayMs: 120_001 } },
    "InvalidParameter",
    /^answer\.delayMs: must be at most 120000 ms/,
  ],
];

Deno.test("stubs: malformed stubs are refused with 400 naming the field; nothing is added", async (t) => {
  using ccemu = testEmulator();
  const before = ccemu.stateText();
  for (const [name, stub, code, message] of CASES) {
    await t.step(name, async () => {
      const refused = await ccemu.control("POST", "/_emulator/stubs", stub);
      assert.equal(refused.status, 400, refused.text);
      assert.equal(refused.json.error.code, code, refused.text);
      assert.match(refused.json.error.message, message);
      assert.match(refused.json.requestId, /./);
    });
  }
  assert.equal(ccemu.stateText(), before, "a refused stub changes nothing, its id included");
  assert.equal((await ccemu.control("GET", "/_emulator/stubs/1")).status, 404);
});
