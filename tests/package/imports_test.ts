/**
 * The program's Deno modules (main.ts, cli/, harness/, emulator/) name every npm package in full
 * (`npm:zod@4.6.7`), so that a project importing the harness by URL needs no import map of its
 * own; and each names the version deno.json maps the bare name to (tests and ui/, bundled with
 * deno.json's map, keep the bare names), so the two cannot drift.
 */
import assert from "node:assert/strict";
import { join, relative } from "node:path";

const ROOT = new URL("../../", import.meta.url).pathname;
/** A static import or re-export's specifier, or a dynamic import's. */
const SPECIFIER = /^(?:import|export)\b[^;]*?\bfrom\s*"([^"]+)"|\bimport\(\s*"([^"]+)"\s*\)/gm;

async function* modules(dir: string): AsyncGenerator<string> {
  for await (const entry of Deno.readDir(dir)) {
    const path = join(dir, entry.name);
    if (entry.isDirectory) yield* modules(path);
    else if (entry.name.endsWith(".ts")) yield path;
  }
}

/** What deno.json maps a full `npm:` specifier's package to, e.g. `npm:zod@4.6.7`. */
function packageOf(specifier: string): string {
  const name = specifier.slice(4).startsWith("@")
    ? specifier.slice(4).split("/").slice(0, 2).join("/")
    : specifier.slice(4).split("/")[0];
  return `npm:${name}`;
}

Deno.test("the program's modules name npm packages in full, at deno.json's versions", async () => {
  const { imports } = JSON.parse(await Deno.readTextFile(join(ROOT, "deno.json")));
  const pinned = new Set(
    Object.values(imports as Record<string, string>).map((v) => v.replace("npm:/", "npm:"))
      .map((v) => v.replace(/\/$/, "")),
  );
  const files = [join(ROOT, "main.ts")];
  for (const dir of ["cli", "harness", "emulator"]) {
    for await (const file of modules(join(ROOT, dir))) files.push(file);
  }
  const problems: string[] = [];
  for (const file of files) {
    // Code only: a doc comment's example may import "@ccemu/ccemu" as a user would.
    const code = (await Deno.readTextFile(file)).replace(/\/\*[\s\S]*?\*\//g, "");
    for (const [, from, dynamic] of code.matchAll(SPECIFIER)) {
      const specifier = from ?? dynamic;
      if (/^(\.|node:)/.test(specifier)) continue;
      const where = `${relative(ROOT, file)}: "${specifier}"`;
      if (!specifier.startsWith("npm:")) problems.push(`${where} is bare: write it in full`);
      else if (!pinned.has(packageOf(specifier))) {
        problems.push(`${where} is not the version deno.json maps its package to`);
      }
    }
  }
  assert.ok(files.length > 100, `only ${files.length} modules found`);
  assert.deepEqual(problems, []);
});
