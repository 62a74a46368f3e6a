/**
 * The Conversations view's controller: registered robots, the open visitor session and what is
 * streaming into it; opening sessions, sending messages, adding an agent by URL.
 */
import { ViewController } from "./view-controller.ts";
import type { Robot, Session } from "../control-client.ts";

interface GatewayEvent {
  change: string;
  sessionId: string;
  detail?: Record<string, unknown>;
}

export class ConversationController extends ViewController {
  robots: Robot[] = [];
  session: Session | null = null;
  streaming: { messageId: string; text: string }[] = [];
  /** A visitor's action is under way: the chat waits for it. */
  busy = false;

  protected override listen(): (() => void)[] {
    return [
      this.client.on<GatewayEvent>("gateway", (event) => this.#gateway(event)),
      this.client.on<{ change: string }>("state", (event) => {
        if (event.change.startsWith("robot-")) this.client.attempt(() => this.loadRobots());
      }),
    ];
  }

  async loadRobots(): Promise<void> {
    this.robots =
      (await this.client.request<{ robots: Robot[] }>("GET", "/_emulator/gateway/robots")).robots;
    this.host.requestUpdate();
  }

  async loadSession(sessionId: string): Promise<void> {
    try {
      this.session = await this.client.request<Session>(
        "GET",
        `/_emulator/gateway/sessions/${sessionId}`,
      );
    } catch {
      this.session = null;
    }
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
      this.session = session;
      this.streaming = [];
      location.hash = `conversations/${session.sessionId}`;
      await this.loadSession(session.sessionId);
    });
  }

  send(body: unknown) {
    const session = this.session;
    if (!session) return;
    return this.#act(async () => {
      await this.client.request(
        "POST",
        `/_emulator/gateway/sessions/${session.sessionId}/messages`,
        body,
      );
      this.streaming = [];
      await this.loadSession(session.sessionId);
    });
  }

  addRobot(detail: unknown) {
    return this.client.attempt(async () => {
      const robot = await this.client.request<Robot>("POST", "/_emulator/gateway/robots", detail);
      this.robots = [...this.robots, robot];
      this.host.requestUpdate();
    });
  }

  /** A visitor's action: the chat is busy until it is done. */
  async #act(work: () => Promise<unknown>) {
    this.busy = true;
    this.host.requestUpdate();
    await this.client.attempt(work);
    this.busy = false;
    this.host.requestUpdate();
  }

  /** Streamed chunks grow the reply on screen; a delivered reply reloads the session. */
  #gateway(event: GatewayEvent) {
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
      this.loadSession(event.sessionId);
    }
  }
}
