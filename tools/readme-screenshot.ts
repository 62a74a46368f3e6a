/**
 * The README's picture of the UI (docs/img/ui.png): a ccemu on a free port with the manual clock
 * and seed 1, a streaming session with the built-in sample agent that asked for a card and an
 * option list, shown in Conversations at 1280x800 by Debian's chromium. Run it after a change to
 * the UI: `deno run -A tools/readme-screenshot.ts`.
 */
import { launchChromium, startUiServer } from "../tests/e2e/browser.ts";

const OUT = new URL("../docs/img/ui.png", import.meta.url).pathname;
const running = await startUiServer();
try {
  const control = (path: string, body: unknown) =>
    fetch(`${running.url}/_emulator/gateway${path}`, {
      method: "POST",
      body: JSON.stringify(body),
    }).then((r) => r.json());
  const { sessionId } = await control("/sessions", {
    robotId: "sample-default",
    responseMode: "streaming",
    visitor: { name: "Grace" },
  });
  for (const text of ["退款多久到账", "card", "options"]) {
    await control(`/sessions/${sessionId}/messages`, { text });
  }
  const browser = await launchChromium();
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(`${running.url}/#conversations/${sessionId}`);
    await page.locator("ccemu-conversation .chat-head", { hasText: sessionId }).waitFor();
    await page.locator("ccemu-conversation ccemu-message").last().waitFor();
    await page.waitForTimeout(500); // the log pane's rows and fonts settle
    await page.screenshot({ path: OUT });
  } finally {
    await browser.close();
  }
} finally {
  await running.close();
}
console.log(`wrote ${OUT} (${(await Deno.stat(OUT)).size} bytes)`);
