import assert from "node:assert/strict";
import {
  outcomeFor,
  type OutcomeRule,
  type WeightedOutcome,
} from "../../emulator/outbound/outcomes.ts";

const RULES: OutcomeRule[] = [
  { name: "exact", match: { number: "13800000000" }, outcomes: [{ finishStatus: 4 }] },
  {
    name: "vip",
    match: { property: { name: "level", value: "vip" } },
    outcomes: [{ finishStatus: 0, duration: 120, labels: ["VIP"] }],
  },
  {
    name: "busy then answered",
    match: { prefix: "1991" },
    outcomes: [{ finishStatus: 6 }, { finishStatus: 6 }, { finishStatus: 0 }],
  },
  { name: "suffix", match: { suffix: "0007" }, outcomes: [{ finishStatus: 7 }] },
  { name: "regex", match: { regex: "^0\\d{2,3}-" }, outcomes: [{ finishStatus: 2 }] },
  { name: "both", match: { prefix: "177", suffix: "99" }, outcomes: [{ finishStatus: 12 }] },
];
const TABLE: WeightedOutcome[] = [
  { weight: 6, finishStatus: 0 },
  { weight: 2, finishStatus: 8 },
  { weight: 1, finishStatus: 1 },
  { weight: 1, finishStatus: 6 },
];

const outcome = (number: string, properties = {}, attempt = 0, seed = 1) =>
  outcomeFor(RULES, TABLE, seed, number, properties, attempt);

Deno.test("rules match by number, property, prefix, suffix, regex and all conditions together, in order", () => {
  assert.equal(outcome("13800000000").rule, "exact");
  assert.equal(
    outcome("13800000000", { level: "vip" }).rule,
    "exact",
    "the first matching rule wins",
  );
  assert.deepEqual({ ...outcome("13900000001", { level: "vip" }) }, {
    finishStatus: 0,
    duration: 120,
    ringSeconds: 8,
    chatRound: 6,
    hangUp: 0,
    intention: "B级(可能有意向)",
    labels: ["VIP"],
    rule: "vip",
  });
  assert.equal(outcome("13900000007").finishStatus, 7);
  assert.equal(outcome("010-88886666").finishStatus, 2);
  assert.equal(outcome("17700000099").finishStatus, 12);
  assert.equal(outcome("17700000098").rule, "table", "both conditions must hold");
});

Deno.test("one outcome per attempt; the last repeats", () => {
  assert.deepEqual(
    [0, 1, 2, 3, 9].map((attempt) => outcome("19910000000", {}, attempt).finishStatus),
    [6, 6, 0, 0, 0],
  );
});

Deno.test("unmatched numbers: the same seed, number and attempt always give the same outcome", () => {
  const numbers = Array.from({ length: 200 }, (_, i) => `1350000${String(i).padStart(4, "0")}`);
  const first = numbers.map((n) => outcome(n).finishStatus);
  assert.deepEqual(numbers.map((n) => outcome(n).finishStatus), first);
  assert.notDeepEqual(
    numbers.map((n) => outcome(n, {}, 0, 2).finishStatus),
    first,
    "another seed, other outcomes",
  );
  assert.notDeepEqual(
    numbers.map((n) => outcome(n, {}, 1).finishStatus),
    first,
    "another attempt, other outcomes",
  );
});

Deno.test("the table's weights shape the outcomes", () => {
  const counts: Record<number, number> = {};
  for (let i = 0; i < 20_000; i++) {
    const status = outcome(`1360${String(i).padStart(7, "0")}`).finishStatus;
    counts[status] = (counts[status] ?? 0) + 1;
  }
  const share = (status: number) => counts[status] / 20_000;
  assert.ok(Math.abs(share(0) - 0.6) < 0.02, `answered ${share(0)}`);
  assert.ok(Math.abs(share(8) - 0.2) < 0.02, `unanswered ${share(8)}`);
  assert.ok(Math.abs(share(1) - 0.1) < 0.02, `rejected ${share(1)}`);
});

Deno.test("defaults follow the finish status", () => {
  const rejected = outcomeFor(
    [{ match: { number: "1" }, outcomes: [{ finishStatus: 1 }] }],
    TABLE,
    1,
    "1",
    {},
    0,
  );
  assert.deepEqual({ ...rejected, rule: "" }, {
    finishStatus: 1,
    duration: 0,
    ringSeconds: 6,
    chatRound: 0,
    hangUp: 1,
    intention: "C级(明确拒绝)",
    labels: [],
    rule: "",
  });
});
