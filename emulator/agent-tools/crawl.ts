/**
 * The crawler: opens a visitor session with an agent and clicks every option it offers, breadth
 * first, through the gateway's own sessions and pushes (the same checks, time-outs and findings a
 * visitor gets). A conversation cannot go back, so every path is a fresh session that clicks its
 * way from the start. A path ends at an answer without options, a transfer, a dead end (an error,
 * nothing, or the same menu back), a loop (a menu from earlier on the path), a menu another path
 * already explores, or the depth; the walk stops at the most paths or at the time budget. Only the
 * agent's own interfaces are ever pushed to: links and images in its replies are never fetched.
 */
import type { Finding, ResponseMode, Robot } from "../gateway/schemas.ts";
import { type Exchange, openSession, sendMessage } from "../gateway/sessions.ts";
import type { GatewayStore } from "../gateway/store.ts";
import { offeredOptions, visibleText } from "../scenarios/runner.ts";
import { portableRobot } from "../scenarios/robots.ts";
import type { ScenarioInput } from "../scenarios/schemas.ts";
import { firstWords, scenarioSeen, type SeenSend, typeKey } from "./seen-scenario.ts";

/** The agent to crawl and the crawl's bounds. */
export interface CrawlOptions {
  /** The agent's message interface. */
  url: string;
  platform: "Default" | "PlatformA";
  /** Its open-session interface (same origin as `url`), when it has one. */
  openUrl?: string;
  /** The Bearer token every push carries. */
  token?: string;
  mode: ResponseMode;
  /** What the visitor says first; none: the open-session reply's options, or DEFAULT_SAY. */
  say: string[];
  /** The most options clicked on one path. */
  depth: number;
  /** The most paths (and scenarios) the crawl finds. */
  maxPaths: number;
  /** The crawl's time budget, real ms: no push starts after it, and one in flight is cut at it. */
  timeoutMs: number;
}

/** What the visitor says first when the open-session reply offers nothing to click. */
export const DEFAULT_SAY = "你好";

/** How a path ended. */
export type PathEnd =
  | "answer"
  | "transfer"
  | "dead end"
  | "loop"
  | "joined"
  | "depth"
  | "unstable";

/** What makes an option a dead end. */
export type DeadEnd = "error" | "nothing" | "same menu";

/** One push of a path, as the report keeps it. */
export interface CrawlStep {
  /** `open session`, `say "…"` or `click "…"`. */
  sent: string;
  elapsedMs: number;
  types: (number | string)[];
  /** The first words of the reply's text. */
  text: string;
  options: string[];
  transfer: boolean | { qno: string };
  error: { code: string; message: string } | null;
  findings: Finding[];
}

/** One path: the options clicked from the start, how it ended, its pushes, its scenario file. */
export interface CrawlPath {
  /** `path-001.json` (in the scenarios folder); null when no scenario was written (unstable). */
  file: string | null;
  clicks: string[];
  end: PathEnd;
  /** The dead end's kind, for `dead end`. */
  deadEnd?: DeadEnd;
  /** Why it ended, in a sentence. */
  detail: string;
  /** For a loop: the clicks to the menu it came back to (none: the start's). */
  backTo?: string[];
  steps: CrawlStep[];
}

/** How a path ends, as `classify` finds it. */
type Ending = Pick<CrawlPath, "end" | "deadEnd" | "detail" | "backTo">;

/** The crawl's report: every path, the dead ends, loops and transfers, the slowest step, bounds. */
export interface CrawlReport {
  agent: { url: string; platform: string; openUrl: string | null; mode: ResponseMode };
  bounds: { depth: number; maxPaths: number; timeoutMs: number };
  /** What the visitor said first, and the options the start offered. */
  start: { said: string[]; options: string[] };
  paths: CrawlPath[];
  deadEnds: { path: string | null; clicks: string[]; kind: DeadEnd; detail: string }[];
  loops: { path: string | null; clicks: string[]; backTo: string[] }[];
  transfers: { path: string | null; clicks: string[]; qno: string | null }[];
  /** The push that took longest, on which path. */
  slowest: { clicks: string[]; sent: string; elapsedMs: number } | null;
  findings: { errors: number; warnings: number };
  /** Why the crawl stopped before clicking every option: `max-paths`, `timeout`; null: it did not. */
  stopped: "max-paths" | "timeout" | null;
  /** Options not clicked because of --max-paths or --timeout (the depth's are in its paths). */
  unexplored: number;
  pushes: number;
  elapsedMs: number;
  /** True when the start answered and no option was a dead end. */
  passed: boolean;
}

/** The crawl's outcome: the report and a scenario per path (by its file name). */
export interface CrawlResult {
  report: CrawlReport;
  scenarios: { file: string; scenario: ScenarioInput }[];
}

/** A push and what came back, timed. */
interface Turn {
  send: SeenSend;
  exchange: Exchange;
  elapsedMs: number;
}

/** A visit: one session from the start down a list of clicks, as far as it got. */
interface Visit {
  open: Exchange | null;
  openMs: number;
  turns: Turn[];
  /** Why the visit could not follow its clicks again (the agent answered differently). */
  unstable: string | null;
}

/** A menu that was reached: where, and the menus above it on its path. */
interface Node {
  clicks: string[];
  options: string[];
  key: string;
  ancestors: Map<string, string[]>;
}

/** Thrown when the time budget ran out: the crawl stops where it is. */
class OutOfTime extends Error {}

const menuKey = (options: string[]) => JSON.stringify([...options].sort());
const quoted = (items: string[]) => items.map((o) => `"${o}"`).join(", ");
const label = (send: SeenSend) =>
  "option" in send ? `click "${send.option}"` : `say "${send.text}"`;

class Crawler {
  readonly robot: Robot;
  readonly stopwatch: () => number;
  readonly defaults: Robot["timeouts"];
  say: string[];
  pushes = 0;
  slowest: CrawlReport["slowest"] = null;

  constructor(readonly gateway: GatewayStore, readonly options: CrawlOptions) {
    const openPath = options.openUrl
      ? new URL(options.openUrl).pathname + new URL(options.openUrl).search
      : undefined;
    this.robot = gateway.registerAgentUrl({
      name: `crawl: ${options.url}`,
      url: options.url,
      openPath,
      platform: options.platform,
      token: options.token,
      registeredFor: "crawl",
    });
    this.defaults = { ...this.robot.timeouts };
    this.stopwatch = gateway.emulator.clock.stopwatch();
    this.say = options.say;
  }

  /** Before a push: out of time, or the push's own limits cut to the time left. */
  #budget(): void {
    const left = Math.floor(this.options.timeoutMs - this.stopwatch());
    if (left <= 0) throw new OutOfTime();
    this.robot.timeouts = {
      blockingMs: Math.min(this.defaults.blockingMs, left),
      streamIdleMs: Math.min(this.defaults.streamIdleMs, left),
    };
  }

  /** After a push: a time-out that the budget caused stops the crawl rather than blaming the agent. */
  #timed(exchange: Exchange | null, elapsedMs: number, clicks: string[], sent: string) {
    this.pushes++;
    if (exchange?.error?.code === "AgentTimeout" && this.stopwatch() >= this.options.timeoutMs) {
      throw new OutOfTime();
    }
    if (!this.slowest || elapsedMs > this.slowest.elapsedMs) {
      this.slowest = { clicks, sent, elapsedMs: Math.round(elapsedMs) };
    }
  }

  async #send(sessionId: string, send: SeenSend, clicks: string[]): Promise<Turn> {
    this.#budget();
    const elapsed = this.gateway.emulator.clock.stopwatch();
    const content = "text" in send ? send.text : send.option;
    const exchange = await sendMessage(this.gateway, sessionId, {
      messageType: 100,
      message: { content },
    });
    const elapsedMs = elapsed();
    this.#timed(exchange, elapsedMs, clicks, label(send));
    return { send, exchange, elapsedMs };
  }

  /** One session from the start: the open call, what the visitor says first, then the clicks. */
  async visit(clicks: string[]): Promise<Visit> {
    this.#budget();
    const elapsed = this.gateway.emulator.clock.stopwatch();
    const { session, open } = await openSession(this.gateway, {
      robotId: this.robot.robotId,
      visitor: { name: "ccemu crawl" },
      responseMode: this.options.mode,
    });
    const openMs = elapsed();
    if (open) this.#timed(open, openMs, [], "open session");
    const visit: Visit = { open, openMs, turns: [], unstable: null };
    if (this.say.length === 0 && offeredOptions(open?.messages ?? []).length === 0) {
      this.say = [DEFAULT_SAY];
    }
    for (const text of this.say) {
      visit.turns.push(await this.#send(session.sessionId, { text }, []));
    }
    for (const [i, option] of clicks.entries()) {
      const before = visit.turns.at(-1)?.exchange ?? open;
      const offered = offeredOptions(before?.messages ?? []);
      if (before?.error || !offered.includes(option)) {
        visit.unstable = before?.error
          ? `following the path again, the agent answered ${before.error.code}: ${before.error.message}`
          : `following the path again, "${option}" was not offered (offered: ${
            quoted(offered) || "none"
          })`;
        return visit;
      }
      visit.turns.push(await this.#send(session.sessionId, { option }, clicks.slice(0, i + 1)));
    }
    return visit;
  }
}

/** What a reply is, relative to the menu it was clicked from: where the path ends, or a menu. */
function classify(
  exchange: Exchange,
  parent: Node | null,
  explored: Map<string, string[]>,
  depthLeft: number,
): Ending | null {
  const options = offeredOptions(exchange.messages);
  const key = menuKey(options);
  if (exchange.error) {
    return {
      end: "dead end",
      deadEnd: "error",
      detail: `${exchange.error.code}: ${exchange.error.message}`,
    };
  }
  if (exchange.messages.length === 0 && !exchange.instruction) {
    return {
      end: "dead end",
      deadEnd: "nothing",
      detail: "the reply holds nothing a visitor would see (no message, no instruction)",
    };
  }
  if (exchange.instruction?.actionType === "TRANSFER_HUMAN") {
    const qno = exchange.instruction.actionData.qno;
    return {
      end: "transfer",
      detail: qno === undefined ? "a transfer to a human" : `a transfer to queue ${qno}`,
    };
  }
  if (options.length === 0) return { end: "answer", detail: "an answer without options" };
  if (parent && key === parent.key) {
    return {
      end: "dead end",
      deadEnd: "same menu",
      detail: `the same menu came back (${quoted(options)})`,
    };
  }
  const ancestor = parent?.ancestors.get(key);
  if (ancestor) {
    return {
      end: "loop",
      detail: `back to the menu of ${
        ancestor.length ? quoted([ancestor.join(" › ")]) : "the start"
      }`,
      backTo: ancestor,
    };
  }
  const elsewhere = explored.get(key);
  if (elsewhere) {
    return {
      end: "joined",
      detail: `a menu already explored from ${
        elsewhere.length ? quoted([elsewhere.join(" › ")]) : "the start"
      }`,
    };
  }
  if (depthLeft <= 0) {
    return { end: "depth", detail: `${options.length} options not clicked (--depth)` };
  }
  return null;
}

function stepOf(sent: string, exchange: Exchange, elapsedMs: number): CrawlStep {
  const qno = exchange.instruction?.actionData.qno;
  return {
    sent,
    elapsedMs: Math.round(elapsedMs),
    types: exchange.messages.map(typeKey),
    text: firstWords(visibleText(exchange.messages)),
    options: offeredOptions(exchange.messages),
    transfer: exchange.instruction?.actionType === "TRANSFER_HUMAN"
      ? qno === undefined ? true : { qno }
      : false,
    error: exchange.error,
    findings: exchange.findings,
  };
}

const stepsOf = (visit: Visit): CrawlStep[] => [
  ...(visit.open ? [stepOf("open session", visit.open, visit.openMs)] : []),
  ...visit.turns.map((t) => stepOf(label(t.send), t.exchange, t.elapsedMs)),
];

/** The reply a visit ends on: its last push's. */
const lastReply = (visit: Visit) => visit.turns.at(-1)?.exchange ?? visit.open;

/**
 * Crawls the agent through `gateway` (a ccemu of its own: the crawl registers a robot there) and
 * answers the report with a scenario per path.
 */
export async function crawl(gateway: GatewayStore, options: CrawlOptions): Promise<CrawlResult> {
  const crawler = new Crawler(gateway, options);
  const robot = portableRobot(crawler.robot);
  const paths: CrawlPath[] = [];
  const scenarios: CrawlResult["scenarios"] = [];
  const explored = new Map<string, string[]>();
  const queue: Node[] = [];
  let stopped: CrawlReport["stopped"] = null;
  let unexplored = 0;
  let startOptions: string[] = [];

  const addPath = (visit: Visit, clicks: string[], ending: Ending) => {
    // An unstable path would not replay as seen; a start without a push has no step to write.
    const writes = ending.end !== "unstable" && visit.turns.length > 0;
    const file = writes ? `path-${String(scenarios.length + 1).padStart(3, "0")}.json` : null;
    paths.push({ file, clicks, ...ending, steps: stepsOf(visit) });
    if (!file) return;
    const title = clicks.length ? clicks.join(" › ") : "the start";
    scenarios.push({
      file,
      scenario: scenarioSeen({
        name: `crawl ${file.slice(5, 8)}: ${title}`,
        description: `Crawled from ${options.url}: ${ending.end} (${ending.detail}).`,
        robot,
        responseMode: options.mode,
        open: visit.open,
        turns: visit.turns.map((t) => ({ send: t.send, reply: t.exchange })),
      }),
    });
  };

  const reached = (visit: Visit, clicks: string[], parent: Node | null) => {
    const reply = lastReply(visit)!;
    const ending = classify(reply, parent, explored, options.depth - clicks.length);
    if (ending) return addPath(visit, clicks, ending);
    const options_ = offeredOptions(reply.messages);
    const node: Node = {
      clicks,
      options: options_,
      key: menuKey(options_),
      ancestors: new Map(parent?.ancestors),
    };
    node.ancestors.set(node.key, clicks);
    explored.set(node.key, clicks);
    queue.push(node);
  };

  try {
    const start = await crawler.visit([]);
    startOptions = offeredOptions(lastReply(start)?.messages ?? []);
    if (lastReply(start) === null) {
      // No open interface and nothing said cannot happen (DEFAULT_SAY): kept for the types' sake.
      throw new Error("the crawl started with no reply");
    }
    reached(start, [], null);
    while (queue.length) {
      const node = queue.shift()!;
      for (const [i, option] of node.options.entries()) {
        if (paths.length >= options.maxPaths) {
          stopped = "max-paths";
          unexplored = node.options.length - i + queue.reduce((n, q) => n + q.options.length, 0);
          queue.length = 0;
          break;
        }
        const clicks = [...node.clicks, option];
        let visit: Visit;
        try {
          visit = await crawler.visit(clicks);
        } catch (error) {
          if (!(error instanceof OutOfTime)) throw error;
          stopped = "timeout";
          unexplored = node.options.length - i + queue.reduce((n, q) => n + q.options.length, 0);
          queue.length = 0;
          break;
        }
        if (visit.unstable) addPath(visit, clicks, { end: "unstable", detail: visit.unstable });
        else reached(visit, clicks, node);
      }
    }
  } catch (error) {
    if (!(error instanceof OutOfTime)) throw error;
    stopped = "timeout";
  }
  const report = reportOf(options, crawler, { paths, startOptions, stopped, unexplored });
  return { report, scenarios };
}

function reportOf(
  options: CrawlOptions,
  crawler: Crawler,
  found: {
    paths: CrawlPath[];
    startOptions: string[];
    stopped: CrawlReport["stopped"];
    unexplored: number;
  },
): CrawlReport {
  const { paths } = found;
  const steps = paths.flatMap((p) => p.steps);
  const findings = steps.flatMap((s) => s.findings);
  const deadEnds = paths.filter((p) => p.end === "dead end").map((p) => ({
    path: p.file,
    clicks: p.clicks,
    kind: p.deadEnd!,
    detail: p.detail,
  }));
  return {
    agent: {
      url: options.url,
      platform: options.platform,
      openUrl: options.openUrl ?? null,
      mode: options.mode,
    },
    bounds: { depth: options.depth, maxPaths: options.maxPaths, timeoutMs: options.timeoutMs },
    start: { said: crawler.say, options: found.startOptions },
    paths,
    deadEnds,
    loops: paths.filter((p) => p.end === "loop").map((p) => ({
      path: p.file,
      clicks: p.clicks,
      backTo: p.backTo ?? [],
    })),
    transfers: paths.filter((p) => p.end === "transfer").map((p) => {
      const transfer = p.steps.at(-1)?.transfer;
      return {
        path: p.file,
        clicks: p.clicks,
        qno: typeof transfer === "object" ? transfer.qno : null,
      };
    }),
    slowest: crawler.slowest,
    findings: {
      errors: findings.filter((f) => f.severity === "error").length,
      warnings: findings.filter((f) => f.severity === "warning").length,
    },
    stopped: found.stopped,
    unexplored: found.unexplored,
    pushes: crawler.pushes,
    elapsedMs: Math.round(crawler.stopwatch()),
    passed: paths.length > 0 && deadEnds.length === 0,
  };
}
