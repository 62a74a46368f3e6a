/**
 * Runs one of hot_path_bench.ts's calls `CALLS` times, for counting instructions under callgrind
 * where timings are noise (a shared machine): the count of a run with more calls less that of a
 * run with fewer, over the difference, is the instructions a call takes once warm.
 *
 *   CALLS=8000 valgrind --tool=callgrind --callgrind-out-file=/dev/null \
 *     deno run -A --no-check tests/bench/hot_path_count.ts signed-post
 */
import { createApp } from "../../emulator/app.ts";
import { DEFAULT_CONFIG, MANUAL_CLOCK_START } from "../../emulator/core/config.ts";
import { Emulator } from "../../emulator/core/emulator.ts";
import { Journal } from "../../emulator/core/journal.ts";
import { signUrl } from "../../emulator/signed-api/signature.ts";
import { loadFixtures, STATE } from "../../emulator/state.ts";
import { DEMO_KEY } from "../../harness/client.ts";

const CALLS = Number(Deno.env.get("CALLS") ?? 1000);
const mode = Deno.args[0];

const emulator = new Emulator(
  { ...DEFAULT_CONFIG, clock: "manual", clockStart: MANUAL_CLOCK_START, seed: 1 },
  STATE,
  await loadFixtures(),
);
const app = createApp(emulator);
const env = { remoteAddr: { hostname: "127.0.0.1" } };
const now = emulator.clock.now();
const postUrl = signUrl({
  method: "POST",
  url: "http://127.0.0.1:8686/gateway/robot_list",
  ...DEMO_KEY,
  now,
  expires: 86400,
}).url;
const badUrl = postUrl.replace(/Signature=[^&]+/, "Signature=AAAAAAAAAAAAAAAAAAAAAAAAAAA%3D");
const body = '{"robotStatus":1}';
const headers = {
  "content-type": "application/json; charset=UTF-8",
  "content-length": String(body.length),
  host: "127.0.0.1:8686",
};
const journal = new Journal(5000, undefined, 32 * 1024 * 1024);
const requestText = '{"robotStatus":1}';
const responseText = '{"requestId":"r","code":0,"data":[{"robotId":1,"robotName":"demo"}]}';

const calls: Record<string, () => unknown> = {
  "signed-post": async () =>
    await (await app.fetch(new Request(postUrl, { method: "POST", headers, body }), env)).text(),
  "signed-bad": async () =>
    await (await app.fetch(new Request(badUrl, { method: "POST", headers, body }), env)).text(),
  "sign-url": () =>
    signUrl({
      method: "POST",
      url: "http://127.0.0.1:8686/gateway/task_list?pageNum=1&pageSize=20",
      ...DEMO_KEY,
      now,
    }),
  "journal-add": () =>
    journal.add({
      kind: "push",
      requestId: "push-1",
      time: now,
      area: "gateway",
      method: "POST",
      path: "/agent",
      query: {},
      headers: { "content-type": "application/json" },
      body: { text: requestText, size: requestText.length, truncated: false },
      response: {
        status: 200,
        headers: { "content-type": "application/json" },
        body: { text: responseText, size: responseText.length, truncated: false },
      },
      durationMs: 1.25,
      target: "http://127.0.0.1:9000/agent",
    }),
};
const call = calls[mode];
if (!call) throw new Error(`mode: one of ${Object.keys(calls).join(", ")}`);
for (let i = 0; i < CALLS; i++) await call();
