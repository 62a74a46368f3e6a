import assert from "node:assert/strict";
import { startEmulator } from "../../harness/mod.ts";
import { openSession, say } from "./test-agent.ts";

/** keyword -> [type, subtype] the default-way sample agent answers with. */
const KEYWORDS: Record<string, [number, number?]> = {
  text: [100],
  rich: [101],
  card: [102, 10201],
  options: [103, 10301],
  categories: [103, 10302],
  topics: [103, 10303],
  file: [104],
  image: [105],
  markdown: [109],
  combination: [111],
};

for (const mode of ["blocking", "streaming"]) {
  Deno.test(`default-way sample agent (${mode}): every keyword, knowledge, transfers, images; no findings`, async (t) => {
    await using ccemu = await startEmulator();
    const opened = await openSession(ccemu, { robotId: "sample-default", responseMode: mode });
    assert.equal(opened.status, 201);
    const hot = opened.json.open.messages[0];
    assert.equal(hot.subtype, 10301);
    assert.equal(hot.content.scene, "HotQuestion");
    assert.ok(hot.content.options.length > 0);
    const sessionId = opened.json.sessionId;
    for (const [keyword, [type, subtype]] of Object.entries(KEYWORDS)) {
      await t.step(keyword, async () => {
        const res = await say(ccemu, sessionId, { text: keyword });
        assert.deepEqual(res.json.findings, [], JSON.stringify(res.json.findings));
        assert.equal(res.json.error, null);
        assert.equal(res.json.messages[0].type, type);
        assert.equal(res.json.messages[0].subtype, subtype);
      });
    }
    await t.step("a knowledge-base question (Chinese, a similar question)", async () => {
      const res = await say(ccemu, sessionId, { text: "退款什么时候到账" });
      assert.match(res.json.messages[0].content.content, /3–7 个工作日/);
    });
    await t.step("a knowledge-base question (English)", async () => {
      const res = await say(ccemu, sessionId, { text: "how long does delivery take" });
      assert.match(res.json.messages[0].content.content, /2–4 business days/);
    });
    await t.step("人工 transfers", async () => {
      const res = await say(ccemu, sessionId, { text: "转人工" });
      assert.deepEqual(res.json.instruction, { actionType: "TRANSFER_HUMAN", actionData: {} });
    });
    await t.step("queue 12 transfers to the queue", async () => {
      const res = await say(ccemu, sessionId, { text: "queue 12" });
      assert.deepEqual(res.json.instruction, {
        actionType: "TRANSFER_HUMAN",
        actionData: { qno: "12" },
      });
    });
    await t.step("an image from the visitor", async () => {
      const res = await say(ccemu, sessionId, {
        image: { fileName: "receipt.png", contentBase64: btoa("fake png bytes") },
      });
      assert.match(res.json.messages[0].content.content, /receipt\.png/);
    });
    await t.step("the sample assets are served", async () => {
      const image = (await say(ccemu, sessionId, { text: "image" })).json.messages[0].content;
      const response = await fetch(image.fileUrl);
      assert.equal(response.headers.get("content-type"), "image/png");
      assert.equal((await response.arrayBuffer()).byteLength, image.fileSize);
    });
  });
}

for (const mode of ["blocking", "streaming"]) {
  Deno.test(`platform-A sample agent (${mode}): markdown answers, knowledge, both transfer syntaxes`, async () => {
    await using ccemu = await startEmulator();
    const { json } = await openSession(ccemu, { robotId: "sample-platform-a", responseMode: mode });
    assert.equal(json.open, null, "the platform-A sample registers no Open interface");
    const card = await say(ccemu, json.sessionId, { text: "card" });
    assert.deepEqual(card.json.findings, []);
    assert.equal(card.json.messages[0].type, 109);
    assert.match(card.json.messages[0].content.content, /\*\*ccemu\*\*/);
    const faq = await say(ccemu, json.sessionId, { text: "忘记密码怎么办" });
    assert.match(faq.json.messages[0].content.content, /验证码/);
    assert.equal(faq.json.conversationId, card.json.conversationId, "one conversation");
    const human = await say(ccemu, json.sessionId, { text: "human" });
    assert.deepEqual(human.json.instruction, { actionType: "TRANSFER_HUMAN", actionData: {} });
    assert.equal(human.json.messages[0].type, 100);
    const queue = await say(ccemu, json.sessionId, { text: "queue 12" });
    assert.deepEqual(queue.json.instruction, {
      actionType: "TRANSFER_HUMAN",
      actionData: { qno: "12" },
    });
    if (mode === "streaming") {
      const events = ccemu.journal.get(queue.json.journalId)!.push!.events;
      assert.deepEqual(events[0], { at: events[0].at, event: "ping", data: null, ignored: true });
    }
  });
}

Deno.test("a push without the registered Bearer token is refused by the sample agent", async () => {
  await using ccemu = await startEmulator();
  const response = await fetch(`${ccemu.url}/_emulator/sample-agents/default/message`, {
    method: "POST",
    body: JSON.stringify({
      robotId: "x",
      visitorId: "v",
      data: [{ messageType: 100, message: { content: "hi" } }],
      responseMode: "blocking",
    }),
  });
  assert.equal(response.status, 401);
  await response.body?.cancel();
});

Deno.test("the live event stream filters by type and by session", async () => {
  await using ccemu = await startEmulator();
  const a = await openSession(ccemu, { robotId: "sample-default", responseMode: "streaming" });
  const b = await openSession(ccemu, { robotId: "sample-default", responseMode: "streaming" });
  const response = await fetch(
    `${ccemu.url}/_emulator/events?types=gateway&sessionId=${b.json.sessionId}`,
  );
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  try {
    await say(ccemu, a.json.sessionId, { text: "markdown" });
    await say(ccemu, b.json.sessionId, { text: "退款多久到账" });
    let text = "";
    while (!text.includes('"change":"delivered"')) text += (await reader.read()).value;
    const events = text.split("\n\n").filter((block) => block.startsWith("event:"));
    const types = new Set(events.map((block) => /^event: (\w+)/.exec(block)![1]));
    assert.deepEqual([...types].sort(), ["gateway", "hello"]);
    assert.ok(!text.includes(`"sessionId":"${a.json.sessionId}"`), "nothing of the other session");
    assert.ok(text.includes('"change":"chunk"'));
  } finally {
    await reader.cancel();
  }
  const bad = await fetch(`${ccemu.url}/_emulator/events?types=everything`);
  assert.equal(bad.status, 400);
  assert.equal((await bad.json()).error.code, "InvalidParameter");
});
