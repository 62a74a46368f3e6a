/**
 * The browser UI in Debian's chromium, driven by playwright-core: chat with the streaming sample
 * agent, see a card and an option list, click an option, see a transfer banner, open that push in
 * the inspector with its SSE timeline and a freshly signed curl. Screenshots go to
 * artifacts/screenshots/. Locally the test runs when chromium is installed; under CI a missing
 * browser is a failure.
 */
import assert from "node:assert/strict";
import { chromium } from "playwright-core";
import { DEFAULT_CONFIG, MANUAL_CLOCK_START } from "../../emulator/config.ts";
import { startServer } from "../../emulator/server.ts";
import { SignedClient } from "../../harness/client.ts";

const CHROMIUM = "/usr/bin/chromium";
const hasBrowser = await Deno.stat(CHROMIUM).then(() => true, () => false);
const inCI = Deno.env.get("CI") === "true";
const SHOTS = new URL("../../artifacts/screenshots/", import.meta.url).pathname;

Deno.test({
  name: "the UI: chat, inspector, scenarios, outbound, knowledge base",
  ignore: !hasBrowser && !inCI,
  async fn(t) {
    assert.ok(hasBrowser, `CI needs ${CHROMIUM} (.ci/run installs Debian's chromium)`);
    await Deno.mkdir(SHOTS, { recursive: true });
    const running = await startServer({
      ...DEFAULT_CONFIG,
      port: 0,
      clock: "manual",
      clockStart: MANUAL_CLOCK_START,
      seed: 1,
    });
    const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true });
    const problems: string[] = [];
    try {
      const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
      page.on("console", (m) => m.type() === "error" && problems.push(m.text()));
      page.on("pageerror", (e) => problems.push(String(e)));
      page.on(
        "request",
        (r) =>
          !r.url().startsWith(running.url) && !r.url().startsWith("data:") &&
          problems.push(`left the machine: ${r.url()}`),
      );
      const chat = page.locator("ccemu-conversation");

      await t.step("open a streaming session: the open-session reply shows first", async () => {
        await page.goto(`${running.url}/`);
        await chat.locator("#open").click();
        await page.locator("ccemu-message .chip").first().waitFor();
      });
      const say = async (text: string) => {
        await chat.locator("#text").fill(text);
        await chat.locator("#text").press("Enter");
      };
      await t.step("a card and an option list render; clicking an option sends it", async () => {
        await say("card");
        await page.locator("ccemu-message .card", { hasText: "ccemu" }).waitFor();
        await say("options");
        await page.locator("ccemu-message .chip", { hasText: "How do I track my order?" }).last()
          .click();
        await page.locator("ccemu-message .markdown", { hasText: "Track" }).waitFor();
        assert.equal(
          await chat.locator(".visitor", { hasText: "How do I track my order?" }).count(),
          1,
        );
      });
      await t.step("a transfer shows a banner with its queue", async () => {
        await say("queue 12");
        await chat.locator(".banner", { hasText: "queue 12" }).waitFor();
        await page.screenshot({ path: `${SHOTS}conversations.png` });
      });
      await t.step("the push opens in the inspector with its SSE timeline and a curl", async () => {
        await chat.locator(".inspect").last().click();
        const inspector = page.locator("ccemu-inspector");
        await inspector.locator("table.sse").waitFor();
        assert.ok(await inspector.locator("table.sse tr", { hasText: "end" }).count() >= 1);
        await inspector.locator("#copy-curl").click();
        assert.match(
          await inspector.locator("#curl-text").textContent() ?? "",
          /^curl -sS -X POST 'http:\/\/127\.0\.0\.1:\d+\/_emulator\/sample-agents\/default\/message'/,
        );
        await page.screenshot({ path: `${SHOTS}inspector.png` });
      });
      await t.step("state survives a reload", async () => {
        await page.reload();
        await page.locator("ccemu-inspector table").waitFor();
        await page.locator("nav button", { hasText: "Conversations" }).click();
        await chat.locator(".banner", { hasText: "queue 12" }).waitFor();
      });
      await t.step("a shipped scenario runs and passes, step by step", async () => {
        await page.locator("nav button", { hasText: "Scenarios" }).click();
        const view = page.locator("ccemu-scenarios");
        await view.locator('button.run[data-name="sample agent, default way, streaming"]').click();
        await view.locator("#verdict", { hasText: "PASSED" }).waitFor({ timeout: 20_000 });
        assert.equal(await view.locator('.step[data-passed="false"]').count(), 0);
        assert.ok(await view.locator('.step[data-passed="true"]').count() >= 17);
        assert.match(
          await view.locator("#save-scenario").getAttribute("href") ?? "",
          /\/_emulator\/gateway\/sessions\/s-1\/scenario/,
        );
        await page.screenshot({ path: `${SHOTS}scenarios.png` });
      });
      await t.step("the clock advances until an outbound task completes", async () => {
        const clock = running.emulator.clock;
        const api = new SignedClient({ url: running.url, now: () => clock.now() });
        const created = await api.post("/gateway/task_create", {
          enterpriseId: "7000001",
          callJobName: "UI test",
          callJobType: 2,
          robotDefId: 3002,
          userPhoneIds: "[502]",
        });
        const callJobId = (created.body.result as { callJobId: number }).callJobId;
        const customers = ["19900000000", "19900000100", "13812345678"].map((phone) => ({
          phone,
          name: "客户",
        }));
        await api.post("/gateway/task_import", {
          enterpriseId: "7000001",
          callJobId,
          customerInfoVOList: JSON.stringify(customers),
        });
        await api.post("/gateway/task_execute", { enterpriseId: "7000001", callJobId, command: 1 });
        await page.locator("nav button", { hasText: "Outbound" }).click();
        const view = page.locator("ccemu-outbound");
        await view.locator(`tr.task[data-id="${callJobId}"]`).waitFor();
        await view.locator("#advance-idle").click();
        await view.locator(`tr.task[data-id="${callJobId}"][data-status="2"]`).waitFor();
        await view.locator(`tr.task[data-id="${callJobId}"]`).click();
        await view.locator("tr.pick", { hasText: "19900000000" }).click();
        await view.locator(".log", { hasText: "parcel" }).first().waitFor();
        await page.screenshot({ path: `${SHOTS}outbound.png` });
      });
      await t.step("the knowledge base: trees, entries, search with highlights", async () => {
        await page.locator("nav button", { hasText: "Knowledge base" }).click();
        const view = page.locator("ccemu-kb");
        await view.locator("li", { hasText: "售后服务" }).first().waitFor();
        await view.locator("#keyword").fill("退款");
        await view.locator("#search").click();
        await view.locator(".hit em", { hasText: "退款" }).first().waitFor();
        await page.screenshot({ path: `${SHOTS}knowledge-base.png` });
      });
      await t.step("usable at 1920x1080 and by keyboard", async () => {
        await page.setViewportSize({ width: 1920, height: 1080 });
        await page.locator("nav button", { hasText: "Conversations" }).click();
        await page.screenshot({ path: `${SHOTS}conversations-1920.png` });
        await page.keyboard.press("Tab");
        const focused = await page.evaluate(() =>
          document.activeElement?.shadowRoot?.activeElement?.textContent ?? ""
        );
        assert.ok(focused.length > 0, "Tab reaches a control");
      });
      assert.deepEqual(problems, []);
    } finally {
      await browser.close();
      await running.close();
    }
  },
});
