/**
 * The one request path (node-listener.ts) against the in-process one (`app.fetch` on a web
 * Request, what the harness's in-process callers use): over real sockets every request — signed,
 * HEAD, a dot segment, an escape, a Host the URL normalizes, a fault's page — must be answered,
 * and journaled, byte for byte as in process. wire_test.ts has the wire's own cases. */
import assert from "node:assert/strict";
import fc from "fast-check";
import { sortedHeaderList } from "../../emulator/core/node-request.ts";
import { startServer } from "../../emulator/server.ts";
import { signUrl } from "../../emulator/signed-api/signature.ts";
import { loadFixtures } from "../../emulator/state.ts";
import { testEmulator } from "../helpers.ts";
import { WIRE_CONFIG as CONFIG } from "./raw-http.ts";

/** One request as it goes on the wire: target, headers in order, body (chunked when `chunks`). */
interface Wire {
  method: string;
  target: string;
  headers?: [string, string][];
  body?: Uint8Array<ArrayBuffer>;
  chunks?: Uint8Array<ArrayBuffer>[];
  /** A Host header other than the server's own address. */
  host?: string;
}

const UTF8 = new TextEncoder();

function bytesOf(wire: Wire, host: string): Uint8Array<ArrayBuffer> {
  const head = [`${wire.method} ${wire.target} HTTP/1.1`, `Host: ${host}`];
  for (const [name, value] of wire.headers ?? []) head.push(`${name}: ${value}`);
  if (wire.body) head.push(`Content-Length: ${wire.body.length}`);
  if (wire.chunks) head.push("Transfer-Encoding: chunked");
  head.push("Connection: close", "", "");
  const parts = [UTF8.encode(head.join("\r\n"))];
  if (wire.body) parts.push(wire.body);
  for (const chunk of wire.chunks ?? []) {
    parts.push(UTF8.encode(`${chunk.length.toString(16)}\r\n`), chunk, UTF8.encode("\r\n"));
  }
  if (wire.chunks) parts.push(UTF8.encode("0\r\n\r\n"));
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) (out.set(part, at), at += part.length);
  return out;
}

/** Sends one request on its own connection; answers what came back before the server closed it. */
async function sendRaw(port: number, bytes: Uint8Array<ArrayBuffer>): Promise<string> {
  const conn = await Deno.connect({ hostname: "127.0.0.1", port });
  for (let at = 0; at < bytes.length;) at += await conn.write(bytes.subarray(at));
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  const buffer = new Uint8Array(65536);
  for (;;) {
    const n = await conn.read(buffer).catch(() => null);
    if (n === null) break;
    chunks.push(buffer.slice(0, n));
  }
  conn.close();
  return new TextDecoder().decode(
    chunks.reduce((all, c) => {
      const out = new Uint8Array(all.length + c.length);
      out.set(all), out.set(c, all.length);
      return out;
    }, new Uint8Array()),
  );
}

/** Status, content type and body of a raw HTTP/1.1 answer (a chunked body unchunked). */
function parseAnswer(raw: string): { status: number; type: string | null; text: string } {
  const end = raw.indexOf("\r\n\r\n");
  const [statusLine, ...lines] = raw.slice(0, end).split("\r\n");
  const headers = new Map(lines.map((l) => {
    const colon = l.indexOf(":");
    return [l.slice(0, colon).toLowerCase(), l.slice(colon + 1).trim()];
  }));
  let text = raw.slice(end + 4);
  if (headers.get("transfer-encoding") === "chunked") {
    let out = "", rest = text;
    for (;;) {
      const lineEnd = rest.indexOf("\r\n");
      const size = parseInt(rest.slice(0, lineEnd), 16);
      if (!(size > 0)) break;
      out += rest.slice(lineEnd + 2, lineEnd + 2 + size);
      rest = rest.slice(lineEnd + 2 + size + 2);
    }
    text = out;
  }
  return {
    status: Number(statusLine.split(" ")[1]),
    type: headers.get("content-type") ?? null,
    text,
  };
}

/** The same request for the web path, with the headers node:http received. */
function webRequest(wire: Wire, host: string): [string, RequestInit] {
  const headers = new Headers({ host });
  for (const [name, value] of wire.headers ?? []) headers.append(name, value);
  if (wire.body) headers.set("content-length", String(wire.body.length));
  if (wire.chunks) headers.set("transfer-encoding", "chunked");
  headers.set("connection", "close");
  const chunks = wire.chunks;
  const body = wire.body ?? (chunks
    ? new ReadableStream<Uint8Array<ArrayBuffer>>({
      start(controller) {
        for (const chunk of chunks) controller.enqueue(chunk);
        controller.close();
      },
    })
    : undefined);
  return [`http://${host}${wire.target}`, { method: wire.method, headers, body }];
}

const json = (text: string) => UTF8.encode(text);
const JSON_TYPE: [string, string] = ["Content-Type", "application/json; charset=UTF-8"];

Deno.test("node:http's own path answers and journals a signed request as the web path does", async () => {
  const fixtures = await loadFixtures();
  const server = await startServer(CONFIG, structuredClone(fixtures));
  using web = testEmulator({ seed: 7, maxBodyBytes: CONFIG.maxBodyBytes });
  try {
    const port = Number(new URL(server.url).port);
    const host = `127.0.0.1:${port}`;
    const signed = (method: string, path: string, query = "", signHost?: string) =>
      signUrl({
        method,
        url: `http://${host}${path}${query}`,
        accessKeyId: "ccemu-demo-key",
        accessKeySecret: "ccemu-demo-secret",
        now: server.emulator.clock.now(),
        signHost,
      }).url.slice(`http://${host}`.length);
    const big = "x".repeat(CONFIG.maxBodyBytes + 10);
    const wires: Wire[] = [
      {
        method: "POST",
        target: signed("POST", "/gateway/robot_list"),
        headers: [JSON_TYPE],
        body: json('{"robotStatus":1}'),
      },
      {
        method: "POST",
        target: signed("POST", "/gateway/robot_list/"),
        headers: [JSON_TYPE],
        body: json('{"robotStatus":1}'),
      },
      // Header names in any case, repeated, in any order: recorded as Headers.forEach lists them.
      {
        method: "POST",
        target: signed("POST", "/gateway/robot_list"),
        headers: [["X-Trace", "b"], JSON_TYPE, ["x-trace", "a"], ["Accept", "*/*"]],
        body: json('{"robotStatus":1}'),
      },
      { method: "GET", target: signed("GET", "/aikb/list_public_repositories") },
      {
        method: "GET",
        target: signed(
          "GET",
          "/aikb/list_public_repositories",
          "?pageNo=1&pageSize=2&x=%E4%B8%AD+y",
        ),
      },
      // A chunked body, a body past the limit (declared and chunked), a BOM, bytes that are no UTF-8.
      {
        method: "POST",
        target: signed("POST", "/gateway/robot_list"),
        headers: [JSON_TYPE],
        chunks: [json('{"robot'), json('Status":1}')],
      },
      {
        method: "POST",
        target: signed("POST", "/gateway/robot_list"),
        headers: [JSON_TYPE],
        body: json(`{"a":"${big}"}`),
      },
      {
        method: "POST",
        target: signed("POST", "/gateway/robot_list"),
        headers: [JSON_TYPE],
        chunks: [json(`{"a":"${big}`), json('"}')],
      },
      {
        method: "POST",
        target: signed("POST", "/gateway/robot_list"),
        headers: [JSON_TYPE],
        body: json('\ufeff{"robotStatus":1}'),
      },
      {
        method: "POST",
        target: signed("POST", "/gateway/robot_list"),
        headers: [JSON_TYPE],
        body: new Uint8Array([0x7b, 0xff, 0x7d]),
      },
      // Refused before the body is read: the journal reads it back.
      {
        method: "POST",
        target: "/gateway/robot_list?AccessKeyId=nobody",
        headers: [JSON_TYPE],
        body: json('{"robotStatus":1}'),
      },
      { method: "GET", target: signed("GET", "/gateway/robot_list") },
      {
        method: "POST",
        target: signed("POST", "/gateway/no_such_operation"),
        headers: [JSON_TYPE],
        body: json("{}"),
      },
      // HEAD (Hono's), a dot segment, an escape in the path, a Host the URL normalizes.
      { method: "HEAD", target: signed("HEAD", "/gateway/robot_list") },
      { method: "GET", target: "/gateway/../_emulator/health" },
      {
        method: "POST",
        target: signed("POST", "/gateway/robot%5Flist"),
        headers: [JSON_TYPE],
        body: json("{}"),
      },
      {
        method: "POST",
        target: signed("POST", "/gateway/robot_list", "", "LOCALHOST"),
        headers: [JSON_TYPE],
        body: json('{"robotStatus":1}'),
        host: `LOCALHOST:${port}`,
      },
    ];
    for (const wire of wires) {
      const overNode = parseAnswer(await sendRaw(port, bytesOf(wire, wire.host ?? host)));
      const [url, init] = webRequest(wire, wire.host ?? host);
      const received = await web.request(url, init);
      const webAnswer = {
        status: received.status,
        type: received.headers.get("content-type"),
        text: await received.text(),
      };
      if (wire.target === "/gateway/../_emulator/health") {
        // The clock and journal counts differ between the two emulators; the route is the point.
        assert.equal(overNode.status, webAnswer.status);
        assert.equal(JSON.parse(overNode.text).status, "ok");
        continue;
      }
      assert.deepEqual(overNode, webAnswer, `${wire.method} ${wire.target.slice(0, 60)}`);
      if (wire.host) assert.equal(overNode.status, 200, overNode.text);
    }
    // An answer that is not the dispatcher's JSON (a fault's page) goes out from its stream.
    const rule = { area: "outbound", effect: { type: "gateway", status: 502 } };
    const added = await fetch(`${server.url}/_emulator/faults`, {
      method: "POST",
      body: JSON.stringify(rule),
    });
    assert.equal(added.status, 201, await added.text());
    assert.equal((await web.control("POST", "/_emulator/faults", rule)).status, 201);
    const faulted: Wire = wires[0];
    const page = parseAnswer(await sendRaw(port, bytesOf(faulted, host)));
    const [url, init] = webRequest(faulted, host);
    const received = await web.request(url, init);
    assert.deepEqual(page, {
      status: 502,
      type: received.headers.get("content-type"),
      text: await received.text(),
    });
    assert.match(page.text, /502 Bad Gateway/);
    const journal = (emulator: typeof server.emulator) =>
      emulator.journal.list().map(({ durationMs: _, ...entry }) => entry);
    assert.equal(journal(server.emulator).length, wires.length);
    assert.deepEqual(journal(server.emulator), journal(web.emulator));
  } finally {
    await server.close();
  }
});

Deno.test("sortedHeaderList lists node:http's raw headers as Headers.forEach does (property)", () => {
  const name = fc.constantFrom(
    "Host",
    "host",
    "X-A",
    "x-a",
    "Accept",
    "set-cookie",
    "Set-Cookie",
    "b",
    "a-b",
    "A",
  );
  const value = fc.stringMatching(/^[!-~]([ -~]*[!-~])?$/);
  fc.assert(
    // Past 32 headers the list is made another way (a sort): both are tried.
    fc.property(fc.array(fc.tuple(name, value), { maxLength: 80 }), (pairs) => {
      const headers = new Headers();
      for (const [n, v] of pairs) headers.append(n, v);
      const expected: string[] = [];
      headers.forEach((v, n) => expected.push(n, v));
      assert.deepEqual(sortedHeaderList(pairs.flat()), expected);
    }),
    { seed: 20261125, numRuns: 2000 },
  );
});

Deno.test("sortedHeaderList takes n log n, not n², for a head of many names (issue 42, defect 7)", () => {
  // 20,000 names, descending (insertion into place's worst case): quadratic, this took seconds.
  const raw: string[] = [];
  for (let i = 20000; i > 0; i--) raw.push(`X-H${String(i).padStart(5, "0")}`, "v");
  const started = performance.now();
  const list = sortedHeaderList(raw);
  const took = performance.now() - started;
  assert.equal(list[0], "x-h00001");
  assert.equal(list.length, raw.length);
  assert.ok(took < 2000, `${took} ms for 20,000 header names`);
});

Deno.test("a client that leaves mid-body is journaled and the server goes on serving", async () => {
  const server = await startServer(CONFIG, structuredClone(await loadFixtures()));
  try {
    const port = Number(new URL(server.url).port);
    const host = `127.0.0.1:${port}`;
    const target = signUrl({
      method: "POST",
      url: `http://${host}/gateway/robot_list`,
      accessKeyId: "ccemu-demo-key",
      accessKeySecret: "ccemu-demo-secret",
      now: server.emulator.clock.now(),
    }).url.slice(`http://${host}`.length);
    // Signed (declared, then chunked), and refused before its body is read (no signature).
    const leaving: [boolean, string][] = [
      [false, target],
      [true, target],
      [false, "/gateway/robot_list?AccessKeyId=nobody"],
    ];
    for (const [chunked, path] of leaving) {
      const conn = await Deno.connect({ hostname: "127.0.0.1", port });
      const length = chunked ? "Transfer-Encoding: chunked" : "Content-Length: 100";
      await conn.write(UTF8.encode(
        `POST ${path} HTTP/1.1\r\nHost: ${host}\r\nContent-Type: application/json\r\n${length}\r\n\r\n${
          chunked ? "5\r\n" : ""
        }{"rob`,
      ));
      await new Promise((resolve) => setTimeout(resolve, 50));
      conn.close();
    }
    const wire: Wire = {
      method: "POST",
      target,
      headers: [JSON_TYPE],
      body: json('{"robotStatus":1}'),
    };
    assert.equal(parseAnswer(await sendRaw(port, bytesOf(wire, host))).status, 200);
    const entries = server.emulator.journal.list();
    assert.equal(entries.length, 3 + 1);
    assert.equal(entries[2].errorCode, "AuthFailure");
    assert.equal(entries[2].body, null);
    for (const entry of entries.slice(0, 2)) {
      assert.equal(entry.errorCode, "InvalidParameter");
      assert.match(
        entry.response.body!.text,
        /closed the connection before the request body ended/,
      );
    }
  } finally {
    await server.close();
  }
});
