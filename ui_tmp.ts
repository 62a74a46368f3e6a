import { chromium } from "playwright-core";
import { startServer } from "./emulator/server.ts";
import { DEFAULT_CONFIG } from "./emulator/config.ts";
const running = await startServer({
  ...DEFAULT_CONFIG,
  port: 0,
  clock: "manual",
  clockStart: Date.parse("2026-01-05T01:00:00Z"),
  seed: 1,
});
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", headless: true });
const errors: string[] = [];
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  page.on("console", (m) => {
    if (m.type() === "error") errors.push(m.text());
  });
  page.on("pageerror", (e) => errors.push(String(e)));
  const t = performance.now();
  await page.goto(running.url + "/");
  await page.locator("ccemu-conversation #open").waitFor();
  console.log("interactive in", Math.round(performance.now() - t), "ms");
  await page.locator("ccemu-conversation #open").click();
  await page.locator("ccemu-message .chip").first().waitFor();
  await page.fill("ccemu-conversation #text", "card");
  await page.press("ccemu-conversation #text", "Enter");
  await page.locator("ccemu-message .card").waitFor();
  await page.fill("ccemu-conversation #text", "options");
  await page.press("ccemu-conversation #text", "Enter");
  await page.locator("ccemu-message .chip", { hasText: "How do I track my order?" }).last().click();
  await page.locator("ccemu-message .markdown", { hasText: "Track" }).waitFor();
  await page.fill("ccemu-conversation #text", "queue 12");
  await page.press("ccemu-conversation #text", "Enter");
  await page.locator("ccemu-conversation .banner", { hasText: "queue 12" }).waitFor();
  await page.screenshot({ path: "/tmp/ui-chat.png" });
  await page.locator("ccemu-conversation .inspect").last().click();
  await page.locator("ccemu-inspector table.sse").waitFor();
  await page.locator("ccemu-inspector #copy-curl").click();
  await page.locator("ccemu-inspector #curl-text").waitFor();
  await page.screenshot({ path: "/tmp/ui-inspector.png" });
  console.log("errors:", errors);
} finally {
  await browser.close();
  await running.close();
}
