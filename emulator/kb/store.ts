/**
 * The knowledge-base slice of the state: repositories, directories and FAQ entries (document 3,
 * parts 2 and 4), with documents, uploads and the recycle bin beside them. Every lookup is scoped
 * to the caller's tenant, and personal repositories to their owner.
 */
import { AreaStore } from "../core/area-store.ts";
import type { Emulator } from "../core/emulator.ts";
import { ApiError } from "../core/errors.ts";
import type { Tenant } from "../core/tenants.ts";
import { localText } from "../core/zoned-time.ts";
import { type Faq, kbSlice, type KbState } from "./schemas.ts";

export class KbStore extends AreaStore<KbState> {
  /** Data derived from one record and kept between requests (search's lower-cased fields). */
  derived = new WeakMap<object, unknown>();

  constructor(emulator: Emulator) {
    super(emulator, kbSlice);
  }

  override load(): void {
    this.derived = new WeakMap();
  }

  /** `yyyy/MM/dd HH:mm:ss` of now in the tenant's zone: the knowledge base's time text. */
  nowText(t: Tenant): string {
    return localText(this.now, t.timeZone);
  }
}

type Directory = KbState["directories"][number];

/** A repository the caller may use: public, the robot-dedicated one, or a personal one it owns. */
export function findRepository(
  store: KbStore,
  t: Tenant,
  repositoryId: number,
  parameter = "repositoryId",
) {
  const kb = store.state;
  const mine = (r: { enterpriseId: string; id: number }) =>
    r.enterpriseId === t.enterpriseId && r.id === repositoryId;
  const repository = kb.publicRepositories.find(mine) ?? kb.botRepositories.find(mine) ??
    kb.personalRepositories.find((r) => mine(r) && r.owner === t.key.username);
  if (!repository) {
    throw new ApiError(
      "ResourceNotFound",
      `${parameter}: no repository ${repositoryId} this key may use.`,
      parameter,
    );
  }
  return repository;
}

export function findDirectory(
  store: KbStore,
  t: Tenant,
  directoryId: number,
  parameter = "directoryId",
): Directory {
  const directory = store.state.directories.find((d) =>
    d.id === directoryId && d.enterpriseId === t.enterpriseId
  );
  if (!directory) {
    throw new ApiError("ResourceNotFound", `${parameter}: no directory ${directoryId}.`, parameter);
  }
  findRepository(store, t, directory.repositoryId, parameter);
  return directory;
}

/** The ids of a directory and everything below it. */
export function subtree(state: KbState, directoryId: number): Set<number> {
  const ids = new Set([directoryId]);
  for (let grew = true; grew;) {
    grew = false;
    for (const d of state.directories) {
      if (d.parentId !== null && ids.has(d.parentId) && !ids.has(d.id)) {
        ids.add(d.id);
        grew = true;
      }
    }
  }
  return ids;
}

/** A directory of `repositoryId` holding `type`: where an FAQ entry or a document may go. */
export function directoryFor(
  store: KbStore,
  t: Tenant,
  repositoryId: number,
  directoryId: number,
  type: "FAQ" | "FILE",
): Directory {
  const directory = findDirectory(store, t, directoryId);
  if (directory.repositoryId !== repositoryId) {
    throw new ApiError(
      "InvalidParameter",
      `directoryId: directory ${directoryId} is not in repository ${repositoryId}.`,
      "directoryId",
    );
  }
  if (directory.type !== type) {
    const holds = directory.type === "FAQ" ? "FAQ entries" : "documents";
    throw new ApiError(
      "InvalidParameter",
      `directoryId: directory ${directoryId} holds ${holds}, not ${
        type === "FAQ" ? "FAQ entries" : "documents"
      }.`,
      "directoryId",
    );
  }
  return directory;
}

/** The directory trees of a repository and knowledge type (spec 2.2), optionally bound to a robot. */
export function directoryTree(
  store: KbStore,
  t: Tenant,
  repositoryId: number,
  type: "FAQ" | "FILE",
  botId?: number,
) {
  findRepository(store, t, repositoryId);
  const all = store.state.directories.filter((d) =>
    d.repositoryId === repositoryId && d.type === type && d.enterpriseId === t.enterpriseId
  );
  const node = (d: Directory): Record<string, unknown> => {
    const children = all.filter((child) => child.parentId === d.id).sort((a, b) => a.id - b.id).map(
      node,
    );
    const { enterpriseId: _, parentId: __, botId: ___, ...fields } = d;
    return { ...fields, subDirectories: children.length ? children : null };
  };
  return all.filter((d) => d.parentId === null && (botId === undefined || d.botId === botId)).sort((
    a,
    b,
  ) => a.id - b.id).map(node);
}

function checkSiblingName(
  store: KbStore,
  t: Tenant,
  repositoryId: number,
  parentId: number | null,
  name: string,
  self?: number,
) {
  const clash = store.state.directories.some((d) =>
    d.repositoryId === repositoryId && d.parentId === parentId && d.name === name &&
    d.id !== self && d.enterpriseId === t.enterpriseId
  );
  if (clash) {
    throw new ApiError(
      "InvalidParameter",
      `name: a directory "${name}" exists already at that place.`,
      "name",
    );
  }
}

/** A directory may hold a directory of its own repository and knowledge type only. */
function checkParent(
  parent: Directory,
  repositoryId: number,
  type: Directory["type"],
  parameter: string,
) {
  if (parent.repositoryId !== repositoryId) {
    throw new ApiError(
      "InvalidParameter",
      `${parameter}: directory ${parent.id} is in repository ${parent.repositoryId}, not ${repositoryId}.`,
      parameter,
    );
  }
  if (parent.type !== type) {
    throw new ApiError(
      "InvalidParameter",
      `${parameter}: directory ${parent.id} holds ${parent.type}, not ${type}.`,
      parameter,
    );
  }
}

export function saveDirectory(
  store: KbStore,
  t: Tenant,
  input: { repositoryId: number; name: string; type: "FAQ" | "FILE"; parentId?: number },
): number {
  findRepository(store, t, input.repositoryId);
  const parentId = input.parentId ?? null;
  if (parentId !== null) {
    checkParent(
      findDirectory(store, t, parentId, "parentId"),
      input.repositoryId,
      input.type,
      "parentId",
    );
  }
  checkSiblingName(store, t, input.repositoryId, parentId, input.name);
  const id = store.nextId("directoryId");
  store.state.directories.push({
    enterpriseId: t.enterpriseId,
    id,
    repositoryId: input.repositoryId,
    name: input.name,
    type: input.type,
    parentId,
    botId: null,
    createTime: store.nowText(t),
    updateTime: null,
    createUser: t.key.username,
    updateUser: null,
  });
  return id;
}

/**
 * Renames and/or moves a directory with everything in it. `targetDirectoryId` omitted moves it to
 * the root of the target repository; under itself or its own descendants it cannot go.
 */
export function editDirectory(
  store: KbStore,
  t: Tenant,
  input: {
    directoryId: number;
    targetRepositoryId?: number;
    name?: string;
    targetDirectoryId?: number;
  },
) {
  const directory = findDirectory(store, t, input.directoryId);
  const moving = input.targetRepositoryId !== undefined || input.targetDirectoryId !== undefined;
  const repositoryId = input.targetRepositoryId ?? directory.repositoryId;
  let parentId = directory.parentId;
  if (moving) {
    findRepository(store, t, repositoryId, "targetRepositoryId");
    parentId = input.targetDirectoryId ?? null;
    if (parentId !== null) {
      const target = findDirectory(store, t, parentId, "targetDirectoryId");
      if (subtree(store.state, directory.id).has(parentId)) {
        throw new ApiError(
          "InvalidParameter",
          `targetDirectoryId: directory ${parentId} is ${
            parentId === directory.id ? "the directory itself" : "inside the directory being moved"
          }.`,
          "targetDirectoryId",
        );
      }
      checkParent(target, repositoryId, directory.type, "targetDirectoryId");
    }
  }
  const name = input.name ?? directory.name;
  checkSiblingName(store, t, repositoryId, parentId, name, directory.id);
  const moved = subtree(store.state, directory.id);
  for (const d of store.state.directories) if (moved.has(d.id)) d.repositoryId = repositoryId;
  for (const f of store.state.faqs) if (moved.has(f.directoryId)) f.repositoryId = repositoryId;
  for (const f of store.state.files) if (moved.has(f.directoryId)) f.repositoryId = repositoryId;
  Object.assign(directory, {
    name,
    parentId,
    updateTime: store.nowText(t),
    updateUser: t.key.username,
  });
  return directory.id;
}

// ---- FAQ entries ----

export interface FaqInput {
  repositoryId: number;
  directoryId: number;
  question: string;
  answers: { content: string; type: "text" | "html" }[];
  introductionType?: 1 | 2;
  introduction?: string;
  similars?: string[];
  relatedIds?: number[];
  onlineDateFrom?: string;
  onlineDateTo?: string;
}

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
