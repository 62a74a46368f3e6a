/**
 * The harness and the command loaded over http, as any static file server serves a clone: this
 * repository behind a loopback file server, and a consumer project with no deno.json and no import
 * map of its own that imports it by URL, with exactly the flags the Deno guide lists. Nothing of
 * ccemu may need a file: URL (fixtures, scenarios, the UI's sources) or the consumer's map.
 */
import assert from "node:assert/strict";
import { readLines } from "../process.ts";

const ROOT = new URL("../../", import.meta.url);
const decode = (bytes: Uint8Array) => new TextDecoder().decode(bytes);
const TYPES: Record<string, string> = {
  ts: "application/typescript",
  js: "text/javascript",
  json: "application/json",
  css: "text/css",
};

/** Serves the repository read-only, as a registry serves a package's files. */
function serveRepository() {
  return Deno.serve({ hostname: "127.0.0.1", port: 0, onListen: () => {} }, async (request) => {
    const path = decodeURIComponent(new URL(request.url).pathname);
    if (path.includes("..")) return new Response("no", { status: 400 });
    try {
      const body = await Deno.readFile(new URL(`.${path}`, ROOT));
      const type = TYPES[path.split(".").pop()!] ?? "application/octet-stream";
      return new Response(body, { headers: { "content-type": type } });
    } catch {
      return new Response("not found", { status: 404 });
    }
  });
}

const consumerTest = (origin: string) => `
import { startEmulator } from "${origin}/harness/mod.ts";

Deno.test("a signed call through the harness imported by URL", async () => {
  await using ccemu = await startEmulator();
  const { status, body } = await ccemu.client().post("/gateway/robot_list", { robotStatus: 1 });
  const list = (body.result as { list: unknown[] }).list;
  if (status !== 200 || list.length !== 2) throw new Error(JSON.stringify(body));
  const scenarios = await fetch(ccemu.url + "/_emulator/scenarios").then((r) => r.json());
  if (scenarios.scenarios.length !== 4) throw new Error(JSON.stringify(scenarios));
});
`;

Deno.test("harness and command imported over http: fixtures, scenarios and the UI load", async (t) => {
  const server = serveRepository();
  const origin = `http://127.0.0.1:${server.addr.port}`;
  const project = await Deno.makeTempDir({ prefix: "ccemu-remote-" });
  try {
    await Deno.writeTextFile(`${project}/remote_test.ts`, consumerTest(origin));

    await t.step(
      "deno test in a project with no config that imports the harness by URL",
      async () => {
        const host = new URL(origin).host;
        const { code, stdout, stderr } = await new Deno.Command(Deno.execPath(), {
          // The Deno guide's flags, and no more.
          args: [
            "test",
            `--allow-import=${host}`,
            "--allow-net",
            "--allow-read",
            "--reload=" + origin,
            "remote_test.ts",
          ],
          cwd: project,
          env: { NO_COLOR: "1" },
          stdout: "piped",
          stderr: "piped",
        }).output();
        assert.equal(code, 0, decode(stdout) + decode(stderr));
        assert.match(decode(stdout), /ok \| 1 passed \| 0 failed/);
      },
    );

    await t.step("ccemu start run from its URL serves the UI, bundled from there", async () => {
      const child = new Deno.Command(Deno.execPath(), {
        args: [
          "run",
          "-A",
          `${origin}/main.ts`,
          "start",
          "--port",
          "0",
        ],
        cwd: project,
        env: { NO_COLOR: "1" },
        stdout: "piped",
        stderr: "piped",
      }).spawn();
      const reader = child.stdout.pipeThrough(new TextDecoderStream()).getReader();
      const stderr = new Response(child.stderr).text();
      try {
        const lines: string[] = [];
        await readLines(reader, lines, (l) => l.length > 0).catch(async (error) => {
          throw new Error(`${error.message}\n${await stderr}`);
        });
        const url = /^ccemu listening on (http:\/\/[^ ]+)$/.exec(lines[0])?.[1];
        assert.ok(url, lines.join("\n"));
        const ui = await fetch(`${url}/ui.js`);
        const script = await ui.text();
        assert.equal(ui.status, 200, script.slice(0, 500));
        assert.match(ui.headers.get("content-type") ?? "", /javascript/);
        assert.match(script, /ccemu-app/);
      } finally {
        try {
          child.kill("SIGTERM");
        } catch { /* it ended on its own: the assertion above says why */ }
        await child.status;
        await reader.cancel();
        await stderr;
      }
    });
  } finally {
    await server.shutdown();
    await Deno.remove(project, { recursive: true });
  }
});
