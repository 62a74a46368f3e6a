/**
 * Issue 43, defect 1: the outbound console's request budget. A task of concurrency 50 on a tenant
 * of 10 AI seats, one customer, started: "Until idle" stops at once and says why (it used to move
 * the clock 30 days, the task still queued, while the page sent 916 requests); each action sends
 * one refresh, counted here against a stated maximum; the form warns when concurrency exceeds the
 * seats.
 */
import assert from "node:assert/strict";
import { Buffer } from "node:buffer";
import type { Page } from "playwright-core";
import { browserTest, watchedPage } from "./browser.ts";

/**
 * Most requests each action may send: the action itself (a signed operation is two: the key, the
 * send) and one refresh of the view (tasks, resources, account, calls, callback URLs, deliveries,
 * exactly-once check), plus the header clock once when the clock moved.
 */
const BUDGET = { start: 9, untilIdle: 9, advanceHour: 10, applySeats: 8 };

/** The requests the page sends to ccemu while `act` runs and for `settle` ms after (live events). */
async function requestsDuring(page: Page, origin: string, act: () => Promise<void>, settle = 1500) {
  const sent: string[] = [];
  const count = (r: { url(): string; method(): string }) => {
    const url = r.url();
    if (url.startsWith(origin) && !url.endsWith("/_emulator/events")) {
      sent.push(`${r.method()} ${url.slice(origin.length)}`);
    }
  };
  page.on("request", count);
  try {
    await act();
    await page.waitForTimeout(settle);
  } finally {
    page.off("request", count);
  }
  return sent;
}

browserTest(
  "outbound: Until idle stops when nothing can dial, each action within its request budget",
  async (t, { running, browser }) => {
    const problems: string[] = [];
    const page = await watchedPage(browser, problems);
    const outbound = page.locator("ccemu-outbound");
    await page.goto(`${running.url}/#outbound`);
    await outbound.locator("#new-task").click();
    const form = outbound.locator("ccemu-task-form");

    await t.step("the form warns when concurrency exceeds the tenant's seats", async () => {
      await form.locator("#concurrency").fill("50");
      await form.locator("#concurrency-warning", {
        hasText: "more than the tenant's 10 AI seats",
      }).waitFor();
      await form.locator("#concurrency").fill("10");
      await form.locator("#concurrency-warning").waitFor({ state: "detached" });
      await form.locator("#concurrency").fill("50");
    });

    await form.locator("#name").fill("Too wide");
    await form.locator("#script").selectOption("3002");
    await form.getByRole("button", { name: "Create task" }).click();
    await page.waitForFunction(() => /^#outbound\/\d+$/.test(location.hash));
    await outbound.getByLabel("Load customers from a CSV file").setInputFiles({
      name: "customers.csv",
      mimeType: "text/csv",
      buffer: Buffer.from("phone,name\n19900000000,张三\n"),
    });
    await outbound.locator("#import").click();
    await outbound.locator("#import-answer", { hasText: "1 of 1 imported" }).waitFor();
    const counts: Record<string, number> = {};

    await t.step("Start", async () => {
      const sent = await requestsDuring(page, running.url, async () => {
        await outbound.getByRole("button", { name: "Start" }).click();
        await outbound.locator("#task-status", { hasText: "(7)" }).waitFor();
      });
      counts.start = sent.length;
      console.log(`Start sent ${sent.length}`);
      assert.ok(sent.length <= BUDGET.start, `Start sent ${sent.length}:\n${sent.join("\n")}`);
    });

    await t.step("Until idle stops at once and says why", async () => {
      const time = await outbound.locator("#tenant-time").textContent();
      const sent = await requestsDuring(page, running.url, async () => {
        const answered = page.waitForResponse((r) => r.url().endsWith("/advance-until-idle"));
        await outbound.locator("#advance-idle").click();
        await answered;
      }, 3000);
      counts.untilIdle = sent.length;
      console.log(`Until idle sent ${sent.length}`);
      await outbound.locator("#idle-note", { hasText: "nothing can dial" }).waitFor();
      const note = await outbound.locator("#idle-note").textContent() ?? "";
      assert.match(note, /Too wide/);
      assert.match(note, /no free AI seat: needs 50, 10 of the tenant's 10 free/);
      assert.equal(await outbound.locator("#tenant-time").textContent(), time, "the clock stayed");
      assert.ok(
        sent.length <= BUDGET.untilIdle,
        `Until idle sent ${sent.length}:\n${sent.join("\n")}`,
      );
    });

    await t.step("+1 h and the seats form", async () => {
      let sent = await requestsDuring(page, running.url, async () => {
        await outbound.locator("#advance-hour").click();
      });
      counts.advanceHour = sent.length;
      assert.ok(sent.length <= BUDGET.advanceHour, `+1 h sent ${sent.length}:\n${sent.join("\n")}`);
      sent = await requestsDuring(page, running.url, async () => {
        await outbound.getByLabel("AI seats").fill("60");
        await outbound.getByRole("button", { name: "Apply" }).click();
        await outbound.locator("#task-status", { hasText: "(1)" }).waitFor();
      });
      counts.applySeats = sent.length;
      assert.ok(sent.length <= BUDGET.applySeats, `Apply sent ${sent.length}:\n${sent.join("\n")}`);
    });
    console.log(`requests per action: ${JSON.stringify(counts)}`);
    assert.deepEqual(problems, []);
  },
);

browserTest("outbound: an empty AI seats field is refused, the tenant's seats unchanged", async (
  _t,
  { running, browser },
) => {
  const problems: string[] = [];
  const page = await watchedPage(browser, problems);
  const outbound = page.locator("ccemu-outbound");
  const seats = async () =>
    (await (await fetch(`${running.url}/_emulator/outbound/accounts/7000001`)).json()).aiSeats;
  await page.goto(`${running.url}/#outbound`);
  await outbound.getByLabel("AI seats").fill("");
  await outbound.getByRole("button", { name: "Apply" }).click();
  await outbound.locator("#account-problem", { hasText: "AI seats is empty" }).waitFor();
  assert.equal(await seats(), 10, "the seats stay 10");
  await outbound.getByLabel("AI seats").fill("12");
  await outbound.getByRole("button", { name: "Apply" }).click();
  await outbound.locator("#account-problem").waitFor({ state: "detached" });
  await page.waitForFunction(
    async (url) => (await (await fetch(url)).json()).aiSeats === 12,
    `${running.url}/_emulator/outbound/accounts/7000001`,
  );
  assert.deepEqual(problems, []);
});
