/**
 * The dialer: moves started tasks between their system states and places calls, driven only by the
 * virtual clock. Calls start while a task may dial (inside a working window, seats, lines and
 * account in order), at most `concurrencyNum` at a time; each rings, ends with its outcome, and
 * frees its slot; redials wait by `repeatCallRule`. Everything it knows beyond the state (cursors,
 * timers) is derived and rebuilt whenever the state is loaded (start, reset, snapshot import).
 * Over 300 lines on purpose: one state machine whose parts (reconcile, dial, end, arm) call each
 * other and read best side by side.
 */
import type { JournalEntry } from "../core/journal-entry.ts";
import { storeBody } from "../core/stored-body.ts";
import type { Clock } from "../core/clock.ts";
import type { Emulator } from "../core/emulator.ts";
import { aiTurns } from "./dialogue.ts";
import { outcomeFor } from "./outcomes.ts";
import {
  type Account,
  CALL_STATUS,
  type CallRecord,
  type Line,
  type OutboundState,
  type Script,
  type Task,
} from "./schemas.ts";
import {
  type Conditions,
  statusName,
  SYSTEM_MANAGED,
  systemState,
  TASK_STATUS,
  type TaskStatus,
  waitingReason,
} from "./task-states.ts";
import { localText } from "../core/zoned-time.ts";
import { DEFAULT_WORKING_TIME, inWindow, nextBoundary } from "./working-time.ts";

/** What the dialer derives for one task. */
interface Runtime {
  task: Task;
  /** The task's numbers in import order. */
  records: CallRecord[];
  /** Every record before it has been dialed at least once. */
  cursor: number;
  active: number;
  /** Records waiting for a redial. */
  redials: Set<CallRecord>;
  /** Completed records, in the order they completed (what call_done_list pages through). */
  done: CallRecord[];
  window: { inside: boolean; until: number | null } | null;
  wake: { timer: number; at: number } | null;
  /** The clock timer that ends each call in progress (cancelled when the task is deleted). */
  ends: Map<CallRecord, number>;
  /** What decided the task's system state at the last reconcile (why it waits). */
  conditions: Conditions | null;
}

const byEnd = (a: CallRecord, b: CallRecord) =>
  (a.endTime ?? 0) - (b.endTime ?? 0) || a.callInstanceId - b.callInstanceId;

/**
 * What the dialer reads and changes: the outbound store (mod.ts hands it over), declared here so
 * that the store and the dialer do not import each other.
 */
export interface DialerStore {
  readonly state: OutboundState;
  readonly emulator: Emulator;
  account(enterpriseId: string): Account;
  linesOf(task: Task): Line[];
  scriptOf(task: Task): Script | undefined;
  isBlacklisted(enterpriseId: string, mobile: string): boolean;
  timeZone(enterpriseId: string): string;
}

/** Told when a record is finished for good, with no redial to come (its result callback). */
export type CallFinished = (task: Task, record: CallRecord) => void;

/** A hang-up SMS ccemu "sent": journaled as an outbound entry of its own kind. */
export interface SmsEntry extends JournalEntry {
  kind: "sms";
}

export class Dialer {
  #runtimes = new Map<number, Runtime>();

  constructor(
    private readonly store: DialerStore,
    private readonly callFinished: CallFinished,
  ) {}

  get #clock() {
    return this.store.emulator.clock;
  }

  /** A task's numbers in import order. */
  records(task: Task): CallRecord[] {
    return this.#runtimes.get(task.callJobId)!.records;
  }

  /** Derives every runtime from the state and re-arms the timers the state implies. */
  rebuild(): void {
    this.#runtimes.clear();
    const { tasks, calls } = this.store.state;
    for (const task of tasks) this.#runtimes.set(task.callJobId, this.#emptyRuntime(task));
    for (const record of calls) this.#runtimes.get(record.callJobId)?.records.push(record);
    for (const dialing of this.#runtimes.values()) {
      while (
        dialing.cursor < dialing.records.length &&
        dialing.records[dialing.cursor].callInstanceStatus !== CALL_STATUS.NOT_STARTED
      ) {
        dialing.cursor++;
      }
      dialing.done = dialing.records.filter((r) => r.callInstanceStatus === CALL_STATUS.COMPLETED)
        .sort(
          byEnd,
        );
      for (const record of dialing.records) {
        if (record.callInstanceStatus === CALL_STATUS.IN_PROGRESS) {
          dialing.active++;
          dialing.ends.set(
            record,
            this.#clock.schedule(
              record.endsAt ?? this.#clock.now(),
              () => this.#end(dialing, record),
            ),
          );
        } else if (record.callInstanceStatus === CALL_STATUS.REDIAL_SCHEDULED) {
          dialing.redials.add(record);
        }
      }
    }
    for (const enterpriseId of new Set(tasks.map((t) => t.enterpriseId))) {
      this.reconcile(enterpriseId);
    }
  }

  /**
   * A task was deleted (its records with it): its wake-up and the ends of its calls in progress are
   * cancelled, so nothing fires for it afterwards; the tenant's other tasks may take the freed seats.
   */
  deleted(task: Task): void {
    const dialing = this.#runtimes.get(task.callJobId);
    if (!dialing) return;
    if (dialing.wake) this.#clock.cancel(dialing.wake.timer);
    for (const timer of dialing.ends.values()) this.#clock.cancel(timer);
    this.#runtimes.delete(task.callJobId);
    this.reconcile(task.enterpriseId);
  }

  /** A new task: scheduled ones start by themselves at their start date. */
  added(task: Task): void {
    this.#runtimes.set(task.callJobId, this.#emptyRuntime(task));
    this.reconcile(task.enterpriseId);
  }

  imported(task: Task, records: CallRecord[]): void {
    this.#runtimes.get(task.callJobId)!.records.push(...records);
    if (task.callJobStatus === TASK_STATUS.COMPLETED) this.#setStatus(task, TASK_STATUS.RUNNABLE);
    this.reconcile(task.enterpriseId);
  }

  /**
   * Re-evaluates every task of the tenant, highest priority first (seats go to them first):
   * sets each started task's system state, dials what may be dialed, and arms the next wake-up.
   */
  reconcile(enterpriseId: string): void {
    const now = this.#clock.now();
    const account = this.store.account(enterpriseId);
    const tasks = [...this.#runtimes.values()]
      .filter((dialing) => dialing.task.enterpriseId === enterpriseId)
      .sort((a, b) =>
        (b.task.priority ?? 0) - (a.task.priority ?? 0) || a.task.callJobId - b.task.callJobId
      );
    let seatsHeld = 0;
    for (const dialing of tasks) {
      const { task } = dialing;
      if (
        task.jobType === 1 && task.callJobStatus === TASK_STATUS.NOT_STARTED &&
        task.startDate !== null &&
        task.startDate <= now
      ) {
        this.#setStatus(task, TASK_STATUS.RUNNABLE);
      }
      if (SYSTEM_MANAGED.includes(task.callJobStatus as TaskStatus)) {
        const conditions = this.#conditions(dialing, account, account.aiSeats - seatsHeld, now);
        const status = systemState(conditions);
        dialing.conditions = conditions;
        this.#setStatus(task, status);
        if (status === TASK_STATUS.IN_PROGRESS) {
          // A task with nothing to dial now (only a redial that is not due) holds no seat.
          seatsHeld += conditions.seatsNeeded;
          this.#dial(dialing, now);
          // Numbers can end as they are dialed (blacklisted ones): the task may be done already.
          if (this.#allDone(dialing)) this.#setStatus(task, TASK_STATUS.COMPLETED);
        }
      }
      this.#arm(dialing, now);
    }
  }

  /** Whether any started task still has calls under way, numbers to dial or redials to make. */
  busy(): boolean {
    for (const dialing of this.#runtimes.values()) {
      if (!SYSTEM_MANAGED.includes(dialing.task.callJobStatus as TaskStatus)) continue;
      // Everything from the cursor on is still to be dialed (numbers are dialed in order).
      if (
        dialing.active > 0 || dialing.redials.size > 0 || dialing.cursor < dialing.records.length
      ) return true;
    }
    return false;
  }

  /**
   * Started tasks with calls left that time alone cannot move, each with why it waits; empty
   * while any task would move as the clock moves (a call under way, a redial, a window to open,
   * seats other calls will free). A task queued for more seats than the tenant has, or paused by
   * its lines, the AI's expiry or the SMS balance, waits for a user, not for the clock.
   */
  stuck(): { callJobId: number; jobName: string; waiting: string }[] {
    const stuck: { callJobId: number; jobName: string; waiting: string }[] = [];
    for (const dialing of this.#runtimes.values()) {
      const { task } = dialing;
      if (!SYSTEM_MANAGED.includes(task.callJobStatus as TaskStatus)) continue;
      if (dialing.active > 0 || dialing.redials.size > 0) return [];
      if (dialing.cursor === dialing.records.length) continue; // nothing left to dial
      const seats = this.store.account(task.enterpriseId).aiSeats;
      const blocked = UNTIMED_WAITS.includes(task.callJobStatus as TaskStatus) ||
        (task.callJobStatus === TASK_STATUS.QUEUED && task.concurrencyQuota > seats);
      if (!blocked) return [];
      stuck.push({
        callJobId: task.callJobId,
        jobName: task.jobName,
        waiting: this.waiting(task) ?? statusName(task.callJobStatus),
      });
    }
    return stuck;
  }

  /** Why the task is not dialing now, in words; null while it dials or once it is over. */
  waiting(task: Task): string | null {
    const dialing = this.#runtimes.get(task.callJobId);
    const zone = this.store.timeZone(task.enterpriseId);
    const local = (at: number) =>
      `${localText(at, zone).replaceAll("/", "-").slice(0, 16)} (${zone})`;
    const until = dialing?.window?.until ?? null;
    return waitingReason(task.callJobStatus as TaskStatus, dialing?.conditions ?? null, {
      windowChange: until === null ? null : local(until),
      aiSeats: this.store.account(task.enterpriseId).aiSeats,
      scheduledStart: task.jobType === 1 && task.startDate !== null ? local(task.startDate) : null,
    });
  }

  /** Records in call_done_list order. */
  done(callJobId: number): CallRecord[] {
    return this.#runtimes.get(callJobId)?.done ?? [];
  }

  #emptyRuntime(task: Task): Runtime {
    return {
      task,
      records: [],
      cursor: 0,
      active: 0,
      redials: new Set(),
      done: [],
      window: null,
      wake: null,
      ends: new Map(),
      conditions: null,
    };
  }

  #inWindow(dialing: Runtime, now: number): boolean {
    if (!dialing.window || (dialing.window.until !== null && now >= dialing.window.until)) {
      const rules = dialing.task.workingTimeRuleList.length
        ? dialing.task.workingTimeRuleList
        : DEFAULT_WORKING_TIME;
      const zone = this.store.timeZone(dialing.task.enterpriseId);
      dialing.window = {
        inside: inWindow(rules, now, zone),
        until: nextBoundary(rules, now, zone),
      };
    }
    return dialing.window.inside;
  }

  #conditions(dialing: Runtime, account: Account, seatsAvailable: number, now: number): Conditions {
    const lines = this.store.linesOf(dialing.task);
    const enabled = lines.filter((l) => l.enabled);
    return {
      allDone: dialing.records.length > 0 && dialing.cursor === dialing.records.length &&
        dialing.active === 0 &&
        dialing.redials.size === 0,
      linesDisabled: enabled.length === 0,
      linesInArrears: enabled.every((l) => l.lineAmount <= 0),
      aiExpired: account.aiExpiresAt !== null && account.aiExpiresAt <= now,
      smsInArrears: dialing.task.smsType === 1 && account.smsBalance <= 0,
      inWindow: this.#inWindow(dialing, now),
      hasNumbers: dialing.records.length > 0,
      seatsAvailable,
      seatsNeeded: this.#dialable(dialing, now) ? dialing.task.concurrencyQuota : 0,
    };
  }

  /** Calls under way, a number never dialed, or a redial that is due: the task needs seats now. */
  #dialable(dialing: Runtime, now: number): boolean {
    if (dialing.active > 0 || dialing.cursor < dialing.records.length) return true;
    for (const record of dialing.redials) if ((record.nextAttemptAt ?? 0) <= now) return true;
    return false;
  }

  #allDone(dialing: Runtime): boolean {
    return dialing.records.length > 0 && dialing.cursor === dialing.records.length &&
      dialing.active === 0 &&
      dialing.redials.size === 0;
  }

  #setStatus(task: Task, status: TaskStatus): void {
    if (task.callJobStatus === status) return;
    const from = task.callJobStatus;
    task.callJobStatus = status;
    this.store.emulator.events.publish({
      type: "state",
      change: "task-status",
      detail: { callJobId: task.callJobId, from, to: status },
    });
  }

  /**
   * The next record to call: the earliest due redial (then the lowest id), else the next number
   * never dialed. Canonical choices, so that a dialer rebuilt from a snapshot chooses the same.
   */
  #next(dialing: Runtime, now: number): CallRecord | undefined {
    let due: CallRecord | undefined;
    for (const record of dialing.redials) {
      if ((record.nextAttemptAt ?? 0) > now) continue;
      if (
        !due || record.nextAttemptAt! < due.nextAttemptAt! ||
        (record.nextAttemptAt === due.nextAttemptAt && record.callInstanceId < due.callInstanceId)
      ) {
        due = record;
      }
    }
    if (due) {
      dialing.redials.delete(due);
      return due;
    }
    while (dialing.cursor < dialing.records.length) {
      const record = dialing.records[dialing.cursor++];
      if (record.callInstanceStatus === CALL_STATUS.NOT_STARTED) return record;
    }
    return undefined;
  }

  #dial(dialing: Runtime, now: number): void {
    while (dialing.active < dialing.task.concurrencyNum) {
      const record = this.#next(dialing, now);
      if (!record) return;
      this.#start(dialing, record, now);
    }
  }

  #start(dialing: Runtime, record: CallRecord, now: number): void {
    const { task } = dialing;
    record.calledTimes++;
    record.startTime = now;
    if (this.store.isBlacklisted(task.enterpriseId, record.customerTelephone)) {
      // A blacklisted number ends at once, without taking a line.
      Object.assign(record, {
        finishStatus: 11,
        duration: 0,
        chatRound: 0,
        hangUp: null,
        callerPhone: null,
        rule: "blacklist",
      });
      Object.assign(record, {
        intention: "F级(无效客户)",
        labels: [],
        endTime: now,
        endsAt: null,
        nextAttemptAt: null,
      });
      this.#complete(dialing, record);
      return;
    }
    const lines = this.store.linesOf(task).filter((l) => l.enabled && l.lineAmount > 0);
    // The line follows from the record and attempt, not from a counter a rebuild would lose.
    const line = lines[(record.callInstanceId + record.calledTimes) % lines.length];
    const outcome = this.#outcome(record);
    record.callInstanceStatus = CALL_STATUS.IN_PROGRESS;
    record.callerPhone = line.phone;
    record.endsAt = now + (outcome.ringSeconds + outcome.duration) * 1000;
    dialing.active++;
    dialing.ends.set(record, this.#clock.schedule(record.endsAt, () => this.#end(dialing, record)));
  }

  #outcome(record: CallRecord) {
    const { outcomeRules, outcomeTable } = this.store.state;
    return outcomeFor(
      outcomeRules,
      outcomeTable,
      this.store.emulator.seed,
      record.customerTelephone,
      record.properties,
      record.calledTimes - 1,
    );
  }

  #end(dialing: Runtime, record: CallRecord): void {
    const now = this.#clock.now();
    const outcome = this.#outcome(record);
    dialing.ends.delete(record);
    dialing.active--;
    Object.assign(record, {
      finishStatus: outcome.finishStatus,
      duration: outcome.duration,
      // The AI cannot speak more often than its script lets it: the dialogue is the script, once.
      chatRound: Math.min(outcome.chatRound, aiTurns(this.store.scriptOf(dialing.task))),
      hangUp: outcome.hangUp,
      intention: outcome.intention,
      labels: outcome.labels,
      rule: outcome.rule,
      endTime: now,
      endsAt: null,
    });
    this.#bill(dialing.task, record);
    const redial = dialing.task.repeatCall
      ? dialing.task.repeatCallRule.find((r) =>
        r.phoneStatus === outcome.finishStatus && record.calledTimes <= r.times
      )
      : undefined;
    if (redial) {
      record.callInstanceStatus = CALL_STATUS.REDIAL_SCHEDULED;
      record.nextAttemptAt = now + redial.interval * 60_000;
      dialing.redials.add(record);
    } else {
      this.#complete(dialing, record);
    }
    this.#hangUpSms(dialing.task, record);
    this.reconcile(dialing.task.enterpriseId);
  }

  /** Completes a record; the done list stays ordered by (endTime, id), however ties fired. */
  #complete(dialing: Runtime, record: CallRecord): void {
    record.callInstanceStatus = CALL_STATUS.COMPLETED;
    record.nextAttemptAt = null;
    let i = dialing.done.length;
    while (i > 0 && byEnd(dialing.done[i - 1], record) > 0) i--;
    dialing.done.splice(i, 0, record);
    this.callFinished(dialing.task, record);
  }

  /** An answered call costs its line `ceil(duration / billPeriod)` periods at the local rate (fen). */
  #bill(task: Task, record: CallRecord): void {
    if (record.finishStatus !== 0) return;
    const line = this.store.linesOf(task).find((l) => l.phone === record.callerPhone);
    if (!line) return;
    const periods = Math.ceil(record.duration / line.billPeriod);
    line.lineAmount =
      Math.round((line.lineAmount - (periods * line.localSellingRate) / 100) * 100) / 100;
  }

  /** The hang-up SMS (smsType 1) for the levels in `smsSendLevel` (all when unset), journaled. */
  #hangUpSms(task: Task, record: CallRecord): void {
    if (task.smsType !== 1 || record.finishStatus !== 0) return;
    if (task.smsSendLevel && record.intention !== task.smsSendLevel) return;
    const account = this.store.account(task.enterpriseId);
    if (account.smsBalance <= 0) return;
    account.smsBalance--;
    const body = {
      mobile: record.customerTelephone,
      smsTemplateId: task.smsTemplateId,
      intention: record.intention,
      callInstanceId: record.callInstanceId,
      callJobId: task.callJobId,
    };
    const { emulator } = this.store;
    emulator.journal.add<SmsEntry>({
      kind: "sms",
      requestId: emulator.newRequestId(),
      time: this.#clock.now(),
      area: "outbound",
      method: "SMS",
      path: "/sms/hang-up",
      query: {},
      headers: {},
      body: storeBody(JSON.stringify(body)),
      response: { status: 200, headers: {}, body: null },
      durationMs: 0,
    });
  }

  /**
   * One wake-up per task: its next window boundary, redial or scheduled start, whichever comes
   * first. Only future times count: what is due now was just handled, or waits for a call to end.
   */
  #arm(dialing: Runtime, now: number): void {
    const { task } = dialing;
    let at = Infinity;
    const consider = (t: number | null | undefined) => {
      if (t != null && t > now && t < at) at = t;
    };
    if (task.jobType === 1 && task.callJobStatus === TASK_STATUS.NOT_STARTED) {
      consider(task.startDate);
    }
    if (SYSTEM_MANAGED.includes(task.callJobStatus as TaskStatus)) {
      this.#inWindow(dialing, now);
      consider(dialing.window?.until);
      for (const record of dialing.redials) consider(record.nextAttemptAt);
    }
    if (at === Infinity) {
      if (dialing.wake) this.#clock.cancel(dialing.wake.timer);
      dialing.wake = null;
      return;
    }
    if (dialing.wake?.at === at) return;
    if (dialing.wake) this.#clock.cancel(dialing.wake.timer);
    dialing.wake = {
      at,
      timer: this.#clock.schedule(at, () => {
        dialing.wake = null;
        this.reconcile(task.enterpriseId);
      }),
    };
  }
}

/** States a started task leaves only when a user changes something (lines, account, balance). */
const UNTIMED_WAITS: readonly TaskStatus[] = [
  TASK_STATUS.SYSTEM_PAUSED,
  TASK_STATUS.AI_EXPIRED,
  TASK_STATUS.LINE_IN_ARREARS,
  TASK_STATUS.SMS_IN_ARREARS,
];

/** The longest "advance until idle" goes, in virtual time. */
const IDLE_LIMIT_MS = 30 * 86_400_000;

/**
 * Moves the clock from timer to timer while any task still has calls to make (30 days at most),
 * and stops as soon as what is left cannot dial whatever the time (`stuck`: each such task and
 * why), instead of running the clock on for nothing.
 */
export function advanceUntilIdle(dialer: Dialer, clock: Clock) {
  const start = clock.now();
  let fired = 0;
  let stuck = dialer.stuck();
  while (dialer.busy() && !stuck.length && clock.now() - start < IDLE_LIMIT_MS) {
    const next = clock.status().nextTimerAt;
    if (next === null) break;
    fired += clock.advanceTo(Math.min(next, start + IDLE_LIMIT_MS));
    stuck = dialer.stuck();
  }
  const idle = !dialer.busy();
  return { ...clock.status(), fired, idle, stuck: idle ? [] : stuck };
}
