/** Media links (spec 4.8): signed, expiring links to a document's bytes or an FAQ attachment. */
import { ApiError } from "../core/errors.ts";
import type { Tenant } from "../core/tenants.ts";
import { faqView, findFaq } from "./faqs.ts";
import { findFile } from "./files.ts";
import { MEDIA_LINK_TTL_MS, signedQuery } from "./storage.ts";
import type { KbStore } from "./store.ts";

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
): string {
  const view = faqView(findFaq(store, t, faqId, "faqId"));
  const attachment = [...view.attachments, ...view.introductionAttachments]
    .find((a) => a.fileKey === fileKey);
  if (!attachment) {
    throw new ApiError(
      "ResourceNotFound",
      `fileKey: FAQ entry ${faqId} references no attachment ${fileKey}.`,
      "fileKey",
    );
  }
  if (!store.emulator.mediaOf("kb", fileKey)) {
    throw new ApiError(
      "ResourceNotFound",
      `fileKey: nothing is stored under ${fileKey}; upload it with signature_for_upload first.`,
      "fileKey",
    );
  }
  return mediaLink(store, store.now, fileKey, attachment.fileName, inline);
}
