/**
 * Four defects of a walk through the UI at 1280x800 and 1920x1080, one browser test each, each
 * measured the way a reader meets it:
 *
 * 1. the inspector's findings: a deep JSON path ran into the message column;
 * 2. "Replay as scenario…" opened Scenarios with the session chosen, but its block stayed below
 *    the fold and the focus on the body;
 * 3. Outbound: the new-task form's fields, the "Fri" box and the redial select were cut off, the
 *    outcome table lost its last columns, and the outcome chart named two of three bars;
 * 4. contrast under 4.5:1: the selected session row's secondary text, the chat's push buttons.
 *
 * Each fails on the UI before its fix (checked) and shows no console error.
 */
import assert from "node:assert/strict";
import { Buffer } from "node:buffer";
import type { Locator, Page } from "playwright-core";
import { sse, startTestAgent } from "../gateway/test-agent.ts";
import { addAgentByUrl, browserTest, contrasts, SHOTS, watchedPage } from "./browser.ts";

const SIZES = [[1280, 800], [1920, 1080]] as const;

/** A default-way stream event. */
const event = (name: string, data: unknown) => `event: ${name}\ndata: ${JSON.stringify(data)}\n\n`;
const chunk = (text: string) =>
  event("message", {
    event: "message",
    conversation_id: "c",
    answer: [{ message_id: "m1", content_type: "text", content: text }],
  });

/** Polls `read` until `done` holds or `ms` pass; answers the last reading (for the assertion). */
async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 5000) {
  const until = Date.now() + ms;
  let value = await read();
  while (!done(value) && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    value = await read();
  }
  return value;
}

/** A box in CSS pixels, rounded to a tenth (subpixel layout never fails a check). */
interface Box {
  left: number;
  right: number;
  top: number;
  bottom: number;
}

/**
 * Where an element is, and the part of its scrolling panel a reader sees (the panel's box less
 * its scroll bars), both in viewport pixels.
 */
function placement(locator: Locator, panelSelector: string) {
  return locator.evaluate((el, panelSelector) => {
    const round = (n: number) => Math.round(n * 10) / 10;
    const box = (r: DOMRect) => ({
      left: round(r.left),
      right: round(r.right),
      top: round(r.top),
      bottom: round(r.bottom),
    });
    let panel: Element | null = el;
    while (panel && !panel.matches(panelSelector)) {
      panel = panel.parentElement ?? (panel.getRootNode() as ShadowRoot).host ?? null;
    }
    if (!panel) throw new Error(`no ${panelSelector} around the element`);
    const p = panel.getBoundingClientRect();
    const seen = {
      left: round(p.left + panel.clientLeft),
      top: round(p.top + panel.clientTop),
      right: round(p.left + panel.clientLeft + panel.clientWidth),
      bottom: round(p.top + panel.clientTop + panel.clientHeight),
    };
    return { box: box(el.getBoundingClientRect()), panel: seen };
  }, panelSelector);
}

/** Scrolls the panel around an element back to its left edge and down (or up) to the element. */
function scrollDownTo(locator: Locator, panelSelector: string) {
  return locator.evaluate((el, panelSelector) => {
    let panel: Element | null = el;
    while (panel && !panel.matches(panelSelector)) {
      panel = panel.parentElement ?? (panel.getRootNode() as ShadowRoot).host ?? null;
    }
    if (!panel) throw new Error(`no ${panelSelector} around the element`);
    panel.scrollLeft = 0;
    const box = el.getBoundingClientRect(), seen = panel.getBoundingClientRect();
    if (box.top < seen.top || box.bottom > seen.bottom) {
      panel.scrollTop += box.top - seen.top - (seen.height - box.height) / 2;
    }
  }, panelSelector);
}

const inside = (box: Box, area: Box) =>
  box.left >= area.left - 0.5 && box.right <= area.right + 0.5 && box.top >= area.top - 0.5 &&
  box.bottom <= area.bottom + 0.5;

/** The element that has the focus, through every open shadow root. */
const deepActive = (page: Page) =>
  page.evaluate(() => {
    let active = document.activeElement;
    while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
    return active ? `${active.tagName.toLowerCase()}${active.id ? `#${active.id}` : ""}` : "";
  });

browserTest(
  "inspector findings: a deep JSON path wraps in its column, never into the message",
  async (t, { running, browser }) => {
    // Five text chunks, then a card whose subtype is no code: the finding's path is deep.
    const card = event("message", {
      event: "message",
      conversation_id: "c",
      answer: [{
        message_id: "m2",
        content_type: "102",
        content: { subtype: "graphic-card-with-a-long-name", cards: [] },
      }],
    });
    const end = event("end", { event: "end", conversation_id: "c", answer: [{ metadata: {} }] });
    await using agent = startTestAgent(() =>
      sse([0, 1, 2, 3, 4].map((i) => chunk(`part ${i} `)).concat(card, end))
    );
    const problems: string[] = [];
    const page = await watchedPage(browser, problems);
    const chat = page.locator("ccemu-conversation");
    const inspector = page.locator("ccemu-inspector");
    await page.goto(`${running.url}/#conversations`);
    await addAgentByUrl(page, "deep agent", `${agent.url}/message`);
    await chat.locator("#open").click();
    await chat.locator("#text").fill("a card, please");
    await chat.locator("#text").press("Enter");
    await chat.locator(".meta .bad", { hasText: "1 error" }).waitFor();
    await chat.locator("button.inspect").last().click();
    const path = inspector.locator("table.findings td", {
      hasText: "$.events[5].data.answer[0].content.subtype",
    });
    await path.waitFor();

    for (const [width, height] of SIZES) {
      await t.step(`${width}x${height}: every findings cell holds its text`, async () => {
        await page.setViewportSize({ width, height });
        const cells = await inspector.locator("table.findings tr").evaluateAll((rows) =>
          rows.map((row) =>
            [...row.children].map((cell) => {
              const box = cell.getBoundingClientRect();
              // The text as laid out: where its glyphs are, whatever the cell's box says.
              const range = document.createRange();
              range.selectNodeContents(cell);
              const text = range.getBoundingClientRect();
              return {
                text: (cell.textContent ?? "").trim(),
                overflows: cell.scrollWidth > cell.clientWidth + 1,
                left: box.left,
                right: box.right,
                textRight: text.right,
              };
            })
          )
        );
        assert.ok(cells.length >= 2, "a header and a finding");
        for (const row of cells) {
          for (const [i, cell] of row.entries()) {
            assert.ok(!cell.overflows, `"${cell.text}" overflows its cell`);
            assert.ok(cell.textRight <= cell.right + 1, `"${cell.text}" runs out of its cell`);
            if (i) assert.ok(row[i - 1].right <= cell.left + 1, `"${cell.text}" overlaps`);
          }
        }
        const { box, panel } = await placement(inspector.locator("table.findings"), ".detail");
        assert.ok(box.right <= panel.right + 0.5, "the findings table fits the detail pane");
        // The path reads as it is (the break opportunities add no text).
        assert.equal(
          (await path.textContent())?.trim(),
          "$.events[5].data.answer[0].content.subtype",
        );
        await page.screenshot({ path: `${SHOTS}walk-inspector-findings-${width}.png` });
      });
    }
    assert.deepEqual(problems, []);
  },
);

browserTest(
  "Replay as scenario… brings the session's block into view with the focus in it",
  async (_t, { running, browser }) => {
    const problems: string[] = [];
    const page = await watchedPage(browser, problems);
    const chat = page.locator("ccemu-conversation");
    const scenarios = page.locator("ccemu-scenarios");
    await page.goto(`${running.url}/#conversations`);
    await chat.locator("#open").click();
    await chat.locator("#text").fill("hello");
    await chat.locator("#text").press("Enter");
    await chat.locator("button.inspect").first().waitFor();

    await chat.locator("#replay-session").click();
    await page.waitForFunction(() => location.hash === "#scenarios");
    await scenarios.locator(".scenario").nth(3).waitFor();
    assert.equal(await scenarios.locator("#session-pick").inputValue(), "s-1");
    const block = scenarios.locator(".stack", { hasText: "From a session" });
    const focusIn = () =>
      block.evaluate((el) => {
        let active = document.activeElement;
        while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
        return el.contains(active);
      });
    assert.ok(
      await eventually(focusIn, Boolean),
      `the focus is in the session's block (it is on ${await deepActive(page)})`,
    );
    assert.equal(await deepActive(page), "select#session-pick", "its first control");
    const { box, panel } = await placement(block, "section");
    const viewport = { left: 0, top: 0, right: 1280, bottom: 800 };
    assert.ok(inside(box, panel), `the block ${JSON.stringify(box)} is in its panel's view`);
    assert.ok(inside(box, viewport), `the block ${JSON.stringify(box)} is in the viewport`);
    // The block's own controls are the ones in view: the replay button too.
    const replay = await placement(scenarios.locator("#replay-session"), "section");
    assert.ok(inside(replay.box, viewport), "the replay button is in the viewport");
    await page.screenshot({ path: `${SHOTS}walk-replay-as-scenario.png` });
    assert.deepEqual(problems, []);
  },
);

browserTest(
  "Outbound: the new-task form, the outcome table and the chart's labels all show",
  async (t, { running, browser }) => {
    const problems: string[] = [];
    const page = await watchedPage(browser, problems);
    const outbound = page.locator("ccemu-outbound");
    await page.goto(`${running.url}/#outbound`);
    await outbound.locator("#new-task").waitFor();

    // Three tasks of five numbers each: answered, refused, unreachable, powered off and busy.
    const names = ["Spring campaign", "Instalment reminders", "Renewals"];
    const csv = "phone,name,客户姓名,分期金额\n19900000000,张三,张三,2888\n" +
      "19900000600,李四,李四,100\n19900000100,王五,王五,500\n19900000200,赵六,赵六,5\n" +
      "19900000500,孙七,孙七,5\n";
    for (const name of names) {
      await outbound.locator("#new-task").click();
      const form = outbound.locator("ccemu-task-form");
      await form.locator("#name").fill(name);
      await form.locator("#script").selectOption("3001");
      await form.getByRole("button", { name: "Create task" }).click();
      await outbound.locator("h3", { hasText: name }).waitFor();
      await outbound.getByLabel("Load customers from a CSV file").setInputFiles({
        name: "customers.csv",
        mimeType: "text/csv",
        buffer: Buffer.from(csv),
      });
      await outbound.locator("#import").click();
      await outbound.locator("#import-answer", { hasText: "5 of 5 imported" }).waitFor();
      await outbound.getByRole("button", { name: "Start" }).click();
      await outbound.locator("#task-status", { hasText: "in progress (1)" }).waitFor();
    }
    await outbound.locator("#advance-idle").click();
    await outbound.locator("tr.task .done", { hasText: "5/5" }).nth(2).waitFor();
    await outbound.locator("#new-task").click();
    const form = outbound.locator("ccemu-task-form");
    await form.locator("#name").waitFor();
    const tasksPanel = 'section[aria-label="Tasks"]';

    for (const [width, height] of SIZES) {
      await page.setViewportSize({ width, height });
      const viewport = { left: 0, top: 0, right: width, bottom: height };
      /**
       * With the panel scrolled down to the element (never sideways: a reader does not look for a
       * field off to the right), the element is whole inside the panel's visible part and the page.
       */
      const shown = async (what: string, locator: Locator) => {
        await scrollDownTo(locator, tasksPanel);
        const { box, panel } = await placement(locator, tasksPanel);
        assert.ok(inside(box, panel), `${what} ${JSON.stringify(box)} is cut by ${tasksPanel}`);
        assert.ok(inside(box, viewport), `${what} ${JSON.stringify(box)} is off the page`);
      };

      await t.step(`${width}x${height}: the new-task form is whole`, async () => {
        await shown("Name", form.locator("#name"));
        await shown("Script", form.locator("#script"));
        for (const day of ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]) {
          await shown(`the ${day} box`, form.locator("label", { hasText: day }));
        }
        await shown("the redial select", form.locator('select[name="redialOn"]'));
        await shown("the redial minutes", form.locator('input[name="redialInterval"]'));
        await shown("Create task", form.getByRole("button", { name: "Create task" }));
        const panel = outbound.locator(tasksPanel);
        const [scrollWidth, clientWidth] = await panel.evaluate((el) => [
          el.scrollWidth,
          el.clientWidth,
        ]);
        assert.ok(
          scrollWidth <= clientWidth,
          `the Tasks panel runs ${scrollWidth - clientWidth}px wide`,
        );
      });

      await t.step(`${width}x${height}: every column of the outcome table shows`, async () => {
        const table = outbound.locator("#outcome-table");
        const headers = table.locator("tr").first().locator("th");
        // task, five finish statuses, not finished, total: all in sight at once
        assert.equal(await headers.count(), 8);
        await scrollDownTo(table, tasksPanel);
        for (const header of await headers.all()) {
          const what = `the column "${(await header.textContent())?.trim()}"`;
          const { box, panel } = await placement(header, tasksPanel);
          assert.ok(inside(box, panel), `${what} ${JSON.stringify(box)} is cut by ${tasksPanel}`);
          assert.ok(inside(box, viewport), `${what} ${JSON.stringify(box)} is off the page`);
        }
        for (const cell of await table.locator("td").all()) {
          const { box, panel } = await placement(cell, tasksPanel);
          assert.ok(box.right <= panel.right + 0.5, `a number ${JSON.stringify(box)} is cut`);
        }
        await page.screenshot({ path: `${SHOTS}walk-outbound-table-${width}.png` });
      });

      await t.step(`${width}x${height}: the outcome chart names every task's bar`, async () => {
        const chart = outbound.locator("#outcome-chart");
        await scrollDownTo(chart, tasksPanel);
        const ticks = await chart.evaluate((el) =>
          (el as HTMLElement & { drawnTicks?: (axis: string) => { label: string; at: number }[] })
            .drawnTicks?.("y") ?? []
        );
        assert.deepEqual(
          ticks.map((tick) => tick.label),
          names.map((name, i) => `${80001 + i} ${name}`),
        );
        // 12 px labels: bands closer than a line would print one label over the next.
        for (const [i, tick] of ticks.entries()) {
          if (i) {
            assert.ok(tick.at - ticks[i - 1].at >= 15, `labels overlap: ${JSON.stringify(ticks)}`);
          }
        }
      });
    }
    await page.setViewportSize({ width: 1280, height: 800 });
    await scrollDownTo(outbound.locator("#outcome-chart"), tasksPanel);
    await page.screenshot({ path: `${SHOTS}walk-outbound-chart-1280.png` });
    await scrollDownTo(form.locator("#name"), tasksPanel);
    await page.screenshot({ path: `${SHOTS}walk-outbound-form-1280.png` });
    assert.deepEqual(problems, []);
  },
);

browserTest(
  "contrast: the selected session row and the push buttons keep 4.5:1",
  async (t, { running, browser }) => {
    // A stream with an unknown event (a warning) and no end (an error): both badges show.
    await using agent = startTestAgent(() =>
      sse([event("ping", { event: "ping" }), chunk("hi there")])
    );
    const problems: string[] = [];
    const page = await watchedPage(browser, problems);
    const chat = page.locator("ccemu-conversation");
    await page.goto(`${running.url}/#conversations`);
    await addAgentByUrl(page, "flawed agent", `${agent.url}/message`);
    await chat.locator("#open").click();
    await chat.locator("#text").fill("hi");
    await chat.locator("#text").press("Enter");
    await chat.locator(".error", { hasText: "AgentStreamIncomplete" }).waitFor();
    const row = chat.locator('ccemu-session-list li[aria-current="true"]');
    await row.locator(".badge", { hasText: "1 warning" }).waitFor();

    const check = (found: [string, number][]) => {
      assert.ok(found.length > 0);
      const low = found.filter(([, ratio]) => ratio < 4.5);
      assert.deepEqual(low, [], `under 4.5:1: ${JSON.stringify(low)}`);
    };

    await t.step("every text of the selected session row", async () => {
      // Each element that holds text of its own: the id, the badges, the robot and last line, ✕.
      const texts = row.locator("strong, .badge, .line.muted, button.delete");
      const found = await contrasts(texts);
      assert.ok(found.some(([text]) => text.includes("flawed agent")), JSON.stringify(found));
      check(found);
    });

    await t.step("the push buttons and finding counts under the replies", async () => {
      const found = await contrasts(chat.locator(".meta button.inspect, .meta .bad, .meta .warn"));
      assert.ok(found.some(([text]) => /^push #\d+$/.test(text)), JSON.stringify(found));
      check(found);
    });

    await t.step("the open tab's close button", async () => {
      check(await contrasts(chat.locator('.tab[aria-current="true"] button')));
    });
    await page.screenshot({ path: `${SHOTS}walk-contrast.png` });
    assert.deepEqual(problems, []);
  },
);
