/**
 * Runs one of hot_path_calls.ts's calls `CALLS` times, for counting instructions under callgrind
 * where timings are noise (a shared machine): the count of a run with more calls less that of a
 * run with fewer, over the difference, is the instructions a call takes once warm.
 *
 *   CALLS=8000 valgrind --tool=callgrind --callgrind-out-file=/dev/null \
 *     deno run -A --no-check tests/bench/hot_path_count.ts signed-post
 */
import { CALLS } from "./hot_path_calls.ts";

const times = Number(Deno.env.get("CALLS") ?? 1000);
const call = CALLS[Deno.args[0]];
if (!call) throw new Error(`the call to repeat: one of ${Object.keys(CALLS).join(", ")}`);
for (let i = 0; i < times; i++) await call();
