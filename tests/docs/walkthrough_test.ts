/**
 * The outbound walk-through (examples/outbound-walkthrough.sh, shown verbatim in
 * docs/outbound.md) runs as written against a ccemu and answers what its comments say.
 */
import assert from "node:assert/strict";
import { startEmulator } from "../../harness/mod.ts";

const SCRIPT = new URL("../../examples/outbound-walkthrough.sh", import.meta.url).pathname;

Deno.test("the outbound walk-through runs as written", async () => {
  const script = await Deno.readTextFile(SCRIPT);
  const page = await Deno.readTextFile(new URL("../../docs/outbound.md", import.meta.url));
  assert.ok(
    page.includes(script.split("\n").slice(1).join("\n").trim()),
    "shown in docs/outbound.md",
  );

  await using ccemu = await startEmulator();
  const { code, stdout, stderr } = await new Deno.Command("bash", {
    args: [SCRIPT],
    // SIGN left unset: the script's default, this clone's `ccemu sign` through npx, as a reader
    // running it from the clone gets.
    env: { CCEMU: ccemu.url },
    stdout: "piped",
    stderr: "piped",
  }).output();
  const lines = new TextDecoder().decode(stdout).trim().split("\n").map((l) => JSON.parse(l));
  assert.equal(code, 0, new TextDecoder().decode(stderr));
  const [created, imported, started, idle, done, detail] = lines;
  assert.equal(created.result.callJobId, 80001);
  assert.equal(imported.result.successNum, 2);
  assert.match(imported.result.placeFailDetail, /properties lack the script variables 分期金额/);
  assert.equal(started.message, "启动成功");
  assert.equal(idle.idle, true);
  assert.equal(done.result.total, 2);
  assert.match(detail.result.phoneLogs[0].content, /张三/);
});
