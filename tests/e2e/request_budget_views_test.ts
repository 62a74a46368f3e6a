/**
 * The request budget, walked every time (issue 43): what one user action makes the page send to
 * ccemu, counted until the page falls quiet, against a stated number per action: the action's own
 * request(s) and one refresh of what the view shows. The live event stream and the script are not
 * counted. The outbound console's actions (Start, Until idle, +1 h, seats) have their budget in
 * request_budget_test.ts.
 */
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { browserTest, watchedPage } from "./browser.ts";

/** Requests to ccemu while `action` runs and until none has been sent for `quietMs`. */
async function count(page: Page, base: string, action: () => Promise<void>, quietMs = 600) {
  const seen: string[] = [];
  let last = Date.now();
  const listen = (request: { url: () => string; method: () => string }) => {
    const url = new URL(request.url());
    if (!request.url().startsWith(base)) return;
    if (url.pathname === "/_emulator/events" || url.pathname === "/ui.js") return;
    seen.push(`${request.method()} ${url.pathname}`);
    last = Date.now();
  };
  page.on("request", listen);
  try {
    await action();
    last = Date.now();
    const until = Date.now() + 15_000;
    while (Date.now() - last < quietMs && Date.now() < until) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  } finally {
    page.off("request", listen);
  }
  return seen;
}

/** `seen` grouped: how many of each request, for the failure message and the printout. */
const grouped = (seen: string[]) => {
  const by: Record<string, number> = {};
  for (const s of seen) by[s] = (by[s] ?? 0) + 1;
  return by;
};

browserTest("request budget: one action, its own requests and one refresh", async (t, ui) => {
  const { running, browser } = ui;
  const base = running.url;
  const problems: string[] = [];
  const page = await watchedPage(browser, problems);
  const chat = page.locator("ccemu-conversation");
  const within = async (name: string, budget: number, action: () => Promise<void>) => {
    const seen = await count(page, base, action);
    console.log(`${name}: ${seen.length} requests ${JSON.stringify(grouped(seen))}`);
    assert.ok(seen.length <= budget, `${name}: ${seen.length} > ${budget}: ${seen.join(", ")}`);
    return seen;
  };

  await page.goto(`${base}/#conversations`);
  await chat.locator("#robot option").first().waitFor({ state: "attached" });
  await page.waitForTimeout(800);

  await t.step("open a session: the open, then the session and the list", async () => {
    await within("open session", 3, async () => {
      await chat.locator("#open").click();
      await chat.locator(".chat-head", { hasText: "s-1" }).waitFor();
    });
  });

  // The session list changes twice (the visitor's line, then the reply's), so it is read twice.
  await t.step("send a message: the push, the session, the list at each change", async () => {
    await within("send a message", 4, async () => {
      await chat.locator("#text").fill("hello");
      await chat.locator("#text").press("Enter");
      await chat.locator(".bubble.visitor", { hasText: "hello" }).waitFor();
    });
  });

  await t.step("advance the clock a minute: the advance and the clock", async () => {
    await within("advance 1 min", 4, async () => {
      await page.locator("ccemu-state-controls summary", { hasText: "Clock" }).click();
      await page.locator("ccemu-state-controls").getByRole("button", { name: "Advance" }).click();
      await page.locator("ccemu-state-controls #state-notice").waitFor();
    });
    await page.keyboard.press("Escape");
  });

  await t.step("create a FAQ: the create, then the repository's lists", async () => {
    await page.goto(`${base}/#kb`);
    const kb = page.locator("ccemu-kb");
    await kb.locator(".item.faq").first().waitFor();
    await page.waitForTimeout(500);
    await kb.locator("#new-faq").click();
    const form = kb.locator("ccemu-kb-detail form");
    await form.locator('input[name="question"]').fill("budget question");
    await form.locator('textarea[name="answer"]').fill("budget answer");
    await within("create a FAQ", 5, async () => {
      await kb.locator("#save-faq").click();
      await kb.locator(".item.faq", { hasText: "budget question" }).waitFor();
    });
  });

  const health = await fetch(`${base}/_emulator/health`);
  assert.equal(health.status, 200);
  await health.body?.cancel();
  assert.deepEqual(problems.filter((p) => !/status of 4\d\d/.test(p)), []);
});
