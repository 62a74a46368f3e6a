/**
 * Scenarios: a conversation with an agent as a regression test. A scenario names the robot (its
 * agent's URL and way, or a robot's name), the visitor, and steps; each step sends something
 * and lists what must come back. Published as JSON Schema at `/_emulator/schemas`.
 */
import { z } from "npm:zod@4.6.7";
import { httpUrl } from "../core/validation.ts";
import { vRegex } from "../signed-api/fields.ts";
import { ResponseModeSchema, VisitorSchema } from "../gateway/schemas.ts";

/**
 * The robot a scenario talks to, named so that the file travels: its agent (the message URL, the
 * way, the open-session URL and the token), or the name of a robot every such ccemu has (a sample
 * agent). `{robotId}` names a robot of one particular ccemu: kept for older files, it works where
 * that robot exists and never reaches a robot ccemu registered itself to run another scenario.
 */
export const ScenarioRobotSchema = z.union([
  z.strictObject({
    /** The agent's message interface (`<domain><uri>`). */
    url: httpUrl(),
    platform: z.enum(["Default", "PlatformA"]).default("Default"),
    /** Its open-session interface, when it has one (on the message interface's origin). */
    openUrl: httpUrl().optional(),
    /** The Bearer token ccemu sends with every push. */
    token: z.string().optional(),
    /** The name ccemu registers the agent under. */
    name: z.string().min(1).optional(),
  }),
  /** A robot of the ccemu it runs in, by its name (e.g. "Sample agent (default way)"). */
  z.strictObject({ name: z.string().min(1) }),
  z.strictObject({ robotId: z.string().min(1) }),
], { error: 'give {"url", "platform", "openUrl", "token"}, {"name"} or {"robotId"}' });
export type ScenarioRobot = z.infer<typeof ScenarioRobotSchema>;

/** A message type with an optional subtype: `100`, `103`, or `"103/10301"`. */
const TypeExpectation = z.union([
  z.number().int(),
  z.string().regex(/^\d{3}(\/\d{5})?$/, { error: 'a type code such as 100 or "103/10301"' }),
]);

/**
 * What a reply must hold. Written out (and the schema checked against it): reports carry it, and
 * reports are part of the harness's published API.
 */
export interface Expectation {
  /** Message types (and subtypes) that must all be among those delivered: `100`, `"103/10301"`. */
  types?: (number | string)[];
  /** Text the visitor must see (every string given must appear). */
  textContains?: string | string[];
  /** A regular expression the visitor's text must match. */
  textMatches?: string;
  /** An option list must offer every one of these. */
  options?: string[];
  /** true: a plain transfer; {qno}: a transfer to that queue; false: no transfer. */
  transfer?: boolean | { qno: string };
  /** true: the agent answers with an error; {code}: that error; false: no error (the default). */
  error?: boolean | { code: string };
  /** No finding of severity error (default true). */
  noErrorFindings?: boolean;
  /** The complete reply within this many real milliseconds. */
  withinMs?: number;
  /** The conversation id stays the one the agent gave first (default true once there is one). */
  sameConversation?: boolean;
}

export const ExpectationSchema: z.ZodType<Expectation> = z.strictObject({
  /** Message types (and subtypes) that must all be among the delivered messages. */
  types: z.array(TypeExpectation).optional(),
  /** Text the visitor must see (every string given must appear). */
  textContains: z.union([z.string(), z.array(z.string())]).optional(),
  /** A regular expression the visitor's text must match. */
  textMatches: vRegex().optional(),
  /** An option list must offer every one of these. */
  options: z.array(z.string()).optional(),
  /** true: a plain transfer; {qno}: a transfer to that queue; false: no transfer. */
  transfer: z.union([z.boolean(), z.strictObject({ qno: z.string() })]).optional(),
  /** true: the agent answers with an error; {code}: that error; false: no error (the default). */
  error: z.union([z.boolean(), z.strictObject({ code: z.string() })]).optional(),
  /** No finding of severity error (default true). */
  noErrorFindings: z.boolean().optional(),
  /** The complete reply within this many real milliseconds. */
  withinMs: z.number().int().positive().optional(),
  /** The conversation id stays the one the agent gave first (default true once there is one). */
  sameConversation: z.boolean().optional(),
});

export const StepSchema = z.strictObject({
  name: z.string().optional(),
  send: z.union([
    z.strictObject({ text: z.string().min(1) }),
    z.strictObject({ image: z.strictObject({ fileName: z.string(), contentBase64: z.string() }) }),
    /** Click an option the previous reply offered: its content is sent as text. */
    z.strictObject({ option: z.string().min(1) }),
  ], { error: 'send {"text"}, {"image": {"fileName", "contentBase64"}} or {"option"}' }),
  expect: ExpectationSchema.default(() => ({})),
});
export type Step = z.infer<typeof StepSchema>;

export const ScenarioSchema = z.strictObject({
  name: z.string().min(1),
  description: z.string().optional(),
  robot: ScenarioRobotSchema,
  responseMode: ResponseModeSchema.default("blocking"),
  visitor: VisitorSchema.default(() => ({})),
  /** What the open-session reply must hold (when the robot has an open interface). */
  expectOpen: ExpectationSchema.optional(),
  steps: z.array(StepSchema).min(1, { error: "a scenario needs at least one step" }),
});
export type Scenario = z.infer<typeof ScenarioSchema>;
export type ScenarioInput = z.input<typeof ScenarioSchema>;

/** The robot of this ccemu a replay runs against, whatever the scenario names (the UI's pick). */
const replayRobot = { robotId: z.string().min(1).optional() };

/**
 * `POST /_emulator/scenarios/replay`: a shipped scenario by name, or one sent whole; `robotId`
 * runs it against that robot of this ccemu instead of the one it names.
 */
export const ReplayRequest = z.union([
  z.strictObject({ name: z.string().min(1), ...replayRobot }),
  z.strictObject({ scenario: z.unknown(), ...replayRobot }),
], {
  error:
    'send {"name": "<a shipped scenario>"} or {"scenario": {…}}, and "robotId" to pick the robot',
});
