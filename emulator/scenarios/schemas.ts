/**
 * Scenarios: a conversation with an agent as a regression test. A scenario names the robot (its
 * agent's URL and way, or a robot's name), the visitor, and steps; each step sends something
 * and lists what must come back. Published as JSON Schema at `/_emulator/schemas`.
 */
import { z } from "npm:zod@4.6.7";
import { httpUrl } from "../core/validation.ts";
import { vRegex } from "../signed-api/fields.ts";
import { ResponseModeSchema, VisitorSchema } from "../gateway/schemas.ts";
import { parsePath } from "../parity/json-path.ts";

/** A regular expression as text; a bad one is refused naming what is wrong with it. */
function regexText() {
  return z.string().superRefine((text, ctx) => {
    try {
      new RegExp(text);
    } catch (error) {
      ctx.addIssue({
        code: "custom",
        message: `not a valid regular expression: ${(error as Error).message}`,
      });
    }
  });
}

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
  /** Message types (and subtypes) none of the delivered messages may have. */
  typesNot?: (number | string)[];
  /** Text the visitor must not see (no string given may appear). */
  textNotContains?: string | string[];
  /** Texts of which the visitor must see at least one (an agent that words its answer freely). */
  textOneOf?: string[];
  /** JSONPath on the raw reply (the body, or a stream's events) → what the value there holds. */
  reply?: Record<string, PathExpectation>;
  /** JSONPath on each delivered message (`$.content.cards[0].title`) → what one of them holds. */
  messages?: Record<string, PathExpectation>;
}

/**
 * What the values a JSONPath selects must hold (reply-paths.ts): `exists`, `equals`, `oneOf`,
 * `contains` and `matches` hold when one value does; `notContains` and `notMatches` when none
 * breaks them.
 */
export interface PathExpectation {
  /** true: the path selects a value; false: it selects none. */
  exists?: boolean;
  /** A value equal to this (JSON equality). */
  equals?: unknown;
  /** A value equal to one of these. */
  oneOf?: unknown[];
  /** A value whose text contains this. */
  contains?: string;
  /** No value whose text contains this. */
  notContains?: string;
  /** A value whose text matches this regular expression. */
  matches?: string;
  /** No value whose text matches this regular expression. */
  notMatches?: string;
}

/** Why a text is not a JSONPath as json-path.ts reads it (`$.data.answers[0]`, `[*]`); else null. */
function pathProblem(text: string): string | null {
  try {
    parsePath(text);
    return null;
  } catch (error) {
    return `"${text}" is not a JSONPath: ${(error as Error).message}`;
  }
}

const JsonPathText = z.string().superRefine((text, ctx) => {
  const problem = pathProblem(text);
  if (problem) ctx.addIssue({ code: "custom", message: problem });
});

export const PathExpectationSchema: z.ZodType<PathExpectation> = z.strictObject({
  exists: z.boolean().optional(),
  equals: z.unknown().optional(),
  oneOf: z.array(z.unknown()).min(1).optional(),
  contains: z.string().optional(),
  notContains: z.string().optional(),
  matches: regexText().optional(),
  notMatches: regexText().optional(),
}).refine((e) => Object.keys(e).length > 0, {
  error: "give at least one of exists, equals, oneOf, contains, notContains, matches, notMatches",
});

/** JSONPath → expectation; a path that does not parse is named where it stands. */
const PathExpectations = z.record(z.string(), PathExpectationSchema).superRefine((paths, ctx) => {
  for (const path of Object.keys(paths)) {
    const problem = pathProblem(path);
    if (problem) ctx.addIssue({ code: "custom", path: [path], message: problem });
  }
});

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
  /** Message types (and subtypes) none of the delivered messages may have. */
  typesNot: z.array(TypeExpectation).optional(),
  /** Text the visitor must not see (no string given may appear). */
  textNotContains: z.union([z.string(), z.array(z.string())]).optional(),
  /** Texts of which the visitor must see at least one. */
  textOneOf: z.array(z.string().min(1)).min(1).optional(),
  /** JSONPath on the raw reply (a blocking body, or a stream's events) → what it holds. */
  reply: PathExpectations.optional(),
  /** JSONPath on each delivered message → what one of them holds. */
  messages: PathExpectations.optional(),
});

/** A name a step captures into and later steps use as `{{name}}`. */
export const CAPTURE_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/**
 * Where a value is captured from (capture.ts): a regular expression on the text the visitor reads
 * (its first group, else the whole match), a JSONPath on the raw reply (the first value), or both
 * (the expression on the value at the path).
 */
export const CaptureSourceSchema = z.union([
  z.strictObject({ regex: regexText() }),
  z.strictObject({ path: JsonPathText, regex: regexText().optional() }),
], { error: 'capture {"regex": "…"} from the text, or {"path": "$.…"} from the raw reply' });
export type CaptureSource = z.infer<typeof CaptureSourceSchema>;

/** Several phrasings of one step: each runs as its own case (variants.ts). */
const Phrasings = z.array(z.string().min(1)).min(1, { error: "give at least one phrasing" });

/** What a step sends: text (one phrasing or several), a named list of phrasings, an image, a click. */
export const SendSchema = z.union([
  z.strictObject({ text: z.union([z.string().min(1), Phrasings]) }),
  /** A list of phrasings by name: the scenario's `utterances`, or `NAME.utterances.json` beside it. */
  z.strictObject({ utterances: z.string().min(1) }),
  z.strictObject({ image: z.strictObject({ fileName: z.string(), contentBase64: z.string() }) }),
  /** Click an option the previous reply offered: its content is sent as text. */
  z.strictObject({ option: z.string().min(1) }),
], {
  error: 'send {"text"}, {"utterances"}, {"image": {"fileName", "contentBase64"}} or {"option"}',
});
export type Send = z.infer<typeof SendSchema>;

/**
 * A step sends something and lists what must come back, or is `{"include": "<scenario>"}` alone:
 * the steps of another scenario spliced in here (include.ts), by its name or by its file relative
 * to this one. One object rather than a union, so that a wrong `send` is named as such.
 */
export const StepSchema = z.strictObject({
  name: z.string().optional(),
  /** The steps of another scenario, by its name or its file (relative to this one). */
  include: z.string().min(1).optional(),
  send: SendSchema.optional(),
  expect: ExpectationSchema.optional(),
  /** Values taken from the reply for later steps' `{{name}}`. */
  capture: z.record(z.string(), CaptureSourceSchema).optional(),
}).superRefine((step, ctx) => {
  for (const name of Object.keys(step.capture ?? {})) {
    if (!CAPTURE_NAME.test(name)) {
      ctx.addIssue({
        code: "custom",
        path: ["capture", name],
        message:
          `"${name}" is not a capture name: use letters, digits and _ (not first a digit), e.g. orderId`,
      });
    }
  }
  if (step.include === undefined) {
    if (!step.send) {
      ctx.addIssue({
        code: "custom",
        path: ["send"],
        message:
          'a step sends something: {"text"}, {"utterances"}, {"image"} or {"option"} (or is {"include": "<scenario>"})',
      });
    }
    return;
  }
  const others = ["send", "expect", "capture"].filter((key) => key in step);
  if (others.length) {
    ctx.addIssue({
      code: "custom",
      path: [others[0]],
      message: `an {"include"} step splices another scenario's steps and has no ${
        others.join(", ")
      } of its own`,
    });
  }
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
  /** Named lists of phrasings a step sends with `{"utterances": "name"}`. */
  utterances: z.record(z.string().min(1), Phrasings).optional(),
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
