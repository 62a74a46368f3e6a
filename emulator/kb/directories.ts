/**
 * Directory trees (spec 4.2): where an entry or a document may go, the tree as list_directory_tree
 * shows it, and saving, renaming and moving directories with everything in them.
 */
import { ApiError } from "../core/errors.ts";
import type { Tenant } from "../core/tenants.ts";
import type { DirectoryNode } from "./answers.ts";
import type { EditDirectoryInput, SaveDirectoryInput } from "./schemas.ts";
import { type Directory, findDirectory, findRepository, type KbStore, subtree } from "./store.ts";

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
  const node = (d: Directory): DirectoryNode => {
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
  input: SaveDirectoryInput,
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
  input: EditDirectoryInput,
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
