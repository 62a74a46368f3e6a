/**
 * `ccemu agent-check --url URL [options]`: runs the conformance battery against a running agent
 * and prints the report; exit status 0 only when nothing of severity error was found.
 */
import { formatReport, SLOW_GAP_MS } from "../emulator/scenarios/conformance.ts";
import { checkAgent } from "../harness/mod.ts";
import { type Command, EXIT, parseFlags, UsageError } from "./command.ts";

const USAGE =
  `usage: ccemu agent-check --url URL [options]        (also: deno task agent-check -- ...)

Pushes a fixed battery to your agent the way the gateway does (open session, text, follow-up,
image, transfer request, concurrent sessions) and checks every reply against the message schemas.

  --url URL             your agent's message interface, e.g. http://127.0.0.1:3000/message
  --platform P          Default or PlatformA                              [Default]
  --mode M              blocking or streaming                             [blocking]
  --token T             Bearer token ccemu sends
  --open-path PATH      your open-session interface on the same host, e.g. /open
  --transfer-text TEXT  what the visitor says to ask for a human          [转人工]
  --sessions N          concurrent sessions in the burst (1-100)           [5]
  --timeout MS          longest reply (blocking) or silence (streaming)   [30000 / 60000]
  --slow-gap MS         a longer gap between stream events is a warning   [${SLOW_GAP_MS}]
  --help, -h            this text

Exit status: 0 no error found, 1 errors found, 2 bad arguments.`;

function integer(flag: string, text: string | undefined, min: number, max: number) {
  if (text === undefined) return undefined;
  const n = Number(text);
  if (!/^\d+$/.test(text) || n < min || n > max) {
    throw new UsageError(`--${flag} must be an integer from ${min} to ${max}, got "${text}"`);
  }
  return n;
}

async function agentCheck(args: string[]): Promise<number> {
  const parsed = parseFlags(args, {
    url: { type: "string" },
    platform: { type: "string" },
    mode: { type: "string" },
    token: { type: "string" },
    "open-path": { type: "string" },
    "transfer-text": { type: "string" },
    sessions: { type: "string" },
    timeout: { type: "string" },
    "slow-gap": { type: "string" },
  }, USAGE);
  if (!parsed) return EXIT.ok;
  const { values } = parsed;
  const platform = values.platform ?? "Default", mode = values.mode ?? "blocking";
  if (!values.url || !URL.canParse(values.url)) {
    throw new UsageError("--url must be the agent's URL");
  }
  if (platform !== "Default" && platform !== "PlatformA") {
    throw new UsageError(`--platform must be Default or PlatformA, got "${platform}"`);
  }
  if (mode !== "blocking" && mode !== "streaming") {
    throw new UsageError(`--mode must be blocking or streaming, got "${mode}"`);
  }
  const report = await checkAgent({
    url: values.url,
    platform,
    mode,
    token: values.token,
    openPath: values["open-path"],
    transferText: values["transfer-text"],
    sessions: integer("sessions", values.sessions, 1, 100),
    timeoutMs: integer("timeout", values.timeout, 1, 600_000),
    slowGapMs: integer("slow-gap", values["slow-gap"], 1, 600_000),
  });
  console.log(formatReport(report));
  return report.passed ? EXIT.ok : EXIT.failed;
}

export const agentCheckCommand: Command = {
  name: "agent-check",
  usage: USAGE,
  run: agentCheck,
};
