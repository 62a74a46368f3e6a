/**
 * The OpenAPI document as one emulator serves it: what `GET /_emulator/openapi.json` (routes.ts,
 * which loads this module on its first request) and `ccemu openapi` answer.
 */
import { type BuildApp, captureExamples } from "./capture.ts";
import { servedControlRoutes } from "./control.ts";
import { openApiDocument, type SignedArea } from "./document.ts";

/** The document as this emulator serves it (its origin as the server). */
export async function buildDocument(
  build: BuildApp,
  areas: SignedArea[],
  origin: string,
): Promise<Record<string, unknown>> {
  const control = servedControlRoutes(build);
  return openApiDocument(areas, control, await captureExamples(build), origin);
}
