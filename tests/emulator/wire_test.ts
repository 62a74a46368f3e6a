/**
 * Issue 42: the wire cases, over raw sockets, on the one request path (node-listener.ts). Each
 * defect's case is named; each failed before its fix.
 */
import assert from "node:assert/strict";
import { type RunningEmulator, startServer } from "../../emulator/server.ts";
import { signUrl } from "../../emulator/signed-api/signature.ts";
import { loadFixtures } from "../../emulator/state.ts";
import { RawConnection, rawRequest, WIRE_CONFIG as CONFIG } from "./raw-http.ts";

const JSON_TYPE = "Content-Type: application/json; charset=UTF-8";

/** A server for one test, what it printed on stderr, and a signed target on it. */
async function withServer(
  test: (s: {
    server: RunningEmulator;
    port: number;
    host: string;
    signed: (method: string, path: string) => string;
    stderr: string[];
  }) => Promise<void>,
) {
  const server = await startServer(CONFIG, structuredClone(await loadFixtures()));
  const stderr: string[] = [];
  const error = console.error;
  console.error = (...args: unknown[]) => void stderr.push(args.map(String).join(" "));
  try {
    const port = Number(new URL(server.url).port);
    const host = `127.0.0.1:${port}`;
    const signed = (method: string, path: string) =>
      signUrl({
        method,
        url: `http://${host}${path}`,
        accessKeyId: "ccemu-demo-key",
        accessKeySecret: "ccemu-demo-secret",
        now: server.emulator.clock.now(),
      }).url.slice(`http://${host}`.length);
    await test({ server, port, host, signed, stderr });
  } finally {
    console.error = error;
    await server.close();
  }
}

/** The vendor's envelope of an answer: its error code and message. */
function envelope(text: string): { code: string; message: string } {
  const body = JSON.parse(text);
  assert.equal(typeof body.requestId, "string", text);
  return body.error;
}

Deno.test("defect 2: a Host that looks plain but makes no URL is refused 400 with the envelope, journaled", async () => {
  await withServer(async ({ server, port, signed, stderr }) => {
    const hosts = ["1.2.3.4.5", "256.256.256.256", "xn--a", "0x100000000"];
    for (const host of hosts) {
      for (
        const [method, target, journaled] of [
          ["GET", signed("GET", "/aikb/list_public_repositories"), "kb"],
          ["GET", "/_storage/media/x/y", "storage"],
          ["GET", "/_emulator/health", undefined],
        ] as const
      ) {
        const conn = await RawConnection.open(port);
        try {
          await conn.write(rawRequest(method, target, host, ["Connection: close"]));
          const answer = await conn.answer();
          assert.equal(answer?.status, 400, `${host} ${target}: ${answer?.text}`);
          const error = envelope(answer!.text);
          assert.equal(error.code, "InvalidParameter");
          assert.match(error.message, new RegExp(`Host: "${host}" is no valid host`));
          if (journaled) {
            const entry = server.emulator.journal.list().at(-1)!;
            assert.equal(entry.area, journaled);
            assert.equal(entry.response.status, 400);
            assert.equal(entry.headers.host, host);
          }
        } finally {
          conn.close();
        }
      }
    }
    assert.equal(server.emulator.journal.list().length, hosts.length * 2);
    assert.deepEqual(stderr, []);
  });
});

Deno.test("an HTTP/1.1 request with no Host gets the envelope naming Host, journaled", async () => {
  await withServer(async ({ server, port, signed, stderr }) => {
    for (const target of [signed("GET", "/aikb/list_public_repositories"), "/_emulator/health"]) {
      const conn = await RawConnection.open(port);
      try {
        await conn.write(`GET ${target} HTTP/1.1\r\nConnection: close\r\n\r\n`);
        const answer = await conn.answer();
        assert.equal(answer?.status, 400, `${target}: ${answer?.text}`);
        const error = envelope(answer!.text);
        assert.equal(error.code, "InvalidParameter");
        assert.match(error.message, /^Host: "" is required/);
      } finally {
        conn.close();
      }
      assert.equal(server.emulator.journal.list().length, 1, `${target}: the signed one only`);
    }
    assert.equal(server.emulator.journal.list().at(-1)!.area, "kb");
    assert.deepEqual(stderr, []);
  });
});

Deno.test("defect 3: after a refusal that leaves the body unread, the next request on the connection is answered", async () => {
  await withServer(async ({ port, signed, stderr }) => {
    const big = "x".repeat(100_000);
    const refusals: [string, string, string][] = [
      ["POST", signed("POST", "/gateway/robot_list"), "127.0.0.1:65000"],
      ["POST", signed("POST", "/gateway/robot_list"), `[::1]:${port}`],
      ["POST", signed("POST", "/gateway/robot_list"), `LOCALHOST:${port}`],
      ["POST", "/gateway/./robot_list", `127.0.0.1:${port}`],
      ["POST", "/gateway/robot%5Flist", `127.0.0.1:${port}`],
      ["PUT", "/_storage/uploads/f-none.txt?expires=1&signature=x", `127.0.0.1:${port}`],
      ["POST", "/_storage/forms", `127.0.0.1:${port}`],
    ];
    for (const [method, target, host] of refusals) {
      const conn = await RawConnection.open(port);
      try {
        await conn.write(rawRequest(method, target, host, [
          JSON_TYPE,
          `Content-Length: ${big.length}`,
        ], big));
        const refused = await conn.answer();
        assert.ok(refused && refused.status >= 400, `${method} ${target} (${host})`);
        await conn.write(rawRequest("GET", "/_emulator/health", "127.0.0.1"));
        const next = await conn.answer(3000);
        assert.equal(next?.status, 200, `after ${method} ${target} (${host}): ${next?.text}`);
      } finally {
        conn.close();
      }
    }
    assert.deepEqual(stderr, []);
  });
});

Deno.test("defect 4: a client leaving mid-body, or a malformed chunk, is 400 InvalidParameter on every path", async () => {
  await withServer(async ({ server, port, host, signed, stderr }) => {
    // Leaving mid-body: a signed request and a storage form upload.
    const FORM_TYPE = "Content-Type: multipart/form-data; boundary=b";
    const cases = [[signed("POST", "/gateway/robot_list"), JSON_TYPE], [
      "/_storage/forms",
      FORM_TYPE,
    ]];
    for (const [target, type] of cases) {
      const conn = await RawConnection.open(port);
      await conn.write(
        rawRequest("POST", target, host, [type, "Content-Length: 1000"], "--b\r\nx"),
      );
      await new Promise((resolve) => setTimeout(resolve, 50));
      conn.close();
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
    const left = server.emulator.journal.list();
    assert.equal(left.length, 2);
    for (const entry of left) {
      assert.equal(entry.response.status, 400, `${entry.path}: ${entry.response.body?.text}`);
      assert.equal(entry.errorCode ?? envelope(entry.response.body!.text).code, "InvalidParameter");
    }
    // A malformed chunk: answered 400 with the envelope, then the connection closes.
    for (const [target, type] of cases) {
      const conn = await RawConnection.open(port);
      try {
        await conn.write(
          rawRequest(
            "POST",
            target,
            host,
            [type, "Transfer-Encoding: chunked"],
            "3\r\n--b\r\nzz\r\nxx\r\n",
          ),
        );
        const answer = await conn.answer();
        assert.equal(answer?.status, 400, `${target}: ${answer?.text}`);
        assert.equal(envelope(answer!.text).code, "InvalidParameter");
        assert.ok(await conn.closedWithin(), "closed after the answer");
      } finally {
        conn.close();
      }
    }
    const all = server.emulator.journal.list();
    assert.equal(all.length, 4);
    for (const entry of all) assert.equal(entry.response.status, 400);
    assert.deepEqual(stderr, []);
  });
});

Deno.test("defect 5: a complete request followed by a half-close is answered, then the connection closes", async () => {
  await withServer(async ({ server, port, host, signed, stderr }) => {
    const requests = [
      rawRequest("POST", signed("POST", "/gateway/robot_list"), host, [
        JSON_TYPE,
        "Content-Length: 17",
      ], '{"robotStatus":1}'),
      rawRequest("GET", "/_emulator/health", host),
      rawRequest("GET", "/_storage/media/none/x", host),
    ];
    for (const request of requests) {
      const conn = await RawConnection.open(port);
      try {
        await conn.write(request);
        await conn.closeWrite();
        const answer = await conn.answer();
        assert.ok(answer, `answered: ${request.slice(0, 40)}`);
        assert.ok(await conn.closedWithin(), "closed after the answer");
      } finally {
        conn.close();
      }
    }
    const entries = server.emulator.journal.list();
    assert.deepEqual(entries.map((e) => e.response.status), [200, 404]);
    assert.deepEqual(stderr, []);
  });
});

Deno.test("defect 6: heads up to 64 KiB are taken; a larger one gets the envelope, journaled", async () => {
  await withServer(async ({ server, port, host, signed, stderr }) => {
    const filler = (bytes: number) => {
      const lines = [];
      for (let i = 0; bytes > 0; i++, bytes -= 1000) {
        lines.push(`X-Filler-${i}: ${"f".repeat(980)}`);
      }
      return lines;
    };
    const within = await RawConnection.open(port);
    try {
      await within.write(
        rawRequest("GET", signed("GET", "/aikb/list_public_repositories"), host, filler(40_000)),
      );
      assert.equal((await within.answer())?.status, 200);
    } finally {
      within.close();
    }
    for (const size of [70_000, 100_000]) {
      const conn = await RawConnection.open(port);
      try {
        await conn.write(
          rawRequest("GET", signed("GET", "/aikb/list_public_repositories"), host, filler(size)),
        );
        const answer = await conn.answer();
        assert.equal(answer?.status, 400, `${size}: ${answer?.text}`);
        const error = envelope(answer!.text);
        assert.equal(error.code, "InvalidParameter");
        assert.match(error.message, /request head .* over 65536 bytes \(64 KiB\)/);
      } finally {
        conn.close();
      }
    }
    // Past what node:http's parser holds (1 MiB), clientError answers the same envelope.
    const huge = await RawConnection.open(port);
    try {
      await huge.write(
        rawRequest("GET", signed("GET", "/aikb/list_public_repositories"), host, filler(1_100_000)),
      );
      const answer = await huge.answer();
      assert.equal(answer?.status, 400, answer?.text ?? "no answer");
      assert.match(envelope(answer!.text).message, /over 65536 bytes \(64 KiB\)/);
    } finally {
      huge.close();
    }
    const entries = server.emulator.journal.list();
    assert.deepEqual(entries.map((e) => [e.area, e.response.status]), [
      ["kb", 200],
      ["kb", 400],
      ["kb", 400],
    ]);
    assert.equal(entries[1].path, "/aikb/list_public_repositories");
    assert.deepEqual(stderr, []);
  });
});

Deno.test("defect 8: a body longer than its Content-Length: the answer reaches the client, then the connection closes", async () => {
  await withServer(async ({ server, port, host, signed, stderr }) => {
    const conn = await RawConnection.open(port);
    try {
      await conn.write(rawRequest("POST", signed("POST", "/gateway/robot_list"), host, [
        JSON_TYPE,
        "Content-Length: 17",
      ], '{"robotStatus":1} and more bytes that are no request'));
      const answer = await conn.answer();
      assert.equal(answer?.status, 200, answer?.text ?? "no answer");
      assert.ok(await conn.closedWithin(), "closed after the answer");
    } finally {
      conn.close();
    }
    assert.equal(server.emulator.journal.list().length, 1);
    assert.deepEqual(stderr, []);
  });
});

Deno.test("defect 9: a reset or truncate fault closes the connection and prints nothing", async () => {
  await withServer(async ({ server, port, host, signed, stderr }) => {
    for (const effect of [{ type: "reset" }, { type: "truncate", fraction: 0.5 }]) {
      const added = await fetch(`${server.url}/_emulator/faults`, {
        method: "POST",
        body: JSON.stringify({ operation: "/gateway/robot_list", first: 1, effect }),
      });
      assert.equal(added.status, 201, await added.text());
      const conn = await RawConnection.open(port);
      try {
        await conn.write(rawRequest("POST", signed("POST", "/gateway/robot_list"), host, [
          JSON_TYPE,
          "Content-Length: 17",
        ], '{"robotStatus":1}'));
        assert.equal(await conn.answer(), undefined, `${effect.type}: no whole answer`);
      } finally {
        conn.close();
      }
    }
    assert.deepEqual(stderr, []);
  });
});

Deno.test("TRACE and CONNECT, which no web Request can carry, get the envelope, not a closed connection", async () => {
  await withServer(async ({ server, port, host, stderr }) => {
    for (
      const [method, target] of [["TRACE", "/gateway/robot_list"], ["CONNECT", "x.example:443"]]
    ) {
      const conn = await RawConnection.open(port);
      try {
        await conn.write(rawRequest(method, target, host, ["Connection: close"]));
        const answer = await conn.answer();
        assert.equal(answer?.status, 405, `${method}: ${answer?.text}`);
        assert.equal(envelope(answer!.text).code, "HttpRequestMethodNotSupported");
      } finally {
        conn.close();
      }
    }
    // TRACE on a signed area's path is journaled there, as any refusal.
    assert.deepEqual(server.emulator.journal.list().map((e) => [e.method, e.response.status]), [
      ["TRACE", 405],
    ]);
    assert.deepEqual(stderr, []);
  });
});
