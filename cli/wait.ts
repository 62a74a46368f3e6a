/**
 * `ccemu wait URL [--timeout 30s]`: for a CI step that started ccemu in the background, waits
 * until it answers `/_emulator/health` with 200, instead of a curl loop of the step's own.
 */
import { type Command, EXIT, parseFlags, UsageError } from "./command.ts";

const USAGE = `usage: ccemu wait URL [options]

Waits until the ccemu at URL (http://HOST:PORT) answers GET /_emulator/health with 200, trying
every 100 ms, and exits 0; exits 1 with what it last saw when the time is up.

  --timeout TIME        how long to wait: 30s, 500ms, 2m, or seconds     [30s]
  --help, -h            this text

Exit status: 0 ccemu answered, 1 it did not in time, 2 bad arguments.`;

/** How often to ask: quick enough that a step waits at most this much longer than it must. */
const POLL_MS = 100;

/** `30s`, `500ms`, `2m`, `30` (seconds) -> milliseconds. */
export function parseDuration(text: string): number | undefined {
  const match = /^(\d+(?:\.\d+)?)(ms|s|m)?$/.exec(text.trim());
  if (!match) return undefined;
  const unit = { ms: 1, s: 1000, m: 60_000 }[match[2] as "ms" | "s" | "m" ?? "s"] ?? 1000;
  return Number(match[1]) * unit;
}

/** The health route of the ccemu at `url`: its origin's, unless the URL names it already. */
function healthUrl(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new UsageError(`"${url}" is not a URL: give ccemu's address, like http://127.0.0.1:8686`);
  }
  if (parsed.protocol !== "http:" && parsed.protocol !== "https:") {
    throw new UsageError(`"${url}" is not an http:// URL`);
  }
  return parsed.pathname.endsWith("/_emulator/health")
    ? parsed.href
    : `${parsed.origin}/_emulator/health`;
}

/** What one try saw: "ok", or why not, in words. */
async function tryOnce(url: string, limitMs: number): Promise<"ok" | string> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(Math.max(limitMs, 1)) });
    await response.body?.cancel();
    return response.status === 200 ? "ok" : `it answered ${response.status}`;
  } catch (error) {
    if (error instanceof DOMException && error.name === "TimeoutError") return "no answer";
    // Deno's "fetch failed" keeps the reason in its cause.
    const said = `${error} ${(error as { cause?: unknown }).cause ?? ""}`;
    if (/refused/i.test(said)) return "connection refused";
    const cause = (error as { cause?: Error }).cause;
    return cause instanceof Error ? cause.message : (error as Error).message;
  }
}

async function wait(args: string[]): Promise<number> {
  const parsed = parseFlags(args, { timeout: { type: "string" } }, USAGE, true);
  if (!parsed) return EXIT.ok;
  const [url, ...extra] = parsed.positionals;
  if (url === undefined) throw new UsageError("ccemu wait needs ccemu's URL");
  if (extra.length) throw new UsageError(`one URL only, got also: ${extra.join(" ")}`);
  const timeoutText = parsed.values.timeout ?? "30s";
  const timeoutMs = parseDuration(timeoutText);
  if (timeoutMs === undefined) {
    throw new UsageError(`--timeout takes a time like 30s, 500ms or 2m, got "${timeoutText}"`);
  }
  const health = healthUrl(url);
  const started = performance.now();
  let last = "no answer";
  while (true) {
    const left = timeoutMs - (performance.now() - started);
    last = await tryOnce(health, Math.min(left, 2000));
    if (last === "ok") {
      console.log(`ccemu answers at ${new URL(health).origin}`);
      return EXIT.ok;
    }
    const after = timeoutMs - (performance.now() - started);
    if (after <= 0) break;
    await new Promise((resolve) => setTimeout(resolve, Math.min(POLL_MS, after)));
  }
  console.error(
    `ccemu wait: ${health} did not answer 200 within ${timeoutText} (last try: ${last}). Is ccemu started, and on that port? Its own output says why it stopped.`,
  );
  return EXIT.failed;
}

export const waitCommand: Command = {
  name: "wait",
  usage: USAGE,
  run: wait,
};
