/**
 * The scenarios area keeps no slice of the state: its store is the library of scenario files that
 * ship in `fixtures/scenarios/` (or `--scenarios`), validated on load, and its domain acts on the
 * gateway's store (sessions, robots).
 */
import { join } from "node:path";
import { ApiError } from "../core/errors.ts";
import { parseJson } from "../core/json.ts";
import { SAMPLE_SCENARIOS } from "../packaged.ts";
import { expandScenario, UTTERANCES_SUFFIX } from "./include.ts";
import { ScenarioError } from "./prepare.ts";
import type { ScenarioReport } from "./runner.ts";
import { type Scenario, ScenarioSchema } from "./schemas.ts";

/** A scenario file that cannot be read or does not validate: names the file and the JSON path. */
export class ScenarioFileError extends Error {
  constructor(readonly file: string, readonly path: string, detail: string) {
    super(`invalid scenario ${file}: ${path}: ${detail}`);
  }
}

export interface ScenarioFile {
  file: string;
  scenario: Scenario;
}

/** Reads and validates one scenario file, not yet expanded (its includes still to splice in). */
async function readScenarioFile(file: string): Promise<Scenario> {
  let json: unknown;
  try {
    json = parseJson(await Deno.readTextFile(file));
  } catch (error) {
    throw new ScenarioFileError(file, "$", `cannot read it: ${(error as Error).message}`);
  }
  return parseScenario(file, json);
}

/** The shipped scenarios, which an include may name wherever a scenario file stands. */
const shipped = () => SAMPLE_SCENARIOS.map(({ file, json }) => parseScenario(file, json));

/**
 * A scenario as it runs (include.ts: includes spliced in, phrasings from files, every `{{name}}`
 * captured before use); a scenario that cannot run names the file and the JSON path.
 */
async function expanded(file: string, scenario: Scenario, known: Scenario[]): Promise<Scenario> {
  try {
    return await expandScenario(scenario, { file, known });
  } catch (error) {
    if (error instanceof ScenarioError) throw new ScenarioFileError(file, error.path, error.detail);
    throw error;
  }
}

/**
 * Reads one scenario file, ready to run; an invalid one names the file and the JSON path. An
 * include by name looks beside the file, then among the shipped scenarios.
 */
export async function readScenario(file: string): Promise<Scenario> {
  return expanded(file, await readScenarioFile(file), shipped());
}

/** Validates a scenario's JSON; an invalid one names the file and the JSON path. */
function parseScenario(file: string, json: unknown): Scenario {
  const result = ScenarioSchema.safeParse(json);
  if (!result.success) {
    const issue = result.error.issues[0];
    throw new ScenarioFileError(
      file,
      "$" + issue.path.map((k) => (typeof k === "number" ? `[${k}]` : `.${String(k)}`)).join(""),
      issue.message,
    );
  }
  return result.data;
}

/** The scenario files of a file or folder (folders recursively), in name order; none if absent. */
async function scenarioPaths(path: string): Promise<string[]> {
  const files: string[] = [];
  const walk = async (p: string) => {
    const info = await Deno.stat(p);
    if (info.isFile) return files.push(p);
    for await (const entry of Deno.readDir(p)) {
      if (entry.isDirectory) await walk(join(p, entry.name));
      // A list of phrasings beside the scenarios (include.ts) is not a scenario.
      else if (entry.name.endsWith(".json") && !entry.name.endsWith(UTTERANCES_SUFFIX)) {
        files.push(join(p, entry.name));
      }
    }
  };
  try {
    await walk(path);
  } catch (error) {
    if (error instanceof Deno.errors.NotFound) return [];
    throw error;
  }
  return files.sort();
}

/**
 * Every `*.json` scenario of a file or folder (folders recursively), in name order, or of several
 * (one after the other); without a path, the sample scenarios ccemu ships. An include by name
 * finds any scenario read together, as well as one beside its file and a shipped one.
 */
export async function loadScenarios(path?: string | string[]): Promise<ScenarioFile[]> {
  if (path === undefined) {
    return SAMPLE_SCENARIOS.map(({ file, json }) => ({
      file,
      scenario: parseScenario(file, json),
    }));
  }
  const files = (await Promise.all([path].flat().map(scenarioPaths))).flat();
  const read = await Promise.all(files.map(async (file) => ({
    file,
    scenario: await readScenarioFile(file),
  })));
  const known = [...read.map((r) => r.scenario), ...shipped()];
  const out: ScenarioFile[] = [];
  for (const { file, scenario } of read) {
    out.push({ file, scenario: await expanded(file, scenario, known) });
  }
  return out;
}

/** The newest runs the library keeps (the UI's run history). */
export const MAX_RUNS = 50;

/** One replay as the run history keeps it: when, and the whole report. */
export interface ScenarioRun {
  run: number;
  at: number;
  report: ScenarioReport;
}

/**
 * The scenarios loaded at start, by name, and the newest replays' reports. Like the journal, the
 * run history is not part of the state: a snapshot does not carry it, a reset clears it.
 */
export class ScenarioLibrary {
  #runs: ScenarioRun[] = [];
  #next = 1;

  constructor(readonly files: ScenarioFile[]) {}

  get runs(): readonly ScenarioRun[] {
    return this.#runs;
  }

  addRun(at: number, report: ScenarioReport): ScenarioRun {
    const run = { run: this.#next++, at, report };
    this.#runs = [...this.#runs, run].slice(-MAX_RUNS);
    return run;
  }

  /** A run by its number as the path gives it; anything but a number is refused as such. */
  findRun(text: string): ScenarioRun {
    if (!/^[1-9]\d{0,9}$/.test(text)) {
      throw new ApiError(
        "InvalidParameter",
        `run: "${
          text.slice(0, 40)
        }" is not a run number; use the number a replay answered, such as 3.`,
        "run",
      );
    }
    const run = Number(text);
    const found = this.#runs.find((r) => r.run === run);
    if (!found) {
      throw new ApiError(
        "ResourceNotFound",
        `No scenario run ${run}: ccemu keeps the newest ${MAX_RUNS} (${
          this.#runs.map((r) => r.run).join(", ") || "none yet"
        }).`,
        "run",
      );
    }
    return found;
  }

  clearRuns(): void {
    this.#runs = [];
    this.#next = 1;
  }

  /** The scenarios by name an include may splice in. */
  get known(): Scenario[] {
    return this.files.map((f) => f.scenario);
  }

  find(name: string): Scenario {
    const found = this.files.find((s) => s.scenario.name === name);
    if (!found) {
      throw new ApiError(
        "ResourceNotFound",
        `No shipped scenario "${name}". Shipped: ${
          this.files.map((s) => s.scenario.name).join(", ") || "none"
        }.`,
      );
    }
    return found.scenario;
  }
}
