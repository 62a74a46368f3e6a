/**
 * The gateway benchmark's agent, in a process of its own: a default-way agent that streams
 * `--chunks` chunks `--gap` ms apart, each holding the time it was written (timeOrigin + now).
 * Concurrent streams run in lockstep, so chunks arrive at ccemu in bursts: the harder case.
 */
import { parseArgs } from "node:util";

const { values } = parseArgs({
  args: Deno.args,
  options: { chunks: { type: "string" }, gap: { type: "string" } },
});
const CHUNKS = Number(values.chunks ?? 20);
const GAP_MS = Number(values.gap ?? 20);
const wallNow = () => performance.timeOrigin + performance.now();
const encoder = new TextEncoder();

const server = Deno.serve(
  { hostname: "127.0.0.1", port: 0, onListen: () => {} },
  async (request) => {
    await request.body?.cancel();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const body = new ReadableStream<Uint8Array>({
      async start(controller) {
        const event = (name: string, data: unknown) =>
          controller.enqueue(encoder.encode(`event: ${name}\ndata: ${JSON.stringify(data)}\n\n`));
        for (let i = 0; i < CHUNKS; i++) {
          await new Promise((resolve) => (timer = setTimeout(resolve, GAP_MS)));
          event("message", {
            event: "message",
            conversation_id: "bench",
            answer: [{ message_id: "m", content_type: "text", content: `${wallNow()};${i}` }],
          });
        }
        event("end", { event: "end", conversation_id: "bench", answer: [{ metadata: {} }] });
        controller.close();
      },
      cancel: () => clearTimeout(timer),
    });
    return new Response(body, { headers: { "content-type": "text/event-stream" } });
  },
);
console.log(`listening on http://127.0.0.1:${server.addr.port}`);
