/**
 * Secrets are never echoed: a fixture may name a key's secret by environment variable
 * (`{"env": "VAR"}`); ccemu prints a secret only for the shipped demo key, and no line it prints
 * or file it writes (the state export, the `--snapshot` file) holds such a secret.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { SignedClient } from "../../harness/client.ts";
import { ccemu, readLines, startProcess } from "../process.ts";

const ENV_SECRET = "acme-env-secret-91c2-DO-NOT-ECHO";
const LITERAL_SECRET = "acme-literal-secret-4d7e-DO-NOT-ECHO";
const VAR = "CCEMU_TEST_ACME_SECRET";

const FIXTURE = {
  enterprises: [{ enterpriseId: "8000001", name: "Acme Support", timeZone: "Asia/Shanghai" }],
  accessKeys: [
    { accessKeyId: "acme-key", accessKeySecret: { env: VAR }, enterpriseId: "8000001" },
    { accessKeyId: "acme-literal", accessKeySecret: LITERAL_SECRET, enterpriseId: "8000001" },
  ],
};

async function robotList(url: string, accessKeyId: string, accessKeySecret: string) {
  const now = (await (await fetch(`${url}/_emulator/clock`)).json()).now;
  const client = new SignedClient({ url, accessKeyId, accessKeySecret, now: () => now });
  const { status, body } = await client.post("/gateway/robot_list", { robotStatus: 1 });
  return status === 200 ? status : JSON.stringify(body);
}

Deno.test("a key's secret named by environment variable is used, and shown nowhere", async (t) => {
  const dir = await Deno.makeTempDir({ prefix: "ccemu-secrets-" });
  const fixture = join(dir, "acme.json"), snapshot = join(dir, "snapshot.json");
  await Deno.writeTextFile(fixture, JSON.stringify(FIXTURE));
  Deno.env.set(VAR, ENV_SECRET);
  try {
    const printed: string[] = [];
    await t.step("start names the fixture's tenant and prints no secret of it", async () => {
      await using ccemu = await startProcess(["--fixtures", fixture, "--clock", "manual"]);
      printed.push(...ccemu.lines);
      assert.equal(
        ccemu.lines[1],
        `tenant "Acme Support": enterpriseId 8000001, AccessKeyId acme-key, AccessKeySecret from $${VAR} (not shown)`,
      );
      assert.equal(await robotList(ccemu.url, "acme-key", ENV_SECRET), 200, "signed with it");
      assert.equal(await robotList(ccemu.url, "acme-literal", LITERAL_SECRET), 200);
      const state = await (await fetch(`${ccemu.url}/_emulator/snapshot`)).text();
      assert.ok(!state.includes(ENV_SECRET), "the snapshot export names the variable instead");
      assert.deepEqual(JSON.parse(state).state.accessKeys[0].accessKeySecret, { env: VAR });
      const keys = await (await fetch(`${ccemu.url}/_emulator/keys`)).text();
      assert.ok(!keys.includes(ENV_SECRET) && !keys.includes(LITERAL_SECRET), keys);
    });

    await t.step("the --snapshot file names the variable; a restart reads it again", async () => {
      const child = ccemu(["--port", "0", "--fixtures", fixture, "--snapshot", snapshot]).spawn();
      const reader = child.stdout.pipeThrough(new TextDecoderStream()).getReader();
      const lines: string[] = [];
      await readLines(reader, lines, (l) => l.some((x) => x.startsWith("clock: ")));
      // Once it answers, its signal listeners are in place.
      await (await fetch(/^ccemu listening on (\S+)$/.exec(lines[0])![1] + "/_emulator/health"))
        .text();
      child.kill("SIGTERM");
      await readLines(reader, lines, (l) => l.includes("ccemu stopped"));
      const stderr = await new Response(child.stderr).text();
      await child.status;
      printed.push(...lines, stderr);
      const saved = await Deno.readTextFile(snapshot);
      assert.ok(!saved.includes(ENV_SECRET));
      await using again = await startProcess(["--snapshot", snapshot, "--clock", "manual"]);
      printed.push(...again.lines);
      assert.equal(await robotList(again.url, "acme-key", ENV_SECRET), 200);
    });

    await t.step("no line printed holds a secret of a non-demo key", () => {
      const all = printed.join("\n");
      assert.ok(!all.includes(ENV_SECRET) && !all.includes(LITERAL_SECRET), all);
    });

    await t.step(
      "an unset variable stops start-up, naming the field and the variable",
      async () => {
        Deno.env.delete(VAR);
        const { code, stdout, stderr } = await ccemu(["--port", "0", "--fixtures", fixture])
          .output();
        const err = new TextDecoder().decode(stderr);
        assert.equal(code, 1, err);
        assert.equal(stdout.length, 0, "it never listened");
        assert.match(
          err,
          new RegExp(
            `\\$\\.accessKeys\\[0\\]\\.accessKeySecret\\.env: the environment variable ${VAR} is unset or empty`,
          ),
        );
      },
    );
  } finally {
    Deno.env.delete(VAR);
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("the shipped demo key is the one secret start prints", async () => {
  await using ccemu = await startProcess([]);
  assert.equal(
    ccemu.lines[1],
    'tenant "ccemu demo tenant": enterpriseId 7000001, AccessKeyId ccemu-demo-key, AccessKeySecret ccemu-demo-secret',
  );
});
