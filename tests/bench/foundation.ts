/**
 * The foundation's performance targets (issue 2), measured on this machine.
 *   1. signed POST round trips per second through ccemu vs a bare Deno.serve endpoint (target >= 50%)
 *   2. process start to the ready line, Deno cache warm (target < 500 ms)
 *   3. startEmulator() in-process to the first response (target < 50 ms)
 * Servers run as child processes so that client and server do not share one event loop.
 */
import { startEmulator } from "../../harness/mod.ts";
import { SignedClient } from "../../harness/client.ts";
import {
  fixed as fmt,
  MAIN,
  median,
  percentile,
  type Row,
  SECONDS,
  spawnCcemu,
  spawnServer,
} from "./kit.ts";

const CONCURRENCY = 32;
const ROUNDS = 3;
const BARE = new URL("./bare-server.ts", import.meta.url).pathname;

/** POSTs the same request from CONCURRENCY loops for SECONDS; returns requests/s and latencies. */
async function load(url: string, body: string) {
  const latencies: number[] = [];
  let errors = 0;
  const deadline = performance.now() + SECONDS * 1000;
  const worker = async () => {
    while (performance.now() < deadline) {
      const t = performance.now();
      const response = await fetch(url, {
        method: "POST",
        headers: { "content-type": "application/json; charset=UTF-8" },
        body,
      });
      if (response.status !== 200) errors++;
      await response.arrayBuffer();
      latencies.push(performance.now() - t);
    }
  };
  const start = performance.now();
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  const elapsed = (performance.now() - start) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    rps: latencies.length / elapsed,
    p50: percentile(latencies, 0.5),
    p99: percentile(latencies, 0.99),
    errors,
  };
}

export async function benchFoundation(): Promise<Row[]> {
  const rows: Row[] = [];
  // 1. Throughput.
  {
    const bare = await spawnServer(BARE);
    const ccemu = await spawnCcemu();
    try {
      const body = JSON.stringify({ robotStatus: 1 });
      const clock = await (await fetch(`${ccemu.url}/_emulator/clock`)).json();
      const client = new SignedClient({ url: ccemu.url, now: () => clock.now, expires: 86400 });
      // One signed URL, reused: the server's verification is what is measured, not the client's signing.
      const signed = client.signedUrl("POST", "/gateway/robot_list");
      await load(`${bare.url}/`, body); // a warm-up pass of each, then alternating measured rounds,
      await load(signed, body); // so that a passing load on the machine hits both sides alike
      const bares: Awaited<ReturnType<typeof load>>[] = [], ccemus: typeof bares = [];
      for (let round = 0; round < ROUNDS; round++) {
        bares.push(await load(`${bare.url}/`, body));
        ccemus.push(await load(signed, body));
      }
      const errors = [...bares, ...ccemus].reduce((n, r) => n + r.errors, 0);
      if (errors) throw new Error(`${errors} requests failed`);
      const ratios = bares.map((b, i) => ccemus[i].rps / b.rps);
      const ratio = median(ratios);
      const summary = (results: typeof bares) =>
        `${fmt(median(results.map((r) => r.rps)), 0)} req/s`;
      const latency = (results: typeof bares) =>
        `p50 ${fmt(median(results.map((r) => r.p50)), 2)} ms, p99 ${
          fmt(median(results.map((r) => r.p99)), 2)
        } ms (medians of ${ROUNDS} rounds)`;
      rows.push(["bare Deno.serve JSON POST", summary(bares), latency(bares)]);
      rows.push(["ccemu signed POST /gateway/robot_list", summary(ccemus), latency(ccemus)]);
      rows.push([
        "ccemu / bare (median of rounds)",
        `${fmt(ratio * 100)} %`,
        `rounds ${ratios.map((r) => fmt(r * 100)).join(", ")} %; target >= 50 %: ${
          ratio >= 0.5 ? "met" : "MISSED"
        }`,
      ]);
    } finally {
      await bare.stop();
      await ccemu.stop();
    }
  }

  // 2. Process start to the ready line (the first run warms the cache and is not counted).
  {
    const times: number[] = [];
    for (let i = 0; i < 6; i++) {
      const server = await spawnServer(MAIN, ["--port", "0", "--clock", "manual"]);
      if (i > 0) times.push(server.readyMs);
      await server.stop();
    }
    const m = median(times);
    rows.push([
      "process start -> ready line (median of 5)",
      `${fmt(m)} ms`,
      `target < 500 ms: ${m < 500 ? "met" : "MISSED"}`,
    ]);
  }

  // 3. startEmulator() in-process to the first response.
  {
    const times: number[] = [];
    for (let i = 0; i < 6; i++) {
      const t = performance.now();
      await using ccemu = await startEmulator();
      const response = await ccemu.client().post("/gateway/robot_list", { robotStatus: 1 });
      if (response.status !== 200) throw new Error(`first response ${response.status}`);
      if (i > 0) times.push(performance.now() - t);
    }
    const m = median(times);
    rows.push([
      "startEmulator() -> first response (median of 5)",
      `${fmt(m)} ms`,
      `target < 50 ms: ${m < 50 ? "met" : "MISSED"}`,
    ]);
  }
  return rows;
}
