import assert from "node:assert/strict";
import {
  bodyValue,
  compileRequestMatch,
  matchRequest,
  RequestMatchError,
  type RequestParts,
} from "../../emulator/core/request-match.ts";

const TASK: RequestParts = {
  query: { AccessKeyId: "k", tag: ["a", "b"], page: "3" },
  body: {
    taskName: "Spring campaign",
    robotDefId: 42,
    customers: [{ phone: "13800000001" }, { phone: "13800000002" }],
    options: { redial: true },
    "odd name": null,
  },
};

Deno.test("every matcher met: matched, each counted in met, no differences", () => {
  assert.deepEqual(
    matchRequest({
      query: { page: "3", tag: "b" },
      body: { "$.taskName": "Spring campaign", "$.options": { redial: true } },
    }, TASK),
    { matched: true, met: 4, differences: [] },
  );
  assert.deepEqual(matchRequest({}, TASK), { matched: true, met: 0, differences: [] });
});

Deno.test("an unmet matcher is a difference with what was expected and what the request had", () => {
  assert.deepEqual(
    matchRequest(
      { query: { page: "4" }, body: { "$.taskName": "Autumn", "$.robotDefId": 42 } },
      TASK,
    ),
    {
      matched: false,
      met: 1,
      differences: [
        { path: "query.page", expected: "4", got: "3" },
        { path: "$.taskName", expected: "Autumn", got: "Spring campaign" },
      ],
    },
  );
});

Deno.test("nothing at the place: the difference has no got", () => {
  const result = matchRequest({ query: { missing: "x" }, body: { "$.nope.deeper": 1 } }, TASK);
  assert.deepEqual(result.differences, [
    { path: "query.missing", expected: "x" },
    { path: "$.nope.deeper", expected: 1 },
  ]);
  assert.equal(Object.hasOwn(result.differences[0], "got"), false);
});

Deno.test("text and numbers compare as text; objects and lists compare as JSON", () => {
  assert.equal(matchRequest({ body: { "$.robotDefId": "42" } }, TASK).matched, true);
  assert.equal(matchRequest({ query: { page: 3 } }, TASK).matched, true);
  assert.equal(matchRequest({ body: { "$.options.redial": "true" } }, TASK).matched, true);
  assert.equal(matchRequest({ body: { '$["odd name"]': null } }, TASK).matched, true);
  assert.equal(matchRequest({ body: { "$.options": { redial: false } } }, TASK).matched, false);
  assert.equal(
    matchRequest({ body: { "$.options": { redial: true, x: 1 } } }, TASK).matched,
    false,
  );
  assert.equal(
    matchRequest({ body: { "$.customers[1]": { phone: "13800000002" } } }, TASK).matched,
    true,
  );
});

Deno.test("{matches} is a regex over the whole value's text", () => {
  assert.equal(
    matchRequest({ body: { "$.taskName": { matches: "Spring.*" } } }, TASK).matched,
    true,
  );
  // Anchored, as WireMock's `matches`: "Spring" alone does not match "Spring campaign".
  assert.deepEqual(matchRequest({ body: { "$.taskName": { matches: "Spring" } } }, TASK), {
    matched: false,
    met: 0,
    differences: [{ path: "$.taskName", expected: { matches: "Spring" }, got: "Spring campaign" }],
  });
  assert.equal(matchRequest({ body: { "$.robotDefId": { matches: "\\d+" } } }, TASK).matched, true);
  assert.equal(matchRequest({ query: { page: { matches: "[0-9]" } } }, TASK).matched, true);
  assert.equal(
    matchRequest({ body: { "$.options": { matches: '\\{"redial":true\\}' } } }, TASK).matched,
    true,
  );
});

Deno.test("a wildcard or a repeated parameter matches when any of its values does", () => {
  assert.equal(
    matchRequest({ body: { "$.customers[*].phone": "13800000002" } }, TASK).matched,
    true,
  );
  assert.deepEqual(matchRequest({ body: { "$.customers[*].phone": "139" } }, TASK).differences, [
    { path: "$.customers[*].phone", expected: "139", got: ["13800000001", "13800000002"] },
  ]);
  assert.equal(matchRequest({ query: { tag: "a" } }, TASK).matched, true);
  assert.deepEqual(matchRequest({ query: { tag: "c" } }, TASK).differences, [
    { path: "query.tag", expected: "c", got: ["a", "b"] },
  ]);
});

Deno.test("a body that is not JSON, or none, has no values", () => {
  assert.equal(bodyValue("taskName=X"), undefined);
  assert.equal(bodyValue(""), undefined);
  assert.equal(bodyValue(null), undefined);
  assert.deepEqual(bodyValue('{"a":1}'), { a: 1 });
  const parts = { query: {}, body: bodyValue("not json") };
  assert.deepEqual(matchRequest({ body: { "$": "not json" } }, parts).differences, [
    { path: "$", expected: "not json" },
  ]);
  // "$" alone is the whole body.
  assert.equal(matchRequest({ body: { "$": [1, 2] } }, { query: {}, body: [1, 2] }).matched, true);
});

Deno.test("a compiled match tests many requests and says how many matchers it has", () => {
  const match = compileRequestMatch({ query: { page: "3" }, body: { "$.taskName": "X" } });
  assert.equal(match.size, 2);
  assert.equal(match.test(TASK).met, 1);
  assert.equal(match.test({ query: { page: "3" }, body: { taskName: "X" } }).matched, true);
});

Deno.test("a matcher that cannot run is refused naming it", () => {
  const refusal = (match: unknown) => {
    try {
      compileRequestMatch(match as never);
    } catch (error) {
      assert.ok(error instanceof RequestMatchError);
      return [error.field, error.message];
    }
    assert.fail("accepted");
  };
  assert.deepEqual(refusal({ body: { "taskName": "X" } }), [
    "body.taskName",
    'body.taskName: not a JSON path (a path starts with "$"); write $.name, $.list[0], $["a b"] or $.list[*].name',
  ]);
  assert.equal(refusal({ body: { "$.a[": 1 } })[0], "body.$.a[");
  assert.deepEqual(refusal({ body: { "$.a": { matches: "(" } } })[0], "body.$.a.matches");
  assert.match(refusal({ body: { "$.a": { matches: "(" } } })[1], /not a regular expression/);
  assert.equal(refusal({ query: { a: { matches: 3 } } })[0], "query.a.matches");
  assert.equal(refusal({ query: { a: ["x"] } })[0], "query.a");
  assert.equal(refusal({ query: { a: null } })[0], "query.a");
  assert.equal(refusal({ query: "a=1" })[0], "query");
  assert.equal(refusal({ body: [] })[0], "body");
});
