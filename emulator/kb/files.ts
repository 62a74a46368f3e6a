/**
 * Documents (spec 2.4, 4.4), the recycle bin (4.5) and media links (4.8). A document is created
 * only from a completed upload: get_file_upload_url hands out a pre-signed address, the client PUTs
 * the bytes there, then create_file names the fileKey.
 */
import { ApiError } from "../core/errors.ts";
import type { KbFile, Recycled } from "./schemas.ts";
import { directoryFor, findFaq, findRepository, type KbStore } from "./store.ts";
import type { Tenant } from "../core/tenants.ts";
import { localText } from "../core/zoned-time.ts";
import {
  extensionOf,
  MEDIA_LINK_TTL_MS,
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

export interface FileInput {
  repositoryId: number;
  directoryId: number;
  fileName: string;
  fileKey: string;
  introduction?: string;
  tags?: number[];
  effectiveFrom?: number;
  effectiveTo?: number;
}

export function createFile(store: KbStore, t: Tenant, input: FileInput): number {
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
    input.effectiveFrom !== undefined && input.effectiveTo !== undefined &&
    input.effectiveFrom > input.effectiveTo
  ) {
    throw new ApiError(
      "InvalidParameter",
      "effectiveTo: the validity ends before it starts.",
      "effectiveTo",
    );
  }
  const bytes = store.emulator.media.get(input.fileKey)?.bytes;
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
    effectiveFrom: input.effectiveFrom ?? null,
    effectiveTo: input.effectiveTo ?? null,
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

/** The recycle bin keeps a deleted item listed for 30 days (spec 3). */
export const RECYCLE_WINDOW_MS = 30 * 86_400_000;

export function recycledItems(
  store: KbStore,
  t: Tenant,
  q: { repositoryId: number; deleteUser?: string; keyword?: string; type?: string },
  timeZone: string,
) {
  findRepository(store, t, q.repositoryId);
  return store.state.recycled
    .filter((r) =>
      r.enterpriseId === t.enterpriseId && r.repositoryId === q.repositoryId &&
      store.now < r.deleteTime + RECYCLE_WINDOW_MS &&
      (q.deleteUser === undefined || r.deleteUser === q.deleteUser) &&
      (q.keyword === undefined || r.name.includes(q.keyword)) &&
      (q.type === undefined || q.type === "ALL" || r.type === q.type)
    )
    .sort((a, b) => b.deleteTime - a.deleteTime)
    .map((r: Recycled) => ({
      ...r,
      enterpriseId: Number(r.enterpriseId),
      deleteTime: localText(r.deleteTime, timeZone),
    }));
}

/** A temporary link to stored bytes: inline (preview) or as an attachment (download). */
function mediaLink(
  store: KbStore,
  now: number,
  key: string,
  fileName: string,
  inline: boolean,
): string {
  const disposition = inline ? "inline" : "attachment";
  const what = `GET\n${key}\n${disposition}\n${fileName}`;
  return `${store.emulator.selfOrigin}/_storage/objects/${
    encodeURIComponent(key)
  }?disposition=${disposition}&name=${encodeURIComponent(fileName)}&${
    signedQuery(store, what, now + MEDIA_LINK_TTL_MS)
  }`;
}

export function fileMediaUrl(
  store: KbStore,
  t: Tenant,
  fileId: number,
  inline: boolean,
): string {
  const file = findFile(store, t, fileId, "fileId");
  return mediaLink(store, store.now, file.fileKey, file.name, inline);
}

/** A link to an attachment the FAQ entry references (answers or introduction). */
export function faqMediaUrl(
  store: KbStore,
  t: Tenant,
  faqId: number,
  fileKey: string,
  inline: boolean,
  attachments: { fileKey: string; fileName: string }[],
): string {
  findFaq(store, t, faqId, "faqId");
  const attachment = attachments.find((a) => a.fileKey === fileKey);
  if (!attachment) {
    throw new ApiError(
      "ResourceNotFound",
      `fileKey: FAQ entry ${faqId} references no attachment ${fileKey}.`,
      "fileKey",
    );
  }
  if (!store.emulator.media.has(fileKey)) {
    throw new ApiError(
      "ResourceNotFound",
      `fileKey: nothing is stored under ${fileKey}; upload it with signature_for_upload first.`,
      "fileKey",
    );
  }
  return mediaLink(store, store.now, fileKey, attachment.fileName, inline);
}
