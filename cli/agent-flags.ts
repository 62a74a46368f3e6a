/**
 * The agent flags of `ccemu load` and `ccemu compare`, as replay has them (`--agent`, `--platform`,
 * `--open-url`, `--token`), for one agent or several: `--platform`, `--open-url` and `--token`
 * given before the first `--agent` are every agent's; given after an `--agent`, that agent's.
 */
import { parseArgs, type ParseArgsConfig } from "node:util";
import { ApiError } from "../emulator/core/errors.ts";
import { checkTarget, type LoadTarget } from "../emulator/agent-load/plan.ts";
import { UsageError } from "./command.ts";

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
  const agents = groups.map(({ url, flags }) => agentTarget(url, { ...shared, ...flags }));
  return { agents, values: parsed.values, positionals: parsed.positionals };
}

/** One agent's target, refused as a usage error when it is not one agent's URL. */
function agentTarget(url: string, flags: Partial<Record<AgentFlag, string>>): LoadTarget {
  const platform = flags.platform ?? "Default";
  if (platform !== "Default" && platform !== "PlatformA") {
    throw new UsageError(`--platform must be Default or PlatformA, got "${platform}"`);
  }
  try {
    return checkTarget({
      url,
      platform,
      ...(flags["open-url"] !== undefined ? { openUrl: flags["open-url"] } : {}),
      ...(flags.token !== undefined ? { token: flags.token } : {}),
    });
  } catch (error) {
    if (error instanceof ApiError) {
      throw new UsageError(
        error.message.replace(/^agent:/, "--agent").replace(/^openUrl:/, "--open-url"),
      );
    }
    throw error;
  }
}

/** An integer flag within a range, or undefined when not given. */
export function integerFlag(flag: string, text: string | undefined, min: number, max: number) {
  if (text === undefined) return undefined;
  const n = Number(text);
  if (!/^\d+$/.test(text) || n < min || n > max) {
    throw new UsageError(`--${flag} must be an integer from ${min} to ${max}, got "${text}"`);
  }
  return n;
}
