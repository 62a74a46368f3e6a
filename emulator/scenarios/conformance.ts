/**
 * The agent conformance check: a fixed battery against a running agent, through the gateway's own
 * push machinery, so every reply is read and checked exactly as a visitor's would be. Passes only
 * when nothing of severity `error` is found.
 */
import type { GatewayStore } from "../gateway/store.ts";
import { storeImage } from "../gateway/images.ts";
import type { Finding, PushEntry } from "../gateway/schemas.ts";
import { type AgentTurn, openSession, sendMessage } from "../gateway/sessions.ts";

/** What `checkAgent` checks: the agent's message interface, its way, and the battery's settings. */
export interface CheckOptions {
  /** The agent's message interface, e.g. `http://127.0.0.1:3000/message`. */
  url: string;
  /** The agent's way: `Default` (the vendor's envelope) or `PlatformA` (Dify's chat API). */
  platform: "Default" | "PlatformA";
  /** The pushes' response mode: `blocking` (one JSON reply) or `streaming` (an SSE stream). */
  mode: "blocking" | "streaming";
  /** The Bearer token every push carries, when the agent requires one. */
  token?: string;
  /** The open-session interface's path on the same host, when the agent has one. */
  openPath?: string;
  /** What the visitor says to ask for a human (default 转人工). */
  transferText?: string;
  /** How many sessions talk at once in the burst (default 5). */
  sessions?: number;
  /** How long a reply may take (blocking), or a stream stay silent (streaming), in ms. */
  timeoutMs?: number;
  /** A gap between two stream events longer than this is a `slow stream` warning (ms). */
  slowGapMs?: number;
}

/** Where a gap between stream events becomes a warning, unless the check is told otherwise. */
export const SLOW_GAP_MS = 1000;

/** One check of the battery: its name, what was found, and the journal entries of its pushes. */
export interface CheckResult {
  /** The check: `text message`, `follow-up keeps the conversation`, `5 concurrent sessions`… */
  name: string;
  /** True when no finding has severity `error`. */
  passed: boolean;
  /** What was found in the replies (errors and warnings), each with its JSON path. */
  findings: Finding[];
  /** The journal entries of the check's pushes. */
  journalIds: number[];
}

/** The conformance battery's report: the agent checked, each check, and the verdict. */
export interface ConformanceReport {
  /** True when every check passed (nothing of severity `error` was found). */
  passed: boolean;
  /** The agent's message interface URL. */
  agent: string;
  /** The way it was checked in: `Default` or `PlatformA`. */
  platform: string;
  /** The response mode it was checked in: `blocking` or `streaming`. */
  mode: string;
  /**
   * The checks in the order they ran: open session (when `openPath` is given), text message,
   * follow-up, image message, transfer request, concurrent sessions.
   */
  checks: CheckResult[];
}

const PNG =
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==";

/**
 * The findings of one exchange: the reply checks, an agent error as an error finding, and every
 * gap between stream events longer than `slowGapMs` as a warning (a visitor sees the reply stall).
 */
function findingsOfExchange(
  gateway: GatewayStore,
  exchange: AgentTurn,
  slowGapMs: number,
): Finding[] {
  const findings = [...exchange.findings];
  const events = (gateway.emulator.journal.get(exchange.journalId) as PushEntry | undefined)?.push
    .events ?? [];
  events.forEach((event, i) => {
    const gap = event.at - (i === 0 ? event.at : events[i - 1].at);
    if (gap > slowGapMs) {
      findings.push({
        path: `$.events[${i}]`,
        severity: "warning",
        message: `slow stream: ${Math.round(gap)} ms after the event before (over ${slowGapMs} ms)`,
      });
    }
  });
  if (exchange.error) {
    findings.push({
      path: "$",
      severity: "error",
      message: `${exchange.error.code}: ${exchange.error.message}`,
    });
  }
  return findings;
}

function result(name: string, findings: Finding[], exchanges: AgentTurn[]): CheckResult {
  return {
    name,
    passed: !findings.some((f) => f.severity === "error"),
    findings,
    journalIds: exchanges.map((e) => e.journalId),
  };
}

/** What every check of one battery shares: the agent's robot, the first session, the options. */
interface Battery {
  gateway: GatewayStore;
  options: CheckOptions;
  robotId: string;
  sessionId: string;
  findingsOf(exchange: AgentTurn): Finding[];
  say(content: string): Promise<AgentTurn>;
}

const finding = (severity: Finding["severity"], message: string, path = "$"): Finding => ({
  path,
  severity,
  message,
});

function openCheck(open: AgentTurn | null, b: Battery): CheckResult {
  const findings = open
    ? b.findingsOf(open)
    : [finding("error", "the open-session interface was not called")];
  return result("open session", findings, open ? [open] : []);
}

function textCheck(first: AgentTurn, conversationId: string | null, b: Battery) {
  const findings = b.findingsOf(first);
  if (!first.error && first.messages.length === 0 && !first.instruction) {
    findings.push(
      finding("error", "the reply holds nothing a visitor would see (no message, no instruction)"),
    );
  }
  if (!conversationId) {
    findings.push(finding(
      "warning",
      "the reply carries no conversation id; the gateway cannot tell the agent which conversation goes on",
    ));
  }
  return result("text message", findings, [first]);
}

async function followUpCheck(conversationId: string | null, b: Battery) {
  const followUp = await b.say("然后呢？ / and then?");
  const findings = b.findingsOf(followUp);
  if (
    conversationId && followUp.replyConversationId &&
    followUp.replyConversationId !== conversationId
  ) {
    findings.push(finding(
      "error",
      `the conversation id was dropped: the push carried ${conversationId}, the reply answers in ${followUp.replyConversationId}`,
      b.options.platform === "Default" ? "$.data.conversationId" : "$.conversation_id",
    ));
  }
  return result("follow-up keeps the conversation", findings, [followUp]);
}

async function imageCheck(b: Battery) {
  const image = await sendMessage(
    b.gateway,
    b.sessionId,
    storeImage(b.gateway, b.sessionId, "conformance.png", PNG),
  );
  return result("image message", b.findingsOf(image), [image]);
}

async function transferCheck(b: Battery) {
  const text = b.options.transferText ?? "转人工";
  const transfer = await b.say(text);
  const findings = b.findingsOf(transfer);
  if (transfer.instruction?.actionType !== "TRANSFER_HUMAN") {
    findings.push(finding("warning", `"${text}" brought no TRANSFER_HUMAN instruction`));
  }
  return result("transfer request", findings, [transfer]);
}

/** Sessions opened at once, each with a message: each must get a conversation of its own. */
async function burstCheck(b: Battery) {
  const burst = await Promise.all(
    Array.from({ length: b.options.sessions ?? 5 }, async (_, i) => {
      const { session } = await openSession(b.gateway, {
        robotId: b.robotId,
        visitor: { visitorId: `burst-${i}-${b.sessionId}` },
        responseMode: b.options.mode,
      });
      return sendMessage(b.gateway, session.sessionId, {
        messageType: 100,
        message: { content: `burst ${i}` },
      });
    }),
  );
  const findings = burst.flatMap((exchange) => b.findingsOf(exchange));
  const ids = burst.map((e) => e.replyConversationId).filter((id): id is string => !!id);
  if (new Set(ids).size < ids.length) {
    findings.push(finding("warning", "concurrent sessions were answered in the same conversation"));
  }
  return result(`${burst.length} concurrent sessions`, findings, burst);
}

export async function checkAgent(
  gateway: GatewayStore,
  options: CheckOptions,
): Promise<ConformanceReport> {
  const robot = gateway.registerAgentUrl({
    name: `conformance: ${options.url}`,
    url: options.url,
    openPath: options.openPath,
    platform: options.platform,
    token: options.token,
    registeredFor: "agent-check",
  });
  if (options.timeoutMs) {
    robot.timeouts = { blockingMs: options.timeoutMs, streamIdleMs: options.timeoutMs };
  }
  const slowGapMs = options.slowGapMs ?? SLOW_GAP_MS;
  const { session, open } = await openSession(gateway, {
    robotId: robot.robotId,
    visitor: { name: "conformance" },
    responseMode: options.mode,
  });
  const b: Battery = {
    gateway,
    options,
    robotId: robot.robotId,
    sessionId: session.sessionId,
    findingsOf: (exchange) => findingsOfExchange(gateway, exchange, slowGapMs),
    say: (content) =>
      sendMessage(gateway, session.sessionId, { messageType: 100, message: { content } }),
  };
  const checks: CheckResult[] = [];
  if (options.openPath) checks.push(openCheck(open, b));
  const first = await b.say("你好 / hello");
  const conversationId = open?.replyConversationId ?? first.replyConversationId;
  checks.push(textCheck(first, conversationId, b));
  checks.push(await followUpCheck(conversationId, b));
  checks.push(await imageCheck(b));
  checks.push(await transferCheck(b));
  checks.push(await burstCheck(b));
  return {
    passed: checks.every((c) => c.passed),
    agent: options.url,
    platform: options.platform,
    mode: options.mode,
    checks,
  };
}

/** The report as people read it: a line per check, each finding with its JSON path. */
export function formatReport(report: ConformanceReport): string {
  const lines = [`ccemu agent check: ${report.agent} (${report.platform} way, ${report.mode})`];
  for (const check of report.checks) {
    lines.push(`${check.passed ? "ok  " : "FAIL"} ${check.name}`);
    for (const f of check.findings) {
      lines.push(`       ${f.severity.padEnd(7)} ${f.path}  ${f.message}`);
    }
  }
  const errors =
    report.checks.flatMap((c) => c.findings).filter((f) => f.severity === "error").length;
  const warnings =
    report.checks.flatMap((c) => c.findings).filter((f) => f.severity === "warning").length;
  lines.push(`${report.passed ? "PASSED" : "FAILED"}: ${errors} errors, ${warnings} warnings`);
  return lines.join("\n");
}
