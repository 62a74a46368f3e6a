/** Composes the HTTP surface from the areas' routers. No logic of its own. */
import { Hono } from "hono";
import type { AppEnv } from "./app-env.ts";
import { clockRoutes } from "./control/clock-routes.ts";
import { loopbackOnly } from "./control/guard.ts";
import { controlError } from "./control/http.ts";
import { journalRoutes } from "./control/journal-routes.ts";
import { stateRoutes } from "./control/state-routes.ts";
import type { Emulator } from "./emulator.ts";
import { journalExchanges } from "./journal-middleware.ts";
import { kbOperations } from "./kb/routes.ts";
import { kbStorageRoutes } from "./kb/storage-routes.ts";
import { seedDocumentBytes } from "./kb/seed.ts";
import { kbControlRoutes } from "./kb/control-routes.ts";
import { outboundOperations } from "./outbound/routes.ts";
import { outboundControlRoutes, recordingRoutes } from "./outbound/control-routes.ts";
import { dialerOf } from "./outbound/dialer.ts";
import { gatewayControlRoutes, gatewayOperations, mediaRoutes } from "./gateway/routes.ts";
import { SAMPLE_AGENTS_PATH, sampleAgents } from "./sample-agents/mod.ts";
import { scenarioRoutes } from "./scenarios/routes.ts";
import { ApiError } from "./signed-api/errors.ts";
import { signedApi } from "./signed-api/middleware.ts";
import { INDEX_HTML, uiScript } from "./ui-bundle.ts";

export const OPERATIONS = [...outboundOperations, ...kbOperations, ...gatewayOperations];

export function createApp(emulator: Emulator): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.onError(controlError);
  dialerOf(emulator); // the dialer runs from the start: fixture tasks may be under way
  seedDocumentBytes(emulator);

  app.use("/gateway/*", journalExchanges(emulator, "outbound"));
  app.all("/gateway/*", signedApi(emulator, "/gateway", outboundOperations));
  app.use("/aikb/*", journalExchanges(emulator, "kb"));
  app.all("/aikb/*", signedApi(emulator, "/aikb", kbOperations));
  app.use("/livechat/*", journalExchanges(emulator, "gateway"));
  app.all("/livechat/*", signedApi(emulator, "/livechat", gatewayOperations));
  // Agents fetch visitors' images from here, possibly from other hosts: no loopback guard.
  app.use("/_storage/*", journalExchanges(emulator, "storage"));
  app.route("/_storage", mediaRoutes(emulator));
  app.route("/_storage", recordingRoutes(emulator));
  app.route("/_storage", kbStorageRoutes(emulator));

  app.use("/_emulator/*", loopbackOnly);
  app.route("/_emulator", stateRoutes(emulator, OPERATIONS));
  app.route("/_emulator/clock", clockRoutes(emulator));
  app.route("/_emulator", journalRoutes(emulator));
  app.route("/_emulator/gateway", gatewayControlRoutes(emulator));
  app.route("/_emulator/outbound", outboundControlRoutes(emulator));
  app.route("/_emulator/kb", kbControlRoutes(emulator));
  app.route(SAMPLE_AGENTS_PATH, sampleAgents(emulator));
  app.route("/_emulator", scenarioRoutes(emulator));

  app.get("/favicon.ico", () => new Response(null, { status: 204 }));
  if (emulator.config.ui) {
    app.get("/", loopbackOnly, (c) => c.html(INDEX_HTML));
    app.get("/ui.js", loopbackOnly, async (c) => {
      c.header("content-type", "text/javascript; charset=utf-8");
      return c.body(await uiScript());
    });
  }
  app.notFound((c) =>
    controlError(
      new ApiError(
        "ResourceNotFound",
        `No route at ${c.req.path}. The emulated APIs live under /gateway and /aikb; the control API under /_emulator.`,
      ),
      c,
    )
  );
  return app;
}
