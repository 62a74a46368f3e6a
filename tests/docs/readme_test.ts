/**
 * The README is exact: its operations table is the one the code generates (`deno task readme`),
 * its flags table names every flag `ccemu start` takes, and it links nothing outside the repo.
 */
import assert from "node:assert/strict";
import { END, operationsTable, START } from "../../tools/readme-operations.ts";
import { USAGE } from "../../emulator/core/config.ts";

const README = await Deno.readTextFile(new URL("../../README.md", import.meta.url));

/** Table rows as cells with padding and markdown alignment removed. */
const cells = (table: string) =>
  table.split("\n").filter((l) => l.startsWith("|") && !/^\|[\s|:-]+\|$/.test(l))
    .map((l) => l.split("|").slice(1, -1).map((c) => c.trim()));

Deno.test("the README's operations table is the code's", () => {
  const from = README.indexOf(START), to = README.indexOf(END);
  assert.ok(from > 0 && to > from, "the README has the operations markers");
  assert.deepEqual(
    cells(README.slice(from + START.length, to)),
    cells(operationsTable()),
    "run `deno task readme` after changing an operation",
  );
  assert.ok(cells(operationsTable()).length - 1 >= 35, "every operation of the three documents");
});

Deno.test("the README's flags table names every flag of ccemu start", () => {
  const flags = [...USAGE.matchAll(/^ {2}(--[\w-]+)/gm)].map((m) => m[1]);
  assert.ok(flags.length >= 15);
  for (const flag of flags) {
    assert.match(README, new RegExp(`\\| \`${flag}[ \`]`), `${flag} is in the flags table`);
  }
});

Deno.test("the README links nothing outside the repository", () => {
  assert.doesNotMatch(README, /\]\((\.\.\/|\/work\/|file:)/);
  assert.doesNotMatch(README, /shared\/DESIGN/);
});
