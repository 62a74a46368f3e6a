/**
 * A delivered message in one line of plain text, for the session list's preview: what a visitor
 * would read first, never markup (`**bold**`, `<p>`) nor a type code.
 */
import { MESSAGE_TYPES } from "./schemas.ts";

type Content = Record<string, unknown>;

const text = (value: unknown): string | undefined => typeof value === "string" ? value : undefined;

/** Markdown or HTML as the words it shows: marks and tags dropped, links as their text. */
function plain(markup: string): string {
  return markup
    // A block's edge separates words; an inline tag (`<b>`, `<a>`) sits inside them.
    .replace(/<\/?(p|br|div|li|ul|ol|tr|td|h\d)\b[^>]*>/gi, " ")
    .replace(/<[^>]*>/g, "")
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/[*_`~#>|]+/g, "")
    .replace(/\s+/g, " ")
    .trim();
}

/** One message's line: its text, or what it is and its first words (`card: 会员权益`). */
export function messagePreview(type: unknown, content: Content): string {
  switch (type) {
    case MESSAGE_TYPES.TEXT:
      return text(content.content) ?? "";
    case MESSAGE_TYPES.RTF:
    case MESSAGE_TYPES.MARKDOWN:
      return plain(text(content.content) ?? "");
    case MESSAGE_TYPES.CARD: {
      const cards = (content.cards as Content[] | undefined) ?? [];
      return `card: ${cards.map((card) => text(card.title)).filter(Boolean).join(", ")}`;
    }
    case MESSAGE_TYPES.OPTION: {
      const intro = text(content.content);
      const options = ((content.options as Content[] | undefined) ?? [])
        .map((option) => text(option.content) ?? text(option.categoryName)).filter(Boolean);
      return `${intro ? `${plain(intro)} ` : ""}options: ${options.join(", ")}`;
    }
    case MESSAGE_TYPES.FILE:
      return `file: ${text(content.fileName) ?? ""}`;
    case MESSAGE_TYPES.IMAGE:
      return `image${content.fileName ? `: ${content.fileName}` : ""}`;
    case MESSAGE_TYPES.COMBINATION: {
      const [first] = (content.combinationList as { type: unknown; content: Content }[]) ?? [];
      return first ? messagePreview(first.type, first.content ?? {}) : "";
    }
    default:
      return `a message of type ${String(type)}`;
  }
}
