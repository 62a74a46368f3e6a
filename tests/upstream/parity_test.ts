/**
 * `ccemu parity FILE`: a recording made through the proxy (ccemu B) from an upstream ccemu A with a
 * manual clock, replayed against other ccemus: one identical to A answers `same` everywhere; one
 * with other fixtures answers `values differ` / `shape differs` with the JSON paths; one with a
 * fault rule `status differs`. Then JUnit, --writes on a fresh state, a transformers file, and the
 * command line's refusals. The transformers' rules are checked on their own at the end.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { type RunningEmulator, startEmulator } from "../../harness/mod.ts";
import {
  closedPort,
  signedCall,
  startProxy,
  UPSTREAM_ENTERPRISE,
  UPSTREAM_KEY,
  UPSTREAM_SECRET,
  upstreamFixtures,
} from "./helpers.ts";
import { compareAnswers, compareBodies } from "../../emulator/parity/diff.ts";
import { describeDifference } from "../../emulator/parity/report.ts";
import {
  compileRules,
  defaultTransformers,
  transform,
} from "../../emulator/parity/transformers.ts";

const MAIN = new URL("../../main.ts", import.meta.url).pathname;
const decode = (bytes: Uint8Array) => new TextDecoder().decode(bytes);
/** A's key: the replaying ccemus hold it too, as a copy of the tenant's fixtures would. */
const KEY = ["--key", UPSTREAM_KEY, "--secret", UPSTREAM_SECRET];

async function parity(...args: string[]) {
  const { code, stdout, stderr } = await new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", MAIN, "parity", ...args],
    stdout: "piped",
    stderr: "piped",
  }).output();
  return { code, out: decode(stdout), err: decode(stderr) };
}

type Fixtures = {
  outbound: { scripts: Record<string, unknown>[]; lines: Record<string, unknown>[] };
};

/** A's fixtures, changed by `change` (a copy each time). */
async function fixtures(change: (f: Fixtures) => void = () => {}) {
  const copy = structuredClone(await upstreamFixtures()) as unknown as Fixtures;
  change(copy);
  return copy as unknown as Record<string, unknown>;
}

const ENTERPRISE = { enterpriseId: UPSTREAM_ENTERPRISE };

/**
 * Records through B from A: three reads, a write, and (A gone) a request that got no answer.
 * A's clock is manual, started at the wall clock's time, since B signs with the wall clock.
 */
async function record(file: string) {
  const real = await startEmulator({
    clock: "manual",
    clockStart: Date.now(),
    fixtures: await fixtures(),
  });
  const proxy = await startProxy(real.url, ["--record", file]);
  try {
    const post = (path: string, body: unknown) =>
      signedCall(proxy.url, "POST", path, { body: JSON.stringify(body) });
    assert.equal(
      (await post("/gateway/robot_list", { ...ENTERPRISE, robotStatus: 0 })).status,
      200,
    );
    assert.equal((await post("/gateway/phone_list", ENTERPRISE)).status, 200);
    assert.equal(
      (await signedCall(proxy.url, "GET", "/aikb/list_public_repositories")).status,
      200,
    );
    const created = await post("/gateway/task_create", {
      ...ENTERPRISE,
      callJobName: "parity",
      callJobType: 2,
      robotDefId: 3002,
      userPhoneIds: "[501]",
    });
    assert.equal(created.status, 200, created.text);
    await real.close();
    const unanswered = await post("/gateway/task_list", ENTERPRISE);
    assert.equal(unanswered.status, 502);
  } finally {
    await proxy.kill();
    await real.close();
  }
}

/**
 * A well-formedness check of the XML a JUnit reader gets: one root, every tag closed in order,
 * attributes quoted, `&` only in entities. Answers the tags met, to count them.
 */
function checkXml(xml: string): string[] {
  assert.match(xml, /^<\?xml version="1\.0" encoding="UTF-8"\?>\n/);
  const body = xml.replace(/^<\?xml[^>]*\?>/, "");
  const open: string[] = [], seen: string[] = [];
  const entity = /&(?!(amp|lt|gt|quot|apos);)/;
  const attribute = /^\s+[\w:-]+="[^"<]*"/;
  for (const part of body.split(/(<[^>]*>)/)) {
    if (!part.startsWith("<")) {
      assert.doesNotMatch(part, entity, `text ${part}`);
      assert.ok(open.length > 0 || part.trim() === "", `text outside the root: ${part}`);
      continue;
    }
    const close = /^<\/([\w:-]+)>$/.exec(part);
    if (close) {
      assert.equal(open.pop(), close[1], `</${close[1]}> closes what was open`);
      continue;
    }
    const tag = /^<([\w:-]+)(.*?)(\/?)>$/s.exec(part);
    assert.ok(tag, `a tag: ${part}`);
    for (let rest = tag[2]; rest.trim() !== "";) {
      const one = attribute.exec(rest);
      assert.ok(one, `quoted attributes: ${part}`);
      assert.doesNotMatch(one[0], entity, part);
      rest = rest.slice(one[0].length);
    }
    assert.ok(open.length > 0 || seen.length === 0, "one root");
    seen.push(tag[1]);
    if (!tag[3]) open.push(tag[1]);
  }
  assert.deepEqual(open, [], "every tag closed");
  return seen;
}

/** The exchange's line and the lines under it, up to the next exchange's. */
function block(out: string, operation: string): string {
  const lines = out.split("\n");
  const at = lines.findIndex((l) => l.includes(` ${operation}  (line `));
  assert.ok(at >= 0, `${operation} in\n${out}`);
  const end = lines.findIndex((l, i) => i > at && !l.startsWith("    "));
  return lines.slice(at, end).join("\n");
}

/** What every step gets: the recording, a folder for files, and A's real-clock twin. */
interface Setup {
  file: string;
  dir: string;
  twin: RunningEmulator;
}

async function identical({ file, twin }: Setup) {
  const run = await parity(file, "--url", twin.url, ...KEY);
  assert.equal(run.code, 0, run.out + run.err);
  assert.equal(
    run.out,
    [
      "same            POST /gateway/robot_list  (line 2)",
      "same            POST /gateway/phone_list  (line 3)",
      "same            GET /aikb/list_public_repositories  (line 4)",
      "skipped (write) POST /gateway/task_create  (line 5)",
      "skipped (no answer recorded) POST /gateway/task_list  (line 6)",
      "2 skipped (1 write, 1 no answer recorded)",
      "3 same, 0 shape differs, 0 values differ, 0 status differs",
      "",
    ].join("\n"),
  );
  // Each request reached ccemu at its recorded time on the virtual clock.
  const recorded = (await Deno.readTextFile(file)).trim().split("\n").map((l) => JSON.parse(l));
  const replayed = twin.journal.list().filter((e) => e.path === "/gateway/robot_list").at(-1);
  assert.equal(replayed?.time, Date.parse(recorded[1].time));
  // The twin's clock was switched to manual for the run, and is back on the wall clock.
  const clock = await (await fetch(`${twin.url}/_emulator/clock`)).json();
  assert.equal(clock.mode, "real");
  assert.ok(Math.abs(clock.now - Date.now()) < 60_000, "back to about the wall clock");
}

/** JUnit: a case per exchange; the shape difference fails, two are skipped, one has output. */
function checkJunit(xml: string) {
  assert.equal(checkXml(xml).filter((tag) => tag === "testcase").length, 5);
  assert.match(xml, /<testsuites name="ccemu parity" tests="5" failures="1" skipped="2">/);
  assert.match(
    xml,
    /name="line 2: POST \/gateway\/robot_list" time="[\d.]+">\n\s*<failure message="shape differs: \$\.result\.list\[1\]\.deployTime: type differs: recorded string &quot;2026-01-03 09:30:00&quot;, ccemu null">/,
  );
  assert.match(xml, /<system-out>values differ\n\$\.result\.list\[1\]\.phoneName/);
  assert.equal(
    xml.match(/<skipped message="skipped \((write|no answer recorded)\)"\/>/g)?.length,
    2,
  );
}

async function otherFixtures({ file, dir }: Setup) {
  await using other = await startEmulator({
    fixtures: await fixtures((f) => {
      f.outbound.scripts[0].robotName = "Renamed script";
      f.outbound.scripts[1].deployTime = null;
      f.outbound.lines[1].phoneName = "Another line";
    }),
  });
  const junit = join(dir, "parity.xml");
  const run = await parity(file, "--url", other.url, ...KEY, "--junit", junit);
  assert.equal(run.code, 1, run.out + run.err);
  assert.equal(
    block(run.out, "POST /gateway/robot_list"),
    [
      "shape differs   POST /gateway/robot_list  (line 2)",
      '    $.result.list[1].deployTime: type differs: recorded string "2026-01-03 09:30:00", ccemu null',
      '    $.result.list[0].robotName: recorded "信用卡分期回访", ccemu "Renamed script"',
    ].join("\n"),
  );
  assert.equal(
    block(run.out, "POST /gateway/phone_list"),
    [
      "values differ   POST /gateway/phone_list  (line 3)",
      '    $.result.list[1].phoneName: recorded "Beijing landline", ccemu "Another line"',
    ].join("\n"),
  );
  assert.match(run.out, /\n1 same, 1 shape differs, 1 values differ, 0 status differs\n$/);
  checkJunit(await Deno.readTextFile(junit));

  // A transformers file hides both kinds: names replaced, deployTime left out of the comparison.
  const rules = join(dir, "rules.json");
  await Deno.writeTextFile(
    rules,
    JSON.stringify([
      { key: "robotName", replace: "<name>" },
      { path: "$.result.list[*].deployTime", ignore: true },
      { path: "$.result.list[1].phoneName", replace: "<line name>" },
    ]),
  );
  const hidden = await parity(file, "--url", other.url, ...KEY, "--transformers", rules);
  assert.equal(hidden.code, 0, hidden.out + hidden.err);
  assert.match(hidden.out, /\n3 same, 0 shape differs, 0 values differ, 0 status differs\n$/);
}

async function faultRule({ file, twin }: Setup) {
  using _fault = twin.withFault({
    operation: "/gateway/phone_list",
    effect: { type: "error", code: "InternalError" },
  });
  const run = await parity(file, "--url", twin.url, ...KEY);
  assert.equal(run.code, 1, run.out + run.err);
  assert.match(
    block(run.out, "POST /gateway/phone_list"),
    /^status differs {2}POST \/gateway\/phone_list {2}\(line 3\)\n {4}status: recorded 200, ccemu 500 InternalError \(.*fault rule.*\)$/,
  );
  assert.match(run.out, /\n2 same, 0 shape differs, 0 values differ, 1 status differs\n$/);
}

async function writes({ file }: Setup) {
  await using dirty = await startEmulator({ fixtures: await fixtures() });
  // A task made before: without the reset the replayed one would be 80002, not 80001.
  const api = dirty.client({ accessKeyId: UPSTREAM_KEY, accessKeySecret: UPSTREAM_SECRET });
  const before = await api.post("/gateway/task_create", {
    ...ENTERPRISE,
    callJobName: "made before",
    callJobType: 2,
    robotDefId: 3001,
    userPhoneIds: "[501]",
  });
  assert.deepEqual(before.body.result, { callJobId: 80001 });
  const run = await parity(file, "--url", dirty.url, ...KEY, "--writes");
  assert.equal(run.code, 0, run.out + run.err);
  assert.match(run.out, /^same {12}POST \/gateway\/task_create {2}\(line 5\)$/m);
  assert.doesNotMatch(run.out, /skipped \(write\)/);
  assert.match(run.out, /\n4 same, 0 shape differs, 0 values differ, 0 status differs\n$/);
  const tasks = await api.post<{ result: { list: { jobName: string }[] } }>(
    "/gateway/task_list",
    ENTERPRISE,
  );
  assert.deepEqual(tasks.body.result.list.map((task) => task.jobName), ["parity"]);
}

/** Exit 2, with the usage: a bad command line, a file that is not a recording, bad rules. */
async function badCommandLines({ file, dir }: Setup) {
  const help = await parity("--help");
  assert.equal(help.code, 0);
  assert.match(help.out, /^usage: ccemu parity FILE/);
  assert.match(help.out, /Exit status: 0 /);
  const notRecording = join(dir, "not.ndjson");
  await Deno.writeTextFile(notRecording, '{"ccemu":"recording","version":1}\n{"nope":1}\n');
  const rules = join(dir, "bad-rules.json");
  await Deno.writeTextFile(
    rules,
    '[{"key": "x", "replace": 1}, {"path": "result", "ignore": true}]',
  );
  for (
    const [args, message] of [
      [[], /name one recording FILE/],
      [[file, "--key", "k"], /--key and --secret go together/],
      [[file, "--no-such-flag"], /no-such-flag/],
      [[join(dir, "missing.ndjson")], /missing\.ndjson: cannot read it/],
      [[notRecording], /not\.ndjson line 1: not a header line of a recording: \$\.upstream/],
      [[file, "--transformers", rules], /bad-rules\.json: \[1\]\.path: a path starts with "\$"/],
    ] as [string[], RegExp][]
  ) {
    const run = await parity(...args);
    assert.equal(run.code, 2, args.join(" "));
    assert.match(run.err, message);
    assert.match(run.err, /usage: ccemu parity FILE/);
  }
}

/** Exit 1 when ccemu cannot be asked, or holds not the key; a note on another enterprise. */
async function unusableTargets({ file, twin }: Setup) {
  const gone = await parity(file, "--url", `http://127.0.0.1:${closedPort()}`, ...KEY);
  assert.equal(gone.code, 1);
  assert.match(gone.err, /^ccemu parity: cannot reach ccemu at http:\/\/127\.0\.0\.1:\d+ /);
  const noKey = await parity(file, "--url", twin.url);
  assert.equal(noKey.code, 1);
  assert.match(noKey.err, /has no key ccemu-demo-key \(it has real-tenant-key\)/);
  // The demo tenant's ccemu: the recording names A's enterprise, and the note says why it fails.
  await using demo = await startEmulator();
  const otherTenant = await parity(file, "--url", demo.url);
  assert.equal(otherTenant.code, 1);
  assert.match(
    otherTenant.err,
    /^ccemu parity: note: the recording names enterpriseId 7000002, and key ccemu-demo-key is enterprise 7000001's/,
  );
  assert.match(
    otherTenant.out,
    /^status differs {2}POST \/gateway\/robot_list {2}\(line 2\)\n {4}status: recorded 200, ccemu 403 UnauthorizedOperation /,
  );
}

Deno.test("ccemu parity: same, values, shape, status; JUnit; --writes; transformers", async (t) => {
  const dir = await Deno.makeTempDir({ prefix: "ccemu-parity-" });
  try {
    const file = join(dir, "tenant.ndjson");
    await record(file);
    // A's twin on the real clock: parity switches it to manual for the run, then back.
    await using twin = await startEmulator({ clock: "real", fixtures: await fixtures() });
    const setup: Setup = { file, dir, twin };
    await t.step("a ccemu identical to A: same everywhere, exit 0", () => identical(setup));
    await t.step(
      "other fixtures: values and shape differ, JSON paths, JUnit",
      () => otherFixtures(setup),
    );
    await t.step("a fault rule on one operation: status differs, exit 1", () => faultRule(setup));
    await t.step("--writes: reset first, then the write replayed", () => writes(setup));
    await t.step("a bad command line exits 2 with the usage", () => badCommandLines(setup));
    await t.step(
      "ccemu unreachable, without the key, another tenant: exit 1",
      () => unusableTargets(setup),
    );
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("transformers: the defaults hide requestId, times and signed links' query", () => {
  const recorded = JSON.stringify({
    requestId: "a",
    result: {
      createTime: "2026/01/02 10:00:00",
      updateTime: 1767348000000,
      startDate: "2026-01-02",
      callTime: 42,
      url: "https://oss.example/k/a.pdf?Expires=1&OSSAccessKeyId=x&Signature=abc",
      plain: "https://example.com/a?b=1",
    },
  });
  const replayed = JSON.stringify({
    requestId: "b",
    result: {
      createTime: "2026-03-02T08:00:00Z",
      updateTime: 1772438400,
      startDate: "2026-03-02",
      callTime: 43,
      url: "https://oss.example/k/a.pdf?expires=2&signature=def",
      plain: "https://example.com/a?b=2",
    },
  });
  const { shape, values } = compareBodies(recorded, replayed, defaultTransformers());
  assert.deepEqual(shape, []);
  // A duration is not a time; a link without a signature keeps its query.
  assert.deepEqual(values.map((d) => d.path), ["$.result.callTime", "$.result.plain"]);
  assert.deepEqual(
    transform(JSON.parse(recorded), defaultTransformers()),
    {
      requestId: "<requestId>",
      result: {
        createTime: "<time>",
        updateTime: "<time>",
        startDate: "<time>",
        callTime: 42,
        url: "https://oss.example/k/a.pdf?<signed>",
        plain: "https://example.com/a?b=1",
      },
    },
  );
});

Deno.test("transformers: paths with [*] and quoted names, key patterns, regex, ignore", () => {
  const rules = compileRules([
    { path: '$.result.list[*]["客户 姓名"]', replace: "<name>" },
    { key: "/^call(Job)?Id$/", replace: "<id>" },
    { path: "$.result.list[0].note", regex: "\\d+", replace: "N" },
    { path: "$.result.extra", ignore: true },
  ]);
  const body = {
    result: {
      list: [{ "客户 姓名": "张三", callJobId: 80001, note: "call 12 of 34" }, { callId: 7 }],
      extra: true,
    },
  };
  assert.deepEqual(transform(body, rules), {
    result: {
      list: [{ "客户 姓名": "<name>", callJobId: "<id>", note: "call N of N" }, {
        callId: "<id>",
      }],
    },
  });
  // An ignored member is no shape difference either; the path printed quotes an unusual name.
  const { shape, values } = compareBodies(
    JSON.stringify({ result: { extra: 1, "a b": 1 } }),
    JSON.stringify({ result: { "a b": 2 } }),
    rules,
  );
  assert.deepEqual(shape, []);
  assert.deepEqual(values.map((d) => d.path), ['$.result["a b"]']);
  assert.throws(() => compileRules([{ key: "x" }]), /\[0\]: give "replace"/);
  assert.throws(() => compileRules([{ path: "$.a[", replace: 1 }]), /\[0\]\.path: /);
  assert.throws(() => compileRules([{ regex: "(", replace: "x" }]), /\[0\]\.regex: not a regular/);
  assert.throws(() => compileRules([{ key: "k", replace: 1, then: 2 }]), /\[0\]\.then: not a/);
});

Deno.test("answers: the status and error code first; a body that is not JSON is text", () => {
  const html = "<html><body>502 Bad Gateway</body></html>";
  const ok = { status: 200, body: '{"requestId":"a","result":{}}' };
  assert.equal(
    compareAnswers({ status: 502, body: html }, { status: 502, body: html }, []).outcome,
    "same",
  );
  const text = compareAnswers({ status: 502, body: html }, { status: 502, body: "other" }, []);
  assert.equal(text.outcome, "values differ");
  assert.deepEqual(text.differences.map((d) => [d.path, d.kind]), [["$", "value"]]);
  const kind = compareAnswers({ status: 502, body: html }, { status: 502, body: "{}" }, []);
  assert.equal(kind.outcome, "shape differs");
  assert.match(describeDifference(kind.differences[0]), /^\$: type differs: recorded text "<html>/);
  const code = compareAnswers(
    { status: 429, body: '{"error":{"code":"TooManyRequests"}}' },
    { status: 429, body: '{"error":{"code":"Throttling","message":"slow down"}}' },
    [],
  );
  assert.equal(code.outcome, "status differs");
  assert.deepEqual(code.status, {
    recorded: 429,
    replayed: 429,
    recordedCode: "TooManyRequests",
    replayedCode: "Throttling",
    message: "slow down",
  });
  assert.equal(compareAnswers(ok, { error: "connection reset" }, []).status?.replayed, null);
});
