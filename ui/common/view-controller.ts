/**
 * What every view's controller shares: its host (the app, which re-renders when told), the one
 * control client, and the live events it follows, heard only while the host is on the page.
 */
import type { ReactiveController, ReactiveControllerHost } from "lit";
import type { ControlClient } from "./control-client.ts";

export abstract class ViewController implements ReactiveController {
  #subscriptions: (() => void)[] = [];

  constructor(
    protected readonly host: ReactiveControllerHost,
    protected readonly client: ControlClient,
  ) {
    host.addController(this);
  }

  /** Subscribes to the live events this view follows; answers how to stop each. */
  protected listen(): (() => void)[] {
    return [];
  }

  hostConnected(): void {
    this.#subscriptions = this.listen();
  }

  hostDisconnected(): void {
    for (const stop of this.#subscriptions) stop();
  }
}
