/**
 * The one way the UI talks to ccemu: requests to the control API and the live event stream
 * (`/_emulator/events`), shared by every view's controller. A failed action is reported once, to
 * `onProblem` (the app's problem bar), instead of being thrown at the view.
 */
import type { PublicKey } from "../../emulator/control/state-routes.ts";
import type { LiveEvent } from "../../emulator/core/events.ts";

/** A signed operation's answer: `result`, or fields of its own, or the vendor's error. */
type SignedAnswer<T> = {
  requestId?: string;
  result?: T;
  error?: { code: string; message: string };
  [field: string]: unknown;
};

/** A control-API request ccemu refused, with its vendor code (not the emulator's ApiError). */
export class RequestFailed extends Error {
  constructor(readonly code: string, message: string) {
    super(message);
  }
}

type LiveType = LiveEvent["type"];

export class ControlClient {
  /** Told of every action that failed, with ccemu's message. */
  onProblem: (message: string) => void = () => {};
  #events?: EventSource;
  #listeners = new Map<LiveType, Set<(data: never) => void>>();

  async request<T = Record<string, unknown>>(
    method: string,
    path: string,
    body?: unknown,
  ): Promise<T> {
    const response = await fetch(path, {
      method,
      headers: body === undefined ? {} : { "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = await response.json();
    if (!response.ok) {
      throw new RequestFailed(
        json?.error?.code ?? String(response.status),
        json?.error?.message ?? response.statusText,
      );
    }
    return json as T;
  }

  /**
   * Sends a signed operation ("POST /gateway/task_create") the way a client would: ccemu signs it
   * with the tenant's first full-permission key (`/_emulator/api/send`, the browser holds no
   * secret), so the journal shows exactly what a client sends. Answers the vendor's `result`, or
   * the fields beside `requestId` where the operation has no `result`; a vendor error is thrown
   * with its code and message.
   */
  async signed<T = Record<string, unknown>>(
    operation: string,
    params: Record<string, unknown>,
    query?: Record<string, string>,
  ): Promise<T> {
    const { keys } = await this.request<{ keys: PublicKey[] }>("GET", "/_emulator/keys");
    const key = keys.find((k) => k.permissions.includes("*"));
    if (!key) throw new RequestFailed("NoAccessKey", "No access key with every permission.");
    const sent = await this.request<{ body: SignedAnswer<T> }>(
      "POST",
      "/_emulator/api/send",
      { operation, params, query, accessKeyId: key.accessKeyId },
    );
    const { error, result, requestId: _, ...fields } = sent.body;
    if (error) {
      throw new RequestFailed(error.code, `${operation.split("/").at(-1)}: ${error.message}`);
    }
    // Most operations answer in `result`; some answer beside `requestId` (create_faq's `id`, the
    // media links' `url`): then those fields are the answer.
    return (result ?? fields) as T;
  }

  /** Runs an action; a failure goes to `onProblem` rather than being thrown. */
  async attempt(work: () => Promise<unknown>): Promise<void> {
    try {
      await work();
    } catch (error) {
      this.onProblem((error as Error).message);
    }
  }

  /** Hears one type of live event (parsed JSON); answers the way to stop hearing it. */
  on<T>(type: LiveType, listener: (event: T) => void): () => void {
    let set = this.#listeners.get(type);
    if (!set) this.#listeners.set(type, set = new Set());
    set.add(listener as (data: never) => void);
    return () => set.delete(listener as (data: never) => void);
  }

  /** (Re)opens the live event stream. */
  connect(): void {
    this.#events?.close();
    const events = new EventSource("/_emulator/events");
    for (const type of ["journal", "gateway", "state"] as const) {
      events.addEventListener(type, (e) => {
        const data = JSON.parse((e as MessageEvent).data) as never;
        for (const listener of this.#listeners.get(type) ?? []) listener(data);
      });
    }
    this.#events = events;
  }

  close(): void {
    this.#events?.close();
  }
}

/** The types the UI shows are the emulator's own, as the control API answers them in JSON. */
export type { Entry as JournalEntry } from "../../emulator/app.ts";
export type { SentAnswer } from "../../emulator/control/api-routes.ts";
export type { LiveEvent, PublicKey };
export type { FaultRule } from "../../emulator/faults/schemas.ts";
export type { Stub, StubInput } from "../../emulator/stubs/schemas.ts";
export type {
  AddRobotInput,
  AgentMessage,
  Finding,
  HistoryItem,
  PushRecord,
  Robot,
  Session,
} from "../../emulator/gateway/schemas.ts";
export type { SessionSummary } from "../../emulator/gateway/sessions.ts";
export type { DirectoryNode } from "../../emulator/kb/answers.ts";
export type { FaqRow, FileRow, KbItems, RepositoryRow } from "../../emulator/kb/console-views.ts";
export type { QaReply } from "../../emulator/kb/qa.ts";
export type { SearchHit } from "../../emulator/kb/search.ts";
export type { CallbackCheck, DeliveryRow } from "../../emulator/outbound/callback-urls.ts";
export type { CallDetail } from "../../emulator/outbound/calls.ts";
export type { CallRow, ConsoleResources, TaskRow } from "../../emulator/outbound/console-views.ts";
export type { Account, CallbackUrl } from "../../emulator/outbound/schemas.ts";
export type { ImportAnswer } from "../../emulator/outbound/tasks.ts";
export type { Check, ScenarioReport, StepReport } from "../../emulator/scenarios/runner.ts";
export type { RunSummary, ScenarioSummary } from "../../emulator/scenarios/summaries.ts";
export type { LoadReport, StepVerdict } from "../../emulator/agent-load/report.ts";
export type { TimelinePoint } from "../../emulator/agent-load/tally.ts";
export type { Comparison, ScenarioRow, StepRow } from "../../emulator/scenarios/compare.ts";
export type { DiffRun } from "../../emulator/scenarios/text-diff.ts";
export type { CoreOverview } from "../../emulator/control/overview.ts";
/** What `GET /_emulator/clock` answers. */
export type ClockStatus = ReturnType<
  typeof import("../../emulator/control/clock-routes.ts").clockReading
>;
export type { FaultsOverview } from "../../emulator/faults/overview.ts";
export type { StubsOverview } from "../../emulator/stubs/overview.ts";
export type { GatewayOverview } from "../../emulator/gateway/overview.ts";
export type { KbOverview } from "../../emulator/kb/overview.ts";
export type { OutboundOverview } from "../../emulator/outbound/overview.ts";
