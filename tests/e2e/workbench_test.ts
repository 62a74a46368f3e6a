/**
 * The UI as an agent developer's workbench, in Debian's chromium at 1280x800 and 1920x1080: the
 * session list, tabs, the visitor form, transcripts out and back in, image preview, the transfer
 * note, the inspector as an activity log (badges, deep links, a status filter that explains
 * itself, the stream waterfall), scenarios (run all, history, a file from disk, expected against
 * got), the keyboard, and the header clock. Each numbered step is a defect of issue 16 that the UI
 * had before. Screenshots of every view go to artifacts/screenshots/.
 */
import assert from "node:assert/strict";
import { Buffer } from "node:buffer";
import type { Page } from "playwright-core";
import { browserTest, SHOTS, watchedPage } from "./browser.ts";
import { CARD_PNG } from "../../emulator/sample-agents/card-png.ts";
import { startTestAgent } from "../gateway/test-agent.ts";

/** Whether an element of a shadow tree shows all its content (nothing cut or overflowing). */
const fits = (page: Page, host: string, selector: string) =>
  page.locator(host).locator(selector).first().evaluate((el) => {
    const box = el.getBoundingClientRect();
    const panel = (el.closest("aside, section, header, li") ?? el).getBoundingClientRect();
    return el.scrollWidth <= el.clientWidth + 1 && box.right <= panel.right + 1;
  });

browserTest(
  "the workbench: sessions, transcripts, inspector, scenarios, keyboard, clock",
  async (t, { running, browser }) => {
    // An agent whose reply breaks the contract: each push draws an error finding.
    await using agent = startTestAgent(() =>
      Response.json({ status: 200, code: "success", data: { answers: "?" } })
    );
    const problems: string[] = [];
    const page = await watchedPage(browser, problems);
    const chat = page.locator("ccemu-conversation");
    const inspector = page.locator("ccemu-inspector");
    const scenarios = page.locator("ccemu-scenarios");
    const say = async (text: string) => {
      await chat.locator("#text").fill(text);
      await chat.locator("#text").press("Enter");
    };
    await page.goto(`${running.url}/#conversations`);
    await chat.locator("#robot option").first().waitFor({ state: "attached" });

    await t.step("1. the robot picker and the attach button fit their panels", async () => {
      assert.ok(await fits(page, "ccemu-conversation", "#robot"), "the robot picker fits");
      assert.ok(await fits(page, "ccemu-composer", "label.attach"), "Attach image fits");
      assert.equal(
        await chat.locator("#robot-detail").textContent(),
        "sample-default · Default way · built in (/_emulator/sample-agents/default/message)",
      );
    });

    await t.step("2. an agent added by URL has its name, is confirmed and chosen", async () => {
      await chat.locator("summary", { hasText: "Add an agent by URL" }).click();
      await chat.locator('input[name="name"]').fill("broken bot");
      await chat.locator('input[name="url"]').fill(`${agent.url}/message`);
      await chat.locator("#add-agent").click();
      await chat.locator("#added", { hasText: "broken bot" }).waitFor();
      assert.match(await chat.locator("#added").textContent() ?? "", /10001.*127\.0\.0\.1/);
      assert.equal(await chat.locator("#robot").inputValue(), "10001");
      assert.equal(
        await chat.locator("#robot option:checked").textContent(),
        "broken bot",
      );
      await page.keyboard.press("Escape"); // closes the pane
      assert.equal(await chat.locator("#add-agent-pane[open]").count(), 0);
    });

    await t.step("3. the header clock shows tenant time, and ticks on real time", async () => {
      const clock = page.locator("ccemu-app #clock");
      assert.match(
        await clock.textContent() ?? "",
        /manual clock · 2026-01-05 09:00:00 Asia\/Shanghai · UTC 2026-01-05 01:00:00/,
      );
      await page.evaluate(() =>
        fetch("/_emulator/clock", { method: "POST", body: JSON.stringify({ mode: "real" }) })
      );
      await clock.filter({ hasText: "real clock" }).waitFor();
      const first = await clock.textContent();
      let later = first;
      for (let i = 0; i < 20 && later === first; i++) {
        await page.waitForTimeout(250);
        later = await clock.textContent();
      }
      assert.notEqual(later, first, "the clock moved on its own within 5 s");
      await page.evaluate(() =>
        fetch("/_emulator/clock", {
          method: "POST",
          body: JSON.stringify({ mode: "manual", now: "2026-01-05T01:00:00Z" }),
        })
      );
      await clock.filter({ hasText: "manual clock · 2026-01-05 09:00:00" }).waitFor();
    });

    await t.step("the visitor form edits the profile the session opens with", async () => {
      await chat.locator("#robot").selectOption("sample-default");
      await chat.locator("ccemu-visitor-form #name").fill("Grace");
      assert.match(await chat.locator("#visitor").inputValue(), /"name": "Grace"/);
      await chat.locator("#open").click();
      await chat.locator(".chat-head", { hasText: "s-1 Grace" }).waitFor();
    });

    await t.step("4. an image reply is a visible picture with its name", async () => {
      await say("image");
      const picture = chat.locator("ccemu-message img.picture").last();
      await picture.waitFor();
      const box = (await picture.boundingBox())!;
      assert.ok(box.width >= 48 && box.height >= 48, `drawn ${box.width}x${box.height}`);
      assert.equal(await picture.evaluate((img) => (img as HTMLImageElement).naturalWidth), 200);
      await chat.locator("ccemu-message figcaption", { hasText: "card.png" }).last().waitFor();
    });

    await t.step(
      "10. a picked image waits as a preview; a transfer says where messages go",
      async () => {
        await chat.getByLabel("Attach an image").setInputFiles({
          name: "photo.png",
          mimeType: "image/png",
          buffer: Buffer.from(CARD_PNG),
        });
        await chat.locator('.preview img[alt="Preview of photo.png"]').waitFor();
        assert.equal(
          await chat.locator('.visitor img[alt="photo.png"]').count(),
          0,
          "not sent yet",
        );
        await chat.locator("#send", { hasText: "Send image" }).click();
        await chat.locator('.visitor img[alt="photo.png"]').waitFor();
        assert.equal(await chat.locator(".preview").count(), 0);
        await say("queue 12");
        await chat.locator("#transfer-note", { hasText: "still goes to the robot" }).waitFor();
      },
    );

    await t.step("9. controls have names of their own", async () => {
      const pushes = chat.getByRole("button", { name: /^Open push #\d+ in the inspector$/ });
      const named = await pushes.evaluateAll((els) =>
        els.map((e) => [e.textContent, e.getAttribute("aria-label")])
      );
      assert.ok(new Set(named.map(([, name]) => name)).size >= 4, "names differ by push");
      for (const [text, name] of named) {
        assert.equal(name, `Open ${text} in the inspector`, "each is named by its push");
      }
      assert.equal(await chat.getByRole("button", { name: "Send", exact: true }).count(), 1);
      assert.equal(await chat.getByLabel("Attach an image").count(), 1);
    });

    await t.step("11. sessions: a list, tabs, switching, closing, deleting", async () => {
      await chat.locator("#robot").selectOption("10001");
      await chat.locator("#mode").selectOption("blocking");
      await chat.locator("#open").click();
      await chat.locator(".chat-head", { hasText: "s-2" }).waitFor();
      await say("hello");
      await chat.locator(".nothing .bad", { hasText: "error" }).waitFor();
      const list = chat.locator("ccemu-session-list");
      await list.locator('li[data-session="s-2"] .badge.bad', { hasText: "1 error" }).waitFor();
      await list.locator('li[data-session="s-1"] .badge', { hasText: "transferred" }).waitFor();
      assert.match(
        await list.locator('li[data-session="s-1"]').textContent() ?? "",
        /Grace[\s\S]*Sample agent \(default way\)[\s\S]*handed to a human/,
      );
      assert.deepEqual(await chat.locator(".pick-tab").allTextContents(), ["s-1", "s-2"]);
      await chat.locator(".pick-tab", { hasText: "s-1" }).click();
      await chat.locator(".chat-head", { hasText: "s-1 Grace" }).waitFor();
      assert.match(page.url(), /#conversations\/s-1$/);
      await list.getByRole("button", { name: /^Open session s-2/ }).click();
      await chat.locator(".chat-head", { hasText: "s-2" }).waitFor();
      await page.screenshot({ path: `${SHOTS}workbench-conversations.png` });
    });

    await t.step("6 and 7. a push opens in the inspector: badge, filter, row, URL", async () => {
      const push = chat.getByRole("button", { name: /^Open push #\d+ in the inspector$/ }).last();
      const id = (await push.textContent())!.replace("push #", "");
      await push.click();
      assert.match(page.url(), new RegExp(`#inspector/${id}$`));
      assert.equal(await inspector.locator("#filter-session").inputValue(), "s-2");
      const row = inspector.locator(`tr.entry[data-id="${id}"]`);
      assert.equal(await row.getAttribute("aria-selected"), "true");
      assert.ok(await row.isVisible());
      await row.locator(".badge.bad", { hasText: "1 error" }).waitFor();
      assert.match(await row.locator(".main").textContent() ?? "", /^“hello” → nothing$/);
      // A click goes into the URL, and a reload keeps it.
      await inspector.locator("#filter-session").selectOption("");
      const other = inspector.locator("tr.entry", { hasText: "“image” → image" });
      const otherId = await other.getAttribute("data-id");
      await other.click();
      assert.match(page.url(), new RegExp(`#inspector/${otherId}$`));
      await page.reload();
      await inspector.locator(`tr.entry[data-id="${otherId}"][aria-selected="true"]`).waitFor();
      await inspector.locator("ccemu-waterfall .sse-row").first().waitFor();
      await page.screenshot({ path: `${SHOTS}workbench-inspector.png` });
      await page.keyboard.press("Escape");
      await inspector.getByText("Select an exchange to see it in full").waitFor();
      assert.match(page.url(), /#inspector$/);
    });

    await t.step("5. inspector rows read as an activity log, on one line each", async () => {
      const line = inspector.locator("tr.entry td.line .main", { hasText: "“image” → image" });
      assert.equal(await line.evaluate((el) => getComputedStyle(el).whiteSpace), "nowrap");
      assert.ok(await fits(page, "ccemu-inspector", "#filter-status"));
      assert.ok(
        await inspector.locator("#filter-status").evaluate((el) => {
          const input = el as HTMLInputElement;
          const probe = document.createElement("span");
          probe.style.font = getComputedStyle(input).font;
          probe.textContent = input.placeholder;
          document.body.append(probe);
          const wide = probe.getBoundingClientRect().width;
          probe.remove();
          return wide <= input.clientWidth;
        }),
        "the status placeholder is not cut",
      );
    });

    await t.step("8. a bad status filter explains itself; no match says so", async () => {
      const total = (await inspector.locator("#count").textContent())!.split(" of ")[1];
      await inspector.locator("#filter-status").fill("abc");
      await inspector.locator("#status-hint", { hasText: "not a filter" }).waitFor();
      assert.equal(await inspector.locator("#count").textContent(), `${total} of ${total}`);
      await inspector.locator("#filter-status").fill("599");
      await inspector.locator("#no-match", { hasText: "No exchange matches" }).waitFor();
      const [head, cell] = await Promise.all([
        inspector.locator("th").first().boundingBox(),
        inspector.locator("#no-match").boundingBox(),
      ]);
      assert.ok(Math.abs(head!.x - cell!.x) < 2, "the empty row lines up under the headers");
      await inspector.locator("#filter-status").fill("");
    });

    await t.step("transcripts: exported, imported back read-only, replayed", async () => {
      await page.locator("nav button", { hasText: "Conversations" }).click();
      await chat.locator(".pick-tab", { hasText: "s-1" }).click();
      await chat.locator(".chat-head", { hasText: "s-1 Grace" }).waitFor();
      const [download] = await Promise.all([
        page.waitForEvent("download"),
        chat.locator("#export-transcript").click(),
      ]);
      assert.equal(download.suggestedFilename(), "s-1.transcript.json");
      const file = await download.path();
      const transcript = JSON.parse(await Deno.readTextFile(file));
      assert.equal(transcript.ccemu, "transcript");
      await chat.getByLabel("Import a transcript file").setInputFiles(file);
      await chat.locator(".chat-head", { hasText: "s-3 Grace" }).waitFor();
      await chat.locator(".note", { hasText: "Imported transcript of s-1: read-only" }).waitFor();
      assert.ok(await chat.locator("#text").isDisabled());
      await chat.locator("ccemu-message img.picture").first().waitFor();
      await chat.locator("#replay-session").click();
      assert.equal(await scenarios.locator("#session-pick").inputValue(), "s-3");
      await scenarios.locator("#replay-session").click();
      await scenarios.locator("#verdict", { hasText: "PASSED: replay of s-3" }).waitFor();
    });

    await t.step(
      "12. scenarios: run all, history with badges, a file, expected vs got",
      async () => {
        await scenarios.locator("#run-all").click();
        await scenarios.locator(".run-item").nth(4).waitFor({ timeout: 30_000 });
        assert.equal(await scenarios.locator(".scenario .badge.last.ok").count(), 4);
        assert.equal(
          await scenarios.getByRole("button", { name: /^Run scenario / }).count(),
          4,
          "each Run button names its scenario",
        );
        const file = await Deno.makeTempFile({ suffix: ".json" });
        await Deno.writeTextFile(
          file,
          JSON.stringify({
            name: "card but expecting text",
            robot: { robotId: "sample-default" },
            steps: [{ send: { text: "card" }, expect: { types: [100] } }],
          }),
        );
        await scenarios.getByLabel("Load a scenario file").setInputFiles(file);
        const run = scenarios.getByRole("button", {
          name: "Run scenario card but expecting text",
        });
        await run.waitFor(); // the page reads the file after the pick: remove it only then
        await Deno.remove(file);
        await run.click();
        await scenarios.locator("#verdict", { hasText: "FAILED: card but expecting text" })
          .waitFor();
        const failed = scenarios.locator('table.checks tr.failed[data-key="types"]');
        assert.match(await failed.textContent() ?? "", /\[100\][\s\S]*\["102\/10201"\]/);
        const runs = scenarios.locator(".run-item");
        assert.equal(await runs.count(), 6);
        assert.match(
          await runs.first().textContent() ?? "",
          /card but expecting text[\s\S]*FAIL 1/,
        );
        // An earlier run's report comes back from the history.
        await runs.last().click();
        await scenarios.locator("#verdict", { hasText: "PASSED: replay of s-3" }).waitFor();
        await page.screenshot({ path: `${SHOTS}workbench-scenarios.png` });
        // "Run against" a robot: the scenario runs there, whatever robot its file names.
        const elsewhere = await Deno.makeTempFile({ suffix: ".json" });
        await Deno.writeTextFile(
          elsewhere,
          JSON.stringify({
            name: "saved in another ccemu",
            robot: { robotId: "10042" },
            steps: [{ send: { text: "card" }, expect: { types: ["102/10201"] } }],
          }),
        );
        await scenarios.getByLabel("Load a scenario file").setInputFiles(elsewhere);
        const runElsewhere = scenarios.getByRole("button", {
          name: "Run scenario saved in another ccemu",
        });
        await runElsewhere.waitFor();
        await Deno.remove(elsewhere);
        await scenarios.getByLabel("Run against").selectOption("sample-default");
        await runElsewhere.click();
        await scenarios.locator("#verdict", { hasText: "PASSED: saved in another ccemu" })
          .waitFor();
        await scenarios.getByLabel("Run against").selectOption("");
      },
    );

    await t.step("11. deleting a session asks first, then it is gone everywhere", async () => {
      await page.locator("nav button", { hasText: "Conversations" }).click();
      const list = chat.locator("ccemu-session-list");
      await list.getByRole("button", { name: "Delete session s-3" }).click();
      await page.keyboard.press("Escape"); // backs out
      assert.equal(await list.locator('li[data-session="s-3"]').count(), 1);
      await list.getByRole("button", { name: "Delete session s-3" }).click();
      await list.getByRole("button", { name: "Yes, delete session s-3" }).click();
      await list.locator('li[data-session="s-3"]').waitFor({ state: "detached" });
      assert.ok(!(await chat.locator(".pick-tab").allTextContents()).includes("s-3"));
      await chat.getByRole("button", { name: "Close the tab of session s-2" }).click();
      assert.ok(!(await chat.locator(".pick-tab").allTextContents()).includes("s-2"));
    });

    await t.step("keyboard: / reaches the message box from any view", async () => {
      await page.locator("nav button", { hasText: "Knowledge base" }).click();
      await page.locator("ccemu-kb").waitFor();
      await page.locator("body").press("/");
      await page.waitForFunction(() => location.hash.startsWith("#conversations"));
      const focused = await chat.locator("#text").evaluate((el) =>
        (el.getRootNode() as ShadowRoot).activeElement === el
      );
      assert.ok(focused, "the message box has the focus");
    });

    await t.step("every view at 1920x1080", async () => {
      await page.setViewportSize({ width: 1920, height: 1080 });
      for (
        const view of [
          "Conversations",
          "Inspector",
          "Scenarios",
          "Outbound",
          "Knowledge base",
          "API",
        ]
      ) {
        await page.locator("nav button", { hasText: view }).click();
        await page.screenshot({
          path: `${SHOTS}1920-${view.toLowerCase().replace(/ /g, "-")}.png`,
        });
        if (view === "Conversations") {
          assert.ok(await fits(page, "ccemu-conversation", "#robot"));
        }
      }
    });

    assert.deepEqual(problems, []);
  },
);
