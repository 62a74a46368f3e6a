import assert from "node:assert/strict";
import { join } from "node:path";
import { FixtureError } from "../../emulator/core/fixtures.ts";
import { loadFixtures } from "../../emulator/state.ts";
import { DEMO_FIXTURES, SAMPLE_SCENARIOS } from "../../emulator/packaged.ts";
import { loadScenarios } from "../../emulator/scenarios/store.ts";

const ENTERPRISE = { enterpriseId: "1", name: "t" };
const KEY = { accessKeyId: "k", accessKeySecret: "s", enterpriseId: "1" };

async function withFiles(files: Record<string, unknown>, run: (dir: string) => Promise<void>) {
  const dir = await Deno.makeTempDir();
  try {
    for (const [name, content] of Object.entries(files)) {
      await Deno.writeTextFile(
        join(dir, name),
        typeof content === "string" ? content : JSON.stringify(content),
      );
    }
    await run(dir);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

async function refusal(files: Record<string, unknown>): Promise<FixtureError> {
  let error: unknown;
  await withFiles(files, async (dir) => {
    error = await loadFixtures(dir).then(() => undefined, (e) => e);
  });
  assert.ok(error instanceof FixtureError, `expected a FixtureError, got ${error}`);
  return error;
}

Deno.test("the shipped demo tenant is every file of fixtures/default, loaded as the folder loads", async () => {
  const folder = new URL("../../fixtures/default/", import.meta.url);
  const names = [...Deno.readDirSync(folder)].map((e) => `fixtures/default/${e.name}`).sort();
  assert.deepEqual(DEMO_FIXTURES.map((f) => f.file), names);
  assert.deepEqual(await loadFixtures(), await loadFixtures(folder.pathname));
  const scenarios = new URL("../../fixtures/scenarios/", import.meta.url);
  assert.deepEqual(
    SAMPLE_SCENARIOS.map((f) => f.file),
    [...Deno.readDirSync(scenarios)].map((e) => `fixtures/scenarios/${e.name}`).sort(),
  );
  assert.deepEqual(
    await loadScenarios(),
    await loadScenarios(scenarios.pathname).then((list) =>
      list.map(({ file, scenario }) => ({ file: file.slice(file.indexOf("fixtures/")), scenario }))
    ),
  );
});

Deno.test("the default fixture holds the demo tenant and the three keys", async () => {
  const state = await loadFixtures();
  assert.deepEqual(state.enterprises.map((e) => e.enterpriseId), ["7000001"]);
  const keys = Object.fromEntries(state.accessKeys.map((k) => [k.accessKeyId, k]));
  assert.equal(keys["ccemu-demo-key"].accessKeySecret, "ccemu-demo-secret");
  assert.deepEqual(keys["ccemu-demo-key"].permissions, ["*"]);
  assert.deepEqual(keys["ccemu-readonly-key"].permissions, ["read"]);
  assert.ok(keys["ccemu-office-key"].ipAllowList.length > 0);
});

Deno.test("files of a folder are joined in name order; defaults are filled in", async () => {
  await withFiles({
    "b.json": { accessKeys: [KEY] },
    "a.json": { enterprises: [ENTERPRISE] },
    "notes.txt": "ignored",
  }, async (dir) => {
    const state = await loadFixtures(dir);
    assert.equal(state.accessKeys[0].username, "admin");
    assert.deepEqual(state.accessKeys[0].permissions, ["*"]);
    assert.equal(state.enterprises[0].timeZone, "Asia/Shanghai");
  });
});

Deno.test("a wrong type names the file and the JSON path", async () => {
  const error = await refusal({
    "t.json": { enterprises: [ENTERPRISE], accessKeys: [{ ...KEY, permissions: [5] }] },
  });
  assert.match(error.message, /t\.json: \$\.accessKeys\[0\]\.permissions\[0\]: /);
});

Deno.test("an outcome longer than an hour names the field and its bound", async () => {
  const error = await refusal({
    "t.json": {
      enterprises: [ENTERPRISE],
      outbound: {
        outcomeRules: [{
          match: { number: "1" },
          outcomes: [{ finishStatus: 0, duration: 86400 }],
        }],
      },
    },
  });
  assert.match(error.message, /\$\.outbound\.outcomeRules\[0\]\.outcomes\[0\]\.duration: .*3600/);
});

Deno.test("an unknown field names it", async () => {
  const error = await refusal({ "t.json": { enterprises: [{ ...ENTERPRISE, colour: "red" }] } });
  assert.match(error.message, /t\.json: \$\.enterprises\[0\]: .*colour/);
});

Deno.test("a duplicate id across files names both places", async () => {
  const error = await refusal({
    "a.json": { enterprises: [ENTERPRISE], accessKeys: [KEY] },
    "b.json": { accessKeys: [KEY] },
  });
  assert.match(
    error.message,
    /b\.json: \$\.accessKeys\[0\]\.accessKeyId: duplicate access key id k \(first defined at .*a\.json \$\.accessKeys\[0\]\)/,
  );
});

Deno.test("a reference to an unknown enterprise names the field", async () => {
  const error = await refusal({
    "a.json": { enterprises: [ENTERPRISE], accessKeys: [{ ...KEY, enterpriseId: "2" }] },
  });
  assert.match(error.message, /a\.json: \$\.accessKeys\[0\]\.enterpriseId: no enterprise 2/);
});

Deno.test("bad IP allow-list entries, time zones and JSON are refused", async () => {
  const ip = await refusal({
    "a.json": { enterprises: [ENTERPRISE], accessKeys: [{ ...KEY, ipAllowList: ["10.0.0"] }] },
  });
  assert.match(
    ip.message,
    /\$\.accessKeys\[0\]\.ipAllowList\[0\]: "10\.0\.0" is not an IPv4 address/,
  );
  const zone = await refusal({
    "a.json": { enterprises: [{ ...ENTERPRISE, timeZone: "Mars/Base" }] },
  });
  assert.match(zone.message, /\$\.enterprises\[0\]\.timeZone: must be an IANA time zone/);
  const json = await refusal({ "a.json": "{ not json" });
  assert.match(json.message, /a\.json: line 1, column 3: not valid JSON: Expected property name/);
});

Deno.test("a missing path is refused", async () => {
  await assert.rejects(loadFixtures("/nonexistent/ccemu-fixtures"), FixtureError);
});

Deno.test("lists without ids join across files, and defaults apply only when no file gives them", async () => {
  const rule = (prefix: string) => ({ match: { prefix }, outcomes: [{ finishStatus: 0 }] });
  await withFiles({
    "a.json": { enterprises: [ENTERPRISE], outbound: { outcomeRules: [rule("1")] } },
    "b.json": {
      outbound: { outcomeRules: [rule("2")], outcomeTable: [{ weight: 1, finishStatus: 8 }] },
    },
  }, async (dir) => {
    const state = await loadFixtures(dir);
    assert.deepEqual(state.outbound.outcomeRules.map((r) => r.match.prefix), ["1", "2"]);
    assert.deepEqual(state.outbound.outcomeTable, [{ weight: 1, finishStatus: 8 }]);
  });
  await withFiles({ "a.json": { enterprises: [ENTERPRISE] } }, async (dir) => {
    assert.ok((await loadFixtures(dir)).outbound.outcomeTable.length > 1, "the default table");
  });
});
