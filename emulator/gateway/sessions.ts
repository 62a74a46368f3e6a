/**
 * Visitor sessions, as the online customer-service system runs them toward a robot: `inputs` built
 * from the visitor profile (spec 2.3), the open-session call made once before the first message,
 * each visitor message pushed the robot's way, the conversation id carried, history kept.
 */
import { messagePreview } from "./preview.ts";
import { push, type PushOutcome } from "./push.ts";
import type {
  HistoryItem,
  OpenSessionInput,
  PushEntry,
  Robot,
  Session,
  Visitor,
} from "./schemas.ts";
import type { GatewayStore } from "./store.ts";
import { assertLive } from "./transcripts.ts";

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
export interface AgentTurn {
  /** The visitor session. */
  sessionId: string;
  /** The session's conversation id (the agent's first). */
  conversationId: string | null;
  /** The conversation id the agent gave in this reply, if any. */
  replyConversationId: string | null;
  /** The messages the visitor received, in order. */
  messages: PushOutcome["delivery"]["messages"];
  /** The agent's instruction (a `TRANSFER_HUMAN`); null when it gave none. */
  instruction: PushOutcome["delivery"]["instruction"];
  /** What is wrong with the reply, each with its JSON path. */
  findings: PushOutcome["delivery"]["findings"];
  /** Why the push failed (agent unreachable, a time-out, its own `error`…); else null. */
  error: PushOutcome["error"];
  /** The journal entry of the push. */
  journalId: number;
}

/** Records what the agent delivered in the session's history and announces it. */
function record(
  store: GatewayStore,
  session: Session,
  outcome: PushOutcome,
  via: "open" | "message",
): AgentTurn {
  const at = store.now;
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
  const exchange: AgentTurn = {
    sessionId: session.sessionId,
    conversationId: session.conversationId,
    replyConversationId: delivery.conversationId,
    messages: delivery.messages,
    instruction: delivery.instruction,
    findings: delivery.findings,
    error,
    journalId,
  };
  store.emulator.events.publish({
    type: "gateway",
    change: "delivered",
    sessionId: session.sessionId,
    detail: { ...exchange },
  });
  return exchange;
}

/** Opens a session; calls the robot's Open interface, when it has one, before anything else. */
export async function openSession(
  store: GatewayStore,
  input: OpenSessionInput,
): Promise<{ session: Session; open: AgentTurn | null }> {
  const robot = store.findRobot(input.robotId);
  const sessionId = `s-${store.nextId("sessionId")}`;
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
    createTime: store.now,
    history: [],
  };
  session.inputs = buildInputs(session, input.visitor);
  store.state.sessions.push(session);
  store.emulator.events.publish({
    type: "gateway",
    change: "session-opened",
    sessionId,
    detail: { robotId: robot.robotId },
  });
  let open: AgentTurn | null = null;
  if (robot.pushConfigList.some((c) => c.type === "Open")) {
    const outcome = await store.queued(sessionId, () =>
      push(store, {
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
    open = record(store, session, outcome, "open");
  }
  return { session, open };
}

/** Sends a visitor message and waits for the agent's complete reply. */
export function sendMessage(
  store: GatewayStore,
  sessionId: string,
  message: VisitorMessage,
): Promise<AgentTurn> {
  const session = store.findSession(sessionId);
  assertLive(session);
  const robot = store.findRobot(session.robotId);
  return store.queued(sessionId, async () => {
    // Read again inside the queue: an earlier message may have brought the conversation id.
    session.history.push({
      kind: "visitor",
      at: store.now,
      messageType: message.messageType,
      message: message.message,
      journalId: null,
    });
    store.emulator.events.publish({
      type: "gateway",
      change: "visitor-message",
      sessionId,
      detail: { ...message },
    });
    const outcome = await push(store, {
      robot,
      sessionId,
      via: "message",
      mode: session.responseMode,
      body: messageBody(robot, session, message),
      visitor: visitorLine(message),
    });
    const visitorItem = session.history.findLast((item) => item.kind === "visitor");
    if (visitorItem) visitorItem.journalId = outcome.journalId;
    return record(store, session, outcome, "message");
  });
}

/** What a visitor sent, in a line: the text, or `[image name.png]`. */
function visitorLine(sent: { messageType: 100 | 105; message: Record<string, unknown> }): string {
  return sent.messageType === 100
    ? String(sent.message.content)
    : `[image ${sent.message.fileName}]`;
}

/** One line of a history item, for the session list: plain words, never markup or a type code. */
function itemLine(item: HistoryItem): string {
  switch (item.kind) {
    case "visitor":
      return visitorLine(item);
    case "agent": {
      const content = (item.message as { content?: Record<string, unknown> }).content ?? {};
      return messagePreview(item.message.type, content);
    }
    case "instruction":
      return `[${item.instruction.actionType}]`;
    case "error":
      return `[${item.code}]`;
  }
}

/**
 * Sessions without their histories (the session list), optionally one robot's: who, with which
 * robot, the last line, how many findings its pushes drew (while the journal still holds them),
 * whether it was transferred or imported.
 */
export function sessionSummaries(store: GatewayStore, robotId?: string) {
  const journal = store.emulator.journal;
  return store.state.sessions
    .filter((s) => robotId === undefined || s.robotId === robotId)
    .map(({ history, ...summary }) => {
      const findings = { errors: 0, warnings: 0 };
      for (const id of new Set(history.map((i) => i.journalId))) {
        const entry = id === null ? undefined : journal.get(id) as PushEntry | undefined;
        for (const f of entry?.push?.findings ?? []) {
          findings[f.severity === "error" ? "errors" : "warnings"]++;
        }
      }
      const last = history.at(-1);
      return {
        ...summary,
        robotName: store.state.robots.find((r) => r.robotId === summary.robotId)?.name ?? null,
        messages: history.length,
        lastMessage: last ? { at: last.at, kind: last.kind, text: itemLine(last) } : null,
        findings,
      };
    });
}

/** A line of the session list. */
export type SessionSummary = ReturnType<typeof sessionSummaries>[number];
