import assert from "node:assert/strict";
import { escapeHtml, escapeXml } from "../../emulator/core/html.ts";

Deno.test("escapeHtml: & < > and double quotes become entities, everything else stays", () => {
  assert.equal(
    escapeHtml(`<a href="x?a=1&b=2">Tom's & "Jerry"</a>`),
    "&lt;a href=&quot;x?a=1&amp;b=2&quot;&gt;Tom's &amp; &quot;Jerry&quot;&lt;/a&gt;",
  );
  assert.equal(escapeHtml("&amp;"), "&amp;amp;");
  assert.equal(escapeHtml("plain 文字\n\t"), "plain 文字\n\t");
  assert.equal(escapeHtml(""), "");
});

Deno.test("escapeXml: escapeHtml after dropping the control characters XML 1.0 forbids", () => {
  assert.equal(escapeXml('a\u0000b\u001b<c>\t\n\r"d"'), "ab&lt;c&gt;\t\n\r&quot;d&quot;");
});
