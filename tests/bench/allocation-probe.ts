/**
 * What a signed call allocates, in process, measured where the machine's speed does not enter.
 * Run by allocation.ts with `--expose-gc`, a 512 MiB young generation and allocation folding off;
 * prints one JSON object.
 *
 * Bytes: V8's used heap over a fixed number of calls through `app.fetch` (no network), a collection
 * forced before, the young generation large enough that none runs during them.
 *
 * Objects, and where the bytes go: V8's sampling heap profiler (`node:inspector`), sampling every
 * byte (interval 1), with the samples of collected objects kept, so each allocation is one sample
 * with its size and the stack that made it. Optimized code folds objects allocated together into
 * one allocation; the flags turn that off, so an object counts once whoever allocated it (its
 * bytes do not change). Objects that escape analysis removed were never created, and count none.
 * Bytes outside V8's heap (ArrayBuffers' contents, the journal's segments) count in neither.
 */
import { Session } from "node:inspector";
import { getHeapStatistics } from "node:v8";
import { createApp } from "../../emulator/app.ts";
import { DEFAULT_CONFIG, MANUAL_CLOCK_START } from "../../emulator/core/config.ts";
import { Emulator } from "../../emulator/core/emulator.ts";
import { signUrl } from "../../emulator/signed-api/signature.ts";
import { loadFixtures, STATE } from "../../emulator/state.ts";
import { DEMO_KEY } from "../../harness/client.ts";

const CALLS = Number(Deno.env.get("ALLOC_CALLS") ?? 4000);
/** Fewer under the profiler: every object is a sample, and the profile comes back as JSON. */
const PROFILED_CALLS = Number(Deno.env.get("ALLOC_PROFILED_CALLS") ?? 500);
/**
 * Calls before counting: enough for V8 to optimize the path as a running server has (after 2,000
 * a signed call still allocated 5 KB more, in code not yet optimized: iterators, arguments).
 */
const WARM = Number(Deno.env.get("ALLOC_WARM") ?? 20000);
const TOP = Number(Deno.env.get("ALLOC_TOP") ?? 10);
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
// What every client sends, the length declared (the JDK's, curl, wrk).
const headers = {
  "content-type": "application/json; charset=UTF-8",
  "content-length": String(body.length),
  host: "127.0.0.1:8686",
};
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

async function bytesPerCall(call: () => Promise<string>): Promise<number> {
  for (let i = 0; i < WARM; i++) await call();
  gc();
  const before = getHeapStatistics().used_heap_size;
  for (let i = 0; i < CALLS; i++) await call();
  return (getHeapStatistics().used_heap_size - before) / CALLS;
}

// --- the sampling heap profiler, through the inspector's protocol -----------------------------

interface CallFrame {
  functionName: string;
  url: string;
}
interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children: ProfileNode[];
}
interface Sample {
  size: number;
  nodeId: number;
}

const session = new Session();
session.connect();
const post = <T>(method: string, params: object = {}) =>
  new Promise<T>((resolve, reject) =>
    session.post(
      method,
      params,
      (error: Error | null, result?: object) => error ? reject(error) : resolve(result as T),
    )
  );
await post("HeapProfiler.enable");

const ROOT = new URL("../../", import.meta.url).href;
/**
 * `name file`, the file relative to the repository. No line: the profile's are the transpiled
 * JavaScript's, not the TypeScript's.
 */
function site({ functionName, url }: CallFrame): string {
  const file = url.startsWith(ROOT) ? url.slice(ROOT.length) : url.replace(/^.*\//, "");
  return `${functionName || "(anonymous)"} ${file}`;
}
const fileOf = ({ url }: CallFrame) => url.replace(/^.*\//, "");
/** Frames in ccemu's own code (not the bench's, not Deno's, not a dependency's). */
const ownCode = (frame: CallFrame) =>
  frame.url.startsWith(ROOT) && !frame.url.startsWith(`${ROOT}tests/`);

interface Part {
  site: string;
  bytes: number;
  objects: number;
}

/**
 * Objects and bytes per call under the profiler, and the parts: each allocation is put on the
 * innermost frame of ccemu's own code on its stack (what ccemu can change), with the innermost
 * frame that allocated it after `<-` when that one is not ccemu's (a built-in, Deno's code, a
 * dependency's); one with no frame of ccemu's is the caller's, counted apart.
 * Runs after `bytesPerCall` has warmed the same call up.
 */
async function profile(call: () => Promise<string>) {
  await post("HeapProfiler.startSampling", {
    samplingInterval: 1,
    includeObjectsCollectedByMajorGC: true,
    includeObjectsCollectedByMinorGC: true,
  });
  for (let i = 0; i < PROFILED_CALLS; i++) await call();
  const { profile } = await post<{ profile: { head: ProfileNode; samples: Sample[] } }>(
    "HeapProfiler.stopSampling",
  );
  // Labels; undefined: no frame of ccemu's on the stack (the caller's request and reading).
  const label = new Map<number, string | undefined>();
  const walk = (node: ProfileNode, own: CallFrame | undefined, leaf: CallFrame | undefined) => {
    const frame = node.callFrame;
    const named = frame.url !== "" ? frame : leaf; // a built-in's frame has no script
    const ownHere = ownCode(frame) ? frame : own;
    // Past ccemu's frame, the file that allocated (Deno's `20_headers.js`, zod's `schemas.js`)
    // or the built-in (`slice`, `join`): a dependency's parts add up under one name.
    label.set(
      node.id,
      !ownHere
        ? undefined
        : named === ownHere || !named
        ? site(ownHere)
        : `${site(ownHere)} <- ${
          frame.url === "" && frame.functionName ? frame.functionName : fileOf(named)
        }`,
    );
    for (const child of node.children) walk(child, ownHere, named);
  };
  walk(profile.head, undefined, undefined);
  const parts = new Map<string, Part>();
  let bytes = 0, outsideBytes = 0, outsideObjects = 0;
  for (const { size, nodeId } of profile.samples) {
    bytes += size;
    const name = label.get(nodeId);
    if (name === undefined) {
      outsideBytes += size;
      outsideObjects++;
      continue;
    }
    const part = parts.get(name) ?? { site: name, bytes: 0, objects: 0 };
    part.bytes += size;
    part.objects++;
    parts.set(name, part);
  }
  const per = (n: number) => n / PROFILED_CALLS;
  return {
    objects: per(profile.samples.length),
    profiledBytes: per(bytes),
    /** What no frame of ccemu's allocated: the request built and the answer read, as the bare pair. */
    outside: { bytes: per(outsideBytes), objects: per(outsideObjects) },
    parts: [...parts.values()]
      .sort((a, b) => b.bytes - a.bytes)
      .slice(0, TOP)
      .map((p) => ({ site: p.site, bytes: per(p.bytes), objects: per(p.objects) })),
  };
}

const bareBytes = await bytesPerCall(bare);
const signedBytes = await bytesPerCall(signed);
const bareProfile = await profile(bare);
const signedProfile = await profile(signed);
await post("HeapProfiler.disable");
session.disconnect();
emulator.close();
console.log(JSON.stringify({
  calls: CALLS,
  profiledCalls: PROFILED_CALLS,
  bareBytes,
  signedBytes,
  bareObjects: bareProfile.objects,
  signedObjects: signedProfile.objects,
  bareProfiledBytes: bareProfile.profiledBytes,
  signedProfiledBytes: signedProfile.profiledBytes,
  signedParts: signedProfile.parts,
  signedOutside: signedProfile.outside,
}));
