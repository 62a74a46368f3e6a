// The instances benchmark's Node side (instances.ts runs it): through the npm package's Node API,
// against the one ccemu process it starts, (1) the ccemu process's resident memory before and
// after IDLE instances that do nothing; (2) create an instance -> its first signed call -> delete
// it, timed ITERATIONS times after a warm-up. Prints one line of JSON.
//   node instances-client.mjs API_MODULE_URL [ITERATIONS] [IDLE]
// The API is imported from the URL given (an installed package's lib/index.js), so that this
// file names no package that `deno check tests/` would have to resolve.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import process from "node:process";

const { startCcemu } = await import(process.argv[2]);
const ITERATIONS = Number(process.argv[3] ?? 200);
const IDLE = Number(process.argv[4] ?? 50);
const WARM_UP = 20;

/** Create -> first signed call -> delete, in ms. */
async function cycle() {
  const started = performance.now();
  const ccemu = await startCcemu();
  const { status, body } = await ccemu.call("POST", "/gateway/robot_list", { robotStatus: 1 });
  await ccemu.stop();
  const ms = performance.now() - started;
  if (status !== 200) throw new Error(`robot_list answered ${status}: ${JSON.stringify(body)}`);
  return ms;
}

/** The ccemu process: this process's one deno child (the API runs no launcher in between). */
function ccemuPid() {
  const children = execFileSync("ps", ["-o", "pid=,comm=", "--ppid", String(process.pid)], {
    encoding: "utf8",
  }).trim().split("\n").map((line) => line.trim().split(/\s+/));
  const deno = children.filter(([, command]) => command === "deno");
  if (deno.length !== 1) throw new Error(`expected one deno child, found ${children.join("; ")}`);
  return Number(deno[0][0]);
}

/** Resident memory in bytes (the kernel's VmRSS). */
function rssOf(pid) {
  return Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))[1]) * 1024;
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

// One instance held throughout, so that the shared process never lingers toward its stop.
const holder = await startCcemu();

// Memory first, on a fresh process: after the timed cycles, a heap grown by their garbage would
// take new instances in without growing, and hide what they cost.
const pid = ccemuPid();
await sleep(1000);
const before = rssOf(pid);
const idle = [];
for (let i = 0; i < IDLE; i++) idle.push(await startCcemu());
await sleep(1000);
const after = rssOf(pid);
for (const ccemu of idle) await ccemu.stop();

for (let i = 0; i < WARM_UP; i++) await cycle();
const times = [];
for (let i = 0; i < ITERATIONS; i++) times.push(await cycle());
times.sort((a, b) => a - b);
await holder.stop();

const at = (p) => times[Math.min(times.length - 1, Math.floor(times.length * p))];
console.log(JSON.stringify({
  iterations: ITERATIONS,
  medianMs: at(0.5),
  p99Ms: at(0.99),
  idle: IDLE,
  rssBefore: before,
  rssAfter: after,
  perIdleInstance: (after - before) / IDLE,
}));
