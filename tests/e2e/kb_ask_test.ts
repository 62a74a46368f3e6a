/**
 * Issue 43, defect 10: the knowledge base's Ask box. Q&A (chat_conversation_on_open) asks the whole
 * tenant, so its best match may be another repository's document: the view said "what is the
 * meaning of life" was answered by repository 102's "Getting started.md", as a huge heading, while
 * repository 101 was shown. Now it says the match is in another repository and shows none of it; an
 * answer's headings stay text-sized; an empty Ask says so and clears the old answer.
 */
import assert from "node:assert/strict";
import { browserTest, quickPage } from "./browser.ts";

browserTest("knowledge base: Ask shows no other repository's answer; an empty Ask says so", async (
  t,
  { running, browser },
) => {
  const problems: string[] = [];
  const page = await quickPage(browser, problems);
  const kb = page.locator("ccemu-kb");
  const answer = kb.locator("#qa-answer");
  const ask = async (question: string) => {
    await kb.getByLabel("Ask the knowledge base").fill(question);
    await kb.locator("#ask").click();
  };
  await page.goto(`${running.url}/#kb/101`);
  await kb.locator(".item.faq").first().waitFor();

  await t.step("a match in another repository is named, not shown", async () => {
    await ask("what is the meaning of life");
    await answer.locator("#qa-elsewhere", { hasText: "another repository" }).waitFor();
    assert.equal(await answer.locator("h1").count(), 0);
    assert.doesNotMatch(await answer.textContent() ?? "", /# Getting started|^Getting started$/m);
  });

  await t.step("an empty Ask says so and clears the answer", async () => {
    await ask("  ");
    await kb.locator("#ask-note", { hasText: "Type a question" }).waitFor();
    assert.equal(await answer.count(), 0);
  });

  await t.step("in its own repository the answer shows, its heading text-sized", async () => {
    await kb.locator("button.repo", { hasText: "Product manuals" }).click();
    await kb.locator(".item.file", { hasText: "Getting started.md" }).waitFor();
    await ask("what is the meaning of life");
    await answer.locator("#qa-source", { hasText: "Getting started.md" }).waitFor();
    const sizes = await answer.locator("h1, h2, h3").evaluateAll((hs) =>
      hs.map((h) => parseFloat(getComputedStyle(h).fontSize))
    );
    assert.ok(sizes.every((px) => px <= 16), `heading sizes ${sizes}`);
  });
  assert.deepEqual(problems, []);
});
