/**
 * The tap's recording: each visitor session the pushes belong to becomes a transcript file (the
 * shape `POST /_emulator/gateway/transcripts` imports), rewritten whole and atomically after every
 * exchange (write beside, flush, rename): a tap killed at any moment, `kill -9` included, leaves
 * the previous version or the new one, never a part.
 *
 * The history is what ccemu's gateway would have recorded (read with its own reply readers). The
 * wire rides along where the transcript format has room for it, so the file stays importable:
 * each exchange goes, as a list element, on `message.tap` of the first message it produced (the
 * visitor's message for a message push, else the first agent message); one that produced none (an
 * open-session call that delivered nothing) goes with the next exchange's.
 */
import { writeFileAtomically } from "../core/atomic-file.ts";
import type { HistoryItem, Session } from "../gateway/schemas.ts";
import type { Transcript } from "../gateway/transcripts.ts";
import type { RelayedPush } from "./relayed-push.ts";
import type { Finished } from "./forward.ts";
import { visitorFromInputs } from "./profile.ts";
import { bodyText, type Platform, type ReceivedPush } from "./push-body.ts";

type RecordedSession = Omit<Session, "importedFrom">;

interface TapSession {
  file: string;
  session: RecordedSession;
  platform: Platform;
  /** Exchanges waiting for a message to ride on. */
  pending: RelayedPush[];
  /** The last write of the file: writes of one file go one after the other. */
  writing: Promise<void>;
}

/** `tap.json`, `tap-2.json`, `tap-3.json`…: the file of the n-th session. */
function nthFile(file: string, n: number): string {
  if (n === 1) return file;
  const dot = file.lastIndexOf(".");
  return dot > file.lastIndexOf("/") && dot > 0
    ? `${file.slice(0, dot)}-${n}${file.slice(dot)}`
    : `${file}-${n}`;
}

async function exists(path: string): Promise<boolean> {
  try {
    await Deno.lstat(path);
    return true;
  } catch (error) {
    if (error instanceof Deno.errors.NotFound) return false;
    throw error;
  }
}

/** History items for one exchange, the wire on the first message (see the module's comment). */
function historyItems(push: ReceivedPush, done: Finished, pending: RelayedPush[]): HistoryItem[] {
  const at = Date.now();
  const arrived = Date.parse(done.exchange.time);
  const via = push.via;
  const items: HistoryItem[] = [];
  if (push.sent) {
    const { messageType, message } = push.sent;
    items.push({ kind: "visitor", at: arrived, messageType, message, journalId: null });
  }
  for (const message of done.delivery.messages) {
    items.push({ kind: "agent", at, via, message: { ...message }, journalId: null });
  }
  const { instruction } = done.delivery;
  if (instruction) items.push({ kind: "instruction", at, instruction, journalId: null });
  if (done.error) {
    const { code, message } = done.error;
    items.push({ kind: "error", at, code, message, journalId: null });
  }
  const carrier = items.find((item) => item.kind === "visitor" || item.kind === "agent");
  pending.push(done.exchange);
  if (carrier) {
    carrier.message = { ...carrier.message, tap: pending.splice(0) };
  }
  return items;
}

export class TapRecording {
  /** Sessions by key; a promise, so that two pushes of a new session at once make one session. */
  #sessions = new Map<string, Promise<TapSession>>();
  #files: string[] = [];
  /** Files are picked one at a time, so that two new sessions at once never pick the same name. */
  #picking: Promise<unknown> = Promise.resolve();
  /** The way pushes have shown so far (the open-session call shows none). */
  #seen: Platform | undefined;

  private constructor(
    readonly file: string,
    readonly agent: string,
    readonly forced?: Platform,
  ) {}

  /**
   * Checks FILE before the tap listens: it must not exist (a recording is never overwritten) and
   * its folder must take a file (a temporary one is made and removed).
   */
  static async open(file: string, agent: string, platform?: Platform): Promise<TapRecording> {
    if (await exists(file)) {
      throw new Error(
        `--record ${file}: the file exists; ccemu tap never overwrites a recording: move it away or name another file.`,
      );
    }
    const probe = `${file}.${Deno.pid}.tmp`;
    try {
      (await Deno.open(probe, { write: true, createNew: true })).close();
      await Deno.remove(probe);
    } catch (error) {
      throw new Error(`--record ${file}: cannot write there: ${(error as Error).message}`);
    }
    return new TapRecording(file, agent, platform);
  }

  /** The way to read a reply by: `--platform`, else what the pushes have shown, else Default. */
  platformFor(push: ReceivedPush): Platform {
    if (push.platform) this.#seen = push.platform;
    return this.forced ?? push.platform ?? this.#seen ?? "Default";
  }

  /** The files started so far, in order. */
  get files(): string[] {
    return [...this.#files];
  }

  /** Adds an exchange to its session; resolves with the file once it is written. */
  async add(push: ReceivedPush, done: Finished): Promise<string> {
    const tapped = await this.#sessionFor(push, done.exchange.time);
    const { session } = tapped;
    tapped.platform = this.platformFor(push);
    if (Object.keys(push.inputs).length) {
      session.inputs = push.inputs;
      session.visitor = visitorFromInputs(push.inputs, session.visitorId, session.sender);
    }
    if (push.via === "message") session.responseMode = push.responseMode;
    session.conversationId ??= done.delivery.conversationId;
    if (done.delivery.instruction?.actionType === "TRANSFER_HUMAN") {
      session.transferred = done.delivery.instruction;
    }
    session.history.push(...historyItems(push, done, tapped.pending));
    const text = JSON.stringify(this.#transcript(tapped), null, 2) + "\n";
    tapped.writing = tapped.writing.catch(() => {}).then(async () => {
      await writeFileAtomically(tapped.file, text);
    });
    await tapped.writing;
    return tapped.file;
  }

  /** Waits for every write under way. */
  async flush(): Promise<void> {
    const sessions = await Promise.all(this.#sessions.values());
    await Promise.allSettled(sessions.map((s) => s.writing));
  }

  #transcript(tapped: TapSession): Transcript {
    return {
      ccemu: "transcript",
      version: 1,
      exportedAt: new Date().toISOString(),
      robot: {
        robotId: tapped.session.robotId,
        name: `agent at ${this.agent} (recorded by ccemu tap)`,
        platform: tapped.platform,
      },
      session: tapped.session,
    };
  }

  #sessionFor(push: ReceivedPush, time: string): Promise<TapSession> {
    let tapped = this.#sessions.get(push.sessionKey);
    if (!tapped) {
      tapped = this.#newSession(push, time);
      this.#sessions.set(push.sessionKey, tapped);
    }
    return tapped;
  }

  async #newSession(push: ReceivedPush, time: string): Promise<TapSession> {
    const picked = this.#picking.then(async () => {
      let n = this.#files.length + 1;
      while (await exists(nthFile(this.file, n))) n++;
      this.#files.push(nthFile(this.file, n));
      return this.#files.at(-1)!;
    });
    this.#picking = picked.catch(() => {});
    const file = await picked;
    const body = push.body ?? {};
    const visitorId = bodyText(body.visitorId) ?? bodyText(body.user) ??
      bodyText(push.inputs.visitorId) ?? "";
    return {
      file,
      platform: this.platformFor(push),
      pending: [],
      writing: Promise.resolve(),
      session: {
        sessionId: bodyText(push.inputs.uniqueId) ?? `tap-${this.#files.length}`,
        robotId: bodyText(body.robotId) ?? bodyText(push.inputs.botId) ?? "(unknown robot)",
        enterpriseId: bodyText(push.inputs.userId) ?? "",
        visitorId,
        sender: bodyText(body.sender) ?? bodyText(body.user) ?? visitorId,
        visitor: visitorId ? { visitorId } : {},
        responseMode: "blocking",
        inputs: {},
        conversationId: null,
        transferred: null,
        createTime: Date.parse(time),
        history: [],
      },
    };
  }
}
