/** Shared by the stubs' tests: the control API's stub routes, and a task_create body. */
import type { RunningEmulator } from "../../harness/mod.ts";

export const ENTERPRISE = "7000001";
export const TASK_CREATE = "/gateway/task_create";
export const TREE = "/aikb/list_directory_tree";

/** A call of `/_emulator/stubs{path}`: its status and JSON. */
export async function stubs(
  ccemu: RunningEmulator,
  method: string,
  path = "",
  body?: unknown,
): Promise<{ status: number; body: Record<string, unknown> & { error?: { message: string } } }> {
  const response = await fetch(`${ccemu.url}/_emulator/stubs${path}`, {
    method,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, body: await response.json() };
}

/** Adds a stub and answers it as stored (throws on a refusal). */
export async function addStub(ccemu: RunningEmulator, stub: unknown) {
  const added = await stubs(ccemu, "POST", "", stub);
  if (added.status !== 201) throw new Error(`stub refused: ${JSON.stringify(added.body)}`);
  return added.body as { id: number; matched: number; answered: number };
}

/** A valid task_create body. */
export const taskCreate = (callJobName: string) => ({
  enterpriseId: ENTERPRISE,
  callJobName,
  callJobType: 2,
  robotDefId: 3001,
  userPhoneIds: "[501]",
  concurrencyNum: 2,
  concurrencyQuota: 1,
});

/** The outbound slice and its id sequences: what a task_create would change. */
export function outboundState(ccemu: RunningEmulator): string {
  const { state } = ccemu.snapshot();
  return JSON.stringify({ outbound: state.outbound, next: state.sequences.callJobId });
}
