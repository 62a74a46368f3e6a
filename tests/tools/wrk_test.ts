/** Reading wrk's report: what the throughput benchmark's numbers come from. */
import assert from "node:assert/strict";
import { parseWrk } from "../bench/wrk.ts";

// A report as Debian's wrk 4.1.0 prints it with --latency (a 1 s run against the bare server).
const REPORT = `Running 1s test @ http://127.0.0.1:8798/
  1 threads and 10 connections
  Thread Stats   Avg      Stdev     Max   +/- Stdev
    Latency    79.44us  122.65us   2.29ms   98.03%
    Req/Sec   148.00k    17.81k  158.39k    81.82%
  Latency Distribution
     50%   61.00us
     75%   62.00us
     90%   77.00us
     99%  646.00us
  161329 requests in 1.10s, 25.23MB read
Requests/sec: 146703.14
Transfer/sec:     22.94MB
`;

Deno.test("parseWrk reads requests/s and done, p50 and p99 in ms, and counts failures", () => {
  assert.deepEqual(parseWrk(REPORT), {
    rps: 146703.14,
    requests: 161329,
    p50: 0.061,
    p99: 0.646,
    errors: 0,
    errorKinds: "",
  });
  const failing = REPORT.replace(
    "Requests/sec",
    "  Socket errors: connect 0, read 2, write 0, timeout 3\n  Non-2xx or 3xx responses: 7\nRequests/sec",
  ).replace("99%  646.00us", "99%    1.50s");
  assert.deepEqual(parseWrk(failing), {
    rps: 146703.14,
    requests: 161329,
    p50: 0.061,
    p99: 1500,
    errors: 12,
    errorKinds: "non-2xx 7, read 2, timeout 3",
  });
  assert.throws(() => parseWrk("unable to connect to 127.0.0.1:9 Connection refused"), /wrk said/);
});
