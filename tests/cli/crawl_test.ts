/**
 * `ccemu crawl`: every option clicked breadth first, one path per leaf; dead ends (an error,
 * nothing, the same menu back), loops, transfers and the slowest step reported; depth, paths and
 * time bounded; only the agent's own interfaces pushed to; the scenarios it writes replay green.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { crawl, type CrawlOptions } from "../../emulator/agent-tools/crawl.ts";
import { startEmulator } from "../../harness/mod.ts";
import { internals } from "../../harness/internals.ts";
import { MAIN_MENU, startMenuAgent, startTrap } from "./menu-agent.ts";
import { envelope, message, startTestAgent } from "../gateway/test-agent.ts";

const MAIN = new URL("../../main.ts", import.meta.url).pathname;
const decode = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

async function cli(...args: string[]) {
  const { code, stdout, stderr } = await new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", MAIN, ...args],
    stdout: "piped",
    stderr: "piped",
  }).output();
  return { code, out: decode(stdout), err: decode(stderr) };
}

const bounds = { depth: 3, maxPaths: 50, timeoutMs: 60_000, mode: "blocking" as const, say: [] };

Deno.test("crawling an agent that misbehaves: its paths, dead ends, loop, transfer, slowest step", async (t) => {
  await using trap = startTrap();
  await using agent = startMenuAgent({ trap: trap.url, slowMs: 800 });
  await using ccemu = await startEmulator({ clock: "real" });
  const gateway = internals(ccemu).areas.gateway.store;
  const options: CrawlOptions = {
    url: `${agent.url}/message`,
    openUrl: `${agent.url}/open`,
    platform: "Default",
    ...bounds,
  };
  const { report, scenarios } = await crawl(gateway, options);

  await t.step("every option is clicked, breadth first, to the bottom", () => {
    assert.deepEqual(report.start, { said: [], options: MAIN_MENU });
    assert.deepEqual(report.paths.map((p) => [p.clicks.join(" › "), p.end, p.deadEnd ?? null]), [
      ["Answer", "answer", null],
      ["Again", "dead end", "same menu"],
      ["Broken", "dead end", "error"],
      ["Silent", "dead end", "nothing"],
      ["Slow", "answer", null],
      ["Human", "transfer", null],
      ["More › Back", "loop", null],
      ["More › Deeper › Bottom", "answer", null],
    ]);
    assert.equal(report.stopped, null);
    assert.equal(report.passed, false, "dead ends fail the crawl");
  });

  await t.step("dead ends, the loop and the transfer are reported with why", () => {
    assert.deepEqual(report.deadEnds.map((d) => [d.clicks[0], d.kind]), [
      ["Again", "same menu"],
      ["Broken", "error"],
      ["Silent", "nothing"],
    ]);
    assert.match(report.deadEnds[1].detail, /^AgentHttpError: The agent answered HTTP 500: boom/);
    assert.deepEqual(report.loops, [{
      path: "path-007.json",
      clicks: ["More", "Back"],
      backTo: [],
    }]);
    assert.deepEqual(report.transfers, [{ path: "path-006.json", clicks: ["Human"], qno: "7" }]);
    assert.equal(report.slowest?.sent, 'click "Slow"');
    assert.ok(report.slowest!.elapsedMs >= 800, JSON.stringify(report.slowest));
  });

  await t.step("only the agent's interfaces were pushed to; its links were never fetched", () => {
    assert.equal(trap.hits, 0);
    assert.deepEqual([...new Set(agent.received)].sort(), ["/message", "/open"]);
    const targets = ccemu.journal.list().filter((e) => e.kind === "push").map((e) =>
      (e as { target?: string }).target
    );
    assert.equal(targets.length, report.pushes);
    assert.deepEqual([...new Set(targets)].sort(), [`${agent.url}/message`, `${agent.url}/open`]);
  });

  await t.step("each path's scenario replays green, and says what was seen", async () => {
    assert.deepEqual(scenarios.map((s) => s.file), report.paths.map((p) => p.file));
    for (const { scenario } of scenarios) {
      const replayed = await ccemu.runScenario(scenario);
      assert.ok(replayed.passed, `${scenario.name}: ${JSON.stringify(replayed.steps)}`);
    }
    const bottom = scenarios[7].scenario;
    assert.equal(bottom.name, "crawl 008: More › Deeper › Bottom");
    assert.deepEqual(bottom.steps.map((s) => s.send), [
      { option: "More" },
      { option: "Deeper" },
      { option: "Bottom" },
    ]);
    assert.deepEqual(bottom.steps[0].expect, {
      types: ["103/10301"],
      textContains: "More",
      options: ["Back", "Deeper"],
    });
    assert.deepEqual(scenarios[2].scenario.steps[0].expect, {
      error: { code: "AgentHttpError" },
    });
    assert.deepEqual(scenarios[5].scenario.steps[0].expect, {
      types: [100],
      textContains: "Transferring you.",
      transfer: { qno: "7" },
    });
  });
});

Deno.test("the crawl keeps to --depth, --max-paths and --timeout", async (t) => {
  await using trap = startTrap();
  await using agent = startMenuAgent({ trap: trap.url, slowMs: 2500 });
  await using ccemu = await startEmulator({ clock: "real" });
  const gateway = internals(ccemu).areas.gateway.store;
  const base = {
    url: `${agent.url}/message`,
    openUrl: `${agent.url}/open`,
    platform: "Default" as const,
    ...bounds,
  };
  const without = (clicks: string) => (p: { clicks: string[] }) => p.clicks.join(" › ") !== clicks;

  await t.step("--depth 1 clicks the main menu only; More ends at the depth", async () => {
    const { report } = await crawl(gateway, { ...base, depth: 1, timeoutMs: 20_000 });
    assert.equal(report.paths.length, MAIN_MENU.length);
    assert.ok(report.paths.every((p) => p.clicks.length === 1));
    const more = report.paths.find((p) => p.clicks[0] === "More")!;
    assert.equal(more.end, "depth");
    assert.equal(more.detail, "2 options not clicked (--depth)");
  });

  await t.step("--max-paths 3 stops at three, counting what it did not click", async () => {
    const { report, scenarios } = await crawl(gateway, { ...base, maxPaths: 3 });
    assert.equal(report.paths.length, 3);
    assert.equal(scenarios.length, 3);
    assert.equal(report.stopped, "max-paths");
    assert.equal(report.unexplored, MAIN_MENU.length - 3);
  });

  await t.step(
    "--timeout stops the crawl within its budget; the cut step is no dead end",
    async () => {
      const { report } = await crawl(gateway, { ...base, timeoutMs: 700 });
      assert.equal(report.stopped, "timeout");
      assert.ok(report.elapsedMs < 2000, `${report.elapsedMs} ms`);
      assert.ok(
        report.paths.every(without("Slow")),
        JSON.stringify(report.paths.map((p) => p.clicks)),
      );
      assert.ok(!report.deadEnds.some((d) => /Timeout/.test(d.detail)));
      assert.ok(report.unexplored >= 1);
    },
  );
});

Deno.test("a menu two paths reach is explored once; a menu that changes makes a path unstable", async () => {
  const menu = (options: string[]) =>
    Response.json(envelope([
      message(103, { subtype: 10301, options: options.map((content) => ({ content })) }),
    ]));
  let starts = 0;
  await using agent = startTestAgent(({ body }) => {
    const said = String((body.data as { message: { content: string } }[])[0].message.content);
    if (said === "hi") return menu(["X", "Y", `Today ${++starts}`]);
    if (said === "X" || said === "Y") return menu(["Z"]);
    return Response.json(envelope([message(100, { content: `You said ${said}.` })]));
  });
  await using ccemu = await startEmulator({ clock: "real" });
  const { report, scenarios } = await crawl(internals(ccemu).areas.gateway.store, {
    url: `${agent.url}/message`,
    platform: "Default",
    ...bounds,
    say: ["hi"],
  });
  assert.deepEqual(report.paths.map((p) => [p.clicks.join(" › "), p.end, p.file]), [
    ["Y", "joined", "path-001.json"],
    ["Today 1", "unstable", null],
    ["X › Z", "answer", "path-002.json"],
  ]);
  assert.equal(report.paths[0].detail, 'a menu already explored from "X"');
  assert.match(
    report.paths[1].detail,
    /"Today 1" was not offered \(offered: "X", "Y", "Today \d"\)/,
  );
  assert.equal(report.passed, true, "an unstable path is reported, not failed");
  // What was seen is written, "Today 1" included: this agent's start menu would fail a replay.
  assert.deepEqual(scenarios[1].scenario.steps.map((s) => s.send), [
    { text: "hi" },
    { option: "X" },
    { option: "Z" },
  ]);
});

Deno.test("the sample agents: their paths, and the scenarios replay green", async () => {
  await using host = await startEmulator({ clock: "real" });
  await using ccemu = await startEmulator({ clock: "real" });
  const gateway = internals(ccemu).areas.gateway.store;
  const base = `${host.url}/_emulator/sample-agents`;
  const sample = { token: "ccemu-sample-token", ...bounds };
  const runs = {
    open: await crawl(gateway, {
      url: `${base}/default/message`,
      openUrl: `${base}/default/open`,
      platform: "Default",
      ...sample,
    }),
    options: await crawl(gateway, {
      url: `${base}/default/message`,
      platform: "Default",
      ...sample,
      mode: "streaming",
      say: ["options"],
    }),
    platformA: await crawl(gateway, {
      url: `${base}/platform-a/v1/chat-messages`,
      platform: "PlatformA",
      ...sample,
    }),
  };
  assert.equal(runs.open.report.paths.length, 5, "the five hot questions of the open reply");
  assert.ok(runs.open.report.paths.every((p) => p.end === "answer"));
  assert.deepEqual(runs.options.report.paths.map((p) => [p.clicks[0], p.end]), [
    ["退款多久到账？", "answer"],
    ["How do I track my order?", "answer"],
    ["human", "transfer"],
  ]);
  assert.deepEqual(runs.platformA.report.start, { said: ["你好"], options: [] });
  assert.deepEqual(runs.platformA.report.paths.map((p) => p.end), ["answer"]);
  for (const run of Object.values(runs)) {
    assert.equal(run.report.passed, true);
    for (const { scenario } of run.scenarios) {
      const replayed = await ccemu.runScenario(scenario);
      assert.ok(replayed.passed, `${scenario.name}: ${JSON.stringify(replayed.steps)}`);
    }
  }
});

Deno.test("ccemu crawl writes the scenarios and report.json; ccemu replay runs them green", async () => {
  await using trap = startTrap();
  await using agent = startMenuAgent({ trap: trap.url, slowMs: 1000 });
  const out = await Deno.makeTempDir({ prefix: "ccemu-crawl-" });
  try {
    // An earlier crawl's scenario goes: a replay of the folder runs this crawl's only.
    await Deno.mkdir(join(out, "scenarios"));
    await Deno.writeTextFile(join(out, "scenarios", "path-099.json"), "{}");
    const crawled = await cli(
      "crawl",
      "--agent",
      `${agent.url}/message`,
      "--open-url",
      `${agent.url}/open`,
      "--out",
      out,
    );
    assert.equal(crawled.code, 1, crawled.out + crawled.err);
    assert.match(crawled.out, /^8 paths \(\d+ pushes in .+\):$/m);
    assert.match(crawled.out, /^ {2}dead end \(error\) +path-003\.json Broken: AgentHttpError/m);
    assert.match(
      crawled.out,
      /^ {2}loop +path-007\.json More › Back: back to the menu of the start$/m,
    );
    assert.match(
      crawled.out,
      /^dead ends: 3; loops: 1; transfers: 1; findings: 0 errors, 0 warnings$/m,
    );
    assert.match(crawled.out, /^slowest step: [\d.]+ m?s, click "Slow" \(Slow\)$/m);
    assert.match(crawled.out, /^FAILED: 3 dead ends$/m);
    const report = JSON.parse(await Deno.readTextFile(join(out, "report.json")));
    assert.equal(report.paths.length, 8);
    const files = [...Deno.readDirSync(join(out, "scenarios"))].map((e) => e.name).sort();
    assert.deepEqual(files, report.paths.map((p: { file: string }) => p.file));
    const replayed = await cli("replay", join(out, "scenarios"));
    assert.equal(replayed.code, 0, replayed.out + replayed.err);
    assert.match(replayed.out, /^8 passed, 0 failed$/m);
  } finally {
    await Deno.remove(out, { recursive: true });
  }
});

Deno.test("ccemu crawl refuses a bad command line, saying which flag and how", async () => {
  const cases: [string[], RegExp][] = [
    [["--out", "x"], /--agent must be your agent's http\(s\) URL/],
    [["--agent", "http://127.0.0.1:9/m"], /--out DIR is required/],
    [
      ["--agent", "http://127.0.0.1:9/m", "--out", "x", "--depth", "0"],
      /--depth must be a whole number from 1 to 20, got "0"/,
    ],
    [
      ["--agent", "http://127.0.0.1:9/m", "--out", "x", "--timeout", "soon"],
      /--timeout must be a duration such as 30s, 1500ms or 2m, got "soon"/,
    ],
    [
      ["--agent", "http://127.0.0.1:9/m", "--out", "x", "--open-url", "http://127.0.0.2:9/o"],
      /--open-url must be on the agent's origin/,
    ],
  ];
  for (const [args, message] of cases) {
    const { code, err } = await cli("crawl", ...args);
    assert.equal(code, 2, args.join(" "));
    assert.match(err, message);
    assert.match(err, /usage: ccemu crawl/);
  }
});
