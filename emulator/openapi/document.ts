/**
 * The OpenAPI 3.1 description of ccemu: every signed operation from the same zod schemas that
 * check requests (field descriptions in the vendor's words), its answer, the vendor's error
 * envelope and codes, the signature as a security scheme, a captured example request and answer
 * per operation, and the control API, storage host and sample agents, as their routes declare
 * them, tagged apart.
 */
import type { DeclaredRoute } from "../control/documented.ts";
import type { Operation } from "../signed-api/operation.ts";
import { VERSION } from "../version.ts";
import type { CapturedExample } from "./capture.ts";
import { componentsOf, TAGS } from "./components.ts";
import { controlPath } from "./control.ts";
import type { Json } from "./json-schema.ts";
import { signedPath } from "./signed.ts";

export interface SignedArea {
  name: string;
  operations: Operation[];
}

const INFO = {
  title: "ccemu: the contact-center platform's integration APIs, emulated",
  version: VERSION,
  description:
    "The vendor's signed open API (outbound AI calling, knowledge base, robot gateway registration) as ccemu serves it, with ccemu's control API. Field descriptions follow the vendor's documents; answers are checked against real answers.",
  license: { name: "MIT", identifier: "MIT" },
};

/** Every path: the signed operations, then the control routes; shared schemas go to `lifted`. */
function pathsOf(
  areas: SignedArea[],
  control: DeclaredRoute[],
  examples: CapturedExample[],
  lifted: Json,
): Record<string, Json> {
  const paths: Record<string, Json> = {};
  for (const area of areas) {
    for (const op of area.operations) {
      const example = examples.find((e) => e.operation === `${op.method} ${op.path}`);
      (paths[op.path] ??= {})[op.method.toLowerCase()] = signedPath(area.name, op, example, lifted);
    }
  }
  for (const route of control) {
    (paths[route.path] ??= {})[route.method.toLowerCase()] = controlPath(route, lifted);
  }
  return paths;
}

/** The whole document: the signed areas, the control routes, captured examples, at `origin`. */
export function openApiDocument(
  areas: SignedArea[],
  control: DeclaredRoute[],
  examples: CapturedExample[],
  origin: string,
): Json {
  const lifted: Json = {};
  const paths = pathsOf(areas, control, examples, lifted);
  return {
    openapi: "3.1.0",
    info: INFO,
    servers: [{ url: origin, description: "this ccemu" }],
    tags: TAGS,
    paths,
    components: componentsOf(lifted),
  };
}
