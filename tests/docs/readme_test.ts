/**
 * The reference pages are exact: the operations table of docs/signed-api.md is the one the code
 * generates (`deno task readme`), the flags table of docs/commands.md names every flag
 * `ccemu start` takes, and the README links nothing outside the repository.
 */
import assert from "node:assert/strict";
import { END, operationsTable, PAGE, START } from "../../tools/readme-operations.ts";
import { USAGE } from "../../emulator/core/config.ts";

const README = await Deno.readTextFile(new URL("../../README.md", import.meta.url));
const OPERATIONS = await Deno.readTextFile(PAGE);
const FLAGS = await Deno.readTextFile(new URL("../../docs/commands.md", import.meta.url));

/** Table rows as cells with padding and markdown alignment removed. */
const cells = (table: string) =>
  table.split("\n").filter((l) => l.startsWith("|") && !/^\|[\s|:-]+\|$/.test(l))
    .map((l) => l.split("|").slice(1, -1).map((c) => c.trim()));

Deno.test("the operations table of docs/signed-api.md is the code's", () => {
  const from = OPERATIONS.indexOf(START), to = OPERATIONS.indexOf(END);
  assert.ok(from > 0 && to > from, "docs/signed-api.md has the operations markers");
  assert.deepEqual(
    cells(OPERATIONS.slice(from + START.length, to)),
    cells(operationsTable()),
    "run `deno task readme` after changing an operation",
  );
  assert.ok(cells(operationsTable()).length - 1 >= 35, "every operation of the three documents");
});

Deno.test("the flags table of docs/commands.md names every flag of ccemu start", () => {
  const flags = [...USAGE.matchAll(/^ {2}(--[\w-]+)/gm)].map((m) => m[1]);
  assert.ok(flags.length >= 15);
  for (const flag of flags) {
    assert.match(FLAGS, new RegExp(`\\| \`${flag}[ \`]`), `${flag} is in the flags table`);
  }
});

Deno.test("the README links nothing outside the repository", () => {
  assert.doesNotMatch(README, /\]\((\.\.\/|\/work\/|file:)/);
  assert.doesNotMatch(README, /shared\/DESIGN/);
});
