/**
 * `GET /_emulator/overview`: the whole emulator at a glance, what the UI's first view shows. The
 * core's part (clock, tenants, access keys without secrets, the newest failed exchanges) is read
 * here; each area adds its own counts through its `overview` hook, so this file knows no area.
 */
import type { Area } from "../area.ts";
import type { Emulator } from "../core/emulator.ts";
import type { JournalEntry } from "../core/journal-entry.ts";
import { ApiError } from "../core/errors.ts";
import { clockReading } from "./clock-routes.ts";
import { controlRoutes } from "./documented.ts";
import { publicKey } from "./state-routes.ts";

/** Failed exchanges listed, newest first. */
const LATEST_ERRORS = 5;

export function overviewOf(emulator: Emulator, areas: readonly Area[]) {
  const { journal, state } = emulator;
  return {
    clock: clockReading(emulator),
    enterprises: state.enterprises,
    keys: state.accessKeys.map(publicKey),
    journal: { size: journal.size, capacity: journal.capacity },
    errors: latestErrors(emulator),
    /** Each area's own part, by its name (`outbound`, `kb`, `gateway`, `faults`). */
    areas: Object.fromEntries(
      areas.flatMap((area) => area.overview ? [[area.name, area.overview()]] : []),
    ) as Record<string, object>,
  };
}

/** The newest journal entries answered 400 or above (4xx and 5xx: the ring filters by class). */
function latestErrors(emulator: Emulator) {
  const newest = (status: string) => emulator.journal.list({ status, limit: LATEST_ERRORS });
  return [...newest("4xx"), ...newest("5xx")]
    .sort((a, b) => b.id - a.id)
    .slice(0, LATEST_ERRORS)
    .map((entry) => ({
      id: entry.id,
      time: entry.time,
      kind: entry.kind,
      area: entry.area,
      method: entry.method,
      path: entry.path,
      status: entry.response.status,
      errorCode: entry.errorCode ?? null,
      message: envelopeMessage(entry),
      sessionId: entry.sessionId ?? null,
    }));
}

/** The vendor envelope's `error.message`, when the answer is one (an agent's may be anything). */
function envelopeMessage(entry: JournalEntry): string | null {
  const text = entry.response.body?.text;
  if (!text?.startsWith("{")) return null;
  try {
    const message = JSON.parse(text)?.error?.message;
    return typeof message === "string" ? message : null;
  } catch {
    return null; // cut at 64 KiB, or not JSON after all
  }
}

/** `GET /_emulator/overview`'s answer, areas aside (the UI types them from each area). */
export type CoreOverview = ReturnType<typeof overviewOf>;

export function overviewRoutes(emulator: Emulator, areas: readonly Area[]) {
  const summary =
    "Everything at a glance: counts per area, clock, keys (no secrets), fault rules, newest errors and findings.";
  return controlRoutes().get("/overview", { summary }, (c) => {
    // It takes no parameters: one sent (a `limit` hoped for) is refused by name, not ignored.
    const [name] = Object.keys(c.req.query());
    if (name !== undefined) {
      throw new ApiError(
        "UnknownParameter",
        `${name} is not a parameter: /_emulator/overview takes none; send it without a query.`,
        name,
      );
    }
    return c.json(overviewOf(emulator, areas));
  }).hono;
}
