/**
 * The OpenAPI description: valid OpenAPI 3.1 (by @readme/openapi-parser), and every example
 * answering, on a fresh emulator, what its documented schema says. That it covers exactly the
 * operations and routes the code serves: control_routes_test.ts.
 */
import assert from "node:assert/strict";
import { validate } from "@readme/openapi-parser";
import { z } from "zod";
import { startEmulator } from "../../harness/mod.ts";
import { captureExamples } from "../../emulator/openapi/capture.ts";
import { createApp } from "../../emulator/app.ts";
import { operationsOf, valuesOf } from "../../ui/api/form.ts";

type Json = Record<string, unknown>;

async function documentOf(url: string): Promise<Json> {
  const res = await fetch(`${url}/_emulator/openapi.json`);
  assert.equal(res.status, 200);
  return await res.json();
}

Deno.test("the document is valid OpenAPI 3.1", async () => {
  await using ccemu = await startEmulator();
  const document = await documentOf(ccemu.url);
  assert.equal(document.openapi, "3.1.0");
  const result = await validate(structuredClone(document) as never);
  assert.ok(result.valid, JSON.stringify(result, null, 2).slice(0, 3000));
  assert.deepEqual(result.warnings, []);
});

Deno.test("every example answers on a fresh emulator as its schema says", async () => {
  await using ccemu = await startEmulator();
  const document = await documentOf(ccemu.url);
  const schemas = (document.components as { schemas: Json }).schemas;
  const examples = await captureExamples((emulator) => {
    const made = createApp(emulator);
    return { hono: made.hono, dialer: made.areas.outbound.dialer };
  });
  const paths = document.paths as Record<string, Record<string, Json>>;
  const operations = Object.entries(paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, op]) => ({ name: `${method.toUpperCase()} ${path}`, op }))
  ).filter(({ name }) => / \/(gateway|aikb|livechat)\//.test(name));
  assert.equal(examples.length, operations.length, "one example per signed operation");
  for (const example of examples) {
    assert.equal(example.status, 200, `${example.operation}: ${JSON.stringify(example.response)}`);
    const [method, path] = example.operation.split(" ");
    const op = paths[path][method.toLowerCase()] as {
      responses: { "200": { content: { "application/json": { schema: Json; example: unknown } } } };
    };
    const documented = op.responses["200"].content["application/json"];
    // The document refers to shared schemas as components; they are $defs for the check.
    const local = (json: unknown) =>
      JSON.parse(JSON.stringify(json).replaceAll('"#/components/schemas/', '"#/$defs/'));
    const schema = z.fromJSONSchema({ ...local(documented.schema), $defs: local(schemas) });
    const result = schema.safeParse(example.response);
    assert.ok(
      result.success,
      `${example.operation}: ${JSON.stringify(result.error?.issues.slice(0, 3))}`,
    );
    assert.ok(documented.example, `${example.operation} shows an example answer`);
  }
});

Deno.test("codes are enums and JSON-array text shows its elements, in the document and the form", async () => {
  await using ccemu = await startEmulator();
  const document = await documentOf(ccemu.url);
  const body = (path: string) =>
    ((document.paths as Record<string, Record<string, Json>>)[path].post.requestBody as {
      content: { "application/json": { schema: { properties: Record<string, Json> } } };
    }).content["application/json"].schema.properties;
  const command = body("/gateway/task_execute").command;
  assert.deepEqual(command.anyOf, [
    { type: "integer", enum: [1, 2, 3] },
    { type: "string", enum: ["1", "2", "3"] },
  ]);
  const customers = body("/gateway/task_import").customerInfoVOList.anyOf as Json[];
  const row = (customers[0].contentSchema as { items: { properties: Json; required: string[] } })
    .items;
  assert.equal(customers[0].contentMediaType, "application/json");
  assert.deepEqual(Object.keys(row.properties), ["phone", "name", "properties"]);
  assert.deepEqual(row.required, ["phone"]);

  const operations = operationsOf(document);
  const execute = operations.find((o) => o.id === "task_execute")!;
  const commandField = execute.fields.find((f) => f.name === "command")!;
  assert.equal(commandField.kind, "enum");
  assert.deepEqual(commandField.options, ["1", "2", "3"]);
  const imported = operations.find((o) => o.id === "task_import")!;
  const list = imported.fields.find((f) => f.name === "customerInfoVOList")!;
  assert.equal(list.kind, "json-text");
  assert.deepEqual(
    valuesOf(imported.fields, {
      callJobId: "80001",
      customerInfoVOList: '[ {"phone": "13800000000"} ]',
      permitrepeatnum: "",
    }),
    { callJobId: 80001, customerInfoVOList: '[{"phone":"13800000000"}]' },
  );
  assert.deepEqual(valuesOf(execute.fields, { command: "2" }).command, 2);
  assert.throws(
    () => valuesOf(imported.fields, { customerInfoVOList: "[{phone" }),
    /customerInfoVOList: not valid JSON/,
  );
});
