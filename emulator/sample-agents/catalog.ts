import { bestMatch as bestBigramMatch } from "../kb/matching.ts";
import { CARD_PNG } from "./card-png.ts";

/**
 * What the sample agents say: one answer per keyword (each message type of spec 2.5), transfers on
 * `human`/`人工` and `queue 12`, answers from the knowledge base when a question matches, and a
 * hot-question list for the open-session call. Both ways share it: the default way sends the
 * messages, the platform-A way (text only) sends the markdown.
 */

export interface KnowledgeEntry {
  question: string;
  similars: string[];
  answer: string;
}

export interface SampleMessage {
  type: number;
  content: Record<string, unknown>;
}

export interface SampleAnswer {
  messages: SampleMessage[];
  /** The same answer as markdown, for the platform-A way. */
  markdown: string;
  transfer?: { phrase: string; qno?: string };
}

const text = (content: string): SampleMessage => ({ type: 100, content: { content } });
const markdown = (content: string): SampleMessage => ({ type: 109, content: { content } });

/** The best-matching entry (question or similar question), when it matches well enough. */
export function bestMatch(query: string, knowledge: KnowledgeEntry[]): KnowledgeEntry | undefined {
  return bestBigramMatch(query, knowledge, (entry) => [entry.question, ...entry.similars]);
}

export function hotQuestions(knowledge: KnowledgeEntry[]): SampleMessage {
  return {
    type: 103,
    content: {
      subtype: 10301,
      content: "猜你想问 / Popular questions",
      scene: "HotQuestion",
      options: knowledge.slice(0, 5).map((entry) => ({ content: entry.question })),
    },
  };
}

/** The keyword catalog: one answer of each message type, as docs/agents.md's keyword table lists. */
function keywordAnswers(assets: string): Record<string, () => SampleAnswer> {
  const card = {
    title: "ccemu",
    summary: "An offline emulator for the contact-center APIs.",
    cover: `${assets}/card.png`,
    url: "https://example.com/ccemu",
  };
  const options = ["退款多久到账？", "How do I track my order?", "human"];
  return {
    text: () => ({
      messages: [text("This is a plain text message.")],
      markdown: "This is a plain text message.",
    }),
    rich: () => ({
      messages: [{
        type: 101,
        content: {
          content:
            `<p>Rich text with <b>bold</b>, <a href="https://example.com">a link</a> and an image:</p><img src="${assets}/card.png" alt="card">`,
        },
      }],
      markdown: "Rich text with **bold** and [a link](https://example.com).",
    }),
    card: () => ({
      messages: [{ type: 102, content: { subtype: 10201, cards: [card] } }],
      markdown:
        `**${card.title}**\n\n![cover](${card.cover})\n\n${card.summary}\n\n[Open](${card.url})`,
    }),
    options: () => ({
      messages: [{
        type: 103,
        content: {
          subtype: 10301,
          content: "Pick a question:",
          options: options.map((content) => ({ content })),
        },
      }],
      markdown: "Pick a question:\n\n" + options.map((o) => `- ${o}`).join("\n"),
    }),
    categories: () => ({
      messages: [{
        type: 103,
        content: {
          subtype: 10302,
          content: "Browse by category:",
          style: "Horizontal",
          options: [
            {
              categoryName: "售后服务",
              options: [{ content: "如何申请退款？" }, { content: "退款多久到账？" }],
            },
            {
              categoryName: "Delivery",
              options: [{ content: "How long does delivery take?" }, {
                content: "How do I track my order?",
              }],
            },
          ],
        },
      }],
      markdown:
        "**售后服务**: 如何申请退款？ · 退款多久到账？\n\n**Delivery**: How long does delivery take? · How do I track my order?",
    }),
    topics: () => ({
      messages: [{
        type: 103,
        content: {
          subtype: 10303,
          scene: "HotQuestion",
          options: [
            {
              content: "Orders",
              icon: `${assets}/card.png`,
              options: [{
                categoryName: "Delivery",
                options: [{ content: "How do I track my order?" }],
              }],
            },
            {
              content: "账户",
              icon: `${assets}/card.png`,
              options: [{ categoryName: "安全", options: [{ content: "忘记密码怎么办？" }] }],
            },
          ],
        },
      }],
      markdown: "**Orders** → How do I track my order?\n\n**账户** → 忘记密码怎么办？",
    }),
    file: () => ({
      messages: [{
        type: 104,
        content: { fileUrl: `${assets}/guide.txt`, fileName: "guide.txt", fileSize: GUIDE.length },
      }],
      markdown: `[guide.txt](${assets}/guide.txt)`,
    }),
    image: () => ({
      messages: [{
        type: 105,
        content: { fileUrl: `${assets}/card.png`, fileName: "card.png", fileSize: CARD_PNG.length },
      }],
      markdown: `![card](${assets}/card.png)`,
    }),
    markdown: () => {
      const md =
        "## Markdown\n\n- **bold** and *italic*\n- `code`\n\n| a | b |\n|---|---|\n| 1 | 2 |";
      return { messages: [markdown(md)], markdown: md };
    },
    combination: () => ({
      messages: [{
        type: 111,
        content: {
          combinationList: [
            { type: 100, content: { content: "A combination of messages:" } },
            {
              type: 105,
              content: {
                fileUrl: `${assets}/card.png`,
                fileName: "card.png",
                fileSize: CARD_PNG.length,
              },
            },
            {
              type: 103,
              content: {
                subtype: 10301,
                content: "Then options:",
                options: options.map((content) => ({ content })),
              },
            },
          ],
        },
      }],
      markdown: `A combination of messages:\n\n![card](${assets}/card.png)\n\n` +
        options.map((o) => `- ${o}`).join("\n"),
    }),
  };
}

/** The answer to a visitor's text. `assets` is where the sample images and files are served. */
export function answerFor(
  query: string,
  knowledge: KnowledgeEntry[],
  assets: string,
): SampleAnswer {
  const q = query.trim();
  const keyword = q.toLowerCase();
  const queue = /^queue\s+(\d+)$/.exec(keyword);
  if (queue) {
    const phrase = `Transferring you to queue ${queue[1]}; an agent will be with you shortly.`;
    return { messages: [text(phrase)], markdown: phrase, transfer: { phrase, qno: queue[1] } };
  }
  if (keyword === "human" || q.includes("人工")) {
    const phrase = "正在为您转接人工客服，请稍候。";
    return { messages: [text(phrase)], markdown: phrase, transfer: { phrase } };
  }
  const catalog = keywordAnswers(assets);
  if (catalog[keyword]) return catalog[keyword]();
  const match = bestMatch(q, knowledge);
  if (match) return { messages: [markdown(match.answer)], markdown: match.answer };
  const fallback =
    `I have no answer for "${q}". Try a question from the knowledge base, or one of: ${
      Object.keys(catalog).join(", ")
    }, human, queue 12.`;
  return { messages: [text(fallback)], markdown: fallback };
}

export const GUIDE = new TextEncoder().encode(
  "ccemu sample file.\nThe sample agents send it for the keyword `file`.\n",
);
