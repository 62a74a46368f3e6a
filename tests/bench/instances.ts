/**
 * Instances through the npm package's Node API (issue 32): what a Node test suite pays per test
 * with one ccemu process shared by all of them.
 *   1. create an instance -> its first signed call -> delete it, median and p99 over 200
 *      (target: median <= 10 ms);
 *   2. the ccemu process's resident memory per idle instance: before and after 50, divided by 50
 *      (target: <= 2 MB).
 * The package is built (`deno task pack`) and installed in an empty Node project, as a user gets
 * it; instances-client.mjs measures from Node.
 */
import { pathToFileURL } from "node:url";
import { nodeProject, packTarball, run } from "../package/node_project.ts";
import { fixed, type Row, verdict } from "./kit.ts";

const CLIENT = new URL("./instances-client.mjs", import.meta.url).pathname;
const ITERATIONS = 200;
const IDLE = 50;

export async function benchInstances(): Promise<Row[]> {
  const project = await nodeProject(await packTarball());
  try {
    const api = pathToFileURL(`${project}/node_modules/ccemu/lib/index.js`).href;
    const measured = await run("node", [CLIENT, api, String(ITERATIONS), String(IDLE)], project);
    if (measured.code !== 0) throw new Error(measured.err);
    const result = JSON.parse(measured.out.trim().split("\n").at(-1)!);
    const perMb = result.perIdleInstance / 1024 / 1024;
    return [
      [
        `instances: create -> first signed call -> delete (Node API, ${ITERATIONS} after warm-up)`,
        `median ${fixed(result.medianMs, 2)} ms`,
        `p99 ${fixed(result.p99Ms, 2)} ms; ${verdict(result.medianMs <= 10, "<= 10 ms median")}`,
      ],
      [
        `instances: memory per idle instance (ccemu's RSS before and after ${IDLE})`,
        `${fixed(perMb, 2)} MB`,
        `${fixed(result.rssBefore / 1024 / 1024, 0)} -> ${
          fixed(result.rssAfter / 1024 / 1024, 0)
        } MB; ${verdict(perMb <= 2, "<= 2 MB")}`,
      ],
    ];
  } finally {
    await Deno.remove(project, { recursive: true });
  }
}
