/**
 * Throughput under `wrk`, the load generator that is not the bottleneck: a Deno fetch loop tops out
 * near 30k req/s on this kind of machine, below a bare Deno.serve, so it measured itself. wrk is
 * installed from Debian's packages when missing. Where the machine has two cores or more, the
 * server runs on core 0 and wrk on core 1 (taskset), so they do not take turns on one core.
 */

const CORES = navigator.hardwareConcurrency;
export const PINNED = CORES >= 2;

/** The command prefix that pins a process to one core (none on a one-core machine). */
export const pinTo = (core: number): string[] => PINNED ? ["taskset", "-c", String(core)] : [];

async function has(command: string): Promise<boolean> {
  try {
    const { code } = await new Deno.Command(command, {
      args: ["--version"],
      stdout: "null",
      stderr: "null",
    })
      .output();
    return code === 0 || code === 1; // wrk --version exits 1
  } catch {
    return false;
  }
}

/** Makes sure wrk is there, installing Debian's package (as root, or with sudo) when it is not. */
export async function ensureWrk(): Promise<void> {
  if (await has("wrk")) return;
  const root = Deno.uid() === 0;
  const apt = (...args: string[]) =>
    new Deno.Command(root ? "apt-get" : "sudo", {
      args: root ? args : ["apt-get", ...args],
      env: { DEBIAN_FRONTEND: "noninteractive" },
      stdout: "null",
      stderr: "inherit",
    }).output();
  console.error("bench: wrk is missing; installing Debian's wrk package");
  await apt("update", "-qq");
  const { code } = await apt("install", "-y", "-qq", "wrk");
  if (code !== 0 || !(await has("wrk"))) {
    throw new Error("wrk is missing and could not be installed: apt-get install wrk, then rerun");
  }
}

export interface WrkResult {
  rps: number;
  /** Requests completed in the window. */
  requests: number;
  p50: number;
  p99: number;
  /** Responses other than 2xx/3xx, and socket errors. */
  errors: number;
  /** What the errors were, as wrk counts them ("non-2xx 3, read 35"), empty when none. */
  errorKinds: string;
}

const MS = { us: 0.001, ms: 1, s: 1000 } as const;
const duration = (text: string) => {
  const [, n, unit] = /^([\d.]+)(us|ms|s)$/.exec(text)!;
  return Number(n) * MS[unit as keyof typeof MS];
};

/** Reads wrk's report (with --latency): requests/s and done, p50 and p99 in ms, failures. */
export function parseWrk(report: string): WrkResult {
  const rps = /Requests\/sec:\s+([\d.]+)/.exec(report);
  const requests = /^\s+(\d+) requests in /m.exec(report);
  const p50 = /^\s+50%\s+(\S+)/m.exec(report);
  const p99 = /^\s+99%\s+(\S+)/m.exec(report);
  if (!rps || !requests || !p50 || !p99) throw new Error(`wrk said:\n${report}`);
  const non2xx = Number(/Non-2xx or 3xx responses: (\d+)/.exec(report)?.[1] ?? 0);
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(
    report,
  );
  const socketErrors = socket ? socket.slice(1).reduce((n, v) => n + Number(v), 0) : 0;
  const kinds = [
    ["non-2xx", non2xx],
    ...["connect", "read", "write", "timeout"].map((kind, i) =>
      [kind, Number(socket?.[i + 1] ?? 0)] as const
    ),
  ].filter(([, n]) => n).map(([kind, n]) => `${kind} ${n}`).join(", ");
  return {
    rps: Number(rps[1]),
    requests: Number(requests[1]),
    p50: duration(p50[1]),
    p99: duration(p99[1]),
    errors: non2xx + socketErrors,
    errorKinds: kinds,
  };
}

export interface WrkRequest {
  method: "GET" | "POST";
  /** Path and query, signed already where it needs to be. */
  path: string;
  /** JSON, for a POST. */
  body?: string;
}

/** A wrk script sending `requests` in turn (JSON's string escapes are Lua's too). */
function script(requests: WrkRequest[]): string {
  const entries = requests.map((r) =>
    `{${JSON.stringify(r.method)}, ${JSON.stringify(r.path)}, ${JSON.stringify(r.body ?? "")}}`
  );
  return `local requests = {${entries.join(",\n")}}
local i = 0
local json = {["Content-Type"] = "application/json; charset=UTF-8"}
request = function()
  i = i % #requests + 1
  local r = requests[i]
  if r[1] == "GET" then return wrk.format("GET", r[2]) end
  return wrk.format(r[1], r[2], json, r[3])
end
`;
}

/**
 * Loads `origin` from `connections` connections for `seconds`, on core 1 when pinned, sending
 * `requests` in turn.
 */
export async function wrk(
  origin: string,
  requests: WrkRequest[],
  { seconds, connections = 50 }: { seconds: number; connections?: number },
): Promise<WrkResult> {
  const file = await Deno.makeTempFile({ suffix: ".lua" });
  try {
    await Deno.writeTextFile(file, script(requests));
    const [command, ...prefix] = [...pinTo(1), "wrk"];
    const { code, stdout, stderr } = await new Deno.Command(command, {
      args: [
        ...prefix,
        "-t1",
        `-c${connections}`,
        `-d${seconds}s`,
        "--latency",
        "-s",
        file,
        origin,
      ],
      stdout: "piped",
      stderr: "piped",
    }).output();
    const report = new TextDecoder().decode(stdout);
    if (code !== 0) throw new Error(`wrk failed: ${new TextDecoder().decode(stderr)}${report}`);
    return parseWrk(report);
  } finally {
    await Deno.remove(file);
  }
}
