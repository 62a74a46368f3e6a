/** `/_emulator/clock`: read the virtual clock, set its mode or time, advance it. */
import { z } from "npm:zod@4.6.7";
import { MAX_TIME } from "../core/clock.ts";
import { ApiError } from "../core/errors.ts";
import type { Emulator } from "../core/emulator.ts";
import { timeValue } from "../core/validation.ts";
import { controlRoutes } from "./documented.ts";

export const SetClockRequest = z.strictObject({
  mode: z.enum(["real", "manual"]).optional(),
  now: timeValue().optional(),
});
export const AdvanceRequest = z.strictObject({
  ms: z.number().int().min(0).max(10 * 366 * 86_400_000).optional(),
  to: timeValue().optional(),
}).refine((body) => (body.ms === undefined) !== (body.to === undefined), {
  error: 'send either {"ms": N} (milliseconds) or {"to": TIME}, not both',
});

/** The clock's reading, as every clock route answers it. */
export const ClockReadingSchema = z.object({
  mode: z.enum(["real", "manual"]),
  now: z.number().int().describe("Virtual time, ms since the epoch."),
  iso: z.string().describe("The same time as ISO 8601 text (UTC)."),
  pendingTimers: z.number().int().describe("Timers scheduled and not yet fired."),
  nextTimerAt: z.number().int().nullable().describe("When the next one fires, ms; null: none."),
});

/** A set or an advance: the reading after it, and how many timers fired on the way. */
const MovedClockSchema = ClockReadingSchema.extend({
  fired: z.number().int().describe("Timers that fired on the way."),
});

/** Units people reach for, and what they are in `ms`: named in the refusal, with the conversion. */
const UNITS: [string, number][] = [["seconds", 1000], ["minutes", 60_000], ["hours", 3_600_000], [
  "days",
  86_400_000,
]];

function checkUnits(body: Record<string, unknown>): void {
  for (const [unit, ms] of UNITS) {
    if (!(unit in body)) continue;
    const n = Number(body[unit]);
    const hint = Number.isFinite(n) ? `; ${body[unit]} ${unit} is {"ms": ${n * ms}}` : "";
    throw new ApiError(
      "UnknownParameter",
      `${unit} is not a parameter: advance takes {"ms": N} (milliseconds) or {"to": TIME}${hint}.`,
      unit,
    );
  }
}

/** The clock with the first tenant's zone: the UI shows local time the way tenants see it. */
export const clockReading = (emulator: Emulator) => ({
  ...emulator.clock.status(),
  timeZone: emulator.state.enterprises[0]?.timeZone ?? "Asia/Shanghai",
});

export function clockRoutes(emulator: Emulator) {
  const clock = emulator.clock;
  return controlRoutes()
    .get(
      "/",
      {
        summary: "The virtual clock.",
        answer: ClockReadingSchema.extend({
          timeZone: z.string().describe("The first tenant's time zone, as the UI shows time."),
        }),
      },
      (c) => c.json(clockReading(emulator)),
    )
    .post(
      "/",
      {
        summary: "Set the clock's mode or time.",
        body: SetClockRequest,
        limit: 4096,
        answer: MovedClockSchema,
      },
      async (c, input) => {
        const { mode, now } = await input.body();
        if (mode) clock.setMode(mode);
        const fired = now === undefined ? 0 : clock.set(now);
        return c.json({ ...clock.status(), fired });
      },
    )
    .post(
      "/advance",
      {
        summary: "Move time forward, firing due timers.",
        body: AdvanceRequest,
        limit: 4096,
        answer: MovedClockSchema,
      },
      async (c, input) => {
        const body = await input.body(checkUnits);
        const fired = clock.advanceTo(advanceTarget(emulator, body));
        return c.json({ ...clock.status(), fired });
      },
    )
    .hono;
}

/** Where an advance ends: `to`, or `ms` from now, which may not pass the last time kept. */
function advanceTarget(emulator: Emulator, body: z.output<typeof AdvanceRequest>): number {
  const to = body.to ?? emulator.clock.now() + body.ms!;
  if (to > MAX_TIME) {
    throw new ApiError(
      "InvalidParameter",
      `ms: advancing ${body.ms} ms would pass 9999-12-31, the last time ccemu keeps.`,
      "ms",
    );
  }
  return to;
}
