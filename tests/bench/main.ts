/**
 * `deno task bench`: every area's performance targets, measured on this machine. Each area runs in
 * a process of its own, so that one area's heap and garbage do not weigh on the next one's numbers
 * (resident memory above all).
 */
import { printTable, type Row, SECONDS } from "./kit.ts";

const AREAS = [
  "foundation",
  "allocation",
  "memory",
  "gateway",
  "outbound",
  "kb",
  "ui",
  "instances",
] as const;

if (Deno.args[0] === "--area") {
  const area = Deno.args[1] as (typeof AREAS)[number];
  const modules = {
    foundation: async () => (await import("./foundation.ts")).benchFoundation(),
    allocation: async () => (await import("./allocation.ts")).benchAllocation(),
    memory: async () => (await import("./memory.ts")).benchMemory(),
    gateway: async () => (await import("./gateway.ts")).benchGateway(),
    outbound: async () => (await import("./outbound.ts")).benchOutbound(),
    kb: async () => (await import("./kb.ts")).benchKb(),
    ui: async () => (await import("./ui.ts")).benchUi(),
    instances: async () => (await import("./instances.ts")).benchInstances(),
  };
  console.log(JSON.stringify(await modules[area]()));
} else {
  const rows: Row[] = [];
  for (const area of AREAS) {
    const { code, stdout, stderr } = await new Deno.Command(Deno.execPath(), {
      args: ["run", "-A", new URL(import.meta.url).pathname, "--area", area],
      stdout: "piped",
      stderr: "piped",
    }).output();
    if (code !== 0) {
      rows.push([
        `${area} benchmarks`,
        "FAILED",
        new TextDecoder().decode(stderr).split("\n").slice(0, 3).join(" "),
      ]);
      continue;
    }
    rows.push(...JSON.parse(new TextDecoder().decode(stdout).trim().split("\n").at(-1)!) as Row[]);
  }
  printTable(
    `ccemu benchmarks (${SECONDS} s load windows, ${navigator.hardwareConcurrency} cores, one process per area)`,
    rows,
  );
}
