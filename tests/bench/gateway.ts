/**
 * The robot gateway's performance targets (issue 3):
 *   1. 100 concurrent streaming sessions: the time from an agent writing a chunk to that chunk
 *      arriving on ccemu's live event stream (target p99 < 10 ms);
 *   2. blocking pushes per second against the default-way sample agent.
 * ccemu and the streaming agent run as child processes; the event subscriber runs here. Each chunk
 * carries its send time, and ccemu stamps each chunk event with the time it read the chunk
 * (both timeOrigin + now, comparable across processes on one machine). The target is on what ccemu
 * adds (read -> arrival on the event stream); agent -> event stream is reported beside it.
 */
import { createParser } from "eventsource-parser";
import {
  control,
  fixed,
  percentile,
  registerAgent,
  type Row,
  SECONDS,
  spawnCcemu,
  spawnServer,
  verdict,
} from "./kit.ts";

const SESSIONS = 100;
const ROUNDS = 3;
const CHUNKS = 20;
/** 50 chunks a second per session, a language model's pace: 5,000 chunks a second in all. */
const CHUNK_GAP_MS = 20;
const AGENT = new URL("./streaming-agent.ts", import.meta.url).pathname;
const wallNow = () => performance.timeOrigin + performance.now();

interface Delays {
  /** From ccemu reading the chunk's bytes to the chunk arriving on the event stream. */
  added: number[];
  /** From the agent writing the chunk to the same arrival (two loopback hops, both processes). */
  endToEnd: number[];
}

/** Subscribes to the live event stream; records the delays of every chunk event. */
async function subscribe(url: string, delays: Delays) {
  const response = await fetch(`${url}/_emulator/events?types=gateway`);
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  const parser = createParser({
    onEvent(event) {
      if (event.event !== "gateway") return;
      const received = wallNow();
      const data = JSON.parse(event.data);
      if (data.change === "chunk") {
        delays.endToEnd.push(received - Number(String(data.detail.text).split(";")[0]));
        delays.added.push(received - data.detail.receivedAt);
      }
    },
  });
  const pump = (async () => {
    for (;;) {
      const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
      if (done) return;
      parser.feed(value!);
    }
  })();
  return async () => {
    await reader.cancel();
    await pump;
  };
}

export async function benchGateway(): Promise<Row[]> {
  const rows: Row[] = [];
  const ccemu = await spawnCcemu("--journal-size", "500");
  const agent = await spawnServer(AGENT, [
    "--chunks",
    String(CHUNKS),
    "--gap",
    String(CHUNK_GAP_MS),
  ]);
  try {
    const robotId = await registerAgent(ccemu.url, agent.url, "bench agent");

    // 1. Chunk delivery latency over concurrent streaming sessions: one warm-up round (JIT,
    // connection pools), then ROUNDS measured rounds of fresh sessions.
    const all: Delays = { added: [], endToEnd: [] };
    let failures = 0, elapsed = 0;
    for (let round = 0; round <= ROUNDS; round++) {
      const sessions = await Promise.all(
        Array.from(
          { length: SESSIONS },
          () =>
            control(ccemu.url, "/_emulator/gateway/sessions", {
              robotId,
              responseMode: "streaming",
            }),
        ),
      );
      const measured: Delays = { added: [], endToEnd: [] };
      const unsubscribe = await subscribe(ccemu.url, measured);
      const started = performance.now();
      const replies = await Promise.all(
        sessions.map((s) =>
          control(ccemu.url, `/_emulator/gateway/sessions/${s.sessionId}/messages`, { text: "go" })
        ),
      );
      await new Promise((resolve) => setTimeout(resolve, 100)); // the last events in flight
      await unsubscribe();
      if (round === 0) continue;
      elapsed += performance.now() - started - 100;
      failures += replies.filter((r) => r.error).length;
      all.added.push(...measured.added);
      all.endToEnd.push(...measured.endToEnd);
    }
    const added = all.added.sort((a, b) => a - b), endToEnd = all.endToEnd.sort((a, b) => a - b);
    const p99 = percentile(added, 0.99);
    rows.push([
      `${SESSIONS} streaming sessions x ${CHUNKS} chunks x ${ROUNDS} rounds: latency ccemu adds`,
      `p99 ${fixed(p99, 2)} ms`,
      `added by ccemu: p50 ${fixed(percentile(added, 0.5), 2)} ms, max ${
        fixed(added.at(-1)!, 2)
      } ms; ` +
      `agent -> event stream: p50 ${fixed(percentile(endToEnd, 0.5), 2)} ms, p99 ${
        fixed(percentile(endToEnd, 0.99), 2)
      } ms; ` +
      `${added.length}/${SESSIONS * CHUNKS * ROUNDS} chunks, ${failures} failed, ${
        fixed(elapsed / ROUNDS, 0)
      } ms a round; ` +
      verdict(p99 < 10, "p99 < 10 ms"),
    ]);

    // 2. Blocking pushes per second against the default-way sample agent (in ccemu's process).
    const blocking = await Promise.all(
      Array.from(
        { length: SESSIONS },
        () =>
          control(ccemu.url, "/_emulator/gateway/sessions", {
            robotId: "sample-default",
            responseMode: "blocking",
          }),
      ),
    );
    const exchanges: number[] = [];
    const deadline = performance.now() + SECONDS * 1000;
    const t0 = performance.now();
    await Promise.all(blocking.map(async (s) => {
      while (performance.now() < deadline) {
        const t = performance.now();
        const reply = await control(
          ccemu.url,
          `/_emulator/gateway/sessions/${s.sessionId}/messages`,
          { text: "text" },
        );
        if (reply.error) throw new Error(JSON.stringify(reply.error));
        exchanges.push(performance.now() - t);
      }
    }));
    const rate = exchanges.length / ((performance.now() - t0) / 1000);
    exchanges.sort((a, b) => a - b);
    rows.push([
      `blocking pushes (${SESSIONS} sessions, sample agent)`,
      `${fixed(rate, 0)} pushes/s`,
      `visitor message -> complete reply p50 ${fixed(percentile(exchanges, 0.5), 2)} ms, p99 ${
        fixed(percentile(exchanges, 0.99), 2)
      } ms`,
    ]);
  } finally {
    await agent.stop();
    await ccemu.stop();
  }
  return rows;
}
