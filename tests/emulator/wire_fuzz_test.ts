/**
 * Issue 42: random requests on the wire (seeded), each on its own connection and followed by a
 * half-close: every one is answered without a 5xx, or (its body cut short) the connection closes;
 * none hangs, nothing is printed on stderr, and the server serves on.
 */
import assert from "node:assert/strict";
import fc from "fast-check";
import { startServer } from "../../emulator/server.ts";
import { loadFixtures } from "../../emulator/state.ts";
import { RawConnection, WIRE_CONFIG as CONFIG } from "./raw-http.ts";

const segment = fc.constantFrom(
  "gateway",
  "aikb",
  "livechat",
  "_emulator",
  "_storage",
  "robot_list",
  "health",
  "media",
  "objects",
  "uploads",
  "forms",
  "f-fixture-5001.md",
  "x",
  ".",
  "..",
  "%2e%2e",
  "%5F",
  "%zz",
  "a\\b",
  "中",
  "",
);
const target = fc.tuple(
  fc.array(segment, { minLength: 0, maxLength: 5 }),
  fc.constantFrom("", "?", "?a=1", "?AccessKeyId=ccemu-demo-key&Signature=x", "?a=%ff&b"),
).map(([parts, query]) => `/${parts.join("/")}${query}`);
const host = (port: number) =>
  fc.constantFrom(
    `127.0.0.1:${port}`,
    "localhost",
    `LOCALHOST:${port}`,
    `[::1]:${port}`,
    "127.0.0.1:65000",
    "1.2.3.4.5",
    "256.256.256.256",
    "xn--a",
    "0x100000000",
    "evil.example",
    "a b",
    "",
    "h:99999",
  );
const body = fc.oneof(
  fc.constant({ headers: [] as string[], bytes: "" }),
  fc.string({ maxLength: 40 }).map((text) => ({
    headers: [`Content-Length: ${new TextEncoder().encode(text).length}`],
    bytes: text,
  })),
  fc.tuple(fc.string({ maxLength: 40 }), fc.integer({ min: -5, max: 5 })).map(([text, off]) => ({
    headers: [`Content-Length: ${Math.max(0, new TextEncoder().encode(text).length + off)}`],
    bytes: text,
  })),
  fc.constantFrom(
    { headers: ["Transfer-Encoding: chunked"], bytes: "5\r\nhello\r\n0\r\n\r\n" },
    { headers: ["Transfer-Encoding: chunked"], bytes: "zz\r\nhello\r\n" },
    { headers: ["Transfer-Encoding: chunked"], bytes: "5\r\nhel" },
    { headers: ["Content-Length: 100000"], bytes: "x".repeat(100000) },
  ),
);
const header = fc.constantFrom(
  "Content-Type: application/json",
  "Content-Type: multipart/form-data; boundary=b",
  "Origin: null",
  "Connection: close",
  "Connection: Upgrade, HTTP2-Settings",
  "Upgrade: h2c",
  "X-Empty:",
  "Bad Header: x",
  `X-Long: ${"l".repeat(20000)}`,
);

Deno.test("random requests on the wire: answered without a 5xx or closed, never hanging", async () => {
  const server = await startServer(CONFIG, structuredClone(await loadFixtures()));
  const stderr: string[] = [];
  const error = console.error;
  console.error = (...args: unknown[]) => void stderr.push(args.map(String).join(" "));
  try {
    const port = Number(new URL(server.url).port);
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(
          "GET",
          "POST",
          "PUT",
          "HEAD",
          "DELETE",
          "OPTIONS",
          "TRACE",
          "CONNECT",
          "G@T",
        ),
        target,
        host(port),
        fc.array(header, { maxLength: 3 }),
        body,
        async (method, path, hostValue, headers, { headers: framing, bytes }) => {
          const head = [`${method} ${path} HTTP/1.1`];
          if (hostValue !== "") head.push(`Host: ${hostValue}`);
          const request = [...head, ...headers, ...framing, "", bytes].join("\r\n");
          const conn = await RawConnection.open(port);
          try {
            await conn.write(request);
            await conn.closeWrite().catch(() => {});
            const answer = await conn.answer(5000); // throws if nothing comes: a hang
            if (answer) assert.ok(answer.status < 500, `${answer.status} ${answer.text}`);
          } finally {
            conn.close();
          }
        },
      ),
      { seed: 20261127, numRuns: 400 },
    );
    const health = await fetch(`${server.url}/_emulator/health`);
    assert.equal(health.status, 200);
    await health.body?.cancel();
    assert.deepEqual(stderr, []);
  } finally {
    console.error = error;
    await server.close();
  }
});
