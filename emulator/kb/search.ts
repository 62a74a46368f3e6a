/**
 * Keyword search (spec 4.7, 2.7) over FAQ questions, similar questions, answers and introductions,
 * and over document names, introductions and the text of text-like documents. Matching is by
 * substring, case-insensitive, so Chinese matches without any tokenising; several whitespace-
 * separated terms must all match. Matched terms are wrapped in `<em>` in names and content.
 */
import { directoryNames } from "./files.ts";
import type { Faq, KbFile } from "./schemas.ts";
import { attachmentsIn, plainText } from "./faqs.ts";
import { pageOf } from "./pages.ts";
import type { SearchQuery } from "./schemas.ts";
import { findRepository, type KbStore, subtree } from "./store.ts";
import type { Tenant } from "../core/tenants.ts";

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** How much a term found in each field counts toward the ranking. */
const WEIGHT = { title: 4, similar: 3, name: 4, body: 1 };

interface Candidate {
  kind: "FAQ" | "FILE";
  faq?: Faq;
  file?: KbFile;
  /** Lower-cased searchable fields with their weights. */
  fields: { text: string; weight: number }[];
}

/**
 * Each item's lower-cased fields, kept between searches in the store's per-record cache. An FAQ edit
 * replaces the arrays and strings it changes, so comparing them tells a stale entry; documents are
 * never edited in place.
 */
type Cached = { key: unknown[]; candidate: Candidate };

function faqCandidate(store: KbStore, faq: Faq): Candidate {
  const cache = store.derived as WeakMap<object, Cached>;
  const hit = cache.get(faq);
  if (
    hit && hit.key[0] === faq.question && hit.key[1] === faq.answers &&
    hit.key[2] === faq.similars && hit.key[3] === faq.introduction
  ) return hit.candidate;
  const key = [faq.question, faq.answers, faq.similars, faq.introduction];
  const candidate: Candidate = {
    kind: "FAQ",
    faq,
    fields: [
      { text: faq.question, weight: WEIGHT.title },
      ...faq.similars.map((s) => ({ text: s.question, weight: WEIGHT.similar })),
      ...faq.answers.map((a) => ({ text: plainText(a), weight: WEIGHT.body })),
      { text: faq.introduction, weight: WEIGHT.body },
    ].map((f) => ({ ...f, text: f.text.toLowerCase() })),
  };
  cache.set(faq, { key, candidate });
  return candidate;
}

function fileCandidate(store: KbStore, file: KbFile): Candidate {
  const cache = store.derived as WeakMap<object, Cached>;
  let entry = cache.get(file);
  if (!entry) {
    const fields = [{ text: file.name, weight: WEIGHT.name }, {
      text: file.introduction,
      weight: WEIGHT.body,
    }, { text: file.text, weight: WEIGHT.body }];
    entry = {
      key: [],
      candidate: {
        kind: "FILE",
        file,
        fields: fields.map((f) => ({ ...f, text: f.text.toLowerCase() })),
      },
    };
    cache.set(file, entry);
  }
  return entry.candidate;
}

function candidates(store: KbStore, t: Tenant, q: SearchQuery): Candidate[] {
  const repositories = q.repositoryIds ? new Set(q.repositoryIds) : undefined;
  const directories = q.directoryIds
    ? new Set(q.directoryIds.flatMap((id) => [...subtree(store.state, id)]))
    : undefined;
  const inScope = (x: { enterpriseId: string; repositoryId: number; directoryId: number }) =>
    x.enterpriseId === t.enterpriseId && (!repositories || repositories.has(x.repositoryId)) &&
    (!directories || directories.has(x.directoryId));
  const out: Candidate[] = [];
  if (q.knowledgeType !== "FILE") {
    for (const faq of store.state.faqs) if (inScope(faq)) out.push(faqCandidate(store, faq));
  }
  if (q.knowledgeType !== "FAQ") {
    for (const file of store.state.files) if (inScope(file)) out.push(fileCandidate(store, file));
  }
  return out;
}

/** The score of a candidate for the terms: 0 unless every term is found somewhere. */
function score(candidate: Candidate, terms: string[]): number {
  let total = 0;
  for (const term of terms) {
    let best = 0;
    for (const field of candidate.fields) {
      if (field.weight > best && field.text.includes(term)) best = field.weight;
    }
    if (best === 0) return 0;
    total += best;
  }
  return terms.length ? total : 1;
}

function highlight(text: string, terms: string[]): string {
  if (!terms.length) return text;
  const pattern = new RegExp(terms.map(escapeRegExp).join("|"), "gi");
  return text.replace(pattern, (m) => `<em>${m}</em>`);
}

/** Around the first match: a window of the text, so a long document shows where it matched. */
function snippet(text: string, terms: string[], width = 120): string {
  const lower = text.toLowerCase();
  const at = terms.map((t) => lower.indexOf(t)).filter((i) => i >= 0).sort((a, b) => a - b)[0] ?? 0;
  const start = Math.max(0, at - width / 4);
  return (start > 0 ? "…" : "") + text.slice(start, start + width) +
    (start + width < text.length ? "…" : "");
}

function orderValue(
  candidate: Candidate,
  field: NonNullable<SearchQuery["orderField"]>,
): string | number {
  const item = (candidate.faq ?? candidate.file)!;
  if (field === "createTime" || field === "updateTime") return item[field];
  return candidate.file ? candidate.file[field] : 0;
}

export interface Ranked {
  candidates: Candidate[];
  terms: string[];
}

/** The matching items in order, before paging; `hitOf` makes the page's hits. */
export function search(store: KbStore, t: Tenant, q: SearchQuery): Ranked {
  const terms = (q.keyword ?? "").toLowerCase().split(/\s+/).filter(Boolean);
  const scored = candidates(store, t, q).map((candidate) => ({
    candidate,
    score: score(candidate, terms),
  })).filter((s) => s.score > 0);
  scored.sort((a, b) => {
    if (q.orderField) {
      const x = orderValue(a.candidate, q.orderField), y = orderValue(b.candidate, q.orderField);
      if (x !== y) return x < y ? 1 : -1;
    }
    const updated = (s: typeof a) => (s.candidate.faq ?? s.candidate.file)!.updateTime;
    return b.score - a.score || (updated(a) < updated(b) ? 1 : updated(a) > updated(b) ? -1 : 0) ||
      a.candidate.kind.localeCompare(b.candidate.kind) ||
      (a.candidate.faq ?? a.candidate.file)!.id - (b.candidate.faq ?? b.candidate.file)!.id;
  });
  return { candidates: scored.map(({ candidate }) => candidate), terms };
}

/** A search hit (spec 2.7), with matched terms in `<em>`. */
export function hitOf(store: KbStore, candidate: Candidate, terms: string[]) {
  const common = { liked: false, directoryNames: [] as string[] };
  if (candidate.faq) {
    const faq = candidate.faq;
    return {
      id: String(faq.id),
      question: highlight(faq.question, terms),
      name: highlight(faq.question, terms),
      repositoryId: faq.repositoryId,
      directoryId: faq.directoryId,
      updateTime: faq.updateTime,
      likeCount: 0,
      dislikeCount: 0,
      searchCount: 0,
      actionCount: 0,
      ...common,
      answers: faq.answers.map((a) => ({ faqId: faq.id, content: a.content, type: a.type })),
      content: highlight(plainText(faq.answers[0]), terms),
      introduction: faq.introduction,
      directoryNames: directoryNames(store, faq.directoryId),
      objectKey: `faq-${faq.id}`,
      type: "faq",
      similarList: faq.similars.map((s) => s.question),
      knowledgeType: "FAQ",
      attachments: faq.answers.filter((a) => a.type === "html").flatMap((a) =>
        attachmentsIn(a.content)
      ),
    };
  }
  const file = candidate.file!;
  return {
    id: String(file.id),
    question: "",
    name: highlight(file.name, terms),
    repositoryId: file.repositoryId,
    directoryId: file.directoryId,
    updateTime: file.updateTime,
    likeCount: file.likeCount,
    dislikeCount: file.dislikeCount,
    searchCount: file.searchCount,
    actionCount: file.actionCount,
    ...common,
    answers: [],
    content: highlight(snippet(file.text || file.introduction, terms), terms),
    introduction: file.introduction,
    directoryNames: directoryNames(store, file.directoryId),
    objectKey: file.fileKey,
    type: file.type,
    similarList: [],
    knowledgeType: "FILE",
    attachments: [],
  };
}

/** A search hit, an entry's or a document's (what the UI's search lists). */
export type SearchHit = ReturnType<typeof hitOf>;

/** `search_knowledge_on_open`: ranked hits in the repositories named (each checked), paged. */
export function searchKnowledge(store: KbStore, t: Tenant, q: SearchQuery) {
  (q.repositoryIds ?? []).forEach((id, i) => findRepository(store, t, id, `repositoryIds[${i}]`));
  const { candidates, terms } = search(store, t, q);
  return pageOf(candidates, q.offset, q.limit, (candidate) => hitOf(store, candidate, terms));
}
