/**
 * `/_emulator/outbound`: the tenant account conditions behind the system states (AI seats and
 * expiry, SMS balance) and each line's switch and balance. A change re-evaluates running tasks now.
 */
import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../app-env.ts";
import { parseTime } from "../clock.ts";
import { jsonObject } from "../control/http.ts";
import type { Emulator } from "../emulator.ts";
import { ApiError } from "../signed-api/errors.ts";
import { parseParameters } from "../signed-api/validation.ts";
import { callDetail, callDoneEntry, silentWav } from "./calls.ts";
import { taskEntry } from "./tasks.ts";
import { dialerOf } from "./dialer.ts";

const AccountChange = z.strictObject({
  aiSeats: z.number().int().min(0).optional(),
  /** ISO time, epoch ms, or null for "never". */
  aiExpiresAt: z.union([
    z.null(),
    z.number().int(),
    z.string().refine((s) => parseTime(s) !== undefined, { error: "expected ISO time" }),
  ]).optional(),
  smsBalance: z.number().int().min(0).optional(),
});

const LineChange = z.strictObject({
  enabled: z.boolean().optional(),
  lineAmount: z.number().optional(),
});

/** The longest "advance until idle" goes, in virtual time. */
const IDLE_LIMIT_MS = 30 * 86_400_000;

export function outboundControlRoutes(emulator: Emulator) {
  const dialer = dialerOf(emulator);
  const scriptOf = (robotDefId: number) =>
    emulator.state.outbound.scripts.find((s) => s.robotDefId === robotDefId);
  const taskOf = (id: string) => {
    const task = emulator.state.outbound.tasks.find((t) => String(t.callJobId) === id);
    if (!task) throw new ApiError("ResourceNotFound", `No task ${id}.`);
    return task;
  };
  const account = (enterpriseId: string) => {
    if (!emulator.findEnterprise(enterpriseId)) {
      throw new ApiError("ResourceNotFound", `No enterprise ${enterpriseId}.`);
    }
    let found = emulator.state.outbound.accounts.find((a) => a.enterpriseId === enterpriseId);
    if (!found) {
      emulator.state.outbound.accounts.push(
        found = { enterpriseId, aiSeats: 10, aiExpiresAt: null, smsBalance: 1000 },
      );
    }
    return found;
  };
  return new Hono<AppEnv>()
    .get("/accounts/:enterpriseId", (c) => c.json(account(c.req.param("enterpriseId"))))
    .patch("/accounts/:enterpriseId", async (c) => {
      const target = account(c.req.param("enterpriseId"));
      const change = parseParameters(AccountChange, await jsonObject(c, 4096));
      if (change.aiSeats !== undefined) target.aiSeats = change.aiSeats;
      if (change.smsBalance !== undefined) target.smsBalance = change.smsBalance;
      if (change.aiExpiresAt !== undefined) {
        target.aiExpiresAt = change.aiExpiresAt === null ? null : parseTime(change.aiExpiresAt)!;
      }
      dialer.reconcile(target.enterpriseId);
      return c.json(target);
    })
    // Read views for the UI, which holds no access key to call the signed API with.
    .get("/tasks", (c) =>
      c.json({
        tasks: emulator.state.outbound.tasks.map((t) => ({
          ...taskEntry(t, dialer.runtime(t.callJobId)!.records),
          enterpriseId: t.enterpriseId,
        })),
      }))
    .get("/tasks/:callJobId/calls", (c) => {
      const task = taskOf(c.req.param("callJobId"));
      const records = dialer.runtime(task.callJobId)!.records;
      const calls = records.slice(0, 500).map((r) => ({
        ...callDoneEntry(emulator, r, task, scriptOf(task.robotDefId)),
        rule: r.rule,
      }));
      return c.json({ total: records.length, calls });
    })
    .get("/calls/:callInstanceId", (c) => {
      const record = emulator.state.outbound.calls.find((r) =>
        String(r.callInstanceId) === c.req.param("callInstanceId")
      );
      if (!record) {
        throw new ApiError("ResourceNotFound", `No call ${c.req.param("callInstanceId")}.`);
      }
      const task = taskOf(String(record.callJobId));
      return c.json(callDetail(emulator, record, task, scriptOf(task.robotDefId)));
    })
    /** Moves the clock from timer to timer while any task still has calls to make (30 days at most). */
    .post("/advance-until-idle", (c) => {
      const start = emulator.clock.now();
      let fired = 0;
      while (dialer.busy() && emulator.clock.now() - start < IDLE_LIMIT_MS) {
        const next = emulator.clock.status().nextTimerAt;
        if (next === null) break;
        fired += emulator.clock.advanceTo(Math.min(next, start + IDLE_LIMIT_MS));
      }
      return c.json({ ...emulator.clock.status(), fired, idle: !dialer.busy() });
    })
    .patch("/lines/:userPhoneId", async (c) => {
      const line = emulator.state.outbound.lines.find((l) =>
        String(l.userPhoneId) === c.req.param("userPhoneId")
      );
      if (!line) throw new ApiError("ResourceNotFound", `No line ${c.req.param("userPhoneId")}.`);
      Object.assign(line, parseParameters(LineChange, await jsonObject(c, 4096)));
      dialer.reconcile(line.enterpriseId);
      return c.json(line);
    });
}

/** `/_storage/recordings/:id.wav`: every answered call's recording, a second of silence. */
export function recordingRoutes(emulator: Emulator) {
  return new Hono<AppEnv>().get("/recordings/:file{[0-9]+\\.wav}", (c) => {
    const id = Number(c.req.param("file").replace(".wav", ""));
    const record = emulator.state.outbound.calls.find((r) =>
      r.callInstanceId === id && r.finishStatus === 0
    );
    if (!record) throw new ApiError("ResourceNotFound", `No recording for call ${id}.`);
    return c.body(silentWav().buffer as ArrayBuffer, 200, {
      "content-type": "audio/wav",
      "content-disposition": `inline; filename="${id}.wav"`,
    });
  });
}
