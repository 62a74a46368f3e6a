/** Outbound tasks (spec 2.2): creation, the task-execute commands, customer import. */
import { ApiError } from "../core/errors.ts";
import type { Tenant } from "../core/tenants.ts";
import { zonedTime } from "../core/zoned-time.ts";
import { type CallRecord, notDialed, PHONE, type Task, type TaskInput } from "./schemas.ts";
import type { OutboundRuntime } from "./runtime.ts";
import { applyCommand, type Command, TASK_STATUS, type TaskStatus } from "./task-states.ts";

/** Checks what the schema cannot (script and lines of this tenant) and creates the task. */
export function createTask(
  { store, dialer }: OutboundRuntime,
  tenant: Tenant,
  input: TaskInput,
): Task {
  const { enterpriseId } = tenant;
  store.findScript(enterpriseId, input.robotDefId);
  const lines = input.userPhoneIds.map((id, i) => {
    const line = store.state.lines.find((l) =>
      l.userPhoneId === id && l.enterpriseId === enterpriseId
    );
    if (!line) {
      throw new ApiError(
        "ResourceNotFound",
        `userPhoneIds[${i}]: no line ${id} in enterprise ${enterpriseId}.`,
        `userPhoneIds[${i}]`,
      );
    }
    return line;
  });
  if (lines.length > 1 && lines.some((l) => l.phoneType !== 0)) {
    throw new ApiError(
      "InvalidParameter",
      "userPhoneIds: a line or a landline takes only one ID; only mobile numbers (phoneType 0) may take several.",
      "userPhoneIds",
    );
  }
  if (input.repeatCall && !input.repeatCallRule?.length) {
    throw new ApiError(
      "MissingParameter",
      "repeatCallRule is required when repeatCall is true.",
      "repeatCallRule",
    );
  }
  let startDate: number | null = null;
  if (input.callJobType === 1) {
    const [y, m, d] = input.startDate!.split("-").map(Number);
    startDate = zonedTime(y, m, d, 0, tenant.timeZone);
  }
  const quota = input.concurrencyQuota ?? 1;
  const task: Task = {
    enterpriseId,
    callJobId: store.nextId("callJobId"),
    jobName: input.callJobName,
    jobType: input.callJobType as 1 | 2,
    robotDefId: input.robotDefId,
    userPhoneIds: input.userPhoneIds,
    concurrencyNum: input.concurrencyNum ?? quota,
    concurrencyQuota: quota,
    startDate,
    callJobStatus: TASK_STATUS.NOT_STARTED,
    remark: input.remark ?? "",
    mobile: input.mobile ?? null,
    openElasticity: input.openElasticity ?? false,
    priority: input.priority ?? null,
    repeatCall: input.repeatCall ?? false,
    repeatCallRule: input.repeatCallRule ?? [],
    restoreAi: input.restoreAi ?? false,
    smsType: (input.smsType ?? 0) as 0 | 1,
    smsTemplateId: input.smsTemplateId ?? null,
    smsSendLevel: input.smsSendLevel ?? null,
    wechatPush: input.wechatPush ?? false,
    levelAssignTypeEnabled: input.levelAssignTypeEnabled ?? false,
    workingTimeRuleList: input.workingTimeRuleList ?? [],
    permitRepeatNum: false,
    createTime: store.now,
  };
  store.state.tasks.push(task);
  dialer.added(task);
  return task;
}

/** Runs a task-execute command; answers the outcome text. */
export function executeCommand(
  { store, dialer }: OutboundRuntime,
  task: Task,
  command: Command,
): string {
  const result = applyCommand(task.callJobStatus as TaskStatus, command);
  if (!result.ok) {
    throw new ApiError("InvalidParameter", `command ${command}: ${result.message}`, "command");
  }
  const from = task.callJobStatus;
  task.callJobStatus = result.to;
  // A manual task's startDate appears when it first starts (spec 2.2).
  if (command === 1 && task.startDate === null) task.startDate = store.now;
  store.emulator.events.publish({
    type: "state",
    change: "task-status",
    detail: { callJobId: task.callJobId, from, to: result.to },
  });
  dialer.reconcile(task.enterpriseId);
  return `${["", "启动", "暂停", "终止"][command]}成功`;
}

/** One `customerInfoVOList` item as sent: checked row by row, so one bad row fails alone. */
export interface ImportRow {
  phone?: unknown;
  name?: unknown;
  properties?: unknown;
}

/** Imports customers: failed rows are listed with their reason, duplicates counted, not imported. */
export function importCustomers(
  { store, dialer }: OutboundRuntime,
  task: Task,
  items: unknown[],
  permitRepeat: boolean,
) {
  // A bare item is read as the phone number.
  const rows: ImportRow[] = items.map((row) =>
    row !== null && typeof row === "object" ? row : { phone: row }
  );
  if (task.callJobStatus === TASK_STATUS.TERMINATED) {
    throw new ApiError(
      "InvalidParameter",
      "callJobId: the task is terminated and takes no more customers.",
      "callJobId",
    );
  }
  const variables = store.findScript(task.enterpriseId, task.robotDefId).variables;
  const known = new Set(dialer.records(task).map((r) => r.customerTelephone));
  const failures: { row: number; phone: string; reason: string }[] = [];
  const imported: CallRecord[] = [];
  let repeats = 0;
  rows.forEach((row, i) => {
    const phone = typeof row.phone === "number" ? String(row.phone) : row.phone;
    const fail = (reason: string) => failures.push({ row: i, phone: String(phone ?? ""), reason });
    if (typeof phone !== "string" || !PHONE.test(phone)) {
      return fail("phone is missing or not a phone number");
    }
    if (row.name !== undefined && row.name !== null && typeof row.name !== "string") {
      return fail("name must be text");
    }
    const properties = row.properties ?? {};
    if (typeof properties !== "object" || properties === null || Array.isArray(properties)) {
      return fail("properties must be an object");
    }
    const missing = variables.filter((v) =>
      (properties as Record<string, unknown>)[v] === undefined ||
      (properties as Record<string, unknown>)[v] === ""
    );
    if (missing.length) return fail(`properties lack the script variables ${missing.join(", ")}`);
    if (known.has(phone) && !permitRepeat) {
      repeats++;
      return;
    }
    known.add(phone);
    imported.push({
      enterpriseId: task.enterpriseId,
      callInstanceId: store.nextId("callInstanceId"),
      callJobId: task.callJobId,
      customerTelephone: phone,
      customerName: (row.name as string | undefined) ?? "",
      properties: properties as Record<string, unknown>,
      ...notDialed(),
    });
  });
  for (const record of imported) store.state.calls.push(record);
  if (permitRepeat) task.permitRepeatNum = true;
  dialer.imported(task, imported);
  return {
    total: rows.length,
    successNum: imported.length,
    placeFailNum: failures.length,
    repeatNum: repeats,
    placeFailDetail: JSON.stringify(failures),
  };
}

/** task_import's `result` (the UI shows it under the customer import). */
export type ImportAnswer = ReturnType<typeof importCustomers>;
