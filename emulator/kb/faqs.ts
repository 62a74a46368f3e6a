/**
 * FAQ entries (spec 2.2, 4.3): the rules of create and edit (a question unique in its directory,
 * answers and similar questions overwritten, related entries checked), deletion into the recycle
 * bin, listing, and the entry as the API shows it.
 */
import { ApiError } from "../core/errors.ts";
import type { Tenant } from "../core/tenants.ts";
import { directoryFor } from "./directories.ts";
import { pageOf } from "./pages.ts";
import type { Faq, FaqInput, ListFaqsQuery } from "./schemas.ts";
import { findRepository, type KbStore, subtree } from "./store.ts";

export function findFaq(store: KbStore, t: Tenant, id: number, parameter = "id"): Faq {
  const faq = store.state.faqs.find((f) => f.id === id && f.enterpriseId === t.enterpriseId);
  if (!faq) throw new ApiError("ResourceNotFound", `${parameter}: no FAQ entry ${id}.`, parameter);
  findRepository(store, t, faq.repositoryId, parameter);
  return faq;
}

function checkFaq(store: KbStore, t: Tenant, input: FaqInput, self?: number) {
  directoryFor(store, t, input.repositoryId, input.directoryId, "FAQ");
  if (
    store.state.faqs.some((f) =>
      f.directoryId === input.directoryId && f.question === input.question && f.id !== self
    )
  ) {
    throw new ApiError(
      "InvalidParameter",
      `question: "${input.question}" exists already in directory ${input.directoryId} (a question is unique within its directory).`,
      "question",
    );
  }
  (input.relatedIds ?? []).forEach((id, i) => {
    if (id === self) {
      throw new ApiError(
        "InvalidParameter",
        `relatedIds[${i}]: an entry cannot relate to itself.`,
        `relatedIds[${i}]`,
      );
    }
    findFaq(store, t, id, `relatedIds[${i}]`);
  });
  if (input.onlineDateFrom && input.onlineDateTo && input.onlineDateFrom > input.onlineDateTo) {
    throw new ApiError(
      "InvalidParameter",
      "onlineDateTo: the validity ends before it starts.",
      "onlineDateTo",
    );
  }
}

function answersOf(store: KbStore, answers: FaqInput["answers"]) {
  return answers.map((a) => ({
    id: store.nextId("faqAnswerId"),
    content: a.content,
    type: a.type,
  }));
}

export function createFaq(store: KbStore, t: Tenant, input: FaqInput): number {
  findRepository(store, t, input.repositoryId);
  checkFaq(store, t, input);
  const id = store.nextId("faqId");
  store.state.faqs.push({
    enterpriseId: t.enterpriseId,
    id,
    repositoryId: input.repositoryId,
    directoryId: input.directoryId,
    question: input.question,
    introductionType: input.introductionType ?? 1,
    introduction: input.introduction ?? "",
    answers: answersOf(store, input.answers),
    similars: (input.similars ?? []).map((question) => ({ question })),
    relatedIds: input.relatedIds ?? [],
    onlineDateFrom: input.onlineDateFrom ?? null,
    onlineDateTo: input.onlineDateTo ?? null,
    createTime: store.nowText(t),
    updateTime: store.nowText(t),
    createUser: t.key.username,
    updateUser: t.key.username,
  });
  return id;
}

/** Edits an entry: answers overwrite; similars and relatedIds overwrite, and go when omitted or empty. */
export function editFaq(store: KbStore, t: Tenant, id: number, input: FaqInput): number {
  const faq = findFaq(store, t, id);
  findRepository(store, t, input.repositoryId);
  checkFaq(store, t, input, id);
  Object.assign(faq, {
    repositoryId: input.repositoryId,
    directoryId: input.directoryId,
    question: input.question,
    introductionType: input.introductionType ?? 1,
    introduction: input.introduction ?? faq.introduction,
    answers: answersOf(store, input.answers),
    similars: (input.similars ?? []).map((question) => ({ question })),
    relatedIds: input.relatedIds ?? [],
    onlineDateFrom: input.onlineDateFrom ?? faq.onlineDateFrom,
    onlineDateTo: input.onlineDateTo ?? faq.onlineDateTo,
    updateTime: store.nowText(t),
    updateUser: t.key.username,
  });
  return id;
}

/** Deletes an entry into the recycle bin; other entries stop relating to it. */
export function deleteFaq(store: KbStore, t: Tenant, id: number): number {
  const faq = findFaq(store, t, id);
  store.state.faqs = store.state.faqs.filter((f) => f.id !== id);
  for (const other of store.state.faqs) other.relatedIds = other.relatedIds.filter((r) => r !== id);
  store.state.recycled.push({
    enterpriseId: t.enterpriseId,
    repositoryId: faq.repositoryId,
    faqId: id,
    fileId: null,
    directoryId: faq.directoryId,
    type: "FAQ",
    name: faq.question,
    deleteUser: t.key.username,
    deleteTime: store.now,
  });
  return id;
}

/** An answer's text without its markup: what search ranks and Q&A replies with. */
export const plainText = (answer: { type: string; content: string }) =>
  answer.type === "html" ? answer.content.replace(/<[^>]*>/g, "") : answer.content;

/** `fileKey=<key>&fileName=<name>` references in rich-text answers (spec 2.3). */
export function attachmentsIn(html: string): { fileKey: string; fileName: string }[] {
  const found = new Map<string, string>();
  for (const m of html.matchAll(/fileKey=([^&"'\s<>]+)&(?:amp;)?fileName=([^&"'\s<>]+)/g)) {
    found.set(decodeURIComponent(m[1]), decodeURIComponent(m[2]));
  }
  return [...found].map(([fileKey, fileName]) => ({ fileKey, fileName }));
}

/** An entry as describe_faq shows it. */
export function faqView(faq: Faq) {
  const { enterpriseId: _, ...fields } = faq;
  return {
    ...fields,
    attachments: faq.answers.filter((a) => a.type === "html").flatMap((a) =>
      attachmentsIn(a.content)
    ),
    introductionAttachments: faq.introductionType === 2 ? attachmentsIn(faq.introduction) : [],
  };
}

/** `list_faqs`: a repository's entries, optionally those under a robot's directories, paged. */
export function listFaqs(store: KbStore, t: Tenant, q: ListFaqsQuery) {
  findRepository(store, t, q.repositoryId);
  const bound = q.botId === undefined ? undefined : new Set(
    store.state.directories.filter((d) => d.botId === q.botId)
      .flatMap((d) => [...subtree(store.state, d.id)]),
  );
  const faqs = store.state.faqs.filter((f) =>
    f.enterpriseId === t.enterpriseId && f.repositoryId === q.repositoryId &&
    (bound === undefined || bound.has(f.directoryId)) &&
    (q.updateTimeStart === undefined ||
      (f.updateTime >= q.updateTimeStart && f.updateTime < q.updateTimeEnd!))
  );
  return pageOf(faqs, q.offset, q.limit, faqView);
}
