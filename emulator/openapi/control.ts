/**
 * The control API, the storage host and the sample agents in the document: read off the routes a
 * fresh app serves, each declared beside its handler (control/documented.ts), so the document
 * lists exactly what is served and says of each what its declaration says.
 */
import { Hono } from "npm:hono@4.13.19";
import { type DeclaredRoute, declaredRoutes } from "../control/documented.ts";
import { DEFAULT_CONFIG } from "../core/config.ts";
import { Emulator } from "../core/emulator.ts";
import { Instances } from "../instances/registry.ts";
import { instanceRoutes } from "../instances/routes.ts";
import { SAMPLE_AGENTS_PATH } from "../sample-agents/mod.ts";
import { STATE } from "../state.ts";
import type { BuildApp } from "./capture.ts";
import { type Json, queryParameters, schemaOf } from "./json-schema.ts";

/** A route's tag, from where it lives. */
export function tagOf(path: string): "control" | "storage" | "sample agents" {
  if (path.startsWith("/_storage/")) return "storage";
  return path.startsWith(`${SAMPLE_AGENTS_PATH}/`) ? "sample agents" : "control";
}

/**
 * `/_emulator/instances` is served by the process's own emulator alone, which `build` does not
 * make; the document lists it all the same, from its routes built to be read, never called.
 */
function instanceDeclarations(): DeclaredRoute[] {
  const never = () => Promise.reject(new Error("read for its declarations only"));
  const routes = instanceRoutes(new Instances(DEFAULT_CONFIG, never), 0);
  return declaredRoutes(new Hono().route("/_emulator", routes).routes);
}

/** Every declared route an app serves, built by `build` over an empty emulator. */
export function servedControlRoutes(build: BuildApp): DeclaredRoute[] {
  const emulator = new Emulator(
    { ...DEFAULT_CONFIG, clock: "manual", clockStart: 0, seed: 1, ui: false },
    STATE,
    STATE.schema.parse({}),
  );
  try {
    return [...declaredRoutes(build(emulator).hono.routes), ...instanceDeclarations()];
  } finally {
    emulator.close();
  }
}

/** `get_emulatorKeysAccessKeyId` from `GET /_emulator/keys/{accessKeyId}`. */
const operationIdOf = (route: DeclaredRoute) =>
  `${route.method.toLowerCase()}${
    route.path.replace(/[^\w]+(\w)/g, (_, ch) => ch.toUpperCase()).replace(/\W+$/, "")
  }`;

export function controlPath(route: DeclaredRoute, c: Json): Json {
  const parameters = [
    ...[...route.path.matchAll(/\{(\w+)\}/g)].map(([, name]) => ({
      name,
      in: "path",
      required: true,
      schema: { type: "string" },
    })),
    ...(route.query ? queryParameters(route.query, c) : []),
  ];
  const json = (schema: Json) => ({ "application/json": { schema } });
  // A sample agent's answer is what any agent sends and the gateway reads: fields it does not
  // know are tolerated, as reading an input does (no additionalProperties: false).
  const answerIo = tagOf(route.path) === "sample agents" ? "input" : "output";
  return {
    operationId: operationIdOf(route),
    summary: route.summary,
    tags: [tagOf(route.path)],
    ...(parameters.length ? { parameters } : {}),
    ...(route.body
      ? { requestBody: { required: true, content: json(schemaOf(route.body, "input", c)) } }
      : {}),
    responses: {
      [route.created ? "201" : "200"]: {
        description: route.created
          ? "Created."
          : route.events
          ? "Success: JSON, or server-sent events (text/event-stream) when the request asked to stream; that schema is each event's data."
          : "Success (JSON unless the summary says otherwise).",
        ...(route.answer || route.events
          ? {
            content: {
              ...(route.answer ? json(schemaOf(route.answer, answerIo, c)) : {}),
              ...(route.events
                ? { "text/event-stream": { schema: schemaOf(route.events, answerIo, c) } }
                : {}),
            },
          }
          : {}),
      },
      "400": { $ref: "#/components/responses/Error400" },
      "404": { $ref: "#/components/responses/Error404" },
    },
  };
}
