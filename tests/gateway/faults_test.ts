import assert from "node:assert/strict";
import { startEmulator } from "../../harness/mod.ts";
import {
  envelope,
  hangingSse,
  message,
  openSession,
  register,
  say,
  sse,
  startTestAgent,
} from "./test-agent.ts";

function closedPort(): number {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const port = (listener.addr as Deno.NetAddr).port;
  listener.close();
  return port;
}

async function robotFor(
  ccemu: Awaited<ReturnType<typeof startEmulator>>,
  domain: string,
  timeouts?: object,
) {
  const robotId = await register(ccemu, domain);
  if (timeouts) {
    await (await fetch(`${ccemu.url}/_emulator/gateway/robots/${robotId}`, {
      method: "PATCH",
      body: JSON.stringify({ timeouts }),
    })).body?.cancel();
  }
  return robotId;
}

Deno.test("agent faults become clear errors; the session and the process keep working", async (t) => {
  await using ccemu = await startEmulator();
  await using agent = startTestAgent();
  const ok = () => Response.json(envelope([message(100, { content: "fine" })]));

  const check = async (robotId: string, mode: string, code: RegExp, recover?: () => void) => {
    const { json } = await openSession(ccemu, { robotId, responseMode: mode });
    const failed = await say(ccemu, json.sessionId, { text: "x" });
    assert.equal(failed.status, 200, "the control route answers; the fault is in the body");
    assert.match(failed.json.error.code, code, JSON.stringify(failed.json.error));
    assert.ok(failed.json.error.message.length > 10);
    const entry = ccemu.journal.get(failed.json.journalId)!;
    assert.equal(entry.push?.error?.code, failed.json.error.code);
    const session = await (await fetch(`${ccemu.url}/_emulator/gateway/sessions/${json.sessionId}`))
      .json();
    assert.equal(session.history.at(-1).kind, "error");
    if (recover) {
      recover();
      const after = await say(ccemu, json.sessionId, { text: "again" });
      assert.equal(after.json.error, null, "the same session works once the agent does");
    }
    assert.equal((await fetch(`${ccemu.url}/_emulator/health`).then((r) => r.json())).status, "ok");
  };

  const refused = await register(ccemu, `http://127.0.0.1:${closedPort()}`);
  const unknownHost = await register(ccemu, "http://ccemu-no-such-host.invalid");
  await t.step("connection refused", () => check(refused, "blocking", /^AgentUnreachable$/));
  await t.step("unknown host", () => check(unknownHost, "blocking", /^AgentUnknownHost$/));
  await t.step("blocking time-out", async () => {
    const robotId = await robotFor(ccemu, agent.url, { blockingMs: 150 });
    agent.answer(() => new Promise((resolve) => setTimeout(() => resolve(ok()), 400)));
    await check(robotId, "blocking", /^AgentTimeout$/, () => agent.answer(ok));
    await new Promise((resolve) => setTimeout(resolve, 300)); // let the slow reply finish
  });
  await t.step("stream idle time-out (a stream that never ends)", async () => {
    const robotId = await robotFor(ccemu, agent.url, { streamIdleMs: 150 });
    agent.answer(() =>
      hangingSse(
        `event: message\ndata: {"event":"message","conversation_id":"c","answer":[{"message_id":"a","content_type":"text","content":"so far"}]}\n\n`,
      )
    );
    await check(
      robotId,
      "streaming",
      /^AgentStreamTimeout$/,
      () =>
        agent.answer(() =>
          sse(
            `event: end\ndata: {"event":"end","conversation_id":"c","answer":[{"metadata":{}}]}\n\n`,
          )
        ),
    );
  });
  await t.step("a stream longer than the idle limit, with short gaps, is not cut", async () => {
    const robotId = await robotFor(ccemu, agent.url, { streamIdleMs: 150 });
    const chunk = (i: number) =>
      `event: message\ndata: {"event":"message","conversation_id":"c","answer":[{"message_id":"a","content_type":"text","content":"${i}"}]}\n\n`;
    agent.answer(() =>
      sse(
        [0, 1, 2, 3, 4, 5].map(chunk).concat(
          `event: end\ndata: {"event":"end","conversation_id":"c","answer":[]}\n\n`,
        ),
        60,
      )
    );
    const { json } = await openSession(ccemu, { robotId, responseMode: "streaming" });
    const res = await say(ccemu, json.sessionId, { text: "long" });
    assert.equal(res.json.error, null);
    assert.deepEqual(res.json.messages[0].content, { content: "012345" });
    assert.ok(ccemu.journal.get(res.json.journalId)!.push!.timings.endMs > 300);
  });
  await t.step("non-2xx status", async () => {
    agent.answer(() => new Response("upstream exploded", { status: 502 }));
    await check(
      await robotFor(ccemu, agent.url),
      "blocking",
      /^AgentHttpError$/,
      () => agent.answer(ok),
    );
  });
  await t.step("non-JSON body", async () => {
    agent.answer(() =>
      new Response("<html>oops</html>", { headers: { "content-type": "text/html" } })
    );
    await check(
      await robotFor(ccemu, agent.url),
      "blocking",
      /^AgentInvalidReply$/,
      () => agent.answer(ok),
    );
  });
  await t.step("broken SSE: garbage data and no end", async () => {
    agent.answer(() => sse("event: message\ndata: {not json\n\nretry: x\n\n: comment\n\n"));
    await check(await robotFor(ccemu, agent.url), "streaming", /^AgentStreamIncomplete$/);
  });
});
