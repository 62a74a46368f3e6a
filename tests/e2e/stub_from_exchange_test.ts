/**
 * From an exchange, a stub (issue 34, 2; WireMock's "create stub from request"): the inspector's
 * detail of a signed read offers "Add a fault rule like this", which opens the fault form
 * prefilled with the request's area, operation, key and parameters (as validated: a GET's
 * numbers are numbers); confirmed, the rule is created and the same request meets the fault,
 * another does not. The same detail offers the answer as fixture data, downloaded as a file.
 */
import assert from "node:assert/strict";
import { signUrl } from "../../emulator/signed-api/signature.ts";
import type { RunningEmulator } from "../../emulator/server.ts";
import { DEMO_KEY } from "../../harness/client.ts";
import { browserTest, SHOTS, watchedPage } from "./browser.ts";

/** GET list_directory_tree, signed with the demo key at ccemu's virtual time. */
async function directoryTree(running: RunningEmulator, type: string) {
  const { url } = signUrl({
    method: "GET",
    url: `${running.url}/aikb/list_directory_tree?repositoryId=101&type=${type}`,
    accessKeyId: DEMO_KEY.accessKeyId,
    accessKeySecret: DEMO_KEY.accessKeySecret,
    now: running.emulator.clock.now(),
  });
  const response = await fetch(url);
  return { status: response.status, json: await response.json() };
}

browserTest("a fault rule like an exchange, made from the inspector", async (t, ui) => {
  const { running, browser } = ui;
  const problems: string[] = [];
  const page = await watchedPage(browser, problems);
  assert.equal((await directoryTree(running, "FAQ")).status, 200);
  const id = running.emulator.journal.list().at(-1)!.id;
  await page.goto(`${running.url}/#inspector/${id}`);
  const actions = page.locator("ccemu-inspector ccemu-entry-actions");
  const form = page.locator("ccemu-fault-rules");

  await t.step("the detail offers the answer as fixture data, to download", async () => {
    await actions.locator("#fixture-data", { hasText: "directories" }).waitFor();
    assert.equal(await actions.locator("#keep-answer").count(), 0, "ccemu's own answer");
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      actions.locator("#download-fixture").click(),
    ]);
    assert.equal(download.suggestedFilename(), `journal-${id}.fixture.json`);
    const file = JSON.parse(await Deno.readTextFile(await download.path()));
    assert.ok(file.kb.directories.length > 0);
    assert.ok(
      file.kb.directories.every((d: { enterpriseId: string }) => d.enterpriseId === "7000001"),
    );
  });

  await t.step("the fault form opens prefilled like the request", async () => {
    await actions.locator("#fault-like").click();
    await form.locator("#fault-draft", { hasText: `Like journal entry #${id}` }).waitFor();
    assert.equal(await form.locator("#fault-area").inputValue(), "kb");
    assert.equal(await form.locator("#fault-operation").inputValue(), "/aikb/list_directory_tree");
    assert.equal(await form.locator("#fault-key").inputValue(), DEMO_KEY.accessKeyId);
    assert.deepEqual(JSON.parse(await form.locator("#fault-body").inputValue()), {
      repositoryId: 101,
      type: "FAQ",
    });
    assert.equal(await form.locator("#fault-note").inputValue(), `like journal entry #${id}`);
    await page.screenshot({ path: `${SHOTS}stub-from-exchange.png` });
  });

  await t.step("confirmed: the rule is made, and the same request meets it", async () => {
    await form.locator("#add-fault").click();
    await page.locator("#state-notice", { hasText: "Fault rule 1 added." }).waitFor();
    const { rules } = await (await fetch(`${running.url}/_emulator/faults`)).json();
    assert.deepEqual(rules[0], {
      id: 1,
      area: "kb",
      operation: "/aikb/list_directory_tree",
      accessKeyId: DEMO_KEY.accessKeyId,
      body: { repositoryId: 101, type: "FAQ" },
      first: 2,
      effect: { type: "error", code: "TooManyRequests" },
      note: `like journal entry #${id}`,
      matched: 0,
      fired: 0,
    });
    const again = await directoryTree(running, "FAQ");
    assert.equal(again.status, 429);
    assert.equal(again.json.error.code, "TooManyRequests");
    assert.equal((await directoryTree(running, "FILE")).status, 200, "another request is served");
    assert.equal(await form.locator("#fault-draft").count(), 0, "the draft is used up");
    assert.equal(await form.locator("#fault-operation").inputValue(), "");
  });
  assert.deepEqual(problems, []);
});
