/**
 * `/_emulator/outbound`: the tenant account conditions behind the system states (AI seats and
 * expiry, SMS balance) and each line's switch and balance, where a change re-evaluates running
 * tasks at once; read views of tasks and calls for the UI (which holds no access key); advancing
 * the clock until dialing is idle; call-result callbacks (URLs, the delivery log, "deliver again",
 * the exactly-once check). `/_storage/recordings`: the calls' recordings.
 */
import { ApiError } from "../core/errors.ts";
import { type ControlRoutes, controlRoutes } from "../control/documented.ts";
import { silentWav } from "./calls.ts";
import { callDetailAt, consoleResources, taskCalls, taskConsoleEntry } from "./console-views.ts";
import { changeAccount, tenantAccount } from "./accounts.ts";
import { advanceUntilIdle } from "./dialer.ts";
import { deleteAllTasks, deleteTask } from "./task-delete.ts";
import {
  checkCallbacks,
  deliveryLog,
  deliveryView,
  findDelivery,
  redeliver,
  removeCallbackUrl,
  setCallbackUrl,
} from "./callback-urls.ts";
import {
  AccountChange,
  AccountSchema,
  CallbackUrlChange,
  LineChange,
  LineSchema,
} from "./schemas.ts";
import type { OutboundRuntime } from "./runtime.ts";
import type { OutboundStore } from "./store.ts";

export function outboundControlRoutes(outbound: OutboundRuntime) {
  const routes = controlRoutes("/outbound");
  accountRoutes(routes, outbound);
  consoleRoutes(routes, outbound);
  callbackRoutes(routes, outbound);
  return routes.hono;
}

/** A tenant's account and its lines: a change re-evaluates the tenant's running tasks at once. */
function accountRoutes(routes: ControlRoutes, outbound: OutboundRuntime) {
  const { store, dialer } = outbound;
  routes
    .get("/accounts/:enterpriseId", {
      summary: "A tenant's AI seats, AI expiry and SMS balance.",
      answer: AccountSchema,
    }, (c) => c.json(tenantAccount(store, c.req.param("enterpriseId"))))
    .patch("/accounts/:enterpriseId", {
      summary: "Change them; running tasks react at once.",
      body: AccountChange,
      limit: 4096,
      answer: AccountSchema,
    }, async (c, input) =>
      // changeAccount checks the change itself, after the tenant.
      c.json(changeAccount(outbound, c.req.param("enterpriseId"), await input.json())))
    .patch("/lines/:userPhoneId", {
      summary: "Switch a line, or set its balance.",
      body: LineChange,
      limit: 4096,
      answer: LineSchema,
    }, async (c, input) => {
      const line = store.lineAt(c.req.param("userPhoneId"));
      Object.assign(line, await input.body());
      dialer.reconcile(line.enterpriseId);
      return c.json(line);
    });
}

/** Read views of tasks and calls for the UI (which holds no access key), and running to idle. */
function consoleRoutes(routes: ControlRoutes, outbound: OutboundRuntime) {
  const { store, dialer } = outbound;
  routes
    .get(
      "/tasks",
      { summary: "Every task, with why it waits and its outcomes by finish status." },
      (c) => c.json({ tasks: store.state.tasks.map((t) => taskConsoleEntry(outbound, t)) }),
    )
    .delete(
      "/tasks",
      {
        summary:
          "Delete every task with its customers, calls and callback deliveries; nothing fires for them afterwards (scripts, lines, accounts and callback URLs stay).",
      },
      (c) => c.json(deleteAllTasks(outbound)),
    )
    .delete(
      "/tasks/:callJobId",
      {
        summary:
          "Delete one task with its customers, calls and callback deliveries (the signed API has no task delete).",
      },
      (c) => c.json(deleteTask(outbound, c.req.param("callJobId"))),
    )
    .get(
      "/resources",
      { summary: "Each tenant's scripts (with variables) and lines." },
      (c) => c.json(consoleResources(store)),
    )
    .get(
      "/tasks/:callJobId/calls",
      { summary: "A task's calls." },
      (c) => c.json(taskCalls(outbound, c.req.param("callJobId"))),
    )
    .get(
      "/calls/:callInstanceId",
      { summary: "One call's detail." },
      (c) => c.json(callDetailAt(store, c.req.param("callInstanceId"))),
    )
    .post(
      "/advance-until-idle",
      { summary: "Move the clock until no task has calls to make (30 days at most)." },
      (c) => c.json(advanceUntilIdle(dialer, store.emulator.clock)),
    );
}

/** Call-result callbacks: URLs, the delivery log, "deliver again", the exactly-once check. */
function callbackRoutes(routes: ControlRoutes, outbound: OutboundRuntime) {
  const { store, callbacks } = outbound;
  routes
    .get(
      "/callback-urls",
      { summary: "Every enterprise's call-result callback URL." },
      (c) => c.json({ callbackUrls: store.state.callbackUrls }),
    )
    .put("/callback-urls/:enterpriseId", {
      summary: "Register (or change) an enterprise's callback URL and signing key.",
      body: CallbackUrlChange,
      limit: 4096,
    }, async (c, input) =>
      // setCallbackUrl checks the change itself, before the tenant.
      c.json(setCallbackUrl(store, c.req.param("enterpriseId"), await input.json())))
    .delete(
      "/callback-urls/:enterpriseId",
      { summary: "Stop an enterprise's callbacks." },
      (c) => c.json(removeCallbackUrl(store, c.req.param("enterpriseId"))),
    )
    .get(
      "/callback-deliveries",
      { summary: "The delivery log, newest first (filter: callJobId)." },
      (c) => c.json(deliveryLog(callbacks, store, c.req.query("callJobId"))),
    )
    .get(
      "/callback-deliveries/:deliveryId",
      { summary: "One delivery and its attempts." },
      (c) => c.json(deliveryView(callbacks, findDelivery(store, c.req.param("deliveryId")))),
    )
    .post(
      "/callback-deliveries/:deliveryId/redeliver",
      { summary: "Deliver again: a new delivery of the same call record." },
      (c) => c.json(deliveryView(callbacks, redeliver(outbound, c.req.param("deliveryId"))), 201),
    )
    .get(
      "/tasks/:callJobId/callback-check",
      { summary: "Did every finished call of the task reach the receiver exactly once?" },
      (c) => c.json(checkCallbacks(outbound, c.req.param("callJobId"))),
    );
}

/** `/_storage/recordings/:id.wav`: every answered call's recording, silence as long as the call. */
export function recordingRoutes(store: OutboundStore) {
  const summary = "An answered call's recording (WAV).";
  return controlRoutes().get("/recordings/:file{[0-9]+\\.wav}", { summary }, (c) => {
    const id = Number(c.req.param("file").replace(".wav", ""));
    const record = store.state.calls.find((r) => r.callInstanceId === id && r.finishStatus === 0);
    if (!record) throw new ApiError("ResourceNotFound", `No recording for call ${id}.`);
    const wav = silentWav(record.duration);
    // A length, so that players know the duration before the last byte.
    return c.body(wav.buffer as ArrayBuffer, 200, {
      "content-type": "audio/wav",
      "content-length": String(wav.length),
      "content-disposition": `inline; filename="${id}.wav"`,
    });
  }).hono;
}
