/**
 * The OpenAPI 3.1 description of ccemu: every signed operation from the same zod schemas that
 * check requests (field descriptions in the vendor's words), its answer, the vendor's error
 * envelope and codes, the signature as a security scheme, a captured example request and answer
 * per operation, and the control API, storage host and sample agents tagged apart.
 */
import { z } from "zod";
import { ERROR_STATUS } from "../core/errors.ts";
import type { Operation } from "../signed-api/operation.ts";
import { VERSION } from "../version.ts";
import type { CapturedExample } from "./capture.ts";
import { ROUTES, tagOf } from "./control.ts";

type Json = Record<string, unknown>;

export interface SignedArea {
  name: string;
  operations: Operation[];
}

const SIGNATURE =
  `Every signed operation carries four query parameters: \`AccessKeyId\`, \`Expires\`
(seconds, 1 to 86400), \`Timestamp\` (UTC, \`yyyy-MM-ddTHH:mm:ssZ\`) and \`Signature\`. The
string-to-sign is the HTTP method, the host (without its port, as the vendor's SDK signs), the
path (without a trailing slash), \`?\`, and the parameters sorted by their encoded names and
joined as \`name=value\` with \`&\` (for GET every query parameter but \`Signature\`, arrays as
\`name[i]\`; for POST only the three common ones, the body is not signed). Names and values are
encoded as Java's URLEncoder does. \`Signature\` = URL-encode(base64(HMAC-SHA1(AccessKeySecret,
string-to-sign))). \`ccemu sign METHOD URL --body JSON\` prints a signed curl command; a refused
signature's message shows the string-to-sign ccemu expected.`;

const TAGS = [
  { name: "outbound", description: "Outbound AI calling (document 2): scripts, tasks, calls." },
  { name: "kb", description: "The knowledge base (document 3), under /aikb." },
  { name: "gateway", description: "The robot gateway (document 1): agent registration." },
  { name: "control", description: "ccemu's own control API: clock, journal, state, sessions." },
  { name: "storage", description: "ccemu's storage host: uploads and media links." },
  { name: "sample agents", description: "Reference agents ccemu serves itself." },
];

/**
 * A zod schema as JSON Schema inside the document. Shared definitions (recursive records carry an
 * `id` in their metadata) are lifted into components, and references point there.
 */
function schemaOf(schema: z.ZodType, io: "input" | "output", components: Json): Json {
  const converted = z.toJSONSchema(schema, { io, unrepresentable: "any" });
  const { $schema: _, $defs, ...json } = JSON.parse(
    JSON.stringify(converted).replaceAll('"#/$defs/', '"#/components/schemas/'),
  );
  Object.assign(components, $defs ?? {});
  return json;
}

/** GET business parameters as query parameters, each with its description. */
function queryParameters(schema: z.ZodType, components: Json): Json[] {
  const json = schemaOf(schema, "input", components) as {
    properties?: Record<string, Json>;
    required?: string[];
  };
  return Object.entries(json.properties ?? {}).map(([name, property]) => {
    const { description, ...schema } = property;
    return {
      name,
      in: "query",
      required: json.required?.includes(name) ?? false,
      ...(description ? { description } : {}),
      schema,
      ...((schema as { type?: string }).type === "array"
        ? { style: "form", explode: true, "x-ccemu-array-form": `${name}[0], ${name}[1], ...` }
        : {}),
    };
  });
}

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

function signedPath(area: string, op: Operation, example: CapturedExample | undefined, c: Json) {
  const name = op.path.split("/").at(-1)!;
  const common = ["Expires", "Timestamp", "Signature"].map((p) => ({
    $ref: `#/components/parameters/${p}`,
  }));
  const given: Record<string, unknown> = {
    ...(op.method === "GET" ? example?.params : {}),
    ...example?.query,
  };
  const parameters = [
    ...common,
    ...(op.method === "GET" ? queryParameters(op.params, c) : []),
    ...(op.query ? queryParameters(op.query, c) : []),
  ].map((p) => {
    const name = (p as { name?: string }).name;
    return name !== undefined && given[name] !== undefined ? { ...p, example: given[name] } : p;
  });
  return {
    operationId: name,
    summary: op.summary,
    description: `${op.summary}${
      op.readOnly ? " Read-only: a key with the `read` permission may call it." : ""
    }`,
    tags: [area],
    security: [{ signature: [] }],
    parameters,
    ...(op.method === "POST"
      ? {
        requestBody: {
          required: true,
          content: {
            "application/json": {
              schema: schemaOf(op.params, "input", c),
              ...(example ? { example: example.params } : {}),
            },
          },
        },
      }
      : {}),
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

function controlPath(route: (typeof ROUTES)[number], c: Json) {
  const parameters = [...route.path.matchAll(/\{(\w+)\}/g)].map(([, name]) => ({
    name,
    in: "path",
    required: true,
    schema: { type: "string" },
  }));
  return {
    operationId: `${route.method.toLowerCase()}${
      route.path.replace(/[^\w]+(\w)/g, (_, ch) => ch.toUpperCase())
    }`,
    summary: route.summary,
    tags: [tagOf(route.path)],
    ...(parameters.length ? { parameters } : {}),
    ...(route.body
      ? {
        requestBody: {
          required: true,
          content: { "application/json": { schema: schemaOf(route.body, "input", c) } },
        },
      }
      : {}),
    responses: {
      "200": { description: "Success (JSON unless the summary says otherwise)." },
      "400": { $ref: "#/components/responses/Error400" },
      "404": { $ref: "#/components/responses/Error404" },
    },
  };
}

/** The whole document for the areas' operations, with captured examples, served at `origin`. */
export function openApiDocument(
  areas: SignedArea[],
  examples: CapturedExample[],
  origin: string,
): Json {
  const components: Json = {};
  const paths: Record<string, Json> = {};
  for (const area of areas) {
    for (const op of area.operations) {
      const example = examples.find((e) => e.operation === `${op.method} ${op.path}`);
      (paths[op.path] ??= {})[op.method.toLowerCase()] = signedPath(
        area.name,
        op,
        example,
        components,
      );
    }
  }
  for (const route of ROUTES) {
    (paths[route.path] ??= {})[route.method.toLowerCase()] = controlPath(route, components);
  }
  const codes = Object.keys(ERROR_STATUS);
  return {
    openapi: "3.1.0",
    info: {
      title: "ccemu: the contact-center platform's integration APIs, emulated",
      version: VERSION,
      description:
        "The vendor's signed open API (outbound AI calling, knowledge base, robot gateway registration) as ccemu serves it, with ccemu's control API. Field descriptions follow the vendor's documents; answers are checked against real answers.",
      license: { name: "MIT", identifier: "MIT" },
    },
    servers: [{ url: origin, description: "this ccemu" }],
    tags: TAGS,
    paths,
    components: {
      schemas: {
        ...components,
        ErrorEnvelope: {
          type: "object",
          description:
            "Every failure, signed or control: requestId and error { code, message }; the message names the field and says how to fix it.",
          properties: {
            requestId: { type: "string" },
            error: {
              type: "object",
              properties: {
                code: { type: "string", enum: codes },
                message: { type: "string" },
              },
              required: ["code", "message"],
            },
          },
          required: ["requestId", "error"],
        },
      },
      parameters: {
        Expires: {
          name: "Expires",
          in: "query",
          required: true,
          description: "Seconds the signature stays valid after Timestamp, 1 to 86400.",
          schema: { type: "string", pattern: "^\\d{1,5}$" },
        },
        Timestamp: {
          name: "Timestamp",
          in: "query",
          required: true,
          description: "Signing time, UTC, yyyy-MM-ddTHH:mm:ssZ.",
          schema: { type: "string", pattern: "^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}Z$" },
        },
        Signature: {
          name: "Signature",
          in: "query",
          required: true,
          description: "URL-encode(base64(HMAC-SHA1(AccessKeySecret, string-to-sign))).",
          schema: { type: "string" },
        },
      },
      responses: Object.fromEntries(
        [...new Set(Object.values(ERROR_STATUS))].map((status) => [
          `Error${status}`,
          {
            description: `Failure: ${
              Object.entries(ERROR_STATUS).filter(([, s]) => s === status).map(([code]) => code)
                .join(", ")
            }.`,
            content: {
              "application/json": { schema: { $ref: "#/components/schemas/ErrorEnvelope" } },
            },
          },
        ]),
      ),
      securitySchemes: {
        signature: {
          type: "apiKey",
          in: "query",
          name: "AccessKeyId",
          description: SIGNATURE,
        },
      },
    },
  };
}
