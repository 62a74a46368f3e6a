/**
 * The outbound targets (issue 4), in process (the work measured is ccemu's, not the network's):
 *   1. one task_import of 100,000 customers: < 2 s and < 400 MB resident;
 *   2. advancing the clock until a 100,000-number task at concurrency 100 completes: < 5 s;
 *   3. call_done_list pages of 500 over 100,000 records: p50 < 20 ms.
 */
import { internals } from "../../harness/internals.ts";
import { startEmulator } from "../../harness/mod.ts";
import { fixed, percentile, type Row, verdict } from "./kit.ts";

const N = 100_000;
const E = "7000001";
const mb = (bytes: number) => bytes / 1024 / 1024;

export async function benchOutbound(): Promise<Row[]> {
  const rows: Row[] = [];
  await using ccemu = await startEmulator({ journalSize: 100 });
  const api = ccemu.client({ expires: 86400 });
  // Seats and lines enough for concurrency 100, a window that never closes.
  await fetch(`${ccemu.url}/_emulator/outbound/accounts/${E}`, {
    method: "PATCH",
    body: JSON.stringify({ aiSeats: 100 }),
  }).then((r) => r.body?.cancel());
  const created = await api.post("/gateway/task_create", {
    enterpriseId: E,
    callJobName: "bench",
    callJobType: 2,
    robotDefId: 3002,
    userPhoneIds: "[503]",
    concurrencyQuota: 50,
    concurrencyNum: 100,
    workingTimeRuleList: JSON.stringify([{
      weeks: [1, 2, 3, 4, 5, 6, 7],
      timeRanges: [{ startTime: "00:00", endTime: "24:00" }],
    }]),
  });
  const callJobId = (created.body.result as { callJobId: number }).callJobId;
  internals(ccemu).emulator.state.outbound.lines.find((l) => l.userPhoneId === 503)!.lineAmount =
    1e9;

  // 1. Import.
  const customers = JSON.stringify(
    Array.from({ length: N }, (_, i) => ({ phone: String(13_000_000_000 + i), name: `客户${i}` })),
  );
  const rssBefore = Deno.memoryUsage().rss;
  let t = performance.now();
  const imported = await api.post("/gateway/task_import", {
    enterpriseId: E,
    callJobId,
    customerInfoVOList: customers,
  });
  const importMs = performance.now() - t;
  const rss = Deno.memoryUsage().rss;
  const ok = (imported.body.result as { successNum: number }).successNum === N;
  rows.push([
    `task_import of ${N.toLocaleString("en")} customers`,
    `${fixed(importMs, 0)} ms`,
    `${ok ? "all imported" : "IMPORT FAILED"}; resident ${fixed(mb(rss), 0)} MB (+${
      fixed(mb(rss - rssBefore), 0)
    } MB); ${verdict(importMs < 2000 && mb(rss) < 400, "< 2 s, < 400 MB")}`,
  ]);

  // 2. Dialing it to the end.
  await api.post("/gateway/task_execute", { enterpriseId: E, callJobId, command: 1 });
  t = performance.now();
  let advances = 0;
  for (; advances < 10_000; advances++) {
    ccemu.clock.advance(3_600_000);
    if (
      internals(ccemu).emulator.state.outbound.tasks.find((task) => task.callJobId === callJobId)!
        .callJobStatus === 2
    ) break;
  }
  const dialMs = performance.now() - t;
  const done =
    internals(ccemu).emulator.state.outbound.calls.filter((c) =>
      c.callJobId === callJobId && c.callInstanceStatus === 2
    ).length;
  rows.push([
    `${N.toLocaleString("en")} numbers at concurrency 100, clock advanced to completion`,
    `${fixed(dialMs, 0)} ms`,
    `${done} calls done in ${advances + 1} advances of 1 h virtual time; ${
      verdict(dialMs < 5000 && done === N, "< 5 s")
    }`,
  ]);

  // 3. Paging through the done list.
  const pages: number[] = [];
  for (let pageNum = 1; pageNum <= N / 500; pageNum++) {
    const start = performance.now();
    const res = await api.post("/gateway/call_done_list", {
      enterpriseId: E,
      callJobId,
      pageNum,
      pageSize: 500,
    });
    pages.push(performance.now() - start);
    if (res.status !== 200) throw new Error(JSON.stringify(res.body));
  }
  pages.sort((a, b) => a - b);
  const p50 = percentile(pages, 0.5);
  rows.push([
    `call_done_list, ${pages.length} pages of 500 over ${N.toLocaleString("en")} records`,
    `p50 ${fixed(p50, 2)} ms`,
    `p99 ${fixed(percentile(pages, 0.99), 2)} ms (signed HTTP round trip included); ${
      verdict(p50 < 20, "p50 < 20 ms")
    }`,
  ]);
  return rows;
}
