/**
 * The robot gateway's shapes (document 1): registration (2.1), the messages an agent may send
 * (2.5), instructions (2.6), what ccemu stores of robots and visitor sessions, and the control
 * bodies that drive sessions. Longer than most files because every shape of the area is written
 * here and nowhere else.
 */
import { z } from "npm:zod@4.6.7";
import { httpUrl } from "../core/validation.ts";
import { isObject } from "../core/json.ts";
import type { JournalEntry } from "../core/journal-entry.ts";
import { defineSlice, numericIds } from "../core/state.ts";
import { described, vBool, vText } from "../signed-api/fields.ts";

// ---- Registration (spec 2.1) ----

const PushConfigSchema = z.strictObject(described({
  type: z.enum(["Message", "Open"], { error: 'must be "Message" or "Open"' }),
  uri: z.string().startsWith("/", { error: 'must start with "/"' }),
  httpMethod: z.literal("POST", { error: 'must be "POST"' }),
}, {
  type: "Message (visitor messages; exactly one) or Open (the open-session call; at most one).",
  uri: "Path of the interface, appended to domain.",
  httpMethod: "POST.",
}));

const PlatformSchema = z.string().refine((p) => p !== "PlatformB", {
  error: "the platform-B way is not supported yet; register as PlatformA or Default",
}).pipe(z.enum(["PlatformA", "Default"], { error: 'must be "PlatformA" or "Default"' }));

/** The body of `POST /livechat/third_part_bot_register`. */
export const RegistrationSchema = z.strictObject(described({
  name: vText(),
  domain: z.string().pipe(httpUrl()),
  authEnabled: vBool(),
  authentication: z.strictObject(described({
    type: z.literal("TOKEN", { error: 'must be "TOKEN"' }),
    token: z.string().optional(),
  }, { type: "TOKEN.", token: "Sent as a Bearer token with every push; required with TOKEN." }))
    .optional(),
  pushConfigList: z.array(PushConfigSchema).min(1, { error: "must hold a Message entry" }),
  platform: PlatformSchema,
  pushType: z.string().optional(),
  responseType: z.string().optional(),
}, {
  name: "Robot name.",
  domain: "Where the gateway pushes: an http(s) origin the interfaces' uri are appended to.",
  authEnabled: "Whether the pushed interfaces need authentication.",
  authentication: "Authentication configuration (required when authEnabled).",
  pushConfigList: "The interfaces: exactly one Message, at most one Open.",
  platform: "Default (the gateway's own way) or PlatformA (Dify's chat-messages way).",
  pushType: "Push type (Default in the vendor's sample).",
  responseType: "Response type (Default in the vendor's sample).",
})).superRefine((body, ctx) => {
  if (body.authEnabled && !body.authentication) {
    ctx.addIssue({
      code: "invalid_type",
      expected: "object",
      path: ["authentication"],
      input: undefined,
      message: "required when authEnabled is true",
    });
  } else if (body.authentication && !body.authentication.token && body.authEnabled) {
    ctx.addIssue({
      code: "invalid_type",
      expected: "string",
      path: ["authentication", "token"],
      input: undefined,
      message: "required when type is TOKEN",
    });
  }
  const count = (type: string) => body.pushConfigList.filter((c) => c.type === type).length;
  if (count("Message") !== 1) {
    ctx.addIssue({
      code: "custom",
      path: ["pushConfigList"],
      message: `must hold exactly one Message entry (found ${count("Message")})`,
    });
  }
  if (count("Open") > 1) {
    ctx.addIssue({
      code: "custom",
      path: ["pushConfigList"],
      message: "may hold at most one Open entry",
    });
  }
});
export type Registration = z.infer<typeof RegistrationSchema>;

/** A registered robot as ccemu keeps it. `domain` "self" means ccemu's own origin (sample agents). */
export const RobotSchema = z.strictObject({
  enterpriseId: z.string(),
  robotId: z.string().min(1),
  name: z.string().min(1),
  domain: z.union([z.literal("self"), z.string().pipe(httpUrl())]),
  authEnabled: z.boolean(),
  authentication: z.strictObject({ type: z.literal("TOKEN"), token: z.string().optional() })
    .optional(),
  pushConfigList: z.array(PushConfigSchema).min(1),
  platform: z.enum(["PlatformA", "Default"]),
  pushType: z.string().optional(),
  responseType: z.string().optional(),
  /** ccemu's limits on the agent, per robot: a blocking reply's wait and a stream's idle gap. */
  timeouts: z.strictObject({
    blockingMs: z.number().int().min(1).default(30_000),
    streamIdleMs: z.number().int().min(1).default(60_000),
  }).default(() => ({ blockingMs: 30_000, streamIdleMs: 60_000 })),
  createTime: z.number().int(),
  /**
   * Set when ccemu registered the robot itself, to run a scenario (`scenario "NAME"`) or a check
   * (`agent-check`): a scenario's `robotId` never names such a robot, whose id meant another agent
   * in the ccemu the scenario came from.
   */
  registeredFor: z.string().optional(),
});
export type Robot = z.infer<typeof RobotSchema>;

// ---- Messages an agent may send (spec 2.5) ----

export const MESSAGE_TYPES = {
  TEXT: 100,
  RTF: 101,
  CARD: 102,
  OPTION: 103,
  FILE: 104,
  IMAGE: 105,
  MARKDOWN: 109,
  COMBINATION: 111,
} as const;

export const SUBTYPES = {
  GraphicCard: 10201,
  OPTION: 10301,
  CATEGORY_OPTION: 10302,
  TOPIC_OPTION: 10303,
} as const;

const text = z.string({ error: "expected text" });
const Option = z.object({ content: text });
const CategoryOption = z.object({ categoryName: text, options: z.array(Option) });
const optionBase = {
  content: text.optional(),
  background: text.optional(),
  backgroundMobile: text.optional(),
  scene: text.optional(),
};

/** Content shape by type code, and by subtype for CARD and OPTION. */
export const CONTENT_SCHEMAS: Record<string, z.ZodType> = {
  "100": z.object({ content: text }),
  "101": z.object({ content: text }),
  "102/10201": z.object({
    subtype: z.literal(10201),
    cards: z.array(
      z.object({
        url: text.optional(),
        cover: text.optional(),
        summary: text.optional(),
        title: text,
      }),
    ).min(1),
  }),
  "103/10301": z.object({
    subtype: z.literal(10301),
    ...optionBase,
    options: z.array(Option).min(1),
  }),
  "103/10302": z.object({
    subtype: z.literal(10302),
    ...optionBase,
    style: text.optional(),
    options: z.array(CategoryOption).min(1),
  }),
  "103/10303": z.object({
    subtype: z.literal(10303),
    ...optionBase,
    options: z.array(
      z.object({
        content: text,
        icon: text.optional(),
        options: z.array(CategoryOption).optional(),
      }),
    ).min(1),
  }),
  "104": z.object({ fileUrl: text, fileName: text, fileSize: z.number().int().nonnegative() }),
  "105": z.object({
    fileUrl: text,
    fileName: text.optional(),
    fileSize: z.number().int().nonnegative().optional(),
  }),
  "109": z.object({ content: text }),
  // 111 is checked element by element (it nests any type).
  "111": z.object({
    combinationList: z.array(z.object({ type: z.unknown(), content: z.unknown() })).min(1),
  }),
};

/** A message as the visitor receives it: the type code, subtype when it has one, and its content. */
export interface AgentMessage {
  /**
   * The message type code: 100 text, 101 rich text, 102 card, 103 options, 104 file, 105 image,
   * 109 markdown, 111 combination.
   */
  type: number;
  /**
   * The subtype of a card or option list: 10201 graphic card, 10301 options, 10302 category
   * options, 10303 topic options.
   */
  subtype?: number;
  /** The message body as its type has it, e.g. `{content}` for text. */
  content: Record<string, unknown>;
  /** The agent's message id, for streamed chunks joined into this message. */
  messageId?: string;
}

/** An instruction from the agent to the customer-service system, such as a transfer to a human. */
export interface Instruction {
  /** What to do: `TRANSFER_HUMAN`, the one the spec names (others are delivered with a warning). */
  actionType: string;
  /** Its parameters, as text: for a transfer, `qno` names the queue (none: a plain transfer). */
  actionData: Record<string, string>;
}

/** A problem in what an agent sent, at a JSON path into it. */
export interface Finding {
  /** JSON path into what the agent sent, e.g. `$.data.answers[0].answerContent.content.cards[0].title`. */
  path: string;
  /**
   * `error` when the visitor would see nothing or something broken; `warning` for a tolerated
   * discrepancy.
   */
  severity: "error" | "warning";
  /** What is wrong, in a sentence. */
  message: string;
}

// ---- Visitor sessions ----

const Scalar = z.union([z.string(), z.number(), z.boolean()]);

/** The visitor profile a session is opened with; `inputs` (spec 2.3) are built from it. */
export const VisitorSchema = z.strictObject({
  visitorId: z.string().min(1).optional(),
  name: z.string().optional(),
  channel: z.strictObject({
    id: z.string().optional(),
    /** `wx_gzh` for the official-account access number, `to_be_added` for others. */
    name: z.string().optional(),
    appName: z.string().optional(),
    contactType: z.string().optional(),
  }).optional(),
  province: z.string().optional(),
  city: z.string().optional(),
  customerId: z.string().optional(),
  transferFailReason: z.string().optional(),
  /** Extra info and customer-profile fields, each passed as `user_<key>`. */
  extra: z.record(z.string(), Scalar).optional(),
  groupChat: z.boolean().optional(),
  /** The real sender in a group chat (otherwise the visitor id). */
  sender: z.string().optional(),
  timeslot: z.boolean().optional(),
  /** Branch-node name -> chosen branch. */
  branches: z.record(z.string(), z.string()).optional(),
  /** Data returned by interaction-node interfaces, passed as is. */
  interaction: z.record(z.string(), z.unknown()).optional(),
});
export type Visitor = z.infer<typeof VisitorSchema>;

export const ResponseModeSchema = z.enum(["blocking", "streaming"], {
  error: 'must be "blocking" or "streaming"',
});
export type ResponseMode = z.infer<typeof ResponseModeSchema>;

/** Checked as far as the UI reads them (a snapshot or a transcript may come from a file). */
const AgentMessageValue = z.custom<AgentMessage>(
  (v) => isObject(v) && typeof v.type === "number",
  { error: "must be an agent message object with a numeric type" },
);
const InstructionValue = z.custom<Instruction>(
  (v) => isObject(v) && typeof v.actionType === "string" && isObject(v.actionData),
  { error: "must be an instruction {actionType, actionData}" },
);

const HistoryItemSchema = z.union([
  z.strictObject({
    kind: z.literal("visitor"),
    at: z.number(),
    messageType: z.union([z.literal(100), z.literal(105)]),
    message: z.record(z.string(), z.unknown()),
    journalId: z.number().nullable(),
  }),
  z.strictObject({
    kind: z.literal("agent"),
    at: z.number(),
    via: z.enum(["open", "message"]),
    message: AgentMessageValue,
    journalId: z.number().nullable(),
  }),
  z.strictObject({
    kind: z.literal("instruction"),
    at: z.number(),
    instruction: InstructionValue,
    journalId: z.number().nullable(),
  }),
  z.strictObject({
    kind: z.literal("error"),
    at: z.number(),
    code: z.string(),
    message: z.string(),
    journalId: z.number().nullable(),
  }),
]);
export type HistoryItem = z.infer<typeof HistoryItemSchema>;

export const SessionSchema = z.strictObject({
  sessionId: z.string(),
  robotId: z.string(),
  enterpriseId: z.string(),
  visitorId: z.string(),
  sender: z.string(),
  visitor: VisitorSchema,
  responseMode: ResponseModeSchema,
  inputs: z.record(z.string(), z.unknown()),
  conversationId: z.string().nullable(),
  transferred: InstructionValue.nullable(),
  createTime: z.number(),
  history: z.array(HistoryItemSchema),
  /** Set on a session imported from a transcript file: it can be read and replayed, not continued. */
  importedFrom: z.strictObject({ sessionId: z.string(), exportedAt: z.string() }).optional(),
});
export type Session = z.infer<typeof SessionSchema>;

export const GatewayStateSchema = z.strictObject({
  robots: z.array(RobotSchema).default(() => []),
  sessions: z.array(SessionSchema).default(() => []),
});
export type GatewayState = z.infer<typeof GatewayStateSchema>;

export const gatewaySlice = defineSlice<GatewayState>({
  name: "gateway",
  schema: GatewayStateSchema,
  sequences: {
    robotId: { ids: (s) => numericIds(s.robots.map((r) => r.robotId)), first: 10001 },
    sessionId: {
      ids: (s) => numericIds(s.sessions.map((session) => session.sessionId.replace(/^s-/, ""))),
      first: 1,
    },
  },
  lists: [
    { path: "gateway.robots", id: "robotId", space: "robot" },
    { path: "gateway.sessions", id: "sessionId", space: "session" },
  ],
});

// ---- Pushes, as the journal records them ----

/** One server-sent event of a streamed reply, as a push's journal entry keeps it. */
export interface PushEvent {
  /** When it arrived, in real milliseconds after the push started. */
  at: number;
  /** The event's name (`message` when the stream named none), e.g. `message`, `end`, `ping`. */
  event: string;
  /** Its data; null for an event without data, or when it was not kept (`dataCut`). */
  data: string | null;
  /** True when the event changed nothing (a `ping`, a Dify `workflow_*` event…). */
  ignored?: boolean;
  /** True when its data was not kept: the push's 64 KiB of event data was used up. */
  dataCut?: boolean;
}

/** A push from the gateway to an agent: what the inspector shows beyond the HTTP exchange. */
export interface PushRecord {
  /** The visitor session the push belongs to. */
  sessionId: string;
  /** The robot pushed to. */
  robotId: string;
  /** The robot's way: `Default` or `PlatformA`. */
  platform: string;
  /** The session's response mode: `blocking` or `streaming`. */
  responseMode: string;
  /** `open`: the open-session call; `message`: a visitor message. */
  via: "open" | "message";
  /** What the visitor sent, in a line: the text, or `[image name.png]`; null for the open call. */
  visitor: string | null;
  /** The agent URL pushed to: the robot's `<domain><uri>` for the open or message interface. */
  url: string;
  /**
   * Every SSE event with its arrival (ms after the push started); `ignored` ones changed nothing.
   * A long stream is kept in part: event data up to 64 KiB in all (later events have
   * `dataCut: true` and no data), and at most 10,000 events (the rest counted in `notKept`).
   */
  events: PushEvent[];
  /** What a long stream's entry left out: events past 10,000, and characters of data not kept. */
  notKept?: { events: number; dataChars: number };
  /**
   * Real milliseconds after the push started: to the response headers (`firstByteMs`), to the
   * first text chunk of a stream (`firstChunkMs`), and to the end (`endMs`); null for what never
   * came.
   */
  timings: { firstByteMs: number | null; firstChunkMs: number | null; endMs: number };
  /** What is wrong with the reply, each with its JSON path. */
  findings: Finding[];
  /**
   * What reached the visitor. Kept like the events: message content up to 64 KiB in all; a message
   * past that has `contentCut: true` and no content (the session's history holds it whole).
   */
  delivered: { messages: KeptMessage[]; instruction: Instruction | null };
  /**
   * Why the push failed (`AgentTimeout`, `AgentHttpError`, the agent's own `error` event…); null
   * when it did not.
   */
  error: { code: string; message: string } | null;
}

/** A delivered message as a push's journal entry keeps it. */
export type KeptMessage =
  | AgentMessage
  | Omit<AgentMessage, "content"> & { content: null; contentCut: true };

/** The journal entry of a push: the gateway's own kind. */
export interface PushEntry extends JournalEntry {
  /** Always `push`. */
  kind: "push";
  /** What the push did beyond the HTTP exchange. */
  push: PushRecord;
}

// ---- Control bodies (`/_emulator/gateway`) ----

export const OpenSessionRequest = z.strictObject({
  robotId: z.string().min(1),
  visitor: VisitorSchema.default(() => ({})),
  responseMode: ResponseModeSchema.default("blocking"),
});
export type OpenSessionInput = z.infer<typeof OpenSessionRequest>;

export const SendMessageRequest = z.union([
  z.strictObject({ text: z.string().min(1, { error: "must not be empty" }) }),
  z.strictObject({
    image: z.strictObject({
      fileName: z.string().regex(/\.(png|jpe?g|gif|webp|bmp)$/i, {
        error: "must be an image file name (.png, .jpg, .jpeg, .gif, .webp, .bmp)",
      }),
      contentBase64: z.string().min(1),
    }),
  }),
], { error: 'send {"text": "..."} or {"image": {"fileName", "contentBase64"}}' });

/** An agent added from the UI by its URL (the browser holds no access key to sign with). */
export const AddRobotRequest = z.strictObject({
  name: z.string().min(1).default("my agent"),
  url: httpUrl(),
  openPath: z.string().startsWith("/").optional(),
  platform: z.enum(["Default", "PlatformA"]),
  token: z.string().optional(),
});
export type AddRobotInput = z.infer<typeof AddRobotRequest>;

export const RobotSettingsRequest = z.strictObject({
  timeouts: z.strictObject({
    blockingMs: z.number().int().min(1).max(600_000).optional(),
    streamIdleMs: z.number().int().min(1).max(600_000).optional(),
  }),
});
