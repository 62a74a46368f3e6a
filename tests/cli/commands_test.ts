/**
 * `ccemu --help` lists each subcommand without loading it (cli/mod.ts keeps a table of names and
 * summaries): that table must miss none of the commands of cli/, and load each by its own name.
 */
import assert from "node:assert/strict";
import type { Command } from "../../cli/command.ts";

const MAIN = new URL("../../main.ts", import.meta.url).pathname;
const CLI = new URL("../../cli/", import.meta.url);

/** Every Command exported by a module of cli/. */
async function commands(): Promise<Command[]> {
  const found: Command[] = [];
  for await (const file of Deno.readDir(CLI)) {
    if (!file.name.endsWith(".ts")) continue;
    const module = await import(new URL(file.name, CLI).href);
    for (const value of Object.values(module)) {
      const c = value as Partial<Command>;
      if (
        typeof c === "object" && c !== null && typeof c.name === "string" &&
        typeof c.usage === "string" && typeof c.run === "function"
      ) found.push(c as Command);
    }
  }
  return found;
}

Deno.test("ccemu --help lists every subcommand, each with a summary", async () => {
  const { code, stdout } = await new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", MAIN, "--help"],
    stdout: "piped",
  }).output();
  assert.equal(code, 0);
  const listed = new TextDecoder().decode(stdout).split("\n").filter((line) =>
    /^ {2}[a-z-]+ +\S/.test(line) && !line.startsWith("  ccemu ")
  );
  const all = await commands();
  assert.ok(all.length >= 15, `found ${all.length} commands`);
  assert.deepEqual(
    listed.map((line) => line.trim().split(/\s+/)[0]).toSorted(),
    all.map((c) => c.name).toSorted(),
  );
});
