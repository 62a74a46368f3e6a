/**
 * The whole emulated state: plain data, so that reset, snapshot export and import are a parse and
 * a stringify. Each area owns its part; timers are not state (areas rebuild them from it).
 */
import { z } from "zod";
import { AccessKeySchema, EnterpriseSchema } from "./tenants.ts";
import { OutboundStateSchema } from "./outbound/schemas.ts";
import { KbStateSchema } from "./kb/schemas.ts";
import { GatewayStateSchema } from "./gateway/schemas.ts";

export const StateSchema = z.strictObject({
  enterprises: z.array(EnterpriseSchema).default(() => []),
  accessKeys: z.array(AccessKeySchema).default(() => []),
  outbound: OutboundStateSchema.default(() => OutboundStateSchema.parse({})),
  kb: KbStateSchema.default(() => KbStateSchema.parse({})),
  gateway: GatewayStateSchema.default(() => GatewayStateSchema.parse({})),
  /** Next id per kind of record, so ids continue after an import the way they would have. */
  sequences: z.record(z.string(), z.number().int()).default(() => ({})),
});
export type State = z.infer<typeof StateSchema>;

const numeric = (ids: string[]) => ids.filter((id) => /^\d+$/.test(id)).map(Number);

/**
 * Where each kind of id lives and where its sequence starts, so that new ids start above the ids a
 * fixture already uses.
 */
const ID_KINDS: Record<string, [ids: (state: State) => number[], first: number]> = {
  blackListId: [(state) => state.outbound.blacklist.map((entry) => entry.blackListId), 1],
  directoryId: [(state) => state.kb.directories.map((d) => d.id), 1001],
  faqId: [(state) => state.kb.faqs.map((f) => f.id), 2001],
  faqAnswerId: [(state) => state.kb.faqs.flatMap((f) => f.answers.map((a) => a.id)), 1],
  fileId: [(state) => state.kb.files.map((f) => f.id), 5001],
  callJobId: [(state) => state.outbound.tasks.map((t) => t.callJobId), 80001],
  callInstanceId: [(state) => state.outbound.calls.map((c) => c.callInstanceId), 900000001],
  robotId: [(state) => numeric(state.gateway.robots.map((r) => r.robotId)), 10001],
  sessionId: [
    (state) => numeric(state.gateway.sessions.map((s) => s.sessionId.replace(/^s-/, ""))),
    1,
  ],
};

/** Starts every sequence not yet set above the largest id of its kind in `state`. */
export function seedSequences(state: State): State {
  for (const [kind, [ids, first]] of Object.entries(ID_KINDS)) {
    state.sequences[kind] ??= ids(state).reduce((max, id) => Math.max(max, id + 1), first);
  }
  return state;
}

/** Hands out the next id of a kind. */
export function nextId(state: State, kind: string): number {
  const id = state.sequences[kind] ?? 1;
  state.sequences[kind] = id + 1;
  return id;
}
