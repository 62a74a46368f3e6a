/**
 * The Conversations view's controller: registered robots and the chosen one, the session list,
 * the sessions open as tabs, the shown session and what is streaming into it; opening, switching,
 * closing and deleting sessions, importing transcripts, sending messages, adding an agent by URL.
 */
import { ViewController } from "../common/view-controller.ts";
import type {
  AddRobotInput,
  LiveEvent,
  Robot,
  Session,
  SessionSummary,
} from "../common/control-client.ts";

/** A visitor session's live event (`/_emulator/events`, type `gateway`). */
type GatewayEvent = Extract<LiveEvent, { type: "gateway" }>;

/** Whether a registered robot is the agent described: same URL, way and open path. */
export function sameAgent(robot: Robot, agent: AddRobotInput): boolean {
  let url: URL;
  try {
    url = new URL(agent.url);
  } catch {
    return false;
  }
  const uri = (type: string) => robot.pushConfigList.find((c) => c.type === type)?.uri ?? "";
  return robot.domain === url.origin && uri("Message") === url.pathname + url.search &&
    robot.platform === agent.platform && uri("Open") === (agent.openPath ?? "");
}

/** Why a picked file is not a transcript to import, or "" when it is one. */
export function notTranscript(file: unknown): string {
  const kind = file && typeof file === "object" && !Array.isArray(file)
    ? (file as Record<string, unknown>).ccemu
    : undefined;
  if (kind === "transcript") return "";
  const what = kind === undefined
    ? 'no "ccemu": "transcript" field'
    : `its "ccemu" field says ${JSON.stringify(kind)}`;
  return `This is not a ccemu transcript (${what}): export one with "Export transcript" on a ` +
    "session, or record one with ccemu tap.";
}

/** The tabs survive a reload of this browser tab (sessionStorage), not a new window. */
const TABS_KEY = "ccemu.tabs";

export class ConversationController extends ViewController {
  robots: Robot[] = [];
  robotId = "sample-default";
  /** The robot the user just added (the view confirms it). */
  added: Robot | null = null;
  /** The robot "added" was already registered: it was picked, not added again. */
  existing = false;
  sessions: SessionSummary[] = [];
  tabs: string[] = JSON.parse(sessionStorage.getItem(TABS_KEY) ?? "[]");
  session: Session | null = null;
  streaming: { messageId: string; text: string }[] = [];
  /** A visitor's action is under way: the chat waits for it. */
  busy = false;
  /** What the visitor just sent, shown at once while the gateway pushes it and the agent answers. */
  pending: { text?: string; image?: string } | null = null;

  protected override listen(): (() => void)[] {
    return [
      this.client.on<GatewayEvent>("gateway", (event) => this.#gateway(event)),
      this.client.on<{ change: string }>("state", (event) => {
        if (event.change.startsWith("robot-")) this.client.attempt(() => this.loadRobots());
        if (event.change === "reset" || event.change === "snapshot-imported") {
          this.#setTabs([]);
          this.session = null;
        }
      }),
    ];
  }

  async loadRobots(): Promise<void> {
    this.robots =
      (await this.client.request<{ robots: Robot[] }>("GET", "/_emulator/gateway/robots")).robots;
    if (!this.robots.some((r) => r.robotId === this.robotId)) {
      this.robotId = this.robots[0]?.robotId ?? "";
    }
    this.host.requestUpdate();
  }

  async loadSessions(): Promise<void> {
    this.sessions = (await this.client.request<{ sessions: SessionSummary[] }>(
      "GET",
      "/_emulator/gateway/sessions",
    )).sessions;
    const known = new Set(this.sessions.map((s) => s.sessionId));
    this.#setTabs(this.tabs.filter((id) => known.has(id)));
    this.host.requestUpdate();
  }

  /** Shows a session (and opens its tab); an unknown id shows none and says so. */
  async loadSession(sessionId: string): Promise<void> {
    try {
      this.session = await this.client.request<Session>(
        "GET",
        `/_emulator/gateway/sessions/${sessionId}`,
      );
      if (!this.tabs.includes(sessionId)) this.#setTabs([...this.tabs, sessionId]);
    } catch (error) {
      // A link to a session that is gone (deleted, reset) says so, as "No task N" does.
      this.session = null;
      this.client.onProblem(`No session ${sessionId}: ${(error as Error).message}`);
    }
    this.host.requestUpdate();
  }

  pickRobot(robotId: string) {
    this.robotId = robotId;
    this.host.requestUpdate();
  }

  openSession(detail: { robotId: string; visitor: unknown; responseMode: string }) {
    // The chat leaves the old session at once: nothing typed meanwhile may go to it.
    this.session = null;
    this.streaming = [];
    return this.#act(async () => {
      const { session } = await this.client.request<{ session: Session }>(
        "POST",
        "/_emulator/gateway/sessions",
        detail,
      );
      // Loaded before the address names it: the address then finds it shown, and loads nothing.
      await this.loadSession(session.sessionId);
      location.hash = `conversations/${session.sessionId}`;
    });
  }

  closeTab(sessionId: string) {
    const index = this.tabs.indexOf(sessionId);
    this.#setTabs(this.tabs.filter((id) => id !== sessionId));
    if (this.session?.sessionId === sessionId) {
      const next = this.tabs[Math.min(index, this.tabs.length - 1)];
      this.session = null;
      location.hash = next ? `conversations/${next}` : "conversations";
    }
    this.host.requestUpdate();
  }

  deleteSession(sessionId: string) {
    return this.client.attempt(async () => {
      await this.client.request("DELETE", `/_emulator/gateway/sessions/${sessionId}`);
      this.closeTab(sessionId);
      await this.loadSessions();
    });
  }

  /** Deletes every session (this area only): no tab is left, the chat shows none. */
  clearSessions() {
    return this.client.attempt(async () => {
      await this.client.request("DELETE", "/_emulator/gateway/sessions");
      this.#setTabs([]);
      this.session = null;
      location.hash = "conversations";
      await this.loadSessions();
    });
  }

  importTranscript(transcript: unknown) {
    const problem = notTranscript(transcript);
    if (problem) return this.client.onProblem(problem);
    return this.client.attempt(async () => {
      const session = await this.client.request<Session>(
        "POST",
        "/_emulator/gateway/transcripts",
        transcript,
      );
      location.hash = `conversations/${session.sessionId}`;
    });
  }

  send(body: { text?: string; image?: { fileName: string } }) {
    const session = this.session;
    if (!session) return;
    this.pending = { text: body.text, image: body.image?.fileName };
    return this.#act(async () => {
      try {
        await this.client.request(
          "POST",
          `/_emulator/gateway/sessions/${session.sessionId}/messages`,
          body,
        );
        this.streaming = [];
        await this.loadSession(session.sessionId);
      } finally {
        this.pending = null; // the session's history holds the message now, or the send failed
      }
    });
  }

  /**
   * Adds an agent by URL; one the picker already holds (same URL, way and open path) is picked
   * instead of registered twice, and `existing` says so.
   */
  addRobot(detail: AddRobotInput) {
    const same = this.robots.find((r) => sameAgent(r, detail));
    if (same) {
      this.robotId = same.robotId;
      this.added = same;
      this.existing = true;
      this.host.requestUpdate();
      return;
    }
    return this.client.attempt(async () => {
      const robot = await this.client.request<Robot>("POST", "/_emulator/gateway/robots", detail);
      this.robots = [...this.robots.filter((r) => r.robotId !== robot.robotId), robot];
      this.robotId = robot.robotId;
      this.added = robot;
      this.existing = false;
      this.host.requestUpdate();
    });
  }

  /** Removes a robot (and its sessions); the picker falls back to the first one left. */
  removeRobot(robotId: string) {
    return this.client.attempt(async () => {
      await this.client.request("DELETE", `/_emulator/gateway/robots/${robotId}`);
      if (this.added?.robotId === robotId) this.added = null;
      await this.loadRobots();
      await this.loadSessions();
    });
  }

  /** Sets a robot's time-outs (milliseconds). */
  setTimeouts(
    detail: { robotId: string; timeouts: { blockingMs?: number; streamIdleMs?: number } },
  ) {
    return this.client.attempt(async () => {
      const robot = await this.client.request<Robot>(
        "PATCH",
        `/_emulator/gateway/robots/${detail.robotId}`,
        { timeouts: detail.timeouts },
      );
      this.robots = this.robots.map((r) => (r.robotId === robot.robotId ? robot : r));
      this.host.requestUpdate();
    });
  }

  #setTabs(tabs: string[]) {
    this.tabs = tabs;
    sessionStorage.setItem(TABS_KEY, JSON.stringify(tabs));
  }

  /** A visitor's action: the chat is busy until it is done. */
  async #act(work: () => Promise<unknown>) {
    this.busy = true;
    this.host.requestUpdate();
    await this.client.attempt(work);
    this.busy = false;
    this.host.requestUpdate();
  }

  /**
   * Streamed chunks grow the reply on screen; a delivered reply reloads the session; any change to
   * a session refreshes the list (its last line, findings, transfer).
   */
  #gateway(event: GatewayEvent) {
    if (event.change !== "chunk") this.#listSoon();
    if (event.sessionId !== this.session?.sessionId) return;
    if (event.change === "chunk") {
      const { messageId, text } = event.detail as { messageId: string; text: string };
      const current = this.streaming.find((s) => s.messageId === messageId);
      this.streaming = current
        ? this.streaming.map((s) => (s === current ? { messageId, text: s.text + text } : s))
        : [...this.streaming, { messageId, text }];
      this.host.requestUpdate();
    } else if (event.change === "delivered") {
      this.streaming = [];
      // A send in flight loads the session itself when its push returns: one refresh an action.
      if (!this.busy) this.loadSession(event.sessionId);
    }
  }

  #listTimer?: ReturnType<typeof setTimeout>;

  /** The session list once for the events of one push (opened, message, delivered…). */
  #listSoon() {
    clearTimeout(this.#listTimer);
    this.#listTimer = setTimeout(() => this.client.attempt(() => this.loadSessions()), 50);
  }
}
