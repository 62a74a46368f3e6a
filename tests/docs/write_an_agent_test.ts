/**
 * docs/write-an-agent.md as a newcomer follows it: its examples are what ccemu sends and accepts
 * today (captured again from a fresh ccemu), the agents it shows are the files under
 * examples/agents/, each of them passes `ccemu agent-check` both ways and in both modes, the error
 * events it shows are reported as agent errors, and its shell snippets run against a ccemu.
 */
import assert from "node:assert/strict";
import { startEmulator } from "../../harness/mod.ts";
import {
  captureExamples,
  currentGuide,
  EXAMPLE_BLOCK,
  FILE_BLOCK,
  GUIDE,
} from "../../tools/agent-guide-examples.ts";
import { sse, startTestAgent } from "../gateway/test-agent.ts";

const ROOT = new URL("../../", import.meta.url);
const MAIN = new URL("main.ts", ROOT).pathname;
const guide = await Deno.readTextFile(GUIDE);
const decode = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

Deno.test("the guide's examples are what ccemu sends and accepts, and its agents are the files", async () => {
  const examples = await captureExamples();
  const ids = [...guide.matchAll(EXAMPLE_BLOCK)].map((m) => m[1]);
  for (const id of examples.keys()) assert.ok(ids.includes(id), `the guide shows ${id}`);
  for (const [, path, , , text] of guide.matchAll(FILE_BLOCK)) {
    const file = await Deno.readTextFile(new URL(path, ROOT));
    assert.equal(text.trimEnd(), file.trimEnd(), `the guide's ${path} is the file`);
  }
  assert.equal(
    await currentGuide(guide, examples),
    guide,
    "the guide's examples are not what ccemu sends: deno run -A tools/agent-guide-examples.ts --write",
  );
});

Deno.test("the error events the guide shows end the reply with the agent's error", async () => {
  const blocks = new Map(
    [...guide.matchAll(EXAMPLE_BLOCK)].map(([, id, , , text]) => [id, text]),
  );
  await using ccemu = await startEmulator();
  for (const [id, platform] of [["default-error", "Default"], ["platform-a-error", "PlatformA"]]) {
    const events = blocks.get(id);
    assert.ok(events, `the guide shows ${id}`);
    await using agent = startTestAgent(() => sse(`${events}\n\n`));
    const post = async (path: string, body: unknown) =>
      await (await fetch(`${ccemu.url}/_emulator/gateway/${path}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      })).json();
    const robot = await post("robots", { url: `${agent.url}/message`, platform });
    const session = await post("sessions", { robotId: robot.robotId, responseMode: "streaming" });
    const exchange = await post(`sessions/${session.sessionId}/messages`, { text: "hello" });
    assert.deepEqual(exchange.error, { code: "invalid_param", message: "query is required" }, id);
  }
});

/** Starts an example agent on a free port with a token; answers its address and a way to stop. */
async function startAgent(command: string, args: string[]) {
  const child = new Deno.Command(command, {
    args,
    cwd: ROOT,
    env: { AGENT_TOKEN: "secret" },
    stdout: "piped",
    stderr: "inherit",
  }).spawn();
  const reader = child.stdout.pipeThrough(new TextDecoderStream()).getReader();
  let seen = "";
  while (!seen.includes("\n")) {
    const { value, done } = await reader.read();
    if (done) break;
    seen += value;
  }
  const url = /^agent listening on (http:\/\/\S+)$/m.exec(seen)?.[1];
  return {
    url,
    first: seen,
    async [Symbol.asyncDispose]() {
      child.kill("SIGTERM");
      await child.status;
      await reader.cancel().catch(() => {});
    },
  };
}

const AGENTS: [string, string, string[]][] = [
  ["TypeScript", Deno.execPath(), [
    "run",
    "--allow-net",
    "--allow-env",
    "examples/agents/ts/agent.ts",
    "0",
  ]],
  ["Python", "python3", ["examples/agents/python/agent.py", "0"]],
];

for (const [language, command, args] of AGENTS) {
  Deno.test(`the ${language} agent passes ccemu agent-check, both ways, blocking and streaming`, async () => {
    await using agent = await startAgent(command, args);
    assert.ok(agent.url, `no "agent listening on" line: ${agent.first}`);
    for (
      const flags of [
        ["--url", `${agent.url}/message`, "--open-path", "/open"],
        ["--url", `${agent.url}/message`, "--open-path", "/open", "--mode", "streaming"],
        ["--url", `${agent.url}/v1/chat-messages`, "--platform", "PlatformA"],
        [
          "--url",
          `${agent.url}/v1/chat-messages`,
          "--platform",
          "PlatformA",
          "--mode",
          "streaming",
        ],
      ]
    ) {
      const { code, stdout, stderr } = await new Deno.Command(Deno.execPath(), {
        args: ["run", "-A", MAIN, "agent-check", ...flags, "--token", "secret"],
        stdout: "piped",
        stderr: "piped",
      }).output();
      const out = decode(stdout);
      assert.equal(code, 0, `${flags.join(" ")}\n${out}${decode(stderr)}`);
      assert.match(out, /^PASSED: 0 errors, 0 warnings$/m, flags.join(" "));
    }
    // The token is checked: a wrong one is refused, and agent-check says so.
    const wrong = await new Deno.Command(Deno.execPath(), {
      args: ["run", "-A", MAIN, "agent-check", "--url", `${agent.url}/message`, "--token", "nope"],
      stdout: "piped",
      stderr: "piped",
    }).output();
    assert.equal(wrong.code, 1);
    assert.match(decode(wrong.stdout), /401/);
  });
}

Deno.test("the guide's shell snippets run against a ccemu", async () => {
  const snippets = [...guide.matchAll(/<!-- run: sh -->\n\n?```sh\n([\s\S]*?)```\n/g)].map((m) =>
    m[1]
  );
  assert.equal(snippets.length, 3);
  await using ccemu = await startEmulator({ clock: "real" });
  for (const snippet of snippets) {
    const { code, stdout, stderr } = await new Deno.Command("sh", {
      args: ["-e", "-c", snippet],
      env: { CCEMU_URL: ccemu.url },
      stdout: "piped",
      stderr: "piped",
    }).output();
    assert.equal(code, 0, `${snippet}\n${decode(stdout)}${decode(stderr)}`);
  }
});

Deno.test("the guide's registration registers a robot that pushes to the agent with its token", async () => {
  const block = [...guide.matchAll(EXAMPLE_BLOCK)].find(([, id]) => id === "registration");
  assert.ok(block, "the guide shows a registration");
  await using agent = startTestAgent((push) =>
    Response.json({
      status: 200,
      code: "success",
      data: {
        conversationId: "c-1",
        answers: [{
          answerType: "message",
          answerContent: { type: 100, content: { content: `${push.path} ok` } },
        }],
      },
    })
  );
  await using ccemu = await startEmulator();
  const registration = { ...JSON.parse(block[4]), domain: agent.url };
  const { body } = await ccemu.client().post("/livechat/third_part_bot_register", registration);
  assert.match(String(body.robotId), /^\d+$/, JSON.stringify(body));
  const opened = await (await fetch(`${ccemu.url}/_emulator/gateway/sessions`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ robotId: body.robotId }),
  })).json();
  assert.equal(opened.open.messages[0].content.content, "/open ok");
  assert.deepEqual(agent.received.map((p) => p.headers.get("authorization")), ["Bearer secret"]);
});
