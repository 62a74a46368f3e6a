/**
 * The knowledge base's repositories, directories and FAQ entries (document 3, parts 2 and 4):
 * pure operations on the state. Every lookup is scoped to the caller's tenant, and personal
 * repositories to their owner.
 */
import type { Emulator } from "../emulator.ts";
import { ApiError } from "../signed-api/errors.ts";
import { localText } from "../zoned-time.ts";
import { nextId, type State } from "../state.ts";
import type { AccessKey } from "../tenants.ts";
import type { Faq } from "./schemas.ts";

export interface Caller {
  state: State;
  enterpriseId: string;
  key: AccessKey;
  /** `yyyy/MM/dd HH:mm:ss` of now in the tenant's zone. */
  nowText: string;
  now: number;
}

/** The caller's view of the state, as every store function takes it: the key's tenant, now. */
export function callerOf(emulator: Emulator, key: AccessKey, timeZone: string): Caller {
  const now = emulator.clock.now();
  return {
    state: emulator.state,
    enterpriseId: key.enterpriseId,
    key,
    now,
    nowText: localText(now, timeZone),
  };
}

type Directory = State["kb"]["directories"][number];

/** A repository the caller may use: public, the robot-dedicated one, or a personal one it owns. */
export function findRepository(c: Caller, repositoryId: number, parameter = "repositoryId") {
  const { kb } = c.state;
  const mine = (r: { enterpriseId: string; id: number }) =>
    r.enterpriseId === c.enterpriseId && r.id === repositoryId;
  const repository = kb.publicRepositories.find(mine) ?? kb.botRepositories.find(mine) ??
    kb.personalRepositories.find((r) => mine(r) && r.owner === c.key.username);
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
  c: Caller,
  directoryId: number,
  parameter = "directoryId",
): Directory {
  const directory = c.state.kb.directories.find((d) =>
    d.id === directoryId && d.enterpriseId === c.enterpriseId
  );
  if (!directory) {
    throw new ApiError("ResourceNotFound", `${parameter}: no directory ${directoryId}.`, parameter);
  }
  findRepository(c, directory.repositoryId, parameter);
  return directory;
}

/** The ids of a directory and everything below it. */
export function subtree(state: State, directoryId: number): Set<number> {
  const ids = new Set([directoryId]);
  for (let grew = true; grew;) {
    grew = false;
    for (const d of state.kb.directories) {
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
  c: Caller,
  repositoryId: number,
  directoryId: number,
  type: "FAQ" | "FILE",
): Directory {
  const directory = findDirectory(c, directoryId);
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
  c: Caller,
  repositoryId: number,
  type: "FAQ" | "FILE",
  botId?: number,
) {
  findRepository(c, repositoryId);
  const all = c.state.kb.directories.filter((d) =>
    d.repositoryId === repositoryId && d.type === type && d.enterpriseId === c.enterpriseId
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
  c: Caller,
  repositoryId: number,
  parentId: number | null,
  name: string,
  self?: number,
) {
  const clash = c.state.kb.directories.some((d) =>
    d.repositoryId === repositoryId && d.parentId === parentId && d.name === name &&
    d.id !== self && d.enterpriseId === c.enterpriseId
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
  c: Caller,
  input: { repositoryId: number; name: string; type: "FAQ" | "FILE"; parentId?: number },
): number {
  findRepository(c, input.repositoryId);
  const parentId = input.parentId ?? null;
  if (parentId !== null) {
    checkParent(findDirectory(c, parentId, "parentId"), input.repositoryId, input.type, "parentId");
  }
  checkSiblingName(c, input.repositoryId, parentId, input.name);
  const id = nextId(c.state, "directoryId");
  c.state.kb.directories.push({
    enterpriseId: c.enterpriseId,
    id,
    repositoryId: input.repositoryId,
    name: input.name,
    type: input.type,
    parentId,
    botId: null,
    createTime: c.nowText,
    updateTime: null,
    createUser: c.key.username,
    updateUser: null,
  });
  return id;
}

/**
 * Renames and/or moves a directory with everything in it. `targetDirectoryId` omitted moves it to
 * the root of the target repository; under itself or its own descendants it cannot go.
 */
export function editDirectory(
  c: Caller,
  input: {
    directoryId: number;
    targetRepositoryId?: number;
    name?: string;
    targetDirectoryId?: number;
  },
) {
  const directory = findDirectory(c, input.directoryId);
  const moving = input.targetRepositoryId !== undefined || input.targetDirectoryId !== undefined;
  const repositoryId = input.targetRepositoryId ?? directory.repositoryId;
  let parentId = directory.parentId;
  if (moving) {
    findRepository(c, repositoryId, "targetRepositoryId");
    parentId = input.targetDirectoryId ?? null;
    if (parentId !== null) {
      const target = findDirectory(c, parentId, "targetDirectoryId");
      if (subtree(c.state, directory.id).has(parentId)) {
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
  checkSiblingName(c, repositoryId, parentId, name, directory.id);
  const moved = subtree(c.state, directory.id);
  for (const d of c.state.kb.directories) if (moved.has(d.id)) d.repositoryId = repositoryId;
  for (const f of c.state.kb.faqs) if (moved.has(f.directoryId)) f.repositoryId = repositoryId;
  for (const f of c.state.kb.files) if (moved.has(f.directoryId)) f.repositoryId = repositoryId;
  Object.assign(directory, { name, parentId, updateTime: c.nowText, updateUser: c.key.username });
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

export function findFaq(c: Caller, id: number, parameter = "id"): Faq {
  const faq = c.state.kb.faqs.find((f) => f.id === id && f.enterpriseId === c.enterpriseId);
  if (!faq) throw new ApiError("ResourceNotFound", `${parameter}: no FAQ entry ${id}.`, parameter);
  findRepository(c, faq.repositoryId, parameter);
  return faq;
}

function checkFaq(c: Caller, input: FaqInput, self?: number) {
  directoryFor(c, input.repositoryId, input.directoryId, "FAQ");
  if (
    c.state.kb.faqs.some((f) =>
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
    findFaq(c, id, `relatedIds[${i}]`);
  });
  if (input.onlineDateFrom && input.onlineDateTo && input.onlineDateFrom > input.onlineDateTo) {
    throw new ApiError(
      "InvalidParameter",
      "onlineDateTo: the validity ends before it starts.",
      "onlineDateTo",
    );
  }
}

function answersOf(c: Caller, answers: FaqInput["answers"]) {
  return answers.map((a) => ({
    id: nextId(c.state, "faqAnswerId"),
    content: a.content,
    type: a.type,
  }));
}

export function createFaq(c: Caller, input: FaqInput): number {
  findRepository(c, input.repositoryId);
  checkFaq(c, input);
  const id = nextId(c.state, "faqId");
  c.state.kb.faqs.push({
    enterpriseId: c.enterpriseId,
    id,
    repositoryId: input.repositoryId,
    directoryId: input.directoryId,
    question: input.question,
    introductionType: input.introductionType ?? 1,
    introduction: input.introduction ?? "",
    answers: answersOf(c, input.answers),
    similars: (input.similars ?? []).map((question) => ({ question })),
    relatedIds: input.relatedIds ?? [],
    onlineDateFrom: input.onlineDateFrom ?? null,
    onlineDateTo: input.onlineDateTo ?? null,
    createTime: c.nowText,
    updateTime: c.nowText,
    createUser: c.key.username,
    updateUser: c.key.username,
  });
  return id;
}

/** Edits an entry: answers overwrite; similars and relatedIds overwrite, and go when omitted or empty. */
export function editFaq(c: Caller, id: number, input: FaqInput): number {
  const faq = findFaq(c, id);
  findRepository(c, input.repositoryId);
  checkFaq(c, input, id);
  Object.assign(faq, {
    repositoryId: input.repositoryId,
    directoryId: input.directoryId,
    question: input.question,
    introductionType: input.introductionType ?? 1,
    introduction: input.introduction ?? faq.introduction,
    answers: answersOf(c, input.answers),
    similars: (input.similars ?? []).map((question) => ({ question })),
    relatedIds: input.relatedIds ?? [],
    onlineDateFrom: input.onlineDateFrom ?? faq.onlineDateFrom,
    onlineDateTo: input.onlineDateTo ?? faq.onlineDateTo,
    updateTime: c.nowText,
    updateUser: c.key.username,
  });
  return id;
}

/** Deletes an entry into the recycle bin; other entries stop relating to it. */
export function deleteFaq(c: Caller, id: number): number {
  const faq = findFaq(c, id);
  c.state.kb.faqs = c.state.kb.faqs.filter((f) => f.id !== id);
  for (const other of c.state.kb.faqs) other.relatedIds = other.relatedIds.filter((r) => r !== id);
  c.state.kb.recycled.push({
    enterpriseId: c.enterpriseId,
    repositoryId: faq.repositoryId,
    faqId: id,
    fileId: null,
    directoryId: faq.directoryId,
    type: "FAQ",
    name: faq.question,
    deleteUser: c.key.username,
    deleteTime: c.now,
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
