/**
 * Question answering (spec 4.6, 2.6): the best-matching FAQ entry (question or similar question),
 * else the best-matching paragraph of a document's text, else the configured fallback answer. Only
 * entries and documents in force answer. Deterministic: the same question gives the same answer.
 */
import { effectiveStatus } from "./files.ts";
import { bestMatch, similarity } from "./matching.ts";
import { plainText } from "./faqs.ts";
import type { KbStore } from "./store.ts";
import type { Tenant } from "../core/tenants.ts";

export function answer(
  store: KbStore,
  t: Tenant,
  content: string,
  conversationId: string | undefined,
) {
  const { timeZone } = t;
  const kb = store.state;
  const faqs = kb.faqs.filter((f) =>
    f.enterpriseId === t.enterpriseId &&
    (f.onlineDateFrom === null || f.onlineDateFrom <= store.nowText(t)) &&
    (f.onlineDateTo === null || store.nowText(t) < f.onlineDateTo)
  );
  const faq = bestMatch(content, faqs, (f) => [f.question, ...f.similars.map((s) => s.question)]);
  let reply = kb.fallbackAnswer;
  let files: { id: number; name: string; fileKey: string }[] = [];
  let faqRefs: { id: number; name: string }[] = [];
  if (faq) {
    reply = plainText(faq.answers[0]);
    faqRefs = [{ id: faq.id, name: faq.question }];
  } else {
    const paragraphs = kb.files
      .filter((f) =>
        f.enterpriseId === t.enterpriseId && f.text && effectiveStatus(f, store.now) === "EFFECTIVE"
      )
      .flatMap((file) =>
        file.text.split(/\n\s*\n|\n/).map((text) => ({ file, text: text.trim() })).filter((p) =>
          p.text
        )
      );
    const found = bestMatch(content, paragraphs, (p) => [p.text], 0.2) ??
      paragraphs.find((p) =>
        similarity(content, p.text) > 0 &&
        p.text.toLowerCase().includes(content.trim().toLowerCase())
      );
    if (found) {
      reply = found.text;
      files = [{ id: found.file.id, name: found.file.name, fileKey: found.file.fileKey }];
    }
  }
  return {
    conversationId: conversationId ?? store.emulator.random.uuid(),
    content: reply,
    files,
    faqs: faqRefs,
    // ISO-style local time with its offset: the tenant's wall clock.
    createTime: store.nowText(t).replaceAll("/", "-").replace(" ", "T") +
      localOffset(store.now, timeZone),
    messageId: store.emulator.random.uuid(),
  };
}

/** chat_conversation_on_open's `result`: the reply and the entries or documents it came from. */
export type QaReply = ReturnType<typeof answer>;

/** `+08:00` for the zone at the instant. */
function localOffset(instant: number, timeZone: string): string {
  const name =
    new Intl.DateTimeFormat("en-US", { timeZone, timeZoneName: "longOffset" }).formatToParts(
      instant,
    )
      .find((p) => p.type === "timeZoneName")?.value ?? "GMT";
  return name === "GMT" ? "Z" : name.replace("GMT", "");
}
