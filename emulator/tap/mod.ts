/**
 * `ccemu tap`: a listener put where the real gateway is told the agent is. The real gateway pushes
 * to the agent directly, so a proxy in front of the vendor's API never sees those pushes; the tap
 * does. It forwards each push to the agent unchanged, hands the reply back unchanged and
 * unbuffered, and records both as transcripts ccemu imports (see transcript.ts).
 *
 * Deno.serve is enough here: ccemu itself serves through node:http only because Deno.serve refuses
 * h2c upgrade offers, which a gateway's push does not make.
 */
import { forward, type Forwarded } from "./forward.ts";
import { readPush } from "./push-body.ts";
import type { Platform } from "./push-body.ts";
import { TapRecording } from "./transcript.ts";

export type { RelayedPush, TapEvent, TapResponse } from "./relayed-push.ts";
export { type TapPush, tapPushes } from "./pushes.ts";
export type { Platform };

export interface TapOptions {
  /** The agent's URL: a push to `/message` goes to `<agent>/message`. */
  agent: string;
  /** The first session's transcript file; later sessions' go beside it (`tap-2.json`). */
  record: string;
  host?: string;
  port?: number;
  /** The agent's way, for reading replies; by default, what the pushes show. */
  platform?: Platform;
  /** A line per recorded exchange. */
  log?: (line: string) => void;
  /** What went wrong without stopping the tap (a recording that could not be written). */
  warn?: (line: string) => void;
}

export interface RunningTap extends AsyncDisposable {
  /** Where the tap listens: the address to give the gateway as the agent's. */
  url: string;
  recording: TapRecording;
  /** Stops listening; pushes under way are cut (and recorded so), then the last writes finish. */
  close(): Promise<void>;
}

/** One line for an exchange, as the tap prints it once the exchange is recorded. */
function exchangeLine(done: Awaited<Forwarded["finished"]>, session: string, file: string) {
  const { request, response, timings, error } = done.exchange;
  const what = response
    ? `${response.status}${response.events ? ` (${response.events.length} events)` : ""}`
    : `502: ${error}`;
  return `${request.method} ${request.path} ${what} in ${
    Math.round(timings.endMs)
  } ms, session ${session}: recorded in ${file}`;
}

export async function startTap(options: TapOptions): Promise<RunningTap> {
  const log = options.log ?? (() => {});
  const warn = options.warn ?? ((line) => console.error(line));
  const recording = await TapRecording.open(options.record, options.agent, options.platform);
  const underWay = new Set<AbortController>();
  const recordings = new Set<Promise<void>>();

  const handle = async (request: Request): Promise<Response> => {
    const arrived = performance.now();
    const time = new Date().toISOString();
    const target = new URL(request.url);
    const path = target.pathname + target.search;
    const body = new Uint8Array(await request.arrayBuffer());
    const push = readPush(path, new TextDecoder().decode(body));
    // request.signal is not watched: Deno.serve still aborts it on every successful response too
    // (and warns about it). A caller that hangs up is seen when its reply stream is cancelled.
    const abort = new AbortController();
    underWay.add(abort);
    let forwarded: Forwarded;
    try {
      const platform = recording.platformFor(push);
      forwarded = await forward(
        { request, body, path, arrived, time, via: push.via, platform },
        options.agent,
        abort,
      );
    } catch (error) {
      underWay.delete(abort);
      throw error;
    }
    const recorded: Promise<void> = forwarded.finished
      .then(async (done) => {
        const file = await recording.add(push, done);
        log(exchangeLine(done, push.sessionKey, file));
      })
      .catch((error) => warn(`ccemu tap: an exchange was not recorded: ${error?.message ?? error}`))
      .finally(() => {
        underWay.delete(abort);
        recordings.delete(recorded);
      });
    recordings.add(recorded);
    return forwarded.response;
  };

  const server = Deno.serve({
    hostname: options.host ?? "127.0.0.1",
    port: options.port ?? 0,
    onListen: () => {},
    onError: (error) => {
      warn(`ccemu tap: ${(error as Error)?.message ?? error}`);
      return new Response(`ccemu tap: ${(error as Error)?.message ?? error}\n`, { status: 500 });
    },
  }, handle);
  const { hostname, port } = server.addr;
  const url = `http://${hostname.includes(":") ? `[${hostname}]` : hostname}:${port}`;
  let closing: Promise<void> | undefined;
  const close = () =>
    closing ??= (async () => {
      for (const abort of underWay) {
        abort.abort(new DOMException("ccemu tap stopped", "AbortError"));
      }
      await server.shutdown();
      await Promise.allSettled([...recordings]);
      await recording.flush();
    })();
  return { url, recording, close, [Symbol.asyncDispose]: close };
}
