/** Fault effects in a few words: the journal's mark, the rule list (UI included: no imports). */
import type { FaultEffect } from "./schemas.ts";

/** An effect in a few words, for the journal mark and the rule list. */
export function effectText(effect: FaultEffect): string {
  switch (effect.type) {
    case "error":
      return effect.code;
    case "gateway":
      return `gateway ${effect.status}`;
    case "delay":
      return `delay ${effect.ms} ms`;
    case "reset":
      return "connection reset";
    case "truncate":
      return `truncated body (${Math.round((effect.fraction ?? 0.5) * 100)} %)`;
    case "slow-body":
      return `slow body over ${effect.ms} ms`;
  }
}
