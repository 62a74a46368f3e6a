import assert from "node:assert/strict";
import { z } from "zod";
import { ApiError } from "../../emulator/core/errors.ts";
import {
  vBool,
  vCode,
  vJsonArrayText,
  vLong,
  vString,
  vText,
} from "../../emulator/signed-api/fields.ts";
import { parseParameters } from "../../emulator/core/validation.ts";

const Schema = z.strictObject({
  enterpriseId: vText(),
  callJobId: vLong(),
  command: vCode([1, 2, 3]),
  repeatCall: vBool().optional(),
  remark: vString().optional(),
  customerInfoVOList: vJsonArrayText(z.strictObject({ phone: vText(), name: vString().optional() }))
    .optional(),
});

function refusal(input: unknown): ApiError {
  try {
    parseParameters(Schema, input);
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error("expected a refusal");
}

Deno.test("vendor types accept both the typed and the sampled form (Jackson-style coercion)", () => {
  const parsed = parseParameters(Schema, {
    enterpriseId: 7000001,
    callJobId: "42",
    command: "2",
    repeatCall: "true",
    remark: 5,
    customerInfoVOList: '[{"phone":"13800000000"}]',
  });
  assert.deepEqual(parsed, {
    enterpriseId: "7000001",
    callJobId: 42,
    command: 2,
    repeatCall: true,
    remark: "5",
    customerInfoVOList: [{ phone: "13800000000" }],
  });
  // A real JSON array where the spec says JSON-array text is accepted too.
  assert.deepEqual(
    parseParameters(Schema, {
      enterpriseId: "1",
      callJobId: 1,
      command: 1,
      customerInfoVOList: [{ phone: "1" }],
    }).customerInfoVOList,
    [{ phone: "1" }],
  );
});

Deno.test("an absent field is MissingParameter naming it, whatever its schema", () => {
  const error = refusal({ enterpriseId: "7000001", command: 1 });
  assert.equal(error.code, "MissingParameter");
  assert.equal(error.parameter, "callJobId");
  assert.match(error.message, /^callJobId is required\./);
});

Deno.test("an extra field is UnknownParameter naming it", () => {
  const error = refusal({ enterpriseId: "7000001", callJobId: 1, command: 1, colour: "red" });
  assert.equal(error.code, "UnknownParameter");
  assert.equal(error.parameter, "colour");
});

Deno.test("a wrong value is InvalidParameter naming the field, the rule and the value", () => {
  const error = refusal({ enterpriseId: "7000001", callJobId: "abc", command: 1 });
  assert.equal(error.code, "InvalidParameter");
  assert.match(error.message, /^callJobId: expected an integer \(received "abc"\)/);
  const code = refusal({ enterpriseId: "7000001", callJobId: 1, command: 4 });
  assert.match(code.message, /^command: must be one of 1, 2, 3 \(received 4\)/);
  const blank = refusal({ enterpriseId: "  ", callJobId: 1, command: 1 });
  assert.match(blank.message, /^enterpriseId: must not be empty/);
});

Deno.test("JSON-array text: bad text and bad elements are named down to the element", () => {
  const base = { enterpriseId: "7000001", callJobId: 1, command: 1 };
  const notJson = refusal({ ...base, customerInfoVOList: "[{" });
  assert.equal(notJson.code, "InvalidParameter");
  assert.match(notJson.message, /^customerInfoVOList: expected JSON-array text/);
  const element = refusal({ ...base, customerInfoVOList: '[{"phone":"1"},{"name":"x"}]' });
  assert.equal(element.code, "MissingParameter");
  assert.equal(element.parameter, "customerInfoVOList[1].phone");
  const extra = refusal({ ...base, customerInfoVOList: '[{"phone":"1","age":3}]' });
  assert.equal(extra.code, "UnknownParameter");
  assert.equal(extra.parameter, "customerInfoVOList[0].age");
});

Deno.test("several problems: the most basic first, the others listed after it", () => {
  const error = refusal({ callJobId: "x", command: 9, extra: 1 });
  assert.equal(error.code, "MissingParameter");
  assert.equal(
    error.message,
    'enterpriseId is required. Also: extra is not a parameter of this operation; callJobId: expected an integer (received "x"); command: must be one of 1, 2, 3 (received 9).',
  );
});
