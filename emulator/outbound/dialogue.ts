/**
 * The dialogue of an answered call, made from its script's template: what call_detail shows, and
 * how often the AI can speak (the dialer caps a call's chat rounds with it).
 */
import type { CallRecord, Script } from "./schemas.ts";

const fill = (text: string, properties: Record<string, unknown>) =>
  text.replace(/\{\{\s*([^}]+?)\s*\}\}/g, (_, name) => String(properties[name] ?? ""));

/** How often the AI speaks in a script's dialogue: the most chat rounds a call can have. */
export const aiTurns = (script: Script | undefined) =>
  script?.dialogue.filter((t) => t.speaker === "AI").length ?? 0;

/**
 * The dialogue of an answered call: the script's turns, once, until the AI has spoken `chatRound`
 * times (the dialer caps `chatRound` at the script's AI turns), with the customer's last answer.
 */
export function phoneLogs(record: CallRecord, script: Script | undefined) {
  if (record.finishStatus !== 0) return [];
  const turns: { speaker: "AI" | "ME"; content: string }[] = [];
  let ai = 0;
  for (const turn of script?.dialogue ?? []) {
    if (turn.speaker === "AI" && ai++ === record.chatRound) break;
    turns.push({ speaker: turn.speaker, content: fill(turn.content, record.properties) });
  }
  if (!turns.length) return [];
  const start = (record.endTime ?? 0) - record.duration * 1000;
  const step = (record.duration * 1000) / turns.length;
  return turns.map((turn, i) => ({
    callInstanceId: record.callInstanceId,
    speaker: turn.speaker,
    content: turn.content,
    userMean: turn.speaker === "ME" ? "用户回答" : "",
    userMeanDetail: [],
    aiUnknown: 0,
    startTime: Math.round(start + i * step),
    endTime: Math.round(start + (i + 1) * step),
  }));
}
