/**
 * The control API, the storage host and the sample agents are declared route by route beside their
 * handlers (emulator/control/documented.ts): no route is served without a declaration, the
 * document lists exactly the signed operations and the declared routes, each as declared, and a
 * declared answer schema is what the route answers.
 */
import assert from "node:assert/strict";
import { z } from "zod";
import { startEmulator } from "../../harness/mod.ts";
import { internals } from "../../harness/internals.ts";
import { createApp } from "../../emulator/app.ts";
import type { Area } from "../../emulator/area.ts";
import { declarationOf, declaredRoutes } from "../../emulator/control/documented.ts";
import { Instances } from "../../emulator/instances/registry.ts";
import { controlPath } from "../../emulator/openapi/control.ts";
import { startServer } from "../../emulator/server.ts";

type Json = Record<string, unknown>;

async function documentOf(url: string): Promise<Json> {
  const res = await fetch(`${url}/_emulator/openapi.json`);
  assert.equal(res.status, 200);
  return await res.json();
}

/** The process's own app over `ccemu`'s emulator: it also serves /_emulator/instances. */
function processApp(ccemu: Parameters<typeof internals>[0]) {
  const { emulator } = internals(ccemu);
  return createApp(emulator, [], { instances: new Instances(emulator.config, startServer) });
}

Deno.test("every route served under /_emulator and /_storage is declared", async () => {
  await using ccemu = await startEmulator();
  const { hono } = processApp(ccemu);
  const served = hono.routes.filter((r) =>
    r.method !== "ALL" && /^\/_(emulator|storage)\//.test(r.path)
  );
  assert.ok(served.length >= 75, `${served.length} routes`);
  const undeclared = served.filter((r) => !declarationOf(r.handler));
  assert.deepEqual(undeclared.map((r) => `${r.method} ${r.path}`), [], "served, not declared");
  const names = declaredRoutes(hono.routes).map((r) => `${r.method} ${r.path}`);
  assert.deepEqual(names.filter((n, i) => names.indexOf(n) !== i), [], "declared twice");
});

Deno.test("the document lists the signed operations and the declared routes, as declared", async () => {
  await using ccemu = await startEmulator();
  const document = await documentOf(ccemu.url);
  const paths = document.paths as Record<string, Record<string, Json>>;
  const documented = Object.entries(paths).flatMap(([path, item]) =>
    Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`)
  );
  const { areas } = internals(ccemu);
  const signed = (Object.values(areas) as Area[]).flatMap((area) =>
    (area.signed?.operations ?? []).map((op) => `${op.method} ${op.path}`)
  );
  assert.ok(signed.length >= 36, `${signed.length} signed operations`);
  const declared = declaredRoutes(processApp(ccemu).hono.routes);
  const expected = [...signed, ...declared.map((r) => `${r.method} ${r.path}`)];
  assert.deepEqual([...documented].sort(), [...expected].sort());
  for (const route of declared) {
    assert.deepEqual(
      paths[route.path][route.method.toLowerCase()],
      controlPath(route, {}),
      `${route.method} ${route.path}`,
    );
  }
});

/** A request whose answer a declared answer schema describes, by the route it calls. */
interface AnswerCheck {
  route: string;
  send: (url: string) => Promise<Response>;
}

const call = (method: string, body?: unknown) => (url: string) =>
  fetch(url, { method, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
/** A push to a sample agent, as the gateway sends it (with the sample agents' token). */
const push = (body: unknown) => (url: string) =>
  fetch(url, {
    method: "POST",
    headers: { authorization: "Bearer ccemu-sample-token", "content-type": "application/json" },
    body: JSON.stringify(body),
  });
const visitor = { robotId: "sample-default", visitorId: "v-1", inputs: { uniqueId: "s-1" } };

Deno.test("a declared answer is what the route answers", async () => {
  await using ccemu = await startEmulator();
  const get = async (path: string) => await (await fetch(`${ccemu.url}${path}`)).json();
  const robotId = (await get("/_emulator/gateway/robots")).robots[0].robotId;
  const { state } = internals(ccemu).emulator;
  const enterpriseId = state.enterprises[0].enterpriseId;
  const opened = await (await call("POST", { robotId: "sample-default" })(
    `${ccemu.url}/_emulator/gateway/sessions`,
  )).json();
  const rule = await (await call("POST", { effect: { type: "gateway", status: 503 } })(
    `${ccemu.url}/_emulator/faults`,
  )).json();
  const stub = await (await call("POST", {
    operation: "task_create",
    answer: { body: { requestId: "{{requestId}}", result: { callJobId: 1 } } },
  })(`${ccemu.url}/_emulator/stubs`)).json();
  const scenario = (await get("/_emulator/scenarios")).scenarios[0].name;
  // A client's exchange, beside the session's push, for the journal's answers.
  await ccemu.client().post("/gateway/robot_list", { robotStatus: 1 });
  const snapshot = await get("/_emulator/snapshot");
  const userPhoneId = state.outbound.lines[0].userPhoneId;
  const checks: Record<string, [string, AnswerCheck["send"]]> = {
    "GET /_emulator/gateway/robots/{robotId}": [
      `/_emulator/gateway/robots/${robotId}`,
      call("GET"),
    ],
    "PATCH /_emulator/gateway/robots/{robotId}": [
      `/_emulator/gateway/robots/${robotId}`,
      call("PATCH", { timeouts: { blockingMs: 5000 } }),
    ],
    "GET /_emulator/gateway/sessions/{sessionId}": [
      `/_emulator/gateway/sessions/${opened.sessionId}`,
      call("GET"),
    ],
    "GET /_emulator/gateway/sessions/{sessionId}/transcript": [
      `/_emulator/gateway/sessions/${opened.sessionId}/transcript`,
      call("GET"),
    ],
    "GET /_emulator/faults/{id}": [`/_emulator/faults/${rule.id}`, call("GET")],
    "GET /_emulator/scenarios/{name}": [
      `/_emulator/scenarios/${encodeURIComponent(scenario)}`,
      call("GET"),
    ],
    "GET /_emulator/outbound/accounts/{enterpriseId}": [
      `/_emulator/outbound/accounts/${enterpriseId}`,
      call("GET"),
    ],
    "PATCH /_emulator/outbound/accounts/{enterpriseId}": [
      `/_emulator/outbound/accounts/${enterpriseId}`,
      call("PATCH", { smsBalance: 5 }),
    ],
    "PATCH /_emulator/outbound/lines/{userPhoneId}": [
      `/_emulator/outbound/lines/${userPhoneId}`,
      call("PATCH", { enabled: true }),
    ],
    // The sample agents' replies, as published for agent developers (a combination nests types).
    "POST /_emulator/sample-agents/default/open": [
      "/_emulator/sample-agents/default/open",
      push({ ...visitor, responseMode: "blocking" }),
    ],
    "POST /_emulator/sample-agents/default/message": [
      "/_emulator/sample-agents/default/message",
      push({
        ...visitor,
        data: [{ messageType: 100, message: { content: "combination" } }],
        responseMode: "blocking",
      }),
    ],
    "POST /_emulator/sample-agents/platform-a/v1/chat-messages": [
      "/_emulator/sample-agents/platform-a/v1/chat-messages",
      push({ query: "queue 12", inputs: {}, user: "v-1", response_mode: "blocking" }),
    ],
    "GET /_emulator/clock": ["/_emulator/clock", call("GET")],
    "POST /_emulator/clock": ["/_emulator/clock", call("POST", { mode: "manual" })],
    "POST /_emulator/clock/advance": ["/_emulator/clock/advance", call("POST", { ms: 1000 })],
    "GET /_emulator/journal": ["/_emulator/journal", call("GET")],
    "GET /_emulator/journal/{id}": ["/_emulator/journal/1", call("GET")],
    "POST /_emulator/journal/verify": [
      "/_emulator/journal/verify",
      call("POST", { match: { kind: "push" }, count: { atLeast: 1 } }),
    ],
    "GET /_emulator/snapshot": ["/_emulator/snapshot", call("GET")],
    "POST /_emulator/faults": [
      "/_emulator/faults",
      call("POST", { operation: "/gateway/task_create", effect: { type: "reset" } }),
    ],
    "GET /_emulator/stubs": ["/_emulator/stubs", call("GET")],
    "GET /_emulator/stubs/{id}": [`/_emulator/stubs/${stub.id}`, call("GET")],
    // Last: they remove the rule and the stub the GETs read, and the state.
    "DELETE /_emulator/faults/{id}": [`/_emulator/faults/${rule.id}`, call("DELETE")],
    "DELETE /_emulator/stubs/{id}": [`/_emulator/stubs/${stub.id}`, call("DELETE")],
    "DELETE /_emulator/stubs": ["/_emulator/stubs", call("DELETE")],
    "DELETE /_emulator/faults": ["/_emulator/faults", call("DELETE")],
    "POST /_emulator/snapshot": ["/_emulator/snapshot", call("POST", snapshot)],
    "POST /_emulator/reset": ["/_emulator/reset", call("POST")],
  };
  const document = await documentOf(ccemu.url);
  const paths = document.paths as Record<string, Record<string, Json>>;
  const schemas = (document.components as { schemas: Json }).schemas;
  const answered = declaredRoutes(processApp(ccemu).hono.routes).filter((r) => r.answer);
  assert.deepEqual(
    answered.map((r) => `${r.method} ${r.path}`).sort(),
    Object.keys(checks).sort(),
    "every declared answer is checked here",
  );
  for (const [name, [path, send]] of Object.entries(checks)) {
    const res = await send(`${ccemu.url}${path}`);
    const body = await res.json();
    const [method, route] = name.split(" ");
    const op = paths[route][method.toLowerCase()] as {
      responses: Record<string, { content: { "application/json": { schema: Json } } }>;
    };
    const status = "201" in op.responses ? 201 : 200;
    assert.equal(res.status, status, `${name}: ${JSON.stringify(body)}`);
    // The document refers to shared schemas as components; they are $defs for the check.
    const local = (json: unknown) =>
      JSON.parse(JSON.stringify(json).replaceAll('"#/components/schemas/', '"#/$defs/'));
    const schema = z.fromJSONSchema({
      ...local(op.responses[String(status)].content["application/json"].schema),
      $defs: local(schemas),
    });
    const result = schema.safeParse(body);
    assert.ok(result.success, `${name}: ${JSON.stringify(result.error?.issues.slice(0, 3))}`);
  }
});
