/**
 * The terminal chat: one visitor session with a robot of a ccemu, a line of input at a time. Text
 * is sent as the visitor's message; a number picks an option of the last reply; `/save NAME`
 * writes the conversation as a scenario, `/restart` opens a new session, `/quit` ends. Replies are
 * written as a person reads them (render.ts), a streamed reply chunk by chunk as it arrives, each
 * with its findings and time. Terminal I/O is the caller's: lines in, text out through `write`.
 */
import { monotonicNow } from "../core/clock.ts";
import type { AgentMessage, ResponseMode } from "../gateway/schemas.ts";
import type { AgentTurn } from "../gateway/sessions.ts";
import type { ScenarioRobot } from "../scenarios/schemas.ts";
import { CcemuError, type CcemuLink, type GatewayEvent } from "./ccemu-link.ts";
import { findingLine, outcomeLine, renderMessages } from "./render.ts";
import { scenarioSeen, type SeenTurn } from "./seen-scenario.ts";

export interface ChatOptions {
  link: CcemuLink;
  robotId: string;
  /** How a saved scenario names the robot (so that it replays in another ccemu). */
  robot: ScenarioRobot;
  /** The robot in a few words, for the banner and saved scenarios' descriptions. */
  robotLabel: string;
  mode: ResponseMode;
  /** Writes text as it is (streamed chunks come without a line end). */
  write: (text: string) => void;
  /** Writes a saved scenario's file. */
  saveFile: (path: string, text: string) => Promise<void>;
  /** Repeat each line read, as `you: …`: for input that is not typed on a terminal. */
  echo: boolean;
}

/** How long to wait for the live stream's word that a reply is complete before going on. */
const DELIVERED_WAIT_MS = 2000;

export const CHAT_HELP =
  "Type a message; a number picks an option of the last reply. /save NAME writes the conversation as a scenario, /restart opens a new session, /quit ends.";

export class Chat {
  #sessionId = "";
  #open: AgentTurn | null = null;
  #turns: SeenTurn[] = [];
  #options: string[] = [];
  #streamed = new Map<string, string>();
  #lastChunk: string | null = null;
  #delivered = new Set<number>();
  #waiting: { journalId: number; resolve: () => void } | null = null;
  #listening: { close(): Promise<void> } | null = null;

  constructor(readonly options: ChatOptions) {}

  /** Hears the live events, opens the first session and shows its open-session reply. */
  async start(): Promise<void> {
    this.#listening = await this.options.link.listen((event) => this.#hear(event));
    await this.#openSession();
  }

  /** Stops hearing the live events. */
  async close(): Promise<void> {
    await this.#listening?.close();
  }

  /** Handles one line; answers "quit" when the chat should end. */
  async handle(input: string): Promise<"quit" | undefined> {
    const line = input.trim();
    if (!line) return;
    if (this.options.echo) this.options.write(`you: ${line}\n`);
    const [command, ...rest] = line.split(/\s+/);
    switch (command) {
      case "/quit":
      case "/exit":
        return "quit";
      case "/restart":
        return void await this.#openSession();
      case "/save":
        return void await this.#save(rest.join(" "));
      case "/help":
        return void this.options.write(`${CHAT_HELP}\n`);
    }
    if (line.startsWith("/")) {
      return void this.options.write(`unknown command ${command}. ${CHAT_HELP}\n`);
    }
    if (/^\d+$/.test(line) && this.#options.length > 0) {
      const option = this.#options[Number(line) - 1];
      if (option === undefined) {
        return void this.options.write(
          `no option ${line}: the last reply offered 1 to ${this.#options.length}\n`,
        );
      }
      this.options.write(`  → ${option}\n`);
      return void await this.#send({ option });
    }
    await this.#send({ text: line });
  }

  async #openSession(): Promise<void> {
    const { link, robotId, mode, write } = this.options;
    const started = monotonicNow();
    try {
      const { sessionId, open } = await link.openSession(robotId, mode);
      this.#sessionId = sessionId;
      this.#open = open;
      this.#turns = [];
      this.#options = [];
      write(`session ${sessionId} with ${this.options.robotLabel} (${mode})\n`);
      if (open) this.#show(open, monotonicNow() - started);
    } catch (error) {
      if (!(error instanceof CcemuError)) throw error;
      write(`ccemu: ${error.message}\n`);
    }
  }

  async #send(send: SeenTurn["send"]): Promise<void> {
    if (!this.#sessionId) return void this.options.write("no session: /restart opens one\n");
    this.#streamed.clear();
    this.#delivered.clear();
    this.#lastChunk = null;
    const started = monotonicNow();
    let exchange: AgentTurn;
    try {
      exchange = await this.options.link.send(
        this.#sessionId,
        "text" in send ? send.text : send.option,
      );
    } catch (error) {
      if (!(error instanceof CcemuError)) throw error;
      return void this.options.write(`ccemu: ${error.message}\n`);
    }
    const elapsed = monotonicNow() - started;
    await this.#deliveredOf(exchange.journalId);
    if (this.#lastChunk !== null) this.options.write("\n");
    this.#turns.push({ send, reply: exchange });
    this.#show(exchange, elapsed);
  }

  /** Waits until the live stream has passed every chunk of the exchange (its `delivered`). */
  #deliveredOf(journalId: number): Promise<void> {
    if (this.#delivered.has(journalId)) return Promise.resolve();
    return new Promise<void>((resolve) => {
      const timer = setTimeout(done, DELIVERED_WAIT_MS);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.#waiting = { journalId, resolve: done };
    });
  }

  /** A live event: a chunk of this session's reply is written at once. */
  #hear(event: GatewayEvent): void {
    if (event.sessionId !== this.#sessionId) return;
    const detail = event.detail ?? {};
    if (event.change === "delivered" && typeof detail.journalId === "number") {
      this.#delivered.add(detail.journalId);
      if (this.#waiting?.journalId === detail.journalId) {
        this.#waiting.resolve();
        this.#waiting = null;
      }
    } else if (event.change === "chunk") {
      const id = String(detail.messageId), text = String(detail.text ?? "");
      if (this.#lastChunk !== id) {
        this.options.write(`${this.#lastChunk === null ? "" : "\n"}agent: `);
        this.#lastChunk = id;
      }
      this.#streamed.set(id, (this.#streamed.get(id) ?? "") + text);
      this.options.write(text.replaceAll("\n", "\n  "));
    }
  }

  /** The reply as a person reads it, then its findings and time. */
  #show(exchange: AgentTurn, elapsedMs: number): void {
    // Text that streamed in whole was written already; anything else is written now.
    const shown = (m: AgentMessage) =>
      m.messageId !== undefined && this.#streamed.has(m.messageId) &&
      this.#streamed.get(m.messageId) === m.content?.content;
    const rendered = renderMessages(exchange.messages, shown);
    const lines: string[] = [];
    for (const message of rendered.messages) {
      message.forEach((line, i) => lines.push(i === 0 ? `agent: ${line}` : `  ${line}`));
    }
    const outcome = outcomeLine(exchange);
    if (outcome) lines.push(`agent: ${outcome}`);
    lines.push(...exchange.findings.map((f) => `  ${findingLine(f)}`));
    this.#options = rendered.options;
    const pick = rendered.options.length
      ? `; type 1 to ${rendered.options.length} to pick an option`
      : "";
    lines.push(`  (${Math.round(elapsedMs)} ms${pick})`);
    this.options.write(lines.join("\n") + "\n");
  }

  async #save(name: string): Promise<void> {
    const { write } = this.options;
    if (!name) return void write("usage: /save NAME (writes NAME.json)\n");
    if (this.#turns.length === 0) return void write("nothing to save yet: send a message first\n");
    const file = name.endsWith(".json") ? name : `${name}.json`;
    const title = file.split("/").at(-1)!.replace(/\.json$/, "");
    const scenario = scenarioSeen({
      name: title,
      description:
        `Saved from ccemu chat with ${this.options.robotLabel} (session ${this.#sessionId}).`,
      robot: this.options.robot,
      responseMode: this.options.mode,
      open: this.#open,
      turns: this.#turns,
    });
    try {
      await this.options.saveFile(file, JSON.stringify(scenario, null, 2) + "\n");
    } catch (error) {
      return void write(`cannot save ${file}: ${(error as Error).message}\n`);
    }
    write(`saved ${file}: ${this.#turns.length} steps (replay: ccemu replay ${file})\n`);
  }
}
