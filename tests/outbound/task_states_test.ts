import assert from "node:assert/strict";
import {
  applyCommand,
  type Command,
  type Conditions,
  systemState,
  TASK_STATUS,
  type TaskStatus,
} from "../../emulator/outbound/task-states.ts";

const ALL = Object.values(TASK_STATUS) as TaskStatus[];
const S = TASK_STATUS;

// The spec's part 3 table: which states each command may leave.
const ALLOWED: Record<Command, TaskStatus[]> = {
  1: [S.NOT_STARTED, S.USER_PAUSED],
  2: [
    S.RUNNABLE,
    S.SYSTEM_PAUSED,
    S.QUEUED,
    S.IN_PROGRESS,
    S.LINE_IN_ARREARS,
    S.AI_EXPIRED,
    S.SMS_IN_ARREARS,
  ],
  3: [S.NOT_STARTED, S.RUNNABLE, S.IN_PROGRESS, S.USER_PAUSED, S.SYSTEM_PAUSED, S.QUEUED],
};
const TARGET: Record<Command, TaskStatus> = { 1: S.RUNNABLE, 2: S.USER_PAUSED, 3: S.TERMINATED };

Deno.test("every command from every state: allowed ones move, the rest are refused naming the state", () => {
  for (const command of [1, 2, 3] as Command[]) {
    for (const status of ALL) {
      const result = applyCommand(status, command);
      if (ALLOWED[command].includes(status)) {
        assert.deepEqual(
          result,
          { ok: true, to: TARGET[command] },
          `command ${command} from ${status}`,
        );
      } else {
        assert.equal(result.ok, false, `command ${command} from ${status} must be refused`);
        if (!result.ok) assert.match(result.message, new RegExp(`\\(${status}\\) and cannot be`));
      }
    }
  }
});

const RUNNING: Conditions = {
  allDone: false,
  linesDisabled: false,
  linesInArrears: false,
  aiExpired: false,
  smsInArrears: false,
  inWindow: true,
  hasNumbers: true,
  seatsAvailable: 2,
  seatsNeeded: 1,
};

Deno.test("system moves: each condition gives its state, in the documented order", () => {
  assert.equal(systemState(RUNNING), S.IN_PROGRESS);
  assert.equal(systemState({ ...RUNNING, inWindow: false }), S.RUNNABLE);
  assert.equal(systemState({ ...RUNNING, hasNumbers: false }), S.RUNNABLE);
  assert.equal(systemState({ ...RUNNING, hasNumbers: false, seatsAvailable: 0 }), S.RUNNABLE);
  assert.equal(systemState({ ...RUNNING, seatsAvailable: 0, seatsNeeded: 0 }), S.IN_PROGRESS);
  assert.equal(systemState({ ...RUNNING, seatsAvailable: 0 }), S.QUEUED);
  assert.equal(systemState({ ...RUNNING, linesDisabled: true }), S.SYSTEM_PAUSED);
  assert.equal(systemState({ ...RUNNING, linesInArrears: true }), S.LINE_IN_ARREARS);
  assert.equal(systemState({ ...RUNNING, aiExpired: true }), S.AI_EXPIRED);
  assert.equal(systemState({ ...RUNNING, smsInArrears: true }), S.SMS_IN_ARREARS);
  assert.equal(
    systemState({ ...RUNNING, allDone: true, linesDisabled: true }),
    S.COMPLETED,
    "done wins",
  );
  assert.equal(systemState({ ...RUNNING, linesDisabled: true, aiExpired: true }), S.SYSTEM_PAUSED);
  assert.equal(systemState({ ...RUNNING, aiExpired: true, linesInArrears: true }), S.AI_EXPIRED);
  assert.equal(
    systemState({ ...RUNNING, inWindow: false, seatsAvailable: 0 }),
    S.RUNNABLE,
    "outside the window a task waits as runnable, not queued",
  );
});
