/**
 * Allocation per signed call (issue 36's steady figure): what ccemu allocates does not depend on
 * the machine's speed the way requests a second do. The probe runs in a process of its own with
 * `--expose-gc` and a 512 MiB young generation, so that no collection runs while it counts.
 */
import { fixed, type Row, verdict } from "./kit.ts";

const PROBE = new URL("./allocation-probe.ts", import.meta.url).pathname;
const TARGET_BYTES = 12 * 1024;

export async function benchAllocation(): Promise<Row[]> {
  const { code, stdout, stderr } = await new Deno.Command(Deno.execPath(), {
    args: [
      "run",
      "-A",
      "--v8-flags=--expose-gc,--min-semi-space-size=512,--max-semi-space-size=512",
      PROBE,
    ],
    stdout: "piped",
    stderr: "piped",
  }).output();
  if (code !== 0) throw new Error(new TextDecoder().decode(stderr));
  const { calls, bareBytes, signedBytes } = JSON.parse(new TextDecoder().decode(stdout));
  const kb = (bytes: number) => `${fixed(bytes / 1024)} KB`;
  return [
    [
      "allocated per signed robot_list, in process",
      kb(signedBytes),
      `V8 used heap over ${calls} calls through app.fetch, no collection between; ${
        verdict(signedBytes <= TARGET_BYTES, "<= 12 KB")
      }`,
    ],
    [
      "allocated per bare Request + Response pair, in process",
      kb(bareBytes),
      "the floor: the same request and answer built and read, nothing else",
    ],
  ];
}
