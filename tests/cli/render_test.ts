/**
 * The chat's rendering of a reply, as a person reads it: one numbering across a reply's options
 * (category and topic options, inside a combination too), rich text without markup, files and
 * images by name.
 */
import assert from "node:assert/strict";
import { htmlText, outcomeLine, renderMessages } from "../../emulator/agent-tools/render.ts";
import { offeredOptions } from "../../emulator/scenarios/runner.ts";

const option = (content: string) => ({ content });

Deno.test("one numbering across a reply: categories, topics, a combination, the same option once", () => {
  const messages = [
    {
      type: 103,
      subtype: 10302,
      content: {
        subtype: 10302,
        content: "Browse:",
        options: [
          { categoryName: "Refunds", options: [option("How?"), option("How long?")] },
          { categoryName: "Delivery", options: [option("Track")] },
        ],
      },
    },
    {
      type: 103,
      subtype: 10303,
      content: {
        subtype: 10303,
        options: [{
          content: "Orders",
          options: [{ categoryName: "Delivery", options: [option("Track")] }],
        }],
      },
    },
    {
      type: 111,
      content: {
        combinationList: [
          { type: 100, content: { content: "Or:" } },
          { type: 103, content: { subtype: 10301, options: [option("human")] } },
        ],
      },
    },
  ];
  const rendered = renderMessages(messages);
  assert.deepEqual(rendered.messages, [
    ["Browse:", "Refunds:", "  1. How?", "  2. How long?", "Delivery:", "  3. Track"],
    ["4. Orders", "  Delivery:", "    3. Track"],
    ["Or:", "5. human"],
  ]);
  assert.deepEqual(rendered.options, ["How?", "How long?", "Track", "Orders", "human"]);
  assert.deepEqual(
    [...rendered.options].sort(),
    [...offeredOptions(messages)].sort(),
    "what can be picked is what a scenario's option step accepts",
  );
});

Deno.test("rich text without markup; files and images by name; the outcome in a line", () => {
  assert.equal(
    htmlText(
      '<p>Rich <b>bold</b> &amp; <a href="https://e.com">a link</a>:</p><img src="https://e.com/a/card.png" alt="c">',
    ),
    "Rich bold & a link (https://e.com):\n[image card.png]",
  );
  const { messages } = renderMessages([
    {
      type: 104,
      content: { fileUrl: "https://e.com/f/guide.txt", fileName: "guide.txt", fileSize: 63 },
    },
    { type: 105, content: { fileUrl: "https://e.com/i/photo%20one.png" } },
  ]);
  assert.deepEqual(messages, [
    ["[file guide.txt, 63 bytes] https://e.com/f/guide.txt"],
    ["[image photo one.png]"],
  ]);
  assert.equal(
    outcomeLine({ messages: [], instruction: null, error: null }),
    "(nothing: no message, no instruction)",
  );
  assert.equal(
    outcomeLine({
      messages: [],
      instruction: { actionType: "TRANSFER_HUMAN", actionData: {} },
      error: null,
    }),
    "[transfer to a human]",
  );
});
