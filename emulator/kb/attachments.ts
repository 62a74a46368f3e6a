/**
 * signature_for_upload (spec 4.9): a real policy (base64 JSON: expiry 10 minutes ahead, the key, a
 * size range up to 200 MB), its HMAC signature, the storage host to POST the form to, and HTML that
 * references the attachment the way answers do (`fileKey=<key>&fileName=<name>`).
 */
import { ApiError } from "../core/errors.ts";
import { escapeHtml } from "../core/html.ts";
import { signaturesEqual } from "../signed-api/signature.ts";
import type { KbStore } from "./store.ts";
import {
  FORM_MAX_BYTES,
  FORM_POLICY_TTL_MS,
  requireExtension,
  STORAGE_ACCESS_KEY_ID,
  storageSignature,
} from "./storage.ts";

export function uploadSignature(store: KbStore, now: number, fileName: string) {
  const extension = requireExtension(fileName);
  const key = `a-${store.emulator.random.uuid()}.${extension}`;
  const policyJson = {
    expiration: new Date(now + FORM_POLICY_TTL_MS).toISOString(),
    conditions: [["eq", "$key", key], ["content-length-range", 0, FORM_MAX_BYTES]],
  };
  const policy = new TextEncoder().encode(JSON.stringify(policyJson)).toBase64();
  const url = `${store.emulator.selfOrigin}/_storage/objects/${key}?fileKey=${
    encodeURIComponent(key)
  }&fileName=${encodeURIComponent(fileName)}`;
  const rawHtmlContent = ["png", "jpg", "jpeg", "gif", "webp"].includes(extension)
    ? `<img src="${url}" alt="${fileName}">`
    : `<a href="${url}">${fileName}</a>`;
  return {
    ossAccessKeyId: STORAGE_ACCESS_KEY_ID,
    signature: storageSignature(store, policy),
    host: `${store.emulator.selfOrigin}/_storage/forms`,
    key,
    policy,
    rawHtmlContent,
    escapedHtmlContent: escapeHtml(rawHtmlContent),
  };
}

/** Checks a form upload against its policy: access key, signature, expiry, key, size. */
export function checkFormUpload(
  store: KbStore,
  form: { ossAccessKeyId: string; signature: string; policy: string; key: string; size: number },
) {
  if (form.ossAccessKeyId !== STORAGE_ACCESS_KEY_ID) {
    throw new ApiError(
      "AuthFailure",
      `ossAccessKeyId "${form.ossAccessKeyId}" is not the one signature_for_upload gave.`,
    );
  }
  if (!signaturesEqual(storageSignature(store, form.policy), form.signature)) {
    throw new ApiError(
      "AuthFailure",
      "The signature does not match the policy: send both exactly as signature_for_upload gave them.",
    );
  }
  let policy: { expiration: string; conditions: unknown[][] };
  try {
    policy = JSON.parse(
      new TextDecoder().decode(Uint8Array.fromBase64(form.policy)),
    );
  } catch {
    throw new ApiError("InvalidParameter", "policy is not base64 JSON.", "policy");
  }
  if (store.emulator.clock.now() > Date.parse(policy.expiration)) {
    throw new ApiError("SignaturesExpired", `The policy expired at ${policy.expiration}.`);
  }
  for (const condition of policy.conditions) {
    if (condition[0] === "eq" && condition[1] === "$key" && condition[2] !== form.key) {
      throw new ApiError(
        "InvalidParameter",
        `key: the policy is for ${condition[2]}, not ${form.key}.`,
        "key",
      );
    }
    if (
      condition[0] === "content-length-range" &&
      (form.size < Number(condition[1]) || form.size > Number(condition[2]))
    ) {
      throw new ApiError(
        "InvalidParameter",
        `file: ${form.size} bytes is outside the policy's range ${condition[1]}-${condition[2]}.`,
        "file",
      );
    }
  }
}
