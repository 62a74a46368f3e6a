/**
 * `/_emulator/openapi.json`: the document, built on the first request (its examples are captured
 * by running them on a fresh emulator) and kept for the app's life. The builder (build.ts) loads
 * then too: a plain `ccemu start` answers its first request without it.
 */
import { controlRoutes } from "../control/documented.ts";
import type { Emulator } from "../core/emulator.ts";
import type { BuildApp } from "./capture.ts";
import type { SignedArea } from "./document.ts";

export function openApiRoutes(emulator: Emulator, build: BuildApp, areas: SignedArea[]) {
  let document: Promise<Record<string, unknown>> | undefined;
  return controlRoutes().get("/openapi.json", { summary: "This document." }, async (c) => {
    document ??= import("./build.ts")
      .then(({ buildDocument }) => buildDocument(build, areas, emulator.selfOrigin))
      .catch((error) => {
        document = undefined;
        throw error;
      });
    return c.json(await document);
  }).hono;
}
