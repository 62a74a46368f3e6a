/**
 * `ccemu wait URL`: exits 0 once ccemu answers its health route (also when ccemu comes up after
 * the wait began), and 1 with a message naming the URL and what it saw when the time is up.
 */
import assert from "node:assert/strict";
import { startEmulator } from "../../harness/mod.ts";
import { MAIN } from "../process.ts";

const decode = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

function wait(args: string[]) {
  return new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", MAIN, "wait", ...args],
    stdout: "piped",
    stderr: "piped",
  });
}

/** A loopback port nothing listens on (taken, then given back). */
function freePort(): number {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const { port } = listener.addr as Deno.NetAddr;
  listener.close();
  return port;
}

Deno.test("ccemu wait: 0 once ccemu answers, even when it comes up later", async () => {
  {
    await using ccemu = await startEmulator();
    const { code, stdout } = await wait([ccemu.url]).output();
    assert.equal(code, 0);
    assert.equal(decode(stdout).trim(), `ccemu answers at ${ccemu.url}`);
  }
  // The wait starts first; ccemu listens on that port a moment later.
  const port = freePort();
  const waiting = wait([`http://127.0.0.1:${port}`, "--timeout", "20s"]).output();
  await new Promise((resolve) => setTimeout(resolve, 700));
  const server = Deno.serve(
    { hostname: "127.0.0.1", port, onListen: () => {} },
    (request) =>
      new URL(request.url).pathname === "/_emulator/health"
        ? Response.json({ status: "ok" })
        : new Response("no", { status: 404 }),
  );
  try {
    const { code, stderr } = await waiting;
    assert.equal(code, 0, decode(stderr));
  } finally {
    await server.shutdown();
  }
});

Deno.test("ccemu wait: 1 at the timeout, naming the URL and what it saw", async () => {
  const port = freePort();
  const started = performance.now();
  // Long enough for a try to finish on a loaded machine (a try cut by the deadline is "no answer").
  const { code, stderr } = await wait([`http://127.0.0.1:${port}`, "--timeout", "2s"]).output();
  const took = performance.now() - started;
  assert.equal(code, 1);
  assert.match(
    decode(stderr),
    new RegExp(
      `^ccemu wait: http://127\\.0\\.0\\.1:${port}/_emulator/health did not answer 200 within 2s \\(last try: connection refused\\)`,
    ),
  );
  assert.ok(took < 10_000, `took ${took} ms`);

  // Something that answers, but not ccemu's 200: still not up.
  const server = Deno.serve(
    { hostname: "127.0.0.1", port: 0, onListen: () => {} },
    () => new Response("starting", { status: 503 }),
  );
  try {
    const other = await wait([`http://127.0.0.1:${server.addr.port}`, "--timeout", "2s"])
      .output();
    assert.equal(other.code, 1);
    assert.match(decode(other.stderr), /\(last try: it answered 503\)/);
  } finally {
    await server.shutdown();
  }
});

Deno.test("ccemu wait: a bad URL or timeout is a usage error (2)", async () => {
  for (
    const [args, message] of [
      [["not a url"], /is not a URL/],
      [["http://127.0.0.1:1", "--timeout", "soon"], /--timeout takes a time like 30s/],
      [[], /needs ccemu's URL/],
    ] as const
  ) {
    const { code, stderr } = await wait([...args]).output();
    assert.equal(code, 2);
    assert.match(decode(stderr), message);
  }
});
