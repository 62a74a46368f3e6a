/**
 * `/_emulator/openapi.json`: the document, built on the first request (its examples are captured
 * by running them on a fresh emulator) and kept for the app's life.
 */
import { Hono } from "hono";
import type { AppEnv } from "../core/app-env.ts";
import type { Emulator } from "../core/emulator.ts";
import { type BuildApp, captureExamples } from "./capture.ts";
import { openApiDocument, type SignedArea } from "./document.ts";

/** The document as this emulator serves it (its origin as the server). */
export async function buildDocument(
  build: BuildApp,
  areas: SignedArea[],
  origin: string,
): Promise<Record<string, unknown>> {
  return openApiDocument(areas, await captureExamples(build), origin);
}

export function openApiRoutes(emulator: Emulator, build: BuildApp, areas: SignedArea[]) {
  let document: Promise<Record<string, unknown>> | undefined;
  return new Hono<AppEnv>().get("/openapi.json", async (c) => {
    document ??= buildDocument(build, areas, emulator.selfOrigin).catch((error) => {
      document = undefined;
      throw error;
    });
    return c.json(await document);
  });
}
