/** `/_emulator/clock`: read the virtual clock, set its mode or time, advance it. */
import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../core/app-env.ts";
import { parseTime } from "../core/clock.ts";
import type { Emulator } from "../core/emulator.ts";
import { parseParameters } from "../core/validation.ts";
import { jsonObject } from "../core/body.ts";

const time = () =>
  z.union([z.string(), z.number()]).transform((value, ctx) => {
    const t = parseTime(value);
    if (t === undefined) {
      ctx.issues.push({
        code: "custom",
        message: "expected ISO 8601 time or epoch milliseconds",
        input: value,
      });
      return z.NEVER;
    }
    return t;
  });

const SetClock = z.strictObject({
  mode: z.enum(["real", "manual"]).optional(),
  now: time().optional(),
});
const Advance = z.strictObject({
  ms: z.number().int().min(0).max(10 * 366 * 86_400_000).optional(),
  to: time().optional(),
}).refine((body) => (body.ms === undefined) !== (body.to === undefined), {
  error: 'send either {"ms": N} or {"to": TIME}',
});

export function clockRoutes(emulator: Emulator) {
  const clock = emulator.clock;
  return new Hono<AppEnv>()
    .get("/", (c) => c.json(clock.status()))
    .post("/", async (c) => {
      const { mode, now } = parseParameters(SetClock, await jsonObject(c, 4096));
      if (mode) clock.setMode(mode);
      const fired = now === undefined ? 0 : clock.set(now);
      return c.json({ ...clock.status(), fired });
    })
    .post("/advance", async (c) => {
      const body = parseParameters(Advance, await jsonObject(c, 4096));
      const fired = body.ms !== undefined ? clock.advance(body.ms) : clock.advanceTo(body.to!);
      return c.json({ ...clock.status(), fired });
    });
}
