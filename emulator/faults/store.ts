/**
 * The fault rules: added, removed and listed (control API, harness, UI, fixtures), and asked, for
 * each request, which one fires. The rules and their counters are state; the signed operations
 * each area serves are known, so a rule naming a path nothing serves is refused when added.
 */
import { AreaStore } from "../core/area-store.ts";
import type { Emulator } from "../core/emulator.ts";
import { ApiError } from "../core/errors.ts";
import { parseParameters } from "../core/validation.ts";
import { type FaultRequest, onPath, pickRule } from "./rules.ts";
import { type FaultRule, FaultRuleInput, faultsSlice, type FaultState } from "./schemas.ts";

/** A signed operation a rule may name, and the area that serves it. */
export interface KnownOperation {
  area: string;
  path: string;
}

const STORAGE = "/_storage";

export class FaultStore extends AreaStore<FaultState> {
  constructor(emulator: Emulator, private readonly operations: KnownOperation[]) {
    super(emulator, faultsSlice);
  }

  get rules(): FaultRule[] {
    return this.state.rules;
  }

  rule(id: string | number): FaultRule {
    const rule = this.state.rules.find((r) => String(r.id) === String(id));
    if (!rule) throw new ApiError("ResourceNotFound", `No fault rule ${id}.`);
    return rule;
  }

  /** Checks a rule and adds it after the others; refused rules change nothing. */
  add(input: unknown): FaultRule {
    const parsed = parseParameters(FaultRuleInput, input);
    this.#checkScope(parsed);
    const rule: FaultRule = { id: this.nextId("faultRuleId"), ...parsed, matched: 0, fired: 0 };
    this.state.rules.push(rule);
    this.#changed();
    return rule;
  }

  remove(id: string | number): FaultRule {
    const rule = this.rule(id);
    this.state.rules.splice(this.state.rules.indexOf(rule), 1);
    this.#changed();
    return rule;
  }

  clear(): number {
    const removed = this.state.rules.splice(0).length;
    this.#changed();
    return removed;
  }

  /** The rule that fires for this request (counters updated), if any. */
  pick(request: FaultRequest): FaultRule | undefined {
    const rules = this.state.rules;
    if (rules.length === 0) return undefined;
    const matched = () => rules.reduce((n, rule) => n + rule.matched, 0);
    const before = matched();
    const fired = pickRule(rules, request, () => this.emulator.random.next());
    // A rule that matched without firing changed its counters too: the UI shows "matched / fired".
    if (fired || matched() !== before) this.#changed();
    return fired;
  }

  #changed(): void {
    this.emulator.events.publish({ type: "state", change: "fault-rules" });
  }

  /** A rule must be able to match something: a served path, in its area, with what it can see. */
  #checkScope(rule: FaultRuleInput): void {
    const storage = rule.area === "storage" || rule.operation?.startsWith(`${STORAGE}/`);
    if (storage) {
      if (rule.operation !== undefined && !onPath(STORAGE, rule.operation)) {
        throw new ApiError(
          "InvalidParameter",
          `operation: a storage rule names a path under ${STORAGE}/ (such as ${STORAGE}/uploads), not ${rule.operation}.`,
          "operation",
        );
      }
      if (rule.area !== undefined && rule.area !== "storage") {
        throw new ApiError(
          "InvalidParameter",
          `area: ${rule.operation} is on the storage host; give area "storage" or leave it out.`,
          "area",
        );
      }
      for (const field of ["accessKeyId", "body"] as const) {
        if (rule[field] !== undefined) {
          throw new ApiError(
            "InvalidParameter",
            `${field}: storage requests carry no signed key or parameters; match them by operation (path) only.`,
            field,
          );
        }
      }
      return;
    }
    if (rule.operation === undefined) return;
    const known = this.operations.find((op) => op.path === rule.operation);
    if (!known) {
      const served = this.operations.filter((op) =>
        rule.area === undefined || op.area === rule.area
      );
      throw new ApiError(
        "InvalidParameter",
        `operation: nothing is served at ${rule.operation}. Signed operations: ${
          served.map((op) => op.path).join(", ")
        }; storage paths start with ${STORAGE}/.`,
        "operation",
      );
    }
    if (rule.area !== undefined && known.area !== rule.area) {
      throw new ApiError(
        "InvalidParameter",
        `area: ${rule.operation} belongs to the ${known.area} area, not ${rule.area}.`,
        "area",
      );
    }
  }
}
