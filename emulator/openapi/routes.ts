/**
 * `/_emulator/openapi.json`: the document, built on the first request (its examples are captured
 * by running them on a fresh emulator) and kept for the app's life.
 */
import { controlRoutes } from "../control/documented.ts";
import type { Emulator } from "../core/emulator.ts";
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

export function openApiRoutes(emulator: Emulator, build: BuildApp, areas: SignedArea[]) {
  let document: Promise<Record<string, unknown>> | undefined;
  return controlRoutes().get("/openapi.json", { summary: "This document." }, async (c) => {
    document ??= buildDocument(build, areas, emulator.selfOrigin).catch((error) => {
      document = undefined;
      throw error;
    });
    return c.json(await document);
  }).hono;
}
