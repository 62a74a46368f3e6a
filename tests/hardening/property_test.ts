/**
 * Property-based tests over every operation `/_emulator/schemas` lists, and the control routes that
 * take a body: bodies and queries are generated from each operation's published JSON Schema (biased
 * toward the demo tenant's real ids, so many requests succeed), then mutated (a required field
 * dropped, an unknown one added, a field given any JSON value, `null`, deep nesting, or the whole
 * body replaced). Every answer must be the vendor's envelope with a status that matches its code,
 * never a 5xx, and a rejected request must leave the state byte for byte as it was.
 *
 * Runs with a fixed seed (CCEMU_PROPERTY_SEED overrides it) and a bounded number of runs, so CI
 * repeats the same requests in a few seconds.
 */
import assert from "node:assert/strict";
import fc from "fast-check";
import { ERROR_STATUS } from "../../emulator/core/errors.ts";
import { testEmulator } from "../helpers.ts";

const SEED = Number(Deno.env.get("CCEMU_PROPERTY_SEED") ?? 20261123);
const RUNS_PER_OPERATION = 400;
const RUNS_PER_CONTROL_ROUTE = 300;

type Schema = {
  type?: string | string[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  enum?: unknown[];
  const?: unknown;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  pattern?: string;
  minimum?: number;
  maximum?: number;
};

/** The demo tenant's ids and texts, so that generated requests often name things that exist. */
const KNOWN_INTEGERS = [
  0,
  1,
  2,
  3,
  101,
  102,
  1001,
  1002,
  1004,
  2001,
  3001,
  3002,
  501,
  503,
  80001,
  900000001,
];
const KNOWN_TEXTS = [
  "7000001",
  "FAQ",
  "FILE",
  "13800000001",
  "退款",
  "sample-default",
  "a.txt",
  "[501]",
  "2026-01-10",
  "2026/01/01 00:00:00",
];

const json = fc.jsonValue({ maxDepth: 3 });

function arbitrary(schema: Schema, depth = 0): fc.Arbitrary<unknown> {
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) return fc.oneof(...alternatives.map((s) => arbitrary(s, depth)));
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const types = [schema.type ?? "any"].flat();
  return fc.oneof(...types.map((type) => arbitraryOfType(type, schema, depth)));
}

function arbitraryOfType(type: string, schema: Schema, depth: number): fc.Arbitrary<unknown> {
  switch (type) {
    case "object": {
      if (depth > 3 || !schema.properties) return fc.dictionary(fc.string(), json, { maxKeys: 3 });
      const shape: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [name, member] of Object.entries(schema.properties)) {
        shape[name] = name === "enterpriseId"
          ? fc.oneof({ weight: 8, arbitrary: fc.constant("7000001") }, {
            weight: 1,
            arbitrary: arbitrary(member, depth + 1),
          })
          : arbitrary(member, depth + 1);
      }
      return fc.record(shape, { requiredKeys: schema.required ?? [] });
    }
    case "array":
      return fc.array(schema.items ? arbitrary(schema.items, depth + 1) : json, { maxLength: 4 });
    case "string":
      return fc.oneof(
        fc.constantFrom(...KNOWN_TEXTS),
        schema.pattern ? fc.stringMatching(new RegExp(schema.pattern)) : fc.string(),
        fc.constantFrom(...KNOWN_INTEGERS.map(String)),
        fc.constant(JSON.stringify([{ phone: "13800000001" }])),
        // JSON-array text whose rows nest too deep (customerInfoVOList and its kind).
        nestedDeep.map((deep) => bodyText([{ phone: "13800000001", properties: deep }])),
      );
    case "integer":
      return fc.oneof(
        { weight: 3, arbitrary: fc.constantFrom(...KNOWN_INTEGERS) },
        { weight: 2, arbitrary: fc.integer({ min: -1e6, max: 1e6 }) },
        { weight: 1, arbitrary: absurd },
      );
    case "number":
      return fc.oneof(fc.constantFrom(...KNOWN_INTEGERS), fc.double({ noNaN: true }));
    case "boolean":
      return fc.boolean();
    case "null":
      return fc.constant(null);
    default:
      return json;
  }
}

/** Numbers and texts a careless or hostile client sends where a number belongs. */
const absurd: fc.Arbitrary<unknown> = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.constantFrom(1e300, -1e300, 8640000000000001, -8640000000000001, 2 ** 53 + 1, 1.5, -1, 0),
  fc.bigInt().map(String),
  fc.constant("9".repeat(40)),
  fc.string(),
  json,
);

/** An object with any of these members (each absent or present). */
const fields = (shape: Record<string, fc.Arbitrary<unknown>>) =>
  fc.record(shape, { requiredKeys: [] });

/**
 * JSON nested 65 to 12,000 levels deep, carried as a marker and written into the body's text only
 * when it is sent (a value that deep would overflow the stack of fast-check's own reporting).
 */
const nestedDeep = fc.integer({ min: 65, max: 12_000 }).map((depth) => `\u0000deep:${depth}`);

/** The body text of a generated value, with each deep-nesting marker written out. */
function bodyText(value: unknown): string {
  return (JSON.stringify(value) ?? "null").replace(
    /"\\u0000deep:(\d+)"/g,
    (_, depth) => '{"a":'.repeat(Number(depth)) + "1" + "}".repeat(Number(depth)),
  );
}

/** A valid-looking body, or one of its mutations. */
function requests(schema: Schema): fc.Arbitrary<unknown> {
  const valid = arbitrary(schema);
  const keys = Object.keys(schema.properties ?? {});
  const mutate = (body: unknown, how: number, key: string, value: unknown) => {
    if (body === null || typeof body !== "object" || Array.isArray(body)) return body;
    const copy = { ...(body as Record<string, unknown>) };
    if (how === 0) delete copy[key];
    else if (how === 1) copy[`unknown_${key}`] = value;
    else if (how === 2) copy[key] = value;
    else if (how === 3) copy[key] = null;
    return copy;
  };
  return fc.oneof(
    { weight: 4, arbitrary: valid },
    {
      weight: 4,
      arbitrary: fc.tuple(
        valid,
        fc.integer({ min: 0, max: 3 }),
        keys.length ? fc.constantFrom(...keys) : fc.constant("x"),
        fc.oneof(json, nestedDeep, fc.string()),
      ).map(([body, how, key, value]) => mutate(body, how, key, value)),
    },
    { weight: 1, arbitrary: fc.oneof(json, nestedDeep) },
  );
}

const STATUSES = new Set(Object.values(ERROR_STATUS) as number[]);

/**
 * The envelope's promises: never a 5xx; a signed answer always, and any refusal, carries a
 * requestId; a refusal's status is its code's.
 */
function checkAnswer(
  status: number,
  body: Record<string, unknown> | undefined,
  what: string,
  signed: boolean,
) {
  assert.ok(status < 500, `${what}: answered ${status} ${JSON.stringify(body)}`);
  const refused = status !== 200 && status !== 201;
  if (signed || refused) {
    assert.ok(body && typeof body.requestId === "string", `${what}: no requestId`);
  }
  if (refused) {
    const error = body!.error as { code: keyof typeof ERROR_STATUS; message: string };
    assert.ok(STATUSES.has(status), `${what}: status ${status}`);
    assert.equal(ERROR_STATUS[error!.code], status, `${what}: ${error!.code} with ${status}`);
    assert.ok(error!.message.length > 0 && !/\n\s+at /.test(error!.message), `${what}: message`);
  }
}

let sent = 0;

Deno.test("every signed operation: generated and mutated requests keep the envelope and the state", async (t) => {
  using ccemu = testEmulator();
  const { operations } = (await ccemu.control("GET", "/_emulator/schemas")).json as {
    operations: Record<string, { params: Schema; query?: Schema }>;
  };
  assert.ok(Object.keys(operations).length >= 35);
  // A task with finished calls (80001; calls from 900000001), for the operations that read them.
  const task = await ccemu.signed("POST", "/gateway/task_create", {
    body: {
      enterpriseId: "7000001",
      callJobName: "property",
      callJobType: 2,
      robotDefId: 3002,
      userPhoneIds: "[501]",
    },
  });
  const callJobId = task.json.result.callJobId;
  await ccemu.signed("POST", "/gateway/task_import", {
    body: { enterpriseId: "7000001", callJobId, customerInfoVOList: '["13800000001"]' },
  });
  await ccemu.signed("POST", "/gateway/task_execute", {
    body: { enterpriseId: "7000001", callJobId, command: 1 },
  });
  await ccemu.control("POST", "/_emulator/outbound/advance-until-idle");
  for (const [name, { params }] of Object.entries(operations)) {
    const [method, path] = name.split(" ");
    await t.step(name, async () => {
      await fc.assert(
        fc.asyncProperty(requests(params), async (input) => {
          sent++;
          const before = ccemu.stateText();
          const res = method === "GET"
            ? await ccemu.signed("GET", path, { query: asQuery(input) })
            : await ccemu.signed("POST", path, { rawBody: bodyText(input) });
          checkAnswer(
            res.status,
            res.json,
            `${name} ${JSON.stringify(input)?.slice(0, 300)}`,
            true,
          );
          if (res.status !== 200) {
            assert.equal(ccemu.stateText(), before, `${name}: a rejected request changed state`);
          } else {
            // Whatever was accepted still exports.
            const exported = await ccemu.control("GET", "/_emulator/snapshot");
            assert.equal(exported.status, 200, `${name}: the export broke after it`);
          }
        }),
        { seed: SEED, numRuns: RUNS_PER_OPERATION },
      );
    });
  }
});

/** GET parameters: a generated object's members as text (arrays as name[i]). */
function asQuery(input: unknown): Record<string, string> {
  if (input === null || typeof input !== "object" || Array.isArray(input)) {
    return { value: JSON.stringify(input) };
  }
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(input)) {
    if (Array.isArray(value)) value.forEach((v, i) => (out[`${name}[${i}]`] = stringOf(v)));
    else out[name] = stringOf(value);
  }
  return out;
}

const stringOf = (v: unknown) => (typeof v === "string" ? v : JSON.stringify(v) ?? "");

Deno.test("control routes that take a body: any JSON keeps the envelope and the state", async (t) => {
  using ccemu = testEmulator();
  const routes: [string, string][] = [
    ["POST", "/_emulator/clock"],
    ["POST", "/_emulator/clock/advance"],
    ["PATCH", "/_emulator/outbound/accounts/7000001"],
    ["PATCH", "/_emulator/outbound/lines/501"],
    ["POST", "/_emulator/keys"],
    ["PATCH", "/_emulator/gateway/robots/sample-default"],
    ["POST", "/_emulator/kb/search"],
    ["POST", "/_emulator/snapshot"],
    ["POST", "/_emulator/scenarios/replay"],
    ["POST", "/_emulator/faults"],
    ["POST", "/_emulator/stubs"],
    ["PUT", "/_emulator/outbound/callback-urls/7000001"],
  ];
  const snapshot = (await ccemu.control("GET", "/_emulator/snapshot")).json;
  const bodies: Record<string, fc.Arbitrary<unknown>> = {
    // "real" would let the clock run on its own, and a rejected request must leave it still.
    "/_emulator/clock": fields({ mode: fc.constantFrom("manual", "x"), now: absurd }),
    "/_emulator/clock/advance": fields({ ms: absurd, to: absurd }),
    "/_emulator/outbound/accounts/7000001": fields({
      aiSeats: absurd,
      aiExpiresAt: fc.oneof(absurd, fc.constant(null)),
      smsBalance: absurd,
    }),
    "/_emulator/outbound/lines/501": fields({ enabled: fc.boolean(), lineAmount: absurd }),
    "/_emulator/keys": fields({
      accessKeyId: fc.string(),
      accessKeySecret: fc.string(),
      enterpriseId: fc.constantFrom("7000001", "1"),
      permissions: fc.array(fc.string(), { maxLength: 2 }),
      rateLimit: fields({ requests: absurd, perSeconds: absurd }),
    }),
    "/_emulator/gateway/robots/sample-default": fields({
      timeouts: fields({ blockingMs: absurd, streamIdleMs: absurd }),
    }),
    "/_emulator/kb/search": fields({
      keyword: fc.string(),
      knowledgeType: fc.constantFrom("FAQ", "FILE", "X"),
      repositoryIds: fc.array(absurd, { maxLength: 3 }),
      limit: absurd,
    }),
    "/_emulator/snapshot": fc.record({
      clockNow: absurd,
      randomState: absurd,
      member: fc.constantFrom("deep", "sequences", "outbound"),
      value: fc.oneof(json, nestedDeep),
    }).map(({ clockNow, randomState, member, value }) => ({
      ...snapshot,
      clock: { now: clockNow },
      random: { state: randomState },
      state: { ...snapshot.state, [member]: value },
    })),
    "/_emulator/scenarios/replay": fields({ name: fc.string(), scenario: json }),
    "/_emulator/faults": fields({
      area: fc.constantFrom("outbound", "storage", "x"),
      operation: fc.constantFrom("/gateway/robot_list", "/_storage/uploads", "/nope", "x"),
      accessKeyId: fc.string(),
      body: json,
      first: absurd,
      probability: absurd,
      effect: fields({
        type: fc.constantFrom("error", "gateway", "delay", "truncate", "reset", "x"),
        code: fc.constantFrom("InternalError", "X"),
        status: absurd,
        ms: absurd,
        fraction: absurd,
      }),
    }),
    "/_emulator/stubs": fields({
      operation: fc.constantFrom("robot_list", "/aikb/list_directory_tree", "/nope", "x"),
      area: fc.constantFrom("outbound", "kb", "x"),
      method: fc.constantFrom("GET", "POST", "x"),
      when: fields({
        query: json,
        body: fc.dictionary(fc.constantFrom("$.a", "$.b[0]", "a", "$["), json, { maxKeys: 2 }),
        accessKeyId: fc.string(),
      }),
      answer: fields({
        status: absurd,
        body: fc.oneof(json, fc.constantFrom("{{body.a}}", "{{nope}}", "x{{requestId}}")),
        headers: json,
        delayMs: absurd,
      }),
      first: absurd,
      every: absurd,
      priority: absurd,
    }),
    "/_emulator/outbound/callback-urls/7000001": fields({
      url: fc.constantFrom("http://127.0.0.1:1/calls", "ftp://x", "nope"),
      accessKeyId: fc.constantFrom("ccemu-demo-key", "x"),
      timeoutMs: absurd,
    }),
  };
  for (const [method, path] of routes) {
    await t.step(`${method} ${path}`, async () => {
      await fc.assert(
        fc.asyncProperty(fc.oneof(bodies[path], json, nestedDeep), async (input) => {
          sent++;
          const before = ccemu.stateText();
          const clock = ccemu.emulator.clock.now();
          const res = await ccemu.control(method, path, bodyText(input));
          checkAnswer(
            res.status,
            res.json,
            `${method} ${path} ${JSON.stringify(input)?.slice(0, 300)}`,
            false,
          );
          if (res.status >= 400) {
            assert.equal(ccemu.stateText(), before, `${path}: a rejected request changed state`);
            assert.equal(ccemu.emulator.clock.now(), clock, `${path}: the clock moved`);
          }
          // Whatever was accepted still exports.
          assert.equal((await ccemu.control("GET", "/_emulator/snapshot")).status, 200);
        }),
        { seed: SEED, numRuns: RUNS_PER_CONTROL_ROUTE },
      );
    });
  }
  console.log(`property tests: ${sent} generated requests (seed ${SEED})`);
});
