/**
 * The harness as JSR documents it: `deno doc --lint` finds every exported symbol of
 * harness/mod.ts documented, and no exported signature naming a type the package does not export.
 */
import { equal } from "node:assert/strict";

const ROOT = new URL("../../", import.meta.url).pathname;

Deno.test("deno doc --lint finds nothing to report in harness/mod.ts", async () => {
  const { code, stdout, stderr } = await new Deno.Command(Deno.execPath(), {
    args: ["doc", "--lint", "harness/mod.ts"],
    cwd: ROOT,
    env: { NO_COLOR: "1" },
    stdout: "piped",
    stderr: "piped",
  }).output();
  const decode = (bytes: Uint8Array) => new TextDecoder().decode(bytes);
  equal(
    code,
    0,
    `deno doc --lint harness/mod.ts exited ${code}:\n${decode(stdout)}${decode(stderr)}`,
  );
});
