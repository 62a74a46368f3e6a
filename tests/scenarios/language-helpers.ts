/** Helpers for the scenario-language tests: a folder of scenario files, and `ccemu replay` run. */
import { join } from "node:path";

const MAIN = new URL("../../main.ts", import.meta.url).pathname;
const decode = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

/** A temporary folder holding these files (name → JSON value), removed on dispose. */
export async function scenarioFolder(files: Record<string, unknown>) {
  const dir = await Deno.makeTempDir({ prefix: "ccemu-scenarios-" });
  for (const [name, json] of Object.entries(files)) {
    await Deno.mkdir(join(dir, name, ".."), { recursive: true });
    await Deno.writeTextFile(join(dir, name), JSON.stringify(json, null, 2));
  }
  return {
    dir,
    path: (name: string) => join(dir, name),
    async [Symbol.asyncDispose]() {
      await Deno.remove(dir, { recursive: true });
    },
  };
}

/** `ccemu replay ARGS…` as a user runs it: exit status, standard output and error. */
export async function replay(...args: string[]) {
  const { code, stdout, stderr } = await new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", MAIN, "replay", ...args],
    stdout: "piped",
    stderr: "piped",
  }).output();
  return { code, out: decode(stdout), err: decode(stderr) };
}

/** A line of output without its run time (`… 12 ms)` → `… ms)`), which varies run to run. */
export const withoutTimes = (text: string) => text.replace(/\d+ ms\)/g, "ms)");

/** The sample agent of the default way, by the name every ccemu gives it. */
export const SAMPLE = { name: "Sample agent (default way)" };
