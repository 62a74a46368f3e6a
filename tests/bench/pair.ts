/**
 * A change's before and after in one run: the signed `robot_list` of this checkout and of another
 * (a checkout of the commit before, say), beside a bare `node:http` server answering the same
 * bytes, under wrk at 1, 50 and 200 connections, in the foundation bench's alternating rounds. This
 * VM's speed drifts by a fifth for minutes, so figures of two runs do not compare; these do. The
 * servers' CPU time per request is printed too, which the drifts move much less.
 *
 *   git worktree add /tmp/before <commit>
 *   BENCH_SECONDS=3 npx --yes deno@2.9.6 run -A tests/bench/pair.ts /tmp/before
 */
import { CCEMU_ARGS, fixed, MAIN, median, signedClient, spawnServer } from "./kit.ts";
import { BARE, cpuPerRequest, ratio, rounds, type Target } from "./foundation.ts";
import { ensureWrk, pinTo } from "./wrk.ts";

const other = Deno.args[0];
if (!other) throw new Error("usage: pair.ts OTHER_CHECKOUT (a directory holding main.ts)");
await ensureWrk();
const after = await spawnServer(MAIN, CCEMU_ARGS, pinTo(0));
const before = await spawnServer(`${other}/main.ts`, CCEMU_ARGS, pinTo(0), true);
const client = await signedClient(after.url);
const answer = await Deno.makeTempFile({ suffix: ".json" });
const { body: answered } = await client.post("/gateway/robot_list", { robotStatus: 1 });
await Deno.writeTextFile(answer, JSON.stringify(answered));
const node = await spawnServer(BARE, ["--answer", answer, "--node"], pinTo(0));
try {
  const body = JSON.stringify({ robotStatus: 1 });
  const signedUrl = client.signedUrl("POST", "/gateway/robot_list");
  // Both ccemus start with the same seed and clock: one signed URL serves both.
  const path = signedUrl.slice(new URL(signedUrl).origin.length);
  const signed = (origin: string, pid: number): Target => ({
    origin,
    pid,
    request: { method: "POST", path, body },
  });
  for (const connections of [1, 50, 200]) {
    const results = await rounds({
      before: signed(before.url, before.pid),
      after: signed(after.url, after.pid),
      node: { origin: node.url, pid: node.pid, request: { method: "POST", path: "/", body } },
    }, connections);
    const rps = (name: string) => fixed(median(results[name].map((r) => r.rps)), 0);
    const toNode = (name: string) => ratio(results[name], results.node);
    const cpu = (name: string) => fixed(cpuPerRequest(results[name]), 1);
    console.log(
      `${connections} conn.: before ${rps("before")} req/s (${
        fixed(toNode("before").median, 2)
      }x bare node:http; rounds ${toNode("before").rounds}), after ${rps("after")} req/s (${
        fixed(toNode("after").median, 2)
      }x; rounds ${toNode("after").rounds}), bare node:http ${rps("node")} req/s; after/before ${
        fixed(ratio(results.after, results.before).median, 3)
      }x; server CPU a request: before ${cpu("before")} µs, after ${cpu("after")} µs, bare ${
        cpu("node")
      } µs`,
    );
  }
} finally {
  await node.stop();
  await before.stop();
  await after.stop();
  await Deno.remove(answer);
}
