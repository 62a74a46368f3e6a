/**
 * When the upstream gives no answer, the client gets UpstreamUnavailable (502) in the vendor's
 * envelope, naming the host and what happened; nothing is retried, and the exchange is journaled
 * and recorded with its error.
 */
import assert from "node:assert/strict";
import { closedPort, journalOf, signedCall, startProxy, UPSTREAM_SECRET } from "./helpers.ts";

Deno.test("an upstream that refuses the connection answers 502 UpstreamUnavailable", async () => {
  const dir = await Deno.makeTempDir({ prefix: "ccemu-upstream-" });
  const record = `${dir}/recording.ndjson`;
  const port = closedPort();
  await using proxy = await startProxy(`http://127.0.0.1:${port}`, ["--record", record]);
  const answer = await signedCall(proxy.url, "POST", "/gateway/robot_list", {
    body: '{"robotStatus":1}',
  });
  assert.equal(answer.status, 502);
  assert.equal(answer.contentType, "application/json; charset=UTF-8");
  const body = JSON.parse(answer.text);
  assert.deepEqual(Object.keys(body), ["requestId", "error"]);
  assert.equal(body.error.code, "UpstreamUnavailable");
  assert.match(body.error.message, new RegExp(`127\\.0\\.0\\.1:${port}`));
  assert.match(body.error.message, /refused the connection/);
  assert.match(body.error.message, /not retried/);
  assert.doesNotMatch(body.error.message, /Signature|AccessKeyId|http:\/\//);

  const { entries, text } = await journalOf(proxy.url);
  const entry = entries.at(-1) as {
    kind: string;
    errorCode: string;
    response: { status: number };
    upstream: { host: string; response: unknown; error: string };
  };
  assert.equal(entry.kind, "upstream");
  assert.equal(entry.errorCode, "UpstreamUnavailable");
  assert.equal(entry.response.status, 502);
  assert.equal(entry.upstream.host, `127.0.0.1:${port}`);
  assert.equal(entry.upstream.response, null);
  assert.equal(entry.upstream.error, body.error.message);

  const lines = (await Deno.readTextFile(record)).trimEnd().split("\n").map((l) => JSON.parse(l));
  assert.equal(lines.length, 2);
  assert.equal(lines[1].response, null);
  assert.equal(lines[1].error, body.error.message);

  await proxy.kill();
  for (const place of [text, proxy.output(), await Deno.readTextFile(record)]) {
    assert.ok(!place.includes(UPSTREAM_SECRET));
    assert.ok(!place.includes("Signature="));
  }
  await Deno.remove(dir, { recursive: true });
});

Deno.test("an upstream that does not answer in time answers 502 after --upstream-timeout", async () => {
  // Accepts the request and never answers it, until the test ends.
  const hold = Promise.withResolvers<void>();
  let received = 0;
  const silent = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, async () => {
    received++;
    await hold.promise;
    return new Response("too late");
  });
  try {
    await using proxy = await startProxy(`http://127.0.0.1:${silent.addr.port}`, [
      "--upstream-timeout",
      "1",
    ]);
    const started = Date.now();
    const answer = await signedCall(proxy.url, "POST", "/gateway/robot_list", {
      body: '{"robotStatus":1}',
    });
    const took = Date.now() - started;
    assert.equal(answer.status, 502);
    const { error } = JSON.parse(answer.text);
    assert.equal(error.code, "UpstreamUnavailable");
    assert.match(error.message, new RegExp(`127\\.0\\.0\\.1:${silent.addr.port}`));
    assert.match(error.message, /did not answer within 1 s/);
    assert.ok(took >= 900 && took < 5000, `answered after ${took} ms`);
    assert.equal(received, 1, "sent once, not retried");
  } finally {
    hold.resolve();
    await silent.shutdown();
  }
});
