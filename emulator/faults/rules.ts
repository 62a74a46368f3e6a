/**
 * Which rule, if any, fires for a request: pure logic over the rules and a draw from the seeded
 * generator. Rules are tried in the order they were added; the first that fires wins, and the
 * ones after it are not tried (their counters stay as they were).
 */
import { isDeepStrictEqual } from "node:util";
import type { FaultRule } from "./schemas.ts";

/** What a rule can match a request by. */
export interface FaultRequest {
  area: string;
  /** The operation's path (`/gateway/task_create`) or the storage path. */
  path: string;
  /** The key that signed the request (signed operations only). */
  accessKeyId?: string;
  /** The parameters as validated (signed operations only). */
  params?: unknown;
}

/** True when the path is the rule's operation, or (storage) lies under it. */
export function onPath(operation: string, path: string): boolean {
  return path === operation ||
    path.startsWith(operation.endsWith("/") ? operation : `${operation}/`);
}

export function matches(rule: FaultRule, request: FaultRequest): boolean {
  if (rule.area !== undefined && rule.area !== request.area) return false;
  if (rule.operation !== undefined && !onPath(rule.operation, request.path)) return false;
  if (rule.accessKeyId !== undefined && rule.accessKeyId !== request.accessKeyId) return false;
  if (rule.body !== undefined) {
    const params = request.params as Record<string, unknown> | undefined;
    if (!params || typeof params !== "object") return false;
    for (const [name, value] of Object.entries(rule.body)) {
      if (!isDeepStrictEqual(params[name], value)) return false;
    }
  }
  return true;
}

/**
 * Counts a match and says whether the rule fires this time: its first N matches, every Nth, with
 * a probability (one draw per match, so the same seed gives the same sequence), or always.
 */
function firesNow(rule: FaultRule, draw: () => number): boolean {
  rule.matched++;
  const fires = rule.first !== undefined
    ? rule.fired < rule.first
    : rule.every !== undefined
    ? rule.matched % rule.every === 0
    : rule.probability !== undefined
    ? draw() < rule.probability
    : true;
  if (fires) rule.fired++;
  return fires;
}

/** The rule that fires for this request, its counters updated; undefined when none does. */
export function pickRule(
  rules: FaultRule[],
  request: FaultRequest,
  draw: () => number,
): FaultRule | undefined {
  for (const rule of rules) {
    if (matches(rule, request) && firesNow(rule, draw)) return rule;
  }
  return undefined;
}
