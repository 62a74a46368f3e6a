/**
 * agent-check: a slow stream is a warning at the documented threshold (or the one given), the
 * time-out is the caller's, and a chunk's findings name the fields the chunk really has.
 */
import assert from "node:assert/strict";
import { checkAgent } from "../../harness/mod.ts";
import { SLOW_GAP_MS } from "../../emulator/scenarios/conformance.ts";
import { sse, startTestAgent } from "../gateway/test-agent.ts";

const chunk = (answer: unknown) => `event: message\ndata: ${JSON.stringify({ answer })}\n\n`;
const end = `event: end\ndata: {"answer":[{"metadata":{}}]}\n\n`;

Deno.test("a gap over the slow-stream threshold is a warning naming the event", async () => {
  assert.equal(SLOW_GAP_MS, 1000, "the documented default");
  await using agent = startTestAgent(() =>
    sse([
      chunk([{ message_id: 1, content_type: "text", content: "a" }]),
      chunk([
        { message_id: 1, content_type: "text", content: "b" },
      ]),
      end,
    ], 150)
  );
  const report = await checkAgent({
    url: `${agent.url}/message`,
    platform: "Default",
    mode: "streaming",
    slowGapMs: 100,
    sessions: 1,
  });
  const text = report.checks.find((c) => c.name === "text message")!;
  const slow = text.findings.filter((f) =>
    /^slow stream: \d+ ms after the event before \(over 100 ms\)$/.test(f.message)
  );
  assert.ok(slow.length >= 1, JSON.stringify(text.findings));
  assert.equal(slow[0].severity, "warning");
  assert.match(slow[0].path, /^\$\.events\[\d\]$/);
});

Deno.test("--timeout is the check's: a reply slower than it is AgentTimeout", async () => {
  await using agent = startTestAgent(async () => {
    await new Promise((resolve) => setTimeout(resolve, 300));
    return Response.json({});
  });
  const report = await checkAgent({
    url: `${agent.url}/message`,
    platform: "Default",
    mode: "blocking",
    timeoutMs: 100,
    sessions: 1,
  });
  assert.equal(report.passed, false);
  assert.match(JSON.stringify(report.checks[0].findings), /AgentTimeout: .*within 100 ms/);
});

Deno.test("a chunk's findings name its own fields (content_type, content), not a message's", async () => {
  await using agent = startTestAgent(() =>
    sse([
      chunk([{ message_id: 7, content_type: "markdown", content: { not: "text" } }]),
      chunk([{ message_id: 8, content_type: "nonsense", content: "{}" }]),
      end,
    ])
  );
  const report = await checkAgent({
    url: `${agent.url}/message`,
    platform: "Default",
    mode: "streaming",
    sessions: 1,
  });
  const findings = report.checks.find((c) => c.name === "text message")!.findings;
  assert.ok(
    findings.some((f) =>
      f.path === "$.events[0].data.answer[0].content" &&
      /content_type "markdown" carries text: expected content to be a string, got object/.test(
        f.message,
      )
    ),
    JSON.stringify(findings),
  );
  assert.ok(findings.some((f) => f.path === "$.events[1].data.answer[0].content_type"));
  assert.ok(!findings.some((f) => f.path.endsWith(".type")), JSON.stringify(findings));
});
