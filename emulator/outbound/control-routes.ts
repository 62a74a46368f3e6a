/**
 * `/_emulator/outbound`: the tenant account conditions behind the system states (AI seats and
 * expiry, SMS balance) and each line's switch and balance, where a change re-evaluates running
 * tasks at once; read views of tasks and calls for the UI (which holds no access key); advancing
 * the clock until dialing is idle; call-result callbacks (URLs, the delivery log, "deliver again",
 * the exactly-once check). `/_storage/recordings`: the calls' recordings.
 */
import { Hono } from "hono";
import type { AppEnv } from "../core/app-env.ts";
import { jsonObject } from "../core/body.ts";
import { ApiError } from "../core/errors.ts";
import { parseParameters } from "../core/validation.ts";
import { callDetail, silentWav } from "./calls.ts";
import { callConsoleEntry, consoleResources, taskConsoleEntry } from "./console-views.ts";
import { changeAccount, tenantAccount } from "./accounts.ts";
import { advanceUntilIdle } from "./dialer.ts";
import {
  checkCallbacks,
  deliveriesOf,
  deliveryView,
  findDelivery,
  redeliver,
  removeCallbackUrl,
  setCallbackUrl,
} from "./callback-urls.ts";
import { LineChange } from "./schemas.ts";
import type { OutboundRuntime } from "./runtime.ts";
import type { OutboundStore } from "./store.ts";

export function outboundControlRoutes(outbound: OutboundRuntime) {
  const { store, dialer, callbacks } = outbound;
  return new Hono<AppEnv>().basePath("/outbound")
    .get(
      "/accounts/:enterpriseId",
      (c) => c.json(tenantAccount(store, c.req.param("enterpriseId"))),
    )
    .patch(
      "/accounts/:enterpriseId",
      async (c) =>
        c.json(changeAccount(outbound, c.req.param("enterpriseId"), await jsonObject(c, 4096))),
    )
    .get(
      "/tasks",
      (c) => c.json({ tasks: store.state.tasks.map((t) => taskConsoleEntry(outbound, t)) }),
    )
    .get("/resources", (c) => c.json(consoleResources(store)))
    .get("/tasks/:callJobId/calls", (c) => {
      const task = store.taskAt(c.req.param("callJobId"));
      const records = dialer.records(task);
      const calls = records.slice(0, 500).map((r) => callConsoleEntry(store, r, task));
      return c.json({ total: records.length, calls });
    })
    .get("/calls/:callInstanceId", (c) => {
      const id = c.req.param("callInstanceId");
      const record = store.state.calls.find((r) => String(r.callInstanceId) === id);
      if (!record) throw new ApiError("ResourceNotFound", `No call ${id}.`);
      return c.json(callDetail(store, record));
    })
    .post(
      "/advance-until-idle",
      (c) => c.json(advanceUntilIdle(dialer, store.emulator.clock)),
    )
    .get("/callback-urls", (c) => c.json({ callbackUrls: store.state.callbackUrls }))
    .put(
      "/callback-urls/:enterpriseId",
      async (c) =>
        c.json(setCallbackUrl(store, c.req.param("enterpriseId"), await jsonObject(c, 4096))),
    )
    .delete(
      "/callback-urls/:enterpriseId",
      (c) => c.json(removeCallbackUrl(store, c.req.param("enterpriseId"))),
    )
    .get("/callback-deliveries", (c) => {
      const deliveries = deliveriesOf(store, c.req.query("callJobId"));
      // Newest first, as a log reads; the newest 500.
      const newest = deliveries.slice(-500).reverse();
      return c.json({
        total: deliveries.length,
        deliveries: newest.map((d) => deliveryView(callbacks, d)),
      });
    })
    .get(
      "/callback-deliveries/:deliveryId",
      (c) => c.json(deliveryView(callbacks, findDelivery(store, c.req.param("deliveryId")))),
    )
    .post(
      "/callback-deliveries/:deliveryId/redeliver",
      (c) => c.json(deliveryView(callbacks, redeliver(outbound, c.req.param("deliveryId"))), 201),
    )
    .get(
      "/tasks/:callJobId/callback-check",
      (c) => c.json(checkCallbacks(outbound, c.req.param("callJobId"))),
    )
    .patch("/lines/:userPhoneId", async (c) => {
      const line = store.lineAt(c.req.param("userPhoneId"));
      Object.assign(line, parseParameters(LineChange, await jsonObject(c, 4096)));
      dialer.reconcile(line.enterpriseId);
      return c.json(line);
    });
}

/** `/_storage/recordings/:id.wav`: every answered call's recording, silence as long as the call. */
export function recordingRoutes(store: OutboundStore) {
  return new Hono<AppEnv>().get("/recordings/:file{[0-9]+\\.wav}", (c) => {
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
  });
}
