/**
 * The crawler: opens a visitor session with an agent and clicks every option it offers, breadth
 * first, through the gateway's own sessions and pushes (the same checks, time-outs and findings a
 * visitor gets). A conversation cannot go back, so every path is a fresh session that clicks its
 * way from the start. A path ends at an answer without options, a transfer, a dead end (an error,
 * nothing, or the same menu back), a loop (a menu from earlier on the path), a menu another path
 * already explores, or the depth; the walk stops at the most paths or at the time budget. Only the
 * agent's own interfaces are ever pushed to: links and images in its replies are never fetched.
 */
import type { ResponseMode, Robot } from "../gateway/schemas.ts";
import { type AgentTurn, openSession, sendMessage } from "../gateway/sessions.ts";
import type { GatewayStore } from "../gateway/store.ts";
import { offeredOptions } from "../scenarios/runner.ts";
import { portableRobot } from "../scenarios/robots.ts";
import {
  type CrawlPath,
  type CrawlReport,
  type CrawlResult,
  type CrawlStep,
  type Ending,
  reportOf,
  stepOf,
} from "./crawl-report.ts";
import { classify, menuKey, type Node } from "./path-ends.ts";
import { scenarioSeen, type SeenSend } from "./seen-scenario.ts";

export type { CrawlPath, CrawlReport, CrawlResult, CrawlStep } from "./crawl-report.ts";

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

/** A push and what came back, timed. */
interface Turn {
  send: SeenSend;
  exchange: AgentTurn;
  elapsedMs: number;
}

/** A visit: one session from the start down a list of clicks, as far as it got. */
interface Visit {
  open: AgentTurn | null;
  openMs: number;
  turns: Turn[];
  /** Why the visit could not follow its clicks again (the agent answered differently). */
  unstable: string | null;
}

/** Thrown when the time budget ran out: the crawl stops where it is. */
class OutOfTime extends Error {}

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
  #timed(exchange: AgentTurn | null, elapsedMs: number, clicks: string[], sent: string) {
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
    const number = String(scenarios.length + 1).padStart(3, "0");
    const file = writes ? `path-${number}.json` : null;
    paths.push({ file, clicks, ...ending, steps: stepsOf(visit) });
    if (!file) return;
    const title = clicks.length ? clicks.join(" › ") : "the start";
    scenarios.push({
      file,
      scenario: scenarioSeen({
        name: `crawl ${number}: ${title}`,
        description: `Crawled from ${options.url}: ${ending.end} (${ending.detail}).`,
        robot,
        responseMode: options.mode,
        open: visit.open,
        turns: visit.turns.map((t) => ({ send: t.send, reply: t.exchange })),
      }),
    });
  };

  const reached = (visit: Visit, clicks: string[], parent: Node | null) => {
    // A visit always has a reply: the open call's, or one to what the visitor said (DEFAULT_SAY).
    const reply = lastReply(visit)!;
    const ending = classify(reply, parent, explored, options.depth - clicks.length);
    if (ending) return addPath(visit, clicks, ending);
    const offered = offeredOptions(reply.messages);
    const node: Node = {
      clicks,
      options: offered,
      key: menuKey(offered),
      ancestors: new Map(parent?.ancestors),
    };
    node.ancestors.set(node.key, clicks);
    explored.set(node.key, clicks);
    queue.push(node);
  };

  try {
    const start = await crawler.visit([]);
    startOptions = offeredOptions(lastReply(start)?.messages ?? []);
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
  const report = reportOf({
    agent: {
      url: options.url,
      platform: options.platform,
      openUrl: options.openUrl ?? null,
      mode: options.mode,
    },
    bounds: { depth: options.depth, maxPaths: options.maxPaths, timeoutMs: options.timeoutMs },
  }, {
    paths,
    start: { said: crawler.say, options: startOptions },
    stopped,
    unexplored,
    slowest: crawler.slowest,
    pushes: crawler.pushes,
    elapsedMs: crawler.stopwatch(),
  });
  return { report, scenarios };
}
