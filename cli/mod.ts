/**
 * The `ccemu` command: one CLI with subcommands (`start` is the default), each with `--help`, one
 * flag style, and the same exit statuses (0 done, 1 failed, 2 bad command line).
 *
 * @example Run it
 * ```sh
 * ccemu start --port 0 --clock manual
 * ccemu sign POST http://127.0.0.1:8686/gateway/robot_list --body '{"robotStatus":1}'
 * ccemu replay fixtures/scenarios --junit report.xml
 * ```
 * @module
 */
import { type Command, EXIT, UsageError } from "./command.ts";
import { VERSION } from "../emulator/version.ts";
import { ScenarioFileError } from "../emulator/scenarios/store.ts";

/** A subcommand as the usage lists it, and how to load it. */
interface Listed {
  name: string;
  summary: string;
  load(): Promise<Command>;
}

/**
 * Every subcommand, by name, with its summary (said here only) and its module, imported when that
 * command runs: loading every command's modules cost `ccemu start` a fifth of its start-up
 * (tests/cli/commands_test.ts checks that no command of cli/ is missing). The first is the default.
 */
const COMMANDS: Listed[] = [
  {
    name: "start",
    summary: "serve the emulated APIs, the control API and the UI (the default)",
    load: async () => (await import("./start.ts")).startCommand,
  },
  {
    name: "exec",
    summary: "start ccemu, run a command with its address in the environment, stop ccemu",
    load: async () => (await import("./exec.ts")).execCommand,
  },
  {
    name: "wait",
    summary: "wait until a ccemu answers at URL (for CI steps that start it in the background)",
    load: async () => (await import("./wait.ts")).waitCommand,
  },
  {
    name: "sign",
    summary: "print a curl command signed like the vendor's SDK",
    load: async () => (await import("./sign.ts")).signCommand,
  },
  {
    name: "replay",
    summary: "replay scenario files against ccemu's robots or your agent (CI-friendly)",
    load: async () => (await import("./replay.ts")).replayCommand,
  },
  {
    name: "load",
    summary: "run N concurrent visitors against your agent: latency percentiles, time-outs, errors",
    load: async () => (await import("./load.ts")).loadCommand,
  },
  {
    name: "compare",
    summary: "run the same scenarios against two agents: a matrix, differences marked, regressions",
    load: async () => (await import("./compare.ts")).compareCommand,
  },
  {
    name: "agent-check",
    summary: "check a running agent's replies against the gateway's message schemas",
    load: async () => (await import("./agent-check.ts")).agentCheckCommand,
  },
  {
    name: "crawl",
    summary: "click every option your agent offers; a scenario per path, dead ends and loops",
    load: async () => (await import("./crawl.ts")).crawlCommand,
  },
  {
    name: "chat",
    summary: "chat with your agent (or a robot of a running ccemu) in the terminal",
    load: async () => (await import("./chat.ts")).chatCommand,
  },
  {
    name: "callbacks-check",
    summary: "check that every finished call of a task reached your callback receiver exactly once",
    load: async () => (await import("./callbacks-check.ts")).callbacksCheckCommand,
  },
  {
    name: "tap",
    summary: "sit where the gateway pushes to your agent: forward, and record as transcripts",
    load: async () => (await import("./tap.ts")).tapCommand,
  },
  {
    name: "openapi",
    summary: "print or write the OpenAPI 3.1 description of every operation",
    load: async () => (await import("./openapi.ts")).openapiCommand,
  },
  {
    name: "fixtures",
    summary: "build a fixture file from a recording's read answers (--out FILE, --merge)",
    load: async () => (await import("./fixtures.ts")).fixturesCommand,
  },
  {
    name: "parity",
    summary: "replay a --record FILE against ccemu and compare each answer with the recorded one",
    load: async () => (await import("./parity.ts")).parityCommand,
  },
];

const USAGE = `ccemu ${VERSION}: an offline emulator of a contact-center platform's integration APIs

usage: ccemu [command] [options]

${COMMANDS.map((c) => `  ${c.name.padEnd(12)} ${c.summary}`).join("\n")}

  ccemu COMMAND --help   a command's options
  ccemu --version        the version

Without a command, ccemu starts (ccemu --port 0 is ccemu start --port 0).
Exit status: 0 done, 1 failed (start-up, a scenario, a check), 2 bad command line.`;

/** Runs the command line `args`; answers the exit status. */
export async function runCli(args: string[]): Promise<number> {
  const [first, ...rest] = args[0] === "--" ? args.slice(1) : args;
  if (first === "--version" || first === "-v" || first === "version") {
    console.log(`ccemu ${VERSION}`);
    return EXIT.ok;
  }
  if (first === "--help" || first === "-h" || first === "help") {
    console.log(USAGE);
    return EXIT.ok;
  }
  const named = COMMANDS.find((c) => c.name === first);
  if (!named && first !== undefined && !first.startsWith("-")) {
    console.error(`ccemu: unknown command "${first}"\n\n${USAGE}`);
    return EXIT.usage;
  }
  const listed = named ?? COMMANDS[0];
  const command = await listed.load();
  const who = listed === COMMANDS[0] ? "ccemu" : `ccemu ${command.name}`;
  try {
    return await command.run(named ? rest : args);
  } catch (error) {
    if (error instanceof UsageError || error instanceof ScenarioFileError) {
      console.error(`${who}: ${error.message}\n\n${command.usage}`);
      return EXIT.usage;
    }
    console.error(`${who}: ${(error as Error).message}`);
    return EXIT.failed;
  }
}
