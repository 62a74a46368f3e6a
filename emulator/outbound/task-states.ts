/**
 * Outbound task states (spec part 3). Commands move a task only from the states the spec allows;
 * where the spec leaves the next state open, ccemu decides (TRANSITIONS below, shown as COMMAND_HELP):
 *   start (1)     not started | user-paused          -> runnable
 *   pause (2)     runnable | system-paused | queued | in progress |
 *                 line in arrears | AI expired | SMS in arrears  -> user-paused
 *   terminate (3) not started | runnable | in progress | user-paused |
 *                 system-paused | queued                -> terminated
 * Everything else the system does (systemState below): a started task is in progress while it may
 * dial, and waits as runnable, queued, system-paused or in arrears while it may not.
 */

export const TASK_STATUS = {
  NOT_STARTED: 0,
  IN_PROGRESS: 1,
  COMPLETED: 2,
  RUNNABLE: 3,
  USER_PAUSED: 4,
  SYSTEM_PAUSED: 5,
  TERMINATED: 6,
  QUEUED: 7,
  AI_EXPIRED: 8,
  LINE_IN_ARREARS: 9,
  SMS_IN_ARREARS: 10,
} as const;

export type TaskStatus = (typeof TASK_STATUS)[keyof typeof TASK_STATUS];

/** `callJobStatusDesc`: the spec's names (the task-execute text's names for 4 and 5). */
export const TASK_STATUS_DESC: Record<TaskStatus, string> = {
  0: "未开始",
  1: "进行中",
  2: "已完成",
  3: "可运行",
  4: "手动暂停",
  5: "自动暂停",
  6: "已终止",
  7: "排队中",
  8: "AI到期",
  9: "线路欠费",
  10: "短信欠费",
};

/** English names, for messages. */
const NAMES: Record<TaskStatus, string> = {
  0: "not started",
  1: "in progress",
  2: "completed",
  3: "runnable",
  4: "user-paused",
  5: "system-paused",
  6: "terminated",
  7: "queued",
  8: "AI expired",
  9: "line in arrears",
  10: "SMS in arrears",
};

export const statusName = (status: number) =>
  `${NAMES[status as TaskStatus] ?? "unknown"} (${status})`;

/** The English translation of a status, for the UI's "vendor's word · translation (code)". */
export const statusTranslation = (status: number) => NAMES[status as TaskStatus] ?? "unknown";

export const COMMANDS = { START: 1, PAUSE: 2, TERMINATE: 3 } as const;
export type Command = (typeof COMMANDS)[keyof typeof COMMANDS];

const TRANSITIONS: Record<
  Command,
  { from: readonly TaskStatus[]; to: TaskStatus; verb: string; name: string }
> = {
  1: {
    from: [TASK_STATUS.NOT_STARTED, TASK_STATUS.USER_PAUSED],
    to: TASK_STATUS.RUNNABLE,
    verb: "started",
    name: "start",
  },
  2: {
    from: [
      TASK_STATUS.RUNNABLE,
      TASK_STATUS.SYSTEM_PAUSED,
      TASK_STATUS.QUEUED,
      TASK_STATUS.IN_PROGRESS,
      TASK_STATUS.LINE_IN_ARREARS,
      TASK_STATUS.AI_EXPIRED,
      TASK_STATUS.SMS_IN_ARREARS,
    ],
    to: TASK_STATUS.USER_PAUSED,
    verb: "paused",
    name: "pause",
  },
  3: {
    from: [
      TASK_STATUS.NOT_STARTED,
      TASK_STATUS.RUNNABLE,
      TASK_STATUS.IN_PROGRESS,
      TASK_STATUS.USER_PAUSED,
      TASK_STATUS.SYSTEM_PAUSED,
      TASK_STATUS.QUEUED,
    ],
    to: TASK_STATUS.TERMINATED,
    verb: "terminated",
    name: "terminate",
  },
};

export type CommandResult = { ok: true; to: TaskStatus } | { ok: false; message: string };

/** The state a command leads to, or why the task cannot take it. */
export function applyCommand(status: TaskStatus, command: Command): CommandResult {
  const transition = TRANSITIONS[command];
  if (transition.from.includes(status)) return { ok: true, to: transition.to };
  return {
    ok: false,
    message: `The task is ${
      statusName(status)
    } and cannot be ${transition.verb}; only a task that is ${
      transition.from.map(statusName).join(", ")
    } can.`,
  };
}

/** States in which the system, not the user, decides (a started task that is not finished). */
export const SYSTEM_MANAGED: readonly TaskStatus[] = [
  TASK_STATUS.RUNNABLE,
  TASK_STATUS.IN_PROGRESS,
  TASK_STATUS.QUEUED,
  TASK_STATUS.SYSTEM_PAUSED,
  TASK_STATUS.AI_EXPIRED,
  TASK_STATUS.LINE_IN_ARREARS,
  TASK_STATUS.SMS_IN_ARREARS,
];

/** A state as the help reads it: the vendor's word, the translation, the code. */
const stateLabel = (status: TaskStatus) =>
  `${TASK_STATUS_DESC[status]} ${NAMES[status]} (${status})`;

/**
 * task_execute's `command` help: the state diagram itself, from the table ccemu runs on, so the API
 * form and the OpenAPI document show what each command does from which state.
 */
export const COMMAND_HELP = [
  ...Object.entries(TRANSITIONS).map(([command, { from, to, name }]) =>
    `${command} ${name}: ${from.map(stateLabel).join(", ")} -> ${stateLabel(to)}.`
  ),
  `Any other state refuses the command, naming the states that take it. A started task then moves by itself between ${
    SYSTEM_MANAGED.map(stateLabel).join(", ")
  }, and is ${stateLabel(TASK_STATUS.COMPLETED)} when every number is done.`,
].join(" ");

/** What decides where a started task stands, gathered by the dialer. */
export interface Conditions {
  /** Every number finished (completed, no redial pending). */
  allDone: boolean;
  /** The task's lines: none enabled. */
  linesDisabled: boolean;
  /** The task's lines: none with a positive balance. */
  linesInArrears: boolean;
  aiExpired: boolean;
  /** Hang-up SMS is on and the tenant's SMS balance is spent. */
  smsInArrears: boolean;
  /** Inside one of the task's working windows now. */
  inWindow: boolean;
  /** The task has numbers (imported customers) at all. */
  hasNumbers: boolean;
  /** The tenant's AI seats left for this task (its own seats count as free when it holds them). */
  seatsAvailable: number;
  /**
   * Seats the task needs now: its concurrencyQuota while it has calls under way or numbers to dial
   * now; 0 while it only waits for a redial that is not due.
   */
  seatsNeeded: number;
}

/**
 * Where a started task stands, in this order: done -> completed; no line enabled -> system-paused;
 * AI expired; lines in arrears; SMS in arrears; no numbers at all, or outside its working window ->
 * runnable (holding no seat); not enough AI seats -> queued; otherwise in progress.
 */
export function systemState(c: Conditions): TaskStatus {
  if (c.allDone) return TASK_STATUS.COMPLETED;
  if (c.linesDisabled) return TASK_STATUS.SYSTEM_PAUSED;
  if (c.aiExpired) return TASK_STATUS.AI_EXPIRED;
  if (c.linesInArrears) return TASK_STATUS.LINE_IN_ARREARS;
  if (c.smsInArrears) return TASK_STATUS.SMS_IN_ARREARS;
  if (!c.hasNumbers || !c.inWindow) return TASK_STATUS.RUNNABLE;
  if (c.seatsAvailable < c.seatsNeeded) return TASK_STATUS.QUEUED;
  return TASK_STATUS.IN_PROGRESS;
}

/** What the dialer knows of a waiting task beyond its conditions: when its window opens, its seats. */
export interface WaitFacts {
  /** The local time (tenant zone) when the working window next opens or closes. */
  windowChange: string | null;
  aiSeats: number;
  /** The scheduled start of a task not started yet (callJobType 1), local time. */
  scheduledStart: string | null;
}

/**
 * Why a task is not dialing, in words a user can act on; null while it dials or when it is over.
 * Follows systemState's order, so the reason given is the one that decided the state.
 */
export function waitingReason(
  status: TaskStatus,
  c: Conditions | null,
  facts: WaitFacts,
): string | null {
  if (status === TASK_STATUS.NOT_STARTED) {
    return facts.scheduledStart
      ? `scheduled: starts by itself at ${facts.scheduledStart}`
      : "not started: start it (task_execute command 1)";
  }
  if (status === TASK_STATUS.USER_PAUSED) {
    return "paused by a user: resume it (task_execute command 1)";
  }
  if (!c || !SYSTEM_MANAGED.includes(status) || status === TASK_STATUS.IN_PROGRESS) return null;
  if (c.linesDisabled) return "none of its lines is enabled";
  if (c.aiExpired) return "the tenant's AI service has expired (account aiExpiresAt)";
  if (c.linesInArrears) return "its lines' balance is spent (line lineAmount)";
  if (c.smsInArrears) return "hang-up SMS is on and the tenant's SMS balance is spent";
  if (!c.hasNumbers) return "no customers imported yet (task_import)";
  if (!c.inWindow) {
    return `outside its working window until ${facts.windowChange ?? "a window it never has"}`;
  }
  if (c.seatsAvailable < c.seatsNeeded) {
    return `no free AI seat: needs ${c.seatsNeeded}, ${
      Math.max(0, c.seatsAvailable)
    } of the tenant's ${facts.aiSeats} free (tasks of higher priority go first)`;
  }
  return null;
}
