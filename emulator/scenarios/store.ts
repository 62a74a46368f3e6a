/**
 * The scenarios area keeps no slice of the state: its store is the library of scenario files that
 * ship in `fixtures/scenarios/` (or `--scenarios`), validated on load, and its domain acts on the
 * gateway's store (sessions, robots).
 */
import { join } from "node:path";
import { ApiError } from "../core/errors.ts";
import { parseJson } from "../core/json.ts";
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

/** Reads one scenario file; an invalid one names the file and the JSON path. */
export async function readScenario(file: string): Promise<Scenario> {
  let json: unknown;
  try {
    json = parseJson(await Deno.readTextFile(file));
  } catch (error) {
    throw new ScenarioFileError(file, "$", `cannot read it: ${(error as Error).message}`);
  }
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

/** Every `*.json` scenario of a file or folder (folders recursively), in name order. */
export async function loadScenarios(path: string): Promise<ScenarioFile[]> {
  const files: string[] = [];
  const walk = async (p: string) => {
    const info = await Deno.stat(p);
    if (info.isFile) return files.push(p);
    for await (const entry of Deno.readDir(p)) {
      if (entry.isDirectory) await walk(join(p, entry.name));
      else if (entry.name.endsWith(".json")) files.push(join(p, entry.name));
    }
  };
  try {
    await walk(path);
  } catch (error) {
    if (error instanceof Deno.errors.NotFound) return [];
    throw error;
  }
  files.sort();
  return Promise.all(files.map(async (file) => ({ file, scenario: await readScenario(file) })));
}

/** The scenarios loaded at start, by name. */
export class ScenarioLibrary {
  constructor(readonly files: ScenarioFile[]) {}

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
