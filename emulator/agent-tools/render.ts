/**
 * A reply as a person reads it in a terminal: text as text, rich text without its markup, cards as
 * title, summary and link, images and files by their names, options as numbered choices (one
 * numbering across the whole reply, so that typing the number picks it), the transfer, the error,
 * and the findings. Pure: lines in, lines out; the terminal is the caller's.
 */
import type { AgentMessage, Finding, Instruction } from "../gateway/schemas.ts";

/** Each message's lines, and the options in the order they were numbered (option n is [n - 1]). */
export interface Rendered {
  messages: string[][];
  options: string[];
}

type Content = Record<string, unknown>;

const str = (value: unknown) => (typeof value === "string" ? value : "");
const list = (value: unknown): Content[] =>
  Array.isArray(value) ? value.filter((v) => v && typeof v === "object") : [];

/** The name a visitor sees for a file or image: its file name, else the last part of its URL. */
export function nameOf(fileName: unknown, url: unknown): string {
  if (str(fileName)) return str(fileName);
  const path = URL.canParse(str(url)) ? new URL(str(url)).pathname : str(url);
  return decodeURIComponent(path.split("/").filter(Boolean).at(-1) ?? "") || "(unnamed)";
}

const ENTITIES: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  "#39": "'",
  nbsp: " ",
};

/** Rich text without its markup: images by name, links with their address, paragraphs as lines. */
export function htmlText(html: string): string {
  return html
    .replace(/<img\b[^>]*>/gi, (tag) => {
      const attr = (name: string) =>
        new RegExp(`${name}\\s*=\\s*["']([^"']*)["']`, "i").exec(tag)?.[1];
      return `[image ${nameOf(undefined, attr("src") ?? attr("alt"))}]`;
    })
    .replace(
      /<a\b[^>]*href\s*=\s*["']([^"']*)["'][^>]*>([\s\S]*?)<\/a>/gi,
      (_, href, text) => `${text} (${href})`,
    )
    .replace(/<br\s*\/?>|<\/(p|div|li|h\d)>/gi, "\n")
    .replace(/<[^>]+>/g, "")
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_, name) => ENTITIES[name])
    .split("\n").map((l) => l.trim()).filter((l, i, all) => l || (i > 0 && all[i - 1]))
    .join("\n").trim();
}

class Numbering {
  readonly options: string[] = [];

  /** The option's line: its number (the same number for the same option twice) and its text. */
  line(indent: string, option: unknown): string {
    const text = str((option as Content)?.content);
    let n = this.options.indexOf(text) + 1;
    if (n === 0) n = this.options.push(text);
    return `${indent}${n}. ${text}`;
  }
}

function categories(value: unknown, indent: string, numbering: Numbering): string[] {
  return list(value).flatMap((category) => [
    `${indent}${str(category.categoryName)}:`,
    ...list(category.options).map((o) => numbering.line(`${indent}  `, o)),
  ]);
}

function optionLines(content: Content, numbering: Numbering): string[] {
  const heading = str(content.content) ? [str(content.content)] : [];
  switch (content.subtype) {
    case 10302:
      return [...heading, ...categories(content.options, "", numbering)];
    case 10303:
      return [
        ...heading,
        ...list(content.options).flatMap((topic) => [
          numbering.line("", topic),
          ...categories(topic.options, "  ", numbering),
        ]),
      ];
    default:
      return [...heading, ...list(content.options).map((o) => numbering.line("", o))];
  }
}

function cardLines(content: Content): string[] {
  return list(content.cards).flatMap((card) => [
    str(card.title) ? `[card] ${str(card.title)}` : "[card]",
    ...(str(card.summary) ? [`  ${str(card.summary)}`] : []),
    ...(str(card.cover) ? [`  [image ${nameOf(undefined, card.cover)}]`] : []),
    ...(str(card.url) ? [`  ${str(card.url)}`] : []),
  ]);
}

/** One message's lines (a combination's elements one after the other). */
function messageLines(type: number, content: Content, numbering: Numbering): string[] {
  switch (type) {
    case 100:
    case 109:
      return str(content.content).split("\n");
    case 101:
      return htmlText(str(content.content)).split("\n");
    case 102:
      return cardLines(content);
    case 103:
      return optionLines(content, numbering);
    case 104:
      return [
        `[file ${nameOf(content.fileName, content.fileUrl)}${
          typeof content.fileSize === "number" ? `, ${content.fileSize} bytes` : ""
        }] ${str(content.fileUrl)}`,
      ];
    case 105:
      return [`[image ${nameOf(content.fileName, content.fileUrl)}]`];
    case 111:
      return list(content.combinationList).flatMap((m) =>
        messageLines(Number(m.type), (m.content ?? {}) as Content, numbering)
      );
    default:
      return [`[a message of type ${type}]`];
  }
}

/** The messages' lines, in order; `shown` leaves out a message already shown as it streamed. */
export function renderMessages(
  messages: AgentMessage[],
  shown: (message: AgentMessage) => boolean = () => false,
): Rendered {
  const numbering = new Numbering();
  const lines = messages.filter((m) => !shown(m)).map((m) =>
    messageLines(m.type, m.content ?? {}, numbering)
  );
  return { messages: lines, options: numbering.options };
}

/** The transfer, the error, or that nothing came back: a line, or none. */
export function outcomeLine(reply: {
  messages: AgentMessage[];
  instruction: Instruction | null;
  error: { code: string; message: string } | null;
}): string | null {
  if (reply.error) return `[error ${reply.error.code}] ${reply.error.message}`;
  const instruction = reply.instruction;
  if (instruction?.actionType === "TRANSFER_HUMAN") {
    const qno = instruction.actionData.qno;
    return qno === undefined ? "[transfer to a human]" : `[transfer to a human, queue ${qno}]`;
  }
  if (instruction) return `[instruction ${instruction.actionType}]`;
  if (reply.messages.length === 0) return "(nothing: no message, no instruction)";
  return null;
}

/** A finding as a line: severity, JSON path, what is wrong. */
export const findingLine = (f: Finding) => `! ${f.severity.padEnd(7)} ${f.path}  ${f.message}`;
