/**
 * The foundation's performance targets (issue 2), measured on this machine.
 *   1. signed POST round trips per second through ccemu vs a bare Deno.serve endpoint (target >= 50%)
 *   2. process start to the ready line, Deno cache warm (target < 500 ms)
 *   3. startEmulator() in-process to the first response (target < 50 ms)
 * Servers run as child processes so that client and server do not share one event loop.
 */
import { startEmulator } from "../../harness/mod.ts";
import { SignedClient } from "../../harness/client.ts";
import { fixed as fmt, MAIN, median, percentile, type Row, SECONDS, spawnServer } from "./kit.ts";

const CONCURRENCY = 32;
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
    const ccemu = await spawnServer(MAIN, [
      "--port",
      "0",
      "--clock",
      "manual",
      "--seed",
      "1",
      "--no-ui",
    ]);
    try {
      const body = JSON.stringify({ robotStatus: 1 });
      await load(`${bare.url}/`, body); // warm-up pass of each, then the measured ones
      const bareResult = await load(`${bare.url}/`, body);
      const clock = await (await fetch(`${ccemu.url}/_emulator/clock`)).json();
      const client = new SignedClient({ url: ccemu.url, now: () => clock.now, expires: 86400 });
      // One signed URL, reused: the server's verification is what is measured, not the client's signing.
      const signed = client.signedUrl("POST", "/gateway/robot_list");
      await load(signed, body);
      const ccemuResult = await load(signed, body);
      if (ccemuResult.errors || bareResult.errors) {
        throw new Error(`errors: ccemu ${ccemuResult.errors}, bare ${bareResult.errors}`);
      }
      const ratio = ccemuResult.rps / bareResult.rps;
      rows.push([
        "bare Deno.serve JSON POST",
        `${fmt(bareResult.rps, 0)} req/s`,
        `p50 ${fmt(bareResult.p50, 2)} ms, p99 ${fmt(bareResult.p99, 2)} ms`,
      ]);
      rows.push([
        "ccemu signed POST /gateway/robot_list",
        `${fmt(ccemuResult.rps, 0)} req/s`,
        `p50 ${fmt(ccemuResult.p50, 2)} ms, p99 ${fmt(ccemuResult.p99, 2)} ms`,
      ]);
      rows.push([
        "ccemu / bare",
        `${fmt(ratio * 100)} %`,
        `target >= 50 %: ${ratio >= 0.5 ? "met" : "MISSED"}`,
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
