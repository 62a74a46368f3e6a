/**
 * What a signed call allocates as ccemu serves it, over node:http, next to a bare node:http server
 * answering the same bytes in the same process. Run by allocation.ts with the probe's flags (a
 * 512 MiB young generation: no collection runs while it counts); prints one JSON object.
 *
 * wrk (another process, one connection) sends the requests; V8's used heap is read before and
 * after a window, a collection forced before, and divided by the requests wrk completed. So the
 * figure holds node:http's own objects per request (its request, response, parser and socket
 * work), which the bare server pays too: the difference is ccemu's.
 */
import { createServer } from "node:http";
import { getHeapStatistics } from "node:v8";
import { DEFAULT_CONFIG, MANUAL_CLOCK_START } from "../../emulator/core/config.ts";
import { startServer } from "../../emulator/server.ts";
import { SignedClient } from "../../harness/client.ts";
import { bareNodeListener } from "./bare-server.ts";
import { wrk, type WrkRequest } from "./wrk.ts";

const gc = (globalThis as { gc?: () => void }).gc!;
/** Seconds of load before counting: enough for V8 to optimize the path, as in-process. */
const WARM_SECONDS = Number(Deno.env.get("ALLOC_WIRE_WARM") ?? 6);
/** Seconds counted; one connection keeps the requests in flight to one at a time. */
const SECONDS = Number(Deno.env.get("ALLOC_WIRE_SECONDS") ?? 1);

const ccemu = await startServer({
  ...DEFAULT_CONFIG,
  port: 0,
  ui: false,
  clock: "manual",
  clockStart: MANUAL_CLOCK_START,
  seed: 1,
});
const client = new SignedClient({
  url: ccemu.url,
  now: () => ccemu.emulator.clock.now(),
  expires: 86400,
});
const body = JSON.stringify({ robotStatus: 1 });
const answer = JSON.stringify((await client.post("/gateway/robot_list", { robotStatus: 1 })).body);
const signedUrl = client.signedUrl("POST", "/gateway/robot_list");
const signed: WrkRequest = {
  method: "POST",
  path: signedUrl.slice(new URL(signedUrl).origin.length),
  body,
};

const bare = createServer(bareNodeListener(() => answer));
await new Promise<void>((resolve) => bare.listen(0, "127.0.0.1", resolve));
const bareUrl = `http://127.0.0.1:${(bare.address() as { port: number }).port}`;

async function bytesPerRequest(origin: string, request: WrkRequest): Promise<number> {
  await wrk(origin, [request], { seconds: WARM_SECONDS, connections: 1 });
  gc();
  const before = getHeapStatistics().used_heap_size;
  const { requests, errors } = await wrk(origin, [request], { seconds: SECONDS, connections: 1 });
  const after = getHeapStatistics().used_heap_size;
  if (errors) throw new Error(`${origin}: ${errors} requests failed`);
  return (after - before) / requests;
}

const bareBytes = await bytesPerRequest(bareUrl, { method: "POST", path: "/", body });
const signedBytes = await bytesPerRequest(ccemu.url, signed);
bare.close();
await ccemu.close();
console.log(JSON.stringify({ bareBytes, signedBytes }));
