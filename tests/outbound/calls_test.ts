import assert from "node:assert/strict";
import { Random } from "../../emulator/core/random.ts";
import { testEmulator } from "../helpers.ts";

const E = "7000001";
const MIN = 60_000;
type Ccemu = ReturnType<typeof testEmulator>;
const customer = (phone: string, name = "王小明", extra: Record<string, unknown> = {}) => ({
  phone,
  name,
  properties: { 客户姓名: name, 分期金额: 2888, ...extra },
});

async function runTask(ccemu: Ccemu, rows: unknown[], body: Record<string, unknown> = {}) {
  const created = await ccemu.signed("POST", "/gateway/task_create", {
    body: {
      enterpriseId: E,
      callJobName: "calls",
      callJobType: 2,
      robotDefId: 3001,
      userPhoneIds: "[501]",
      concurrencyNum: 2,
      concurrencyQuota: 1,
      ...body,
    },
  });
  const callJobId = created.json.result.callJobId;
  await ccemu.signed("POST", "/gateway/task_import", {
    body: { enterpriseId: E, callJobId, customerInfoVOList: JSON.stringify(rows) },
  });
  await ccemu.signed("POST", "/gateway/task_execute", {
    body: { enterpriseId: E, callJobId, command: 1 },
  });
  return callJobId as number;
}

Deno.test("call_done_list and call_detail: the spec's shapes, filters, a dialogue from the template, a recording", async () => {
  using ccemu = testEmulator();
  const callJobId = await runTask(ccemu, [
    customer("19900000000"), // answered (magic)
    customer("19900000100"), // rejected
    customer("13912345678", "李雷", { level: "vip" }), // VIP rule: answered, A level, label 额度
  ]);
  ccemu.emulator.clock.advance(10 * MIN);
  const list = await ccemu.signed("POST", "/gateway/call_done_list", {
    body: { enterpriseId: E, callJobId },
  });
  assert.equal(list.json.result.total, 3);
  const [first] = list.json.result.list;
  assert.deepEqual(Object.keys(first), [
    "callInstanceId",
    "callJobId",
    "callJobName",
    "customerTelephone",
    "customerName",
    "callInstanceStatus",
    "finishStatus",
    "finishStatusDesc",
    "duration",
    "chatRound",
    "startTime",
    "endTime",
    "luyinOssUrl",
    "resultList",
    "properties",
    "userProperties",
  ]);
  const answered = await ccemu.signed("POST", "/gateway/call_done_list", {
    body: { enterpriseId: E, callJobId, finishStatus: 0 },
  });
  assert.deepEqual(
    answered.json.result.list.map((c: { customerTelephone: string }) => c.customerTelephone).sort(),
    ["13912345678", "19900000000"],
  );
  const byResult = await ccemu.signed("POST", "/gateway/call_done_list", {
    body: {
      enterpriseId: E,
      callJobId,
      resultQueryList: JSON.stringify([{ name: "关注点", value: "额度" }]),
    },
  });
  assert.deepEqual(byResult.json.result.list.map((c: { customerName: string }) => c.customerName), [
    "李雷",
  ]);
  const later = await ccemu.signed("POST", "/gateway/call_done_list", {
    body: { enterpriseId: E, callJobId, startTime: "2026-01-05 10:00:00" },
  });
  assert.equal(later.json.result.total, 0, "all calls started at 09:00");
  const badTime = await ccemu.signed("POST", "/gateway/call_done_list", {
    body: { enterpriseId: E, callJobId, startTime: "yesterday" },
  });
  assert.match(badTime.json.error.message, /^startTime: expected epoch ms or yyyy-MM-dd HH:mm:ss/);
  const noSuchTime = await ccemu.signed("POST", "/gateway/call_done_list", {
    body: { enterpriseId: E, callJobId, endTime: "2026-13-40 25:61:00" },
  });
  assert.equal(noSuchTime.json.error.code, "InvalidParameter");
  assert.match(noSuchTime.json.error.message, /^endTime: expected epoch ms/);

  const vip = byResult.json.result.list[0];
  const detail = await ccemu.signed("POST", "/gateway/call_detail", {
    body: { enterpriseId: E, callInstanceId: String(vip.callInstanceId) },
  });
  const { phoneLogs, callInstance, taskResult } = detail.json.result;
  assert.equal(
    phoneLogs.filter((l: { speaker: string }) => l.speaker === "AI").length,
    vip.chatRound,
  );
  assert.equal(
    phoneLogs[0].content,
    "您好，请问是李雷吗？我是银行信用卡中心的智能客服。",
    "the template filled with the customer's properties",
  );
  assert.match(phoneLogs[2].content, /2888元/);
  assert.ok(
    phoneLogs.every((l: { startTime: number; endTime: number }) =>
      l.startTime >= vip.startTime && l.endTime <= vip.endTime
    ),
  );
  assert.equal(callInstance.duration, 95);
  assert.equal(callInstance.calledTimes, 1);
  assert.equal(callInstance.callerPhone, "02160001000");
  assert.deepEqual(
    taskResult.map((
      r: { resultName: string; resultValue: string },
    ) => [r.resultName, r.resultValue]),
    [["意向等级", "A级(有明确意向)"], ["关注点", "额度"]],
  );
  const wav = await ccemu.request(
    callInstance.luyinOssUrl.replace(ccemu.emulator.selfOrigin, "http://127.0.0.1:8686"),
    { headers: { host: "127.0.0.1:8686" } },
    { remoteAddr: { hostname: "127.0.0.1" } },
  );
  assert.equal(wav.headers.get("content-type"), "audio/wav");
  const bytes = new Uint8Array(await wav.arrayBuffer());
  assert.equal(new TextDecoder().decode(bytes.slice(0, 4)), "RIFF");
  assert.equal(new TextDecoder().decode(bytes.slice(8, 12)), "WAVE");
  const header = new DataView(bytes.buffer);
  const seconds = header.getUint32(40, true) / header.getUint32(28, true); // data size / byte rate
  assert.equal(seconds, callInstance.duration, "the recording lasts as long as the call");
  const missing = await ccemu.signed("POST", "/gateway/call_detail", {
    body: { enterpriseId: E, callInstanceId: "1" },
  });
  assert.equal(missing.json.error.code, "ResourceNotFound");
});

Deno.test("a call's dialogue is its script once and its recording as long as the call, however many rounds the outcome asks for", async () => {
  using ccemu = testEmulator();
  // 19900000000 is answered with the default outcome: 48 s, 6 chat rounds; script 3001 has 7
  // turns of which 4 are the AI's.
  const callJobId = await runTask(ccemu, [customer("19900000000")]);
  ccemu.emulator.clock.advance(10 * MIN);
  const list = await ccemu.signed("POST", "/gateway/call_done_list", {
    body: { enterpriseId: E, callJobId },
  });
  const [call] = list.json.result.list;
  assert.equal(call.duration, 48);
  assert.equal(call.chatRound, 4, "capped at the script's AI turns");
  const detail = await ccemu.signed("POST", "/gateway/call_detail", {
    body: { enterpriseId: E, callInstanceId: String(call.callInstanceId) },
  });
  const { phoneLogs, callInstance } = detail.json.result;
  const script = ccemu.emulator.state.outbound.scripts.find((s) => s.robotDefId === 3001)!;
  assert.deepEqual(
    phoneLogs.map((l: { speaker: string }) => l.speaker),
    script.dialogue.map((t) => t.speaker),
    "every turn once, none repeated",
  );
  assert.equal(new Set(phoneLogs.map((l: { content: string }) => l.content)).size, 7);
  assert.equal(phoneLogs.at(-1).endTime, callInstance.endTime ?? call.endTime);
  const wav = await ccemu.request(
    callInstance.luyinOssUrl.replace(ccemu.emulator.selfOrigin, "http://127.0.0.1:8686"),
    { headers: { host: "127.0.0.1:8686" } },
    { remoteAddr: { hostname: "127.0.0.1" } },
  );
  const bytes = new Uint8Array(await wav.arrayBuffer());
  assert.equal(bytes.length, 44 + 48 * 8000, "48 s of 8 kHz 8-bit audio");
});

Deno.test("hang-up SMS goes to the levels asked for, is journaled, and spends the SMS balance", async () => {
  using ccemu = testEmulator();
  await runTask(
    ccemu,
    [customer("13912345678", "李雷", { level: "vip" }), customer("19900000000")],
    {
      smsType: 1,
      smsTemplateId: 77,
      smsSendLevel: "A级(有明确意向)",
    },
  );
  ccemu.emulator.clock.advance(10 * MIN);
  const sms = ccemu.emulator.journal.list({ path: "/sms/hang-up" });
  assert.equal(sms.length, 1, "only the A-level customer gets one");
  assert.deepEqual({ ...JSON.parse(sms[0].body!.text), callInstanceId: 0, callJobId: 0 }, {
    mobile: "13912345678",
    smsTemplateId: 77,
    intention: "A级(有明确意向)",
    callInstanceId: 0,
    callJobId: 0,
  });
  assert.equal(ccemu.emulator.state.outbound.accounts[0].smsBalance, 999);
});

Deno.test("counts and buckets always agree with the call records, after a seeded random sequence of operations", async () => {
  using ccemu = testEmulator();
  const random = new Random(2024);
  const tasks: number[] = [];
  let phone = 13_500_000_000;
  for (let step = 0; step < 60; step++) {
    const roll = random.next();
    if (roll < 0.15 || tasks.length === 0) {
      const created = await ccemu.signed("POST", "/gateway/task_create", {
        body: {
          enterpriseId: E,
          callJobName: `r${step}`,
          callJobType: 2,
          robotDefId: 3002,
          userPhoneIds: "[502]",
          concurrencyNum: 2,
          concurrencyQuota: 1,
          repeatCall: true,
          repeatCallRule: '[{"interval":1,"phoneStatus":8,"times":1}]',
        },
      });
      tasks.push(created.json.result.callJobId);
    } else if (roll < 0.45) {
      const rows = Array.from(
        { length: 1 + Math.floor(random.next() * 8) },
        () => ({ phone: String(phone++) }),
      );
      await ccemu.signed("POST", "/gateway/task_import", {
        body: {
          enterpriseId: E,
          callJobId: tasks[Math.floor(random.next() * tasks.length)],
          customerInfoVOList: JSON.stringify(rows),
        },
      });
    } else if (roll < 0.7) {
      const callJobId = tasks[Math.floor(random.next() * tasks.length)];
      await ccemu.signed("POST", "/gateway/task_execute", {
        body: { enterpriseId: E, callJobId, command: 1 + Math.floor(random.next() * 3) },
      });
    } else {
      ccemu.emulator.clock.advance(Math.floor(random.next() * 3 * MIN));
    }
    for (const callJobId of tasks) {
      const { result } =
        (await ccemu.signed("POST", "/gateway/task", { body: { enterpriseId: E, callJobId } }))
          .json;
      const records = ccemu.emulator.state.outbound.calls.filter((c) => c.callJobId === callJobId);
      const done = records.filter((c) => c.callInstanceStatus === 2);
      const answered = done.filter((c) => c.finishStatus === 0);
      assert.equal(result.totalCount, records.length);
      assert.equal(result.doneCount, done.length);
      assert.equal(result.calledCount, answered.length);
      assert.equal(result.rejectedCount, done.filter((c) => c.finishStatus === 1).length);
      assert.equal(result.unavailableCount, done.filter((c) => c.finishStatus === 2).length);
      assert.equal(result.fromUnavailableCount, done.filter((c) => c.finishStatus === 3).length);
      const sum = (stat: { value: number }[]) => stat.reduce((n, s) => n + s.value, 0);
      assert.equal(sum(result.durationStat), answered.length);
      assert.equal(sum(result.chatRoundStat), answered.length);
      const list = await ccemu.signed("POST", "/gateway/call_done_list", {
        body: { enterpriseId: E, callJobId, pageSize: 500 },
      });
      assert.equal(list.json.result.total, done.length);
      if (result.callJobStatus === 2) {
        assert.equal(done.length, records.length, "completed means every number done");
      }
    }
  }
});

Deno.test("same seed, same requests: byte-identical call_done_list and call_detail", async () => {
  const run = async () => {
    using ccemu = testEmulator({ seed: 99 });
    const rows = Array.from(
      { length: 25 },
      (_, i) => customer(`1380013${String(i).padStart(4, "0")}`),
    );
    const callJobId = await runTask(ccemu, rows, {
      repeatCall: true,
      repeatCallRule: '[{"interval":2,"phoneStatus":8,"times":2}]',
    });
    ccemu.emulator.clock.advance(60 * MIN);
    const list = await ccemu.signed("POST", "/gateway/call_done_list", {
      body: { enterpriseId: E, callJobId, pageSize: 500 },
    });
    const details = [];
    for (const c of list.json.result.list) {
      details.push(
        (await ccemu.signed("POST", "/gateway/call_detail", {
          body: { enterpriseId: E, callInstanceId: c.callInstanceId },
        })).text,
      );
    }
    return [list.text, ...details].join("\n");
  };
  const first = await run();
  assert.equal(await run(), first);
  assert.ok(first.length > 5000);
});

Deno.test("a snapshot taken mid-dialing, imported elsewhere, finishes exactly as the original does", async () => {
  const rows = Array.from(
    { length: 30 },
    (_, i) => customer(`1370013${String(i).padStart(4, "0")}`),
  );
  using original = testEmulator({ seed: 5 });
  const callJobId = await runTask(original, rows, {
    repeatCall: true,
    repeatCallRule: '[{"interval":1,"phoneStatus":8,"times":1}]',
  });
  original.emulator.clock.advance(3 * MIN);
  const mid = original.emulator.state.outbound.calls;
  assert.ok(
    mid.some((c) => c.callInstanceStatus === 1) && mid.some((c) => c.callInstanceStatus === 0),
    "calls under way and numbers waiting",
  );
  const snapshot = (await original.control("GET", "/_emulator/snapshot")).text;

  using restored = testEmulator({ seed: 5 });
  assert.equal((await restored.control("POST", "/_emulator/snapshot", snapshot)).status, 200);
  for (const ccemu of [original, restored]) ccemu.emulator.clock.advance(60 * MIN);
  const results = await Promise.all(
    [original, restored].map(async (ccemu) =>
      (await ccemu.signed("POST", "/gateway/call_done_list", {
        body: { enterpriseId: E, callJobId, pageSize: 500 },
      })).json.result
    ),
  );
  assert.equal(results[0].total, 30);
  assert.deepEqual(results[1].list.map((c: { requestId?: string }) => c), results[0].list);
});

/** Spec 2.6's table: each code's text in the call-done list and in the call detail. */
const SPEC_2_6: [code: number, list: string, detail: string][] = [
  [0, "已接听", "已接听"],
  [1, "拒接", "拒接"],
  [3, "主叫号码不可用", "外呼失败"], // caller number unavailable / outbound call failed
  [6, "占线", "占线"],
  [13, "线路盲区", "线路盲区"], // result only; the detail does not list it: the list's text
  [22, "线路拦截", "线路盲区"], // line interception / line blind zone
  [23, "外呼拦截", "外呼拦截"], // the list does not list it: the detail's text
  [25, "无可用线路", "无可用线路"],
];

Deno.test("finishStatusDesc follows each view's column of spec 2.6; the list filters by its codes only", async () => {
  using ccemu = testEmulator();
  const phone = (code: number) => `1990000${String(code).padStart(2, "0")}00`;
  const callJobId = await runTask(ccemu, SPEC_2_6.map(([code]) => customer(phone(code))));
  ccemu.emulator.clock.advance(30 * MIN);
  const list = await ccemu.signed("POST", "/gateway/call_done_list", {
    body: { enterpriseId: E, callJobId, pageSize: 50 },
  });
  type Done = {
    customerTelephone: string;
    finishStatus: number;
    finishStatusDesc: string;
    callInstanceId: number;
  };
  const done = new Map<string, Done>(
    list.json.result.list.map((c: Done) => [c.customerTelephone, c]),
  );
  for (const [code, listText, detailText] of SPEC_2_6) {
    const call = done.get(phone(code))!;
    assert.equal(call.finishStatus, code);
    assert.equal(call.finishStatusDesc, listText, `list, code ${code}`);
    const detail = await ccemu.signed("POST", "/gateway/call_detail", {
      body: { enterpriseId: E, callInstanceId: call.callInstanceId },
    });
    assert.equal(
      detail.json.result.callInstance.finishStatusDesc,
      detailText,
      `detail, code ${code}`,
    );
  }
  for (const code of [0, 1, 12, 22, 25]) {
    const filtered = await ccemu.signed("POST", "/gateway/call_done_list", {
      body: { enterpriseId: E, callJobId, finishStatus: code },
    });
    assert.equal(filtered.status, 200, `filter ${code}`);
  }
  for (const code of [13, 23]) {
    const refused = await ccemu.signed("POST", "/gateway/call_done_list", {
      body: { enterpriseId: E, callJobId, finishStatus: code },
    });
    assert.equal(refused.status, 400);
    assert.equal(refused.json.error.code, "InvalidParameter");
    assert.match(
      refused.json.error.message,
      /finishStatus.*0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 22, 25/,
    );
  }
});
