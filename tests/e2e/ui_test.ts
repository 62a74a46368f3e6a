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

const CHROMIUM = "/usr/bin/chromium";
const hasBrowser = await Deno.stat(CHROMIUM).then(() => true, () => false);
const inCI = Deno.env.get("CI") === "true";
const SHOTS = new URL("../../artifacts/screenshots/", import.meta.url).pathname;

Deno.test({
  name: "the UI: chat, every kind of reply, transfer, inspector with the SSE timeline",
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
      assert.deepEqual(problems, []);
    } finally {
      await browser.close();
      await running.close();
    }
  },
});
