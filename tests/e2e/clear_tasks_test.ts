/**
 * Clearing one area at a time and deleting a task in place (issue 43, the Firebase Emulator Suite
 * and LocalStack rows): in the Outbound view, a task's Delete and "Clear all tasks", each confirmed
 * in place ("Keep" backs out, changing nothing), delete through `DELETE
 * /_emulator/outbound/tasks[/:callJobId]`; the chosen task's panes close, scripts and lines stay,
 * and moving the clock afterwards makes no call for the deleted tasks.
 */
import assert from "node:assert/strict";
import { SignedClient } from "../../harness/client.ts";
import { browserTest, quickPage, SHOTS } from "./browser.ts";

browserTest("outbound: Delete beside a task and Clear all tasks, each confirmed in place", async (
  _t,
  { running, browser },
) => {
  const api = new SignedClient({ url: running.url, now: () => running.emulator.clock.now() });
  const E = "7000001";
  const newTask = async (name: string) => {
    const created = await api.post("/gateway/task_create", {
      enterpriseId: E,
      callJobName: name,
      callJobType: 2,
      robotDefId: 3001,
      userPhoneIds: "[501]",
      concurrencyNum: 1,
      concurrencyQuota: 1,
    });
    const callJobId = (created.body.result as { callJobId: number }).callJobId;
    const rows = ["19900000001", "19900000002"].map((phone) => ({
      phone,
      name: "王小明",
      properties: { 客户姓名: "王小明", 分期金额: 2888 },
    }));
    await api.post("/gateway/task_import", {
      enterpriseId: E,
      callJobId,
      customerInfoVOList: JSON.stringify(rows),
    });
    await api.post("/gateway/task_execute", { enterpriseId: E, callJobId, command: 1 });
    return callJobId;
  };
  const tasks = async () =>
    (await (await fetch(`${running.url}/_emulator/outbound/tasks`)).json()).tasks.map((
      t: { callJobId: number },
    ) => t.callJobId);
  const first = await newTask("first campaign");
  const second = await newTask("second campaign");
  const before = await tasks();
  assert.ok(before.includes(first) && before.includes(second));

  const problems: string[] = [];
  const page = await quickPage(browser, problems);
  const outbound = page.locator("ccemu-outbound");
  await page.goto(`${running.url}/#outbound/${first}`);
  await outbound.locator("h3", { hasText: `${first} first campaign` }).waitFor();

  // One task: Delete asks in place; Keep backs out and changes nothing.
  const row = outbound.locator(`tr.task[data-id="${first}"]`);
  await row.getByRole("button", { name: `Delete task ${first}` }).click();
  await row.getByText("Delete?").waitFor();
  await row.getByRole("button", { name: "Keep" }).click();
  assert.deepEqual(await tasks(), before, "Keep deletes nothing");
  assert.equal(await page.evaluate(() => location.hash), `#outbound/${first}`, "not picked again");
  await row.getByRole("button", { name: `Delete task ${first}` }).click();
  await page.screenshot({ path: `${SHOTS}delete-task-1280.png` });
  await row.getByRole("button", { name: `Yes, delete task ${first} with its calls` }).click();
  await row.waitFor({ state: "detached" });
  assert.deepEqual(await tasks(), before.filter((id: number) => id !== first));
  await outbound.getByText("Pick a task.").waitFor();
  assert.equal(await page.evaluate(() => location.hash), "#outbound");

  // The whole area: Clear all tasks asks with the count, then every task goes.
  await outbound.locator("#clear-tasks").click();
  const confirm = outbound.locator("#clear-tasks-confirm");
  assert.match(
    (await confirm.textContent() ?? "").replace(/\s+/g, " "),
    new RegExp(`Delete all ${before.length - 1} tasks with their calls and callbacks\\?`),
  );
  await page.screenshot({ path: `${SHOTS}clear-tasks-1280.png` });
  await outbound.locator("#clear-tasks-yes").click();
  await outbound.getByText("No task yet.").waitFor();
  assert.deepEqual(await tasks(), []);
  assert.equal(await outbound.locator("#clear-tasks").count(), 0, "nothing left to clear");
  const resources = await (await fetch(`${running.url}/_emulator/outbound/resources`)).json();
  assert.ok(resources.scripts.length && resources.lines.length, "scripts and lines stay");

  // Nothing fires for the deleted tasks: the clock moves a day, no call is journaled.
  const calls = () => running.emulator.journal.size;
  const size = calls();
  await outbound.locator("#advance-idle").click();
  await outbound.locator("#idle-note", { hasText: "every task is idle" }).waitFor();
  assert.equal(calls(), size, "no call, SMS or callback afterwards");
  assert.deepEqual(problems, []);
});
