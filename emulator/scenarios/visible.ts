/**
 * What a visitor would read and click in delivered messages: the text every text expectation,
 * capture and recording looks at, and the options a click step picks from.
 */
import type { AgentMessage } from "../gateway/schemas.ts";

/** Every string a visitor would read in the messages (text, headings, card titles, options…). */
export function visibleText(messages: AgentMessage[]): string {
  const parts: string[] = [];
  const walk = (value: unknown, key = "") => {
    if (
      typeof value === "string" &&
      ["content", "title", "summary", "categoryName", "fileName"].includes(key)
    ) parts.push(value);
    else if (Array.isArray(value)) value.forEach((v) => walk(v, key));
    else if (value && typeof value === "object") {
      for (const [k, v] of Object.entries(value)) walk(v, k);
    }
  };
  messages.forEach((m) => walk(m.content));
  return parts.join("\n");
}

/** The options a visitor could click in the messages (lists, categories, topics, combinations). */
export function offeredOptions(messages: AgentMessage[]): string[] {
  const found: string[] = [];
  const walk = (value: unknown) => {
    if (Array.isArray(value)) value.forEach(walk);
    else if (value && typeof value === "object") {
      const record = value as Record<string, unknown>;
      if (Array.isArray(record.options)) {
        for (const option of record.options) {
          if (
            option && typeof option === "object" &&
            typeof (option as Record<string, unknown>).content === "string"
          ) {
            found.push((option as Record<string, string>).content);
          }
        }
      }
      Object.values(record).forEach(walk);
    }
  };
  messages.forEach((m) => walk(m.content));
  return [...new Set(found)];
}
