/**
 * `<ccemu-app>`: routes between the views. Each view has a controller (ui/controllers/) that
 * fetches what it shows through the one control client and acts for it; the app hands the
 * controller's data down as properties and the view's events (what the user does) up to the
 * controller. State lives in ccemu, so a reload shows the same thing (the URL hash keeps the view
 * and the open session).
 */
import { css, html, LitElement, nothing } from "lit";
import { customElement, state } from "lit/decorators.js";
import { ControlClient } from "./control-client.ts";
import { ApiController } from "./controllers/api.ts";
import { ConversationController } from "./controllers/conversation.ts";
import { InspectorController } from "./controllers/inspector.ts";
import { KbController } from "./controllers/kb.ts";
import { OutboundController } from "./controllers/outbound.ts";
import { ScenariosController } from "./controllers/scenarios.ts";
import "./api-view.ts";
import "./conversation-view.ts";
import "./inspector-view.ts";
import "./kb-view.ts";
import "./outbound-view.ts";
import "./scenarios-view.ts";
import { shared } from "./styles.ts";

const VIEWS = [
  ["conversations", "Conversations"],
  ["inspector", "Inspector"],
  ["scenarios", "Scenarios"],
  ["outbound", "Outbound"],
  ["kb", "Knowledge base"],
  ["api", "API"],
] as const;
type View = (typeof VIEWS)[number][0];

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
  accessor problem = "";
  @state()
  accessor clock = "";

  readonly #client = new ControlClient();
  readonly #chat = new ConversationController(this, this.#client);
  readonly #inspector = new InspectorController(this, this.#client);
  readonly #scenarios = new ScenariosController(this, this.#client);
  readonly #outbound = new OutboundController(this, this.#client);
  readonly #kb = new KbController(this, this.#client);
  readonly #api = new ApiController(this, this.#client);

  constructor() {
    super();
    this.#client.onProblem = (message) => (this.problem = message);
    this.#client.on<{ change: string; detail?: { iso?: string } }>("state", (event) => {
      if (event.change === "clock" && event.detail?.iso) this.clock = event.detail.iso;
      if (event.change === "reset" || event.change === "snapshot-imported") this.#load();
    });
  }

  override connectedCallback() {
    super.connectedCallback();
    this.#readHash();
    addEventListener("hashchange", this.#readHash);
    this.#load();
  }

  override disconnectedCallback() {
    super.disconnectedCallback();
    removeEventListener("hashchange", this.#readHash);
    this.#client.close();
  }

  /** `#view/part`: the part is the open session, or in the API view the chosen operation. */
  #readHash = () => {
    const [view, part] = location.hash.slice(1).split("/");
    if (view === "api" && part) this.#api.select(part);
    if (VIEWS.some(([v]) => v === view) && view !== this.view) {
      this.view = view as View;
      this.#loadView();
    }
    if (view !== "api" && part && part !== this.#chat.session?.sessionId) {
      this.#chat.loadSession(part);
    }
  };

  #go(view: View) {
    this.view = view;
    const session = this.#chat.session;
    location.hash = view === "api"
      ? `api/${this.#api.selected}`
      : session
      ? `${view}/${session.sessionId}`
      : view;
    this.#loadView();
  }

  /** What the current view shows, fetched when it opens. */
  #loadView() {
    this.#outbound.active = this.view === "outbound";
    const load = {
      conversations: undefined,
      inspector: undefined,
      scenarios: () => this.#scenarios.load(),
      outbound: () => this.#outbound.load(),
      kb: () => this.#kb.load(),
      api: () => this.#api.load(),
    }[this.view];
    if (load) return this.#client.attempt(load);
  }

  async #load() {
    await this.#client.attempt(async () => {
      const [clock] = await Promise.all([
        this.#client.request<{ iso: string }>("GET", "/_emulator/clock"),
        this.#chat.loadRobots(),
        this.#inspector.load(),
      ]);
      this.clock = clock.iso;
    });
    this.#client.connect();
    this.#loadView();
  }

  #view() {
    const chat = this.#chat, inspector = this.#inspector;
    if (this.view === "scenarios") {
      const s = this.#scenarios;
      return html`
        <ccemu-scenarios .scenarios=${s.scenarios} .robots=${chat.robots} .report=${s.report}
          .running=${s.running} .sessionId=${chat.session?.sessionId ?? ""}
          @run-scenario=${(e: CustomEvent) => s.run(e.detail)}></ccemu-scenarios>
      `;
    }
    if (this.view === "outbound") {
      const o = this.#outbound;
      return html`
        <ccemu-outbound .tasks=${o.tasks} .calls=${o.calls} .call=${o.call} .account=${o.account}
          .callJobId=${o.callJobId} .clock=${this.clock}
          @pick-task=${(e: CustomEvent<number>) => o.pickTask(e.detail)}
          @pick-call=${(e: CustomEvent<number>) => o.pickCall(e.detail)}
          @advance=${(e: CustomEvent<{ ms: number }>) => o.advance(e.detail)}
          @advance-idle=${() => o.advance(null)}
          @account=${(e: CustomEvent) => o.changeAccount(e.detail)}></ccemu-outbound>
      `;
    }
    if (this.view === "kb") {
      const kb = this.#kb;
      return html`
        <ccemu-kb .repositories=${kb.repositories} .repositoryId=${kb.repositoryId} .tree=${kb.tree}
          .items=${kb.items} .hits=${kb.hits}
          @pick-repository=${(e: CustomEvent<number>) => kb.pickRepository(e.detail)}
          @search=${(e: CustomEvent) => kb.search(e.detail)}></ccemu-kb>
      `;
    }
    if (this.view === "api") {
      const api = this.#api;
      return html`
        <ccemu-api .operations=${api.operations} .keys=${api.keys} .selected=${api.selected}
          .accessKeyId=${api.accessKeyId} .answer=${api.answer} .sending=${api.sending}
          @select-operation=${(e: CustomEvent<string>) => {
            api.select(e.detail);
            location.hash = `api/${e.detail}`;
          }}
          @pick-key=${(e: CustomEvent<string>) => api.pickKey(e.detail)}
          @send=${(e: CustomEvent) => this.#act(() => api.send(e.detail.params, e.detail.query))}
          @inspect=${(e: CustomEvent<number>) => {
            inspector.select(e.detail);
            this.#go("inspector");
          }}></ccemu-api>
      `;
    }
    if (this.view === "inspector") {
      return html`
        <ccemu-inspector .entries=${inspector.entries} .selected=${inspector.selected}
          .curl=${inspector.curl}
          @select=${(e: CustomEvent<number>) => inspector.select(e.detail)}
          @curl=${(e: CustomEvent<number>) => inspector.copyCurl(e.detail)}></ccemu-inspector>
      `;
    }
    return html`
      <ccemu-conversation .robots=${chat.robots} .session=${chat.session}
        .streaming=${chat.streaming} .findings=${inspector.findings()} .busy=${chat.busy}
        @open-session=${(e: CustomEvent) => this.#act(() => chat.openSession(e.detail))}
        @send=${(e: CustomEvent) => this.#act(() => chat.send(e.detail))}
        @option=${(e: CustomEvent<string>) => this.#act(() => chat.send({ text: e.detail }))}
        @add-robot=${(e: CustomEvent) => this.#act(() => chat.addRobot(e.detail))}
        @inspect=${(e: CustomEvent<number>) => {
          inspector.select(e.detail);
          this.#go("inspector");
        }}></ccemu-conversation>
    `;
  }

  /** A user's action clears the last problem first. */
  #act(work: () => unknown) {
    this.problem = "";
    return work();
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
