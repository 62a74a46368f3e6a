/**
 * Scenarios that travel: a scenario names its robot portably (its agent, or a robot's name), a
 * scenario whose robot is not in this ccemu fails saying so and pushes to no other agent, and
 * `ccemu replay --agent … --open-url … --token …` runs any scenario against another agent.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { startEmulator } from "../../harness/mod.ts";
import { envelope, message, startTestAgent } from "../gateway/test-agent.ts";

const MAIN = new URL("../../main.ts", import.meta.url).pathname;

async function replay(...args: string[]) {
  const { code, stdout, stderr } = await new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", MAIN, "replay", ...args],
    stdout: "piped",
    stderr: "piped",
  }).output();
  const decode = (b: Uint8Array) => new TextDecoder().decode(b);
  return { code, out: decode(stdout), err: decode(stderr) };
}

const hello = (robot: unknown, name: string) => ({
  name,
  robot,
  steps: [{ send: { text: "hello" }, expect: { textContains: "hi" } }],
});

Deno.test("a robotId from another ccemu never runs against the agent an earlier scenario registered", async () => {
  await using agent = startTestAgent(() =>
    Response.json(envelope([message(100, { content: "hi from agent X" })]))
  );
  const dir = await Deno.makeTempDir();
  try {
    // a.json registers agent X (robot 10001 in a fresh ccemu); b.json was saved in another ccemu,
    // where 10001 was some other agent that is not here.
    await Deno.writeTextFile(
      join(dir, "a.json"),
      JSON.stringify(hello({ url: `${agent.url}/message`, platform: "Default" }, "a")),
    );
    await Deno.writeTextFile(join(dir, "b.json"), JSON.stringify(hello({ robotId: "10001" }, "b")));
    const run = await replay(dir);
    assert.equal(agent.received.length, 1, "only scenario a pushed to agent X");
    assert.equal(run.code, 1, run.out + run.err);
    assert.match(run.out, /^PASS a /m);
    assert.match(run.out, /^FAIL b /m);
    assert.match(
      run.out,
      /robot 10001 is not a robot of this ccemu: ccemu registered it to run scenario "a"/,
    );
    assert.match(run.out, /^1 passed, 1 failed$/m);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("a scenario naming a robot this ccemu does not have fails saying so; the others still run", async () => {
  const dir = await Deno.makeTempDir();
  try {
    await Deno.writeTextFile(join(dir, "a.json"), JSON.stringify(hello({ robotId: "10042" }, "a")));
    await Deno.writeTextFile(
      join(dir, "b.json"),
      JSON.stringify(hello({ name: "nobody's robot" }, "b")),
    );
    const run = await replay(dir);
    assert.equal(run.code, 1, run.out + run.err);
    assert.match(run.out, /^FAIL a \(0 steps/m);
    assert.match(run.out, /No robot 10042\./);
    assert.match(run.out, /--agent URL/);
    assert.match(run.out, /^FAIL b /m);
    assert.match(run.out, /No robot named "nobody's robot"/);
    assert.match(run.out, /^0 passed, 2 failed$/m);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("a session saved in one ccemu replays in a fresh ccemu with --agent, --open-url, --token", async () => {
  await using first = await startEmulator({ clock: "real" });
  const agentBase = `${first.url}/_emulator/sample-agents/default`;
  // The agent as a user registers theirs: by URL, with an open-session interface and a token.
  const robot = await (await fetch(`${first.url}/_emulator/gateway/robots`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      name: "my agent",
      url: `${agentBase}/message`,
      openPath: "/_emulator/sample-agents/default/open",
      platform: "Default",
      token: "ccemu-sample-token",
    }),
  })).json();
  const opened = await (await fetch(`${first.url}/_emulator/gateway/sessions`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ robotId: robot.robotId, responseMode: "streaming" }),
  })).json();
  for (const text of ["card", "options", "queue 12"]) {
    await (await fetch(`${first.url}/_emulator/gateway/sessions/${opened.sessionId}/messages`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ text }),
    })).body?.cancel();
  }
  const saved = await (await fetch(
    `${first.url}/_emulator/gateway/sessions/${opened.sessionId}/scenario?name=saved`,
  )).json();
  assert.deepEqual(saved.robot, {
    name: "my agent",
    url: `${agentBase}/message`,
    platform: "Default",
    openUrl: `${agentBase}/open`,
    token: "ccemu-sample-token",
  });
  assert.doesNotMatch(JSON.stringify(saved), /robotId|1000\d/);
  const dir = await Deno.makeTempDir();
  try {
    const file = join(dir, "saved.json");
    // Pointed elsewhere in the file: --agent and its flags decide where the replay pushes.
    await Deno.writeTextFile(
      file,
      JSON.stringify({ ...saved, robot: { url: "http://127.0.0.1:9/gone", platform: "Default" } }),
    );
    const run = await replay(
      file,
      "--agent",
      `${agentBase}/message`,
      "--platform",
      "Default",
      "--open-url",
      `${agentBase}/open`,
      "--token",
      "ccemu-sample-token",
    );
    assert.equal(run.code, 0, run.out + run.err);
    assert.match(run.out, /^PASS saved \(4 steps/m);
    // As saved, the file names its agent itself.
    await Deno.writeTextFile(file, JSON.stringify(saved));
    const asSaved = await replay(file);
    assert.equal(asSaved.code, 0, asSaved.out + asSaved.err);
    // --open-url belongs to --agent, on its origin.
    const bad = await replay(file, "--open-url", `${agentBase}/open`);
    assert.equal(bad.code, 2);
    assert.match(bad.err, /--open-url needs --agent/);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("a session on a sample robot is saved by the robot's name and replays in a fresh ccemu", async () => {
  await using first = await startEmulator({ clock: "real" });
  const opened = await (await fetch(`${first.url}/_emulator/gateway/sessions`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ robotId: "sample-platform-a" }),
  })).json();
  await (await fetch(`${first.url}/_emulator/gateway/sessions/${opened.sessionId}/messages`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ text: "text" }),
  })).body?.cancel();
  const saved = await (await fetch(
    `${first.url}/_emulator/gateway/sessions/${opened.sessionId}/scenario`,
  )).json();
  // ccemu's own sample agent lives at this ccemu's port: its name travels, its URL would not.
  assert.deepEqual(saved.robot, { name: "Sample agent (platform-A way)" });
  const dir = await Deno.makeTempDir();
  try {
    const file = join(dir, "saved.json");
    await Deno.writeTextFile(file, JSON.stringify(saved));
    const run = await replay(file);
    assert.equal(run.code, 0, run.out + run.err);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("the control API refuses a scenario's robotId ccemu registered for another scenario; a picked robot runs", async () => {
  await using agent = startTestAgent(() =>
    Response.json(envelope([message(100, { content: "hi from agent X" })]))
  );
  await using ccemu = await startEmulator({ clock: "real" });
  const replay = async (body: unknown) => {
    const response = await fetch(`${ccemu.url}/_emulator/scenarios/replay`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    return { status: response.status, json: await response.json() };
  };
  const a = await replay({ scenario: hello({ url: `${agent.url}/message` }, "a") });
  assert.equal(a.json.passed, true, JSON.stringify(a.json));
  // Run again, the same agent's robot is reused rather than registered once more.
  const again = await replay({ scenario: hello({ url: `${agent.url}/message` }, "a") });
  assert.equal(again.json.robotId, a.json.robotId);
  const b = await replay({ scenario: hello({ robotId: a.json.robotId }, "b") });
  assert.equal(b.status, 404);
  assert.equal(b.json.error.code, "ResourceNotFound");
  assert.match(b.json.error.message, /is not a robot of this ccemu/);
  assert.equal(agent.received.length, 2, "b pushed nothing");
  // The UI's robot picker: run against the robot chosen, whatever the scenario names.
  const picked = await replay({
    scenario: hello({ robotId: "from-elsewhere" }, "c"),
    robotId: a.json.robotId,
  });
  assert.equal(picked.json.passed, true, JSON.stringify(picked.json));
  assert.equal(agent.received.length, 3);
});

Deno.test("/_emulator/schemas publishes the scenario's robot forms: agent, name, robotId", async () => {
  await using ccemu = await startEmulator();
  const { scenario } = await (await fetch(`${ccemu.url}/_emulator/schemas`)).json();
  const forms = scenario.properties.robot.anyOf as { required?: string[] }[];
  assert.deepEqual(forms.map((f) => f.required ?? []), [["url"], ["name"], ["robotId"]]);
});
