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
import { agentCheckCommand } from "./agent-check.ts";
import { callbacksCheckCommand } from "./callbacks-check.ts";
import { chatCommand } from "./chat.ts";
import { compareCommand } from "./compare.ts";
import { crawlCommand } from "./crawl.ts";
import { execCommand } from "./exec.ts";
import { fixturesCommand } from "./fixtures.ts";
import { loadCommand } from "./load.ts";
import { openapiCommand } from "./openapi.ts";
import { parityCommand } from "./parity.ts";
import { type Command, EXIT, UsageError } from "./command.ts";
import { replayCommand } from "./replay.ts";
import { signCommand } from "./sign.ts";
import { startCommand } from "./start.ts";
import { tapCommand } from "./tap.ts";
import { waitCommand } from "./wait.ts";
import { VERSION } from "../emulator/version.ts";
import { ScenarioFileError } from "../emulator/scenarios/store.ts";

const COMMANDS: Command[] = [
  startCommand,
  execCommand,
  waitCommand,
  signCommand,
  replayCommand,
  loadCommand,
  compareCommand,
  agentCheckCommand,
  crawlCommand,
  chatCommand,
  callbacksCheckCommand,
  tapCommand,
  openapiCommand,
  fixturesCommand,
  parityCommand,
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
  const command = named ?? startCommand;
  const who = command === startCommand ? "ccemu" : `ccemu ${command.name}`;
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
