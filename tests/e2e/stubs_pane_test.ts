/**
 * Stubs in the UI (issue 44, 3): the Stubs pane beside Faults adds a stub; a signed call then
 * gets the stub's answer, and the pane shows its counts; the inspector's "Stub like this" opens
 * the form with an exchange's operation, key, parameters and answer, to edit and add.
 */
import assert from "node:assert/strict";
import { signUrl } from "../../emulator/signed-api/signature.ts";
import type { RunningEmulator } from "../../emulator/server.ts";
import { DEMO_KEY } from "../../harness/client.ts";
import { browserTest, SHOTS, watchedPage } from "./browser.ts";

/** A signed POST robot_list at ccemu's virtual time. */
async function robotList(running: RunningEmulator, robotStatus: number) {
  const { url } = signUrl({
    method: "POST",
    url: `${running.url}/gateway/robot_list`,
    accessKeyId: DEMO_KEY.accessKeyId,
    accessKeySecret: DEMO_KEY.accessKeySecret,
    now: running.emulator.clock.now(),
  });
  const response = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ enterpriseId: "7000001", robotStatus }),
  });
  return { status: response.status, json: await response.json() };
}

browserTest("stubs: added in the pane, answering a signed call, counted", async (t, ui) => {
  const { running, browser } = ui;
  const problems: string[] = [];
  const page = await watchedPage(browser, problems);
  await page.goto(`${running.url}/#overview`);
  const pane = page.locator("ccemu-state-controls #stubs");
  const form = page.locator("ccemu-stubs");

  await t.step("the pane adds a stub", async () => {
    await pane.locator("summary", { hasText: "Stubs (0)" }).click();
    await form.locator("#no-stubs").waitFor();
    await form.locator("#stub-operation").fill("robot_list");
    await form.locator("#stub-when").fill('{"body": {"$.robotStatus": 1}}');
    await form.locator("#stub-body").fill(
      '{"requestId": "{{requestId}}", "result": {"list": []}, "from": "the pane"}',
    );
    await form.locator("#stub-note").fill("empty list");
    await form.locator("#add-stub").click();
    await page.locator("#state-notice", { hasText: "Stub 1 added." }).waitFor();
    await form.locator("tr[data-stub='1']", { hasText: "/gateway/robot_list" }).waitFor();
  });

  await t.step("a signed call gets the stub's answer, and the pane counts it", async () => {
    const stubbed = await robotList(running, 1);
    assert.equal(stubbed.status, 200);
    assert.deepEqual(stubbed.json.result, { list: [] });
    assert.equal(stubbed.json.from, "the pane");
    const other = await robotList(running, 0);
    assert.equal(other.json.from, undefined, "another request: the state's answer");
    await form.locator("tr[data-stub='1'] td.counts", { hasText: "1 / 1" }).waitFor();
    await pane.locator("summary", { hasText: "Stubs (1, answered 1)" }).waitFor();
    await page.screenshot({ path: `${SHOTS}stubs-pane.png` });
  });

  await t.step("the inspector marks the answer as the stub's, with its warning", async () => {
    const entry = running.emulator.journal.list().find((e) => e.stub)!;
    await page.goto(`${running.url}/#inspector/${entry.id}`);
    const note = page.locator("ccemu-inspector #stub-note");
    await note.waitFor();
    assert.match(await note.innerText(), /Answered by stub 1 \(empty list\)/);
    assert.match(await note.locator("#stub-findings").innerText(), /\$\.from not in/);
  });

  await t.step("a stub is removed from the pane", async () => {
    await pane.locator("summary").click();
    await form.getByRole("button", { name: "Remove stub 1" }).click();
    await form.locator("#no-stubs").waitFor();
  });
  assert.deepEqual(problems, []);
});

browserTest(
  "stubs: 'Stub like this' on an exchange opens the form with its answer",
  async (t, ui) => {
    const { running, browser } = ui;
    const problems: string[] = [];
    const page = await watchedPage(browser, problems);
    const real = await robotList(running, 1);
    const id = running.emulator.journal.list().at(-1)!.id;
    await page.goto(`${running.url}/#inspector/${id}`);
    const form = page.locator("ccemu-stubs");

    await t.step(
      "the form opens with the exchange's operation, key, parameters and answer",
      async () => {
        await page.locator("ccemu-inspector ccemu-entry-actions #stub-like").click();
        await form.locator("#stub-draft", { hasText: `Like journal entry #${id}` }).waitFor();
        assert.equal(await form.locator("#stub-operation").inputValue(), "/gateway/robot_list");
        assert.equal(await form.locator("#stub-key").inputValue(), DEMO_KEY.accessKeyId);
        assert.deepEqual(JSON.parse(await form.locator("#stub-when").inputValue()), {
          body: { "$.enterpriseId": "7000001", "$.robotStatus": 1 },
        });
        const body = JSON.parse(await form.locator("#stub-body").inputValue());
        assert.equal(body.requestId, "{{requestId}}");
        assert.deepEqual(body.result, real.json.result);
      },
    );

    await t.step("edited and added, it answers the same request with the edit", async () => {
      await form.locator("#stub-body").fill(
        '{"requestId": "{{requestId}}", "result": {"list": [{"robotDefId": 1, "robotName": "edited", "industryOneName": "", "industryTwoName": "", "robotStatus": 5, "deployTime": null}]}}',
      );
      await form.locator("#add-stub").click();
      await page.locator("#state-notice", { hasText: "Stub 1 added." }).waitFor();
      const again = await robotList(running, 1);
      assert.equal(again.json.result.list[0].robotName, "edited");
      const [entry] = running.emulator.journal.list({ requestId: again.json.requestId });
      assert.deepEqual(entry.stub, { stubId: 1, note: `like journal entry #${id}` });
      assert.equal(await form.locator("#stub-draft").count(), 0, "the draft is used up");
    });
    assert.deepEqual(problems, []);
  },
);
