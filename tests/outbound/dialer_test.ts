import assert from "node:assert/strict";
import { testEmulator } from "../helpers.ts";

const E = "7000001";
const MONDAY_0900 = Date.parse("2026-01-05T01:00:00Z"); // the manual clock's start, Shanghai time
const MIN = 60_000;
const customer = (phone: string, extra: Record<string, unknown> = {}) => ({
  phone,
  name: "客户",
  properties: { 客户姓名: "客户", 分期金额: 100, ...extra },
});

type Ccemu = ReturnType<typeof testEmulator>;

async function newTask(ccemu: Ccemu, body: Record<string, unknown>, phones: (string | object)[]) {
  const created = await ccemu.signed("POST", "/gateway/task_create", {
    body: {
      enterpriseId: E,
      callJobName: "t",
      callJobType: 2,
      robotDefId: 3001,
      userPhoneIds: "[501]",
      ...body,
    },
  });
  assert.equal(created.status, 200, created.text);
  const callJobId = created.json.result.callJobId;
  const rows = phones.map((p) => (typeof p === "string" ? customer(p) : p));
  if (rows.length) {
    const imported = await ccemu.signed("POST", "/gateway/task_import", {
      body: { enterpriseId: E, callJobId, customerInfoVOList: JSON.stringify(rows) },
    });
    assert.equal(imported.json.result.successNum, rows.length, imported.text);
  }
  return callJobId as number;
}

const command = (ccemu: Ccemu, callJobId: number, c: number) =>
  ccemu.signed("POST", "/gateway/task_execute", {
    body: { enterpriseId: E, callJobId: String(callJobId), command: String(c) },
  });
const status = async (ccemu: Ccemu, callJobId: number) =>
  (await ccemu.signed("POST", "/gateway/task", { body: { enterpriseId: E, callJobId } })).json
    .result.callJobStatus;
const calls = (ccemu: Ccemu, callJobId: number) =>
  ccemu.emulator.state.outbound.calls.filter((c) => c.callJobId === callJobId);

Deno.test("calls start only inside working windows; the task moves runnable <-> in progress", async () => {
  using ccemu = testEmulator({ clockStart: MONDAY_0900 - 2 * MIN }); // 08:58
  const window = '[{"weeks":[1],"timeRanges":[{"startTime":"09:00","endTime":"09:10"}]}]';
  const phones = Array.from({ length: 30 }, (_, i) => `135000000${String(i).padStart(2, "0")}`);
  const callJobId = await newTask(
    ccemu,
    { workingTimeRuleList: window, concurrencyNum: 1 },
    phones,
  );
  await command(ccemu, callJobId, 1);
  assert.equal(await status(ccemu, callJobId), 3, "08:58: runnable, waiting for the window");
  ccemu.emulator.clock.advance(MIN);
  assert.equal(
    calls(ccemu, callJobId).filter((c) => c.startTime !== null).length,
    0,
    "no call before 09:00",
  );
  ccemu.emulator.clock.advance(MIN);
  assert.equal(await status(ccemu, callJobId), 1, "09:00: in progress");
  ccemu.emulator.clock.advance(20 * MIN);
  assert.equal(await status(ccemu, callJobId), 3, "09:20: back to runnable");
  const started = calls(ccemu, callJobId).filter((c) => c.startTime !== null);
  assert.ok(started.length > 0 && started.length < 30);
  for (const c of started) {
    assert.ok(
      c.startTime! >= MONDAY_0900 && c.startTime! < MONDAY_0900 + 10 * MIN,
      `call started at ${new Date(c.startTime!).toISOString()}`,
    );
  }
  ccemu.emulator.clock.advance(7 * 24 * 60 * MIN);
  assert.ok(
    calls(ccemu, callJobId).filter((c) => c.startTime !== null).length > started.length,
    "next Monday it goes on",
  );
});

Deno.test("never more than concurrencyNum calls at once; every number ends; the task completes", async () => {
  using ccemu = testEmulator();
  const phones = Array.from({ length: 40 }, (_, i) => `136000000${String(i).padStart(2, "0")}`);
  const callJobId = await newTask(ccemu, { concurrencyQuota: 2, concurrencyNum: 3 }, phones);
  await command(ccemu, callJobId, 1);
  let peak = 0;
  for (let i = 0; i < 400 && (await status(ccemu, callJobId)) !== 2; i++) {
    peak = Math.max(peak, calls(ccemu, callJobId).filter((c) => c.callInstanceStatus === 1).length);
    ccemu.emulator.clock.advance(5_000);
  }
  assert.equal(await status(ccemu, callJobId), 2);
  assert.equal(peak, 3);
  const records = calls(ccemu, callJobId);
  assert.ok(records.every((c) => c.callInstanceStatus === 2 && c.finishStatus !== null));
  // No instant had more than three calls: check every start against the intervals.
  for (const c of records) {
    const overlapping = records.filter((o) =>
      o.startTime! <= c.startTime! && o.endTime! > c.startTime!
    );
    assert.ok(overlapping.length <= 3);
  }
});

Deno.test("redial by repeatCallRule: status 3 while waiting, at the interval, as many times as allowed", async () => {
  using ccemu = testEmulator();
  const rule = '[{"interval":5,"phoneStatus":6,"times":2}]';
  // 1991…: busy, busy, then answered (fixture rule).
  const callJobId = await newTask(ccemu, { repeatCall: true, repeatCallRule: rule }, [
    "19910000001",
  ]);
  await command(ccemu, callJobId, 1);
  ccemu.emulator.clock.advance(10_000); // busy rings 3 s
  const [record] = calls(ccemu, callJobId);
  assert.equal(record.callInstanceStatus, 3);
  assert.equal(record.finishStatus, 6);
  assert.equal(record.nextAttemptAt, record.endTime! + 5 * MIN);
  const firstEnd = record.endTime!;
  ccemu.emulator.clock.advanceTo(record.nextAttemptAt! + 5_000); // the redial rings 3 s, busy again
  assert.equal(record.callInstanceStatus, 3, "busy again, waiting again");
  assert.equal(record.calledTimes, 2);
  assert.equal(record.startTime, firstEnd + 5 * MIN, "redialled exactly at the interval");
  ccemu.emulator.clock.advance(10 * MIN);
  assert.equal(record.callInstanceStatus, 2);
  assert.equal(record.finishStatus, 0, "answered on the second redial");
  assert.equal(record.calledTimes, 3);
  assert.equal(await status(ccemu, callJobId), 2);
});

Deno.test("a blacklisted number ends as 11 at once, without a line", async () => {
  using ccemu = testEmulator();
  await ccemu.signed("POST", "/gateway/add_black_info", {
    body: { enterpriseId: E, mobile: "13700000000" },
  });
  const callJobId = await newTask(ccemu, {}, ["13700000000"]);
  await command(ccemu, callJobId, 1);
  const [record] = calls(ccemu, callJobId);
  assert.equal(record.finishStatus, 11);
  assert.equal(record.callerPhone, null);
  assert.equal(record.duration, 0);
  assert.equal(record.startTime, record.endTime);
  assert.equal(await status(ccemu, callJobId), 2);
});

Deno.test("a scheduled task starts by itself on its start date, then dials in its window", async () => {
  using ccemu = testEmulator();
  const callJobId = await newTask(ccemu, { callJobType: 1, startDate: "2026-01-07" }, [
    "13600000001",
  ]);
  assert.equal(await status(ccemu, callJobId), 0);
  ccemu.emulator.clock.advanceTo(Date.parse("2026-01-06T15:59:00Z")); // Jan 6, 23:59 Shanghai
  assert.equal(await status(ccemu, callJobId), 0);
  ccemu.emulator.clock.advanceTo(Date.parse("2026-01-06T16:00:00Z")); // Jan 7, 00:00
  assert.equal(
    await status(ccemu, callJobId),
    3,
    "started, outside the default 09:00-21:00 window",
  );
  ccemu.emulator.clock.advanceTo(Date.parse("2026-01-07T01:00:00Z"));
  assert.equal(calls(ccemu, callJobId)[0].startTime, Date.parse("2026-01-07T01:00:00Z"));
});

Deno.test("system states from account conditions, and back when they clear", async () => {
  using ccemu = testEmulator();
  const many = (prefix: string) =>
    Array.from({ length: 20 }, (_, i) => `${prefix}${String(i).padStart(3, "0")}`);
  const first = await newTask(ccemu, { concurrencyQuota: 1 }, many("13600000"));
  const second = await newTask(
    ccemu,
    { concurrencyQuota: 1, userPhoneIds: "[502]" },
    many("13700000"),
  );
  const patch = (path: string, body: unknown) => ccemu.control("PATCH", path, body);
  await patch(`/_emulator/outbound/accounts/${E}`, { aiSeats: 1 });
  await command(ccemu, first, 1);
  await command(ccemu, second, 1);
  assert.equal(await status(ccemu, first), 1);
  assert.equal(await status(ccemu, second), 7, "queued: the only seat is taken");
  await patch(`/_emulator/outbound/accounts/${E}`, { aiSeats: 2 });
  assert.equal(await status(ccemu, second), 1, "a seat freed: in progress");

  await patch("/_emulator/outbound/lines/501", { enabled: false });
  assert.equal(await status(ccemu, first), 5, "its only line disabled: system-paused");
  await patch("/_emulator/outbound/lines/501", { enabled: true, lineAmount: 0 });
  assert.equal(await status(ccemu, first), 9, "line in arrears");
  await patch("/_emulator/outbound/lines/501", { lineAmount: 100 });
  assert.equal(await status(ccemu, first), 1);
  await patch(`/_emulator/outbound/accounts/${E}`, { aiExpiresAt: "2026-01-01T00:00:00Z" });
  assert.equal(await status(ccemu, first), 8, "AI expired");
  await patch(`/_emulator/outbound/accounts/${E}`, { aiExpiresAt: null });
  assert.equal(await status(ccemu, first), 1);

  const sms = await newTask(ccemu, { smsType: 1, userPhoneIds: "[503]" }, many("13800000"));
  await patch(`/_emulator/outbound/accounts/${E}`, { aiSeats: 3, smsBalance: 0 });
  await command(ccemu, sms, 1);
  assert.equal(await status(ccemu, sms), 10, "SMS in arrears");
  assert.equal((await command(ccemu, sms, 2)).json.code, 200, "a system state can be paused");
  assert.equal(await status(ccemu, sms), 4);
  const bad = await patch(`/_emulator/outbound/accounts/${E}`, { aiSeats: -1 });
  assert.equal(bad.json.error.code, "InvalidParameter");
});

Deno.test("terminate keeps undialed numbers not started; imports reopen a completed task, not a terminated one", async () => {
  using ccemu = testEmulator();
  const phones = Array.from({ length: 10 }, (_, i) => `136000000${String(i).padStart(2, "0")}`);
  const callJobId = await newTask(ccemu, { concurrencyNum: 1 }, phones);
  await command(ccemu, callJobId, 1);
  ccemu.emulator.clock.advance(30_000);
  await command(ccemu, callJobId, 3);
  ccemu.emulator.clock.advance(60 * MIN);
  const notStarted = await ccemu.signed("POST", "/gateway/call_not_start_list", {
    body: { enterpriseId: E, callJobId },
  });
  assert.ok(notStarted.json.result.total >= 8, `not started: ${notStarted.json.result.total}`);
  const refused = await ccemu.signed("POST", "/gateway/task_import", {
    body: {
      enterpriseId: E,
      callJobId,
      customerInfoVOList: JSON.stringify([customer("13911111111")]),
    },
  });
  assert.match(refused.json.error.message, /terminated/);

  const other = await newTask(ccemu, {}, ["13600000001"]);
  await command(ccemu, other, 1);
  ccemu.emulator.clock.advance(10 * MIN);
  assert.equal(await status(ccemu, other), 2);
  await ccemu.signed("POST", "/gateway/task_import", {
    body: {
      enterpriseId: E,
      callJobId: other,
      customerInfoVOList: JSON.stringify([customer("13600000002")]),
    },
  });
  assert.equal(await status(ccemu, other), 1, "a new number reopens a completed task");
  ccemu.emulator.clock.advance(10 * MIN);
  assert.equal(await status(ccemu, other), 2);
});
