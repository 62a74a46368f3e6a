/**
 * `--record FILE` survives `kill -9`: each line is one append write, so however the proxy dies,
 * every line in the file is whole JSON, and the file ends with a newline.
 */
import assert from "node:assert/strict";
import { signedCall, startProxy, startUpstream } from "./helpers.ts";

Deno.test("a recording cut by kill -9 keeps every line whole", async () => {
  await using real = await startUpstream();
  const dir = await Deno.makeTempDir({ prefix: "ccemu-upstream-" });
  const record = `${dir}/recording.ndjson`;
  const proxy = await startProxy(real.url, ["--record", record]);
  try {
    // Requests in flight, eight at a time, with sizeable bodies, when the proxy is killed.
    const padding = "x".repeat(64 * 1024);
    let answered = 0, stop = false;
    const worker = async () => {
      while (!stop) {
        try {
          const answer = await signedCall(proxy.url, "POST", "/gateway/robot_list", {
            body: `{"robotStatus":1,"padding":"${padding}"}`,
          });
          if (answer.status === 400) answered++; // A refuses the unknown parameter
        } catch {
          return; // the proxy is gone
        }
      }
    };
    const workers = Array.from({ length: 8 }, worker);
    const deadline = Date.now() + 20_000;
    while (answered < 40 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    assert.ok(answered >= 40, `only ${answered} answers before the deadline`);
    await proxy.kill();
    stop = true;
    await Promise.all(workers);
  } finally {
    await proxy.kill();
  }
  const text = await Deno.readTextFile(record);
  assert.ok(text.endsWith("\n"), "no half-written last line");
  const lines = text.slice(0, -1).split("\n");
  assert.ok(lines.length > 40, `${lines.length} lines`);
  const parsed = lines.map((line, i) => {
    try {
      return JSON.parse(line);
    } catch {
      throw new Error(`line ${i + 1} is not JSON: ${line.slice(0, 200)}…`);
    }
  });
  assert.equal(parsed[0].ccemu, "recording");
  for (const line of parsed.slice(1)) {
    assert.equal(line.operation, "POST /gateway/robot_list");
    assert.equal(line.response.status, 400);
    assert.ok(line.request.body.endsWith('"}'));
  }
  await Deno.remove(dir, { recursive: true });
});
