/**
 * `ccemu parity TAPFILE`: a tap recording made with ccemu's own gateway standing in for the real
 * one (as tap_test.ts does), compared against a second ccemu's gateway. The same gateway must make
 * the same pushes (every push `same`); an edited push body must be a shape difference naming its
 * JSON path. Both commands run as users run them: `main.ts` in a child process.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { startEmulator } from "../../harness/mod.ts";
import { tapPushes } from "../../emulator/tap/mod.ts";
import {
  envelope,
  message,
  openSession,
  type ReceivedPush,
  register,
  say,
  sse,
  startTestAgent,
} from "./test-agent.ts";

const MAIN = new URL("../../main.ts", import.meta.url).pathname;

/** `ccemu tap` as a child process; resolves once `n` exchanges are written, then stops it. */
function startTap(agent: string, file: string) {
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", MAIN, "tap", "--agent", agent, "--record", file],
    stdout: "piped",
    stderr: "null",
  }).spawn();
  const reader = child.stdout.pipeThrough(new TextDecoderStream()).getReader();
  let text = "";
  const until = async (done: () => boolean) => {
    while (!done()) {
      const { value, done: ended } = await reader.read();
      if (ended) throw new Error(`the tap's stdout ended:\n${text}`);
      text += value;
    }
  };
  return {
    url: async () => {
      await until(() => /listening on (\S+)\n/.test(text));
      return /listening on (\S+)\n/.exec(text)![1];
    },
    async stopAfter(n: number) {
      await until(() => text.split(" recorded in ").length > n);
      child.kill("SIGTERM");
      await child.status;
      await reader.cancel().catch(() => {});
    },
  };
}

async function parity(...args: string[]) {
  const { code, stdout } = await new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", MAIN, "parity", ...args],
    stdout: "piped",
    stderr: "piped",
  }).output();
  return { code, out: new TextDecoder().decode(stdout) };
}

const chunk = (content: string) =>
  `data: ${
    JSON.stringify({
      event: "message",
      answer: [{ message_id: "m1", content_type: "markdown", content }],
    })
  }\n\n`;

/** Hot questions on open; each message streamed back. */
function agentReply(push: ReceivedPush): Response {
  if (push.path === "/open") {
    const hot = message(103, { subtype: 10301, scene: "HotQuestion", options: [{ content: "Q" }] });
    return Response.json(envelope([hot], "conv-7"));
  }
  const text = (push.body.data as { message: { content: string } }[])[0].message.content;
  const end = `data: ${JSON.stringify({ event: "end", answer: [{ metadata: {} }] })}\n\n`;
  return sse([chunk("you said: "), chunk(text), end]);
}

Deno.test("ccemu parity on a tap recording: ccemu's pushes are the same; an edited push body differs in shape", async () => {
  const dir = await Deno.makeTempDir({ prefix: "ccemu-tap-parity-" });
  try {
    const file = join(dir, "tap.json");
    {
      await using real = await startEmulator();
      await using agent = startTestAgent(agentReply);
      const tap = startTap(agent.url, file);
      const robotId = await register(real, await tap.url(), { open: true, token: "s3cret" });
      const visitor = { visitorId: "v-42", name: "张三", extra: { vip: "gold" } };
      const { json } = await openSession(real, { robotId, visitor, responseMode: "streaming" });
      await say(real, json.sessionId, { text: "退款多久到账" });
      await say(real, json.sessionId, { text: "second" });
      await tap.stopAfter(3);
    }
    await using ccemu = await startEmulator();
    const junit = join(dir, "parity.xml");
    const same = await parity(file, "--url", ccemu.url, "--junit", junit);
    assert.equal(same.code, 0, same.out);
    const lines = same.out.trim().split("\n");
    assert.deepEqual(lines.slice(0, 3), [
      "same            open POST /open  (push 1)",
      "same            message POST /message  (push 2)",
      "same            message POST /message  (push 3)",
    ]);
    assert.equal(lines.at(-1), "3 same, 0 shape differs, 0 values differ, 0 status differs");
    assert.match(await Deno.readTextFile(junit), /tests="3" failures="0"/);

    // The real gateway's first message push with a key ccemu never sends and another type.
    const recording = JSON.parse(await Deno.readTextFile(file));
    const { exchange } = tapPushes(recording).find((p) => p.via === "message")!;
    const body = JSON.parse(exchange.request.body);
    exchange.request.body = JSON.stringify({ ...body, vendorOnly: 1, visitorId: 42 });
    const edited = join(dir, "edited.json");
    await Deno.writeTextFile(edited, JSON.stringify(recording));
    const differs = await parity(edited, "--url", ccemu.url);
    assert.equal(differs.code, 1, differs.out);
    assert.match(differs.out, /^shape differs +message POST \/message {2}\(push 2\)$/m);
    assert.match(differs.out, /^ {4}\$\.vendorOnly: only in the recording: 1$/m);
    assert.match(
      differs.out,
      /^ {4}\$\.visitorId: type differs: recorded number 42, ccemu string "v-42"$/m,
    );
    assert.match(differs.out, /^2 same, 1 shape differs, 0 values differ, 0 status differs$/m);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
