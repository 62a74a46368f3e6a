/**
 * The outbound slice of the state: scripts, lines, blacklist, accounts, tasks and call records,
 * with their lookups scoped to a tenant. What the area derives from it (the dialer, the callback
 * sender) takes this store and is built beside it in mod.ts; the store imports neither.
 */
import { AreaStore } from "../core/area-store.ts";
import type { Emulator } from "../core/emulator.ts";
import { ApiError } from "../core/errors.ts";
import {
  type Account,
  type BlacklistEntry,
  type BlacklistInput,
  type CallbackUrl,
  type CallRecord,
  type Line,
  outboundSlice,
  type OutboundState,
  type Script,
  type Task,
} from "./schemas.ts";

export class OutboundStore extends AreaStore<OutboundState> {
  constructor(emulator: Emulator) {
    super(emulator, outboundSlice);
  }

  callbackUrl(enterpriseId: string): CallbackUrl | undefined {
    return this.state.callbackUrls.find((c) => c.enterpriseId === enterpriseId);
  }

  /** The tenant's IANA zone (the demo tenant's when it is unknown). */
  timeZone(enterpriseId: string): string {
    return this.emulator.findEnterprise(enterpriseId)?.timeZone ?? "Asia/Shanghai";
  }

  /** `robot_list`'s filter: 0 all, 1 online, 2 ever published (online, or deployed once and since edited). */
  listScripts(enterpriseId: string, robotStatus: number): Script[] {
    return this.state.scripts.filter((s) =>
      s.enterpriseId === enterpriseId &&
      (robotStatus === 0 || s.robotStatus === 5 || (robotStatus === 2 && s.deployTime !== null))
    );
  }

  findScript(enterpriseId: string, robotDefId: number): Script {
    const script = this.state.scripts.find((s) =>
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

  /** The script a task runs (undefined only for a fixture that names a script it lacks). */
  scriptOf(task: Task): Script | undefined {
    return this.state.scripts.find((s) => s.robotDefId === task.robotDefId);
  }

  listLines(enterpriseId: string, userPhoneId?: number): Line[] {
    return this.state.lines.filter((l) =>
      l.enterpriseId === enterpriseId &&
      (userPhoneId === undefined || l.userPhoneId === userPhoneId)
    );
  }

  /** The lines a task may call from. */
  linesOf(task: Task): Line[] {
    return this.state.lines.filter((l) => task.userPhoneIds.includes(l.userPhoneId));
  }

  /** A line by its id as a control route's path gives it. */
  lineAt(userPhoneId: string): Line {
    const line = this.state.lines.find((l) => String(l.userPhoneId) === userPhoneId);
    if (!line) throw new ApiError("ResourceNotFound", `No line ${userPhoneId}.`);
    return line;
  }

  /** Adds a number to the tenant's blacklist; a number already there keeps its entry and id. */
  addToBlacklist(enterpriseId: string, input: BlacklistInput): BlacklistEntry {
    const existing = this.state.blacklist.find((b) =>
      b.enterpriseId === enterpriseId && b.mobile === input.mobile
    );
    if (existing) return existing;
    const entry: BlacklistEntry = {
      enterpriseId,
      blackListId: this.nextId("blackListId"),
      mobile: input.mobile,
      name: input.name ?? null,
      remark: input.remark ?? null,
      createTime: this.now,
    };
    this.state.blacklist.push(entry);
    return entry;
  }

  isBlacklisted(enterpriseId: string, mobile: string): boolean {
    return this.state.blacklist.some((b) => b.enterpriseId === enterpriseId && b.mobile === mobile);
  }

  /** The tenant's account conditions, created with the defaults on first use. */
  account(enterpriseId: string): Account {
    let account = this.state.accounts.find((a) => a.enterpriseId === enterpriseId);
    if (!account) {
      account = { enterpriseId, aiSeats: 10, aiExpiresAt: null, smsBalance: 1000 };
      this.state.accounts.push(account);
    }
    return account;
  }

  findTask(enterpriseId: string, callJobId: number): Task {
    const task = this.state.tasks.find((t) =>
      t.callJobId === callJobId && t.enterpriseId === enterpriseId
    );
    if (!task) {
      throw new ApiError(
        "ResourceNotFound",
        `No task (callJobId) ${callJobId} in enterprise ${enterpriseId}.`,
        "callJobId",
      );
    }
    return task;
  }

  /** A task by its id as a control route's path gives it, in any tenant. */
  taskAt(callJobId: string): Task {
    const task = this.state.tasks.find((t) => String(t.callJobId) === callJobId);
    if (!task) throw new ApiError("ResourceNotFound", `No task ${callJobId}.`);
    return task;
  }

  findCall(enterpriseId: string, callInstanceId: number): CallRecord {
    const record = this.state.calls.find((c) =>
      c.callInstanceId === callInstanceId && c.enterpriseId === enterpriseId
    );
    if (!record) {
      throw new ApiError(
        "ResourceNotFound",
        `No call (callInstanceId) ${callInstanceId} in enterprise ${enterpriseId}.`,
        "callInstanceId",
      );
    }
    return record;
  }
}
