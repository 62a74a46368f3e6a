/**
 * The Outbound view's controller: tasks, the chosen task's calls (by `callJobId`) and call (by
 * `callInstanceId`, both kept in the URL), the tenant's account conditions, the scripts and lines
 * a new task can use, and the actions — which go through the signed operations (task_create,
 * task_import, task_execute), so the journal shows what a client would send.
 */
import { ViewController } from "../common/view-controller.ts";
import type {
  Account,
  CallbackCheck,
  CallbackUrl,
  CallDetail,
  CallRow,
  ConsoleResources,
  DeliveryRow,
  ImportAnswer,
  TaskRow,
} from "../common/control-client.ts";
import type { Customer } from "./customer-import.ts";

/** What `POST /_emulator/outbound/advance-until-idle` answers. */
type IdleAnswer = {
  fired: number;
  idle: boolean;
  stuck: { callJobId: number; jobName: string; waiting: string }[];
};

/** "Until idle" in words: idle, stopped because nothing can dial (which task, why), or the limit. */
export function idleNote({ fired, idle, stuck }: IdleAnswer): string {
  const timers = `${fired} timer${fired === 1 ? "" : "s"} fired`;
  if (idle) return `Until idle: every task is idle (${timers}).`;
  if (stuck.length) {
    return `Until idle stopped: nothing can dial, whatever the time (${timers}). ${
      stuck.map((s) => `Task ${s.callJobId} ${s.jobName}: ${s.waiting}.`).join(" ")
    }`;
  }
  return `Until idle stopped after 30 days of virtual time with calls still to make (${timers}).`;
}

export class OutboundController extends ViewController {
  tasks: TaskRow[] = [];
  callJobId = 0;
  calls: CallRow[] = [];
  callInstanceId = 0;
  call: CallDetail | null = null;
  account: Account | null = null;
  resources: ConsoleResources = { scripts: [], lines: [] };
  creating = false;
  importAnswer: ImportAnswer | null = null;
  callbackUrls: CallbackUrl[] = [];
  /** The chosen task's deliveries (newest first) and its exactly-once check. */
  deliveries: DeliveryRow[] = [];
  callbackCheck: CallbackCheck | null = null;
  /** Whether the view is on screen: changes are fetched only then. */
  active = false;
  /** What the last "Until idle" did, in words (why it stopped); cleared by the next action. */
  idleNote = "";
  /** Told when the chosen task or call changes, to put it in the URL. */
  onPick: (callJobId: number, callInstanceId: number) => void = () => {};
  /** Actions under way: the changes they cause are shown by their own one refresh. */
  #acting = 0;
  /** A refresh the live events asked for, waiting for them to settle. */
  #pending?: ReturnType<typeof setTimeout>;
  #reading: Promise<void> | null = null;

  protected override listen(): (() => void)[] {
    return [
      this.client.on<{ change: string }>("state", (event) => {
        // A moved clock changes why tasks wait and which calls ended, as a status change does.
        const tasksChanged = ["task-status", "task-deleted", "clock"].includes(event.change);
        if (tasksChanged && this.active) {
          this.#refreshSoon();
        }
        if (event.change === "callback-delivery" && this.active && this.callJobId) {
          this.#refreshSoon();
        }
      }),
    ];
  }

  /**
   * One refresh for a burst of live events (a clock moved across many timers publishes one
   * event per timer and status change): none while an action runs, since the action refreshes
   * once when it is done; otherwise one, a moment after the burst, never two at once.
   */
  #refreshSoon() {
    if (this.#acting) return;
    clearTimeout(this.#pending);
    this.#pending = setTimeout(() => {
      this.#pending = undefined;
      if (this.#acting || this.#reading) return this.#refreshSoon();
      this.#reading = this.client.attempt(() => this.load()).finally(() => (this.#reading = null));
    }, 150);
  }

  /** An action and then one refresh; live events it causes meanwhile add none. */
  #act(work: () => Promise<unknown>, refresh = () => this.load()) {
    this.#acting++;
    clearTimeout(this.#pending);
    return this.client.attempt(async () => {
      try {
        await work();
        await refresh();
      } finally {
        this.#acting--;
      }
    });
  }

  async load(): Promise<void> {
    const [tasks, resources] = await Promise.all([
      this.client.request<{ tasks: TaskRow[] }>("GET", "/_emulator/outbound/tasks"),
      this.client.request<ConsoleResources>("GET", "/_emulator/outbound/resources"),
    ]);
    this.tasks = tasks.tasks;
    this.resources = resources;
    const enterpriseId = this.tasks[0]?.enterpriseId ?? resources.scripts[0]?.enterpriseId ??
      "7000001";
    this.account = {
      enterpriseId,
      ...(await this.client.request<Omit<Account, "enterpriseId">>(
        "GET",
        `/_emulator/outbound/accounts/${enterpriseId}`,
      )),
    };
    if (!this.tasks.some((t) => t.callJobId === this.callJobId)) this.callJobId = 0;
    this.calls = this.callJobId ? await this.#callsOf(this.callJobId) : [];
    await this.#loadCallbacks();
  }

  async #loadCallbacks(): Promise<void> {
    const base = "/_emulator/outbound";
    this.callbackUrls = (await this.client.request<{ callbackUrls: CallbackUrl[] }>(
      "GET",
      `${base}/callback-urls`,
    )).callbackUrls;
    if (this.callJobId) {
      const [log, check] = await Promise.all([
        this.client.request<{ deliveries: DeliveryRow[] }>(
          "GET",
          `${base}/callback-deliveries?callJobId=${this.callJobId}`,
        ),
        this.client.request<CallbackCheck>("GET", `${base}/tasks/${this.callJobId}/callback-check`),
      ]);
      this.deliveries = log.deliveries;
      this.callbackCheck = check;
    } else {
      this.deliveries = [];
      this.callbackCheck = null;
    }
    this.host.requestUpdate();
  }

  setCallbackUrl({ enterpriseId, body }: { enterpriseId: string; body: unknown }) {
    return this.#act(
      () => this.client.request("PUT", `/_emulator/outbound/callback-urls/${enterpriseId}`, body),
      () => this.#loadCallbacks(),
    );
  }

  removeCallbackUrl(enterpriseId: string) {
    return this.#act(
      () => this.client.request("DELETE", `/_emulator/outbound/callback-urls/${enterpriseId}`),
      () => this.#loadCallbacks(),
    );
  }

  redeliver(deliveryId: number) {
    return this.#act(
      () =>
        this.client.request(
          "POST",
          `/_emulator/outbound/callback-deliveries/${deliveryId}/redeliver`,
        ),
      () => this.#loadCallbacks(),
    );
  }

  /** Shows a task and one of its calls (0: none), as the URL names them. */
  show(callJobId: number, callInstanceId: number) {
    return this.client.attempt(async () => {
      if (callJobId !== this.callJobId || !this.calls.length) {
        this.callJobId = callJobId;
        this.importAnswer = null;
        this.calls = callJobId ? await this.#callsOf(callJobId) : [];
        await this.#loadCallbacks();
      }
      this.callInstanceId = callInstanceId;
      this.call = callInstanceId
        ? await this.client.request<CallDetail>(
          "GET",
          `/_emulator/outbound/calls/${callInstanceId}`,
        )
        : null;
      this.host.requestUpdate();
    });
  }

  pickTask(callJobId: number) {
    this.onPick(callJobId, 0);
  }

  pickCall(callInstanceId: number) {
    this.onPick(this.callJobId, callInstanceId);
  }

  newTask(open: boolean) {
    this.creating = open;
    this.host.requestUpdate();
  }

  createTask(params: Record<string, unknown>) {
    let callJobId = 0;
    return this.#act(async () => {
      ({ callJobId } = await this.client.signed<{ callJobId: number }>(
        "POST /gateway/task_create",
        params,
      ));
      this.creating = false;
    }).then(() => callJobId && this.pickTask(callJobId));
  }

  importCustomers(customers: Customer[]) {
    const task = this.tasks.find((t) => t.callJobId === this.callJobId);
    if (!task) return;
    return this.#act(async () => {
      this.importAnswer = await this.client.signed<ImportAnswer>("POST /gateway/task_import", {
        enterpriseId: task.enterpriseId,
        callJobId: task.callJobId,
        customerInfoVOList: JSON.stringify(customers),
      });
    });
  }

  /**
   * Deletes one task (the control API: the signed one has none) with its calls and callbacks;
   * the chosen task's panes close when it was the one.
   */
  deleteTask(callJobId: number) {
    return this.#act(async () => {
      await this.client.request("DELETE", `/_emulator/outbound/tasks/${callJobId}`);
      if (callJobId === this.callJobId) this.#unpick();
    });
  }

  /** Clears this area's tasks (scripts, lines, accounts and callback URLs stay). */
  clearTasks() {
    return this.#act(async () => {
      await this.client.request("DELETE", "/_emulator/outbound/tasks");
      this.#unpick();
    });
  }

  #unpick() {
    this.callJobId = 0;
    this.callInstanceId = 0;
    this.call = null;
    this.calls = [];
    this.onPick(0, 0);
  }

  /** task_execute: 1 start or resume, 2 pause, 3 terminate. */
  execute({ callJobId, command }: { callJobId: number; command: number }) {
    const task = this.tasks.find((t) => t.callJobId === callJobId);
    if (!task) return;
    this.idleNote = "";
    return this.#act(() =>
      this.client.signed("POST /gateway/task_execute", {
        enterpriseId: task.enterpriseId,
        callJobId,
        command,
      })
    );
  }

  /**
   * Advances the clock by `ms`, or (null) until every task is idle; then says why "until idle"
   * stopped short (a task nothing can make dial, or the 30-day limit).
   */
  advance(body: { ms: number } | null) {
    this.idleNote = "";
    return this.#act(async () => {
      if (body) return await this.client.request("POST", "/_emulator/clock/advance", body);
      const answer = await this.client.request<IdleAnswer>(
        "POST",
        "/_emulator/outbound/advance-until-idle",
      );
      this.idleNote = idleNote(answer);
    });
  }

  changeAccount(change: unknown) {
    return this.#act(() =>
      this.client.request(
        "PATCH",
        `/_emulator/outbound/accounts/${this.account?.enterpriseId}`,
        change,
      )
    );
  }

  async #callsOf(callJobId: number): Promise<CallRow[]> {
    return (await this.client.request<{ calls: CallRow[] }>(
      "GET",
      `/_emulator/outbound/tasks/${callJobId}/calls`,
    )).calls;
  }
}
