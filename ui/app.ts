/**
 * `<ccemu-app>`: routes between the views. Each view has a controller (ui/controllers/) that
 * fetches what it shows through the one control client and acts for it; the app hands the
 * controller's data down as properties and the view's events (what the user does) up to the
 * controller. State lives in ccemu, so a reload shows the same thing: the URL hash keeps the view
 * and what is open in it (`#conversations/s-1`, `#inspector/42`, `#api/robot_list`).
 * Keys: `/` goes to the message box, Esc closes the innermost open thing of the view.
 */
import { css, html, LitElement, nothing } from "lit";
import { customElement, state } from "lit/decorators.js";
import { type ClockStatus, ControlClient } from "./common/control-client.ts";
import { ApiController } from "./api/controller.ts";
import { ConversationController } from "./conversations/controller.ts";
import { type HarExport, InspectorController } from "./inspector/controller.ts";
import { KbController } from "./kb/controller.ts";
import { OutboundController } from "./outbound/controller.ts";
import { OverviewController } from "./overview/controller.ts";
import { ScenariosController } from "./scenarios/controller.ts";
import { LoadController, type LoadForm } from "./load/controller.ts";
import { CompareController, type CompareForm } from "./compare/controller.ts";
import { StateController } from "./state/controller.ts";
import { FixtureController } from "./inspector/fixture-controller.ts";
import { StubsController } from "./state/stubs-controller.ts";
import "./api/view.ts";
import "./conversations/view.ts";
import "./inspector/view.ts";
import "./kb/view.ts";
import "./outbound/view.ts";
import "./overview/view.ts";
import "./scenarios/view.ts";
import "./load/view.ts";
import "./compare/view.ts";
import "./state/controls.ts";
import type { StateControls } from "./state/controls.ts";
import { shared } from "./common/styles.ts";
import { localTime } from "./common/local-time.ts";
import type { ConversationView } from "./conversations/view.ts";
import type { ScenariosView } from "./scenarios/view.ts";

/** The clock as ccemu answered it, and performance.now() when read: real time ticks on from there. */
type ClockReading = ClockStatus & { readAt: number };

const VIEWS = [
  ["overview", "Overview"],
  ["conversations", "Conversations"],
  ["inspector", "Inspector"],
  ["scenarios", "Scenarios"],
  ["load", "Load"],
  ["compare", "Compare"],
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
        /* Seven views at 1280 px: a name kept on one line, the clock beside takes the wrap. */
        white-space: nowrap;
      }
      nav button[aria-current="page"] {
        background: #34405a;
        color: #fff;
      }
      .clock {
        margin-left: auto;
        white-space: nowrap;
        font-size: 12px;
        color: #c9d3ea;
        font-variant-numeric: tabular-nums;
      }
      .clock strong {
        color: #fff;
      }
      /* Below 1500 px the header has room for one line: UTC stays on hover (the title). */
      @media (max-width: 1500px) {
        .clock .utc {
          display: none;
        }
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
  accessor view: View = "overview";
  @state()
  accessor problem = "";
  /** The virtual clock as last read, and when (performance.now()) it was read. */
  @state()
  accessor clock: ClockReading | null = null;
  /** What the current view fetched when it opened: settled once it has (or has failed). */
  #viewLoaded: Promise<void> | undefined;
  /** The address of the view last shown (what `#keys`, `#faults`, `#clock` go back to). */
  #viewHash = "";
  /** Redraws the header clock each second while it runs on real time. */
  #tick?: ReturnType<typeof setInterval>;

  readonly #client = new ControlClient();
  readonly #chat = new ConversationController(this, this.#client);
  readonly #inspector = new InspectorController(this, this.#client);
  readonly #scenarios = new ScenariosController(this, this.#client);
  readonly #loads = new LoadController(this, this.#client);
  readonly #compare = new CompareController(this, this.#client);
  readonly #outbound = new OutboundController(this, this.#client);
  readonly #overview = new OverviewController(this, this.#client);
  readonly #kb = new KbController(this, this.#client);
  readonly #api = new ApiController(this, this.#client);
  readonly #state = new StateController(this, this.#client);
  readonly #fixture = new FixtureController(this, this.#client);
  readonly #stubs = new StubsController(this, this.#client);

  constructor() {
    super();
    this.#client.onProblem = (message) => (this.problem = message);
    this.#stubs.onDone = (notice) => this.#state.told(notice);
    this.#outbound.onPick = (task, call) =>
      this.#go("outbound", [task, call].filter(Boolean).join("/"));
    this.#client.on<{ change: string; detail?: Partial<ClockStatus> }>("state", (event) => {
      // The event carries the clock's reading: no request per moved timer.
      if (event.change === "clock") this.#clockMoved(event.detail);
      if (event.change === "reset" || event.change === "snapshot-imported") this.#load();
    });
  }

  override connectedCallback() {
    super.connectedCallback();
    this.#readHash();
    addEventListener("hashchange", this.#readHash);
    addEventListener("keydown", this.#keys);
    // A quarter second: the shown second turns at most 250 ms late, whatever the reading's phase.
    this.#tick = setInterval(() => this.clock?.mode === "real" && this.requestUpdate(), 250);
    this.#load();
  }

  override disconnectedCallback() {
    super.disconnectedCallback();
    removeEventListener("hashchange", this.#readHash);
    removeEventListener("keydown", this.#keys);
    clearInterval(this.#tick);
    this.#client.close();
  }

  /**
   * `#view/part`: the open session, the selected journal entry, the chosen operation, the
   * chosen task and call (`#outbound/80001/90003`), or the repository and entry
   * (`#kb/101/faq/2001`).
   */
  #readHash = () => {
    const [view, part, call, id] = location.hash.slice(1).split("/");
    const shown = view || "overview"; // no address: the first view
    const switching = VIEWS.some(([v]) => v === shown) && shown !== this.view;
    // A problem belongs to the view it arose in; what this address finds wrong comes after.
    if (switching) this.problem = "";
    if (view === "api" && part) this.#api.select(part);
    if (view === "outbound") this.#outbound.show(Number(part) || 0, Number(call) || 0);
    if (view === "inspector") {
      const number = part && /^\d+$/.test(part) ? Number(part) : null;
      this.#inspector.select(number);
      if (part && number === null) {
        this.problem = `No exchange “${
          decodeURIComponent(part)
        }”: an exchange's address is its number, as in #inspector/42.`;
      }
    }
    if (view === "kb" && part && `${part}${call ? `/${call}/${id}` : ""}` !== this.#kb.address) {
      this.#kb.openAddress(Number(part), call, Number(id));
    }
    if (view === "conversations" && part && part !== this.#chat.session?.sessionId) {
      this.#chat.loadSession(part);
    }
    if (view === "scenarios" && part && Number(part) !== this.#scenarios.shown?.run) {
      this.#scenarios.showRun(Number(part));
    }
    if (view === "keys" || view === "faults" || view === "stubs" || view === "clock") {
      this.#openPane(view);
    } else {
      this.#viewHash = location.hash;
      // Going somewhere closes the state panes, as an outside click does.
      this.renderRoot?.querySelector<StateControls>("ccemu-state-controls")?.closePanes();
    }
    if (switching) {
      this.view = shown as View;
      this.#viewLoaded = this.#loadView();
    }
  };

  /**
   * What a view opens by itself follows it into the address (a reload keeps it): the knowledge
   * base's repository and entry, the scenario run whose report is shown.
   */
  override updated() {
    const address = this.view === "kb"
      ? this.#kb.address
      : this.view === "scenarios"
      ? this.#scenarios.shown?.run
      : undefined;
    if (address !== undefined && location.hash !== `#${this.view}/${address}`) {
      history.replaceState(null, "", `#${this.view}/${address}`);
    }
  }

  /**
   * `#keys`, `#faults`, `#clock` (the overview's links): the state controls' pane opens over the
   * view, and the address goes back to the view's, so that the same link opens it again.
   */
  async #openPane(pane: "keys" | "faults" | "stubs" | "clock") {
    history.replaceState(null, "", this.#viewHash || `#${this.view}`);
    await this.updateComplete;
    const controls = this.renderRoot.querySelector<StateControls>("ccemu-state-controls");
    await controls?.updateComplete;
    controls?.openPane(pane);
  }

  /** Goes to a view, with what it had open (the session, the entry, the operation). */
  #go(view: View, part?: string | number | null) {
    const open = part !== undefined ? part : {
      conversations: this.#chat.session?.sessionId ?? this.#chat.tabs.at(-1),
      inspector: this.#inspector.selectedId,
      api: this.#api.selected,
      outbound: [this.#outbound.callJobId, this.#outbound.callInstanceId].filter(Boolean).join("/"),
      kb: this.#kb.address,
      scenarios: this.#scenarios.shown?.run,
    }[view as string];
    location.hash = open === undefined || open === null || open === "" ? view : `${view}/${open}`;
    this.#readHash(); // at once: hashchange comes later, and `/` must find the view in place
  }

  /** `/` reaches the message box from anywhere but a text field; Esc closes what is open. */
  #keys = (event: KeyboardEvent) => {
    const target = event.composedPath()[0] as HTMLElement;
    const typing = target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement ||
      target instanceof HTMLSelectElement;
    if (event.key === "/" && !typing) {
      event.preventDefault();
      if (this.view !== "conversations") this.#go("conversations");
      this.updateComplete.then(() =>
        this.renderRoot.querySelector<ConversationView>("ccemu-conversation")?.focusMessage()
      );
    } else if (event.key === "Escape") {
      const controls = this.renderRoot.querySelector<StateControls>("ccemu-state-controls");
      if (controls?.escape()) return;
      const view = this.renderRoot.querySelector("main > *") as { escape?: () => boolean } | null;
      if (!view?.escape?.()) this.problem = "";
    }
  };

  /** A clock event's reading, over the last one (the zone stays: the event does not carry it). */
  #clockMoved(detail: Partial<ClockStatus> | undefined) {
    if (!this.clock || detail?.now === undefined) {
      this.#client.attempt(() => this.#readClock());
      return;
    }
    this.clock = { ...this.clock, ...detail, readAt: performance.now() };
  }

  async #readClock() {
    const status = await this.#client.request<ClockStatus>(
      "GET",
      "/_emulator/clock",
    );
    this.clock = { ...status, readAt: performance.now() };
  }

  /** What the current view shows, fetched when it opens. */
  #loadView() {
    this.#outbound.active = this.view === "outbound";
    this.#overview.active = this.view === "overview";
    const load = {
      overview: () => this.#overview.load(),
      conversations: () => this.#chat.loadSessions(),
      inspector: undefined,
      scenarios: () => this.#scenarios.load(),
      load: () => Promise.all([this.#loads.load(), this.#chat.loadRobots()]),
      compare: () => Promise.all([this.#compare.load(), this.#chat.loadRobots()]),
      outbound: () => this.#outbound.load(),
      kb: () => this.#kb.load(),
      api: () => this.#api.load(),
    }[this.view];
    if (load) return this.#client.attempt(load);
  }

  async #load() {
    await this.#client.attempt(() =>
      Promise.all([
        this.#readClock(),
        this.#state.load(),
        this.#stubs.load(),
        this.#chat.loadRobots(),
        this.#chat.loadSessions(),
        this.#inspector.load(),
      ])
    );
    this.#client.connect();
    this.#loadView();
  }

  /** The view shown, one render method each. */
  readonly #views: Record<View, () => unknown> = {
    overview: () => this.#overviewView(),
    conversations: () => this.#conversationsView(),
    inspector: () => this.#inspectorView(),
    scenarios: () => this.#scenariosView(),
    load: () => this.#loadsView(),
    compare: () => this.#compareView(),
    outbound: () => this.#outboundView(),
    kb: () => this.#kbView(),
    api: () => this.#apiView(),
  };

  /** The time zone times are shown in: the first tenant's. */
  get #timeZone(): string {
    return this.clock?.timeZone ?? "Asia/Shanghai";
  }

  #overviewView() {
    return html`
      <ccemu-overview .overview=${this.#overview.overview} .connection=${this.#overview
        .connection} .snapshots=${this.#overview.snapshots ?? []}
        .now=${this.#now()}
        @save-snapshot=${(e: CustomEvent<string>) => this.#overview.snapshot("save", e.detail)}
        @restore-snapshot=${(e: CustomEvent<string>) =>
          this.#overview.snapshot("restore", e.detail)}
        @delete-snapshot=${(e: CustomEvent<string>) =>
          this.#overview.snapshot("delete", e.detail)}></ccemu-overview>
    `;
  }

  #scenariosView() {
    const s = this.#scenarios, chat = this.#chat;
    return html`
      <ccemu-scenarios .scenarios=${s.scenarios} .loaded=${s.loaded} .forgotten=${s.forgotten}
        .robots=${chat.robots}
        .robotId=${s.robotId} .sessions=${chat.sessions} .sessionId=${s.sessionId}
        .runs=${s.runs} .shown=${s.shown} .running=${s.running}
        @run-scenario=${(e: CustomEvent<string>) => this.#act(() => s.run(e.detail))}
        @run-all=${() => this.#act(() => s.runAll())}
        @show-run=${(e: CustomEvent<number>) => s.showRun(e.detail)}
        @load-scenario=${(e: CustomEvent) => this.#act(() => s.addLoaded(e.detail))}
        @pick-robot=${(e: CustomEvent<string>) => s.pickRobot(e.detail)}
        @pick-session=${(e: CustomEvent<string>) => s.pickSession(e.detail)}
        @replay-session=${(e: CustomEvent<string>) => this.#act(() => s.replaySession(e.detail))}
        @problem=${(e: CustomEvent<string>) => (this.problem = e.detail)}></ccemu-scenarios>
    `;
  }

  #loadsView() {
    const l = this.#loads;
    return html`
      <ccemu-load .robots=${this.#chat.robots} .scenarios=${l.scenarios} .report=${l.report}
        @start-load=${(e: CustomEvent<LoadForm>) =>
          this.#act(() => this.#client.attempt(() => l.start(e.detail)))}
        @stop-load=${() => this.#act(() => this.#client.attempt(() => l.stop()))}></ccemu-load>
    `;
  }

  #compareView() {
    const c = this.#compare;
    return html`
      <ccemu-compare .robots=${this.#chat.robots} .scenarios=${c.scenarios} .result=${c.result}
        .shown=${c.shown} .running=${c.running}
        @run-compare=${(e: CustomEvent<CompareForm>) =>
          this.#act(() => this.#client.attempt(() => c.run(e.detail)))}
        @show-scenario=${(e: CustomEvent<number>) => c.show(e.detail)}></ccemu-compare>
    `;
  }

  #outboundView() {
    const o = this.#outbound;
    return html`
      <ccemu-outbound .tasks=${o.tasks} .calls=${o.calls} .call=${o.call} .account=${o.account}
        .resources=${o.resources} .importAnswer=${o.importAnswer} .creating=${o.creating}
        .idleNote=${o.idleNote}
        .callJobId=${o.callJobId} .callInstanceId=${o.callInstanceId}
        .callbackUrls=${o.callbackUrls} .deliveries=${o.deliveries} .callbackCheck=${o
          .callbackCheck}
        .now=${this.#now()} .timeZone=${this.#timeZone}
        @pick-task=${(e: CustomEvent<number>) => o.pickTask(e.detail)}
        @pick-call=${(e: CustomEvent<number>) => o.pickCall(e.detail)}
        @new-task=${(e: CustomEvent<boolean>) => o.newTask(e.detail)}
        @cancel=${() => o.newTask(false)}
        @create-task=${(e: CustomEvent) => this.#act(() => o.createTask(e.detail))}
        @import-customers=${(e: CustomEvent) => this.#act(() => o.importCustomers(e.detail))}
        @execute=${(e: CustomEvent) => this.#act(() => o.execute(e.detail))}
        @delete-task=${(e: CustomEvent<number>) => this.#act(() => o.deleteTask(e.detail))}
        @clear-tasks=${() => this.#act(() => o.clearTasks())}
        @advance=${(e: CustomEvent<{ ms: number }>) => this.#act(() => o.advance(e.detail))}
        @advance-idle=${() => this.#act(() => o.advance(null))}
        @set-callback-url=${(e: CustomEvent) => this.#act(() => o.setCallbackUrl(e.detail))}
        @remove-callback-url=${(e: CustomEvent<string>) =>
          this.#act(() => o.removeCallbackUrl(e.detail))}
        @redeliver=${(e: CustomEvent<number>) => this.#act(() => o.redeliver(e.detail))}
        @account=${(e: CustomEvent) => this.#act(() => o.changeAccount(e.detail))}></ccemu-outbound>
    `;
  }

  #kbView() {
    const kb = this.#kb;
    return html`
      <ccemu-kb .repositories=${kb.repositories} .repositoryId=${kb.repositoryId} .tree=${kb.tree}
        .items=${kb.items} .directory=${kb.directory} .hits=${kb.hits} .answer=${kb.answer}
        .detail=${kb.detail} .links=${kb.links} .timeZone=${this.#timeZone} .askNote=${kb.askNote}
        @pick-repository=${(e: CustomEvent<number>) => kb.pickRepository(e.detail)}
        @pick-directory=${(e: CustomEvent) => kb.pickDirectory(e.detail)}
        @search=${(e: CustomEvent) => this.#act(() => kb.search(e.detail))}
        @ask=${(e: CustomEvent<string>) => this.#act(() => kb.ask(e.detail))}
        @open-faq=${(e: CustomEvent) => kb.show({ kind: "faq", faq: e.detail })}
        @open-file=${(e: CustomEvent) => kb.show({ kind: "file", file: e.detail })}
        @open-faq-id=${(e: CustomEvent<number>) => kb.openById("faq", e.detail)}
        @open-file-id=${(e: CustomEvent<number>) => kb.openById("file", e.detail)}
        @new-faq=${(e: CustomEvent<number>) =>
          kb.show({ kind: "faq-form", faq: null, directoryId: e.detail })}
        @edit-faq=${(e: CustomEvent) =>
          kb.show({ kind: "faq-form", faq: e.detail, directoryId: e.detail.directoryId })}
        @close-detail=${() => kb.show(null)}
        @save-faq=${(e: CustomEvent) => this.#act(() => kb.saveFaq(e.detail))}
        @delete-faq=${(e: CustomEvent<number>) => this.#act(() => kb.deleteFaq(e.detail))}
        @upload-file=${(e: CustomEvent) => this.#act(() => kb.uploadFile(e.detail))}
        @delete-file=${(e: CustomEvent<number>) => this.#act(() => kb.deleteFile(e.detail))}
        @faq-link=${(e: CustomEvent) => this.#act(() => kb.mediaLink(e.detail))}
        @file-link=${(e: CustomEvent<number>) =>
          this.#act(() => kb.mediaLink(e.detail))}></ccemu-kb>
    `;
  }

  #apiView() {
    const api = this.#api;
    return html`
      <ccemu-api .operations=${api.operations} .keys=${api.keys} .selected=${api.selected}
        .accessKeyId=${api.accessKeyId} .answer=${api.answer} .sending=${api.sending}
        @select-operation=${(e: CustomEvent<string>) => this.#go("api", e.detail)}
        @pick-key=${(e: CustomEvent<string>) => api.pickKey(e.detail)}
        @send=${(e: CustomEvent) =>
          this.#act(() => api.send(e.detail.params, e.detail.query))}></ccemu-api>
    `;
  }

  #inspectorView() {
    const inspector = this.#inspector;
    return html`
      <ccemu-inspector .entries=${inspector.entries} .selected=${inspector.selected}
        .wanted=${inspector.selectedId} .timeZone=${this.#timeZone}
        .curl=${inspector.curl} .sessionFilter=${inspector.sessionFilter}
        @select=${(e: CustomEvent<number | null>) => this.#go("inspector", e.detail)}
        @filter-session=${(e: CustomEvent<string>) => inspector.filterSession(e.detail)}
        @curl=${(e: CustomEvent<number>) => inspector.copyCurl(e.detail)}
        @export-har=${(e: CustomEvent<HarExport>) => inspector.exportHar(e.detail)}
        @redeliver=${(e: CustomEvent<number>) => inspector.redeliver(e.detail)}
        .fixture=${this.#fixture.state}
        @fixture-preview=${(e: CustomEvent<number>) => this.#fixture.preview(e.detail)}
        @keep-answer=${(e: CustomEvent<number>) => this.#act(() => this.#fixture.keep(e.detail))}
        @download-fixture=${(e: CustomEvent<number>) => this.#fixture.download(e.detail)}
        @fault-like=${(e: CustomEvent<number>) => this.#act(() => this.#faultLike(e.detail))}
        @stub-like=${(e: CustomEvent<number>) => this.#act(() => this.#stubLike(e.detail))}
        @open-stubs=${() =>
          this.renderRoot.querySelector<StateControls>("ccemu-state-controls")
            ?.openPane("stubs")}
        @open-faults=${() =>
          this.renderRoot.querySelector<StateControls>("ccemu-state-controls")
            ?.openFaults()}></ccemu-inspector>
    `;
  }

  #conversationsView() {
    const chat = this.#chat, inspector = this.#inspector;
    return html`
      <ccemu-conversation .robots=${chat.robots} .robotId=${chat.robotId} .added=${chat.added}
        ?existing=${chat.existing}
        .session=${chat.session} .sessions=${chat.sessions} .tabs=${chat.tabs}
        .streaming=${chat.streaming} .findings=${inspector.findings()} .busy=${chat.busy}
        .journal=${inspector.entries} .timeZone=${this.#timeZone}
        .pending=${chat.pending}
        @open-session=${(e: CustomEvent) => this.#act(() => chat.openSession(e.detail))}
        @pick-session=${(e: CustomEvent<string>) => this.#go("conversations", e.detail)}
        @close-tab=${(e: CustomEvent<string>) => chat.closeTab(e.detail)}
        @delete-session=${(e: CustomEvent<string>) => this.#act(() => chat.deleteSession(e.detail))}
        @clear-sessions=${() => this.#act(() => chat.clearSessions())}
        @import-transcript=${(e: CustomEvent) => this.#act(() => chat.importTranscript(e.detail))}
        @replay-session=${(e: CustomEvent<string>) => this.#replayFromChat(e.detail)}
        @pick-robot=${(e: CustomEvent<string>) => chat.pickRobot(e.detail)}
        @send=${(e: CustomEvent) => this.#act(() => chat.send(e.detail))}
        @option=${(e: CustomEvent<string>) => this.#act(() => chat.send({ text: e.detail }))}
        @add-robot=${(e: CustomEvent) => this.#act(() => chat.addRobot(e.detail))}
        @remove-robot=${(e: CustomEvent<string>) => this.#act(() => chat.removeRobot(e.detail))}
        @robot-timeouts=${(e: CustomEvent) => this.#act(() => chat.setTimeouts(e.detail))}
        @problem=${(e: CustomEvent<string>) => (this.problem = e.detail)}
        @inspect=${(e: CustomEvent<number>) => {
          const sessionId = chat.session?.sessionId;
          if (sessionId) inspector.openFromChat(e.detail, sessionId);
          this.#go("inspector", e.detail);
        }}></ccemu-conversation>
    `;
  }

  /**
   * "Replay as scenario…" in a conversation: Scenarios with the session chosen, and, once the view
   * has loaded what it lists above it, its "From a session" block in view with the focus in it.
   */
  async #replayFromChat(sessionId: string) {
    this.#scenarios.pickSession(sessionId);
    this.#go("scenarios");
    await this.#viewLoaded;
    await this.updateComplete;
    await this.renderRoot.querySelector<ScenariosView>("ccemu-scenarios")?.revealSession();
  }

  /** "Add a fault rule like this": the fault form opens, prefilled like the entry's request. */
  #faultLike(id: number) {
    return this.#client.attempt(async () => {
      await this.#state.draftLike(id);
      await this.updateComplete;
      this.renderRoot.querySelector<StateControls>("ccemu-state-controls")?.openFaults();
    });
  }

  /** "Stub like this": the stub form opens, prefilled with the entry's exchange. */
  #stubLike(id: number) {
    return this.#client.attempt(async () => {
      await this.#stubs.draftLike(id);
      await this.updateComplete;
      const controls = this.renderRoot.querySelector<StateControls>("ccemu-state-controls");
      await controls?.updateComplete;
      controls?.openPane("stubs");
    });
  }

  /** A user's action clears the last problem first. */
  #act(work: () => unknown) {
    this.problem = "";
    return work();
  }

  /** The virtual clock now: on real time it ticks on from the last reading. */
  #now(): number {
    const c = this.clock;
    if (!c) return 0;
    return c.mode === "real" ? c.now + (performance.now() - c.readAt) : c.now;
  }

  /**
   * The clock in the first tenant's zone (the time tasks and windows are in), with UTC beside it.
   * On real time it ticks from the last reading; on manual it moves only when ccemu says so.
   */
  #clock() {
    const c = this.clock;
    if (!c) return nothing;
    const now = this.#now();
    const local = localTime(now, c.timeZone);
    const utc = localTime(now, "UTC");
    return html`<span class="clock" id="clock" title=${`ccemu's virtual clock, in the tenant's time zone (UTC ${utc})`}>
      ${c.mode} clock · <strong>${local}</strong> ${c.timeZone}<span class="utc"> · UTC ${utc}</span></span>`;
  }

  #stateControls() {
    const st = this.#state;
    return html`
      <ccemu-state-controls .keys=${st.keys} .clock=${this.clock} .notice=${st.notice}
        .problem=${this.problem}
        .faults=${st.faults} .operations=${st.operations} .draft=${st.draft}
        @clear-draft=${() => st.clearDraft()}
        .stubs=${this.#stubs.stubs} .stubDraft=${this.#stubs.draft}
        @add-stub=${(e: CustomEvent) => this.#act(() => this.#stubs.add(e.detail))}
        @remove-stub=${(e: CustomEvent<number>) => this.#act(() => this.#stubs.remove(e.detail))}
        @clear-stub-draft=${() => this.#stubs.clearDraft()}
        @add-fault=${(e: CustomEvent) => this.#act(() => st.addFault(e.detail))}
        @remove-fault=${(e: CustomEvent<number>) => this.#act(() => st.removeFault(e.detail))}
        @reset=${() => this.#act(() => st.reset())}
        @clear-journal=${() => this.#act(() => st.clearJournal())}
        @export-snapshot=${() => this.#act(() => st.exportSnapshot())}
        @import-snapshot=${(e: CustomEvent) => this.#act(() => st.importSnapshot(e.detail))}
        @add-key=${(e: CustomEvent) => this.#act(() => st.addKey(e.detail))}
        @remove-key=${(e: CustomEvent<string>) => this.#act(() => st.removeKey(e.detail))}
        @set-clock=${(e: CustomEvent) => this.#act(() => st.setClock(e.detail))}
        @advance=${(e: CustomEvent<{ ms: number }>) => this.#act(() => st.advance(e.detail))}
        @problem=${(e: CustomEvent<string>) => (this.problem = e.detail)}></ccemu-state-controls>
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
        ${this.#clock()}
      </header>
      ${this.#stateControls()}
      ${this.problem
        ? html`<div class="problem bad" role="alert">${this.problem}
          <button @click=${() => (this.problem = "")} aria-label="Dismiss">×</button></div>`
        : nothing}
      <main>${this.#views[this.view]()}</main>
    `;
  }
}
