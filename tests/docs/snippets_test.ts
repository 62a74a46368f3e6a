/**
 * Every code block of README.md and docs/ runs as written, or says why not: each has a marker
 * (snippets.ts), the sh, node and python blocks run against a fresh ccemu (run_snippet.ts), and
 * the TypeScript blocks run through Deno's own doc tests (`deno test --doc`). A failure names the
 * block's file and line.
 */
import assert from "node:assert/strict";
import { allBlocks, type Block, ROOT, where } from "./snippets.ts";
import { type Outcome, pool, runBlock } from "./run_snippet.ts";
import { nodeProject, packTarball } from "../package/node_project.ts";
import { pythonEnv } from "../package/python_env.ts";

const blocks = await allBlocks();
const runs = (runner: string) =>
  blocks.filter((b) => b.marker?.kind === "run" && b.marker.runner === runner);

Deno.test("every code block of the docs is run or says why not", () => {
  const problems = blocks.filter((b) => b.problem).map((b) => `${where(b)}: ${b.problem}`);
  const count = (kind: string) => blocks.filter((b) => b.marker?.kind === kind).length;
  const reasons = new Map<string, number>();
  for (const b of blocks) {
    if (b.marker?.kind === "not run") {
      reasons.set(b.marker.reason, (reasons.get(b.marker.reason) ?? 0) + 1);
    }
  }
  console.log(
    `${blocks.length} code blocks: ${count("run")} run (${
      ["sh", "node", "python", "deno"].map((r) => `${runs(r).length} ${r}`).join(", ")
    }), ${count("not run")} not run, ${count("output")} output`,
  );
  for (const [reason, n] of [...reasons].sort((a, b) => b[1] - a[1])) {
    console.log(`  not run ×${n}: ${reason}`);
  }
  assert.ok(problems.length === 0, `${problems.length} blocks to mark:\n${problems.join("\n")}`);
});

const report = (failed: Outcome[]) =>
  failed.map((o) =>
    `${where(o.block)} failed:\n${o.output.trim().split("\n").slice(-25).join("\n")}`
  )
    .join("\n\n");

Deno.test("the sh and python blocks of the docs run", async () => {
  const todo = [...runs("sh"), ...runs("python")];
  // Python blocks import ccemu: the wheel, installed into a venv once for all of them.
  const python = runs("python").length ? await pythonEnv() : undefined;
  const outcomes = await pool(todo, 3, (b) => runBlock(b, undefined, python?.python))
    .finally(() => python && Deno.remove(python.dir, { recursive: true }));
  for (const o of outcomes) {
    console.log(`  ${o.ok ? "ok  " : "FAIL"} ${where(o.block)} (${Math.round(o.ms)} ms)`);
  }
  const failed = outcomes.filter((o) => !o.ok);
  assert.equal(failed.length, 0, report(failed));
});

Deno.test("the node blocks of the docs run, with the packed npm package", async () => {
  const todo = runs("node");
  if (todo.length === 0) return;
  const project = await nodeProject(await packTarball(), ["vitest@3.2.7"]);
  try {
    const outcomes = await pool(todo, 2, (b) => runBlock(b, project));
    for (const o of outcomes) {
      console.log(`  ${o.ok ? "ok  " : "FAIL"} ${where(o.block)} (${Math.round(o.ms)} ms)`);
    }
    const failed = outcomes.filter((o) => !o.ok);
    assert.equal(failed.length, 0, report(failed));
  } finally {
    await Deno.remove(project, { recursive: true });
  }
});

Deno.test("the TypeScript blocks of the docs run (deno test --doc)", async () => {
  const files = [...new Set(runs("deno").map((b: Block) => b.file))];
  if (files.length === 0) return;
  const { code, stdout, stderr } = await new Deno.Command(Deno.execPath(), {
    args: ["test", "--doc", "-A", "--sanitize-ops", "--sanitize-resources", ...files],
    cwd: ROOT,
    env: { NO_COLOR: "1" },
    stdout: "piped",
    stderr: "piped",
  }).output();
  // deno test colours its report whatever NO_COLOR says: the escape codes go.
  const out = (new TextDecoder().decode(stdout) + new TextDecoder().decode(stderr))
    // deno-lint-ignore no-control-regex
    .replaceAll(/\x1b\[[0-9;]*m/g, "");
  // Deno names a block `FILE#FROM-TO.ts` (FROM: its opening fence) and a failure `NAME => WHERE`.
  const failed = [...out.matchAll(/=> (\S+\.md)#(\d+)-\d+\.\w+:/g)]
    .map((m) => `${m[1].replace(`file://${ROOT}`, "").replace(/^\.\//, "")}:${m[2]}`);
  console.log(out.split("\n").filter((l) => /^(ok|FAILED) \|/.test(l)).join("\n"));
  assert.equal(
    code,
    0,
    `deno test --doc failed at ${[...new Set(failed)].join(", ")}:\n${out.slice(-4000)}`,
  );
});
