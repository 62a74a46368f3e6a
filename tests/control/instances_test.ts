/**
 * `/_emulator/instances`: further emulators in one ccemu process, each with its own state, clock,
 * seed, journal, keys and port, sharing nothing; closed one by one or with the process's own.
 */
import assert from "node:assert/strict";
import { DEFAULT_CONFIG, parseConfig } from "../../emulator/core/config.ts";
import { startServer } from "../../emulator/server.ts";
import { SignedClient } from "../../harness/client.ts";

interface Instance {
  id: string;
  url: string;
  clock: string;
  seed: number;
  accessKeyId: string;
  accessKeySecret: string;
  enterpriseId: string;
}

async function json(url: string, method = "GET", body?: unknown) {
  const response = await fetch(url, {
    method,
    headers: body === undefined ? {} : { "content-type": "application/json" },
    body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
  });
  return { status: response.status, json: await response.json() };
}

/** A client of an instance: its own key, signing with its own virtual clock. */
async function clientOf(instance: Instance) {
  const { json: clock } = await json(`${instance.url}/_emulator/clock`);
  return new SignedClient({
    url: instance.url,
    accessKeyId: instance.accessKeyId,
    accessKeySecret: instance.accessKeySecret,
    now: () => clock.now,
  });
}

/** True when nothing answers at `url` any more. */
const closed = (url: string) =>
  fetch(`${url}/_emulator/health`).then(async (r) => (await r.body?.cancel(), false), () => true);

function startProcessServer() {
  return startServer({ ...DEFAULT_CONFIG, port: 0, ui: false }, undefined, { instances: true });
}

const TENANT = {
  enterprises: [{ enterpriseId: "8100001", name: "Other tenant" }],
  accessKeys: [{
    accessKeyId: "other-key",
    accessKeySecret: "other-secret",
    enterpriseId: "8100001",
  }],
};

Deno.test("instances: created, listed, isolated from each other and closed", async (t) => {
  const parent = await startProcessServer();
  const base = `${parent.url}/_emulator/instances`;
  try {
    const a = (await json(base, "POST", { clock: "manual", seed: 7 })).json as Instance;
    const made = await json(base, "POST", { clock: "manual", seed: 7 });
    assert.equal(made.status, 201);
    const b = made.json as Instance;

    await t.step("each has its own port, the demo key, the options given", () => {
      assert.notEqual(a.url, b.url);
      assert.notEqual(a.url, parent.url);
      assert.deepEqual(
        { ...b, url: undefined, id: undefined },
        {
          url: undefined,
          id: undefined,
          clock: "manual",
          seed: 7,
          accessKeyId: "ccemu-demo-key",
          accessKeySecret: "ccemu-demo-secret",
          enterpriseId: "7000001",
        },
      );
    });

    await t.step("the signed API answers at the vendor's paths on each", async () => {
      const listed = await (await clientOf(a)).post("/gateway/robot_list", { robotStatus: 1 });
      assert.equal(listed.status, 200);
      assert.equal((listed.body.result as { list: unknown[] }).list.length, 2);
    });

    await t.step("state, clock, journal and generator are each their own", async () => {
      const added = await (await clientOf(a)).post("/gateway/add_black_info", {
        enterpriseId: "7000001",
        mobile: "13800138000",
      });
      assert.equal(added.status, 200);
      const blacklist = async (instance: Instance) =>
        (await json(`${instance.url}/_emulator/snapshot`)).json.state.outbound.blacklist.length;
      assert.equal(await blacklist(a), (await blacklist(b)) + 1);
      assert.equal(
        (await json(`${parent.url}/_emulator/snapshot`)).json.state.outbound.blacklist.length,
        await blacklist(b),
      );

      await json(`${a.url}/_emulator/clock/advance`, "POST", { ms: 3_600_000 });
      const now = async (url: string) => (await json(`${url}/_emulator/clock`)).json.now;
      assert.equal(await now(a.url), (await now(b.url)) + 3_600_000);

      const journal = async (instance: Instance) =>
        (await json(`${instance.url}/_emulator/journal`)).json.entries.length;
      assert.ok(await journal(a) > await journal(b));
      // The same seed, the same first request id: B's first signed call is A's first one again.
      const first = await (await clientOf(b)).post("/gateway/robot_list", { robotStatus: 1 });
      const entries = (await json(`${a.url}/_emulator/journal`)).json.entries;
      assert.equal(
        first.body.requestId,
        entries.find((e: { area: string }) => e.area === "outbound").requestId,
      );
    });

    await t.step("a fixture document makes its own tenant, keyed by its first key", async () => {
      const other = (await json(base, "POST", { fixtures: TENANT })).json as Instance;
      assert.equal(other.accessKeyId, "other-key");
      assert.equal(other.enterpriseId, "8100001");
      assert.equal(other.clock, "real");
      const robots = await (await clientOf(other)).post("/gateway/robot_list", { robotStatus: 1 });
      assert.equal(robots.status, 200);
      assert.deepEqual((robots.body.result as { list: unknown[] }).list, []);
    });

    await t.step(
      "bad requests answer the envelope, naming what is wrong, and add nothing",
      async () => {
        const before = (await json(base)).json.instances.length;
        const cases: [unknown, string, RegExp][] = [
          [
            { fixtures: { enterprise: [] } },
            "InvalidParameter",
            /\$: .*enterprise \(did you mean `enterprises`\?\)/,
          ],
          [
            { fixtures: "./no-such-fixtures.json" },
            "InvalidParameter",
            /no such file or folder: \.\/no-such-fixtures\.json/,
          ],
          [{ clock: "fast" }, "InvalidParameter", /clock/],
          [{ clockStart: "yesterday" }, "InvalidParameter", /clockStart/],
          [{ seed: -1 }, "InvalidParameter", /seed/],
          [{ colour: "blue" }, "UnknownParameter", /colour/],
          ["{", "InvalidParameter", /JSON/],
        ];
        for (const [body, code, message] of cases) {
          const refused = await json(base, "POST", body);
          assert.equal(refused.status, 400, JSON.stringify(body));
          assert.equal(refused.json.error.code, code, JSON.stringify(body));
          assert.match(refused.json.error.message, message, JSON.stringify(body));
        }
        assert.equal((await json(base)).json.instances.length, before);
      },
    );

    await t.step("no body is the defaults; an instance has no instances of its own", async () => {
      const plain = await fetch(base, { method: "POST" });
      assert.equal(plain.status, 201);
      const made = await plain.json() as Instance;
      assert.equal(made.clock, "real");
      const nested = await json(`${made.url}/_emulator/instances`, "POST", {});
      assert.equal(nested.status, 404);
    });

    await t.step("listed; deleted one by one, its port then closed", async () => {
      const listed = (await json(base)).json.instances as Instance[];
      assert.deepEqual(listed.map((i) => i.id), ["1", "2", "3", "4"]);
      const deleted = await json(`${base}/${a.id}`, "DELETE");
      assert.deepEqual(deleted, { status: 200, json: { id: a.id, deleted: true } });
      assert.ok(await closed(a.url), "A's port no longer answers");
      assert.ok(!(await closed(b.url)), "B still answers");
      const again = await json(`${base}/${a.id}`, "DELETE");
      assert.equal(again.status, 404);
      assert.equal(again.json.error.code, "ResourceNotFound");
    });

    await t.step(
      "the control API's guard covers them: another site's page cannot make one",
      async () => {
        const refused = await fetch(base, {
          method: "POST",
          headers: { origin: "https://evil.example", "content-type": "application/json" },
          body: "{}",
        });
        assert.equal(refused.status, 403);
        await refused.body?.cancel();
      },
    );

    await t.step("the process's own close closes them all", async () => {
      const open = (await json(base)).json.instances as Instance[];
      await parent.close();
      for (const instance of open) assert.ok(await closed(instance.url), instance.url);
    });
  } finally {
    await parent.close();
  }
});

Deno.test("--instance-ports: instances take the range's ports in turn, and say when none is left", async () => {
  // Two neighbouring ports nothing listens on now.
  let from = 0;
  for (let tries = 0; from === 0 && tries < 20; tries++) {
    const probe = Deno.listen({ hostname: "127.0.0.1", port: 0 });
    const port = probe.addr.port;
    probe.close();
    try {
      Deno.listen({ hostname: "127.0.0.1", port: port + 1 }).close();
      if (port < 65535) from = port;
    } catch { /* taken: try another */ }
  }
  const config = parseConfig(["--instance-ports", `${from}-${from + 1}`]);
  assert.ok(config !== "help");
  assert.deepEqual(config.instancePorts, { from, to: from + 1 });
  const parent = await startServer({ ...config, port: 0, ui: false }, undefined, {
    instances: true,
  });
  const base = `${parent.url}/_emulator/instances`;
  try {
    const a = (await json(base, "POST", {})).json as Instance;
    const b = (await json(base, "POST", {})).json as Instance;
    assert.deepEqual([new URL(a.url).port, new URL(b.url).port], [`${from}`, `${from + 1}`]);
    const full = await json(base, "POST", {});
    assert.equal(full.status, 429);
    assert.match(
      full.json.error.message,
      new RegExp(`every port of --instance-ports ${from}-${from + 1} has an instance`),
    );
    assert.equal((await json(`${base}/${a.id}`, "DELETE")).status, 200);
    const c = (await json(base, "POST", {})).json as Instance;
    // The only free port is the deleted one's: taken again.
    assert.equal(new URL(c.url).port, `${from}`, "a deleted instance's port is taken again");
    assert.equal((await json(`${c.url}/_emulator/health`)).status, 200);
    // In turn: with b deleted too, the next one goes to b's port, after c's, not back to c's.
    assert.equal((await json(`${base}/${b.id}`, "DELETE")).status, 200);
    assert.equal((await json(`${base}/${c.id}`, "DELETE")).status, 200);
    const d = (await json(base, "POST", {})).json as Instance;
    assert.equal(new URL(d.url).port, `${from + 1}`, "the port after the last one taken");
  } finally {
    await parent.close();
  }
  for (const bad of ["8687", "9-8", "0-5", "1-70000", "a-b"]) {
    assert.throws(
      () => parseConfig(["--instance-ports", bad]),
      new RegExp(
        `--instance-ports takes a range of ports FROM-TO \\(like 8687-8702, from 1 to 65535\\), got "${bad}"`,
      ),
    );
  }
});
