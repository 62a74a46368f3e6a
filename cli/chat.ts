/**
 * `ccemu chat --agent URL [options]` or `ccemu chat --ccemu URL --robot ID`: chat with an agent
 * in the terminal, through a ccemu's gateway (one started in this process for --agent, or the
 * running one given). Reads lines from standard input, a terminal or a pipe alike.
 */
import { writeFileAtomically } from "../emulator/core/atomic-file.ts";
import { CcemuError, CcemuLink } from "../emulator/agent-tools/ccemu-link.ts";
import { Chat, CHAT_HELP } from "../emulator/agent-tools/chat.ts";
import { portableRobot } from "../emulator/scenarios/robots.ts";
import type { ScenarioRobot } from "../emulator/scenarios/schemas.ts";
import { startEmulator } from "../harness/mod.ts";
import { AGENT_FLAGS, AGENT_USAGE, agentTarget } from "./agent-flags.ts";
import { type Command, EXIT, parseFlags, UsageError } from "./command.ts";

const USAGE = `usage: ccemu chat --agent URL [options]        (also: deno task chat -- ...)
       ccemu chat --ccemu URL --robot ID [--mode M]

Chats with your agent in the terminal through ccemu's gateway: each line you type is the visitor's
message, pushed the way the gateway pushes it; the reply is shown as a visitor reads it (options
numbered, cards, images and files by name, the transfer), a streamed one as it arrives, with its
findings and time. Standard input may be a pipe.

${AGENT_USAGE}
  --ccemu URL           instead of --agent: a running ccemu, e.g. http://127.0.0.1:8686
  --robot ID            with --ccemu: the robot to chat with, e.g. sample-default
  --help, -h            this text

In the chat: ${CHAT_HELP}

Exit status: 0 the chat ended (/quit or the end of input), 1 ccemu or the robot could not be
reached, 2 bad arguments.`;

/** Standard input's lines, a terminal's or a pipe's, without their line ends. */
async function* lines(input: ReadableStream<Uint8Array<ArrayBuffer>>): AsyncGenerator<string> {
  let buffer = "";
  for await (const text of input.pipeThrough(new TextDecoderStream())) {
    buffer += text;
    const parts = buffer.split("\n");
    buffer = parts.pop()!;
    for (const part of parts) yield part.replace(/\r$/, "");
  }
  if (buffer) yield buffer;
}

const encoder = new TextEncoder();
const write = (text: string) => {
  const bytes = encoder.encode(text);
  for (let at = 0; at < bytes.length;) at += Deno.stdout.writeSync(bytes.subarray(at));
};

/** Chats until /quit or the end of input. */
async function converse(
  link: CcemuLink,
  robotId: string,
  robot: ScenarioRobot,
  robotLabel: string,
  mode: "blocking" | "streaming",
): Promise<number> {
  const terminal = Deno.stdin.isTerminal();
  const chat = new Chat({
    link,
    robotId,
    robot,
    robotLabel,
    mode,
    write,
    saveFile: (path, text) => writeFileAtomically(path, text).then(() => {}),
    echo: !terminal,
  });
  await chat.start();
  try {
    if (terminal) write(`${CHAT_HELP}\nyou: `);
    for await (const line of lines(Deno.stdin.readable)) {
      if (await chat.handle(line) === "quit") break;
      if (terminal) write("you: ");
    }
  } finally {
    await chat.close();
  }
  return EXIT.ok;
}

async function runChat(args: string[]): Promise<number> {
  const parsed = parseFlags(args, {
    ...AGENT_FLAGS,
    ccemu: { type: "string" },
    robot: { type: "string" },
  }, USAGE);
  if (!parsed) return EXIT.ok;
  const { values } = parsed;
  const mode = values.mode ?? "blocking";
  try {
    if (values.ccemu !== undefined) {
      for (const flag of ["agent", "platform", "open-url", "token"] as const) {
        if (values[flag] !== undefined) {
          throw new UsageError(`--${flag} goes with --agent, not --ccemu (its robot has its own)`);
        }
      }
      if (!URL.canParse(values.ccemu)) {
        throw new UsageError(`--ccemu must be a running ccemu's URL, got "${values.ccemu}"`);
      }
      if (!values.robot) throw new UsageError("--ccemu needs --robot ID: the robot to chat with");
      if (mode !== "blocking" && mode !== "streaming") {
        throw new UsageError(`--mode must be blocking or streaming, got "${mode}"`);
      }
      const link = new CcemuLink(new URL(values.ccemu).origin);
      const robot = await link.robot(values.robot);
      return await converse(
        link,
        robot.robotId,
        portableRobot(robot),
        `robot ${robot.robotId} "${robot.name}"`,
        mode,
      );
    }
    if (values.robot !== undefined) throw new UsageError("--robot goes with --ccemu URL");
    const agent = agentTarget(values);
    await using ccemu = await startEmulator({ clock: "real" });
    const link = new CcemuLink(ccemu.url);
    const open = agent.openUrl ? new URL(agent.openUrl) : undefined;
    const robot = await link.addAgent({
      name: "ccemu chat",
      url: agent.url,
      platform: agent.platform,
      ...(open ? { openPath: open.pathname + open.search } : {}),
      ...(agent.token !== undefined ? { token: agent.token } : {}),
    });
    const { mode: _, ...named } = agent;
    return await converse(link, robot.robotId, named, agent.url, agent.mode);
  } catch (error) {
    if (!(error instanceof CcemuError)) throw error;
    console.error(`ccemu chat: ${error.message}`);
    return EXIT.failed;
  }
}

export const chatCommand: Command = {
  name: "chat",
  usage: USAGE,
  run: runChat,
};
