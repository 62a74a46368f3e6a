/**
 * Bytes allocated per signed call, in process, measured where the machine's speed does not enter:
 * V8's used heap over a fixed number of calls through `app.fetch` (no network), with a young
 * generation large enough that no collection runs during them, and a collection forced before.
 * Run by allocation.ts with `--expose-gc` and a 512 MiB young generation; prints one JSON object.
 */
import { getHeapStatistics } from "node:v8";
import { createApp } from "../../emulator/app.ts";
import { DEFAULT_CONFIG, MANUAL_CLOCK_START } from "../../emulator/core/config.ts";
import { Emulator } from "../../emulator/core/emulator.ts";
import { signUrl } from "../../emulator/signed-api/signature.ts";
import { loadFixtures, STATE } from "../../emulator/state.ts";
import { DEMO_KEY } from "../../harness/client.ts";

const CALLS = Number(Deno.env.get("ALLOC_CALLS") ?? 4000);
const WARM = 2000;
const gc = (globalThis as { gc?: () => void }).gc!;

const emulator = new Emulator(
  { ...DEFAULT_CONFIG, clock: "manual", clockStart: MANUAL_CLOCK_START, seed: 1 },
  STATE,
  await loadFixtures(),
);
const app = createApp(emulator);
const { url } = signUrl({
  method: "POST",
  url: "http://127.0.0.1:8686/gateway/robot_list",
  ...DEMO_KEY,
  now: emulator.clock.now(),
  expires: 86400,
});
const body = '{"robotStatus":1}';
const headers = { "content-type": "application/json; charset=UTF-8", host: "127.0.0.1:8686" };
const env = { remoteAddr: { hostname: "127.0.0.1" } };
const request = () => new Request(url, { method: "POST", headers, body });
const answer = await (await app.fetch(request(), env)).text();

/** ccemu's signed robot_list, answered and read as a client reads it. */
const signed = async () => await (await app.fetch(request(), env)).text();
/** The floor: the same Request built and read, the same answer built and read. */
const bare = async () => {
  await request().text();
  return await new Response(answer, { headers: { "content-type": headers["content-type"] } })
    .text();
};

async function perCall(call: () => Promise<string>): Promise<number> {
  for (let i = 0; i < WARM; i++) await call();
  gc();
  const before = getHeapStatistics().used_heap_size;
  for (let i = 0; i < CALLS; i++) await call();
  return (getHeapStatistics().used_heap_size - before) / CALLS;
}

const bareBytes = await perCall(bare);
const signedBytes = await perCall(signed);
emulator.close();
console.log(JSON.stringify({ calls: CALLS, bareBytes, signedBytes }));
