/**
 * node:http's list of requests under way, kept as ActiveRequests (emulator/active-requests.ts):
 * it behaves as the Map it replaces, ccemu's server really uses it, and a slow client is still cut
 * off by node:http's `headersTimeout` and `requestTimeout` through it, answered with the envelope.
 */
import assert from "node:assert/strict";
import type { Server } from "node:http";
import fc from "fast-check";
import { type ActiveRequest, ActiveRequests } from "../../emulator/active-requests.ts";
import { createApp } from "../../emulator/app.ts";
import { Emulator } from "../../emulator/core/emulator.ts";
import { createNodeServer } from "../../emulator/node-listener.ts";
import { signUrl } from "../../emulator/signed-api/signature.ts";
import { loadFixtures, STATE } from "../../emulator/state.ts";
import { RawConnection, WIRE_CONFIG } from "./raw-http.ts";

/** Deno's ConnectionsList's `expired`, over a Map, as node:http words its timeouts' rule. */
function expiredOf(
  active: Map<object, ActiveRequest>,
  headersTimeout: number,
  requestTimeout: number,
  now: number,
) {
  const over: object[] = [];
  for (const [socket, { headersCompleted, startTime, req }] of active) {
    const age = now - startTime;
    if (!headersCompleted && headersTimeout > 0) {
      if (age >= headersTimeout) {
        over.push(socket);
        continue;
      }
    }
    if (requestTimeout > 0 && age >= requestTimeout) {
      if (req?.complete) continue;
      over.push(socket);
    }
  }
  return over;
}

Deno.test("ActiveRequests answers set, get, has, delete, size and expired as a Map under ConnectionsList does (property)", () => {
  const request = fc.record({
    headersCompleted: fc.boolean(),
    startTime: fc.nat(1000),
    req: fc.option(fc.record({ complete: fc.boolean() })),
  });
  const operation = fc.oneof(
    fc.record({ op: fc.constant("set" as const), key: fc.nat(7), value: request }),
    fc.record({
      op: fc.constantFrom("get" as const, "has" as const, "delete" as const),
      key: fc.nat(7),
    }),
    fc.record({
      op: fc.constant("expired" as const),
      headers: fc.nat(600),
      request: fc.nat(600),
      now: fc.nat(1600),
    }),
  );
  fc.assert(fc.property(fc.array(operation, { maxLength: 60 }), (operations) => {
    const keys = Array.from({ length: 8 }, (_, i) => ({ socket: i }));
    const map = new Map<object, ActiveRequest>();
    const active = new ActiveRequests();
    const sorted = (sockets: object[]) =>
      sockets.map((s) => keys.indexOf(s as { socket: number })).sort();
    for (const step of operations) {
      if (step.op === "set") {
        map.set(keys[step.key], step.value);
        assert.equal(active.set(keys[step.key], step.value), active);
      } else if (step.op === "expired") {
        assert.deepEqual(
          sorted(active.expired(step.headers, step.request, step.now).map((e) => e.socket)),
          sorted(expiredOf(map, step.headers, step.request, step.now)),
        );
      } else {
        assert.deepEqual(
          active[step.op](keys[step.key]),
          map[step.op](keys[step.key]),
          `${step.op} of key ${step.key}`,
        );
      }
      assert.equal(active.size, map.size);
    }
  }));
});

/** ccemu's node:http server with node:http's timeouts short enough to see, listening on a free port. */
async function serverWithTimeouts(): Promise<{ server: Server; port: number; emulator: Emulator }> {
  const emulator = new Emulator(WIRE_CONFIG, STATE, await loadFixtures());
  const server = createNodeServer(createApp(emulator));
  server.headersTimeout = 300;
  server.requestTimeout = 600;
  // Read when the server starts listening: how often node:http looks for requests over time.
  (server as Server & { connectionsCheckingInterval: number }).connectionsCheckingInterval = 50;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  return { server, port: typeof address === "object" && address ? address.port : 0, emulator };
}

async function close(server: Server): Promise<void> {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
}

Deno.test("ccemu's server keeps node:http's requests under way in an ActiveRequests, not a Map", async () => {
  const { server } = await serverWithTimeouts();
  try {
    // node:http's own slot (`kConnections`): if a Deno upgrade changes it, ccemu serves on, slower.
    const slot = Object.getOwnPropertySymbols(server).find((symbol) =>
      symbol.description === "http.server.connections"
    );
    assert.ok(slot, "node:http keeps no connections list under http.server.connections any more");
    const connections = (server as unknown as Record<symbol, { _active?: unknown }>)[slot];
    assert.ok(connections._active instanceof ActiveRequests);
  } finally {
    await close(server);
  }
});

/** The connection was answered 400 with `message` in the envelope, no sooner than `afterMs`, then closed. */
async function cutOff(
  connection: RawConnection,
  started: number,
  afterMs: number,
  message: string,
) {
  const answer = await connection.answer();
  assert.equal(answer?.status, 400);
  assert.equal(JSON.parse(answer!.text).error.message, message);
  assert.equal(await connection.closedWithin(), true);
  assert.ok(performance.now() - started >= afterMs, `cut off before ${afterMs} ms`);
}

Deno.test("a client that never finishes its head or its body is cut off by node:http's timeouts, with the envelope", async () => {
  const { server, port, emulator } = await serverWithTimeouts();
  try {
    const started = performance.now();
    // A head that never ends: headersTimeout (300 ms).
    const head = await RawConnection.open(port);
    await head.write("GET /_emulator/health HTTP/1.1\r\nHost: 127.0.0.1\r\n");
    // A signed request whose body never ends: requestTimeout (600 ms).
    const target = signUrl({
      method: "POST",
      url: `http://127.0.0.1:${port}/gateway/robot_list`,
      accessKeyId: "ccemu-demo-key",
      accessKeySecret: "ccemu-demo-secret",
      now: emulator.clock.now(),
    }).url.slice(`http://127.0.0.1:${port}`.length);
    const body = await RawConnection.open(port);
    await body.write(
      `POST ${target} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{`,
    );
    await cutOff(
      head,
      started,
      300,
      "The request head (request line and headers) did not arrive in full within 0.3 s: send it at once.",
    );
    await cutOff(
      body,
      started,
      600,
      "The request did not arrive in full within 0.6 s of its start: send its body at once after the head.",
    );
    head.close();
    body.close();
    // The signed one journaled (control paths are not), and the server goes on serving.
    const next = await RawConnection.open(port);
    await next.write("GET /_emulator/journal HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");
    const journal = JSON.parse((await next.answer())!.text);
    assert.deepEqual(
      journal.entries.map((e: { path: string; response: { status: number } }) => [
        e.path,
        e.response.status,
      ]),
      [["/gateway/robot_list", 400]],
    );
    next.close();
  } finally {
    await close(server);
  }
});
