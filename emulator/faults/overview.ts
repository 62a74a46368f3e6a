/**
 * What the Overview shows of the fault rules: each rule in a line (what it does, where, how often
 * it matched and fired) and whether it is spent (a `first: N` rule that has fired N times).
 */
import { effectText } from "./effect-text.ts";
import type { FaultStore } from "./store.ts";

export function faultsOverview(store: FaultStore) {
  const rules = store.rules.map((rule) => ({
    id: rule.id,
    effect: effectText(rule.effect),
    scope: rule.operation ?? (rule.area ? `every ${rule.area} request` : "every request"),
    note: rule.note ?? null,
    matched: rule.matched,
    fired: rule.fired,
    spent: rule.first !== undefined && rule.fired >= rule.first,
  }));
  return { inForce: rules.filter((r) => !r.spent).length, rules };
}

/** `GET /_emulator/overview`'s `areas.faults`. */
export type FaultsOverview = ReturnType<typeof faultsOverview>;
