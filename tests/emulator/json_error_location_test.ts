import assert from "node:assert/strict";
import { jsonErrorLocation } from "../../emulator/core/json-error-location.ts";

/** V8's own line and column, where its message gives them. */
function v8Location(text: string): { line: number; column: number } | undefined {
  try {
    JSON.parse(text);
  } catch (error) {
    const found = /\(line (\d+) column (\d+)\)$/.exec((error as Error).message);
    return found ? { line: Number(found[1]), column: Number(found[2]) } : undefined;
  }
  throw new Error(`valid JSON: ${text}`);
}

Deno.test("jsonErrorLocation agrees with V8 wherever V8 says where", () => {
  for (
    const text of [
      "{ not json",
      '{\n  "enterprises": [\n    { "enterpriseId": "1", "name": "t", }\n  ]\n}\n',
      '{"a":1}\n\nx',
      '{"a": [1,2',
      '\n\n  {"a" 1}',
      '{"a":01}',
      '{"a":[1 2]}',
      '{"é":"😀", x}',
      "\r\n[\r\n  1\r\n  2]",
    ]
  ) {
    const v8 = v8Location(text);
    assert.ok(v8, text);
    assert.deepEqual(jsonErrorLocation(text), v8, JSON.stringify(text));
  }
});

Deno.test("jsonErrorLocation locates what V8 names no position for", () => {
  for (const text of ["[1,]", '{"a": tru}', "", "  \n", '{\n  "a": [\n    1,\n  ]\n}']) {
    assert.equal(v8Location(text), undefined, text);
  }
  assert.deepEqual(jsonErrorLocation("[1,]"), { line: 1, column: 4 });
  assert.deepEqual(jsonErrorLocation('{"a": tru}'), { line: 1, column: 7 });
  assert.deepEqual(jsonErrorLocation(""), { line: 1, column: 1 });
  assert.deepEqual(jsonErrorLocation("  \n"), { line: 2, column: 1 });
  assert.deepEqual(jsonErrorLocation('{\n  "a": [\n    1,\n  ]\n}'), { line: 4, column: 3 });
  // A string's own mistakes (a raw control character, no closing quote) are located at the string
  // that holds them, where V8 points past them.
  assert.deepEqual(jsonErrorLocation('{"a": "x\u0001"}'), { line: 1, column: 7 });
  assert.deepEqual(jsonErrorLocation('\n  "abc'), { line: 2, column: 3 });
});
