/**
 * `deno task agent-check -- --url URL --platform Default|PlatformA --mode blocking|streaming
 * [--token T] [--open-path /open] [--transfer-text TEXT] [--sessions N]`: runs the conformance
 * battery against a running agent and prints the report; exit status 0 only when nothing of
 * severity error was found.
 */
import { parseArgs } from "node:util";
import { formatReport } from "../emulator/scenarios/conformance.ts";
import { checkAgent } from "./mod.ts";

const USAGE =
  "usage: deno task agent-check -- --url URL --platform Default|PlatformA --mode blocking|streaming [--token T] [--open-path /open] [--transfer-text TEXT] [--sessions N]";

async function main(args: string[]): Promise<number> {
  const { values } = parseArgs({
    args: args[0] === "--" ? args.slice(1) : args,
    options: {
      url: { type: "string" },
      platform: { type: "string" },
      mode: { type: "string" },
      token: { type: "string" },
      "open-path": { type: "string" },
      "transfer-text": { type: "string" },
      sessions: { type: "string" },
    },
  });
  const platform = values.platform ?? "Default", mode = values.mode ?? "blocking";
  if (
    !values.url || !URL.canParse(values.url) || !["Default", "PlatformA"].includes(platform) ||
    !["blocking", "streaming"].includes(mode)
  ) {
    console.error(USAGE);
    return 2;
  }
  const report = await checkAgent({
    url: values.url,
    platform: platform as "Default" | "PlatformA",
    mode: mode as "blocking" | "streaming",
    token: values.token,
    openPath: values["open-path"],
    transferText: values["transfer-text"],
    sessions: values.sessions ? Number(values.sessions) : undefined,
  });
  console.log(formatReport(report));
  return report.passed ? 0 : 1;
}

if (import.meta.main) {
  try {
    Deno.exit(await main(Deno.args));
  } catch (error) {
    console.error(`agent-check: ${(error as Error).message}`);
    Deno.exit(2);
  }
}
