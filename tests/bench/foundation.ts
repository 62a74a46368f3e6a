/**
 * The foundation's performance targets, measured on this machine.
 *   1. signed POST /gateway/robot_list under wrk vs two bare servers answering the same bytes: a
 *      `node:http` one (the stack ccemu serves on since the JDK's h2c offer; the floor, >= 0.6x
 *      at each load) and a `Deno.serve` one (for reference: twice node:http's rate in Deno, so
 *      half of it would be a signed call as fast as a bare node:http server), each at 1, 50 and
 *      200 connections, with p50 and p99; for reference, vs one answering a small object, a
 *      node:http one with ccemu's one change to node:http (active-requests.ts), and ccemu's
 *      health route; and the first request of as many connections opened at once, on its own
 *      (wrk opens its connections inside its timed window, so their accept wait is in its p99)
 *   2. process start to the ready line, Deno cache warm (target < 500 ms)
 *   3. startEmulator() in-process to the first response (target < 50 ms)
 * Throughput is driven by wrk (see wrk.ts), the servers pinned to core 0 and wrk to core 1, the
 * servers' windows alternating so that a passing load on the machine hits all alike.
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
export const BARE = new URL("./bare-server.ts", import.meta.url).pathname;
/** Connections: one client at a time, the usual load, and a crowd. */
const CONNECTIONS = [1, 50, 200] as const;

export interface Target {
  origin: string;
  request: WrkRequest;
  /** The server's process, whose CPU time over each window is read (`cpuPerRequest`). */
  pid?: number;
}

/** A window's result with the server's CPU time per request completed, in µs, when it was read. */
export interface Window extends WrkResult {
  cpuPerRequest?: number;
}

/** A process's user and system CPU time so far, in clock ticks (Linux's /proc; NaN elsewhere). */
async function cpuTicks(pid: number): Promise<number> {
  try {
    // Fields after the command's closing parenthesis: utime and stime are the 12th and 13th.
    const fields = (await Deno.readTextFile(`/proc/${pid}/stat`)).split(") ")[1].split(" ");
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return NaN;
  }
}

/** The median of windows' CPU time per request, in µs (NaN when it was not read). */
export const cpuPerRequest = (runs: Window[]): number =>
  median(runs.map((r) => r.cpuPerRequest ?? NaN));

/** Clock ticks a second (`getconf CLK_TCK`: 100 on Linux). */
const TICK_US = 1_000_000 / 100;

/**
 * `ROUNDS` windows of each target at `connections`, every other round in reverse order, so that a
 * drift in the machine's speed (this VM's swings by a fifth for minutes) favours none of them.
 */
export async function rounds(
  targets: Record<string, Target>,
  connections: number,
): Promise<Record<string, Window[]>> {
  const results: Record<string, Window[]> = {};
  const order = Object.entries(targets);
  for (const { origin, request } of Object.values(targets)) {
    await wrk(origin, [request], { seconds: 1, connections }); // warm-up
  }
  for (let round = 0; round < ROUNDS; round++) {
    for (const [name, { origin, request, pid }] of round % 2 ? order.toReversed() : order) {
      const before = pid === undefined ? 0 : await cpuTicks(pid);
      const window: Window = await wrk(origin, [request], { seconds: SECONDS, connections });
      if (pid !== undefined) {
        window.cpuPerRequest = ((await cpuTicks(pid)) - before) * TICK_US / window.requests;
      }
      (results[name] ??= []).push(window);
    }
  }
  return results;
}

const ms = (runs: WrkResult[], key: "p50" | "p99") => fmt(median(runs.map((r) => r[key])), 2);

/** A server's row: median requests/s, p50 and p99 over the rounds. */
/** Requests that failed over the rounds, said in the row rather than dropping the area's figures. */
const failures = (runs: WrkResult[]) => {
  const failed = runs.filter((r) => r.errors);
  return failed.length
    ? `; FAILED REQUESTS in ${failed.length} of ${runs.length} rounds: ${
      failed.map((r) => r.errorKinds).join("; ")
    }`
    : "";
};

const line = (name: string, runs: WrkResult[], connections: number): Row => [
  name,
  `${fmt(median(runs.map((r) => r.rps)), 0)} req/s`,
  `p50 ${ms(runs, "p50")} ms, p99 ${ms(runs, "p99")} ms (wrk, ${connections} connection${
    connections === 1 ? "" : "s"
  }, medians of ${ROUNDS} rounds)${failures(runs)}`,
];

/**
 * The first request of `count` connections opened at once, each timed from its connect to the
 * first byte of its answer: what wrk's windows count too (wrk opens its connections inside the
 * timed window), here on its own. A new connection's first request waits in the kernel's accept
 * queue while the server is busy with the others, so this grows with the CPU each request takes.
 */
async function firstRequests(origin: string, request: WrkRequest, count: number) {
  const { host, hostname, port } = new URL(origin);
  const body = request.body ?? "";
  const bytes = new TextEncoder().encode(
    `${request.method} ${request.path} HTTP/1.1\r\nHost: ${host}\r\n` +
      `Content-Type: application/json; charset=UTF-8\r\nContent-Length: ${
        new TextEncoder().encode(body).length
      }\r\nConnection: close\r\n\r\n${body}`,
  );
  const one = async () => {
    const started = performance.now();
    const conn = await Deno.connect({ hostname, port: Number(port) });
    try {
      await conn.write(bytes);
      await conn.read(new Uint8Array(1024));
      return performance.now() - started;
    } finally {
      conn.close();
    }
  };
  const times = (await Promise.all(Array.from({ length: count }, one))).sort((a, b) => a - b);
  return { p50: times[Math.floor(count * 0.5)], p99: times[Math.floor(count * 0.99)] };
}

/** The median of the rounds' ratios of `signed` to `bare`, and the rounds. */
export function ratio(signed: WrkResult[], bare: WrkResult[]): { median: number; rounds: string } {
  const ratios = bare.map((b, i) => signed[i].rps / b.rps);
  return { median: median(ratios), rounds: ratios.map((r) => fmt(r, 2)).join(", ") };
}

export async function benchFoundation(): Promise<Row[]> {
  const rows: Row[] = [];
  // 1. Throughput.
  {
    await ensureWrk();
    const ccemu = await spawnServer(MAIN, CCEMU_ARGS, pinTo(0));
    const body = JSON.stringify({ robotStatus: 1 });
    const client = await signedClient(ccemu.url);
    // ccemu's answer, for the bare servers to send byte for byte (requestIds have one length).
    const answer = await Deno.makeTempFile({ suffix: ".json" });
    const { body: answered } = await client.post("/gateway/robot_list", { robotStatus: 1 });
    await Deno.writeTextFile(answer, JSON.stringify(answered));
    const small = await spawnServer(BARE, [], pinTo(0));
    const bare = await spawnServer(BARE, ["--answer", answer], pinTo(0));
    const node = await spawnServer(BARE, ["--answer", answer, "--node"], pinTo(0));
    const tracked = await spawnServer(
      BARE,
      ["--answer", answer, "--node", "--active-requests"],
      pinTo(0),
    );
    try {
      // One signed URL, reused: the server's verification is what is measured, not the client's signing.
      const path = (url: string) => url.slice(new URL(url).origin.length);
      const post = (origin: string): Target => ({
        origin,
        request: { method: "POST", path: "/", body },
      });
      const signed: Target = {
        origin: ccemu.url,
        request: {
          method: "POST",
          path: path(client.signedUrl("POST", "/gateway/robot_list")),
          body,
        },
      };
      const pinned = PINNED
        ? "server on core 0, wrk on core 1"
        : "one core: server and wrk share it";
      for (const connections of CONNECTIONS) {
        // The small answer and the health route, for reference, at the usual load only.
        const usual = connections === 50;
        const results = await rounds({
          bare: post(bare.url),
          node: { ...post(node.url), pid: node.pid },
          signed: { ...signed, pid: ccemu.pid },
          ...(usual
            ? {
              small: post(small.url),
              tracked: { ...post(tracked.url), pid: tracked.pid },
              health: {
                origin: ccemu.url,
                request: { method: "GET", path: "/_emulator/health" } as WrkRequest,
              },
            }
            : {}),
        }, connections);
        const at = `${connections} conn.`;
        if (usual) rows.push(line("bare Deno.serve JSON POST, small answer", results.small, 50));
        rows.push(
          line(`bare Deno.serve JSON POST, ccemu's answer (${at})`, results.bare, connections),
        );
        rows.push(
          line(`bare node:http JSON POST, ccemu's answer (${at})`, results.node, connections),
        );
        if (usual) {
          rows.push(line("ccemu GET /_emulator/health (no signature)", results.health, 50));
        }
        rows.push(
          line(`ccemu signed POST /gateway/robot_list (${at})`, results.signed, connections),
        );
        const toDeno = ratio(results.signed, results.bare);
        const toNode = ratio(results.signed, results.node);
        const latency = (bareRuns: WrkResult[]) =>
          `p50 ${ms(results.signed, "p50")} vs ${ms(bareRuns, "p50")} ms, p99 ${
            ms(results.signed, "p99")
          } vs ${ms(bareRuns, "p99")} ms`;
        rows.push([
          `ccemu signed / bare Deno.serve, same answer (${at})`,
          `${fmt(toDeno.median, 2)}x`,
          `median of rounds ${toDeno.rounds}; ${latency(results.bare)}; ${pinned}`,
        ]);
        rows.push([
          `ccemu signed / bare node:http, same answer (${at})`,
          `${fmt(toNode.median, 2)}x`,
          `median of rounds ${toNode.rounds}; ${latency(results.node)}; ${
            verdict(toNode.median >= 0.6, ">= 0.6x")
          }`,
        ]);
        // The servers' CPU time per request: the same comparison as the ratio above, read off
        // the kernel's accounting rather than the clock, so less moved by this VM's drifts in
        // speed (wrk's rates follow them, a window's CPU per request much less).
        const [cpuSigned, cpuNode] = [cpuPerRequest(results.signed), cpuPerRequest(results.node)];
        rows.push([
          `server CPU per request, ccemu signed / bare node:http (${at})`,
          `${fmt(cpuSigned)} / ${fmt(cpuNode)} µs`,
          `bare node:http's CPU a request / ccemu's: ${
            fmt(cpuNode / cpuSigned, 2)
          }x (medians of the windows' user + system time over the requests they completed)`,
        ]);
        // wrk opens its connections inside the timed window: each one's first request (which
        // waits to be accepted while the server serves the others) is in the figures above. It
        // is measured here on its own, for ccemu and for the bare node:http server alike.
        const first = await firstRequests(ccemu.url, signed.request, connections);
        const firstNode = await firstRequests(node.url, post(node.url).request, connections);
        rows.push([
          `first request of ${connections} connection${
            connections === 1 ? "" : "s"
          } opened at once`,
          `p50 ${fmt(first.p50, 2)} ms, p99 ${fmt(first.p99, 2)} ms`,
          `ccemu signed, connect to first answer byte (bare node:http: p50 ${
            fmt(firstNode.p50, 2)
          } ms, p99 ${
            fmt(firstNode.p99, 2)
          } ms); wrk's windows include these: it opens its connections inside them`,
        ]);
        if (usual) {
          const toTracked = ratio(results.signed, results.tracked);
          rows.push(
            line(
              "bare node:http JSON POST, requests under way kept as ccemu keeps them",
              results.tracked,
              50,
            ),
          );
          rows.push([
            "ccemu signed / that node:http server",
            `${fmt(toTracked.median, 2)}x`,
            `median of rounds ${toTracked.rounds}; for reference: node:http with ccemu's one ` +
            `change to it (ActiveRequests), which takes a garbage collector's load off any ` +
            `node:http server under Deno (docs/performance.md); its CPU a request ${
              fmt(cpuPerRequest(results.tracked))
            } µs`,
          ]);
          rows.push([
            "ccemu signed / bare Deno.serve with a small answer",
            `${fmt(ratio(results.signed, results.small).median, 2)}x`,
            "for reference: the small answer leaves in one write, ccemu's 522 bytes in two",
          ]);
        }
      }
    } finally {
      await small.stop();
      await bare.stop();
      await node.stop();
      await tracked.stop();
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
