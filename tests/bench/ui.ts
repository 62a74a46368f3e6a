/**
 * The UI targets (issue 7), in Debian's chromium:
 *   1. navigation to an interactive inspector holding 5,000 journal entries (the rows shown and a
 *      click answered with the entry's detail);
 *   2. a streamed chunk from ccemu receiving it to its text on screen: the page compares each chunk
 *      event's `receivedAt` stamp with the moment a MutationObserver sees the text in the bubble;
 *   3. first load (issue 34): a browser with an empty cache opens the bare address until the
 *      Overview shows the fixture's counts, with ui.js sent compressed.
 */
import { CHROMIUM, hasBrowser, launchChromium, startUiServer } from "../e2e/browser.ts";
import { SignedClient } from "../../harness/client.ts";
import type { Browser } from "playwright-core";
import { fixed, percentile, type Row, verdict } from "./kit.ts";

/** First load, cold cache each time (a new context), after one load that builds the bundle. */
async function firstLoad(browser: Browser, url: string): Promise<Row> {
  const times: number[] = [];
  let sent = "";
  for (let i = 0; i < 6; i++) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    page.on("response", (response) => {
      if (!response.url().endsWith("/ui.js")) return;
      const encoding = response.headers()["content-encoding"] ?? "none";
      const bytes = Number(response.headers()["content-length"] ?? 0);
      sent = `ui.js sent ${encoding}, ${fixed(bytes / 1024, 0)} KB`;
    });
    const start = performance.now();
    await page.goto(`${url}/`);
    await page.locator("ccemu-overview #overview-conversations dl.counts dd").first().waitFor();
    if (i > 0) times.push(performance.now() - start); // the first built the bundle
    await context.close();
  }
  times.sort((a, b) => a - b);
  const median = percentile(times, 0.5);
  return [
    "first load, empty cache -> Overview with its counts (median of 5)",
    `${fixed(median, 0)} ms`,
    `best ${fixed(times[0], 0)} ms, worst ${fixed(times.at(-1)!, 0)} ms; ${sent}; ${
      verdict(median < 1000, "< 1 s")
    }`,
  ];
}

export async function benchUi(): Promise<Row[]> {
  if (!hasBrowser) return [["UI benchmarks", "skipped", `no ${CHROMIUM}`]];
  const rows: Row[] = [];
  const running = await startUiServer();
  const browser = await launchChromium();
  try {
    // 5,000 real exchanges in the journal.
    const { emulator } = running;
    const client = new SignedClient({
      url: running.url,
      now: () => emulator.clock.now(),
      expires: 86400,
    });
    const url = client.signedUrl("POST", "/gateway/robot_list");
    for (let i = 0; i < 5000; i += 50) {
      await Promise.all(
        Array.from({ length: 50 }, () =>
          fetch(url, {
            method: "POST",
            headers: { "content-type": "application/json" },
            body: '{"robotStatus":1}',
          }).then((r) => r.arrayBuffer())),
      );
    }
    rows.push(await firstLoad(browser, running.url));
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    const times: number[] = [];
    for (let i = 0; i < 5; i++) {
      const start = performance.now();
      await page.goto(`${running.url}/#inspector`);
      await page.locator("ccemu-inspector #count", { hasText: "5000 of 5000" }).waitFor();
      await page.locator("ccemu-inspector tr.entry").first().click();
      await page.locator("ccemu-inspector #copy-curl").waitFor();
      times.push(performance.now() - start);
    }
    times.sort((a, b) => a - b);
    rows.push([
      "navigation -> interactive inspector with 5,000 entries (median of 5)",
      `${fixed(percentile(times, 0.5), 0)} ms`,
      `best ${fixed(times[0], 0)} ms, worst ${fixed(times.at(-1)!, 0)} ms`,
    ]);

    // Streamed chunks to the screen.
    await page.goto(`${running.url}/#conversations`);
    await page.locator("ccemu-conversation #open").click();
    await page.locator("ccemu-message .chip").first().waitFor();
    await page.evaluate(() => {
      const w = window as unknown as {
        chunks: { at: number; text: string }[];
        seen: { at: number; text: string }[];
      };
      w.chunks = [];
      w.seen = [];
      const events = new EventSource("/_emulator/events?types=gateway");
      events.addEventListener("gateway", (e) => {
        const data = JSON.parse((e as MessageEvent).data);
        if (data.change === "chunk") {
          w.chunks.push({ at: data.detail.receivedAt, text: data.detail.text });
        }
      });
      const chat = document.querySelector("ccemu-app")!.shadowRoot!.querySelector(
        "ccemu-conversation",
      )!.shadowRoot!;
      new MutationObserver(() => {
        const bubble = chat.querySelector(".streaming");
        if (bubble) {
          w.seen.push({
            at: performance.timeOrigin + performance.now(),
            text: bubble.textContent ?? "",
          });
        }
      }).observe(chat, { subtree: true, childList: true, characterData: true });
    });
    for (
      const question of [
        "退款什么时候到账",
        "markdown",
        "how long does delivery take",
        "忘记密码怎么办",
        "when are you open",
      ]
    ) {
      await page.locator("ccemu-conversation #text").fill(question);
      await page.locator("ccemu-conversation #text").press("Enter");
      await page.locator("ccemu-conversation #send:not([disabled])").waitFor();
      await page.waitForTimeout(50);
    }
    const delays = await page.evaluate(() => {
      const w = window as unknown as {
        chunks: { at: number; text: string }[];
        seen: { at: number; text: string }[];
      };
      const out: number[] = [];
      for (const chunk of w.chunks) {
        const shown = w.seen.find((s) =>
          s.at >= chunk.at - 1 && s.text.endsWith(chunk.text) && s.text.length >= chunk.text.length
        );
        if (shown) out.push(shown.at - chunk.at);
      }
      return out;
    });
    delays.sort((a, b) => a - b);
    rows.push([
      "streamed chunk: ccemu receives it -> its text on screen",
      `p50 ${fixed(percentile(delays, 0.5), 1)} ms`,
      `p99 ${fixed(percentile(delays, 0.99), 1)} ms over ${delays.length} chunks`,
    ]);
  } finally {
    await browser.close();
    await running.close();
  }
  return rows;
}
