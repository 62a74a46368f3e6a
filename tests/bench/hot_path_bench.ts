/**
 * The signed call's own work, per call, with `deno bench` (no network, no load generator): the
 * verifier and the journal through `app.fetch`, and the signing and journaling functions alone
 * (hot_path_calls.ts). Machine-bound like any timing, so compared only against itself: the same
 * file run on two commits one after the other (docs/performance.md, "Per-call figures of a
 * refactor").
 *
 *   npx --yes deno@2.9.6 bench -A tests/bench/hot_path_bench.ts
 */
import { stringToSign } from "../../emulator/signed-api/signature.ts";
import { CALLS, emulator } from "./hot_path_calls.ts";

Deno.bench("signed POST robot_list through app.fetch (verify, dispatch, journal)", async () => {
  await CALLS["signed-post"]();
});

Deno.bench(
  "signed POST with a wrong signature through app.fetch (every candidate tried)",
  async () => {
    await CALLS["signed-bad"]();
  },
);

Deno.bench("signUrl (the harness's and ccemu sign's signing)", () => {
  CALLS["sign-url"]();
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

Deno.bench("Journal.add of an area's entry (a push)", () => {
  CALLS["journal-add"]();
});

Deno.bench("Journal.list of the newest 20 entries", () => {
  emulator.journal.list({ limit: 20 });
});
