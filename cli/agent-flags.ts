/**
 * The flags that name an agent, for the commands that talk to one directly: `--agent URL` (its
 * message interface), `--platform`, `--open-url` (its open-session interface, on the same origin:
 * the gateway pushes both to one domain), `--token`, and for `crawl` and `chat` `--mode`.
 * `load` and `compare` take several agents: `--platform`, `--open-url` and `--token` given before
 * the first `--agent` are every agent's; given after an `--agent`, that agent's.
 */
import { parseArgs, type ParseArgsConfig } from "node:util";
import { ApiError } from "../emulator/core/errors.ts";
import { checkTarget, type LoadTarget } from "../emulator/agent-load/plan.ts";
import { UsageError } from "./command.ts";

export const AGENT_FLAGS = {
  agent: { type: "string" },
  platform: { type: "string" },
  "open-url": { type: "string" },
  token: { type: "string" },
  mode: { type: "string" },
} as const;

/** The usage lines of AGENT_FLAGS. */
export const AGENT_USAGE =
  `  --agent URL           your agent's message interface, e.g. http://127.0.0.1:3000/message
  --platform P          its way: Default or PlatformA                     [Default]
  --open-url URL        its open-session interface (same origin as --agent)
  --token T             Bearer token ccemu sends to your agent
  --mode M              blocking or streaming                             [blocking]`;

/** An agent as the flags name it. */
export interface AgentTarget {
  url: string;
  platform: "Default" | "PlatformA";
  openUrl?: string;
  token?: string;
  mode: "blocking" | "streaming";
}

/** The agent the flags name; a UsageError saying which flag is wrong and how. */
export function agentTarget(values: {
  agent?: string;
  platform?: string;
  "open-url"?: string;
  token?: string;
  mode?: string;
}): AgentTarget {
  const { agent, platform = "Default", token, mode = "blocking" } = values;
  const openUrl = values["open-url"];
  if (!agent) throw new UsageError("--agent must be your agent's http(s) URL");
  if (mode !== "blocking" && mode !== "streaming") {
    throw new UsageError(`--mode must be blocking or streaming, got "${mode}"`);
  }
  checked({
    url: agent,
    platform: platformOf(platform),
    ...(openUrl !== undefined ? { openUrl } : {}),
  });
  return {
    url: agent,
    platform: platformOf(platform),
    ...(openUrl !== undefined ? { openUrl } : {}),
    ...(token !== undefined ? { token } : {}),
    mode,
  };
}

const AGENT_OPTIONS = {
  agent: { type: "string", multiple: true },
  platform: { type: "string" },
  "open-url": { type: "string" },
  token: { type: "string" },
} as const;

type AgentFlag = "platform" | "open-url" | "token";

/**
 * Parses the command line: the agents in the order given, the other flags (`options`) and the
 * positionals; undefined after printing the usage for `--help`.
 */
export function parseAgentFlags<O extends NonNullable<ParseArgsConfig["options"]>>(
  args: string[],
  options: O,
  usage: string,
) {
  let parsed;
  try {
    parsed = parseArgs({
      args: args[0] === "--" ? args.slice(1) : args,
      options: { ...options, ...AGENT_OPTIONS, help: { type: "boolean", short: "h" } },
      allowPositionals: true,
      strict: true,
      tokens: true,
    });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  if ((parsed.values as { help?: boolean }).help) {
    console.log(usage);
    return undefined;
  }
  const shared: Partial<Record<AgentFlag, string>> = {};
  const groups: { url: string; flags: Partial<Record<AgentFlag, string>> }[] = [];
  for (const token of parsed.tokens ?? []) {
    if (token.kind !== "option" || token.value === undefined) continue;
    if (token.name === "agent") groups.push({ url: token.value, flags: {} });
    else if (token.name === "platform" || token.name === "open-url" || token.name === "token") {
      const into = groups.at(-1)?.flags ?? shared;
      if (into[token.name] !== undefined) {
        throw new UsageError(`--${token.name} is given twice for the same agent`);
      }
      into[token.name] = token.value;
    }
  }
  const agents = groups.map(({ url, flags }) => targetOf(url, { ...shared, ...flags }));
  return { agents, values: parsed.values, positionals: parsed.positionals };
}

/** One agent's target, refused as a usage error when it is not one agent's URL. */
function targetOf(url: string, flags: Partial<Record<AgentFlag, string>>): LoadTarget {
  return checked({
    url,
    platform: platformOf(flags.platform ?? "Default"),
    ...(flags["open-url"] !== undefined ? { openUrl: flags["open-url"] } : {}),
    ...(flags.token !== undefined ? { token: flags.token } : {}),
  });
}

/** The target as checkTarget refuses it (one rule for every command), as a usage error. */
function checked(target: LoadTarget): LoadTarget {
  try {
    return checkTarget(target);
  } catch (error) {
    if (error instanceof ApiError) {
      throw new UsageError(
        error.message.replace(/^agent:/, "--agent").replace(/^openUrl:/, "--open-url"),
      );
    }
    throw error;
  }
}

function platformOf(platform: string): "Default" | "PlatformA" {
  if (platform === "Default" || platform === "PlatformA") return platform;
  throw new UsageError(`--platform must be Default or PlatformA, got "${platform}"`);
}
