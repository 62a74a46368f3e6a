/**
 * The calls hot_path_bench.ts times and hot_path_count.ts repeats for callgrind: a signed call
 * through `app.fetch` (accepted, and refused for its signature after every candidate), the
 * harness's signing, and a journal entry of an area's kind.
 */
import { createApp } from "../../emulator/app.ts";
import { DEFAULT_CONFIG, MANUAL_CLOCK_START } from "../../emulator/core/config.ts";
import { Emulator } from "../../emulator/core/emulator.ts";
import { Journal } from "../../emulator/core/journal.ts";
import { signUrl } from "../../emulator/signed-api/signature.ts";
import { loadFixtures, STATE } from "../../emulator/state.ts";
import { DEMO_KEY } from "../../harness/client.ts";

export const emulator = new Emulator(
  { ...DEFAULT_CONFIG, clock: "manual", clockStart: MANUAL_CLOCK_START, seed: 1 },
  STATE,
  await loadFixtures(),
);
const app = createApp(emulator);
const env = { remoteAddr: { hostname: "127.0.0.1" } };
export const now = emulator.clock.now();
const postUrl = signUrl({
  method: "POST",
  url: "http://127.0.0.1:8686/gateway/robot_list",
  ...DEMO_KEY,
  now,
  expires: 86400,
}).url;
const badUrl = postUrl.replace(/Signature=[^&]+/, "Signature=AAAAAAAAAAAAAAAAAAAAAAAAAAA%3D");
const body = '{"robotStatus":1}';
// What every client sends, the length declared.
const headers = {
  "content-type": "application/json; charset=UTF-8",
  "content-length": String(body.length),
  host: "127.0.0.1:8686",
};
const journal = new Journal(5000, undefined, 32 * 1024 * 1024);
const requestText = '{"robotStatus":1}';
const responseText = '{"requestId":"r","code":0,"data":[{"robotId":1,"robotName":"demo"}]}';

/** Each call by its name. */
export const CALLS: Record<string, () => unknown> = {
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
