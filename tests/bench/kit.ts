/**
 * What the benchmarks share: child-process servers, signed and control calls to them, resident
 * memory, percentiles, the result table.
 */
import { SignedClient } from "../../harness/client.ts";
import config from "../../deno.json" with { type: "json" };

export const MAIN = new URL("../../main.ts", import.meta.url).pathname;
/** The V8 flags `deno task start` (and the npm package's `ccemu`) start ccemu with. */
export const START_V8_FLAGS = config.tasks.start.command.match(/--v8-flags=\S+/)![0];
export const SECONDS = Number(Deno.env.get("BENCH_SECONDS") ?? 5);

export type Row = [name: string, value: string, note: string];

export function median(values: number[]): number {
  return percentile([...values].sort((a, b) => a - b), 0.5);
}

/** The p-th percentile of sorted values. */
export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))];
}

export const fixed = (n: number, digits = 1) => n.toFixed(digits);

export const verdict = (met: boolean, target: string) =>
  `target ${target}: ${met ? "met" : "MISSED"}`;

/**
 * Spawns a server script (through `prefix`, such as a taskset pinning it to a core); resolves once
 * it printed its ready line, with its URL and how long that took.
 */
export async function spawnServer(
  script: string,
  args: string[] = [],
  prefix: string[] = [],
  /** Whether `script` is a ccemu (another checkout's main.ts too): started with its start flags. */
  ccemu = script === MAIN,
) {
  const started = performance.now();
  const [command, ...before] = [...prefix, Deno.execPath()];
  const child = new Deno.Command(command, {
    args: [
      ...before,
      "run",
      "--allow-net",
      "--allow-read",
      "--allow-write",
      "--allow-env",
      // ccemu as users start it; other servers (the baselines, the agents) with Deno's defaults.
      ...(ccemu ? [START_V8_FLAGS] : []),
      script,
      ...args,
    ],
    stdout: "piped",
    stderr: "null",
  }).spawn();
  const reader = child.stdout.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = "";
  while (!buffer.includes("\n")) {
    const { value, done } = await reader.read();
    if (done) throw new Error(`${script} exited before its ready line`);
    buffer += value;
  }
  const readyMs = performance.now() - started;
  const url = /(http:\/\/[^\s]+)/.exec(buffer)![1];
  const drain = (async () => {
    while (!(await reader.read()).done) { /* keep the pipe flowing */ }
  })();
  return {
    url,
    readyMs,
    pid: child.pid,
    async stop() {
      child.kill("SIGTERM");
      await child.status;
      await drain;
    },
  };
}

export function printTable(title: string, rows: Row[]): void {
  console.log(`\n${title}\n`);
  const width = Math.max(...rows.map((r) => r[0].length));
  for (const [name, value, note] of rows) {
    console.log(`${name.padEnd(width)}  ${value.padStart(18)}  ${note}`);
  }
}

/** How the benchmarks run ccemu: free port, manual clock, seed 1, no UI. */
export const CCEMU_ARGS = ["--port", "0", "--clock", "manual", "--seed", "1", "--no-ui"];

/** ccemu itself as a child process, with `args` after the benchmarks' own. */
export function spawnCcemu(...args: string[]) {
  return spawnServer(MAIN, [...CCEMU_ARGS, ...args]);
}

/** A client signing on the virtual clock of the ccemu at `url` (manual, so one reading serves). */
export async function signedClient(url: string): Promise<SignedClient> {
  const clock = await (await fetch(`${url}/_emulator/clock`)).json();
  return new SignedClient({ url, now: () => clock.now, expires: 86400 });
}

/** POSTs to ccemu's control API; throws with its answer when it refuses. */
export async function control(url: string, path: string, body: unknown) {
  const response = await fetch(url + path, { method: "POST", body: JSON.stringify(body) });
  const json = await response.json();
  if (!response.ok) throw new Error(`${path}: ${JSON.stringify(json)}`);
  return json;
}

/** Registers a default-way agent whose messages go to `agentUrl`/message; answers its robotId. */
export async function registerAgent(url: string, agentUrl: string, name: string): Promise<string> {
  const registered = await (await signedClient(url)).post("/livechat/third_part_bot_register", {
    name,
    domain: agentUrl,
    authEnabled: false,
    pushConfigList: [{ type: "Message", uri: "/message", httpMethod: "POST" }],
    platform: "Default",
  });
  return String(registered.body.robotId);
}

/** A process's resident memory, bytes (the kernel's VmRSS). */
export async function rssOf(pid: number): Promise<number> {
  const status = await Deno.readTextFile(`/proc/${pid}/status`);
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)![1]) * 1024;
}
