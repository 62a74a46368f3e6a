/**
 * A ccemu's control API, as the terminal chat drives it: add an agent by URL, read a robot, open a
 * visitor session, send a message (ccemu pushes it through its gateway and answers the exchange),
 * and hear the live events (a streamed reply's chunks as they arrive). The same calls reach the
 * ccemu the chat starts in its own process and one already running elsewhere.
 */
import { createParser } from "npm:eventsource-parser@4.1.3";
import type { LiveEvent } from "../core/events.ts";
import type { ResponseMode, Robot } from "../gateway/schemas.ts";
import type { AgentTurn } from "../gateway/sessions.ts";

/** ccemu could not be reached, or refused a call: the message says which and why. */
export class CcemuError extends Error {}

/** A gateway event of the live stream. */
export type GatewayEvent = Extract<LiveEvent, { type: "gateway" }>;

export class CcemuLink {
  constructor(readonly url: string) {}

  async #call<T>(method: string, path: string, body?: unknown): Promise<T> {
    let response: Response;
    try {
      response = await fetch(`${this.url}${path}`, {
        method,
        ...(body === undefined
          ? {}
          : { headers: { "content-type": "application/json" }, body: JSON.stringify(body) }),
      });
    } catch (error) {
      throw new CcemuError(
        `cannot reach ccemu at ${this.url}: ${(error as Error).message}; is it running?`,
      );
    }
    const json = await response.json().catch(() => null);
    if (!response.ok) {
      throw new CcemuError(
        json?.error?.message ?? `ccemu answered HTTP ${response.status} to ${method} ${path}`,
      );
    }
    return json as T;
  }

  /** Adds an agent by its URL; answers the robot ccemu registered. */
  addAgent(input: {
    name: string;
    url: string;
    openPath?: string;
    platform: "Default" | "PlatformA";
    token?: string;
  }): Promise<Robot> {
    return this.#call("POST", "/_emulator/gateway/robots", input);
  }

  /** One robot, or a CcemuError naming the robots there are. */
  robot(robotId: string): Promise<Robot> {
    return this.#call("GET", `/_emulator/gateway/robots/${encodeURIComponent(robotId)}`);
  }

  /** Opens a visitor session: the open-session call's exchange comes back with it, if any. */
  openSession(
    robotId: string,
    responseMode: ResponseMode,
  ): Promise<{ sessionId: string; open: AgentTurn | null }> {
    return this.#call("POST", "/_emulator/gateway/sessions", {
      robotId,
      responseMode,
      visitor: { name: "ccemu chat" },
    });
  }

  /** Sends a visitor's text and answers the agent's whole reply. */
  send(sessionId: string, text: string): Promise<AgentTurn> {
    return this.#call("POST", `/_emulator/gateway/sessions/${sessionId}/messages`, { text });
  }

  /**
   * Hears the gateway's live events until `close()`; resolves once ccemu has said hello, so that
   * nothing sent after it is missed.
   */
  async listen(onEvent: (event: GatewayEvent) => void): Promise<{ close(): Promise<void> }> {
    const abort = new AbortController();
    let response: Response;
    try {
      response = await fetch(`${this.url}/_emulator/events?types=gateway`, {
        signal: abort.signal,
      });
    } catch (error) {
      throw new CcemuError(`cannot reach ccemu at ${this.url}: ${(error as Error).message}`);
    }
    if (!response.ok || !response.body) {
      await response.body?.cancel();
      throw new CcemuError(`ccemu answered HTTP ${response.status} to its live events`);
    }
    let hello = () => {};
    const said = new Promise<void>((resolve) => (hello = resolve));
    const parser = createParser({
      onEvent: (event) => {
        if (event.event === "hello") hello();
        else if (event.event === "gateway") onEvent(JSON.parse(event.data) as GatewayEvent);
      },
    });
    const reading = (async () => {
      const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
      try {
        while (true) {
          const { value, done } = await reader.read();
          if (done) break;
          parser.feed(value);
        }
      } catch { /* aborted at close, or ccemu went away: the chat goes on without chunks */ }
      hello();
    })();
    await said;
    return {
      async close() {
        abort.abort();
        await reading;
      },
    };
  }
}
