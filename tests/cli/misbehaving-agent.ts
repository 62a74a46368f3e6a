/**
 * An agent of the default way that misbehaves on purpose, by what the visitor says:
 * `fast N` answers after N ms (N cycles through the numbers given: `fast 10,20,30`), `slow N`
 * after N ms (past a short time-out), `broken` with HTTP 500, `odd` with a message type that does not exist, `vary` in wording that changes
 * each time, `stream N` streams two chunks N ms apart; anything else is echoed back. `wording`
 * sets a prefix every echo carries (the regression a changed prompt brings); `menu` offers two
 * options, and `failOn` names a text (an option's) answered with HTTP 500.
 */
import { envelope, message, sse, startTestAgent } from "../gateway/test-agent.ts";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function startMisbehavingAgent(options: { wording?: string; failOn?: string } = {}) {
  const counts = new Map<string, number>();
  const next = (key: string) => {
    const n = counts.get(key) ?? 0;
    counts.set(key, n + 1);
    return n;
  };
  const agent = startTestAgent(async (push) => {
    if (push.path === "/open") {
      return Response.json(envelope([message(100, { content: "hello" })], "c-open"));
    }
    const data = (push.body.data as { message: { content?: string } }[])[0];
    const text = String(data.message.content ?? "");
    const [word, arg = ""] = text.split(" ");
    if (word === "fast" || word === "slow") {
      const delays = arg.split(",").map(Number);
      await sleep(delays[next(text) % delays.length]);
      return Response.json(envelope([message(100, { content: `${word} answer` })]));
    }
    if (text === options.failOn) return new Response("that option broke", { status: 500 });
    if (word === "menu") {
      return Response.json(envelope([message(103, {
        subtype: 10301,
        content: "Pick one",
        options: [{ content: "track my order" }, { content: "refund" }],
      })]));
    }
    if (word === "odd") {
      return Response.json(envelope([message(999, { content: "an unknown type" })]));
    }
    if (word === "broken") return new Response("it broke", { status: 500 });
    if (word === "vary") {
      const words = ["Refunds take 3–7 days.", "Your refund arrives within a week."];
      return Response.json(envelope([message(100, { content: words[next(text) % words.length] })]));
    }
    if (word === "stream") {
      const chunk = (content: string) =>
        `event: message\ndata: ${
          JSON.stringify({ answer: [{ message_id: 1, content_type: "text", content }] })
        }\n\n`;
      return sse([
        chunk("first "),
        chunk("second"),
        `event: end\ndata: {"answer":[{"metadata":{}}]}\n\n`,
      ], Number(arg));
    }
    return Response.json(
      envelope([message(100, { content: `${options.wording ?? ""}you said: ${text}` })]),
    );
  });
  return { ...agent, message: `${agent.url}/message`, open: `${agent.url}/open` };
}
