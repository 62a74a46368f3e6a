/**
 * Checking what an agent answers. Every reply is delivered as far as it can be: each problem becomes
 * a finding with a JSON path, `error` when the visitor would see nothing or something broken,
 * `warning` for a tolerated discrepancy (`categories` for `options`, a type code as text, `data` as
 * a list). Nothing here throws on malformed input.
 */
import type { z } from "npm:zod@4.6.7";
import { isObject, type Json } from "../core/json.ts";
import {
  type AgentMessage,
  CONTENT_SCHEMAS,
  type Finding,
  type Instruction,
  MESSAGE_TYPES,
} from "./schemas.ts";

/** What an agent's reply gives the visitor: messages, instruction, conversation id, findings. */
export interface Delivery {
  /** The messages in order, a stream's chunks joined into one message each. */
  messages: AgentMessage[];
  /** The agent's instruction (a `TRANSFER_HUMAN`); null when it gave none. */
  instruction: Instruction | null;
  /** The conversation id the reply carried; null when it carried none. */
  conversationId: string | null;
  /** Everything found wrong in the reply, each with its JSON path. */
  findings: Finding[];
}

export const emptyDelivery = (): Delivery => ({
  messages: [],
  instruction: null,
  conversationId: null,
  findings: [],
});

function jsonPath(base: string, path: readonly PropertyKey[]): string {
  return base + path.map((k) => (typeof k === "number" ? `[${k}]` : `.${String(k)}`)).join("");
}

function issuesToFindings(issues: readonly z.core.$ZodIssue[], base: string): Finding[] {
  return issues.map((issue) => ({
    path: jsonPath(base, issue.path),
    severity: "error",
    message: issue.message,
  }));
}

/** A type code sent as number, or as text (tolerated with a warning). */
function typeCode(value: unknown, path: string, findings: Finding[]): number | undefined {
  if (typeof value === "number" && Number.isInteger(value)) return value;
  if (typeof value === "string" && /^\d+$/.test(value)) {
    findings.push({
      path,
      severity: "warning",
      message: `the type code is text ("${value}"); the spec's samples send a number`,
    });
    return Number(value);
  }
  findings.push({
    path,
    severity: "error",
    message: `expected a message type code, got ${JSON.stringify(value)}`,
  });
  return undefined;
}

/** Checks one message's content by its type; answers the message to deliver, or null. */
export function checkMessage(
  typeValue: unknown,
  contentValue: unknown,
  path: string,
  findings: Finding[],
): AgentMessage | null {
  const type = typeCode(typeValue, `${path}.type`, findings);
  if (type === undefined) return null;
  const contentPath = `${path}.content`;
  if (!isObject(contentValue)) {
    findings.push({ path: contentPath, severity: "error", message: "expected the content object" });
    return null;
  }
  let content: Json = contentValue;
  let subtype: number | undefined;
  if (type === MESSAGE_TYPES.CARD || type === MESSAGE_TYPES.OPTION) {
    subtype = typeCode(content.subtype, `${contentPath}.subtype`, findings);
    if (subtype === undefined) return null;
    content = { ...content, subtype };
  }
  if (subtype === 10303) content = topicsWithOptions(content, contentPath, findings);
  const key = subtype === undefined ? String(type) : `${type}/${subtype}`;
  const schema = CONTENT_SCHEMAS[key];
  if (!schema) {
    findings.push({
      path: `${path}.type`,
      severity: "error",
      message: `unknown message type ${key}; the visitor would see nothing`,
    });
    return null;
  }
  const parsed = schema.safeParse(content);
  if (!parsed.success) findings.push(...issuesToFindings(parsed.error.issues, contentPath));
  if (type === MESSAGE_TYPES.COMBINATION && Array.isArray(content.combinationList)) {
    const list = content.combinationList.map((item, i) =>
      isObject(item)
        ? checkMessage(item.type, item.content, `${contentPath}.combinationList[${i}]`, findings)
        : null
    );
    content = {
      combinationList: list.filter((m) => m !== null).map((m) => ({
        type: m.type,
        content: m.content,
      })),
    };
  }
  return { type, ...(subtype === undefined ? {} : { subtype }), content };
}

/** Topic options: the table names each topic's category list `options`, the sample `categories`. */
function topicsWithOptions(content: Json, path: string, findings: Finding[]): Json {
  if (!Array.isArray(content.options)) return content;
  const options = content.options.map((topic, i) => {
    if (!isObject(topic) || !("categories" in topic) || "options" in topic) return topic;
    findings.push({
      path: `${path}.options[${i}].categories`,
      severity: "warning",
      message:
        "topic categories sent as `categories`; the parameter table names them `options` (both accepted)",
    });
    const { categories, ...rest } = topic;
    return { ...rest, options: categories };
  });
  return { ...content, options };
}

/** Checks an instruction; TRANSFER_HUMAN is the one the spec names. */
export function checkInstruction(
  value: unknown,
  path: string,
  findings: Finding[],
): Instruction | null {
  if (!isObject(value) || typeof value.actionType !== "string") {
    findings.push({
      path: `${path}.actionType`,
      severity: "error",
      message: "expected an instruction with an actionType",
    });
    return null;
  }
  if (value.actionType !== "TRANSFER_HUMAN") {
    findings.push({
      path: `${path}.actionType`,
      severity: "warning",
      message: `unknown actionType "${value.actionType}"; the spec names TRANSFER_HUMAN`,
    });
  }
  const data = value.actionData ?? {};
  if (!isObject(data)) {
    findings.push({
      path: `${path}.actionData`,
      severity: "error",
      message: "expected actionData to be an object",
    });
    return { actionType: value.actionType, actionData: {} };
  }
  return {
    actionType: value.actionType,
    actionData: Object.fromEntries(Object.entries(data).map(([k, v]) => [k, String(v)])),
  };
}

/** The envelope's `status` and `code`, which only warn: the answers may still be read. */
function checkStatusAndCode(body: Record<string, unknown>, findings: Finding[]) {
  if (body.status !== 200 && body.status !== "200") {
    findings.push({
      path: "$.status",
      severity: "warning",
      message: `status is ${JSON.stringify(body.status)}; a successful reply carries 200`,
    });
  }
  if (body.code !== "success") {
    findings.push({
      path: "$.code",
      severity: "warning",
      message: `code is ${JSON.stringify(body.code)}; a successful reply carries "success"`,
    });
  }
}

/** The envelope's `data`: one object, or (as the parameter table declares) a list's first one. */
function dataOf(body: Record<string, unknown>, findings: Finding[]) {
  if (!Array.isArray(body.data)) return { data: body.data, dataPath: "$.data" };
  findings.push({
    path: "$.data",
    severity: "warning",
    message:
      "data is a list (as the parameter table declares); the samples send one object. The first element is read.",
  });
  return { data: body.data[0], dataPath: "$.data[0]" };
}

/** One entry of `answers`: a message, an action (the instruction), or a finding. */
function readAnswer(answer: unknown, path: string, delivery: Delivery) {
  const { findings } = delivery;
  if (!isObject(answer)) {
    findings.push({ path, severity: "error", message: "expected an answer object" });
  } else if (answer.answerType === "message") {
    const content = isObject(answer.answerContent) ? answer.answerContent : {};
    const message = checkMessage(content.type, content.content, `${path}.answerContent`, findings);
    if (message) delivery.messages.push(message);
  } else if (answer.answerType === "action") {
    delivery.instruction =
      checkInstruction(answer.answerContent, `${path}.answerContent`, findings) ??
        delivery.instruction;
  } else {
    findings.push({
      path: `${path}.answerType`,
      severity: "error",
      message: `answerType must be "message" or "action", got ${JSON.stringify(answer.answerType)}`,
    });
  }
}

/** The default way's reply envelope (spec 2.4), blocking replies and the open-session reply. */
export function readEnvelope(body: unknown): Delivery {
  const delivery = emptyDelivery();
  const { findings } = delivery;
  if (!isObject(body)) {
    findings.push({
      path: "$",
      severity: "error",
      message: "expected a JSON object (the reply envelope)",
    });
    return delivery;
  }
  checkStatusAndCode(body, findings);
  const { data, dataPath } = dataOf(body, findings);
  if (!isObject(data)) {
    findings.push({
      path: dataPath,
      severity: "error",
      message: "expected data to be an object with answers",
    });
    return delivery;
  }
  if (typeof data.conversationId === "string" && data.conversationId) {
    delivery.conversationId = data.conversationId;
  }
  if (!Array.isArray(data.answers)) {
    findings.push({
      path: `${dataPath}.answers`,
      severity: "error",
      message: "expected a list of answers",
    });
    return delivery;
  }
  data.answers.forEach((answer, i) => readAnswer(answer, `${dataPath}.answers[${i}]`, delivery));
  return delivery;
}

/** Rendering hints of streamed chunks (`content_type`): markdown and text, plus ccemu's extension. */
export function typeOfContentType(contentType: unknown): number | undefined {
  switch (contentType) {
    case "markdown":
      return MESSAGE_TYPES.MARKDOWN;
    case "text":
      return MESSAGE_TYPES.TEXT;
    case "html":
    case "rich_text":
      return MESSAGE_TYPES.RTF;
  }
  return undefined;
}
