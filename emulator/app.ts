/**
 * Composes one emulator's HTTP surface from its areas: each area's signed operations behind the
 * dispatcher, its control routes under `/_emulator`, its storage routes under `/_storage`, and
 * its runtime rebuilt whenever the state is loaded. No logic of its own.
 */
import { type Context, Hono } from "npm:hono@4.13.19";
import type { Area } from "./area.ts";
import type { AppEnv } from "./core/app-env.ts";
import type { Emulator } from "./core/emulator.ts";
import type { JournalEntry } from "./core/journal-entry.ts";
import type { PushEntry } from "./gateway/schemas.ts";
import type { CallbackEntry } from "./outbound/callbacks.ts";
import { createUpstream, type UpstreamEntry } from "./upstream/mod.ts";
import { ApiError } from "./core/errors.ts";
import { journalExchanges, signedCallJournal } from "./core/journal-middleware.ts";
import { serveSignedCall, SignedCall } from "./core/signed-call.ts";
import { NodeRequest } from "./core/node-request.ts";
import type { ReceivedRequest } from "./core/received-request.ts";
import { clockRoutes } from "./control/clock-routes.ts";
import { controlGuard } from "./control/guard.ts";
import { controlError, methodsAt } from "./control/http.ts";
import { journalRoutes } from "./control/journal-routes.ts";
import { stateRoutes } from "./control/state-routes.ts";
import { apiRoutes } from "./control/api-routes.ts";
import { overviewRoutes } from "./control/overview.ts";
import { connectRoutes } from "./control/connect.ts";
import { namedSnapshotRoutes } from "./control/named-snapshots.ts";
import { configSchemaRoutes } from "./config-file/routes.ts";
import type { Instances } from "./instances/registry.ts";
import { instanceRoutes } from "./instances/routes.ts";
import { openApiRoutes } from "./openapi/routes.ts";
import { createGatewayArea, type GatewayArea } from "./gateway/mod.ts";
import { createFaultArea, type FaultArea, storageFaults } from "./faults/mod.ts";
import { faultLikeRoutes } from "./faults/like-entry.ts";
import { createStubArea, type StubArea } from "./stubs/mod.ts";
import { stubLikeRoutes } from "./stubs/like-entry.ts";
import { keepRoutes } from "./upstream/keep/routes.ts";
import { createKbArea, type KbArea } from "./kb/mod.ts";
import { createOutboundArea, type OutboundArea } from "./outbound/mod.ts";
import { SAMPLE_AGENTS_PATH, sampleAgents } from "./sample-agents/mod.ts";
import { createScenarioArea, type ScenarioArea } from "./scenarios/mod.ts";
import type { ScenarioFile } from "./scenarios/store.ts";
import { ScenarioSchema } from "./scenarios/schemas.ts";
import { RateLimiter } from "./signed-api/rate-limit.ts";
import { signedApi, signedRefusal } from "./signed-api/dispatcher.ts";
import type { State } from "./state.ts";
import { INDEX_HTML, uiScript, uiScriptResponse } from "./ui-bundle.ts";

/**
 * A journal entry of any kind: `exchange` (a client's request, `fault` set when a fault rule
 * fired), `push` (the gateway's, carrying `push`), `sms` (a hang-up SMS the dialer sent),
 * `callback` (one attempt of a call-result delivery, carrying `delivery`) or `upstream` (a
 * request the recording proxy forwarded, carrying `upstream`).
 */
export type Entry = JournalEntry & {
  push?: PushEntry["push"];
  delivery?: CallbackEntry["delivery"];
  upstream?: UpstreamEntry["upstream"];
};

export interface Areas {
  outbound: OutboundArea;
  kb: KbArea;
  gateway: GatewayArea;
  scenarios: ScenarioArea;
  faults: FaultArea;
  stubs: StubArea;
}

export interface App {
  /** Every route but the signed areas' usual requests, which `serve` hands their areas itself. */
  hono: Hono<AppEnv>;
  /**
   * Answers a request, the one way every request goes (core/signed-call.ts says why the signed
   * areas' skip Hono): a web Request from in-process callers, node:http's own from the server.
   */
  fetch: (request: ReceivedRequest, info?: AppEnv["Bindings"]) => Response | Promise<Response>;
  /**
   * Refuses a request before any handler reads it (a Host or head that makes no request), with
   * the vendor's envelope, journaled as its path's area journals (its signed area, storage).
   */
  refuse(request: ReceivedRequest, info: AppEnv["Bindings"], error: ApiError): Promise<Response>;
  areas: Areas;
  /**
   * Starts building the UI's script in the background, rather than on the first page load (none
   * without the UI). `startServer` calls it once it listens, so that the bundler it runs does not
   * compete with the start-up itself.
   */
  buildUi(): void;
}

/** A signed area's request, journaled and dispatched on its SignedCall; never rejects. */
type SignedServe = (c: SignedCall) => Promise<Response>;

/** A signed area's `prefix/`, what serves its requests, and what refuses one unread. */
interface SignedPath {
  prefix: string;
  serve: SignedServe;
  refuse: (c: SignedCall, error: ApiError) => Promise<Response>;
}

/** Every area of one emulator, each with its runtime built from the current state. */
function createAreas(emulator: Emulator<State>, scenarios: ScenarioFile[]): Areas {
  const gateway = createGatewayArea(emulator);
  const served = {
    outbound: createOutboundArea(emulator),
    kb: createKbArea(emulator),
    gateway,
    scenarios: createScenarioArea(gateway.store, scenarios),
  };
  const operations = (Object.values(served) as Area[]).flatMap((area) =>
    area.signed?.operations.map((op) => ({ area: area.name, path: op.path })) ?? []
  );
  const stubbable = (Object.values(served) as Area[]).flatMap((area) =>
    area.signed?.operations.map((operation) => ({ area: area.name, operation })) ?? []
  );
  const areas = {
    ...served,
    faults: createFaultArea(emulator, operations),
    stubs: createStubArea(emulator, stubbable),
  };
  for (const area of Object.values(areas) as Area[]) {
    area.load(); // fixture tasks may be under way: the dialer runs from the start
    emulator.onStateLoaded(() => area.load());
  }
  return areas;
}

/** What only the process's own emulator serves. */
export interface AppOptions {
  /** `/_emulator/instances`: further emulators in this process. */
  instances?: Instances;
}

export function createApp(
  emulator: Emulator<State>,
  scenarios: ScenarioFile[] = [],
  options: AppOptions = {},
): App {
  const areas = createAreas(emulator, scenarios);
  const list = Object.values(areas) as Area[];
  const app = new Hono<AppEnv>();
  const failed = controlError(emulator);
  app.onError(failed);
  const signedPaths = mountSigned(app, emulator, list, areas, failed);
  // Agents fetch visitors' images from here, possibly from other hosts: no loopback guard.
  app.use("/_storage/*", journalExchanges(emulator, "storage"));
  app.use("/_storage/*", storageFaults(areas.faults.store));
  for (const area of list) if (area.storage) app.route("/_storage", area.storage);
  const guard = controlGuard(emulator.config.allowHosts);
  app.use("/_emulator/*", guard);
  mountControl(app, emulator, list, options);
  app.route(SAMPLE_AGENTS_PATH, sampleAgents(areas.kb.store));
  app.get("/favicon.ico", () => new Response(null, { status: 204 }));
  let buildUi = () => {};
  if (emulator.config.ui) {
    const script = uiScript();
    // A failed build is retried (and reported) on the page's request for it.
    buildUi = () => void script().catch(() => {});
    app.get("/", guard, (c) => c.html(INDEX_HTML));
    app.get("/ui.js", guard, async (c) => uiScriptResponse(await script(), c.req.raw));
  }
  app.notFound((c) => notFound(app, emulator, c));
  // The storage journal's entry, written for a SignedCall (as journalExchanges writes it).
  const storageRefusals = signedCallJournal(emulator, "storage");
  const refuse: App["refuse"] = (request, info, error) => {
    const c = new SignedCall(request, info);
    const path = c.url.slice(c.url.indexOf("/", c.url.indexOf("//") + 2));
    const signed = signedPaths.find((p) => path.startsWith(p.prefix));
    if (signed) return signed.refuse(c, error);
    if (!path.startsWith("/_storage/")) return Promise.resolve(failed(error));
    return serveSignedCall(c, storageRefusals, () => failed(error), failed);
  };
  return { hono: app, fetch: signedFirst(app, signedPaths), refuse, areas, buildUi };
}

/**
 * Each signed area's operations behind its journal and dispatcher, under its prefix; with
 * `--upstream`, the recording proxy, which journals its requests with kind `upstream`.
 */
function mountSigned(
  app: Hono<AppEnv>,
  emulator: Emulator<State>,
  list: Area[],
  { faults, stubs }: Pick<Areas, "faults" | "stubs">,
  failed: ReturnType<typeof controlError>,
): SignedPath[] {
  const rateLimiter = new RateLimiter();
  emulator.onStateLoaded(() => rateLimiter.clear());
  const forward = createUpstream(emulator);
  const signedPaths: SignedPath[] = [];
  for (const area of list) {
    if (!area.signed) continue;
    const { prefix, operations } = area.signed;
    const journal = signedCallJournal(emulator, area.name, forward !== undefined);
    const dispatch = signedApi(
      emulator,
      rateLimiter,
      faults.store,
      { name: area.name, prefix, operations },
      forward,
      stubs.hook,
    );
    const refusal = signedRefusal(emulator);
    signedPaths.push({
      prefix: `${prefix}/`,
      serve: (c) => serveSignedCall(c, journal, dispatch, failed),
      refuse: (c, error) => serveSignedCall(c, journal, () => refusal(c, error), failed),
    });
    app.all(
      `${prefix}/*`,
      (c) => serveSignedCall(new SignedCall(c.req.raw, c.env), journal, dispatch),
    );
  }
  return signedPaths;
}

/** The control API under `/_emulator`: what every area shares, then each area's own routes. */
function mountControl(
  app: Hono<AppEnv>,
  emulator: Emulator<State>,
  list: Area[],
  options: AppOptions,
) {
  const operations = list.flatMap((area) => area.signed?.operations ?? []);
  app.route("/_emulator", stateRoutes(emulator, operations, { scenario: ScenarioSchema }));
  app.route("/_emulator", configSchemaRoutes());
  app.route("/_emulator/clock", clockRoutes(emulator));
  const names = list.filter((a) => a.signed).map((a) => a.name);
  const operationPaths = operations.map((op) => op.path);
  app.route("/_emulator", journalRoutes(emulator, [...names, "storage"], operationPaths));
  for (const area of list) if (area.control) app.route("/_emulator", area.control);
  app.route("/_emulator", apiRoutes(emulator));
  app.route("/_emulator", faultLikeRoutes(emulator, operations));
  app.route("/_emulator", stubLikeRoutes(emulator, operations));
  app.route("/_emulator", keepRoutes(emulator, operations));
  app.route("/_emulator", overviewRoutes(emulator, list));
  app.route("/_emulator", connectRoutes(emulator));
  app.route("/_emulator", namedSnapshotRoutes(emulator));
  if (options.instances) {
    app.route("/_emulator", instanceRoutes(options.instances, emulator.config.maxBodyBytes));
  }
  const signed = list.flatMap((a) =>
    a.signed ? [{ name: a.name, operations: a.signed.operations }] : []
  );
  const build = (fresh: Emulator<State>) => {
    const made = createApp(fresh);
    return { hono: made.hono, dialer: made.areas.outbound.dialer };
  };
  app.route("/_emulator", openApiRoutes(emulator, build, signed));
}

/** No route: a wrong method where the path has routes (with `allow`), else a wrong path. */
function notFound(app: Hono<AppEnv>, emulator: Emulator<State>, c: Context<AppEnv>) {
  const methods = methodsAt(app.routes, c.req.path);
  if (methods.length) c.header("allow", methods.join(", "));
  return controlError(emulator)(
    methods.length
      ? new ApiError(
        "HttpRequestMethodNotSupported",
        `${c.req.path} takes ${methods.join(" or ")}, not ${c.req.method}.`,
      )
      : new ApiError(
        "ResourceNotFound",
        `No route at ${c.req.path}. The emulated APIs live under /gateway and /aikb; the control API under /_emulator.`,
      ),
    c,
  );
}

/**
 * The one way every request goes. A request whose path starts with a signed area's `prefix/`
 * goes straight to that area's journal and dispatcher, on a SignedCall: Hono would route it
 * to the same two (core/signed-call.ts says why not through Hono). HEAD, which Hono answers as GET
 * without the body, and every other path (`/gateway` alone, a percent-encoded prefix) go through
 * Hono, on a web Request (node:http's request makes one only then).
 */
function signedFirst(app: Hono<AppEnv>, signedPaths: SignedPath[]): App["fetch"] {
  return (request, info) => {
    const url = request.url;
    if (request.method !== "HEAD") {
      const pathStart = url.indexOf("/", url.indexOf("//") + 2);
      for (let i = 0; i < signedPaths.length; i++) {
        if (!url.startsWith(signedPaths[i].prefix, pathStart)) continue;
        const c = new SignedCall(request, info, url);
        if (request instanceof NodeRequest) request.exchange = c;
        return signedPaths[i].serve(c);
      }
    }
    return app.fetch(request instanceof NodeRequest ? request.web() : request as Request, info);
  };
}
