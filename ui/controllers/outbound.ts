/**
 * The Outbound view's controller: tasks, the chosen task's calls (by `callJobId`), a call's
 * detail, the tenant's account conditions, and moving the clock.
 */
import { ViewController } from "./view-controller.ts";
import type { Account, CallDetail, CallRow, TaskRow } from "../outbound-view.ts";

export class OutboundController extends ViewController {
  tasks: TaskRow[] = [];
  callJobId = 0;
  calls: CallRow[] = [];
  call: CallDetail | null = null;
  account: Account | null = null;
  /** Whether the view is on screen: task changes are fetched only then. */
  active = false;

  protected override listen(): (() => void)[] {
    return [
      this.client.on<{ change: string }>("state", (event) => {
        if (event.change === "task-status" && this.active) this.client.attempt(() => this.load());
      }),
    ];
  }

  async load(): Promise<void> {
    this.tasks =
      (await this.client.request<{ tasks: TaskRow[] }>("GET", "/_emulator/outbound/tasks"))
        .tasks;
    const enterpriseId = this.tasks[0]?.enterpriseId ?? "7000001";
    this.account = {
      enterpriseId,
      ...(await this.client.request<Omit<Account, "enterpriseId">>(
        "GET",
        `/_emulator/outbound/accounts/${enterpriseId}`,
      )),
    };
    if (this.callJobId) this.calls = await this.#callsOf(this.callJobId);
    this.host.requestUpdate();
  }

  pickTask(callJobId: number) {
    return this.client.attempt(async () => {
      this.callJobId = callJobId;
      this.call = null;
      this.calls = await this.#callsOf(callJobId);
      this.host.requestUpdate();
    });
  }

  pickCall(callInstanceId: number) {
    return this.client.attempt(async () => {
      this.call = await this.client.request<CallDetail>(
        "GET",
        `/_emulator/outbound/calls/${callInstanceId}`,
      );
      this.host.requestUpdate();
    });
  }

  /** Advances the clock by `ms`, or (null) until every task is idle. */
  advance(body: { ms: number } | null) {
    return this.client.attempt(async () => {
      await (body
        ? this.client.request("POST", "/_emulator/clock/advance", body)
        : this.client.request("POST", "/_emulator/outbound/advance-until-idle"));
      await this.load();
    });
  }

  changeAccount(change: unknown) {
    return this.client.attempt(async () => {
      await this.client.request(
        "PATCH",
        `/_emulator/outbound/accounts/${this.account?.enterpriseId}`,
        change,
      );
      await this.load();
    });
  }

  async #callsOf(callJobId: number): Promise<CallRow[]> {
    return (await this.client.request<{ calls: CallRow[] }>(
      "GET",
      `/_emulator/outbound/tasks/${callJobId}/calls`,
    )).calls;
  }
}
