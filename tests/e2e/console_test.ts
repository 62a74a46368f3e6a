/**
 * The UI as an integrator's console (issue 17), in Debian's chromium at 1280x800: outbound
 * authoring through the signed operations (a task, three customers from a CSV file, start, until
 * idle, the outcome chart against the task's counts), why a task waits, a call's header, dialogue
 * and recording; the knowledge base (rendered markdown, the directory filter, a FAQ edited and found
 * through the Ask box, the recycle bin's days); the state controls (a snapshot exported, a reset,
 * the snapshot imported back: the same state). Screenshots go to artifacts/screenshots/.
 */
import assert from "node:assert/strict";
import { Buffer } from "node:buffer";
import { browserTest, SHOTS, watchedPage } from "./browser.ts";

browserTest(
  "the console: outbound authoring and charts, the knowledge base, state controls",
  async (t, { running, browser }) => {
    const control = async (method: string, path: string) =>
      await (await fetch(`${running.url}${path}`, { method })).json();
    const problems: string[] = [];
    const page = await watchedPage(browser, problems);
    const outbound = page.locator("ccemu-outbound");
    const kb = page.locator("ccemu-kb");
    const state = page.locator("ccemu-state-controls");
    await page.goto(`${running.url}/#outbound`);
    await outbound.locator("#new-task").waitFor();

    let callJobId = 0;
    await t.step(
      "a task created, three customers from CSV, started, run until idle",
      async () => {
        await outbound.locator("#new-task").click();
        const form = outbound.locator("ccemu-task-form");
        await form.locator("#name").fill("Console campaign");
        await form.locator("#script").selectOption("3001");
        await form.getByRole("button", { name: "Create task" }).click();
        await page.waitForFunction(() => /^#outbound\/\d+$/.test(location.hash));
        callJobId = Number(new URL(page.url()).hash.split("/")[1]);
        await outbound.locator("#task-status", { hasText: "未开始 · not started (0)" }).waitFor();
        await outbound.locator("#waiting", { hasText: "not started: start it" }).waitFor();

        const csv = "phone,name,客户姓名,分期金额\n" +
          "19900000000,张三,张三,2888\n19900000600,李四,李四,100\n19900000100,王五,王五,500\n";
        await outbound.getByLabel("Load customers from a CSV file").setInputFiles({
          name: "customers.csv",
          mimeType: "text/csv",
          buffer: Buffer.from(csv),
        });
        await outbound.locator("#import").click();
        await outbound.locator("#import-answer", { hasText: "3 of 3 imported" }).waitFor();
        await outbound.getByRole("button", { name: "Start" }).click();
        await outbound.locator("#task-status", { hasText: "进行中 · in progress (1)" }).waitFor();
        await outbound.locator("#advance-idle").click();
        await outbound.locator("#task-status", { hasText: "已完成 · completed (2)" }).waitFor();

        // The journal holds what a client would have sent: the signed operations themselves.
        const journal = await control("GET", "/_emulator/journal?limit=200");
        const paths = journal.entries.map((e: { path: string }) => e.path);
        for (const op of ["task_create", "task_import", "task_execute"]) {
          assert.ok(paths.includes(`/gateway/${op}`), `${op} is in the journal`);
        }
      },
    );

    await t.step("the outcome chart's totals equal the task's counts", async () => {
      const task = outbound.locator(`tr.task[data-id="${callJobId}"]`);
      const row = outbound.locator(`#outcome-table tr[data-task="${callJobId}"]`);
      const [done, total] = (await task.locator(".done").textContent())!.split("/").map(Number);
      assert.equal(done, 3);
      assert.equal(Number(await row.locator(".total").textContent()), total);
      assert.equal(Number(await row.locator('[data-status="open"]').textContent()), total - done);
      assert.equal(
        Number(await row.locator('[data-status="0"]').textContent()),
        Number(await task.locator(".answered").textContent()),
        "answered in the chart = the task's answered count",
      );
      assert.equal(Number(await row.locator('[data-status="6"]').textContent()), 1, "busy");
      assert.equal(Number(await row.locator('[data-status="1"]').textContent()), 1, "refused");
      const drawn = await outbound.locator("#outcome-chart").evaluate((el) => {
        const canvas = el.shadowRoot!.querySelector("canvas")!;
        return canvas.width > 0 && canvas.height > 0;
      });
      assert.ok(drawn, "the chart is drawn");
      await outbound.locator("#timeline-chart").waitFor();
    });

    await t.step(
      "a call: header, the dialogue once, a recording as long as the call, in the URL",
      async () => {
        await outbound.locator("tr.call", { hasText: "19900000000" }).click();
        await page.waitForFunction(() => /^#outbound\/\d+\/\d+$/.test(location.hash));
        await outbound.locator("#call-header", { hasText: "19900000000 张三" }).waitFor();
        assert.equal(
          await outbound.locator("#call-finish").textContent(),
          "已接听 · answered (0)",
        );
        const lines = await outbound.locator("#dialogue .log").allTextContents();
        assert.equal(new Set(lines).size, lines.length, "no turn twice");
        assert.equal(lines.length, 7);
        const seconds = await outbound.locator("audio").evaluate((audio: HTMLAudioElement) =>
          new Promise<number>((resolve) => {
            if (audio.readyState >= 1) resolve(audio.duration);
            else audio.addEventListener("loadedmetadata", () => resolve(audio.duration));
          })
        );
        assert.equal(Math.round(seconds), 48);
        await page.screenshot({ path: `${SHOTS}console-outbound.png` });
        await page.reload();
        await outbound.locator("#call-header", { hasText: "19900000000" }).waitFor();
      },
    );

    await t.step(
      "outside its window, +1 min says why the task waits; pause, resume, terminate",
      async () => {
        await state.locator("summary", { hasText: "Clock" }).click();
        await state.getByLabel("Advance by").fill("12.5");
        await state.getByLabel("Unit").selectOption("h");
        await state.getByRole("button", { name: "Advance", exact: true }).click();
        await page.keyboard.press("Escape");
        await outbound.locator("#tenant-time", { hasText: "21:30" }).waitFor();
        await outbound.locator("#new-task").click();
        await outbound.locator("ccemu-task-form #name").fill("Late");
        await outbound.locator("ccemu-task-form").getByRole("button", { name: "Create task" })
          .click();
        await outbound.locator("#task-status", { hasText: "not started" }).waitFor();
        await outbound.getByLabel("Customers as CSV").fill(
          "phone,客户姓名,分期金额\n19900000000,A,1",
        );
        await outbound.locator("#import").click();
        await outbound.locator("#import-answer", { hasText: "1 of 1" }).waitFor();
        await outbound.getByRole("button", { name: "Start" }).click();
        await outbound.locator("#advance-minute").click();
        await outbound.locator("#tenant-time", { hasText: "21:31" }).waitFor();
        await outbound.locator("#task-status", { hasText: "可运行 · runnable (3)" }).waitFor();
        assert.match(
          await outbound.locator("#waiting").textContent() ?? "",
          /outside its working window until \d{4}-\d{2}-\d{2} 09:00 \(Asia\/Shanghai\)/,
        );
        await outbound.getByRole("button", { name: "Pause" }).click();
        await outbound.locator("#waiting", { hasText: "paused by a user" }).waitFor();
        assert.ok(await outbound.getByRole("button", { name: "Pause" }).isDisabled());
        await outbound.getByRole("button", { name: "Resume" }).click();
        await outbound.locator("#task-status", { hasText: "可运行 · runnable (3)" }).waitFor();
        await outbound.getByRole("button", { name: "Terminate" }).click();
        await outbound.locator("#task-status", { hasText: "已终止 · terminated (6)" }).waitFor();
        assert.equal(
          await outbound.locator("#waiting").count(),
          0,
          "a terminated task waits for nothing",
        );
      },
    );

    await t.step(
      "knowledge base: markdown rendered, directories filter, details open",
      async () => {
        await page.locator("nav button", { hasText: "Knowledge base" }).click();
        const refund = kb.locator('.item.faq[data-id="2001"]');
        await refund.waitFor();
        assert.equal(await refund.locator("p strong", { hasText: "申请退款" }).count(), 1);
        assert.ok(!(await refund.textContent())!.includes("**"), "no raw markdown");
        const all = await kb.locator(".item.faq").count();
        await kb.locator("button.dir").first().click();
        assert.ok(await kb.locator(".item.faq").count() <= all);
        await kb.getByRole("button", { name: "Show all" }).click();
        assert.equal(await kb.locator(".item.faq").count(), all);
        await kb.locator("#keyword").fill("申请退款");
        await kb.locator("#search").click();
        const hit = kb.locator(".item.hit").first();
        await hit.waitFor();
        assert.ok(
          !(await hit.textContent())!.includes("**"),
          "the highlight is not in the markup",
        );
        assert.ok(
          await hit.locator("strong mark").count() > 0,
          "the term marked inside the bold",
        );
        await hit.click();
        await kb.locator("ccemu-kb-detail #detail-title", { hasText: "如何申请退款" }).waitFor();
        await kb.locator(".item.file").first().click();
        await kb.locator("ccemu-kb-detail", { hasText: "Text (what Q&A and search read)" })
          .waitFor();
      },
    );

    await t.step("a new FAQ is created and opened; a document's media link appears", async () => {
      // Both operations answer beside requestId (create_faq's id, describe_file_media_url's url).
      const before = await kb.locator(".item.faq").count();
      await kb.locator("#new-faq").click();
      const detail = kb.locator("ccemu-kb-detail");
      await detail.locator('input[name="question"]').fill("发票怎么开？");
      await detail.getByLabel("Answer").fill("x");
      await detail.locator("#save-faq").click();
      await detail.locator("#detail-title", { hasText: "发票怎么开？" }).waitFor();
      assert.equal(await kb.locator(".item.faq").count(), before + 1);
      assert.equal(await page.locator("ccemu-app .problem").count(), 0, "no error bar");

      await kb.locator(".item.file", { hasText: "会员权益说明.md" }).click();
      await detail.getByRole("button", { name: "Media link" }).first().click();
      const link = detail.locator("a", { hasText: "open" }).first();
      await link.waitFor();
      const media = await fetch((await link.getAttribute("href"))!);
      assert.equal(media.status, 200);
      await media.body?.cancel();
    });

    await t.step("a FAQ edited through edit_faq is found by the Ask box", async () => {
      await kb.locator('.item.faq[data-id="2001"]').click();
      const detail = kb.locator("ccemu-kb-detail");
      await detail.getByRole("button", { name: "Edit" }).click();
      await detail.getByLabel("Similar questions, one a line").fill("钱能退回来吗");
      await detail.getByLabel("Answer").fill("点击**申请退款**，款项原路退回。");
      await detail.locator("#save-faq").click();
      await detail.locator(".answer", { hasText: "款项原路退回" }).waitFor();
      await kb.getByLabel("Ask the knowledge base").fill("钱能退回来吗");
      await kb.locator("#ask").click();
      await kb.locator("#qa-answer", { hasText: "款项原路退回" }).waitFor();
      assert.match(await kb.locator("#qa-source").textContent() ?? "", /FAQ 2001/);
      const journal = await control("GET", "/_emulator/journal?limit=200");
      assert.ok(journal.entries.some((e: { path: string }) => e.path === "/aikb/edit_faq"));
    });

    await t.step(
      "deleted after a yes, the FAQ waits in the recycle bin; its answer goes",
      async () => {
        const detail = kb.locator("ccemu-kb-detail");
        await kb.locator('.item.faq[data-id="2001"]').click();
        await detail.getByRole("button", { name: "Delete (delete_faq)" }).click();
        await detail.locator("#confirm-delete", { hasText: "Delete FAQ 2001?" }).waitFor();
        await detail.getByRole("button", { name: "Keep" }).click();
        assert.equal(await kb.locator('.item.faq[data-id="2001"]').count(), 1, "kept");
        await detail.getByRole("button", { name: "Delete (delete_faq)" }).click();
        await detail.getByRole("button", { name: "Yes, delete" }).click();
        await kb.locator("#recycled", { hasText: "30 days left" }).waitFor();
        // The Ask panel said "Answered by FAQ 2001": that answer no longer holds.
        assert.equal(await kb.locator("#qa-source").count(), 0);
        await page.screenshot({ path: `${SHOTS}console-kb.png` });
      },
    );

    await t.step("Clear journal asks first; Keep keeps it", async () => {
      const size = async () => (await control("GET", "/_emulator/journal")).entries.length;
      const before = await size();
      await state.getByRole("button", { name: "Clear journal" }).click();
      await state.getByText("Clear the journal? Every exchange recorded so far goes.").waitFor();
      await state.getByRole("button", { name: "Keep" }).click();
      assert.ok(await size() >= before, "nothing cleared");
      await state.getByRole("button", { name: "Clear journal" }).click();
      await state.getByRole("button", { name: "Yes, clear" }).click();
      await page.waitForFunction(() => true);
      for (let i = 0; i < 50 && (await size()) >= before; i++) {
        await new Promise((r) => setTimeout(r, 50));
      }
      assert.ok(await size() < before, "cleared after the yes");
    });

    await t.step(
      "a snapshot exported, a reset, the snapshot imported: the same state",
      async () => {
        const before = await control("GET", "/_emulator/outbound/tasks");
        const [download] = await Promise.all([
          page.waitForEvent("download"),
          state.getByRole("button", { name: "Export snapshot" }).click(),
        ]);
        const file = await download.path();
        await state.getByRole("button", { name: "Reset" }).click();
        await state.getByRole("button", { name: "Yes, reset" }).click();
        await state.locator("#state-notice", { hasText: "Reset" }).waitFor();
        assert.equal((await control("GET", "/_emulator/outbound/tasks")).tasks.length, 0);
        await page.locator("nav button", { hasText: "Outbound" }).click();
        await outbound.getByRole("button", { name: "Create one" }).waitFor();
        await state.getByLabel("Import a snapshot file").setInputFiles(file);
        await state.locator("#state-notice", { hasText: "Snapshot imported" }).waitFor();
        await outbound.locator(`tr.task[data-id="${callJobId}"]`).waitFor();
        assert.deepEqual(await control("GET", "/_emulator/outbound/tasks"), before);
        await page.locator("nav button", { hasText: "Knowledge base" }).click();
        await kb.locator("#recycled", { hasText: "days left" }).waitFor();
      },
    );

    await t.step("access keys: add one, remove it", async () => {
      await state.locator("summary", { hasText: "Access keys" }).click();
      await state.getByLabel("New key id").fill("console-key");
      await state.getByLabel("New key secret").fill("console-secret");
      await state.getByRole("button", { name: "Add key" }).click();
      await state.locator('tr[data-key="console-key"]').waitFor();
      await state.getByRole("button", { name: "Remove access key console-key" }).click();
      await state.locator('tr[data-key="console-key"]').waitFor({ state: "detached" });
      await page.keyboard.press("Escape");
      assert.equal(await state.locator("details[open]").count(), 0, "Esc closes the keys");
      await page.setViewportSize({ width: 1920, height: 1080 });
      await page.locator("nav button", { hasText: "Outbound" }).click();
      await page.screenshot({ path: `${SHOTS}console-outbound-1920.png` });
    });

    assert.deepEqual(problems, [], "no console errors");
  },
);
