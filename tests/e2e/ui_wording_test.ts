/**
 * Wording and robot handling found in a walk of every view, in Debian's chromium: a file that is
 * not a transcript says so, CSV import failures count customers from 1, the callback log's
 * redeliveries read as words, the dialogue names the customer and the robot, "copied curl" goes
 * with its operation; adding the same agent twice picks the first, and the chosen robot's
 * time-outs can be set and the robot removed (confirmed in place).
 */
import assert from "node:assert/strict";
import { Buffer } from "node:buffer";
import { addAgentByUrl, browserTest, watchedPage } from "./browser.ts";

browserTest("UI wording and robot handling", async (t, { running, browser }) => {
  const problems: string[] = [];
  const page = await watchedPage(browser, problems);
  const chat = page.locator("ccemu-conversation");
  const outbound = page.locator("ccemu-outbound");

  await t.step("a file that is not a transcript says what it is not", async () => {
    await page.goto(`${running.url}/#conversations`);
    await chat.locator("#robot option").first().waitFor({ state: "attached" });
    await chat.getByLabel("Import a transcript file").setInputFiles({
      name: "fixture.json",
      mimeType: "application/json",
      buffer: Buffer.from(JSON.stringify({ tasks: [], name: "a fixture" })),
    });
    const alert = page.locator(".problem[role=alert]");
    await alert.waitFor();
    const text = await alert.textContent() ?? "";
    assert.match(text, /This is not a ccemu transcript \(no "ccemu": "transcript" field\)/);
    assert.match(text, /Export transcript/);
    assert.doesNotMatch(text, /is required/);
    await alert.getByLabel("Dismiss").click();
  });

  await t.step("adding the same agent twice picks the first", async () => {
    const robots = chat.locator("#robot option");
    const before = await robots.count();
    await addAgentByUrl(page, "twice bot", "http://127.0.0.1:9/message");
    assert.equal(await robots.count(), before + 1);
    const firstId = await chat.locator("#robot").inputValue();
    await chat.locator('input[name="name"]').fill("twice bot again");
    await chat.locator('input[name="url"]').fill("http://127.0.0.1:9/message");
    await chat.locator("#add-agent").click();
    await chat.locator("#added", { hasText: "Already registered" }).waitFor();
    assert.equal(await robots.count(), before + 1, "no second entry");
    assert.equal(await chat.locator("#robot").inputValue(), firstId);
    const listed = await (await fetch(`${running.url}/_emulator/gateway/robots`)).json();
    assert.equal(listed.robots.length, before + 1);
  });

  await t.step("the chosen robot's time-outs are set, and it is removed", async () => {
    const robotId = await chat.locator("#robot").inputValue();
    await chat.locator("#robot-settings summary").click();
    await chat.getByLabel("Blocking reply (ms)").fill("1234");
    await chat.getByLabel("Stream idle (ms)").fill("5678");
    await chat.locator("#robot-save-timeouts").click();
    await page.waitForFunction(
      async ([url, id]) => {
        const robot = await (await fetch(`${url}/_emulator/gateway/robots/${id}`)).json();
        return robot.timeouts.blockingMs === 1234 && robot.timeouts.streamIdleMs === 5678;
      },
      [running.url, robotId],
    );
    const robots = chat.locator("#robot option");
    const before = await robots.count();
    await chat.locator("#robot-remove").click();
    await chat.locator(".confirm", { hasText: "Remove twice bot and its sessions?" }).waitFor();
    await chat.getByLabel(`Yes, remove robot ${robotId}`).click();
    await chat.locator(`#robot option[value="${robotId}"]`).waitFor({ state: "detached" });
    assert.equal(await robots.count(), before - 1);
    const gone = await fetch(`${running.url}/_emulator/gateway/robots/${robotId}`);
    await gone.body?.cancel();
    const status = gone.status;
    assert.equal(status, 404);
  });

  await t.step("CSV failures count customers from 1; the dialogue names who speaks", async () => {
    await page.goto(`${running.url}/#outbound`);
    await outbound.locator("#new-task").click();
    const form = outbound.locator("ccemu-task-form");
    await form.locator("#name").fill("Wording campaign");
    await form.locator("#script").selectOption("3001");
    await form.getByRole("button", { name: "Create task" }).click();
    await page.waitForFunction(() => /^#outbound\/\d+$/.test(location.hash));
    await outbound.getByLabel("Customers as CSV").fill(
      "phone,name,客户姓名,分期金额\nnot-a-phone,甲,甲,1\n19900000000,张三,张三,2888\n",
    );
    await outbound.locator("#import").click();
    await outbound.locator("#import-answer", { hasText: "1 of 2 imported" }).waitFor();
    const failure = await outbound.locator(".import-failure").textContent() ?? "";
    assert.match(failure, /^customer 1 \(not-a-phone\): phone is missing/);

    await outbound.getByRole("button", { name: "Start" }).click();
    await outbound.locator("#advance-idle").click();
    await outbound.locator("#task-status", { hasText: "completed" }).waitFor();
    await outbound.locator("tr.call", { hasText: "19900000000" }).click();
    await outbound.locator("#dialogue .log").first().waitFor();
    const speakers = await outbound.locator("#dialogue .log strong").allTextContents();
    assert.ok(speakers.includes("customer") && speakers.includes("robot"), speakers.join());
    assert.ok(!speakers.includes("ME") && !speakers.includes("AI"), speakers.join());
    const title = await outbound.locator("#dialogue .log strong", { hasText: "customer" }).first()
      .getAttribute("title");
    assert.match(title ?? "", /ME/);
  });

  await t.step("a redelivery in the callback log reads as words", async () => {
    const text = await page.evaluate(async () => {
      const panel = document.createElement("ccemu-callbacks") as HTMLElement & {
        deliveries: unknown[];
        updateComplete: Promise<unknown>;
      };
      const row = (deliveryId: number, redeliveryOf?: number) => ({
        deliveryId,
        callInstanceId: 7,
        status: "delivered",
        attempts: [{ at: 0, status: 200, latencyMs: 3 }],
        nextAttemptAt: null,
        sending: false,
        ...(redeliveryOf ? { redeliveryOf } : {}),
      });
      panel.deliveries = [row(2), row(3, 2)];
      document.body.append(panel);
      await panel.updateComplete;
      const cell = panel.shadowRoot!.querySelector<HTMLElement>('tr[data-delivery="3"] td')!;
      const out = { text: cell.innerText.replace(/\s+/g, " ").trim(), title: cell.title };
      panel.remove();
      return out;
    });
    assert.equal(text.text, "3 again of delivery 2");
    assert.equal(text.title, "delivery 3, again of 2");
  });

  await t.step("copied curl goes when another operation is chosen", async () => {
    await page.goto(`${running.url}/#api`);
    const api = page.locator("ccemu-api");
    const send = async (operation: string) => {
      await api.locator(".op", { hasText: operation }).click();
      await api.locator("h3", { hasText: operation }).waitFor();
      await api.locator("#answer-body").waitFor({ state: "detached" });
      await api.locator("#send").click();
      await api.locator("#answer-body").waitFor();
    };
    await send("/gateway/robot_list");
    await api.getByRole("button", { name: "Copy as curl" }).click();
    await api.getByText("copied curl").waitFor();
    await send("/gateway/task_create");
    assert.equal(await api.getByText("copied curl").count(), 0);
  });

  await t.step(
    "task_execute's command help is the state diagram, not a pointer to it",
    async () => {
      await page.goto(`${running.url}/#api/task_execute`);
      const help = page.locator("ccemu-api label", { hasText: "command" });
      await help.waitFor();
      const text = await help.textContent() ?? "";
      assert.match(text, /1 start: 未开始 not started \(0\), 手动暂停 user-paused \(4\) -> 可运行/);
      assert.match(text, /3 terminate: .* -> 已终止 terminated \(6\)/);
      assert.doesNotMatch(text, /README/);
    },
  );

  assert.deepEqual(problems, []);
});
