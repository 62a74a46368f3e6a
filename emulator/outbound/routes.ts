/** The outbound AI-calling operations under `/gateway` (spec part 4 of document 2). */
import { z } from "zod";
import { ApiError } from "../signed-api/errors.ts";
import {
  vBool,
  vCode,
  vJsonArrayText,
  vLong,
  vLongIn,
  vString,
  vText,
} from "../signed-api/fields.ts";
import { defineOperation, type Operation } from "../signed-api/operation.ts";
import { callDetail, callDoneEntry, notStartedEntry, resultList } from "./calls.ts";
import { dialerOf } from "./dialer.ts";
import { FINISH_STATUSES, INTENTION_LEVELS } from "./outcomes.ts";
import { addToBlacklist, findScript, listLines, listScripts } from "./store.ts";
import type { Command } from "./task-states.ts";
import { HHMM } from "./schemas.ts";
import { parseLocalText } from "../zoned-time.ts";
import {
  createTask,
  dayRange,
  executeCommand,
  findTask,
  importCustomers,
  taskDetail,
  taskEntry,
} from "./tasks.ts";

/** Digits, optionally a leading `+` and `-` separators: mobiles, landlines with area codes. */
const phoneNumber = () =>
  vText().pipe(
    z.string().regex(/^\+?\d[\d-]{2,22}\d$/, {
      error: "must be a phone number (digits, an optional leading + and - separators)",
    }),
  );

const DAY = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: "must be yyyy-MM-dd" }).refine(
  (d) => !Number.isNaN(Date.parse(d)) && new Date(d).toISOString().startsWith(d),
  { error: "is not a real date" },
);
const pageNum = () => vLongIn(1, 1_000_000).optional();

/** `pageNum`, `total`, `pages`, `list`: the paging shape of the task and call lists. */
function page<T, U>(items: T[], pageNumber = 1, pageSize = 20, map: (item: T) => U) {
  return {
    pageNum: pageNumber,
    total: items.length,
    pages: Math.ceil(items.length / pageSize),
    list: items.slice((pageNumber - 1) * pageSize, pageNumber * pageSize).map(map),
  };
}

/**
 * Times of call_done_list: epoch ms, or `yyyy-MM-dd HH:mm:ss` in the tenant's zone (the spec shows
 * no format). The zone is the caller's, known only in the handler, so this gives a function of it.
 */
const callTime = () =>
  z.union([z.number().int(), z.string()], { error: "expected epoch ms or yyyy-MM-dd HH:mm:ss" })
    .transform((v, ctx) => {
      if (typeof v === "number" || /^\d+$/.test(v)) return () => Number(v);
      if (!/^\d{4}-\d{2}-\d{2} /.test(v) || parseLocalText(v, "UTC") === undefined) {
        ctx.issues.push({
          code: "custom",
          message: "expected epoch ms or yyyy-MM-dd HH:mm:ss",
          input: v,
        });
        return z.NEVER;
      }
      return (zone: string) => parseLocalText(v, zone)!;
    });

const TaskCreate = z.strictObject({
  enterpriseId: vText(),
  callJobName: vText(),
  callJobType: vCode([1, 2]),
  robotDefId: vLong(),
  userPhoneIds: vJsonArrayText(vLong()).pipe(
    z.array(z.number()).min(1, { error: "must name at least one line" }),
  ),
  concurrencyNum: vLongIn(1, 10_000).optional(),
  concurrencyQuota: vLongIn(1, 10_000).optional(),
  levelAssignTypeEnabled: vBool().optional(),
  mobile: vString().optional(),
  openElasticity: vBool().optional(),
  remark: vString().optional(),
  priority: vLong().optional(),
  repeatCall: vBool().optional(),
  repeatCallRule: vJsonArrayText(
    z.strictObject({
      interval: vLongIn(0, 120),
      phoneStatus: vLongIn(1, 10),
      times: vLongIn(1, 5),
    }),
  ).optional(),
  restoreAi: vBool().optional(),
  smsSendLevel: z.enum(INTENTION_LEVELS, { error: `must be one of ${INTENTION_LEVELS.join(", ")}` })
    .optional(),
  smsTemplateId: vLong().optional(),
  smsType: vCode([0, 1]).optional(),
  startDate: DAY.optional(),
  wechatPush: vBool().optional(),
  workingTimeRuleList: vJsonArrayText(z.strictObject({
    weeks: z.array(vLongIn(0, 7)).min(1),
    timeRanges: z.array(z.strictObject({ startTime: HHMM, endTime: HHMM })).min(1),
  })).optional(),
}).superRefine((body, ctx) => {
  if (body.callJobType === 1 && body.startDate === undefined) {
    ctx.addIssue({
      code: "invalid_type",
      expected: "string",
      path: ["startDate"],
      input: undefined,
      message: "required for a scheduled task (callJobType 1)",
    });
  }
  const quota = body.concurrencyQuota ?? 1;
  if (body.concurrencyNum !== undefined && body.concurrencyNum > 2 * quota) {
    ctx.addIssue({
      code: "custom",
      path: ["concurrencyNum"],
      input: body.concurrencyNum,
      message: `must not exceed twice concurrencyQuota (${2 * quota})`,
    });
  }
});

const withTask = { enterpriseId: vText(), callJobId: vLong() };

export const outboundOperations: Operation[] = [
  defineOperation({
    method: "POST",
    path: "/gateway/robot_list",
    readOnly: true,
    // The table names only robotStatus; enterpriseId, sent by clients as on every other call, is accepted.
    params: z.strictObject({ robotStatus: vCode([0, 1, 2]), enterpriseId: vString().optional() }),
    handle: ({ emulator, enterprise }, { robotStatus }) => ({
      result: {
        list: listScripts(emulator.state, enterprise.enterpriseId, robotStatus).map((s) => ({
          robotDefId: s.robotDefId,
          robotName: s.robotName,
          industryOneName: s.industryOneName,
          industryTwoName: s.industryTwoName,
          robotStatus: s.robotStatus,
          deployTime: s.deployTime,
        })),
      },
    }),
  }),
  defineOperation({
    method: "POST",
    path: "/gateway/scenevariables",
    readOnly: true,
    params: z.strictObject({ enterpriseId: vText(), robotDefId: vLong() }),
    handle: ({ emulator, enterprise }, { robotDefId }) => ({
      result: {
        variables: findScript(emulator.state, enterprise.enterpriseId, robotDefId).variables,
      },
    }),
  }),
  defineOperation({
    method: "POST",
    path: "/gateway/phone_list",
    readOnly: true,
    params: z.strictObject({ enterpriseId: vText(), userPhoneId: vLong().optional() }),
    handle: ({ emulator, enterprise }, { userPhoneId }) => ({
      result: {
        list: listLines(emulator.state, enterprise.enterpriseId, userPhoneId).map((l) => ({
          userPhoneId: l.userPhoneId,
          phone: l.phone,
          phoneName: l.phoneName,
          phoneType: l.phoneType,
          sceneType: l.sceneType,
        })),
      },
    }),
  }),
  defineOperation({
    method: "POST",
    path: "/gateway/add_black_info",
    readOnly: false,
    params: z.strictObject({
      enterpriseId: vText(),
      mobile: phoneNumber(),
      name: vString().optional(),
      // Typed Integer by the spec, yet a remark is text in practice: both are kept as sent.
      remark: z.union([z.string(), z.number()], { error: "expected text or an integer" })
        .optional(),
    }),
    handle: ({ emulator, enterprise }, input) => ({
      result: {
        blackListId:
          addToBlacklist(emulator.state, enterprise.enterpriseId, input, emulator.clock.now())
            .blackListId,
      },
    }),
  }),

  defineOperation({
    method: "POST",
    path: "/gateway/task_create",
    readOnly: false,
    params: TaskCreate,
    handle: ({ emulator, enterprise }, input) => ({
      result: {
        callJobId:
          createTask(emulator, dialerOf(emulator), enterprise.enterpriseId, input).callJobId,
      },
    }),
  }),
  defineOperation({
    method: "POST",
    path: "/gateway/task_execute",
    readOnly: false,
    params: z.strictObject({ ...withTask, command: vCode([1, 2, 3]) }),
    handle: ({ emulator, enterprise }, { callJobId, command }) => {
      const task = findTask(emulator, enterprise.enterpriseId, callJobId);
      return {
        code: 200,
        message: executeCommand(emulator, dialerOf(emulator), task, command as Command),
      };
    },
  }),
  defineOperation({
    method: "POST",
    path: "/gateway/task_import",
    readOnly: false,
    params: z.strictObject({
      ...withTask,
      customerInfoVOList: vJsonArrayText(z.unknown()),
      permitrepeatnum: vBool().optional(),
    }),
    handle: ({ emulator, enterprise }, { callJobId, customerInfoVOList, permitrepeatnum }) => {
      const task = findTask(emulator, enterprise.enterpriseId, callJobId);
      const rows = customerInfoVOList.map((
        row,
      ) => (row !== null && typeof row === "object" ? row : { phone: row }));
      return {
        result: importCustomers(emulator, dialerOf(emulator), task, rows, permitrepeatnum ?? false),
      };
    },
  }),
  defineOperation({
    method: "POST",
    path: "/gateway/task_list",
    readOnly: true,
    params: z.strictObject({
      enterpriseId: vText(),
      callJobStatus: vLongIn(0, 10).optional(),
      createDate: DAY.optional(),
      endDate: DAY.optional(),
      jobName: vString().optional(),
      pageNum: pageNum(),
      pageSize: vLongIn(1, 1000).optional(),
    }),
    handle: ({ emulator, enterprise }, q) => {
      const dialer = dialerOf(emulator);
      const [from, to] = dayRange(emulator, enterprise.enterpriseId, q.createDate, q.endDate);
      const tasks = emulator.state.outbound.tasks.filter((t) =>
        t.enterpriseId === enterprise.enterpriseId &&
        (q.callJobStatus === undefined || t.callJobStatus === q.callJobStatus) &&
        (q.jobName === undefined || t.jobName.includes(q.jobName)) && t.createTime >= from &&
        t.createTime < to
      ).sort((a, b) => b.callJobId - a.callJobId);
      return {
        result: page(
          tasks,
          q.pageNum,
          q.pageSize,
          (t) => taskEntry(t, dialer.runtime(t.callJobId)!.records),
        ),
      };
    },
  }),
  defineOperation({
    method: "POST",
    path: "/gateway/task",
    readOnly: true,
    params: z.strictObject(withTask),
    handle: ({ emulator, enterprise }, { callJobId }) => {
      const task = findTask(emulator, enterprise.enterpriseId, callJobId);
      return { result: taskDetail(emulator, task, dialerOf(emulator).runtime(callJobId)!.records) };
    },
  }),
  defineOperation({
    method: "POST",
    path: "/gateway/calljob_status_list",
    readOnly: true,
    params: z.strictObject({ enterpriseId: vText(), callJobIdList: vJsonArrayText(vLong()) }),
    handle: ({ emulator, enterprise }, { callJobIdList }) => ({
      result: {
        list: callJobIdList.map((id) => ({
          callJobId: id,
          status: findTask(emulator, enterprise.enterpriseId, id).callJobStatus,
        })),
      },
    }),
  }),
  defineOperation({
    method: "POST",
    path: "/gateway/call_done_list",
    readOnly: true,
    params: z.strictObject({
      ...withTask,
      startTime: callTime().optional(),
      endTime: callTime().optional(),
      finishStatus: vCode(FINISH_STATUSES).optional(),
      pageNum: pageNum(),
      pageSize: vLongIn(1, 500).optional(),
      resultQueryList: vJsonArrayText(z.strictObject({ name: vText(), value: vText() })).optional(),
    }),
    handle: ({ emulator, enterprise }, q) => {
      const task = findTask(emulator, enterprise.enterpriseId, q.callJobId);
      const script = emulator.state.outbound.scripts.find((s) => s.robotDefId === task.robotDefId);
      const zone = enterprise.timeZone;
      const from = q.startTime?.(zone) ?? -Infinity, to = q.endTime?.(zone) ?? Infinity;
      let done = dialerOf(emulator).done(task.callJobId);
      if (
        q.finishStatus !== undefined || q.startTime !== undefined || q.endTime !== undefined ||
        q.resultQueryList?.length
      ) {
        done = done.filter((r) =>
          (q.finishStatus === undefined || r.finishStatus === q.finishStatus) &&
          (r.startTime ?? 0) >= from && (r.startTime ?? 0) <= to &&
          (q.resultQueryList ?? []).every(({ name, value }) =>
            resultList(r, script).some((entry) =>
              entry.name === name && entry.value.split(",").includes(value)
            )
          )
        );
      }
      return {
        result: page(done, q.pageNum, q.pageSize, (r) => callDoneEntry(emulator, r, task, script)),
      };
    },
  }),
  defineOperation({
    method: "POST",
    path: "/gateway/call_not_start_list",
    readOnly: true,
    params: z.strictObject({
      ...withTask,
      pageNum: pageNum(),
      pageSize: vLongIn(1, 1000).optional(),
    }),
    handle: ({ emulator, enterprise }, q) => {
      const task = findTask(emulator, enterprise.enterpriseId, q.callJobId);
      const waiting = dialerOf(emulator).runtime(task.callJobId)!.records.filter((r) =>
        r.callInstanceStatus === 0
      );
      return { result: page(waiting, q.pageNum, q.pageSize, notStartedEntry) };
    },
  }),
  defineOperation({
    method: "POST",
    path: "/gateway/call_detail",
    readOnly: true,
    params: z.strictObject({ enterpriseId: vText(), callInstanceId: vLong() }),
    handle: ({ emulator, enterprise }, { callInstanceId }) => {
      const record = emulator.state.outbound.calls.find((c) =>
        c.callInstanceId === callInstanceId && c.enterpriseId === enterprise.enterpriseId
      );
      if (!record) {
        throw new ApiError(
          "ResourceNotFound",
          `No call (callInstanceId) ${callInstanceId} in enterprise ${enterprise.enterpriseId}.`,
          "callInstanceId",
        );
      }
      const task = findTask(emulator, enterprise.enterpriseId, record.callJobId);
      const script = emulator.state.outbound.scripts.find((s) => s.robotDefId === task.robotDefId);
      return { result: callDetail(emulator, record, task, script) };
    },
  }),
];
