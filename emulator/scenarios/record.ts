/**
 * Recording: a live visitor session as a scenario whose expectations are taken from what the agent
 * answered (message types, a piece of its text, offered options, transfer, error), ready to edit,
 * naming its robot so that it replays in another ccemu (robots.ts).
 */
import type { AgentMessage, HistoryItem, Instruction } from "../gateway/schemas.ts";
import type { GatewayStore } from "../gateway/store.ts";
import { portableRobot } from "./robots.ts";
import { offeredOptions, visibleText } from "./runner.ts";
import type { Expectation, Scenario, Step } from "./schemas.ts";

/** A 1x1 PNG, for a recorded image whose bytes are gone (a reset clears stored media). */
const PLACEHOLDER_PNG =
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==";

function expectationOf(items: HistoryItem[]): Expectation {
  const messages = items.flatMap((i) => (i.kind === "agent" ? [i.message as AgentMessage] : []));
  const instruction = items.find((i) => i.kind === "instruction") as
    | { instruction: Instruction }
    | undefined;
  const error = items.find((i) => i.kind === "error") as { code: string } | undefined;
  const expect: Expectation = {};
  if (messages.length) {
    expect.types = [
      ...new Set(
        messages.map((m) => (m.subtype === undefined ? m.type : `${m.type}/${m.subtype}`)),
      ),
    ];
  }
  const text = visibleText(messages).split("\n").find((line) => line.trim().length > 0);
  if (text) expect.textContains = text.trim().slice(0, 30);
  const options = offeredOptions(messages).slice(0, 3);
  if (options.length) expect.options = options;
  if (instruction?.instruction.actionType === "TRANSFER_HUMAN") {
    const qno = instruction.instruction.actionData.qno;
    expect.transfer = qno === undefined ? true : { qno };
  }
  if (error) expect.error = { code: error.code };
  return expect;
}

function imageOf(gateway: GatewayStore, fileUrl: string, fileName: string): Step["send"] {
  const key = /\/_storage\/media\/([^/]+)\//.exec(fileUrl)?.[1];
  const bytes = key ? gateway.emulator.mediaOf("gateway", key)?.bytes : undefined;
  const contentBase64 = bytes ? bytes.toBase64() : PLACEHOLDER_PNG;
  return { image: { fileName, contentBase64 } };
}

export function recordSession(
  gateway: GatewayStore,
  sessionId: string,
  name?: string,
): Scenario {
  const session = gateway.findSession(sessionId);
  const robot = gateway.findRobot(session.robotId);
  const groups: { visitor: HistoryItem | null; replies: HistoryItem[] }[] = [{
    visitor: null,
    replies: [],
  }];
  for (const item of session.history) {
    if (item.kind === "visitor") groups.push({ visitor: item, replies: [] });
    else groups.at(-1)!.replies.push(item);
  }
  const [opening, ...exchanges] = groups;
  const steps: Step[] = exchanges.map(({ visitor, replies }, i) => {
    const v = visitor as Extract<HistoryItem, { kind: "visitor" }>;
    const send: Step["send"] = v.messageType === 100
      ? { text: String(v.message.content) }
      : imageOf(gateway, String(v.message.fileUrl), String(v.message.fileName));
    return { name: `step ${i + 1}`, send, expect: expectationOf(replies) };
  });
  return {
    name: name ?? `recorded ${sessionId}`,
    description: `Recorded from visitor session ${sessionId} with the robot "${robot.name}".`,
    robot: portableRobot(robot),
    responseMode: session.responseMode,
    visitor: session.visitor,
    ...(opening.replies.length ? { expectOpen: expectationOf(opening.replies) } : {}),
    steps,
  };
}
