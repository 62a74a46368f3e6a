/**
 * The one ccemu process `startCcemu()` shares within a Node process: started on first use, so a
 * suite of a thousand tests pays for one process start, and its instances come from it. Stopped a
 * moment after the last instance is (tests follow one another faster than that, so stopping at
 * once would start a process per test), at once when Node exits (process.ts).
 */
import { CcemuProcess } from "./process.ts";

/** How long the process outlives its last instance, waiting for the next test's. */
export const LINGER_MS = 1000;

let shared: Promise<CcemuProcess> | undefined;
let open = 0;
let linger: ReturnType<typeof setTimeout> | undefined;

/** The shared process, started when there is none (or the last one ended); counts one user more. */
export async function acquireShared(): Promise<CcemuProcess> {
  clearTimeout(linger);
  open++;
  try {
    if (!shared) {
      const starting = CcemuProcess.start(["--port", "0"]);
      shared = starting;
      // A process that ends (stopped, crashed) is forgotten, so the next user starts another.
      starting.then((ccemu) => ccemu.exited.then(() => shared === starting && (shared = undefined)))
        .catch(() => shared === starting && (shared = undefined));
    }
    return await shared;
  } catch (error) {
    open--;
    throw error;
  }
}

/** One user fewer; the process stops LINGER_MS after the last, unless another user comes. */
export function releaseShared(ccemu: CcemuProcess): void {
  if (--open > 0) return;
  clearTimeout(linger);
  linger = setTimeout(() => {
    if (open > 0) return;
    // Forgotten at once: a startCcemu() from now on starts another rather than one that is stopping.
    shared = undefined;
    ccemu.stop();
  }, LINGER_MS);
  linger.unref();
}
