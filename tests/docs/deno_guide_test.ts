/**
 * The Deno guide's steps as a reader takes them: `my-project/` beside `ccemu/` (this clone), its
 * deno.json the guide's JSON block, its test the guide's TypeScript block, and step 4's command,
 * `deno test --allow-net --allow-read`, run there: it passes with exactly those permissions.
 */
import assert from "node:assert/strict";
import { ROOT } from "./snippets.ts";

const guide = await Deno.readTextFile(`${ROOT}docs/deno.md`);
const block = (lang: string) => {
  const found = new RegExp("```" + lang + "\\n([\\s\\S]*?)```").exec(guide);
  assert.ok(found, `docs/deno.md has a ${lang} block`);
  return found[1];
};

Deno.test("the Deno guide's project passes deno test with the flags it names", async () => {
  assert.match(guide, /`npx --yes deno@2\.9\.6 test --allow-net --allow-read` in `my-project\/`/);
  const base = await Deno.makeTempDir({ prefix: "ccemu-deno-guide-" });
  try {
    await Deno.symlink(ROOT.replace(/\/$/, ""), `${base}/ccemu`);
    await Deno.mkdir(`${base}/my-project`);
    await Deno.writeTextFile(`${base}/my-project/deno.json`, block("json"));
    await Deno.writeTextFile(`${base}/my-project/blacklist_test.ts`, block("ts"));
    const { code, stdout, stderr } = await new Deno.Command(Deno.execPath(), {
      // --no-check: snippets_test type-checks this very block (deno test --doc); what is checked
      // here is that `links` resolves it and that these two permissions are all it needs.
      args: ["test", "--no-check", "--allow-net", "--allow-read"],
      cwd: `${base}/my-project`,
      env: { NO_COLOR: "1" },
      stdout: "piped",
      stderr: "piped",
    }).output();
    const out = new TextDecoder().decode(stdout) + new TextDecoder().decode(stderr);
    assert.equal(code, 0, out);
    assert.match(out, /ok \| 1 passed \| 0 failed/);
  } finally {
    await Deno.remove(base, { recursive: true });
  }
});
