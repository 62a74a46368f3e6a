/**
 * The npm package's Node API: `startCcemu()`. The declarations users get are ../types/index.d.ts
 * (bodies typed from ccemu's OpenAPI document); signing is ccemu's own (harness/client.ts over
 * emulator/signed-api/signature.ts), bundled in, not written again for Node.
 */
import type { Ccemu, CcemuOptions } from "../types/index.d.ts";
import { control } from "./control.ts";
import { Instance, type InstanceInfo } from "./instance.ts";
import { startOwnProcess } from "./own.ts";
import { type InstanceRequest, instanceRequest } from "./request.ts";
import type { CcemuProcess } from "./process.ts";
import { acquireShared, releaseShared } from "./shared.ts";

export { CcemuError } from "./control.ts";

function createIn(ccemu: CcemuProcess, request: InstanceRequest): Promise<InstanceInfo> {
  return control<InstanceInfo>(ccemu.url, "POST", "/_emulator/instances", request);
}

/**
 * Starts an emulator for one test: an instance of the shared ccemu process (started on first use),
 * or of a process of its own with `process: "own"`.
 *
 * @example In a Node test (node:test, Jest, Vitest), from the npm package
 * ```ts ignore
 * // Not run by `deno test --doc`: this is Node code against the packed npm package
 * // (tests/package/node_api_test.ts runs the same calls under Node).
 * import { startCcemu } from "ccemu";
 *
 * await using ccemu = await startCcemu();
 * const { status, body } = await ccemu.call("POST", "/gateway/robot_list", { robotStatus: 1 });
 * console.log(status, body.requestId);
 * ```
 */
export async function startCcemu(options: CcemuOptions = {}): Promise<Ccemu> {
  const request = instanceRequest(options);
  if (options.process === "own") return await startOwn(request, options.args ?? []);
  if (options.args) {
    throw new TypeError('startCcemu: `args` are flags of a process of its own: add process: "own"');
  }
  const ccemu = await acquireShared();
  let info;
  try {
    info = await createIn(ccemu, request);
  } catch (error) {
    releaseShared(ccemu);
    throw error;
  }
  return new Instance(info, async () => {
    try {
      await control(ccemu.url, "DELETE", `/_emulator/instances/${info.id}`);
    } catch (error) {
      // A process that has ended took its instances with it: nothing is left to stop.
      if (!ccemu.ended) throw error;
    } finally {
      releaseShared(ccemu);
    }
  });
}

/** A process for this emulator alone (own.ts), stopped with it. */
async function startOwn(request: InstanceRequest, args: string[]): Promise<Ccemu> {
  const { ccemu, info } = await startOwnProcess(request, args);
  return new Instance(info, () => ccemu.stop());
}
