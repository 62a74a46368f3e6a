/**
 * Old scenario files keep working unchanged: every scenario that was under fixtures/ and examples/
 * before the scenario language grew (variants, captures, reply paths, includes) is replayed and its
 * report compared with the one main gave then. Times and ports are left out (they vary run to
 * run). Files added since (examples/python-consumer's, whose agent is a Python process) are not
 * old ones: the golden's own list is replayed. Regenerate the golden file only on purpose:
 * `CCEMU_WRITE_GOLDEN=1 deno test -A this file` (it then takes every scenario file it finds).
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { startEmulator } from "../../harness/mod.ts";

const ROOT = new URL("../../", import.meta.url).pathname;
const GOLDEN = new URL("./golden/unchanged-reports.json", import.meta.url).pathname;

/** Every scenario file: a JSON file with `steps` and `robot` under fixtures/ and examples/. */
async function scenarioFiles(): Promise<string[]> {
  const found: string[] = [];
  const walk = async (dir: string) => {
    for await (const entry of Deno.readDir(join(ROOT, dir))) {
      const path = join(dir, entry.name);
      if (entry.isDirectory && entry.name !== "node_modules") await walk(path);
      else if (entry.name.endsWith(".json") && !entry.name.endsWith(".utterances.json")) {
        const json = JSON.parse(await Deno.readTextFile(join(ROOT, path)));
        if (json && typeof json === "object" && "steps" in json && "robot" in json) {
          found.push(path);
        }
      }
    }
  };
  await walk("fixtures");
  await walk("examples");
  return found.sort();
}

/** The report without what varies run to run: real milliseconds and the port. */
function stable(value: unknown, key = ""): unknown {
  if (typeof value === "string") return value.replace(/127\.0\.0\.1:\d+/g, "127.0.0.1:PORT");
  if (Array.isArray(value)) return value.map((v) => stable(v, key));
  if (value && typeof value === "object") {
    const record = value as Record<string, unknown>;
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(record)) {
      if (k === "elapsedMs") continue;
      if (k === "observed" && record.key === "withinMs") continue;
      out[k] = stable(v, k);
    }
    return out;
  }
  return value;
}

Deno.test("every old scenario under fixtures/ and examples/ reports as it did before", async () => {
  const writing = Deno.env.get("CCEMU_WRITE_GOLDEN") === "1";
  const golden = writing ? {} : JSON.parse(await Deno.readTextFile(GOLDEN));
  const files = writing ? await scenarioFiles() : Object.keys(golden);
  const reports: Record<string, unknown> = {};
  for (const file of files) {
    await using ccemu = await startEmulator();
    reports[file] = stable(await ccemu.runScenario(join(ROOT, file)));
  }
  if (writing) await Deno.writeTextFile(GOLDEN, JSON.stringify(reports, null, 1) + "\n");
  else for (const file of files) assert.deepEqual(reports[file], golden[file], file);
});
