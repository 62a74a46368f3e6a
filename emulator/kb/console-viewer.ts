/**
 * Who the UI's knowledge-base views see as (it holds no access key): the first key with every
 * permission; and the repository a view's query names.
 */
import { ApiError } from "../core/errors.ts";
import type { Tenant } from "../core/tenants.ts";
import type { KbStore } from "./store.ts";

export function consoleViewer(store: KbStore): Tenant {
  const key = store.emulator.state.accessKeys.find((k) => k.permissions.includes("*"));
  if (!key) {
    throw new ApiError(
      "ResourceNotFound",
      "No access key with every permission to view the knowledge base as.",
    );
  }
  return {
    enterpriseId: key.enterpriseId,
    timeZone: store.emulator.findEnterprise(key.enterpriseId)?.timeZone ?? "Asia/Shanghai",
    key,
  };
}

/** `?repositoryId=`, required and digits. */
export function repositoryIdOf(text: string | undefined): number {
  if (!text) throw new ApiError("MissingParameter", "repositoryId is required.", "repositoryId");
  if (!/^\d+$/.test(text)) {
    throw new ApiError(
      "InvalidParameter",
      `repositoryId: expected a repository id (digits), got ${JSON.stringify(text)}.`,
      "repositoryId",
    );
  }
  return Number(text);
}
