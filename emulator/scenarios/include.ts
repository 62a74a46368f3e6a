/**
 * `{"include": "greeting"}`: the steps of another scenario spliced in where the step stands (a
 * login or a greeting written once). A scenario is found by its file, relative to the including
 * one (`"include": "common/greeting.json"`: the text ends in `.json`), or by its `name`: first
 * among the scenario files in the including file's folder, then among the scenarios ccemu has (the
 * shipped ones and `--scenarios`). Only the steps come: the included scenario's robot, visitor and
 * mode are not used. Lists of phrasings (`{"utterances": "refund"}`) are resolved here too, where
 * the scenario's file is known: the scenario's own `utterances`, else `refund.utterances.json`
 * beside the file.
 */
import { dirname, join, resolve } from "node:path";
import { parseJson } from "../core/json.ts";
import { prepareSteps, ScenarioError } from "./prepare.ts";
import { type Scenario, ScenarioSchema, type Step } from "./schemas.ts";

/** Where the names and paths of a scenario's includes are looked up. */
export interface IncludeSource {
  /** The scenario's file, when it came from one: paths and sibling files are read beside it. */
  file?: string;
  /** The scenarios ccemu has, by name (the shipped ones and `--scenarios`). */
  known?: readonly Scenario[];
}

/** A file of phrasings beside the scenarios: `NAME.utterances.json`, a JSON array of strings. */
export const UTTERANCES_SUFFIX = ".utterances.json";

/** An included scenario, with the file it came from (null: one ccemu has by name). */
interface Found {
  scenario: Scenario;
  file: string | null;
}

/** Validates a file's JSON as a scenario, refusing it as the include that named it. */
function asScenario(json: unknown, file: string, where: string): Scenario {
  const result = ScenarioSchema.safeParse(json);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  throw new ScenarioError(
    where,
    `the included scenario ${file} is invalid: $.${issue.path.join(".")}: ${issue.message}`,
  );
}

async function readJson(file: string): Promise<unknown> {
  return parseJson(await Deno.readTextFile(file));
}

/** The scenario files in a folder (not its sub-folders), without the lists of phrasings. */
async function siblings(folder: string): Promise<string[]> {
  const files: string[] = [];
  try {
    for await (const entry of Deno.readDir(folder)) {
      if (
        entry.isFile && entry.name.endsWith(".json") && !entry.name.endsWith(UTTERANCES_SUFFIX)
      ) files.push(join(folder, entry.name));
    }
  } catch (error) {
    if (!(error instanceof Deno.errors.NotFound)) throw error;
  }
  return files.sort();
}

async function findIncluded(ref: string, source: IncludeSource, where: string): Promise<Found> {
  const base = source.file ? dirname(source.file) : Deno.cwd();
  if (ref.endsWith(".json")) {
    const file = resolve(base, ref);
    let json: unknown;
    try {
      json = await readJson(file);
    } catch (error) {
      throw new ScenarioError(
        where,
        `cannot include ${ref} (${file}): ${(error as Error).message}`,
      );
    }
    return { scenario: asScenario(json, file, where), file };
  }
  if (source.file) {
    for (const file of await siblings(base)) {
      if (resolve(file) === resolve(source.file)) continue;
      const json = await readJson(file).catch(() => null) as { name?: unknown } | null;
      if (json?.name === ref) return { scenario: asScenario(json, file, where), file };
    }
  }
  const known = source.known?.find((s) => s.name === ref);
  if (known) return { scenario: known, file: null };
  throw new ScenarioError(
    where,
    `no scenario "${ref}" to include: name a scenario ${
      source.file ? `of a file in ${base} or ` : ""
    }that ccemu has (${
      source.known?.map((s) => `"${s.name}"`).join(", ") || "none"
    }), or give a file path ending in .json`,
  );
}

/** A step's `{"utterances": NAME}` as its texts: the scenario's list, else the file beside it. */
async function withPhrasings(step: Step, scenario: Scenario, file: string | null, where: string) {
  const send = step.send;
  if (!send || !("utterances" in send)) return step;
  // Resolved here even from the scenario's own lists: an included step keeps its scenario's.
  const own = scenario.utterances?.[send.utterances];
  if (own) return { ...step, send: { text: own } };
  const listFile = file ? join(dirname(file), send.utterances + UTTERANCES_SUFFIX) : null;
  let json: unknown = null;
  if (listFile) json = await readJson(listFile).catch(() => null);
  const ok = Array.isArray(json) && json.length > 0 &&
    json.every((t) => typeof t === "string" && t.length > 0);
  if (ok) return { ...step, send: { text: json as string[] } };
  const lists = Object.keys(scenario.utterances ?? {}).map((n) => `"${n}"`).join(", ") || "none";
  throw new ScenarioError(
    `${where}.send.utterances`,
    json !== null
      ? `${listFile} is not a list of phrasings: give a JSON array of non-empty strings`
      : `no utterance list "${send.utterances}": the scenario's "utterances" has ${lists}${
        listFile ? `, and there is no ${listFile}` : ""
      }`,
  );
}

/** The steps with every include spliced in; `chain` is the scenarios including this one. */
async function expandSteps(
  scenario: Scenario,
  file: string | null,
  known: readonly Scenario[] | undefined,
  chain: string[],
  prefix: string,
): Promise<Step[]> {
  const out: Step[] = [];
  for (const [i, step] of scenario.steps.entries()) {
    const where = `${prefix}.steps[${i}]`;
    if (step.include === undefined) {
      out.push(await withPhrasings(step, scenario, file, where));
      continue;
    }
    const found = await findIncluded(step.include, { file: file ?? undefined, known }, where);
    const name = found.scenario.name;
    if (chain.includes(name)) {
      throw new ScenarioError(
        `${where}.include`,
        `include cycle: ${[...chain, name].map((n) => `"${n}"`).join(" → ")}`,
      );
    }
    const spliced = await expandSteps(
      found.scenario,
      found.file,
      known,
      [...chain, name],
      `${where} (${name})`,
    );
    // An included step without a name is named after its scenario, so a report says where it is.
    out.push(
      ...spliced.map((
        s,
        k,
      ) => (s.name === undefined ? { ...s, name: `${name}: step ${k + 1}` } : s)),
    );
  }
  return out;
}

/**
 * The scenario as it runs: includes spliced in, lists of phrasings from files resolved, then
 * checked as a whole (prepare.ts: every `{{name}}` captured before). Refuses with a ScenarioError
 * naming the step; nothing is sent before.
 */
export async function expandScenario(
  scenario: Scenario,
  source: IncludeSource = {},
): Promise<Scenario> {
  const needsWork = scenario.steps.some((s) =>
    s.include !== undefined || (s.send && "utterances" in s.send)
  );
  const expanded = needsWork
    ? {
      ...scenario,
      steps: await expandSteps(scenario, source.file ?? null, source.known, [scenario.name], "$"),
    }
    : scenario;
  prepareSteps(expanded);
  return expanded;
}

/**
 * A scenario sent whole (the control API, the harness), as it runs: its includes name scenarios
 * ccemu has (`known`), or files from where ccemu runs. One that cannot run is refused as the
 * vendor's `InvalidParameter`, naming the step.
 */
export async function expandOrRefuse(
  scenario: Scenario,
  known: readonly Scenario[],
): Promise<Scenario> {
  try {
    return await expandScenario(scenario, { known });
  } catch (error) {
    if (!(error instanceof ScenarioError)) throw error;
    throw error.toApiError();
  }
}
