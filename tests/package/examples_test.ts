/**
 * The consumer examples run as their users would: the Deno project's own `deno test` (the harness
 * by its package name, through `links`), and the Node script that starts ccemu on port 0.
 */
import assert from "node:assert/strict";

const EXAMPLES = new URL("../../examples/", import.meta.url).pathname;
const decode = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

Deno.test("examples/deno-consumer: its own deno test passes outside ccemu's import map", async () => {
  const { code, stdout, stderr } = await new Deno.Command(Deno.execPath(), {
    args: ["test", "-A"],
    env: { NO_COLOR: "1" },
    cwd: `${EXAMPLES}deno-consumer`,
    stdout: "piped",
    stderr: "piped",
  }).output();
  assert.equal(code, 0, decode(stdout) + decode(stderr));
  assert.match(decode(stdout), /ok \| 1 passed \| 0 failed/);
});

Deno.test("examples/node-consumer: a Node script starts ccemu on port 0 and drives it", async () => {
  const { code, stdout, stderr } = await new Deno.Command("node", {
    args: ["drive.mjs"],
    cwd: `${EXAMPLES}node-consumer`,
    env: { CCEMU_COMMAND: `${Deno.execPath()} run -A ../../main.ts` },
    stdout: "piped",
    stderr: "piped",
  }).output();
  const out = decode(stdout);
  assert.equal(code, 0, out + decode(stderr));
  assert.match(
    out,
    /^ccemu \d+\.\d+\.\d+ at http:\/\/127\.0\.0\.1:\d+, clock 2026-01-05T01:00:00\.000Z$/m,
  );
  assert.match(out, /^an hour later: 2026-01-05T02:00:00\.000Z$/m);
  assert.match(out, /^the sample agent answered \d+ message\(s\)$/m);
});
