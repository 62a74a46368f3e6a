/**
 * `ccemu crawl --agent URL --out DIR [options]`: clicks every option your agent offers, breadth
 * first, through an in-process ccemu's gateway; writes a scenario per path into DIR/scenarios,
 * the report into DIR/report.json, and prints the summary. Exit 1 when an option is a dead end.
 */
import { join } from "node:path";
import { writeFileAtomically } from "../emulator/core/atomic-file.ts";
import { crawl } from "../emulator/agent-tools/crawl.ts";
import { crawlSummary } from "../emulator/agent-tools/crawl-summary.ts";
import { startEmulator } from "../harness/mod.ts";
import { internals } from "../harness/internals.ts";
import { AGENT_FLAGS, AGENT_USAGE, agentTarget } from "./agent-flags.ts";
import { durationFlag, integerFlag } from "./flag-values.ts";
import { type Command, EXIT, parseFlags, UsageError } from "./command.ts";

const USAGE =
  `usage: ccemu crawl --agent URL --out DIR [options]        (also: deno task crawl -- ...)

Opens a visitor session with your agent and clicks every option it offers (option lists, category
and topic options, in combinations too), breadth first, each path a session of its own, through
ccemu's gateway (the same pushes, checks and time-outs a visitor gets). Pushes only to --agent
and --open-url; links and images in replies are never fetched.

${AGENT_USAGE}
  --say TEXT            what the visitor says first (repeatable)  [none when the open-session
                        reply offers options, else 你好]
  --depth N             the most options clicked on one path (1-20)       [3]
  --max-paths M         the most paths (1-10000)                          [50]
  --timeout D           the crawl's time budget: 90s, 2m, 500ms           [2m]
  --out DIR             writes DIR/scenarios/path-NNN.json (one scenario per path) and
                        DIR/report.json
  --help, -h            this text

A path ends at an answer without options, a transfer, a dead end (an option that gets an error,
nothing, or the same menu back), a loop (a menu from earlier on the path), a menu another path
explores, or --depth. Replay the scenarios with: ccemu replay DIR/scenarios

Exit status: 0 no dead end, 1 a dead end (or no path at all), 2 bad arguments.`;

/** Removes the scenarios an earlier crawl wrote there, so that a replay runs this crawl's only. */
async function clearEarlier(folder: string): Promise<void> {
  await Deno.mkdir(folder, { recursive: true });
  for await (const entry of Deno.readDir(folder)) {
    if (entry.isFile && /^path-\d{3,}\.json$/.test(entry.name)) {
      await Deno.remove(join(folder, entry.name));
    }
  }
}

async function runCrawl(args: string[]): Promise<number> {
  const parsed = parseFlags(args, {
    ...AGENT_FLAGS,
    say: { type: "string", multiple: true },
    depth: { type: "string" },
    "max-paths": { type: "string" },
    timeout: { type: "string" },
    out: { type: "string" },
  }, USAGE);
  if (!parsed) return EXIT.ok;
  const { values } = parsed;
  const agent = agentTarget(values);
  if (!values.out) throw new UsageError("--out DIR is required: where the scenarios and report go");
  const say = values.say ?? [];
  if (say.some((s) => s.trim() === "")) throw new UsageError("--say must not be empty");
  const options = {
    ...agent,
    say,
    depth: integerFlag("depth", values.depth, 1, 20) ?? 3,
    maxPaths: integerFlag("max-paths", values["max-paths"], 1, 10_000) ?? 50,
    timeoutMs: durationFlag("timeout", values.timeout, 120_000),
  };
  const folder = join(values.out, "scenarios");
  await clearEarlier(folder);
  await using ccemu = await startEmulator({ clock: "real" });
  // Awaited inside the block: ccemu must outlive the crawl.
  const { report, scenarios } = await crawl(internals(ccemu).areas.gateway.store, options);
  for (const { file, scenario } of scenarios) {
    await writeFileAtomically(join(folder, file), JSON.stringify(scenario, null, 2) + "\n");
  }
  await writeFileAtomically(
    join(values.out, "report.json"),
    JSON.stringify(report, null, 2) + "\n",
  );
  console.log(crawlSummary(report, folder));
  console.log(`report: ${join(values.out, "report.json")}`);
  return report.passed ? EXIT.ok : EXIT.failed;
}

export const crawlCommand: Command = {
  name: "crawl",
  usage: USAGE,
  run: runCrawl,
};
