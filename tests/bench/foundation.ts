/**
 * The foundation's performance targets, measured on this machine.
 *   1. signed POST /gateway/robot_list under wrk vs a bare Deno.serve JSON endpoint answering the
 *      same bytes (target >= 0.4x); and, for reference, vs one answering a small object

 *   2. process start to the ready line, Deno cache warm (target < 500 ms)
 *   3. startEmulator() in-process to the first response (target < 50 ms)
 * Throughput is driven by wrk (see wrk.ts), the servers pinned to core 0 and wrk to core 1, bare
 * and ccemu windows alternating so that a passing load on the machine hits both alike.
 */
import { startEmulator } from "../../harness/mod.ts";
import {
  CCEMU_ARGS,
  fixed as fmt,
  MAIN,
  median,
  type Row,
  SECONDS,
  signedClient,
  spawnServer,
  verdict,
} from "./kit.ts";
import { ensureWrk, PINNED, pinTo, wrk, type WrkRequest, type WrkResult } from "./wrk.ts";

const ROUNDS = 7;
const BARE = new URL("./bare-server.ts", import.meta.url).pathname;

export async function benchFoundation(): Promise<Row[]> {
  const rows: Row[] = [];
  // 1. Throughput.
  {
    await ensureWrk();
    const ccemu = await spawnServer(MAIN, CCEMU_ARGS, pinTo(0));
    const body = JSON.stringify({ robotStatus: 1 });
    const client = await signedClient(ccemu.url);
    // ccemu's answer, for the bare server to send byte for byte (requestIds have one length).
    const answer = await Deno.makeTempFile({ suffix: ".json" });
    const { body: answered } = await client.post("/gateway/robot_list", { robotStatus: 1 });
    await Deno.writeTextFile(answer, JSON.stringify(answered));
    const small = await spawnServer(BARE, [], pinTo(0));
    const bare = await spawnServer(BARE, ["--answer", answer], pinTo(0));
    try {
      // One signed URL, reused: the server's verification is what is measured, not the client's signing.
      const path = (url: string) => url.slice(new URL(url).origin.length);
      const targets: Record<string, { origin: string; request: WrkRequest }> = {
        small: { origin: small.url, request: { method: "POST", path: "/", body } },
        bare: { origin: bare.url, request: { method: "POST", path: "/", body } },
        signed: {
          origin: ccemu.url,
          request: {
            method: "POST",
            path: path(client.signedUrl("POST", "/gateway/robot_list")),
            body,
          },
        },
        health: { origin: ccemu.url, request: { method: "GET", path: "/_emulator/health" } },
      };
      const results: Record<string, WrkResult[]> = { small: [], bare: [], signed: [], health: [] };
      for (const { origin, request } of Object.values(targets)) {
        await wrk(origin, [request], { seconds: 1 }); // warm-up
      }
      // Every other round runs the windows in reverse order, so that a drift in the machine's speed
      // (this VM's swings by a fifth for minutes) favours neither side of a ratio.
      const order = Object.entries(targets);
      for (let round = 0; round < ROUNDS; round++) {
        for (const [name, { origin, request }] of round % 2 ? order.toReversed() : order) {
          results[name].push(await wrk(origin, [request], { seconds: SECONDS }));
        }
      }
      const failed = Object.values(results).flat().reduce((n, r) => n + r.errors, 0);
      if (failed) throw new Error(`${failed} requests failed under wrk`);
      const ratios = results.bare.map((b, i) => results.signed[i].rps / b.rps);
      const ratio = median(ratios);
      const smallRatio = median(results.small.map((b, i) => results.signed[i].rps / b.rps));
      const line = (name: string, runs: WrkResult[]): Row => [
        name,
        `${fmt(median(runs.map((r) => r.rps)), 0)} req/s`,
        `p50 ${fmt(median(runs.map((r) => r.p50)), 2)} ms, p99 ${
          fmt(median(runs.map((r) => r.p99)), 2)
        } ms (wrk, 50 connections, medians of ${ROUNDS} rounds)`,
      ];
      rows.push(line("bare Deno.serve JSON POST, small answer", results.small));
      rows.push(line("bare Deno.serve JSON POST, ccemu's answer", results.bare));
      rows.push(line("ccemu GET /_emulator/health (no signature)", results.health));
      rows.push(line("ccemu signed POST /gateway/robot_list", results.signed));
      rows.push([
        "ccemu signed / bare with ccemu's answer (median of rounds)",
        `${fmt(ratio, 2)}x`,
        `rounds ${ratios.map((r) => fmt(r, 2)).join(", ")}; ${
          PINNED ? "server on core 0, wrk on core 1" : "one core: server and wrk share it"
        }; ${verdict(ratio >= 0.4, ">= 0.4x")}`,
      ]);
      rows.push([
        "ccemu signed / bare with a small answer",
        `${fmt(smallRatio, 2)}x`,
        "for reference: the small answer leaves in one write, ccemu's 522 bytes in two",
      ]);
    } finally {
      await small.stop();
      await bare.stop();
      await ccemu.stop();
      await Deno.remove(answer);
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
