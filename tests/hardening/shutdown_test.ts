/**
 * Issue defect 3: with a streaming push open to an agent that never ends its stream, SIGTERM cuts
 * the push off, answers the visitor's message, writes the snapshot and exits within 2 s.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { SignedClient } from "../../harness/client.ts";
import { startProcess } from "../process.ts";
import { startTestAgent } from "../gateway/test-agent.ts";

Deno.test("shutdown finishes within 2 s under an endless stream, and writes the snapshot", async () => {
  const dir = await Deno.makeTempDir();
  const file = join(dir, "state.json");
  let timer: ReturnType<typeof setInterval> | undefined;
  await using agent = startTestAgent(() =>
    new Response(
      new ReadableStream<Uint8Array>({
        start(controller) {
          const chunk = new TextEncoder().encode(
            `event: message\ndata: {"messageId":"m","type":100,"content":"more "}\n\n`,
          );
          timer = setInterval(() => controller.enqueue(chunk), 20);
        },
        cancel() {
          clearInterval(timer);
        },
      }),
      { headers: { "content-type": "text/event-stream" } },
    )
  );
  try {
    await using ccemu = await startProcess(["--snapshot", file]);
    const registered = await new SignedClient({ url: ccemu.url }).post(
      "/livechat/third_part_bot_register",
      {
        name: "endless",
        domain: agent.url,
        authEnabled: false,
        pushConfigList: [{ type: "Message", uri: "/message", httpMethod: "POST" }],
        platform: "Default",
      },
    );
    const session = await (await fetch(`${ccemu.url}/_emulator/gateway/sessions`, {
      method: "POST",
      body: JSON.stringify({ robotId: registered.body.robotId, responseMode: "streaming" }),
    })).json();
    const pending = fetch(`${ccemu.url}/_emulator/gateway/sessions/${session.sessionId}/messages`, {
      method: "POST",
      body: JSON.stringify({ text: "tell me everything" }),
    });
    while (agent.received.length === 0) await new Promise((resolve) => setTimeout(resolve, 10));
    await new Promise((resolve) => setTimeout(resolve, 200)); // the stream is well under way

    const stopping = performance.now();
    ccemu.child.kill("SIGTERM");
    const status = await ccemu.child.status;
    const took = performance.now() - stopping;
    assert.equal(status.code, 0);
    assert.ok(took < 2000, `stopped in ${Math.round(took)} ms`);

    const answered = await (await pending).json();
    assert.equal(answered.error.code, "EmulatorShuttingDown");
    assert.ok(answered.messages.length >= 0);
    const saved = JSON.parse(await Deno.readTextFile(file));
    assert.equal(saved.state.gateway.sessions.at(-1).sessionId, session.sessionId);
  } finally {
    clearInterval(timer);
    await Deno.remove(dir, { recursive: true });
  }
});
