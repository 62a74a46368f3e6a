/**
 * The loads one ccemu has run from its control API: the newest ten kept by id for their reports,
 * one running at a time (two loads from one process would measure each other). A reset or an
 * imported snapshot stops the one running: its sessions are gone.
 */
import { ApiError } from "../core/errors.ts";
import type { LoadInput, LoadRun } from "./run.ts";

const KEPT = 10;

export class LoadRegistry {
  #runs = new Map<number, LoadRun>();
  #next = 1;

  /** Starts a load; refused while another is running. */
  async start(input: Omit<LoadInput, "id">): Promise<{ id: number; run: LoadRun }> {
    // Loaded on the first load (with the scenario runner): a plain `ccemu start` never needs it.
    // Before the check, so that the check and the run's start are one step no request comes between.
    const { LoadRun } = await import("./run.ts");
    const running = [...this.#runs].find(([, run]) => run.report().state === "running");
    if (running) {
      throw new ApiError(
        "InvalidParameter",
        `load ${
          running[0]
        } is running: one load at a time, or they measure each other. Stop it (POST /_emulator/load/${
          running[0]
        }/stop) or wait for it to finish.`,
      );
    }
    const id = this.#next++;
    const run = new LoadRun({ ...input, id });
    this.#runs.set(id, run);
    for (const old of [...this.#runs.keys()].slice(0, -KEPT)) this.#runs.delete(old);
    run.run().catch(() => {}); // a visitor never throws: #loop catches every failure
    return { id, run };
  }

  find(text: string): LoadRun {
    const run = /^\d+$/.test(text) ? this.#runs.get(Number(text)) : undefined;
    if (!run) {
      throw new ApiError(
        "ResourceNotFound",
        `No load ${text}. Kept: ${
          [...this.#runs.keys()].join(", ") || "none"
        } (the newest ${KEPT}).`,
        "id",
      );
    }
    return run;
  }

  list(): { id: number; run: LoadRun }[] {
    return [...this.#runs].map(([id, run]) => ({ id, run }));
  }

  stopAll(): void {
    for (const run of this.#runs.values()) run.stop();
  }
}
