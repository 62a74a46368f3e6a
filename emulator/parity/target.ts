/**
 * The ccemu a recording is replayed against, through its control API (operations' readOnly, keys,
 * reset, the clock) and its signed API (each recorded request, signed at its recorded time).
 */
import { signUrl } from "../signed-api/signature.ts";
import type { RecordedExchange } from "../upstream/record.ts";
import type { Replayed } from "./diff.ts";

export interface SigningKey {
  accessKeyId: string;
  accessKeySecret: string;
}

/** Longer than the longest `delay` fault (120 s): a slow answer is still an answer. */
const ANSWER_TIMEOUT_MS = 130_000;

interface ClockStatus {
  mode: "real" | "manual";
  now: number;
}

/** A control route's answer, or an Error with ccemu's message. */
export async function control(base: string, method: string, path: string, body?: unknown) {
  let response: Response;
  try {
    response = await fetch(new URL(path, base), {
      method,
      headers: body === undefined ? {} : { "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch (error) {
    throw new Error(
      `cannot reach ccemu at ${base} (${(error as Error).message}); is it running (ccemu start)?`,
    );
  }
  const text = await response.text();
  let json: { error?: { message?: string } } & Record<string, unknown>;
  try {
    json = JSON.parse(text);
  } catch {
    throw new Error(
      `${base} answered ${method} ${path} with something other than JSON: is it ccemu?`,
    );
  }
  if (!response.ok) {
    throw new Error(`${method} ${path}: ${response.status} ${json.error?.message ?? text}`);
  }
  return json;
}

export class Target {
  private constructor(
    readonly url: string,
    readonly key: SigningKey,
    /** `METHOD /path` → whether the operation only reads. */
    private readonly readOnly: Map<string, boolean>,
    /** The enterprise the key belongs to, to explain a refused enterpriseId. */
    readonly enterpriseId: string | undefined,
  ) {}

  /** Checks that a ccemu answers at `url` and holds `key`; reads every operation's readOnly. */
  static async connect(url: string, key: SigningKey): Promise<Target> {
    const health = await control(url, "GET", "/_emulator/health");
    if (health.name !== "ccemu") throw new Error(`${url} answers, but is not a ccemu`);
    const schemas = await control(url, "GET", "/_emulator/schemas") as {
      operations: Record<string, { readOnly: boolean }>;
    };
    const readOnly = new Map(
      Object.entries(schemas.operations).map(([name, op]) => [name, op.readOnly]),
    );
    const { keys: list } = await control(url, "GET", "/_emulator/keys") as unknown as {
      keys: { accessKeyId: string; enterpriseId: string }[];
    };
    const found = list.find((k) => k.accessKeyId === key.accessKeyId);
    if (!found) {
      throw new Error(
        `ccemu at ${url} has no key ${key.accessKeyId} (it has ${
          list.map((k) => k.accessKeyId).join(", ") || "none"
        }): pass --key and --secret of one of its keys`,
      );
    }
    return new Target(url, key, readOnly, found.enterpriseId);
  }

  /** Whether the operation writes; one ccemu does not serve counts as a read (it changes nothing). */
  writes(operation: string): boolean {
    return this.readOnly.get(operation) === false;
  }

  /** Back to the fixtures, for writes replayed on a fresh state. */
  async reset(): Promise<void> {
    await control(this.url, "POST", "/_emulator/reset", {});
  }

  async clock(): Promise<ClockStatus> {
    return await control(this.url, "GET", "/_emulator/clock") as unknown as ClockStatus;
  }

  /** Sets the virtual clock's mode, then its time (the control route's order). */
  async setClock(change: { now?: number; mode?: "real" | "manual" }): Promise<void> {
    await control(this.url, "POST", "/_emulator/clock", change);
  }

  /** Sends a recorded request as it was made, signed with the key at the recorded time. */
  async send(exchange: RecordedExchange): Promise<Replayed> {
    const { method, path, query, body } = exchange.request;
    const url = new URL(path, this.url);
    // A name recorded twice was sent twice: each value goes on under that name, in order.
    for (const [name, value] of Object.entries(query)) {
      for (const one of Array.isArray(value) ? value : [value]) url.searchParams.append(name, one);
    }
    const signed = signUrl({ method, url: url.href, ...this.key, now: Date.parse(exchange.time) });
    // fetch refuses a body on GET and HEAD; the vendor's GET operations take none.
    const sendsBody = body !== null && method !== "GET" && method !== "HEAD";
    try {
      const response = await fetch(signed.url, {
        method,
        headers: sendsBody ? { "content-type": "application/json; charset=UTF-8" } : {},
        body: sendsBody ? body : undefined,
        signal: AbortSignal.timeout(ANSWER_TIMEOUT_MS),
      });
      return { status: response.status, body: await response.text() };
    } catch (error) {
      return { error: (error as Error).message };
    }
  }
}
