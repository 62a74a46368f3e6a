/**
 * `ccemu tap --agent URL --record FILE [options]`: listens where the real gateway is told the
 * agent is, forwards every push to the agent and the reply back, unchanged, and records each
 * exchange as a transcript ccemu imports. The first stdout line says where it listens; SIGINT or
 * SIGTERM stop it. The work is in emulator/tap/.
 */
import { startTap } from "../emulator/tap/mod.ts";
import { type Command, EXIT, parseFlags, UsageError } from "./command.ts";

const USAGE = `usage: ccemu tap --agent URL --record FILE [options]

Listens where the real gateway is told your agent is, forwards every push to the agent unchanged
(method, path, headers with the Bearer token, body) and the reply back unchanged (a stream chunk
by chunk, as it comes), and records each push and reply as a transcript ccemu imports
(POST /_emulator/gateway/transcripts): one file per visitor session, FILE for the first, then
FILE-2, FILE-3 beside it (tap-2.json). A recording is never overwritten.

  --agent URL           your agent: a push to /message goes to URL/message
  --record FILE         the transcript file to write (it must not exist yet)
  --port N              port to listen on; 0 picks a free one                [0]
  --host H              address to listen on                                 [127.0.0.1]
  --platform P          your agent's way, Default or PlatformA, for reading its replies in the
                        recording                         [what the pushes show: Default]
  --help, -h            this text

The first line printed is "ccemu tap listening on http://HOST:PORT": register that address as
your agent's domain with the real gateway. When the agent cannot be reached, the gateway gets a
502 naming the agent URL; nothing is retried. SIGINT or SIGTERM stop the tap.

Exit status: 0 stopped by a signal, 1 failed to start (the port is taken, FILE exists or cannot
be written), 2 bad command line.`;

/** The agent URL: http(s), no query, fragment or user name (pushes append their own path). */
function agentUrl(text: string | undefined): string {
  if (!text) throw new UsageError("--agent URL is required: where your agent listens");
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new UsageError(`--agent "${text}" is not a URL`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new UsageError(`--agent must be an http:// or https:// URL, got "${text}"`);
  }
  if (url.search || url.hash || url.username || url.password) {
    throw new UsageError(
      `--agent "${text}": no query, fragment or user name (each push appends its own path and query)`,
    );
  }
  return url.href.replace(/\/+$/, "");
}

function port(text: string | undefined): number {
  if (text === undefined) return 0;
  const n = Number(text);
  if (!/^\d+$/.test(text) || n > 65535) {
    throw new UsageError(`--port must be an integer from 0 to 65535, got "${text}"`);
  }
  return n;
}

async function tap(args: string[]): Promise<number> {
  const parsed = parseFlags(args, {
    agent: { type: "string" },
    record: { type: "string" },
    port: { type: "string" },
    host: { type: "string" },
    platform: { type: "string" },
  }, USAGE);
  if (!parsed) return EXIT.ok;
  const { values } = parsed;
  const agent = agentUrl(values.agent);
  if (!values.record) throw new UsageError("--record FILE is required: where the recording goes");
  const platform = values.platform;
  if (platform !== undefined && platform !== "Default" && platform !== "PlatformA") {
    throw new UsageError(`--platform must be Default or PlatformA, got "${platform}"`);
  }
  const options = { agent, record: values.record, port: port(values.port), host: values.host };
  let running;
  try {
    running = await startTap({ ...options, platform, log: (line) => console.log(line) });
  } catch (error) {
    console.error(
      error instanceof Deno.errors.AddrInUse
        ? `ccemu tap: port ${options.port} on ${
          options.host ?? "127.0.0.1"
        } is already in use: pick another with --port N, or --port 0 for a free one.`
        : `ccemu tap: ${(error as Error).message}`,
    );
    return EXIT.failed;
  }
  console.log(`ccemu tap listening on ${running.url}`);
  console.log(`forwarding pushes to ${agent}; recording to ${values.record}`);
  const stopped = Promise.withResolvers<void>();
  const stop = () => stopped.resolve();
  Deno.addSignalListener("SIGINT", stop);
  Deno.addSignalListener("SIGTERM", stop);
  await stopped.promise;
  Deno.removeSignalListener("SIGINT", stop);
  Deno.removeSignalListener("SIGTERM", stop);
  await running.close();
  const files = running.recording.files;
  console.log(`ccemu tap stopped; ${files.length ? `recorded ${files.join(", ")}` : "no pushes"}`);
  return EXIT.ok;
}

export const tapCommand: Command = {
  name: "tap",
  usage: USAGE,
  run: tap,
};
