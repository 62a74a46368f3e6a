/**
 * Documents (spec 2.4, 4.4), the recycle bin (4.5) and media links (4.8). A document is created
 * only from a completed upload: get_file_upload_url hands out a pre-signed address, the client PUTs
 * the bytes there, then create_file names the fileKey.
 */
import { ApiError } from "../core/errors.ts";
import type { CreateFileInput, KbFile, ListFilesQuery } from "./schemas.ts";
import { directoryFor } from "./directories.ts";
import { pageOf } from "./pages.ts";
import { findRepository, type KbStore } from "./store.ts";
import type { Tenant } from "../core/tenants.ts";
import { parseLocalText } from "../core/zoned-time.ts";
import {
  extensionOf,
  requireExtension,
  signedQuery,
  TEXT_LIKE,
  UPLOAD_URL_TTL_MS,
} from "./storage.ts";

export function uploadUrl(store: KbStore, t: Tenant, fileName: string, fileSize: number) {
  const extension = requireExtension(fileName);
  const fileKey = `f-${store.emulator.random.uuid()}.${extension}`;
  const expiresAt = store.now + UPLOAD_URL_TTL_MS;
  store.state.uploads.push({
    enterpriseId: t.enterpriseId,
    fileKey,
    fileName,
    fileSize,
    expiresAt,
    uploaded: false,
    used: false,
  });
  return {
    uploadUrl: `${store.emulator.selfOrigin}/_storage/uploads/${fileKey}?${
      signedQuery(store, `PUT\n${fileKey}`, expiresAt)
    }`,
    fileKey,
  };
}

export function findFile(store: KbStore, t: Tenant, id: number, parameter = "id"): KbFile {
  const file = store.state.files.find((f) => f.id === id && f.enterpriseId === t.enterpriseId);
  if (!file) throw new ApiError("ResourceNotFound", `${parameter}: no file ${id}.`, parameter);
  findRepository(store, t, file.repositoryId, parameter);
  return file;
}

/** `create_file`: a document from a completed upload; validity bounds are local times. */
export function createFile(store: KbStore, t: Tenant, input: CreateFileInput): number {
  const at = (text?: string) => (text === undefined ? undefined : parseLocalText(text, t.timeZone));
  const effectiveFrom = at(input.effectiveFrom), effectiveTo = at(input.effectiveTo);
  findRepository(store, t, input.repositoryId);
  directoryFor(store, t, input.repositoryId, input.directoryId, "FILE");
  const extension = extensionOf(input.fileName);
  if (!extension) {
    throw new ApiError(
      "InvalidParameter",
      `fileName: "${input.fileName}" has no known extension.`,
      "fileName",
    );
  }
  const upload = store.state.uploads.find((u) =>
    u.fileKey === input.fileKey && u.enterpriseId === t.enterpriseId
  );
  if (!upload) {
    throw new ApiError(
      "ResourceNotFound",
      `fileKey: no upload ${input.fileKey}; call get_file_upload_url first.`,
      "fileKey",
    );
  }
  if (!upload.uploaded) {
    throw new ApiError(
      "InvalidParameter",
      `fileKey: nothing was uploaded to ${input.fileKey} yet; PUT the file to its uploadUrl first.`,
      "fileKey",
    );
  }
  if (upload.used) {
    throw new ApiError(
      "InvalidParameter",
      `fileKey: ${input.fileKey} already made a document.`,
      "fileKey",
    );
  }
  if (
    effectiveFrom !== undefined && effectiveTo !== undefined && effectiveFrom > effectiveTo
  ) {
    throw new ApiError(
      "InvalidParameter",
      "effectiveTo: the validity ends before it starts.",
      "effectiveTo",
    );
  }
  const bytes = store.emulator.mediaOf("kb", input.fileKey)?.bytes;
  upload.used = true;
  const id = store.nextId("fileId");
  store.state.files.push({
    enterpriseId: t.enterpriseId,
    id,
    name: input.fileName,
    repositoryId: input.repositoryId,
    directoryId: input.directoryId,
    fileKey: input.fileKey,
    approveStatus: "APPROVED",
    introduction: input.introduction ?? "",
    likeCount: 0,
    dislikeCount: 0,
    searchCount: 0,
    actionCount: 0,
    size: upload.fileSize,
    type: extension,
    createTime: store.nowText(t),
    updateTime: store.nowText(t),
    createUser: t.key.username,
    updateUser: t.key.username,
    tags: (input.tags ?? []).map((tagId) => ({ id: tagId, name: `tag-${tagId}` })),
    effectiveFrom: effectiveFrom ?? null,
    effectiveTo: effectiveTo ?? null,
    text: bytes && TEXT_LIKE.has(extension) ? new TextDecoder().decode(bytes) : "",
  });
  return id;
}

/** EFFECTIVE inside its validity, NOT_EFFECTIVE before it, EXPIRED after it. */
export function effectiveStatus(file: KbFile, now: number): string {
  if (file.effectiveFrom !== null && now < file.effectiveFrom) return "NOT_EFFECTIVE";
  if (file.effectiveTo !== null && now >= file.effectiveTo) return "EXPIRED";
  return "EFFECTIVE";
}

/** Directory names from the first level down to the file's own. */
export function directoryNames(store: KbStore, directoryId: number): string[] {
  const names: string[] = [];
  for (
    let d = store.state.directories.find((x) => x.id === directoryId);
    d;
    d = store.state.directories.find((x) => x.id === d!.parentId)
  ) {
    names.unshift(d.name);
  }
  return names;
}

/** A document as list_files shows it (spec 2.4); describe_file adds `directoryNames`. */
export function fileView(file: KbFile, now: number) {
  return {
    id: file.id,
    enterpriseId: Number(file.enterpriseId),
    name: file.name,
    repositoryId: file.repositoryId,
    directoryId: file.directoryId,
    approveStatus: file.approveStatus,
    introduction: file.introduction,
    likeCount: file.likeCount,
    dislikeCount: file.dislikeCount,
    searchCount: file.searchCount,
    size: file.size,
    type: file.type,
    createTime: file.createTime,
    updateTime: file.updateTime,
    createUser: file.createUser,
    updateUser: file.updateUser,
    fileStatus: "QA_ONLINE_SUCCESS",
    qaRecallRuleId: 1,
    recallRuleName: "默认召回规则",
    effectiveStatus: effectiveStatus(file, now),
    tags: file.tags,
  };
}

/** Deletes several documents into the recycle bin; all ids are checked before any goes. */
export function deleteFiles(
  store: KbStore,
  t: Tenant,
  repositoryId: number,
  fileIds: number[],
): number[] {
  findRepository(store, t, repositoryId);
  const files = fileIds.map((id, i) => {
    const file = findFile(store, t, id, `fileIds[${i}]`);
    if (file.repositoryId !== repositoryId) {
      throw new ApiError(
        "InvalidParameter",
        `fileIds[${i}]: file ${id} is not in repository ${repositoryId}.`,
        `fileIds[${i}]`,
      );
    }
    return file;
  });
  const gone = new Set(fileIds);
  store.state.files = store.state.files.filter((f) =>
    !gone.has(f.id) || f.enterpriseId !== t.enterpriseId
  );
  for (const file of files) {
    store.state.recycled.push({
      enterpriseId: t.enterpriseId,
      repositoryId,
      faqId: null,
      fileId: file.id,
      directoryId: file.directoryId,
      type: "FILE",
      name: file.name,
      deleteUser: t.key.username,
      deleteTime: store.now,
    });
  }
  return [...gone];
}

/** `list_files`: a repository's documents (optionally one directory's), by time ranges, paged. */
export function listFiles(store: KbStore, t: Tenant, q: ListFilesQuery) {
  findRepository(store, t, q.repositoryId);
  const files = store.state.files.filter((f) =>
    f.enterpriseId === t.enterpriseId && f.repositoryId === q.repositoryId &&
    (q.directoryId === undefined || f.directoryId === q.directoryId) &&
    (q.createTimeStart === undefined ||
      (f.createTime >= q.createTimeStart && f.createTime < q.createTimeEnd!)) &&
    (q.updateTimeStart === undefined ||
      (f.updateTime >= q.updateTimeStart && f.updateTime < q.updateTimeEnd!))
  );
  return pageOf(files, q.offset, q.limit, (f) => fileView(f, store.now));
}

/** `describe_file`: the document with the names of its directory and those above it. */
export function describeFile(store: KbStore, t: Tenant, id: number) {
  const file = findFile(store, t, id);
  return { ...fileView(file, store.now), directoryNames: directoryNames(store, file.directoryId) };
}
