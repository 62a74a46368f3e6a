// The Node API under Vitest, in TypeScript (`npx vitest run vitest/`), every member of it; `tsc`
// checks it too, so bodies and answers are typed from ccemu's OpenAPI document. One ccemu process
// for the file, a fresh emulator per test. The suite runs it from the packed npm package in an
// empty Node project (tests/package/node_api_test.ts).
import { type Ccemu, CcemuError, startCcemu } from "ccemu";
import { afterEach, beforeEach, describe, expect, test } from "vitest";

const MANUAL_START = Date.parse("2026-01-05T01:00:00Z");

describe("one emulator per test", () => {
  let ccemu: Ccemu;
  beforeEach(async () => {
    ccemu = await startCcemu({ clock: "manual", seed: 1 });
  });
  afterEach(() => ccemu.stop());

  test("url, key and tenant", () => {
    expect(ccemu.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(ccemu.key).toEqual({ id: "ccemu-demo-key", secret: "ccemu-demo-secret" });
    expect(ccemu.enterpriseId).toBe("7000001");
  });

  test("signed calls, POST and GET, typed by path", async () => {
    const { status, body } = await ccemu.call("POST", "/gateway/robot_list", { robotStatus: 1 });
    expect(status).toBe(200);
    const names: string[] = body.result.list.map((robot) => robot.robotName);
    expect(names).toHaveLength(2);

    const repositories = await ccemu.call("GET", "/aikb/list_public_repositories");
    expect(repositories.body.result.map((repository) => repository.id)).toContain(101);
    const tree = await ccemu.call("GET", "/aikb/list_directory_tree", {
      repositoryId: 101,
      type: "FAQ",
    });
    const onPath = await ccemu.call("GET", "/aikb/list_directory_tree?repositoryId=101&type=FAQ");
    expect(onPath.body.result).toEqual(tree.body.result);
  });

  test("the virtual clock, which calls are signed with", async () => {
    expect(await ccemu.clock.now()).toBe(MANUAL_START);
    expect((await ccemu.clock.advance(60_000)).iso).toBe("2026-01-05T01:01:00.000Z");
    await ccemu.clock.set("2026-01-05T09:00:00+08:00");
    expect(await ccemu.clock.now()).toBe(MANUAL_START);
    await ccemu.clock.advance(86_400_000);
    const { status } = await ccemu.call("POST", "/gateway/robot_list", { robotStatus: 1 });
    expect(status).toBe(200);
  });

  test("the journal, newest last", async () => {
    await ccemu.call("POST", "/gateway/robot_list", { robotStatus: 1 });
    await ccemu.call("GET", "/aikb/list_public_repositories");
    const outbound = await ccemu.journal({ area: "outbound" });
    expect(outbound.map((entry) => entry.path)).toEqual(["/gateway/robot_list"]);
    const [newest] = await ccemu.journal({ limit: 1 });
    expect(newest.path).toBe("/aikb/list_public_repositories");
  });

  test("verify: passes, or throws the nearest request and how it differs", async () => {
    await ccemu.call("POST", "/gateway/add_black_info", {
      enterpriseId: "7000001",
      mobile: "13800138000",
    });
    const found = await ccemu.verify({
      match: { operation: "/gateway/add_black_info", body: { "$.mobile": "13800138000" } },
      count: { exactly: 1 },
    });
    const [entry] = found.entries;
    const status: number = entry.response.status;
    expect(status).toBe(200);
    await expect(ccemu.verify({
      match: { operation: "/gateway/add_black_info", body: { "$.mobile": "13900000000" } },
    })).rejects.toThrow(
      /#1 POST \/gateway\/add_black_info → 200: met 1 of 2\n {4}\$\.mobile: expected "13900000000", got "13800138000"/,
    );
  });

  test("reset, snapshot export and import", async () => {
    await ccemu.call("POST", "/gateway/add_black_info", {
      enterpriseId: "7000001",
      mobile: "13800138000",
    });
    const snapshot = await ccemu.snapshot.export();
    await ccemu.reset();
    expect((await ccemu.snapshot.export()).state).not.toEqual(snapshot.state);
    await ccemu.snapshot.import(snapshot);
    expect((await ccemu.snapshot.export()).state).toEqual(snapshot.state);
  });

  test("faults", async () => {
    await ccemu.faults.add({
      operation: "/gateway/robot_list",
      first: 1,
      effect: { type: "error", code: "TooManyRequests" },
    });
    const { status, body } = await ccemu.call("POST", "/gateway/robot_list", { robotStatus: 1 });
    expect(status).toBe(429);
    expect(body.error?.code).toBe("TooManyRequests");
    expect(await ccemu.faults.clear()).toEqual({ removed: 1 });
    expect((await ccemu.call("POST", "/gateway/robot_list", { robotStatus: 1 })).status).toBe(200);
  });
});

test("await using stops it at the end of the block", async () => {
  let url: string;
  {
    await using ccemu = await startCcemu({ fixtures: "./my-fixtures.json" });
    url = ccemu.url;
    expect(ccemu.key?.id).toBe("acme-key");
    expect(ccemu.enterpriseId).toBe("7100001");
  }
  await expect(fetch(`${url}/_emulator/health`)).rejects.toThrow();
});

test("a bad fixture rejects naming its JSON path", async () => {
  const rejection = startCcemu({ fixtures: { accessKeys: [{ accessKeyId: "k" }] } });
  await expect(rejection).rejects.toBeInstanceOf(CcemuError);
  await expect(rejection).rejects.toThrow(/\$\.accessKeys\[0\]\.accessKeySecret/);
});

test("a process of its own", async () => {
  await using ccemu = await startCcemu({ process: "own", seed: 7 });
  const health = await (await fetch(`${ccemu.url}/_emulator/health`)).json();
  expect(health.seed).toBe(7);
});
