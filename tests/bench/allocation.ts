/**
 * Allocation per signed call (issue 36's steady figure): what ccemu allocates does not depend on
 * the machine's speed the way requests a second do. In process through `app.fetch` (the parts
 * named), and as served over node:http next to a bare node:http server (allocation-wire-probe.ts). The probe runs in a process of its own with
 * `--expose-gc`, a 512 MiB young generation (no collection runs while it counts) and V8's
 * allocation folding off (each object is one allocation for the heap profiler to count; the bytes
 * are the same with it on). Rows: bytes and objects per signed call and per bare pair, what of
 * the signed call's is the caller's own (outside ccemu's code), then the ten parts of ccemu's that
 * allocate most, bytes and objects, by where in ccemu's code (allocation-probe.ts says how they
 * are found).
 */
import { fixed, type Row, verdict } from "./kit.ts";
import { ensureWrk } from "./wrk.ts";

const PROBE = new URL("./allocation-probe.ts", import.meta.url).pathname;
const WIRE_PROBE = new URL("./allocation-wire-probe.ts", import.meta.url).pathname;
const TARGET_BYTES = 12 * 1024;

/** The V8 flags the probe runs with. */
export const PROBE_V8_FLAGS = [
  "--expose-gc",
  "--min-semi-space-size=512",
  "--max-semi-space-size=512",
  "--no-enable-allocation-folding",
  "--no-turbo-allocation-folding",
  "--maglev-allocation-folding=0",
].join(",");

interface Part {
  site: string;
  bytes: number;
  objects: number;
}

/** Runs a probe with the probe's flags; answers the JSON it printed. */
async function probe(path: string) {
  const { code, stdout, stderr } = await new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", `--v8-flags=${PROBE_V8_FLAGS}`, path],
    stdout: "piped",
    stderr: "piped",
  }).output();
  if (code !== 0) throw new Error(new TextDecoder().decode(stderr));
  return JSON.parse(new TextDecoder().decode(stdout));
}

export async function benchAllocation(): Promise<Row[]> {
  const measured = await probe(PROBE);
  await ensureWrk();
  const wire = await probe(WIRE_PROBE);
  const { calls, profiledCalls, bareBytes, signedBytes, bareObjects, signedObjects } = measured;
  const kb = (bytes: number) => `${fixed(bytes / 1024)} KB`;
  const objects = (n: number) => `${fixed(n, 0)} objects`;
  return [
    [
      "allocated per signed robot_list, in process",
      `${kb(signedBytes)}, ${objects(signedObjects)}`,
      `V8 used heap over ${calls} calls through app.fetch, no collection between; objects from ` +
      `V8's heap profiler over ${profiledCalls} calls; ${
        verdict(signedBytes <= TARGET_BYTES, "<= 12 KB")
      }`,
    ],
    [
      "allocated per bare Request + Response pair, in process",
      `${kb(bareBytes)}, ${objects(bareObjects)}`,
      "the floor: the same request and answer built and read, nothing else",
    ],
    [
      "allocated per signed robot_list, served over node:http",
      kb(wire.signedBytes),
      "V8 used heap over 1 s of wrk at one connection, per request completed; node:http's own " +
      "objects included (the bare server below pays them too), the journal's segments not",
    ],
    [
      "allocated per request by a bare node:http server, same answer",
      kb(wire.bareBytes),
      `the floor on the wire; ccemu's own share: ${kb(wire.signedBytes - wire.bareBytes)}`,
    ],
    [
      "  signed call's bytes outside ccemu's code",
      `${fixed(measured.signedOutside.bytes, 0)} B, ${fixed(measured.signedOutside.objects, 1)}`,
      "the request built and the answer read, as the bare pair does; then ccemu's ten largest parts:",
    ],
    ...(measured.signedParts as Part[]).map((part, i): Row => [
      `  signed call's bytes, part ${i + 1}`,
      `${fixed(part.bytes, 0)} B, ${fixed(part.objects, 1)}`,
      part.site,
    ]),
  ];
}
