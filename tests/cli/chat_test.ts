/**
 * `ccemu chat` with standard input a pipe, as a test (or a script) drives it: options numbered and
 * picked by number, cards, images, errors, transfers and findings shown as a visitor reads them,
 * a streamed reply written as it arrives, `/save` writing a scenario that replays green,
 * `/restart` and `/quit`; and the same against a robot of a running ccemu.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { startEmulator } from "../../harness/mod.ts";
import { startTestAgent } from "../gateway/test-agent.ts";
import { startMenuAgent, startTrap } from "./menu-agent.ts";

const MAIN = new URL("../../main.ts", import.meta.url).pathname;
const decode = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

/** `ccemu chat` in a child process, in `cwd`, with a pipe for its input. */
function chat(cwd: string, ...args: string[]) {
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", MAIN, "chat", ...args],
    cwd,
    stdin: "piped",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  const input = child.stdin.getWriter();
  const output = child.stdout.pipeThrough(new TextDecoderStream()).getReader();
  let out = "";
  return {
    get out() {
      return out;
    },
    say: (...lines: string[]) => input.write(new TextEncoder().encode(lines.join("\n") + "\n")),
    /** Reads until the output matches, for at most `ms`. */
    async until(pattern: RegExp, ms = 20_000) {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const late = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no ${pattern} within ${ms} ms:\n${out}`)), ms);
      });
      try {
        while (!pattern.test(out)) {
          const { value, done } = await Promise.race([output.read(), late]);
          if (done) throw new Error(`the chat ended before ${pattern}:\n${out}`);
          out += value;
        }
      } finally {
        clearTimeout(timer);
      }
    },
    /** Stops it at once (a test that failed midway). */
    kill() {
      try {
        child.kill("SIGKILL");
      } catch { /* already gone */ }
    },
    /** Closes its input and answers its exit status, with everything it wrote. */
    async end() {
      await input.close().catch(() => {});
      while (true) {
        const { value, done } = await output.read();
        if (done) break;
        out += value;
      }
      const err = await new Response(child.stderr).text();
      return { code: (await child.status).code, out, err };
    },
  };
}

async function replay(cwd: string, file: string) {
  const { code, stdout } = await new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", MAIN, "replay", file],
    cwd,
    stdout: "piped",
    stderr: "piped",
  }).output();
  return { code, out: decode(stdout) };
}

Deno.test("a piped chat: pick by number, what a visitor sees, findings, /save, /restart, /quit", async (t) => {
  await using trap = startTrap();
  await using agent = startMenuAgent({ trap: trap.url, slowMs: 10 });
  const dir = await Deno.makeTempDir({ prefix: "ccemu-chat-" });
  try {
    const session = chat(
      dir,
      "--agent",
      `${agent.url}/message`,
      "--open-url",
      `${agent.url}/open`,
    );
    session.say(
      "7",
      "2",
      "1",
      "/save tour",
      "Answer",
      "Bad card",
      "Broken",
      "Human",
      "Silent",
      "/restart",
      "9",
      "/quit",
      "never sent",
    );
    const { code, out } = await session.end();
    assert.equal(code, 0, out);

    await t.step("the open reply's options are numbered; a number picks one", () => {
      assert.match(out, /^session s-1 with http:\/\/127\.0\.0\.1:\d+\/message \(blocking\)$/m);
      assert.match(
        out,
        /^agent: Main menu\n {2}1\. Answer\n {2}2\. Again\n(?: {2}\d\. \w+\n){4} {2}7\. More\n {2}\(\d+ ms; type 1 to 7 to pick an option\)$/m,
      );
      assert.match(out, /^you: 7\n {2}→ More\nagent: More\n {2}1\. Back\n {2}2\. Deeper\n/m);
      assert.match(out, /^you: 1\n {2}→ Bottom\nagent: The bottom\.\n/m);
    });

    await t.step("cards and images by name, errors, transfers, nothing and findings", () => {
      assert.match(
        out,
        /^agent: Here is your answer\.\nagent: \[card\] Details\n {4}\[image c\.png\]\n {4}http:\/\/127\.0\.0\.1:\d+\/page\nagent: \[image photo\.png\]\n/m,
      );
      assert.match(
        out,
        /^you: Bad card\nagent: \[card\]\n {4}no title\n {2}! error {3}\$\.data\.answers\[0\]\.answerContent\.content\.cards\[0\]\.title {2}expected text\n/m,
      );
      assert.match(out, /^agent: \[error AgentHttpError\] The agent answered HTTP 500: boom$/m);
      assert.match(out, /^agent: Transferring you\.\nagent: \[transfer to a human, queue 7\]$/m);
      assert.match(out, /^you: Silent\nagent: \(nothing: no message, no instruction\)$/m);
      assert.equal(trap.hits, 0, "the chat fetches no link or image of a reply");
    });

    await t.step("/restart opens a new session; a number past the options is refused", () => {
      assert.match(out, /^you: \/restart\nsession s-2 with /m);
      assert.match(out, /^you: 9\nno option 9: the last reply offered 1 to 7$/m);
    });

    await t.step("/quit ends: nothing after it is sent", () => {
      assert.match(out, /you: \/quit\n$/);
      assert.ok(!out.includes("never sent"));
      assert.equal(agent.received.filter((p) => p === "/message").length, 8);
    });

    await t.step("/save wrote the conversation as a scenario that replays green", async () => {
      assert.match(out, /^saved tour\.json: 3 steps \(replay: ccemu replay tour\.json\)$/m);
      const saved = JSON.parse(await Deno.readTextFile(join(dir, "tour.json")));
      assert.equal(saved.name, "tour");
      assert.deepEqual(saved.robot, {
        url: `${agent.url}/message`,
        platform: "Default",
        openUrl: `${agent.url}/open`,
      });
      assert.deepEqual(saved.steps.map((s: { send: unknown }) => s.send), [
        { option: "More" },
        { option: "Deeper" },
        { option: "Bottom" },
      ]);
      assert.deepEqual(saved.expectOpen.options.length, 7);
      const replayed = await replay(dir, "tour.json");
      assert.equal(replayed.code, 0, replayed.out);
      assert.match(replayed.out, /^PASS tour \(4 steps, \d+ ms\)$/m);
    });
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("a streamed reply is written chunk by chunk as it arrives, and once", async () => {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  const chunk = (content: string) =>
    `event: message\ndata: ${
      JSON.stringify({
        conversation_id: "c-1",
        answer: [{ message_id: "m-1", content_type: "text", content, created_at: 0 }],
      })
    }\n\n`;
  await using agent = startTestAgent(() => {
    const encoder = new TextEncoder();
    const body = new ReadableStream<Uint8Array>({
      async start(controller) {
        controller.enqueue(encoder.encode(chunk("Hello, ")));
        await released;
        controller.enqueue(encoder.encode(chunk("world")));
        controller.enqueue(
          encoder.encode(
            `event: end\ndata: ${
              JSON.stringify({ conversation_id: "c-1", answer: [{ metadata: {} }] })
            }\n\n`,
          ),
        );
        controller.close();
      },
    });
    return new Response(body, { headers: { "content-type": "text/event-stream" } });
  });
  const dir = await Deno.makeTempDir({ prefix: "ccemu-chat-" });
  try {
    const session = chat(dir, "--agent", `${agent.url}/message`, "--mode", "streaming");
    try {
      await session.say("hi");
      await session.until(/agent: Hello, /, 10_000);
      assert.ok(!session.out.includes("world"), "the first chunk shows before the rest exists");
    } catch (error) {
      session.kill();
      throw error;
    } finally {
      release();
    }
    await session.until(/\(\d+ ms\)\n/);
    const { code, out } = await session.end();
    assert.equal(code, 0);
    assert.match(out, /^you: hi\nagent: Hello, world\n {2}\(\d+ ms\)$/m);
    assert.equal(out.split("Hello").length, 2, "written once, not again when complete");
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("--ccemu URL --robot ID: a robot of a running ccemu; an unknown robot exits 1", async () => {
  await using ccemu = await startEmulator({ clock: "real" });
  const dir = await Deno.makeTempDir({ prefix: "ccemu-chat-" });
  try {
    const session = chat(dir, "--ccemu", ccemu.url, "--robot", "sample-default");
    session.say("options", "3", "/save sample");
    const { code, out } = await session.end();
    assert.equal(code, 0, out);
    assert.match(out, /^session s-1 with robot sample-default "Sample agent \(default way\)"/m);
    assert.match(
      out,
      /^you: 3\n {2}→ human\nagent: 正在为您转接人工客服，请稍候。\nagent: \[transfer to a human\]$/m,
    );
    const saved = JSON.parse(await Deno.readTextFile(join(dir, "sample.json")));
    assert.deepEqual(saved.robot, { name: "Sample agent (default way)" });
    const replayed = await replay(dir, "sample.json");
    assert.equal(replayed.code, 0, replayed.out);

    const unknown = await chat(dir, "--ccemu", ccemu.url, "--robot", "nope").end();
    assert.equal(unknown.code, 1);
    assert.match(
      unknown.err,
      /^ccemu chat: No robot nope\. Registered: sample-default, sample-platform-a/,
    );
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("ccemu chat refuses a bad command line, saying which flag and how", async () => {
  const cases: [string[], RegExp][] = [
    [[], /--agent must be your agent's http\(s\) URL/],
    [["--robot", "x"], /--robot goes with --ccemu URL/],
    [["--ccemu", "http://127.0.0.1:9"], /--ccemu needs --robot ID/],
    [
      ["--ccemu", "http://127.0.0.1:9", "--robot", "r", "--token", "t"],
      /--token goes with --agent, not --ccemu/,
    ],
  ];
  for (const [args, message] of cases) {
    const { code, err } = await chat(Deno.cwd(), ...args).end();
    assert.equal(code, 2, args.join(" "));
    assert.match(err, message);
  }
});
