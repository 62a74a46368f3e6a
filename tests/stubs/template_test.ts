/** The stubs' template language, alone: what each placeholder renders, and what is refused. */
import assert from "node:assert/strict";
import {
  renderText,
  renderValue,
  templateProblems,
  type TemplateValues,
} from "../../emulator/stubs/template.ts";

const VALUES: TemplateValues = {
  body: { taskName: 'say "hi"', n: 5, list: [{ phone: "139" }], nested: { a: [1, 2] } },
  query: { repositoryId: "101" },
  requestId: "r-1",
  now: "2026-01-05 09:00:00",
  nowMs: 1767574800000,
};

Deno.test("template: whole placeholders keep their type; inside text they are text", () => {
  const rows: [unknown, unknown][] = [
    ["{{body.n}}", 5],
    ["{{ body.n }}", 5],
    ["n={{body.n}}", "n=5"],
    ["{{body.nested}}", { a: [1, 2] }],
    ["[{{body.nested.a}}]", "[[1,2]]"],
    ["{{body.list[0].phone}}", "139"],
    ["{{body.list.0.phone}}", "139"],
    ["{{body.absent}}", null],
    ["x{{body.absent}}y", "xy"],
    ["{{query.repositoryId}}", "101"],
    ["{{requestId}}", "r-1"],
    ["{{now}}", "2026-01-05 09:00:00"],
    ["{{nowMs}}", 1767574800000],
    ["{{body.taskName}}", 'say "hi"'],
    ["{ not a placeholder }", "{ not a placeholder }"],
    [{ a: ["{{body.n}}", { b: "{{requestId}}" }], "{{body.n}}": 1 }, {
      a: [5, { b: "r-1" }],
      "{{body.n}}": 1,
    }],
  ];
  for (const [template, expected] of rows) {
    assert.deepEqual(renderValue(template, VALUES), expected, JSON.stringify(template));
  }
  // A value with a quote stays valid JSON, where a text template would have broken it.
  const sent = JSON.stringify(renderValue({ name: "{{body.taskName}}" }, VALUES));
  assert.deepEqual(JSON.parse(sent), { name: 'say "hi"' });
  assert.equal(renderText("{{requestId}} at {{now}}", VALUES), "r-1 at 2026-01-05 09:00:00");
});

Deno.test("template: unknown names and bad paths are problems, with their place", () => {
  assert.deepEqual(templateProblems({ ok: "{{body.a[0].b}}", also: ["{{query.x}}"] }), []);
  assert.deepEqual(
    templateProblems({ a: { b: ["x", "{{bdy}}"] }, c: "{{requestId.x}}", d: "{{body.a[x]}}" })
      .map((p) => [p.at, p.problem.split(":")[0]]),
    [
      ["a.b[1]", "{{bdy}} names nothing a stub can read"],
      ["c", "{{requestId.x}}"],
      ["d", "{{body.a[x]}}"],
    ],
  );
});
