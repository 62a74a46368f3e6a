/**
 * The memory benchmark's agent, in a process of its own: a default-way agent whose blocking reply
 * to every message is one text message of `--mb` MiB (the push byte budget's order of size).
 */
import { parseArgs } from "node:util";

const { values } = parseArgs({ args: Deno.args, options: { mb: { type: "string" } } });
const text = "回复".repeat(Number(values.mb ?? 10) * 1024 * 1024 / 6); // 6 UTF-8 bytes a repeat
const reply = JSON.stringify({
  status: 200,
  code: "success",
  data: {
    conversationId: "bench",
    answers: [{ answerType: "message", answerContent: { type: 100, content: { content: text } } }],
    metadata: {},
  },
});

const server = Deno.serve(
  { hostname: "127.0.0.1", port: 0, onListen: () => {} },
  async (request) => {
    await request.body?.cancel();
    return new Response(reply, { headers: { "content-type": "application/json" } });
  },
);
console.log(`listening on http://127.0.0.1:${server.addr.port}`);
