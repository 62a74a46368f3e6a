/**
 * Issue 43, defects 15 to 26 and 28 of a full walk of the UI, one step each, each asserting what a
 * reader sees. Each failed on the UI before its fix (checked by stashing the fix).
 */
import assert from "node:assert/strict";
import { Buffer } from "node:buffer";
import type { Locator, Page } from "playwright-core";
import { envelope, message, startTestAgent } from "../gateway/test-agent.ts";
import { browserTest, watchedPage } from "./browser.ts";

const post = async (base: string, path: string, body: unknown) => {
  const response = await fetch(`${base}${path}`, { method: "POST", body: JSON.stringify(body) });
  const json = await response.json();
  assert.ok(response.ok, JSON.stringify(json));
  return json;
};

const text = async (locator: Locator) =>
  ((await locator.textContent()) ?? "").replace(/\s+/g, " ").trim();

/** The element's box in the viewport. */
const box = (locator: Locator) =>
  locator.evaluate((el) => {
    const r = el.getBoundingClientRect();
    return { left: r.left, right: r.right, top: r.top, bottom: r.bottom, height: r.height };
  });

/** Loads an address afresh (the same address twice would not reload the page). */
async function fresh(page: Page, url: string) {
  await page.goto("about:blank");
  await page.goto(url);
}

/** Opens a session with `robotId` in the Conversations view and sends `said`. */
async function chatWith(page: Page, base: string, robotName: string, said: string) {
  const chat = page.locator("ccemu-conversation");
  await fresh(page, `${base}/#conversations`);
  const option = chat.locator("#robot option", { hasText: robotName });
  await option.waitFor({ state: "attached" });
  await chat.locator("#robot").selectOption({ label: (await option.textContent())!.trim() });
  await chat.locator("#open").click();
  await chat.locator("#text").fill(said);
  await chat.locator("#text").press("Enter");
}

browserTest("issue 43: the UI at its edges, defects 15 to 26 and 28", async (t, ui) => {
  const { running, browser } = ui;
  const base = running.url;
  // A reply with an unknown message type (an error) and topics sent as `categories` (a warning).
  await using agent = startTestAgent(() =>
    Response.json(envelope([
      message(999, { content: "?" }),
      message(103, {
        subtype: 10303,
        options: [{
          content: "t",
          categories: [{ categoryName: "c", options: [{ content: "q" }] }],
        }],
      }),
    ]))
  );
  await post(base, "/_emulator/gateway/robots", {
    name: "flawed agent",
    url: `${agent.url}/message`,
    platform: "Default",
  });
  const problems: string[] = [];
  const page = await watchedPage(browser, problems);
  const chat = page.locator("ccemu-conversation");
  const inspector = page.locator("ccemu-inspector");

  await t.step("15. one push's findings read the same in every view", async () => {
    await chatWith(page, base, "flawed agent", "hello");
    const meta = chat.locator(".bubble .meta").last();
    await meta.locator(".bad").waitFor();
    const inChat = await text(meta.locator(".findings"));
    const inLog = await text(chat.locator("ccemu-session-log li .findings").last());
    const inList = await text(chat.locator("ccemu-session-list li[aria-current='true'] .badges"));
    await chat.locator("button.inspect").last().click();
    const row = inspector.locator('tr.entry[aria-selected="true"]');
    await row.waitFor();
    const inInspector = await text(row.locator(".findings"));
    assert.match(inChat, /^1 error \d+ warnings?$/);
    assert.deepEqual([inLog, inList, inInspector], [inChat, inChat, inChat]);
  });

  await t.step("16. the delete confirmation sits below the session's text", async () => {
    await fresh(page, `${base}/#conversations`);
    const item = chat.locator("ccemu-session-list li").first();
    await item.waitFor();
    const before = await box(item.locator(".pick"));
    await item.locator(".delete").click();
    const confirm = item.locator(".confirm");
    await confirm.waitFor();
    const after = await box(item.locator(".pick"));
    assert.ok(
      after.right - after.left >= before.right - before.left - 1,
      "the session's text keeps its width",
    );
    assert.ok((await box(confirm)).top >= after.bottom - 1, "the question is under the text");
    await item.getByRole("button", { name: "Keep" }).click();
  });

  await t.step(
    "17. the clock pane says its mode and sets the time in the header's zone",
    async () => {
      await fresh(page, `${base}/#clock`);
      const pane = page.locator("ccemu-state-controls #clock-controls .pop");
      await pane.waitFor();
      assert.match(await text(pane.locator("#clock-mode")), /^Now: manual/);
      const now = pane.locator('input[name="now"]');
      assert.equal(await now.inputValue(), "2026-01-05T09:00:00+08:00");
      assert.match(await text(pane), /Asia\/Shanghai/);
    },
  );

  await t.step("18. the header stays on one line at 1280 on a manual clock", async () => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await fresh(page, `${base}/#overview`);
    const clock = page.locator("ccemu-app #clock");
    await clock.waitFor();
    const lineHeight = await clock.evaluate((el) => parseFloat(getComputedStyle(el).lineHeight));
    assert.ok((await box(clock)).height < lineHeight * 1.5, "the clock is one line");
    const header = await box(page.locator("ccemu-app header"));
    const nav = await box(page.locator("ccemu-app nav"));
    assert.ok(header.height <= nav.height + 20, `header ${header.height} px, nav ${nav.height} px`);
  });

  await t.step("19. the stream's waterfall: one end row, one-line times, data below", async () => {
    await fresh(page, `${base}/#conversations`);
    const sample = chat.locator("#robot option").first();
    await sample.waitFor({ state: "attached" });
    await chat.locator("#robot").selectOption({ index: 0 });
    await chat.locator("#mode").selectOption("streaming");
    await chat.locator("#open").click();
    await chat.locator("#text").fill("hello");
    await chat.locator("#text").press("Enter");
    const log = chat.locator("ccemu-session-log");
    await log.locator("li", { hasText: "“hello”" }).click();
    const grid = log.locator("ccemu-waterfall .sse");
    await grid.waitFor();
    const labels = await grid.locator(":scope > .marker, :scope > .sse-row").allTextContents();
    assert.ok(labels.filter((l) => l.trim() === "end").length <= 1, labels.join(", "));
    for (const num of await grid.locator(":scope > .num").all()) {
      assert.ok((await box(num)).height < 20, `${await num.textContent()} on one line`);
    }
    assert.equal(await grid.locator("details").count(), 0, "no toggle between the rows");
    assert.ok(await log.locator("ccemu-waterfall details").count() > 0, "the data is below");
  });

  await t.step("21. after Clear journal the log does not say 'No push yet'", async () => {
    const response = await fetch(`${base}/_emulator/journal`, { method: "DELETE" });
    await response.body?.cancel();
    const log = chat.locator("ccemu-session-log");
    await log.locator(".empty").waitFor();
    assert.doesNotMatch(await text(log.locator(".empty")), /No push yet/);
    assert.match(await text(log.locator(".empty")), /journal/);
  });

  await t.step("20. a deep link to an entry on page 2 shows page 2", async () => {
    for (let i = 0; i < 110; i++) await (await fetch(`${base}/gateway/nothing`)).body?.cancel();
    const id = running.emulator.journal.list()[3].id;
    await fresh(page, `${base}/#inspector/${id}`);
    const row = inspector.locator(`tr.entry[data-id="${id}"]`);
    await row.waitFor();
    assert.ok(await row.isVisible());
    assert.match(await text(inspector.locator(".pager span")), /page 2 of 2/);
  });

  await t.step("22. the API view renders the descriptions' Markdown", async () => {
    await fresh(page, `${base}/#api/robot_list`);
    const api = page.locator("ccemu-api");
    const description = api.locator("p.description");
    await description.waitFor();
    assert.doesNotMatch(await text(description), /`/);
    assert.equal(await description.locator("code", { hasText: "read" }).count(), 1);
  });

  await t.step("23. a JSON field's error shows at the field, which is marked", async () => {
    await fresh(page, `${base}/#api/task_create`);
    const api = page.locator("ccemu-api");
    const field = api.locator("#field-userPhoneIds");
    await field.fill("[501");
    await api.locator("#send").click();
    await page.waitForTimeout(100);
    assert.equal(await field.getAttribute("aria-invalid"), "true");
    const error = api.locator("#field-userPhoneIds-error");
    assert.match(await text(error), /userPhoneIds: not valid JSON/);
    const [f, e] = [await box(field), await box(error)];
    assert.ok(e.top >= f.bottom - 1 && e.top - f.bottom < 30, "the error is right under it");
  });

  await t.step("24. the FAQ form: labels, date formats, 24-hour times, room", async () => {
    await fresh(page, `${base}/#kb`);
    const kb = page.locator("ccemu-kb");
    await kb.locator(".item.faq").first().waitFor();
    await kb.locator("#new-faq").click();
    const answer = kb.locator('textarea[name="answer"]');
    await answer.waitFor();
    // A label a reader sees, not only a name for screen readers.
    assert.equal(await answer.evaluate((el) => (el as HTMLTextAreaElement).labels?.length), 1);
    for (const name of ["from", "to"]) {
      const label = await kb.locator(`input[name="${name}"]`).evaluate((el) =>
        (el as HTMLInputElement).labels?.[0]?.textContent ?? ""
      );
      assert.match(label, /yyyy\/MM\/dd HH:mm:ss/);
    }
    const [ask, search] = [await box(kb.locator("#ask")), await box(kb.locator("#search"))];
    assert.ok(search.top - ask.bottom >= 6, "Ask and Search stand apart");
    await fresh(page, `${base}/#outbound`);
    const outbound = page.locator("ccemu-outbound");
    await outbound.locator("#new-task").click();
    const from = outbound.locator('input[name="from"]');
    await from.waitFor();
    // Chromium draws <input type=time> in the browser's locale: 09:00 PM in en-US.
    assert.equal(await from.getAttribute("type"), "text");
    assert.equal(await outbound.locator('input[name="to"]').inputValue(), "21:00");
  });

  await t.step("25. adding an agent confirms in sight and empties the form", async () => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await fresh(page, `${base}/#conversations`);
    await chat.locator("#robot option").first().waitFor({ state: "attached" });
    await chat.locator("summary", { hasText: "Add an agent by URL" }).click();
    await chat.locator('input[name="name"]').fill("second agent");
    await chat.locator('input[name="url"]').fill(`${agent.url}/other`);
    await chat.locator("#add-agent").click();
    const added = chat.locator("#added");
    await added.waitFor();
    await page.waitForTimeout(300);
    const b = await box(added);
    assert.ok(b.top >= 0 && b.bottom <= 800, `the confirmation is in sight (${b.top}-${b.bottom})`);
    const aside = await box(chat.locator("aside"));
    assert.ok(b.top >= aside.top && b.bottom <= aside.bottom, "inside the panel's visible part");
    assert.equal(await chat.locator('input[name="name"]').inputValue(), "");
    assert.equal(await chat.locator('input[name="url"]').inputValue(), "");
  });

  await t.step("26. Attach image refuses a text file at once", async () => {
    await fresh(page, `${base}/#conversations`);
    await chat.locator("#robot option").first().waitFor({ state: "attached" });
    await chat.locator("#robot").selectOption({ index: 0 });
    await chat.locator("#open").click();
    await chat.locator("#text").waitFor();
    await chat.locator('input[type="file"][aria-label="Attach an image"]').setInputFiles({
      name: "notes.txt",
      mimeType: "text/plain",
      buffer: Buffer.from("not a picture"),
    });
    const refusal = chat.locator("ccemu-composer [role='alert']");
    await refusal.waitFor();
    assert.match(await text(refusal), /notes\.txt is not an image/);
    assert.equal(await chat.locator("ccemu-composer .preview").count(), 0);
  });

  await t.step("28. small things", async (t) => {
    await t.step("a transfer reads as words in the session list", async () => {
      await chatWith(page, base, "Sample agent (default way)", "human");
      const line = chat.locator("ccemu-session-list li[aria-current='true'] .line").last();
      await line.filter({ hasText: /TRANSFER_HUMAN/ }).waitFor();
      assert.match(await text(line), /^handed to a human/);
    });
    await t.step("the message placeholder and Replay fit at 1280", async () => {
      const input = chat.locator("#text");
      const cut = await input.evaluate((el) => {
        const i = el as HTMLInputElement;
        const probe = document.createElement("span");
        probe.style.font = getComputedStyle(i).font;
        probe.style.whiteSpace = "pre";
        probe.textContent = i.placeholder;
        document.body.append(probe);
        const wide = probe.getBoundingClientRect().width;
        probe.remove();
        return wide > i.clientWidth - 8;
      });
      assert.ok(!cut, "the placeholder is whole");
      const replay = await box(chat.locator("#replay-session"));
      assert.ok(replay.height < 36, "Replay as scenario… on one line");
    });
    await t.step("the overview names states as every view does", async () => {
      await post(base, "/_emulator/api/send", {
        operation: "POST /gateway/task_create",
        params: {
          enterpriseId: "7000001",
          callJobName: "state words",
          callJobType: 2,
          robotDefId: 3001,
          userPhoneIds: "[501]",
          concurrencyQuota: 1,
        },
        accessKeyId: "ccemu-demo-key",
      });
      await fresh(page, `${base}/#outbound`);
      const inOutbound = await text(
        page.locator("ccemu-outbound tr.task", { hasText: "state words" }).locator("td").nth(1),
      );
      await fresh(page, `${base}/#overview`);
      const state = page.locator("ccemu-overview #overview-outbound li").first();
      await state.waitFor();
      assert.ok((await text(state)).includes(inOutbound), `${await text(state)} / ${inOutbound}`);
    });
    await t.step("the calls table heads its duration in words", async () => {
      await fresh(page, `${base}/#outbound`);
      await page.locator("ccemu-outbound tr.task").first().click();
      const calls = page.locator("ccemu-outbound table", {
        has: page.locator("th", { hasText: "number" }),
      });
      await calls.waitFor();
      const heads = await calls.locator("th").allTextContents();
      assert.ok(!heads.includes("s"), heads.join(", "));
    });
    await t.step("access key ids stay on one line", async () => {
      await fresh(page, `${base}/#keys`);
      const cell = page.locator("ccemu-state-controls #keys tr[data-key] td").first();
      await cell.waitFor();
      const lineHeight = await cell.evaluate((el) => parseFloat(getComputedStyle(el).lineHeight));
      assert.ok((await box(cell)).height < lineHeight * 1.5 + 8, "one line");
    });
    await t.step("a search's hit count goes when the repository changes", async () => {
      await fresh(page, `${base}/#kb`);
      const kb = page.locator("ccemu-kb");
      await kb.locator("#keyword").fill("nothing-matches-this");
      await kb.locator("#search").click();
      await kb.locator("#hit-count").waitFor();
      await kb.locator(".repo").nth(1).click();
      await page.waitForTimeout(300);
      assert.equal(await kb.locator("#hit-count").count(), 0);
    });
  });

  assert.deepEqual(problems.filter((p) => !/status of 4\d\d/.test(p)), []);
});
