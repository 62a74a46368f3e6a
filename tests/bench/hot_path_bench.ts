/**
 * The signed call's own work, per call, with `deno bench` (no network, no load generator): the
 * verifier and the journal through `app.fetch`, and the signing and journaling functions alone.
 * Machine-bound like any timing, so compared only against itself: the same file run on two
 * commits one after the other (docs/performance.md, "Per-call figures of a refactor").
 *
 *   npx --yes deno@2.9.6 bench -A tests/bench/hot_path_bench.ts
 */
import { createApp } from "../../emulator/app.ts";
import { DEFAULT_CONFIG, MANUAL_CLOCK_START } from "../../emulator/core/config.ts";
import { Emulator } from "../../emulator/core/emulator.ts";
import { Journal } from "../../emulator/core/journal.ts";
import { signUrl, stringToSign } from "../../emulator/signed-api/signature.ts";
import { loadFixtures, STATE } from "../../emulator/state.ts";
import { DEMO_KEY } from "../../harness/client.ts";

const emulator = new Emulator(
  { ...DEFAULT_CONFIG, clock: "manual", clockStart: MANUAL_CLOCK_START, seed: 1 },
  STATE,
  await loadFixtures(),
);
const app = createApp(emulator);
const env = { remoteAddr: { hostname: "127.0.0.1" } };
const now = emulator.clock.now();
const signed = (method: string, url: string) =>
  signUrl({ method, url, ...DEMO_KEY, now, expires: 86400 }).url;

const postUrl = signed("POST", "http://127.0.0.1:8686/gateway/robot_list");
const body = '{"robotStatus":1}';
const postHeaders = {
  "content-type": "application/json; charset=UTF-8",
  "content-length": String(body.length),
  host: "127.0.0.1:8686",
};
const badUrl = postUrl.replace(/Signature=[^&]+/, "Signature=AAAAAAAAAAAAAAAAAAAAAAAAAAA%3D");

Deno.bench("signed POST robot_list through app.fetch (verify, dispatch, journal)", async () => {
  const response = await app.fetch(
    new Request(postUrl, { method: "POST", headers: postHeaders, body }),
    env,
  );
  await response.text();
});

Deno.bench(
  "signed POST with a wrong signature through app.fetch (every candidate tried)",
  async () => {
    const response = await app.fetch(
      new Request(badUrl, { method: "POST", headers: postHeaders, body }),
      env,
    );
    await response.text();
  },
);

Deno.bench("signUrl (the harness's and ccemu sign's signing)", () => {
  signUrl({
    method: "POST",
    url: "http://127.0.0.1:8686/gateway/task_list?pageNum=1&pageSize=20",
    ...DEMO_KEY,
    now,
  });
});

const query: [string, string][] = [
  ["AccessKeyId", "ccemu-demo-key"],
  ["Expires", "600"],
  ["Timestamp", "2026-01-05T01:00:00Z"],
  ["taskName", "spring campaign ~ 中"],
];
Deno.bench("stringToSign of four parameters", () => {
  stringToSign("POST", "127.0.0.1", "/gateway/task_list", query);
});

const journal = new Journal(5000, undefined, 32 * 1024 * 1024);
const requestText = '{"robotStatus":1}';
const responseText = '{"requestId":"r","code":0,"data":[{"robotId":1,"robotName":"demo"}]}';
Deno.bench("Journal.add of an area's entry (a push)", () => {
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
  });
});

Deno.bench("Journal.list of the newest 20 entries", () => {
  emulator.journal.list({ limit: 20 });
});
