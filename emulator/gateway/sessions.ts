/**
 * Visitor sessions, as the online customer-service system runs them toward a robot: `inputs` built
 * from the visitor profile (spec 2.3), the open-session call made once before the first message,
 * each visitor message pushed the robot's way, the conversation id carried, history kept.
 */
import type { Emulator } from "../emulator.ts";
import { ApiError } from "../signed-api/errors.ts";
import { nextId } from "../state.ts";
import { push, type PushOutcome } from "./push.ts";
import { findRobot } from "./registry.ts";
import type { HistoryItem, ResponseMode, Robot, Session, Visitor } from "./schemas.ts";

/** Every key of spec 2.3, filled from the profile ("" where the profile says nothing). */
export function buildInputs(
  session: { robotId: string; enterpriseId: string; sessionId: string; visitorId: string },
  visitor: Visitor,
): Record<string, unknown> {
  const channel = visitor.channel ?? {};
  const inputs: Record<string, unknown> = {
    botId: session.robotId,
    userId: session.enterpriseId,
    uniqueId: session.sessionId,
    provider: "thirdPart",
    channel_id: channel.id ?? "",
    channel_name: channel.name ?? "to_be_added",
    appName: channel.appName ?? "",
    visitorId: session.visitorId,
    visitorName: visitor.name ?? "",
    contactType: channel.contactType ?? "WEB",
    user_province: visitor.province ?? "",
    user_city: visitor.city ?? "",
    user_customerId: visitor.customerId ?? "",
    user_transferFailReason: visitor.transferFailReason ?? "",
    timeslot: visitor.timeslot ?? true,
    groupChat: String(visitor.groupChat ?? false),
  };
  for (const [key, value] of Object.entries(visitor.extra ?? {})) inputs[`user_${key}`] = value;
  Object.assign(inputs, visitor.interaction ?? {}, visitor.branches ?? {});
  return inputs;
}

/** The push body for a visitor message, in the robot's way. */
function messageBody(
  robot: Robot,
  session: Session,
  message: VisitorMessage,
): Record<string, unknown> {
  if (robot.platform === "PlatformA") {
    return {
      query: message.messageType === 100 ? message.message.content : "",
      inputs: session.inputs,
      response_mode: session.responseMode,
      user: session.sender,
      ...(session.conversationId ? { conversation_id: session.conversationId } : {}),
      auto_generate_name: true,
      ...(message.messageType === 105
        ? {
          files: [{ type: "image", transfer_method: "remote_url", url: message.message.fileUrl }],
        }
        : {}),
    };
  }
  return {
    robotId: robot.robotId,
    ...(session.conversationId ? { conversationId: session.conversationId } : {}),
    visitorId: session.visitorId,
    data: [{ messageType: message.messageType, message: message.message }],
    inputs: session.inputs,
    responseMode: session.responseMode,
    sender: session.sender,
  };
}

export type VisitorMessage =
  | { messageType: 100; message: { content: string } }
  | { messageType: 105; message: { fileUrl: string; fileName: string } };

/** What one exchange with the agent gave the visitor (also the messages route's answer). */
export interface Exchange {
  sessionId: string;
  /** The session's conversation id (the agent's first). */
  conversationId: string | null;
  /** The conversation id the agent gave in this reply, if any. */
  replyConversationId: string | null;
  messages: PushOutcome["delivery"]["messages"];
  instruction: PushOutcome["delivery"]["instruction"];
  findings: PushOutcome["delivery"]["findings"];
  error: PushOutcome["error"];
  journalId: number;
}

/** Sessions by id, per sessions list: rebuilt when reset, import or deletion replaces the list. */
const sessionIndex = new WeakMap<Session[], Map<string, Session>>();

export function findSession(emulator: Emulator, sessionId: string): Session {
  const sessions = emulator.state.gateway.sessions;
  let index = sessionIndex.get(sessions);
  if (!index || index.size !== sessions.length) {
    index = new Map(sessions.map((s) => [s.sessionId, s]));
    sessionIndex.set(sessions, index);
  }
  const session = index.get(sessionId);
  if (!session) throw new ApiError("ResourceNotFound", `No visitor session ${sessionId}.`);
  return session;
}

/** Records what the agent delivered in the session's history and announces it. */
function record(
  emulator: Emulator,
  session: Session,
  outcome: PushOutcome,
  via: "open" | "message",
): Exchange {
  const at = emulator.clock.now();
  const { delivery, error, journalId } = outcome;
  if (delivery.conversationId && !session.conversationId) {
    session.conversationId = delivery.conversationId;
  }
  const items: HistoryItem[] = delivery.messages.map((message) => ({
    kind: "agent",
    at,
    via,
    message,
    journalId,
  }));
  if (delivery.instruction) {
    items.push({ kind: "instruction", at, instruction: delivery.instruction, journalId });
    if (delivery.instruction.actionType === "TRANSFER_HUMAN") {
      session.transferred = delivery.instruction;
    }
  }
  if (error) items.push({ kind: "error", at, code: error.code, message: error.message, journalId });
  session.history.push(...items);
  const exchange: Exchange = {
    sessionId: session.sessionId,
    conversationId: session.conversationId,
    replyConversationId: delivery.conversationId,
    messages: delivery.messages,
    instruction: delivery.instruction,
    findings: delivery.findings,
    error,
    journalId,
  };
  emulator.events.publish({
    type: "gateway",
    change: "delivered",
    sessionId: session.sessionId,
    detail: { ...exchange },
  });
  return exchange;
}

export interface OpenSessionInput {
  robotId: string;
  visitor: Visitor;
  responseMode: ResponseMode;
}

/** Opens a session; calls the robot's Open interface, when it has one, before anything else. */
export async function openSession(
  emulator: Emulator,
  input: OpenSessionInput,
): Promise<{ session: Session; open: Exchange | null }> {
  const robot = findRobot(emulator.state, input.robotId);
  const sessionId = `s-${nextId(emulator.state, "sessionId")}`;
  const visitorId = input.visitor.visitorId ?? `visitor-${sessionId.slice(2)}`;
  const session: Session = {
    sessionId,
    robotId: robot.robotId,
    enterpriseId: robot.enterpriseId,
    visitorId,
    sender: input.visitor.groupChat && input.visitor.sender ? input.visitor.sender : visitorId,
    visitor: input.visitor,
    responseMode: input.responseMode,
    inputs: {},
    conversationId: null,
    transferred: null,
    createTime: emulator.clock.now(),
    history: [],
  };
  session.inputs = buildInputs(session, input.visitor);
  emulator.state.gateway.sessions.push(session);
  emulator.events.publish({
    type: "gateway",
    change: "session-opened",
    sessionId,
    detail: { robotId: robot.robotId },
  });
  let open: Exchange | null = null;
  if (robot.pushConfigList.some((c) => c.type === "Open")) {
    const outcome = await queued(emulator, sessionId, () =>
      push(emulator, {
        robot,
        sessionId,
        via: "open",
        mode: "blocking", // the open-session call is blocking only (spec part 8)
        body: {
          robotId: robot.robotId,
          visitorId,
          inputs: session.inputs,
          responseMode: "blocking",
        },
      }));
    open = record(emulator, session, outcome, "open");
  }
  return { session, open };
}

/** Sends a visitor message and waits for the agent's complete reply. */
export function sendMessage(
  emulator: Emulator,
  sessionId: string,
  message: VisitorMessage,
): Promise<Exchange> {
  const session = findSession(emulator, sessionId);
  const robot = findRobot(emulator.state, session.robotId);
  return queued(emulator, sessionId, async () => {
    // Read again inside the queue: an earlier message may have brought the conversation id.
    session.history.push({
      kind: "visitor",
      at: emulator.clock.now(),
      messageType: message.messageType,
      message: message.message,
      journalId: null,
    });
    emulator.events.publish({
      type: "gateway",
      change: "visitor-message",
      sessionId,
      detail: { ...message },
    });
    const outcome = await push(emulator, {
      robot,
      sessionId,
      via: "message",
      mode: session.responseMode,
      body: messageBody(robot, session, message),
    });
    const visitorItem = session.history.findLast((item) => item.kind === "visitor");
    if (visitorItem) visitorItem.journalId = outcome.journalId;
    return record(emulator, session, outcome, "message");
  });
}

/** One exchange at a time per session, in the order sent, as a visitor's messages arrive. */
const queues = new WeakMap<Emulator, Map<string, Promise<unknown>>>();

function queued<T>(emulator: Emulator, sessionId: string, run: () => Promise<T>): Promise<T> {
  let perEmulator = queues.get(emulator);
  if (!perEmulator) queues.set(emulator, perEmulator = new Map());
  const previous = perEmulator.get(sessionId) ?? Promise.resolve();
  const next = previous.then(run, run);
  perEmulator.set(sessionId, next.catch(() => {}));
  return next;
}

const IMAGE_TYPES: Record<string, string> = {
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  gif: "image/gif",
  webp: "image/webp",
  bmp: "image/bmp",
};
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;

function decodeImage(contentBase64: string): Uint8Array {
  let binary: string;
  try {
    binary = atob(contentBase64.replace(/\s+/g, ""));
  } catch {
    throw new ApiError(
      "InvalidParameter",
      "image.contentBase64: not valid base64.",
      "image.contentBase64",
    );
  }
  if (binary.length > MAX_IMAGE_BYTES) {
    throw new ApiError(
      "InvalidParameter",
      `image.contentBase64: the image is larger than ${MAX_IMAGE_BYTES} bytes.`,
      "image.contentBase64",
    );
  }
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

/** Keeps a visitor's image where the agent can fetch it, and answers the message to push. */
export function storeImage(
  emulator: Emulator,
  sessionId: string,
  fileName: string,
  contentBase64: string,
): VisitorMessage {
  const bytes = decodeImage(contentBase64);
  const extension = fileName.split(".").pop()!.toLowerCase();
  const key = `${sessionId}-${emulator.media.size + 1}`;
  emulator.media.set(key, { bytes, contentType: IMAGE_TYPES[extension], fileName });
  const fileUrl = `${emulator.selfOrigin}/_storage/media/${key}/${encodeURIComponent(fileName)}`;
  return { messageType: 105, message: { fileUrl, fileName } };
}
