/**
 * The sample agents' routes in the OpenAPI document carry the request and the reply an agent
 * sends back (blocking JSON and each stream event's data), from the message-type schemas the
 * gateway checks replies with; and those schemas hold every reply the agent guide shows, which
 * are the sample agents' real replies.
 */
import assert from "node:assert/strict";
import { z } from "zod";
import { startEmulator } from "../../harness/mod.ts";
import { EXAMPLE_BLOCK, GUIDE } from "../../tools/agent-guide-examples.ts";

Deno.test("the sample agents' routes document their request, reply and stream events", async () => {
  await using ccemu = await startEmulator();
  const doc = await (await fetch(`${ccemu.url}/_emulator/openapi.json`)).json();
  const routes: [string, string, string | null][] = [
    ["/_emulator/sample-agents/default/open", "ReplyEnvelope", null],
    ["/_emulator/sample-agents/default/message", "ReplyEnvelope", "DefaultStreamEvent"],
    ["/_emulator/sample-agents/platform-a/v1/chat-messages", "ChatCompletion", "ChatStreamEvent"],
  ];
  for (const [path, reply, events] of routes) {
    const post = doc.paths[path].post;
    assert.ok(post.requestBody.content["application/json"].schema.properties, path);
    const content = post.responses["200"].content;
    assert.equal(content["application/json"].schema.$ref, `#/components/schemas/${reply}`, path);
    if (events) {
      assert.equal(content["text/event-stream"].schema.$ref, `#/components/schemas/${events}`);
    } else assert.equal(content["text/event-stream"], undefined);
  }
  const message = JSON.stringify(doc.components.schemas.AgentMessage);
  for (const code of [100, 101, 102, 103, 104, 105, 109, 111]) {
    assert.match(message, new RegExp(`"const":${code}\\b`), `message type ${code}`);
  }
  for (const subtype of [10201, 10301, 10302, 10303]) {
    assert.match(message, new RegExp(`"const":${subtype}\\b`), `subtype ${subtype}`);
  }
  // What an agent sends may carry fields the gateway does not read: the schemas allow them.
  assert.doesNotMatch(
    JSON.stringify(doc.components.schemas.ReplyEnvelope),
    /"additionalProperties":false/,
  );
});

Deno.test("every reply the agent guide shows holds to the published schemas; a broken one does not", async () => {
  const guide = await Deno.readTextFile(GUIDE);
  const blocks = [...guide.matchAll(EXAMPLE_BLOCK)].map(([, id, , , text]) => ({ id, text }));
  const data = (text: string) =>
    text.split("\n").filter((l) => l.startsWith("data: ")).map((l) => JSON.parse(l.slice(6)));
  await using ccemu = await startEmulator();
  const { components } = await (await fetch(`${ccemu.url}/_emulator/openapi.json`)).json();
  // The document's JSON Schemas themselves, their references pointed at $defs for the check.
  const local = (json: unknown) =>
    JSON.parse(JSON.stringify(json).replaceAll('"#/components/schemas/', '"#/$defs/'));
  const published = (name: string) =>
    z.fromJSONSchema({ ...local(components.schemas[name]), $defs: local(components.schemas) });
  const ReplyEnvelopeSchema = published("ReplyEnvelope");
  const ChatCompletionSchema = published("ChatCompletion");
  const DefaultStreamEventSchema = published("DefaultStreamEvent");
  const ChatStreamEventSchema = published("ChatStreamEvent");
  let checked = 0;
  for (const { id, text } of blocks) {
    const parse = (schema: z.ZodType, value: unknown) => {
      const result = schema.safeParse(value);
      assert.ok(result.success, `${id}: ${JSON.stringify(result.error?.issues)}`);
      checked++;
    };
    if (id.startsWith("reply-") || id === "default-open-reply") {
      parse(ReplyEnvelopeSchema, JSON.parse(text));
    } else if (id === "platform-a-reply" || id === "platform-a-transfer") {
      parse(ChatCompletionSchema, JSON.parse(text));
    } else if (id.startsWith("default-stream") || id === "default-error") {
      data(text).forEach((d) => parse(DefaultStreamEventSchema, d));
    } else if (id === "platform-a-stream" || id === "platform-a-error") {
      data(text).forEach((d) => parse(ChatStreamEventSchema, d));
    }
  }
  assert.ok(checked >= 30, `${checked} replies and events checked`);
  const card = {
    status: 200,
    code: "success",
    data: {
      conversationId: "c-1",
      answers: [{
        answerType: "message",
        answerContent: { type: 102, content: { subtype: 10201, cards: [{ summary: "no title" }] } },
      }],
    },
  };
  assert.equal(ReplyEnvelopeSchema.safeParse(card).success, false, "a card needs its title");
});
