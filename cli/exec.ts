/**
 * `ccemu exec [start options] -- COMMAND [ARGS...]`: ccemu around one command, as Firebase's
 * `emulators:exec` does. ccemu starts in this process (port 0 unless told), the command runs with
 * ccemu's address and key in its environment, signals to `exec` are passed on to it, and when it
 * ends ccemu writes what was asked (a snapshot, the journal as HAR), stops, and `exec` exits with
 * the command's status.
 */
import { parseArgs } from "node:util";
import { writeFileAtomically } from "../emulator/core/atomic-file.ts";
import { serializeSnapshot } from "../emulator/core/snapshot.ts";
import { journalHar } from "../emulator/control/har.ts";
import { ConfigFileError } from "../emulator/config-file/read.ts";
import { type RunningEmulator, startServer } from "../emulator/server.ts";
import { type Command, EXIT, UsageError } from "./command.ts";
import { applying, startConfig } from "./start-config.ts";

const USAGE =
  `usage: ccemu exec [start options] [--export-on-exit FILE] [--journal-on-exit FILE.har]
                  -- COMMAND [ARGS...]

Starts ccemu (as ccemu start would, on a free port unless --port or the config file says
otherwise), waits until it answers, runs COMMAND with these in its environment:

  CCEMU_URL                  ccemu's address, http://127.0.0.1:PORT
  CCEMU_ACCESS_KEY_ID        the first access key (the demo key unless fixtures say otherwise)
  CCEMU_ACCESS_KEY_SECRET    its secret
  CCEMU_ENTERPRISE_ID        its enterprise
  CCEMU_UI_URL               the browser UI (unset with --no-ui)

passes SIGINT and SIGTERM on to COMMAND, and stops ccemu when COMMAND ends.

  --export-on-exit FILE      write a snapshot of the state to FILE when COMMAND ends, passed or
                             failed (what --snapshot or POST /_emulator/snapshot imports)
  --journal-on-exit FILE     write the journal as HAR 1.2 to FILE when COMMAND ends
  (any ccemu start option: --config FILE, --clock manual, --seed N, --fixtures PATH, ...;
   ccemu start --help lists them)
  --help, -h                 this text

ccemu's messages go to stderr; COMMAND's output is its own.
Exit status: COMMAND's (128+N when a signal N ended it), 1 when ccemu cannot start, 2 for a bad
command line, 127 when COMMAND is not found, 126 when it cannot be run.`;

/** Signals passed on to the command; exit statuses of a command a signal ended (as shells do). */
const SIGNALS = { SIGHUP: 1, SIGINT: 2, SIGTERM: 15 } as const;
const SIGNAL_NUMBERS: Record<string, number> = {
  ...SIGNALS,
  SIGQUIT: 3,
  SIGABRT: 6,
  SIGKILL: 9,
  SIGSEGV: 11,
  SIGPIPE: 13,
};

/** The command line split: exec's own flags, the start flags, and the command. */
function split(args: string[]) {
  const at = args.indexOf("--");
  if (at < 0 || at === args.length - 1) {
    throw new UsageError("ccemu exec needs a command after --, e.g. ccemu exec -- npm test");
  }
  const { values, tokens } = parseArgs({
    args: args.slice(0, at),
    options: {
      "export-on-exit": { type: "string" },
      "journal-on-exit": { type: "string" },
    },
    strict: false,
    tokens: true,
  });
  // What is not exec's own goes to the start flags, in its order, as it was written.
  const own = new Set(["export-on-exit", "journal-on-exit"]);
  const start: string[] = [];
  for (const token of tokens) {
    if (token.kind === "option" && own.has(token.name)) continue;
    if (token.kind === "option") {
      start.push(token.rawName);
      if (token.value !== undefined) {
        if (token.inlineValue) start[start.length - 1] += `=${token.value}`;
        else start.push(token.value);
      }
    } else if (token.kind === "positional") start.push(token.value);
  }
  for (const name of own) {
    if (values[name] === true) throw new UsageError(`--${name} needs a file name`);
  }
  return {
    exportTo: values["export-on-exit"] as string | undefined,
    journalTo: values["journal-on-exit"] as string | undefined,
    start,
    command: args.slice(at + 1),
  };
}

/** The environment the command gets: ccemu's address and its first key. */
function environment(running: RunningEmulator, ui: boolean): Record<string, string> {
  const env: Record<string, string> = { CCEMU_URL: running.url };
  const key = running.emulator.state.accessKeys[0];
  if (key) {
    env.CCEMU_ACCESS_KEY_ID = key.accessKeyId;
    env.CCEMU_ACCESS_KEY_SECRET = key.accessKeySecret;
    env.CCEMU_ENTERPRISE_ID = key.enterpriseId;
  }
  if (ui) env.CCEMU_UI_URL = `${running.url}/`;
  return env;
}

/** Answers once ccemu answers its health route (it listens already: this is the proof). */
async function healthy(url: string): Promise<void> {
  const response = await fetch(`${url}/_emulator/health`);
  await response.body?.cancel();
  if (response.status !== 200) {
    throw new Error(`ccemu answered ${response.status} to /_emulator/health`);
  }
}

/** Runs the command to its end with signals passed on; answers its exit status. */
async function runCommand(command: string[], env: Record<string, string>): Promise<number> {
  let child: Deno.ChildProcess;
  try {
    child = new Deno.Command(command[0], {
      args: command.slice(1),
      env,
      stdin: "inherit",
      stdout: "inherit",
      stderr: "inherit",
    }).spawn();
  } catch (error) {
    if (error instanceof Deno.errors.NotFound) {
      console.error(`ccemu exec: command not found: ${command[0]}`);
      return 127;
    }
    console.error(`ccemu exec: cannot run ${command[0]}: ${(error as Error).message}`);
    return 126;
  }
  const forward = Object.keys(SIGNALS).map((signal) => {
    const pass = () => {
      try {
        child.kill(signal as Deno.Signal);
      } catch { /* it has ended already */ }
    };
    Deno.addSignalListener(signal as Deno.Signal, pass);
    return () => Deno.removeSignalListener(signal as Deno.Signal, pass);
  });
  try {
    const status = await child.status;
    return status.signal ? 128 + (SIGNAL_NUMBERS[status.signal] ?? 0) : status.code;
  } finally {
    for (const remove of forward) remove();
  }
}

/** Writes the snapshot and the journal asked for; answers false when one could not be written. */
async function writeOnExit(
  running: RunningEmulator,
  exportTo: string | undefined,
  journalTo: string | undefined,
): Promise<boolean> {
  const { emulator } = running;
  let ok = true;
  const write = async (path: string, what: string, text: () => string) => {
    try {
      const bytes = await writeFileAtomically(path, text());
      console.error(`ccemu exec: ${what} written to ${path} (${bytes} bytes)`);
    } catch (error) {
      console.error(`ccemu exec: cannot write ${what} to ${path}: ${(error as Error).message}`);
      ok = false;
    }
  };
  if (exportTo) {
    await write(
      exportTo,
      "snapshot",
      () => serializeSnapshot(emulator.snapshotSchema, emulator.exportSnapshot()),
    );
  }
  if (journalTo) {
    await write(journalTo, "journal", () =>
      JSON.stringify(
        journalHar(emulator.journal.list(), { origin: emulator.selfOrigin }),
        null,
        2,
      ) + "\n");
  }
  return ok;
}

async function exec(args: string[]): Promise<number> {
  // `deno task exec -- --clock manual -- npm test` hands its own "--" on: one followed by a flag
  // is that (no command starts with "-"). Any other first "--" is the one before the command; the
  // command's own arguments may hold more (`npm test -- --grep x`).
  if (args[0] === "--" && args[1]?.startsWith("-")) args = args.slice(1);
  if (args[0] === "--help" || args[0] === "-h") {
    console.log(USAGE);
    return EXIT.ok;
  }
  const { exportTo, journalTo, start, command } = split(args);
  let started;
  try {
    started = await startConfig(start, { port: "0" });
  } catch (error) {
    if (!(error instanceof ConfigFileError)) throw error;
    console.error(`ccemu exec: ${error.message}`);
    return EXIT.failed;
  }
  if (started === "help") {
    console.log(USAGE);
    return EXIT.ok;
  }
  const { config, file } = started;
  let running: RunningEmulator;
  try {
    running = await startServer(config, undefined, {
      log: (line) => console.error(`ccemu exec: ${line}`),
      instances: true,
      ...applying(file, () => {}),
    });
  } catch (error) {
    const message = error instanceof Deno.errors.AddrInUse
      ? `port ${config.port} on ${config.host} is already in use (another ccemu?): leave --port out for a free one.`
      : (error as Error).message;
    console.error(`ccemu exec: ccemu did not start: ${message}`);
    return EXIT.failed;
  }
  let status: number;
  try {
    await healthy(running.url);
    const from = file ? ` (config ${file.path})` : "";
    console.error(`ccemu exec: ccemu listening on ${running.url}${from}; running ${command[0]}`);
    status = await runCommand(command, environment(running, config.ui));
    if (!await writeOnExit(running, exportTo, journalTo) && status === 0) status = EXIT.failed;
  } finally {
    await running.close();
  }
  return status;
}

export const execCommand: Command = {
  name: "exec",
  usage: USAGE,
  run: exec,
};
