/**
 * One ccemu process started from Node. It listens where its flags say, and its first stdout line
 * says where. It never outlives the Node process: it gets
 * `--until-stdin-closes` with stdin kept as an open pipe, which the kernel closes however Node
 * ends (SIGKILL included), and Node's `exit` kills it too. Its pipes and handle are unref'd once it
 * listens, so an idle ccemu never keeps Node running.
 */
import { type ChildProcess, spawn } from "node:child_process";
import process from "node:process";
import { createInterface } from "node:readline";
import { ccemuCommand } from "./program.ts";

/** Every ccemu still running, for the one `exit` listener that ends them with Node. */
const running = new Set<ChildProcess>();
let exitHooked = false;

function hookExit(): void {
  if (exitHooked) return;
  exitHooked = true;
  // `exit` handlers run synchronously: a signal is all there is time for (stdin closes anyway).
  process.on("exit", () => {
    for (const child of running) child.kill("SIGTERM");
  });
}

/** How much of ccemu's stderr is kept for a start-up failure's message. */
const STDERR_KEPT = 64 * 1024;
/** Not a way to report failures (those come from ccemu itself): a guard against a hung start. */
const START_LIMIT_MS = 60_000;
/** After stdin closes, how long ccemu has to stop (its own shutdown grace is 1.5 s). */
const STOP_LIMIT_MS = 5_000;

/**
 * A ccemu process the Node API started and owns: its address once it printed it, stopped by
 * closing its stdin (ccemu exits cleanly on that).
 */
export class CcemuProcess {
  /** Resolves once the process has ended, for whatever reason. */
  readonly exited: Promise<void>;
  #stopping?: Promise<void>;

  private constructor(readonly child: ChildProcess, readonly url: string) {
    this.exited = new Promise((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) resolve();
      else child.once("exit", () => resolve());
    });
  }

  /** Whether the process has ended. */
  get ended(): boolean {
    return this.child.exitCode !== null || this.child.signalCode !== null;
  }

  /**
   * Starts `ccemu start ARGS --until-stdin-closes`; resolves once it listens, or rejects with what
   * it wrote to stderr when it exits before (a bad flag, a busy port, a bad fixture).
   */
  static async start(args: string[]): Promise<CcemuProcess> {
    const { command, args: argv } = ccemuCommand(["start", ...args, "--until-stdin-closes"]);
    const child = spawn(command, argv, {
      stdio: ["pipe", "pipe", "pipe"],
      env: { ...process.env, DENO_NO_UPDATE_CHECK: "1", NO_COLOR: "1" },
    });
    running.add(child);
    hookExit();
    child.once("exit", () => running.delete(child));
    // Nothing is written to stdin: the pipe only has to stay open. Closing it on a process that has
    // already gone may fail (EPIPE), which is no error here.
    child.stdin!.on("error", () => {});
    let stderr = "";
    child.stderr!.setEncoding("utf8").on("data", (text: string) => {
      if (stderr.length < STDERR_KEPT) stderr += text;
    });
    try {
      const url = await readyLine(child, () => stderr);
      // Read and dropped from now on, so that a full pipe never blocks ccemu's logging.
      child.stdout!.resume();
      for (const handle of [child, child.stdin, child.stdout, child.stderr]) {
        (handle as { unref?: () => void } | null)?.unref?.();
      }
      return new CcemuProcess(child, url);
    } catch (error) {
      child.kill("SIGKILL");
      throw error;
    }
  }

  /** Ends it (stdin closed: a clean stop), killing it if it takes too long; resolves when gone. */
  stop(): Promise<void> {
    this.#stopping ??= (async () => {
      // Held again while it stops, or Node could end with the stop still awaited.
      this.child.ref();
      this.child.stdin!.end();
      const limit = setTimeout(() => this.child.kill("SIGKILL"), STOP_LIMIT_MS);
      limit.unref();
      await this.exited;
      clearTimeout(limit);
    })();
    return this.#stopping;
  }
}

/** The address of `ccemu listening on URL`, ccemu's first stdout line. */
function readyLine(child: ChildProcess, stderr: () => string): Promise<string> {
  return new Promise((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! });
    const timer = setTimeout(() => {
      fail(new Error(`ccemu did not listen within ${START_LIMIT_MS / 1000} s: ${stderr()}`));
    }, START_LIMIT_MS);
    const done = () => {
      clearTimeout(timer);
      lines.close();
      child.off("close", exited);
      child.off("error", fail);
    };
    function fail(error: Error) {
      done();
      reject(error);
    }
    // `close`, not `exit`: it comes once stderr has been read to its end, so the message is whole.
    function exited(code: number | null, signal: string | null) {
      const status = code !== null ? `exit status ${code}` : `signal ${signal}`;
      fail(new Error(stderr().trim() || `ccemu ended (${status}) before it listened`));
    }
    lines.once("line", (line) => {
      const url = /^ccemu listening on (http:\/\/\S+)$/.exec(line)?.[1];
      done();
      if (url) resolve(url);
      else reject(new Error(`ccemu's first line was not its address: ${line}`));
    });
    child.once("close", exited);
    child.once("error", fail);
  });
}
