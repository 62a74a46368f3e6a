/**
 * A started outbound task through the signed API, as a client makes one: created on script 3001
 * from line 501, the phones imported with the script's variables, then started (command 1).
 */
import type { RunningEmulator } from "../../harness/mod.ts";

const E = "7000001";

export async function startedTask(
  ccemu: RunningEmulator,
  phones: string[],
  { name = "callbacks", concurrencyNum = 2 } = {},
): Promise<number> {
  const api = ccemu.client();
  const created = await api.post("/gateway/task_create", {
    enterpriseId: E,
    callJobName: name,
    callJobType: 2,
    robotDefId: 3001,
    userPhoneIds: "[501]",
    concurrencyNum,
    concurrencyQuota: 1,
  });
  const callJobId = (created.body.result as { callJobId: number }).callJobId;
  const rows = phones.map((phone) => ({
    phone,
    name: "王小明",
    properties: { 客户姓名: "王小明", 分期金额: 2888, orderId: `o-${phone}` },
  }));
  await api.post("/gateway/task_import", {
    enterpriseId: E,
    callJobId,
    customerInfoVOList: JSON.stringify(rows),
  });
  await api.post("/gateway/task_execute", { enterpriseId: E, callJobId, command: 1 });
  return callJobId;
}
