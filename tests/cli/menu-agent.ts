/**
 * An agent (default way, blocking) that misbehaves on purpose, for the crawler's and the chat's
 * tests. Its open-session reply is the main menu; each option does one thing:
 *
 * | option   | reply                                                                 |
 * | -------- | --------------------------------------------------------------------- |
 * | Answer   | a text, a card and an image, all linking to `trap` (never fetched)    |
 * | Again    | the main menu again (a dead end: the same menu back)                  |
 * | Broken   | HTTP 500 (a dead end: an error)                                       |
 * | Silent   | an envelope with no answers (a dead end: nothing)                     |
 * | Slow     | a text after `slowMs`                                                 |
 * | Human    | a text and a transfer to queue 7                                      |
 * | More     | a submenu: Back (the main menu again: a loop), Deeper (a third menu)  |
 * | Deeper   | a menu with Bottom, which answers a text                              |
 * | Bad card | a card without its title (an error finding)                           |
 */
import { envelope, message } from "../gateway/test-agent.ts";

export const MAIN_MENU = ["Answer", "Again", "Broken", "Silent", "Slow", "Human", "More"];

const menu = (title: string, options: string[]) =>
  message(103, {
    subtype: 10301,
    content: title,
    options: options.map((content) => ({ content })),
  });
const text = (content: string) => message(100, { content });

/** Starts the agent; `trap` is a URL its replies link to, which nothing should ever fetch. */
export function startMenuAgent(options: { slowMs?: number; trap: string }) {
  const slowMs = options.slowMs ?? 300;
  const received: string[] = [];
  // A slow reply still waiting when the test ends is let go at once (shutdown waits for it).
  const waiting = new Set<() => void>();
  const answer = (answers: unknown[]) => Response.json(envelope(answers));
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen: () => {} }, async (req) => {
    const path = new URL(req.url).pathname;
    const body = await req.json();
    received.push(path);
    if (path === "/open") return answer([menu("Main menu", MAIN_MENU)]);
    const said = String(body.data?.[0]?.message?.content ?? "");
    switch (said) {
      case "Answer":
        return answer([
          text("Here is your answer."),
          message(102, {
            subtype: 10201,
            cards: [{
              title: "Details",
              url: `${options.trap}/page`,
              cover: `${options.trap}/c.png`,
            }],
          }),
          message(105, { fileUrl: `${options.trap}/photo.png`, fileName: "photo.png" }),
        ]);
      case "Broken":
        return new Response("boom", { status: 500 });
      case "Silent":
        return answer([]);
      case "Slow":
        await new Promise<void>((resolve) => {
          const done = () => {
            clearTimeout(timer);
            waiting.delete(done);
            resolve();
          };
          const timer = setTimeout(done, slowMs);
          waiting.add(done);
        });
        return answer([text("Sorry for the wait.")]);
      case "Human":
        return answer([text("Transferring you."), {
          answerType: "action",
          answerContent: { actionType: "TRANSFER_HUMAN", actionData: { qno: "7" } },
        }]);
      case "More":
        return answer([menu("More", ["Back", "Deeper"])]);
      case "Deeper":
        return answer([menu("Deeper", ["Bottom"])]);
      case "Bottom":
        return answer([text("The bottom.")]);
      case "Bad card":
        return answer([message(102, { subtype: 10201, cards: [{ summary: "no title" }] })]);
      default: // Again, Back and anything else
        return answer([menu("Main menu", MAIN_MENU)]);
    }
  });
  return {
    url: `http://127.0.0.1:${server.addr.port}`,
    received,
    async [Symbol.asyncDispose]() {
      for (const done of [...waiting]) done();
      await server.shutdown();
    },
  };
}

/** A server that counts what reaches it: the crawler and the chat must never fetch a reply's links. */
export function startTrap() {
  let hits = 0;
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen: () => {} }, () => {
    hits++;
    return new Response("trap");
  });
  return {
    url: `http://127.0.0.1:${server.addr.port}`,
    get hits() {
      return hits;
    },
    async [Symbol.asyncDispose]() {
      await server.shutdown();
    },
  };
}
