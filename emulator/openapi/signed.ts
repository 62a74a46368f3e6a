/**
 * One signed operation in the document: its signature parameters, business parameters or body
 * (with the captured example's values), its answer with `requestId` first, and the vendor's
 * error responses.
 */
import { ERROR_STATUS } from "../core/errors.ts";
import type { Operation } from "../signed-api/operation.ts";
import type { CapturedExample } from "./capture.ts";
import { type Json, queryParameters, schemaOf } from "./json-schema.ts";

/** The answer with `requestId` first, as the dispatcher sends it. */
function answerSchema(op: Operation, components: Json): Json {
  const json = schemaOf(op.answer, "output", components) as {
    properties?: Json;
    required?: string[];
  };
  return {
    ...json,
    properties: {
      requestId: { type: "string", description: "Unique per request; give it to support." },
      ...json.properties,
    },
    required: ["requestId", ...(json.required ?? [])],
  };
}

const ERROR_RESPONSES = Object.fromEntries(
  [...new Set(Object.values(ERROR_STATUS))].map((status) => [
    String(status),
    { $ref: `#/components/responses/Error${status}` },
  ]),
);

/** The signature's common parameters, then the business ones, each with the example's value. */
function parametersOf(op: Operation, example: CapturedExample | undefined, c: Json): Json[] {
  const common = ["Expires", "Timestamp", "Signature"].map((p) => ({
    $ref: `#/components/parameters/${p}`,
  }));
  const given: Record<string, unknown> = {
    ...(op.method === "GET" ? example?.params : {}),
    ...example?.query,
  };
  return [
    ...common,
    ...(op.method === "GET" ? queryParameters(op.params, c) : []),
    ...(op.query ? queryParameters(op.query, c) : []),
  ].map((p) => {
    const name = (p as { name?: string }).name;
    return name !== undefined && given[name] !== undefined ? { ...p, example: given[name] } : p;
  });
}

/** A POST's JSON body, with the example's. */
function requestBodyOf(op: Operation, example: CapturedExample | undefined, c: Json): Json {
  return {
    required: true,
    content: {
      "application/json": {
        schema: schemaOf(op.params, "input", c),
        ...(example ? { example: example.params } : {}),
      },
    },
  };
}

export function signedPath(
  area: string,
  op: Operation,
  example: CapturedExample | undefined,
  c: Json,
): Json {
  return {
    operationId: op.path.split("/").at(-1)!,
    summary: op.summary,
    description: `${op.summary}${
      op.readOnly ? " Read-only: a key with the `read` permission may call it." : ""
    }`,
    tags: [area],
    security: [{ signature: [] }],
    parameters: parametersOf(op, example, c),
    ...(op.method === "POST" ? { requestBody: requestBodyOf(op, example, c) } : {}),
    responses: {
      "200": {
        description: "Success: `requestId` and the operation's answer.",
        content: {
          "application/json": {
            schema: answerSchema(op, c),
            ...(example ? { example: example.response } : {}),
          },
        },
      },
      ...ERROR_RESPONSES,
    },
  };
}
