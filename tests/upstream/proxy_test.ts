/**
 * The recording proxy end to end: a signed call through B answers what A answers, signed with A's
 * key; B refuses what its own checks refuse without forwarding it; A's 4xx and 5xx come back as
 * they are; GET parameters are re-signed; the journal shows both sides; the secret and the
 * upstream Signature appear nowhere B writes.
 */
import assert from "node:assert/strict";
import {
  journalOf,
  SECRET_ENV,
  signedCall,
  startProxy,
  startUpstream,
  UPSTREAM_ENTERPRISE,
  UPSTREAM_KEY,
  UPSTREAM_ROBOT,
  UPSTREAM_SECRET,
} from "./helpers.ts";

type Entry = {
  id: number;
  kind: string;
  requestId: string;
  method: string;
  path: string;
  query: Record<string, string | string[]>;
  headers: Record<string, string>;
  body: { text: string } | null;
  response: { status: number; headers: Record<string, string>; body: { text: string } | null };
  auth?: { outcome: string; accessKeyId?: string };
  errorCode?: string;
  upstream?: {
    host: string;
    operation: string;
    request: { method: string; url: string; headers: Record<string, string> };
    response: { status: number; contentType: string | null } | null;
    latencyMs: number;
    error?: string;
  };
};

Deno.test("the recording proxy forwards, re-signs, passes answers through and keeps no secret", async (t) => {
  await using real = await startUpstream();
  const dir = await Deno.makeTempDir({ prefix: "ccemu-upstream-" });
  const record = `${dir}/recording.ndjson`;
  await using proxy = await startProxy(real.url, ["--record", record]);
  const upstreamHost = new URL(real.url).host;
  /** A's entries so far, as A's journal keeps them. */
  const seen = () => real.journal.list() as unknown as Entry[];
  /** The Signatures A received: none of them may appear in what B wrote. */
  const signatures = () => seen().flatMap((e) => [e.query.Signature ?? []].flat());

  await t.step("a signed call through B answers what A answers, signed with A's key", async () => {
    // B's key is the demo tenant's (7000001); the body names A's tenant: B does not judge it.
    const body = `{ "robotStatus": 1,\n  "enterpriseId": "${UPSTREAM_ENTERPRISE}" }`;
    const through = await signedCall(proxy.url, "POST", "/gateway/robot_list", { body });
    assert.equal(through.status, 200, through.text);
    assert.equal(through.contentType, "application/json; charset=UTF-8");
    const list = JSON.parse(through.text).result.list as { robotDefId: number }[];
    assert.ok(
      list.some((r) => r.robotDefId === UPSTREAM_ROBOT.robotDefId),
      "A's own robot: the answer came from A",
    );

    const atA = seen().at(-1)!;
    assert.equal(atA.kind, "exchange");
    assert.equal(atA.path, "/gateway/robot_list");
    assert.equal(atA.auth?.outcome, "accepted");
    assert.equal(atA.auth?.accessKeyId, UPSTREAM_KEY, "signed with A's key, not the client's");
    assert.equal(atA.body?.text, body, "the body bytes as the client sent them");
    assert.equal(atA.headers["content-type"], "application/json; charset=UTF-8");
    // The answer is A's, byte for byte (its requestId included).
    assert.equal(through.text, atA.response.body?.text);
  });

  await t.step("a wrong ccemu signature is refused by B and never forwarded", async () => {
    const before = real.journal.list().length;
    const refused = await signedCall(proxy.url, "POST", "/gateway/robot_list", {
      body: '{"robotStatus":1}',
      alter: (params) => params.set("Signature", "AAAAAAAAAAAAAAAAAAAAAAAAAAA="),
    });
    assert.equal(refused.status, 401);
    assert.equal(JSON.parse(refused.text).error.code, "AuthFailure");
    assert.match(JSON.parse(refused.text).error.message, /ccemu expected the string-to-sign/);
    // An unknown key and an unknown operation too.
    const unknownKey = await signedCall(proxy.url, "POST", "/gateway/robot_list", {
      body: '{"robotStatus":1}',
      key: { accessKeyId: "nobody-key", accessKeySecret: "nobody-secret" },
    });
    assert.equal(unknownKey.status, 401, "a key B does not hold");
    const noOperation = await signedCall(proxy.url, "POST", "/gateway/no_such_thing", {
      body: "{}",
    });
    assert.equal(noOperation.status, 404);
    assert.equal(real.journal.list().length, before, "A saw none of them");
    const entries = (await journalOf(proxy.url)).entries as unknown as Entry[];
    assert.deepEqual(entries.slice(-3).map((e) => e.kind), ["exchange", "exchange", "exchange"]);
  });

  await t.step("an upstream 4xx comes back as it is", async () => {
    const bad = await signedCall(proxy.url, "POST", "/gateway/robot_list", {
      body: '{"robotStatus":9}',
    });
    assert.equal(bad.status, 400);
    assert.equal(JSON.parse(bad.text).error.code, "InvalidParameter");
    assert.equal(bad.text, seen().at(-1)!.response.body?.text, "A's answer, unwrapped");
    // A parameter only A refuses: B validates nothing in this mode.
    const unknown = await signedCall(proxy.url, "POST", "/gateway/robot_list", {
      body: '{"robotStatus":1,"bogus":true}',
    });
    assert.equal(unknown.status, 400);
    assert.equal(JSON.parse(unknown.text).error.code, "UnknownParameter");
  });

  await t.step("an upstream 5xx comes back as it is, whatever its media type", async () => {
    const rule = (effect: unknown) =>
      fetch(`${real.url}/_emulator/faults`, {
        method: "POST",
        body: JSON.stringify({ operation: "/gateway/robot_list", first: 1, effect }),
      }).then((r) => r.json());
    await rule({ type: "error", code: "InternalError" });
    const failed = await signedCall(proxy.url, "POST", "/gateway/robot_list", {
      body: '{"robotStatus":1}',
    });
    assert.equal(failed.status, 500);
    assert.equal(JSON.parse(failed.text).error.code, "InternalError");
    assert.equal(failed.text, seen().at(-1)!.response.body?.text);

    await rule({ type: "gateway", status: 503 });
    const gateway = await signedCall(proxy.url, "POST", "/gateway/robot_list", {
      body: '{"robotStatus":1}',
    });
    assert.equal(gateway.status, 503);
    assert.match(gateway.contentType ?? "", /^text\/html/);
    assert.match(gateway.text, /<html/i);
    await fetch(`${real.url}/_emulator/faults`, { method: "DELETE" }).then((r) => r.body?.cancel());
  });

  await t.step("GET: the business query parameters are re-signed with A's key", async () => {
    const query: [string, string][] = [["repositoryId", "101"], ["type", "FAQ"]];
    const through = await signedCall(proxy.url, "GET", "/aikb/list_directory_tree", { query });
    assert.equal(through.status, 200, through.text);
    const direct = await signedCall(real.url, "GET", "/aikb/list_directory_tree", {
      query,
      key: { accessKeyId: UPSTREAM_KEY, accessKeySecret: UPSTREAM_SECRET },
    });
    assert.deepEqual(JSON.parse(through.text).result, JSON.parse(direct.text).result);

    // Values Java's URLEncoder and the URL disagree on (space, ~, *, non-ASCII, +, /): A accepts
    // the signature (whatever it then answers) and reads the values as the client gave them.
    const tricky = "a b~c*é/+&=%";
    const answer = await signedCall(proxy.url, "GET", "/aikb/describe_faq_media_url", {
      query: [["faqId", "2001"], ["fileKey", tricky]],
    });
    const atA = seen().at(-1)!;
    assert.equal(atA.path, "/aikb/describe_faq_media_url");
    assert.equal(atA.auth?.outcome, "accepted", JSON.stringify(atA.auth));
    assert.equal(atA.query.fileKey, tricky);
    assert.equal(atA.query.faqId, "2001");
    assert.equal(answer.text, atA.response.body?.text);
  });

  await t.step("B's journal keeps both sides with kind upstream", async () => {
    const entries = (await journalOf(proxy.url)).entries as unknown as Entry[];
    const first = entries.find((e) => e.kind === "upstream")!;
    assert.equal(first.path, "/gateway/robot_list");
    assert.equal(first.query.AccessKeyId, "ccemu-demo-key", "the client's request, as it came");
    assert.equal(first.query.Signature, "(redacted)", "but for its Signature");
    const [atA] = real.journal.list({
      path: "/gateway/robot_list",
      limit: 100,
    }) as unknown as Entry[];
    assert.equal(
      first.requestId,
      JSON.parse(atA.response.body!.text).requestId,
      "the entry answers to the requestId its client got: A's",
    );
    assert.equal(first.response.status, 200);
    const up = first.upstream!;
    assert.equal(up.host, upstreamHost);
    assert.equal(up.operation, "POST /gateway/robot_list");
    assert.equal(up.request.method, "POST");
    assert.match(up.request.url, new RegExp(`^${real.url}/gateway/robot_list\\?AccessKeyId=`));
    assert.match(up.request.url, new RegExp(`AccessKeyId=${UPSTREAM_KEY}&`));
    assert.doesNotMatch(up.request.url, /Signature/);
    assert.deepEqual(up.request.headers, { "content-type": "application/json; charset=UTF-8" });
    assert.deepEqual(up.response, {
      status: 200,
      contentType: "application/json; charset=UTF-8",
    });
    assert.ok(up.latencyMs >= 0);
    const failed = entries.find((e) => e.kind === "upstream" && e.response.status === 500)!;
    assert.equal(failed.errorCode, "InternalError");
  });

  await t.step("the recording holds every exchange, one JSON object a line", async () => {
    const text = await Deno.readTextFile(record);
    assert.ok(text.endsWith("\n"));
    const lines = text.trimEnd().split("\n").map((line) => JSON.parse(line));
    assert.deepEqual(
      { ...lines[0], started: undefined },
      { ccemu: "recording", version: 1, upstream: upstreamHost, started: undefined },
    );
    const exchanges = lines.slice(1);
    // Forwarded: 1 + 2 (4xx) + 2 (5xx) + 2 (GET); the refused ones were never forwarded.
    assert.equal(exchanges.length, 7);
    const [first] = exchanges;
    assert.equal(first.upstream, upstreamHost);
    assert.equal(first.operation, "POST /gateway/robot_list");
    assert.ok(!Number.isNaN(Date.parse(first.time)));
    assert.equal(first.request.method, "POST");
    assert.equal(first.request.path, "/gateway/robot_list");
    assert.deepEqual(first.request.query, {});
    assert.match(first.request.body, /"robotStatus": 1/);
    assert.equal(first.response.status, 200);
    assert.equal(first.response.contentType, "application/json; charset=UTF-8");
    assert.match(first.response.body, new RegExp(UPSTREAM_ROBOT.robotName));
    assert.equal(typeof first.latencyMs, "number");
    const get = exchanges.find((l) => l.operation === "GET /aikb/list_directory_tree");
    assert.deepEqual(get.request.query, { repositoryId: "101", type: "FAQ" });
    assert.equal(get.request.body, null);
    assert.equal(exchanges.filter((l) => l.response.status === 503).length, 1);
  });

  await t.step("no secret, no Signature in the recording, the journal or the output", async () => {
    const sent = signatures();
    assert.ok(sent.length >= 7);
    const { text: journal } = await journalOf(proxy.url);
    const recording = await Deno.readTextFile(record);
    await proxy.kill(); // all it printed, to its end
    const places = { recording, journal, output: proxy.output() };
    for (const [place, text] of Object.entries(places)) {
      assert.ok(!text.includes(UPSTREAM_SECRET), `the secret is in the ${place}`);
      assert.ok(!text.includes("Signature="), `a Signature= is in the ${place}`);
      for (const signature of sent) {
        const at = text.indexOf(signature);
        assert.ok(
          at === -1,
          `A's Signature ${signature} is in the ${place}: ${text.slice(at - 300, at + 100)}`,
        );
        assert.ok(
          !text.includes(encodeURIComponent(signature)),
          `A's Signature ${signature} (encoded) is in the ${place}`,
        );
      }
    }
    assert.match(places.output, new RegExp(`secret from \\$${SECRET_ENV}`));
  });

  await Deno.remove(dir, { recursive: true });
});
