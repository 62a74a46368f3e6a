/**
 * `<ccemu-app>`: the one component that talks to the network (the control API and the live event
 * stream). It holds what the views show and passes it down; the views send what the user does back
 * up as events. State lives in ccemu, so a reload shows the same thing (the URL hash keeps the view
 * and the open session).
 */
import { css, html, LitElement, nothing } from "lit";
import { customElement, state } from "lit/decorators.js";
import { api, type Finding, type JournalEntry, type Robot, type Session } from "./api.ts";
import "./conversation-view.ts";
import "./inspector-view.ts";
import "./kb-view.ts";
import "./outbound-view.ts";
import "./scenarios-view.ts";
import type { Directory } from "./kb-view.ts";
import type { CallDetail, CallRow, TaskRow } from "./outbound-view.ts";
import type { ScenarioReport, ScenarioSummary } from "./scenarios-view.ts";
import { shared } from "./styles.ts";

const VIEWS = [
  ["conversations", "Conversations"],
  ["inspector", "Inspector"],
  ["scenarios", "Scenarios"],
  ["outbound", "Outbound"],
  ["kb", "Knowledge base"],
] as const;
type View = (typeof VIEWS)[number][0];
const MAX_ENTRIES = 5000;

type Hit = { id: string; knowledgeType: string; name: string; content: string };

@customElement("ccemu-app")
export class App extends LitElement {
  static override styles = [
    shared,
    css`
      :host {
        display: flex;
        flex-direction: column;
        height: 100vh;
        background: var(--ground);
      }
      header {
        display: flex;
        align-items: center;
        gap: 16px;
        padding: 8px 14px;
        background: #1d2330;
        color: #fff;
      }
      header strong {
        font-size: 15px;
      }
      nav {
        display: flex;
        gap: 4px;
      }
      nav button {
        background: transparent;
        color: #c9d3ea;
        border-color: transparent;
      }
      nav button[aria-current="page"] {
        background: #34405a;
        color: #fff;
      }
      .clock {
        margin-left: auto;
        font-size: 12px;
        color: #c9d3ea;
      }
      main {
        flex: 1;
        min-height: 0;
        padding: 12px;
      }
      main > * {
        height: 100%;
      }
      .problem {
        display: flex;
        gap: 8px;
        align-items: center;
        padding: 6px 14px;
        background: #fdecea;
      }
    `,
  ];

  @state()
  accessor view: View = "conversations";
  @state()
  accessor robots: Robot[] = [];
  @state()
  accessor session: Session | null = null;
  @state()
  accessor streaming: { messageId: string; text: string }[] = [];
  @state()
  accessor entries: JournalEntry[] = [];
  @state()
  accessor selectedId: number | null = null;
  @state()
  accessor curl = "";
  @state()
  accessor busy = false;
  @state()
  accessor problem = "";
  @state()
  accessor clock = "";

  @state()
  accessor scenarios: ScenarioSummary[] = [];
  @state()
  accessor report: ScenarioReport | null = null;
  @state()
  accessor running = false;
  @state()
  accessor tasks: TaskRow[] = [];
  @state()
  accessor taskId = 0;
  @state()
  accessor calls: CallRow[] = [];
  @state()
  accessor call: CallDetail | null = null;
  @state()
  accessor account: {
    enterpriseId: string;
    aiSeats: number;
    smsBalance: number;
    aiExpiresAt: number | null;
  } | null = null;
  @state()
  accessor repositories: { id: number; name: string; kind: string }[] = [];
  @state()
  accessor repositoryId = 0;
  @state()
  accessor tree: { FAQ: Directory[]; FILE: Directory[] } = { FAQ: [], FILE: [] };
  @state()
  accessor kbItems = { faqs: [], files: [] };
  @state()
  accessor hits: { id: string; knowledgeType: string; name: string; content: string }[] | null =
    null;

  #events?: EventSource;

  override connectedCallback() {
    super.connectedCallback();
    this.#readHash();
    addEventListener("hashchange", this.#readHash);
    this.#load();
  }

  override disconnectedCallback() {
    super.disconnectedCallback();
    removeEventListener("hashchange", this.#readHash);
    this.#events?.close();
  }

  #readHash = () => {
    const [view, sessionId] = location.hash.slice(1).split("/");
    if (VIEWS.some(([v]) => v === view) && view !== this.view) {
      this.view = view as View;
      this.#loadView();
    }
    if (sessionId && sessionId !== this.session?.sessionId) this.#loadSession(sessionId);
  };

  #go(view: View) {
    this.view = view;
    location.hash = this.session ? `${view}/${this.session.sessionId}` : view;
    this.#loadView();
  }

  /** Runs requests; a failure shows in the problem bar rather than being thrown. */
  async #try(work: () => Promise<unknown>) {
    try {
      await work();
    } catch (error) {
      this.problem = (error as Error).message;
    }
  }

  /** What the current view shows, fetched when it opens. */
  #loadView() {
    return this.#try(async () => {
      if (this.view === "scenarios") {
        this.scenarios =
          (await api<{ scenarios: ScenarioSummary[] }>("GET", "/_emulator/scenarios")).scenarios;
      } else if (this.view === "outbound") {
        await this.#loadOutbound();
      } else if (this.view === "kb") {
        this.repositories =
          (await api<{ repositories: { id: number; name: string; kind: string }[] }>(
            "GET",
            "/_emulator/kb/repositories",
          )).repositories;
        if (!this.repositoryId && this.repositories[0]) {
          await this.#pickRepository(this.repositories[0].id);
        }
      }
    });
  }

  async #loadOutbound() {
    this.tasks = (await api<{ tasks: TaskRow[] }>("GET", "/_emulator/outbound/tasks")).tasks;
    const enterpriseId = this.tasks[0]?.enterpriseId ?? "7000001";
    this.account = {
      enterpriseId,
      ...(await api<{ aiSeats: number; smsBalance: number; aiExpiresAt: number | null }>(
        "GET",
        `/_emulator/outbound/accounts/${enterpriseId}`,
      )),
    };
    if (this.taskId) this.calls = await this.#callsOf(this.taskId);
  }

  async #callsOf(callJobId: number) {
    return (await api<{ calls: CallRow[] }>("GET", `/_emulator/outbound/tasks/${callJobId}/calls`))
      .calls;
  }

  async #runScenario(detail: { name: string; robotId?: string }) {
    this.running = true;
    await this.#try(async () => {
      const body = detail.robotId
        ? {
          scenario: {
            ...(await api<Record<string, unknown>>(
              "GET",
              `/_emulator/scenarios/${encodeURIComponent(detail.name)}`,
            )),
            robot: { robotId: detail.robotId },
          },
        }
        : { name: detail.name };
      this.report = await api<ScenarioReport>("POST", "/_emulator/scenarios/replay", body);
    });
    this.running = false;
  }

  async #pickTask(callJobId: number) {
    this.taskId = callJobId;
    this.call = null;
    this.calls = await this.#callsOf(callJobId);
  }

  async #advance(body: { ms: number } | null) {
    await (body
      ? api("POST", "/_emulator/clock/advance", body)
      : api("POST", "/_emulator/outbound/advance-until-idle"));
    await this.#loadOutbound();
  }

  async #pickRepository(id: number) {
    this.repositoryId = id;
    const [faq, file, items] = await Promise.all([
      api<{ tree: Directory[] }>("GET", `/_emulator/kb/tree?repositoryId=${id}&type=FAQ`),
      api<{ tree: Directory[] }>("GET", `/_emulator/kb/tree?repositoryId=${id}&type=FILE`),
      api<App["kbItems"]>("GET", `/_emulator/kb/items?repositoryId=${id}`),
    ]);
    this.tree = { FAQ: faq.tree, FILE: file.tree };
    this.kbItems = items;
  }

  async #load() {
    await this.#try(async () => {
      const [robots, journal, clock] = await Promise.all([
        api<{ robots: Robot[] }>("GET", "/_emulator/gateway/robots"),
        api<{ entries: JournalEntry[] }>("GET", `/_emulator/journal?limit=${MAX_ENTRIES}`),
        api<{ iso: string }>("GET", "/_emulator/clock"),
      ]);
      this.robots = robots.robots;
      this.entries = journal.entries;
      this.clock = clock.iso;
    });
    this.#listen();
    this.#loadView();
  }

  async #loadSession(sessionId: string) {
    try {
      this.session = await api<Session>("GET", `/_emulator/gateway/sessions/${sessionId}`);
    } catch {
      this.session = null;
    }
  }

  #listen() {
    this.#events?.close();
    const events = new EventSource("/_emulator/events");
    events.addEventListener("journal", (e) => {
      const { entry } = JSON.parse((e as MessageEvent).data) as { entry: JournalEntry };
      const entries = [...this.entries, entry];
      this.entries = entries.length > MAX_ENTRIES ? entries.slice(-MAX_ENTRIES) : entries;
    });
    events.addEventListener("gateway", (e) => {
      const event = JSON.parse((e as MessageEvent).data) as {
        change: string;
        sessionId: string;
        detail?: Record<string, unknown>;
      };
      if (event.sessionId !== this.session?.sessionId) return;
      if (event.change === "chunk") {
        const { messageId, text } = event.detail as { messageId: string; text: string };
        const current = this.streaming.find((s) => s.messageId === messageId);
        this.streaming = current
          ? this.streaming.map((s) => (s === current ? { messageId, text: s.text + text } : s))
          : [...this.streaming, { messageId, text }];
      } else if (event.change === "delivered") {
        this.streaming = [];
        this.#loadSession(event.sessionId);
      }
    });
    events.addEventListener("state", (e) => {
      const event = JSON.parse((e as MessageEvent).data) as {
        change: string;
        detail?: { iso?: string };
      };
      if (event.change === "clock" && event.detail?.iso) this.clock = event.detail.iso;
      if (event.change === "task-status" && this.view === "outbound") this.#loadOutbound();
      if (event.change.startsWith("robot-")) {
        api<{ robots: Robot[] }>("GET", "/_emulator/gateway/robots").then((
          r,
        ) => (this.robots = r.robots));
      }
      if (event.change === "reset" || event.change === "snapshot-imported") this.#load();
      if (event.change === "journal-cleared") this.entries = [];
    });
    this.#events = events;
  }

  /** A visitor's action: the chat is busy until it is done. */
  async #act(work: () => Promise<unknown>) {
    this.busy = true;
    this.problem = "";
    await this.#try(work);
    this.busy = false;
  }

  #openSession(detail: { robotId: string; visitor: unknown; responseMode: string }) {
    return this.#act(async () => {
      const { session } = await api<{ session: Session }>(
        "POST",
        "/_emulator/gateway/sessions",
        detail,
      );
      this.session = session;
      this.streaming = [];
      location.hash = `conversations/${session.sessionId}`;
      await this.#loadSession(session.sessionId);
    });
  }

  #send(body: unknown) {
    const session = this.session;
    if (!session) return;
    return this.#act(async () => {
      await api("POST", `/_emulator/gateway/sessions/${session.sessionId}/messages`, body);
      this.streaming = [];
      await this.#loadSession(session.sessionId);
    });
  }

  #addRobot(detail: unknown) {
    return this.#try(async () => {
      const robot = await api<Robot>("POST", "/_emulator/gateway/robots", detail);
      this.robots = [...this.robots, robot];
      this.problem = "";
    });
  }

  #select(id: number) {
    this.selectedId = id;
    this.curl = "";
  }

  async #copyCurl(id: number) {
    const { curl } = await api<{ curl: string }>("GET", `/_emulator/journal/${id}/curl`);
    this.curl = curl;
    await navigator.clipboard?.writeText(curl).catch(() => {});
  }

  /** Findings of every push, by journal id, for the chat's inline markers. */
  #findings(): Record<number, Finding[]> {
    const out: Record<number, Finding[]> = {};
    for (const e of this.entries) if (e.push) out[e.id] = e.push.findings;
    return out;
  }

  #view() {
    if (this.view === "scenarios") {
      return html`
        <ccemu-scenarios .scenarios=${this.scenarios} .robots=${this.robots} .report=${this
          .report} .running=${this.running}
          .sessionId=${this.session?.sessionId ?? ""} @run-scenario=${(e: CustomEvent) =>
            this.#runScenario(e.detail)}></ccemu-scenarios>
      `;
    }
    if (this.view === "outbound") {
      return html`
        <ccemu-outbound .tasks=${this.tasks} .calls=${this.calls} .call=${this.call} .account=${this
          .account}
          .taskId=${this.taskId} .clock=${this.clock}
          @pick-task=${(e: CustomEvent<number>) => this.#try(() => this.#pickTask(e.detail))}
          @pick-call=${(e: CustomEvent<number>) =>
            this.#try(async () =>
              this.call = await api<CallDetail>("GET", `/_emulator/outbound/calls/${e.detail}`)
            )}
          @advance=${(e: CustomEvent<{ ms: number }>) => this.#try(() => this.#advance(e.detail))}
          @advance-idle=${() => this.#try(() => this.#advance(null))}
          @account=${(e: CustomEvent) =>
            this.#try(async () => {
              await api(
                "PATCH",
                `/_emulator/outbound/accounts/${this.account?.enterpriseId}`,
                e.detail,
              );
              await this.#loadOutbound();
            })}></ccemu-outbound>
      `;
    }
    if (this.view === "kb") {
      return html`
        <ccemu-kb .repositories=${this.repositories} .repositoryId=${this.repositoryId} .tree=${this
          .tree} .items=${this.kbItems}
          .hits=${this.hits}
          @pick-repository=${(e: CustomEvent<number>) =>
            this.#try(() => this.#pickRepository(e.detail))}
          @search=${(e: CustomEvent) =>
            this.#try(async () =>
              this.hits =
                (await api<{ hits: Hit[] }>("POST", "/_emulator/kb/search", e.detail)).hits
            )}></ccemu-kb>
      `;
    }
    if (this.view === "inspector") {
      return html`
        <ccemu-inspector .entries=${this.entries} .selected=${this.entries.find((e) =>
          e.id === this.selectedId
        ) ?? null} .curl=${this.curl}
          @select=${(e: CustomEvent<number>) => this.#select(e.detail)} @curl=${(
            e: CustomEvent<number>,
          ) => this.#try(() => this.#copyCurl(e.detail))}></ccemu-inspector>
      `;
    }
    return html`
      <ccemu-conversation .robots=${this.robots} .session=${this.session} .streaming=${this
        .streaming}
        .findings=${this.#findings()}
        .busy=${this.busy}
        @open-session=${(e: CustomEvent) => this.#openSession(e.detail)}
        @send=${(e: CustomEvent) => this.#send(e.detail)}
        @option=${(e: CustomEvent<string>) => this.#send({ text: e.detail })}
        @add-robot=${(e: CustomEvent) => this.#addRobot(e.detail)}
        @inspect=${(e: CustomEvent<number>) => {
          this.#select(e.detail);
          this.#go("inspector");
        }}></ccemu-conversation>
    `;
  }

  override render() {
    return html`
      <header>
        <strong>ccemu</strong>
        <nav aria-label="Views">
          ${VIEWS.map(([view, label]) =>
            html`<button aria-current=${this.view === view ? "page" : nothing} @click=${() =>
              this.#go(view)}>${label}</button>`
          )}
        </nav>
        <span class="clock" title="ccemu's virtual clock">clock ${this.clock}</span>
      </header>
      ${this.problem
        ? html`<div class="problem bad" role="alert">${this.problem}
          <button @click=${() => (this.problem = "")} aria-label="Dismiss">×</button></div>`
        : nothing}
      <main>${this.#view()}</main>
    `;
  }
}
