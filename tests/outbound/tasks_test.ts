import assert from "node:assert/strict";
import { testEmulator } from "../helpers.ts";

const E = "7000001";
const TASK = {
  enterpriseId: E,
  callJobName: "回访",
  callJobType: 2,
  robotDefId: 3001,
  userPhoneIds: "[501]",
};
const customer = (phone: string, name = "张三") => ({
  phone,
  name,
  properties: { 客户姓名: name, 分期金额: 3000 },
});

Deno.test("task_create: the task is created not started; every body rule is checked", async (t) => {
  using ccemu = testEmulator();
  const ok = await ccemu.signed("POST", "/gateway/task_create", { body: TASK });
  assert.equal(ok.status, 200, ok.text);
  assert.equal(typeof ok.json.result.callJobId, "number");
  const cases: [string, Record<string, unknown>, string, RegExp][] = [
    ["missing name", { callJobName: undefined }, "MissingParameter", /^callJobName is required/],
    ["unknown type", { callJobType: 3 }, "InvalidParameter", /^callJobType: must be one of 1, 2/],
    [
      "scheduled without startDate",
      { callJobType: 1 },
      "MissingParameter",
      /^startDate is required/,
    ],
    [
      "startDate not a day",
      { callJobType: 1, startDate: "2026-02-30" },
      "InvalidParameter",
      /^startDate: is not a real date/,
    ],
    [
      "concurrency over twice the seats",
      { concurrencyQuota: 2, concurrencyNum: 5 },
      "InvalidParameter",
      /^concurrencyNum: must not exceed twice concurrencyQuota \(4\)/,
    ],
    [
      "userPhoneIds not JSON text",
      { userPhoneIds: "501" },
      "InvalidParameter",
      /^userPhoneIds: expected JSON-array text/,
    ],
    [
      "userPhoneIds empty",
      { userPhoneIds: "[]" },
      "InvalidParameter",
      /^userPhoneIds: must name at least one line/,
    ],
    [
      "redial interval over 120",
      { repeatCall: true, repeatCallRule: '[{"interval":121,"phoneStatus":6,"times":1}]' },
      "InvalidParameter",
      /^repeatCallRule\[0\]\.interval: must be at most 120/,
    ],
    [
      "redial times over 5",
      { repeatCall: true, repeatCallRule: '[{"interval":5,"phoneStatus":6,"times":6}]' },
      "InvalidParameter",
      /^repeatCallRule\[0\]\.times: must be at most 5/,
    ],
    [
      "redial without rules",
      { repeatCall: true },
      "MissingParameter",
      /^repeatCallRule is required when repeatCall is true/,
    ],
    [
      "a bad working window",
      {
        workingTimeRuleList:
          '[{"weeks":[1],"timeRanges":[{"startTime":"9:00","endTime":"12:00"}]}]',
      },
      "InvalidParameter",
      /^workingTimeRuleList\[0\]\.timeRanges\[0\]\.startTime: must be HH:mm/,
    ],
    [
      "an SMS level not in the list",
      { smsSendLevel: "Z级" },
      "InvalidParameter",
      /^smsSendLevel: must be one of/,
    ],
    ["unknown script", { robotDefId: 9999 }, "ResourceNotFound", /9999/],
    [
      "unknown line",
      { userPhoneIds: "[501, 777]" },
      "ResourceNotFound",
      /^userPhoneIds\[1\]: no line 777/,
    ],
    [
      "two ids with a trunk line",
      { userPhoneIds: "[501, 503]" },
      "InvalidParameter",
      /a line or a landline takes only one ID/,
    ],
    [
      "another tenant",
      { enterpriseId: "7000002" },
      "UnauthorizedOperation",
      /enterpriseId 7000002/,
    ],
    ["unknown field", { colour: "red" }, "UnknownParameter", /^colour/],
  ];
  for (const [name, change, code, message] of cases) {
    await t.step(name, async () => {
      const before = ccemu.stateText();
      const res = await ccemu.signed("POST", "/gateway/task_create", {
        body: { ...TASK, ...change },
      });
      assert.equal(res.json.error?.code, code, res.text);
      assert.match(res.json.error.message, message);
      assert.equal(ccemu.stateText(), before, "nothing created");
    });
  }
});

Deno.test("task_execute: commands through HTTP; refused ones name the state; top-level code and message", async () => {
  using ccemu = testEmulator();
  const { json } = await ccemu.signed("POST", "/gateway/task_create", { body: TASK });
  const callJobId = String(json.result.callJobId);
  const run = (command: string) =>
    ccemu.signed("POST", "/gateway/task_execute", {
      body: { enterpriseId: E, callJobId, command },
    });
  const paused = await run("2");
  assert.equal(paused.json.error.code, "InvalidParameter");
  assert.match(paused.json.error.message, /not started \(0\) and cannot be paused/);
  const started = await run("1");
  assert.deepEqual(Object.keys(started.json), ["requestId", "code", "message"]);
  assert.equal(started.json.code, 200);
  assert.equal((await run("2")).json.code, 200);
  assert.equal((await run("1")).json.code, 200, "a user-paused task starts again");
  assert.equal((await run("3")).json.code, 200);
  assert.match((await run("1")).json.error.message, /terminated \(6\) and cannot be started/);
  assert.equal((await run("4")).json.error.code, "InvalidParameter");
  const unknown = await ccemu.signed("POST", "/gateway/task_execute", {
    body: { enterpriseId: E, callJobId: "1", command: "1" },
  });
  assert.equal(unknown.json.error.code, "ResourceNotFound");
});

Deno.test("task_import: rows checked one by one, duplicates counted, repeats allowed on request", async () => {
  using ccemu = testEmulator();
  const { json } = await ccemu.signed("POST", "/gateway/task_create", { body: TASK });
  const callJobId = json.result.callJobId;
  const rows = [customer("13800000001"), customer("13800000001"), { phone: "12ab" }, {
    phone: "13800000002",
    properties: { 客户姓名: "x" },
  }, { name: "no phone" }];
  const res = await ccemu.signed("POST", "/gateway/task_import", {
    body: { enterpriseId: E, callJobId, customerInfoVOList: JSON.stringify(rows) },
  });
  assert.deepEqual({
    ...res.json.result,
    placeFailDetail: JSON.parse(res.json.result.placeFailDetail),
  }, {
    total: 5,
    successNum: 1,
    placeFailNum: 3,
    repeatNum: 1,
    placeFailDetail: [
      { row: 2, phone: "12ab", reason: "phone is missing or not a phone number" },
      { row: 3, phone: "13800000002", reason: "properties lack the script variables 分期金额" },
      { row: 4, phone: "", reason: "phone is missing or not a phone number" },
    ],
  });
  const again = await ccemu.signed("POST", "/gateway/task_import", {
    body: {
      enterpriseId: E,
      callJobId,
      customerInfoVOList: JSON.stringify([customer("13800000001")]),
      permitrepeatnum: true,
    },
  });
  assert.equal(again.json.result.successNum, 1);
  const bad = await ccemu.signed("POST", "/gateway/task_import", {
    body: { enterpriseId: E, callJobId, customerInfoVOList: "[{" },
  });
  assert.match(bad.json.error.message, /^customerInfoVOList: expected JSON-array text/);
  const notStarted = await ccemu.signed("POST", "/gateway/call_not_start_list", {
    body: { enterpriseId: E, callJobId },
  });
  assert.equal(notStarted.json.result.total, 2);
  assert.deepEqual(Object.keys(notStarted.json.result.list[0]), [
    "callInstanceId",
    "customerName",
    "customerTelephone",
    "properties",
    "userProperties",
  ]);
});

Deno.test("task_list, task and calljob_status_list: shapes, filters, paging", async () => {
  using ccemu = testEmulator();
  for (const name of ["alpha", "beta", "gamma"]) {
    await ccemu.signed("POST", "/gateway/task_create", { body: { ...TASK, callJobName: name } });
  }
  const list = await ccemu.signed("POST", "/gateway/task_list", {
    body: { enterpriseId: E, pageNum: 1, pageSize: 2 },
  });
  assert.deepEqual({ ...list.json.result, list: list.json.result.list.length }, {
    pageNum: 1,
    total: 3,
    pages: 2,
    list: 2,
  });
  const entry = list.json.result.list[0];
  assert.deepEqual(Object.keys(entry), [
    "callJobId",
    "jobName",
    "jobType",
    "startDate",
    "callJobStatus",
    "callJobStatusDesc",
    "remark",
    "totalCount",
    "doneCount",
    "calledCount",
    "rejectedCount",
    "unavailableCount",
    "fromUnavailableCount",
    "workingStartTime",
    "workingEndTime",
  ]);
  assert.equal(entry.startDate, null, "a manual task has no startDate before it starts");
  const byName = await ccemu.signed("POST", "/gateway/task_list", {
    body: { enterpriseId: E, jobName: "et" },
  });
  assert.deepEqual(byName.json.result.list.map((t: { jobName: string }) => t.jobName), ["beta"]);
  const byDay = await ccemu.signed("POST", "/gateway/task_list", {
    body: { enterpriseId: E, createDate: "2026-01-06", endDate: "2026-01-07" },
  });
  assert.equal(byDay.json.result.total, 0);
  const detail = await ccemu.signed("POST", "/gateway/task", {
    body: { enterpriseId: E, callJobId: String(entry.callJobId) },
  });
  for (
    const key of [
      "robotDefName",
      "durationStat",
      "chatRoundStat",
      "resultDefs",
      "callPhones",
      "workingTimeRuleList",
      "seatNum",
      "phoneNum",
      "repeatCallRule",
      "userPhoneIds",
    ]
  ) {
    assert.ok(key in detail.json.result, key);
  }
  const ids = list.json.result.list.map((t: { callJobId: number }) => t.callJobId);
  const statuses = await ccemu.signed("POST", "/gateway/calljob_status_list", {
    body: { enterpriseId: E, callJobIdList: JSON.stringify(ids) },
  });
  assert.deepEqual(
    statuses.json.result.list,
    ids.map((id: number) => ({ callJobId: id, status: 0 })),
  );
  const big = await ccemu.signed("POST", "/gateway/call_done_list", {
    body: { enterpriseId: E, callJobId: ids[0], pageSize: 501 },
  });
  assert.match(big.json.error.message, /^pageSize: must be at most 500/);
});
