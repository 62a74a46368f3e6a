/**
 * `startEmulator({ config })`: the Deno harness takes the same ccemu.json as `ccemu start`: its
 * flags, keys and fault rules, the harness's own options winning, a bad file refused by path.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { startEmulator } from "../../harness/mod.ts";

const CONFIG = `{
  // as a team commits it
  "clock": "manual",
  "clockStart": "2026-03-02T02:00:00Z",
  "seed": 77,
  "journalSize": 50,
  "keys": [{ "accessKeyId": "deno-key", "accessKeySecret": "deno-secret", "enterpriseId": "7000001" }],
  "faults": [{ "operation": "/gateway/robot_list", "effect": { "type": "gateway", "status": 503 } }],
}`;

Deno.test("startEmulator({ config }): the file's flags, keys and fault rules", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const file = join(dir, "ccemu.json");
    await Deno.writeTextFile(file, CONFIG);
    {
      await using ccemu = await startEmulator({ config: file });
      assert.equal(ccemu.clock.now(), Date.parse("2026-03-02T02:00:00Z"));
      assert.equal(ccemu.snapshot().state.accessKeys.at(-1)?.accessKeyId, "deno-key");
      assert.equal(ccemu.faults.list().length, 1);
      const health = await (await fetch(`${ccemu.url}/_emulator/health`)).json();
      assert.equal(health.seed, 77);
      assert.equal(health.journal.capacity, 50);
      // The fault the file named fires for the key the file added.
      const client = ccemu.client({ accessKeyId: "deno-key", accessKeySecret: "deno-secret" });
      const { status } = await client.post("/gateway/robot_list", { robotStatus: 1 });
      assert.equal(status, 503);
    }
    {
      // The harness's options win over the file.
      await using ccemu = await startEmulator({ config: file, seed: 5, clock: "real" });
      const health = await (await fetch(`${ccemu.url}/_emulator/health`)).json();
      assert.equal(health.seed, 5);
      assert.equal(health.clock.mode, "real");
    }
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("startEmulator({ config }): a bad file rejects with its path and the key meant", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const file = join(dir, "ccemu.json");
    await Deno.writeTextFile(file, '{ "seeed": 1 }');
    await assert.rejects(
      startEmulator({ config: file }),
      /ccemu\.json: \$\.seeed: unknown key; did you mean `seed`\?/,
    );
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
