/**
 * Clients that offer an h2c upgrade on plain HTTP, against ccemu run as a user runs it: the JDK's
 * own `HttpClient` with its defaults (`JdkClient.java`, and the Java snippet ccemu generates), and
 * `curl --http2`. Each sends `Connection: Upgrade, HTTP2-Settings` and `Upgrade: h2c`; ccemu must
 * answer over HTTP/1.1, signature checked as usual. ccemu runs on the real clock (the default),
 * since the JDK client signs with the wall clock.
 *
 * Without `java` (or `curl`) on PATH a test is skipped on a workstation and fails under CI.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { DEMO_KEY } from "../../harness/client.ts";
import { signUrl } from "../../emulator/signed-api/signature.ts";
import { startProcess } from "../process.ts";

const JDK_CLIENT = new URL("./JdkClient.java", import.meta.url).pathname;
const inCI = Deno.env.get("CI") === "true";
const decode = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

/** Whether `command ARGS` runs here (it is on PATH and exits 0). */
async function runs(command: string, ...args: string[]) {
  try {
    const output = await new Deno.Command(command, { args, stdout: "null", stderr: "null" })
      .output();
    return output.success;
  } catch {
    return false; // not on PATH: spawning throws NotFound
  }
}

const hasJava = await runs("java", "-version");
const hasCurl = await runs("curl", "--version");

/** Runs a program to its end: its exit code and output; a failure shows stderr. */
async function run(command: string, args: string[], cwd?: string) {
  const { code, stdout, stderr } = await new Deno.Command(command, {
    args,
    cwd,
    stdout: "piped",
    stderr: "piped",
  }).output();
  const out = decode(stdout);
  assert.equal(code, 0, `${command} ${args.join(" ")} failed:\n${decode(stderr)}\n${out}`);
  return out;
}

/** The request headers ccemu journaled for the exchange that answered `requestId`. */
async function journaledHeaders(url: string, requestId: string) {
  const res = await fetch(`${url}/_emulator/journal?requestId=${encodeURIComponent(requestId)}`);
  const { entries } = await res.json();
  assert.equal(entries.length, 1, `one journal entry for ${requestId}`);
  return entries[0].headers as Record<string, string>;
}

/** One line of JdkClient's output: `METHOD PATH STATUS VERSION BODY`. */
function parseLine(line: string) {
  const match = /^(GET|POST) (\S+) (\d{3}) (\S+) (.*)$/.exec(line);
  assert.ok(match, `not METHOD PATH STATUS VERSION BODY: ${line}`);
  const [, method, path, status, version, body] = match;
  return { call: `${method} ${path}`, status: Number(status), version, body: JSON.parse(body) };
}

Deno.test({
  name: "the JDK's HttpClient with its defaults signs and calls every area over HTTP/1.1",
  ignore: !hasJava && !inCI,
  async fn() {
    assert.ok(hasJava, "CI needs java (JDK 17) on PATH");
    await using ccemu = await startProcess([]);
    const out = await run("java", [JDK_CLIENT, ccemu.url]);
    const calls = out.trimEnd().split("\n").map(parseLine);
    assert.deepEqual(calls.map((c) => [c.call, c.status, c.version]), [
      ["POST /gateway/robot_list", 200, "HTTP_1_1"],
      ["POST /gateway/task_list", 200, "HTTP_1_1"],
      ["GET /aikb/list_public_repositories", 200, "HTTP_1_1"],
      ["GET /aikb/list_directory_tree", 200, "HTTP_1_1"],
      ["POST /livechat/third_part_bot_register", 200, "HTTP_1_1"],
      ["POST /gateway/robot_list", 400, "HTTP_1_1"],
    ]);
    const [robots, tasks, repositories, tree, register, unknown] = calls.map((c) => c.body);

    const robotIds = robots.result.list.map((r: { robotDefId: number }) => r.robotDefId);
    assert.deepEqual(robotIds, [3001, 3002]);
    assert.deepEqual(tasks.result, { pageNum: 1, total: 0, pages: 0, list: [] });
    // The Chinese name came through the signature, the answer and Java's stdout intact.
    assert.deepEqual(
      repositories.result.map((r: { id: number; name: string }) => [r.id, r.name]),
      [[101, "公共知识库"], [102, "Product manuals"]],
    );
    // Repository 101's FAQ tree: the signed GET parameters reached the operation.
    assert.deepEqual(
      tree.result.map((d: { id: number; repositoryId: number; type: string }) => [
        d.id,
        d.repositoryId,
        d.type,
      ]),
      [[1001, 101, "FAQ"], [1002, 101, "FAQ"]],
    );
    assert.equal(tree.result[0].subDirectories[0].name, "账户与安全");
    assert.deepEqual(Object.keys(register).sort(), ["requestId", "robotId"]);
    assert.match(register.robotId, /^\d+$/);
    assert.deepEqual(unknown.error, {
      code: "UnknownParameter",
      message: "colour is not a parameter of this operation.",
    });
    assert.equal(typeof unknown.requestId, "string");

    // What is under test did happen: the JDK offered h2c (first request of its connection).
    const headers = await journaledHeaders(ccemu.url, robots.requestId);
    assert.equal(headers.upgrade, "h2c");
    assert.match(headers.connection, /upgrade/i);
    assert.match(headers["user-agent"], /^Java-http-client\//);
  },
});

Deno.test({
  name: "the Java snippet of /_emulator/api/send runs as generated and gets a 200",
  ignore: !hasJava && !inCI,
  async fn() {
    assert.ok(hasJava, "CI needs java (JDK 17) on PATH");
    await using ccemu = await startProcess([]);
    const dir = await Deno.makeTempDir({ prefix: "ccemu-java-snippet-" });
    try {
      const sends = [
        {
          operation: "POST /gateway/robot_list",
          params: { robotStatus: 1 },
          expect: /"robotDefId":3001/,
        },
        {
          operation: "GET /aikb/list_directory_tree",
          params: { repositoryId: 101, type: "FAQ" },
          expect: /"name":"Orders and delivery"/,
        },
      ];
      for (const { operation, params, expect } of sends) {
        const res = await fetch(`${ccemu.url}/_emulator/api/send`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ operation, params, accessKeyId: DEMO_KEY.accessKeyId }),
        });
        assert.equal(res.status, 200);
        const { java } = await res.json();
        // The file takes the name of the class the snippet declares, as javac would want it.
        const className = /^public class (\w+) \{$/m.exec(java)?.[1];
        assert.ok(className, `no public class in the snippet:\n${java}`);
        const file = join(dir, `${className}.java`);
        await Deno.writeTextFile(file, java);
        const out = await run("java", [`${className}.java`], dir);
        assert.match(out, /^200 \{"requestId":"[^"]+","result":/, operation);
        assert.match(out, expect, operation);
      }
    } finally {
      await Deno.remove(dir, { recursive: true });
    }
  },
});

Deno.test({
  name: "curl --http2 on plain HTTP offers h2c and gets a signed 200 over HTTP/1.1",
  ignore: !hasCurl && !inCI,
  async fn() {
    assert.ok(hasCurl, "CI needs curl on PATH");
    await using ccemu = await startProcess([]);
    const { url } = signUrl({
      method: "POST",
      url: `${ccemu.url}/gateway/robot_list`,
      accessKeyId: DEMO_KEY.accessKeyId,
      accessKeySecret: DEMO_KEY.accessKeySecret,
      now: Date.now(),
    });
    const out = await run("curl", [
      "-sS",
      "--http2",
      "-X",
      "POST",
      url,
      "-H",
      "Content-Type: application/json; charset=UTF-8",
      "--data-raw",
      '{"robotStatus":1}',
      // After the body, on a line of its own: the protocol version and status of the answer.
      "-w",
      "\n%{http_version} %{http_code}",
    ]);
    const [body, status] = out.split("\n");
    assert.equal(status, "1.1 200");
    const answer = JSON.parse(body);
    assert.equal(answer.result.list.length, 2);
    const headers = await journaledHeaders(ccemu.url, answer.requestId);
    assert.equal(headers.upgrade, "h2c");
    assert.ok(headers["http2-settings"], "curl sent HTTP2-Settings");
  },
});
