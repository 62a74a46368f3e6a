/** Pure operations on the outbound part of the state: scripts, lines, blacklist. */
import { ApiError } from "../signed-api/errors.ts";
import { nextId, type State } from "../state.ts";
import type { BlacklistEntry, Line, Script } from "./schemas.ts";

/** `robot_list`'s filter: 0 all, 1 online, 2 ever published (online, or deployed once and since edited). */
export function listScripts(state: State, enterpriseId: string, robotStatus: number): Script[] {
  return state.outbound.scripts.filter((s) =>
    s.enterpriseId === enterpriseId &&
    (robotStatus === 0 || s.robotStatus === 5 || (robotStatus === 2 && s.deployTime !== null))
  );
}

export function findScript(state: State, enterpriseId: string, robotDefId: number): Script {
  const script = state.outbound.scripts.find((s) =>
    s.enterpriseId === enterpriseId && s.robotDefId === robotDefId
  );
  if (!script) {
    throw new ApiError(
      "ResourceNotFound",
      `No script (robotDefId) ${robotDefId} in enterprise ${enterpriseId}.`,
      "robotDefId",
    );
  }
  return script;
}

export function listLines(state: State, enterpriseId: string, userPhoneId?: number): Line[] {
  return state.outbound.lines.filter((l) =>
    l.enterpriseId === enterpriseId && (userPhoneId === undefined || l.userPhoneId === userPhoneId)
  );
}

export interface BlacklistInput {
  mobile: string;
  name?: string;
  remark?: string | number;
}

/** Adds a number to the tenant's blacklist; a number already there keeps its entry and id. */
export function addToBlacklist(
  state: State,
  enterpriseId: string,
  input: BlacklistInput,
  now: number,
): BlacklistEntry {
  const existing = state.outbound.blacklist.find((b) =>
    b.enterpriseId === enterpriseId && b.mobile === input.mobile
  );
  if (existing) return existing;
  const entry: BlacklistEntry = {
    enterpriseId,
    blackListId: nextId(state, "blackListId"),
    mobile: input.mobile,
    name: input.name ?? null,
    remark: input.remark ?? null,
    createTime: now,
  };
  state.outbound.blacklist.push(entry);
  return entry;
}

export function isBlacklisted(state: State, enterpriseId: string, mobile: string): boolean {
  return state.outbound.blacklist.some((b) =>
    b.enterpriseId === enterpriseId && b.mobile === mobile
  );
}
