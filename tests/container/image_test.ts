/**
 * The image as a user runs it (docs/container.md): built from this clone's Containerfile, run with
 * a published port (-p 18686:8686), fixtures and a snapshot from a mounted folder, flags appended
 * after the image's name, CCEMU_ALLOW_HOST naming the service's host; a signed call and a control
 * call through the port; SIGTERM to PID 1 stops it within 2 s with the snapshot written; and no
 * container is left. Measures the image's size and the time from `run` to the first health 200.
 */
import assert from "node:assert/strict";
import { MANUAL_CLOCK_START } from "../../emulator/core/config.ts";
import { SignedClient } from "../../harness/mod.ts";
import { copy } from "../../tools/copy.ts";
import { type Engine, findEngine, ROOT, UNDER_CI } from "./engine.ts";

const TAG = "localhost/ccemu:test";
const PORT = 18686;
const NAME = `ccemu-image-test-${Deno.pid}`;
const found = await findEngine();
const why = typeof found === "string" ? found : undefined;
if (why && !UNDER_CI) console.log(`tests/container skipped: ${why}`);

/** Milliseconds since `start` (a real-time measurement: this test measures the engine). */
const since = (start: number) => Math.round(performance.now() - start);

/** GET /_emulator/health with this Host, over a socket (fetch sends its own Host). */
async function statusLine(host: string): Promise<string> {
  using conn = await Deno.connect({ hostname: "127.0.0.1", port: PORT });
  const request = `GET /_emulator/health HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`;
  await conn.write(new TextEncoder().encode(request));
  const buffer = new Uint8Array(4096);
  const n = await conn.read(buffer);
  return new TextDecoder().decode(buffer.subarray(0, n ?? 0)).split("\r\n")[0];
}

/** Waits for the first health 200 on the published port; answers how long it took. */
async function firstHealth(start: number, limitMs: number): Promise<number> {
  while (performance.now() - start < limitMs) {
    try {
      const res = await fetch(`http://127.0.0.1:${PORT}/_emulator/health`);
      await res.body?.cancel();
      if (res.status === 200) return since(start);
    } catch { /* not listening yet */ }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`no health 200 on port ${PORT} within ${limitMs} ms`);
}

async function must(engine: Engine, ...args: string[]): Promise<string> {
  const { code, stdout, stderr } = await engine.run(...args);
  assert.equal(code, 0, `${engine.name} ${args.join(" ")}: ${stderr}`);
  return stdout.trim();
}

Deno.test({
  name: "the image: built, run with a published port, a signed call, SIGTERM within 2 s",
  ignore: why !== undefined && !UNDER_CI,
  async fn(t) {
    if (typeof found === "string") throw new Error(`CI=true and ${found}: .ci/run installs podman`);
    const engine = found;
    const data = await Deno.makeTempDir({ prefix: "ccemu-image-" });
    try {
      await t.step("builds from the Containerfile (base: tools/container/base.sh)", async () => {
        const start = performance.now();
        const { code, stdout, stderr } = await new Deno.Command(
          `${ROOT}tools/container/build.sh`,
          { args: [TAG], env: engine.env, stdout: "piped", stderr: "piped" },
        ).output();
        const text = new TextDecoder().decode(stdout) + new TextDecoder().decode(stderr);
        assert.equal(code, 0, text.slice(-3000));
        const size = Number(await must(engine, "image", "inspect", TAG, "--format", "{{.Size}}"));
        console.log(`image ${TAG}: ${(size / 1e6).toFixed(1)} MB, built in ${since(start)} ms`);
        assert.ok(size <= 250e6, `the image is ${size} bytes, over 250 MB`);
        // The name docs/container.md runs it by.
        await must(engine, "tag", TAG, "ccemu:latest");
      });

      // Fixtures and the snapshot from a mounted folder the image's user (uid 10001) may write.
      await copy(`${ROOT}fixtures/default`, `${data}/fixtures`);
      const tenant = JSON.parse(await Deno.readTextFile(`${data}/fixtures/tenant.json`));
      tenant.enterprises[0].name = "mounted tenant";
      await Deno.writeTextFile(`${data}/fixtures/tenant.json`, JSON.stringify(tenant));
      await Deno.chmod(data, 0o777);

      await t.step("runs with flags after the image's name; health 200 through -p", async () => {
        const start = performance.now();
        await must(
          engine,
          "run",
          "-d",
          "--name",
          NAME,
          "-p",
          `${PORT}:8686`,
          "-v",
          `${data}:/data`,
          "-e",
          "CCEMU_ALLOW_HOST=ccemu",
          TAG,
          "--clock",
          "manual",
          "--seed",
          "1",
          "--fixtures",
          "/data/fixtures",
          "--snapshot",
          "/data/state.json",
        );
        const returned = since(start);
        const health = await firstHealth(start, 30_000);
        console.log(`run returned after ${returned} ms; first health 200 ${health} ms after run`);
        const logs = await must(engine, "logs", NAME);
        assert.match(logs, /^ccemu listening on http:\/\/0\.0\.0\.0:8686$/m);
        assert.match(logs, /^tenant "mounted tenant": enterpriseId 7000001/m);
        assert.match(logs, /^clock: manual at 2026-01-05T01:00:00\.000Z; seed 1$/m);
      });

      await t.step("a signed call and control calls through the published port", async () => {
        const client = new SignedClient({
          url: `http://127.0.0.1:${PORT}`,
          now: () => MANUAL_CLOCK_START,
        });
        const robots = await client.post<{ result: { list: { robotDefId: number }[] } }>(
          "/gateway/robot_list",
          { robotStatus: 1 },
        );
        assert.equal(robots.status, 200, JSON.stringify(robots.body));
        assert.ok(robots.body.result.list.length > 0);
        // The name CCEMU_ALLOW_HOST gave is answered; any other is refused.
        assert.match(await statusLine(`ccemu:${PORT}`), /^HTTP\/1\.1 200/);
        assert.match(await statusLine("elsewhere.example"), /^HTTP\/1\.1 403/);
        const advanced = await fetch(`http://127.0.0.1:${PORT}/_emulator/clock/advance`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ ms: 60_000 }),
        });
        assert.equal(advanced.status, 200, await advanced.text());
      });

      if (engine.name === "podman") {
        await t.step("the image's HEALTHCHECK passes", async () => {
          await must(engine, "healthcheck", "run", NAME);
        });
      }

      await t.step("SIGTERM to PID 1 stops it within 2 s, writing the snapshot", async () => {
        const start = Date.now();
        await must(engine, "kill", "--signal", "TERM", NAME);
        assert.equal(await must(engine, "wait", NAME), "0");
        // When the container's process ended, by the engine's record (the CLI's own start-up
        // time is not ccemu's).
        const finished = Date.parse(
          await must(engine, "inspect", NAME, "--format", "{{.State.FinishedAt}}").then((s) =>
            s.replace(/^(\S+) (\S+) ([+-]\d{2})(\d{2}) \S+$/, "$1T$2$3:$4")
          ),
        );
        const stopMs = finished - start;
        console.log(`SIGTERM to exit: ${stopMs} ms`);
        assert.ok(stopMs <= 2000, `stopped ${stopMs} ms after SIGTERM`);
        assert.match(await must(engine, "logs", NAME), /^ccemu stopped$/m);
        const snapshot = JSON.parse(await Deno.readTextFile(`${data}/state.json`));
        assert.ok(snapshot && typeof snapshot === "object", "the snapshot is written");
      });

      await t.step("needs no network: starts and passes its health check with none", async () => {
        await must(engine, "rm", NAME);
        await must(engine, "run", "-d", "--name", NAME, "--network", "none", TAG, "--no-ui");
        let health = 1;
        for (let i = 0; i < 100 && health !== 0; i++) {
          await new Promise((resolve) => setTimeout(resolve, 100));
          health = (await engine.run(
            "exec",
            NAME,
            "deno",
            "eval",
            "const r = await fetch('http://127.0.0.1:8686/_emulator/health'); Deno.exit(r.ok ? 0 : 1)",
          )).code;
        }
        assert.equal(health, 0, "health 200 inside a container without a network");
      });
      await t.step(
        "docs/container.md's blocks marked as run here run (docker being the engine)",
        async () => {
          await must(engine, "rm", "--force", "--time", "0", NAME);
          const guide = await Deno.readTextFile(`${ROOT}docs/container.md`);
          // The snippet runner has no engine or image: such a block says it is run here instead.
          const blocks = [
            ...guide.matchAll(
              /<!-- not run: run by tests\/container\/image_test\.ts[^>]*-->\n\n?```sh\n([\s\S]*?)```\n/g,
            ),
          ];
          assert.ok(blocks.length > 0, "the guide has a block CI runs");
          for (const [, block] of blocks) {
            const shim = engine.name === "podman" ? 'docker() { podman "$@"; }\n' : "";
            const { code, stdout, stderr } = await new Deno.Command("sh", {
              args: ["-ec", shim + block],
              env: engine.env,
              stdout: "piped",
              stderr: "piped",
            }).output();
            const text = new TextDecoder().decode(stdout) + new TextDecoder().decode(stderr);
            assert.equal(code, 0, `${block}\n${text}`);
          }
        },
      );
    } finally {
      await engine.run("rm", "--force", "--time", "0", NAME);
      await engine.run("rm", "--force", "--time", "0", "ccemu-guide");
      await Deno.remove(data, { recursive: true }).catch(() => {});
    }
    const left = await must(
      engine,
      "ps",
      "--all",
      "--filter",
      `name=${NAME}`,
      "--format",
      "{{.Names}}",
    );
    assert.equal(left, "", "no container is left");
  },
});
