/**
 * Deleting tasks through the control API (the vendor's signed API has none): a task goes with its
 * customers and calls, its delivery log, and every timer that would still act for it (its wake-up,
 * the ends of its calls in progress, its callbacks' retries), so nothing fires for it afterwards.
 * Clearing the area this way is the Firebase Emulator Suite's "clear one emulator's data"; one
 * task at a time is LocalStack's changing stored data in place.
 */
import type { OutboundRuntime } from "./runtime.ts";
import type { Task } from "./schemas.ts";

/** Deletes one task by its id as the path gives it; an unknown id is ResourceNotFound, changing nothing. */
export function deleteTask(outbound: OutboundRuntime, callJobId: string): { deleted: number } {
  const task = outbound.store.taskAt(callJobId);
  remove(outbound, [task]);
  return { deleted: task.callJobId };
}

/** Deletes every task of every tenant (scripts, lines, accounts and callback URLs stay). */
export function deleteAllTasks(outbound: OutboundRuntime): { deleted: number[] } {
  const tasks = [...outbound.store.state.tasks];
  remove(outbound, tasks);
  return { deleted: tasks.map((t) => t.callJobId) };
}

function remove({ store, dialer, callbacks }: OutboundRuntime, tasks: Task[]): void {
  const ids = new Set(tasks.map((t) => t.callJobId));
  const state = store.state;
  callbacks.forget(state.callbackDeliveries.filter((d) => ids.has(d.callJobId)));
  state.callbackDeliveries = state.callbackDeliveries.filter((d) => !ids.has(d.callJobId));
  state.calls = state.calls.filter((c) => !ids.has(c.callJobId));
  state.tasks = state.tasks.filter((t) => !ids.has(t.callJobId));
  // After the state no longer holds them, so that the tenants' reconcile sees the seats free.
  for (const task of tasks) {
    dialer.deleted(task);
    store.emulator.events.publish({
      type: "state",
      change: "task-deleted",
      detail: { callJobId: task.callJobId },
    });
  }
}
