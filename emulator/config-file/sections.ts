/**
 * The config file's sections besides the start flags: each a key of `ccemu.json`, its zod schema
 * (what the file is checked against and the JSON Schema publishes) and how it is applied to an
 * emulator that has just started, before it serves. A section is applied as its control route
 * would apply it (the same store call), so the file starts the same ccemu as those requests do.
 * A new section is one entry in CONFIG_SECTIONS.
 */
import { z } from "npm:zod@4.6.7";
import type { Emulator } from "../core/emulator.ts";
import { AccessKeySchema } from "../core/tenants.ts";
import { FaultRuleInput } from "../faults/schemas.ts";
import type { FaultStore } from "../faults/store.ts";
import { setCallbackUrl } from "../outbound/callback-urls.ts";
import { CallbackUrlChange } from "../outbound/schemas.ts";
import type { OutboundStore } from "../outbound/store.ts";
import type { State } from "../state.ts";
import { addStubs, StubInput, type StubStore } from "../stubs/mod.ts";

/** What a section is applied to: one started emulator and its areas (app.ts's Areas is one). */
export interface ConfigTarget {
  emulator: Emulator<State>;
  areas: {
    faults: { store: FaultStore };
    outbound: { store: OutboundStore };
    stubs: { store: StubStore };
  };
}

export interface ConfigSection {
  /** Its key in the file. */
  name: string;
  /** Checks the file's value (and is published in the JSON Schema). */
  schema: z.ZodType;
  /**
   * Applies the value as written in the file (not the schema's output: the store parses it
   * itself, as its control route does); answers how much it added, for `ccemu start`'s line.
   */
  apply(target: ConfigTarget, value: unknown): string;
}

const count = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

const keys: ConfigSection = {
  name: "keys",
  schema: z.array(AccessKeySchema).describe(
    "Access keys added to the fixtures' (as POST /_emulator/keys takes each); a secret may be " +
      '{"env": "NAME"}, read from the environment.',
  ),
  apply({ emulator }, value) {
    const list = value as unknown[];
    for (const key of list) emulator.addKey(key);
    return count(list.length, "key");
  },
};

const faults: ConfigSection = {
  name: "faults",
  schema: z.array(FaultRuleInput).describe(
    "Fault rules, in order (as POST /_emulator/faults takes each; docs/faults.md).",
  ),
  apply({ areas }, value) {
    const list = value as unknown[];
    for (const rule of list) areas.faults.store.add(rule);
    return count(list.length, "fault rule");
  },
};

const CallbackUrlEntry = z.strictObject({
  /** The enterprise whose finished calls are sent there. */
  enterpriseId: z.string().regex(/^\d+$/, { error: "must be a text of digits" }),
}).extend(CallbackUrlChange.shape);

const callbackUrls: ConfigSection = {
  name: "callbackUrls",
  schema: z.array(CallbackUrlEntry).describe(
    "Call-result callback URLs, one per enterprise (as PUT " +
      "/_emulator/outbound/callback-urls/{enterpriseId} takes each).",
  ),
  apply({ areas }, value) {
    const list = value as { enterpriseId: string }[];
    for (const { enterpriseId, ...change } of list) {
      setCallbackUrl(areas.outbound.store, enterpriseId, change);
    }
    return count(list.length, "callback URL");
  },
};

const stubs: ConfigSection = {
  name: "stubs",
  schema: z.array(StubInput).describe(
    "Stubs: answers of your own for matching signed requests (as POST /_emulator/stubs takes " +
      "each; docs/stubs.md).",
  ),
  apply({ areas }, value) {
    return count(addStubs(areas.stubs.store, value as unknown[]).length, "stub");
  },
};

/** Every section, in the order they are applied (keys first: a callback URL names one). */
export const CONFIG_SECTIONS: ConfigSection[] = [keys, faults, stubs, callbackUrls];
