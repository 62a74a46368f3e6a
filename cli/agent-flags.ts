/**
 * The flags that name an agent for the commands that talk to one directly (`crawl`, `chat`):
 * `--agent URL` (its message interface), `--platform`, `--open-url` (its open-session interface,
 * on the same origin: the gateway pushes both to one domain), `--token`, `--mode`.
 */
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
  if (!agent || !URL.canParse(agent) || !/^https?:$/.test(new URL(agent).protocol)) {
    throw new UsageError(
      `--agent must be your agent's http(s) URL${agent ? `, got "${agent}"` : ""}`,
    );
  }
  if (platform !== "Default" && platform !== "PlatformA") {
    throw new UsageError(`--platform must be Default or PlatformA, got "${platform}"`);
  }
  if (mode !== "blocking" && mode !== "streaming") {
    throw new UsageError(`--mode must be blocking or streaming, got "${mode}"`);
  }
  if (openUrl !== undefined) {
    if (!URL.canParse(openUrl)) throw new UsageError(`--open-url "${openUrl}" is not a URL`);
    if (new URL(openUrl).origin !== new URL(agent).origin) {
      throw new UsageError(
        `--open-url must be on --agent's origin (${
          new URL(agent).origin
        }): the gateway pushes both to one domain`,
      );
    }
  }
  return {
    url: agent,
    platform,
    ...(openUrl !== undefined ? { openUrl } : {}),
    ...(token !== undefined ? { token } : {}),
    mode,
  };
}

/** A whole number flag within bounds, or its default. */
export function integerFlag(
  flag: string,
  text: string | undefined,
  fallback: number,
  min: number,
  max: number,
): number {
  if (text === undefined) return fallback;
  const n = Number(text);
  if (!/^\d+$/.test(text) || n < min || n > max) {
    throw new UsageError(`--${flag} must be a whole number from ${min} to ${max}, got "${text}"`);
  }
  return n;
}
