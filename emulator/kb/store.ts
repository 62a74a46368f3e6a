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
import { kbSlice, type KbState } from "./schemas.ts";

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

export type Directory = KbState["directories"][number];

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

/** Records carry their enterprise for scoping; responses never show it. */
function withoutEnterprise<T extends { enterpriseId: string }>({ enterpriseId: _, ...rest }: T) {
  return rest;
}

/** `list_public_repositories`: the tenant's public repositories. */
export const publicRepositories = (store: KbStore, t: Tenant) =>
  store.state.publicRepositories.filter((r) => r.enterpriseId === t.enterpriseId)
    .map(withoutEnterprise);

/** `list_private_repositories`: "personal" is per management user, the key's username. */
export const personalRepositories = (store: KbStore, t: Tenant) =>
  store.state.personalRepositories
    .filter((r) => r.enterpriseId === t.enterpriseId && r.owner === t.key.username)
    .map(withoutEnterprise);

/** `describe_bot_repository`: the tenant's one robot-dedicated repository. */
export function botRepository(store: KbStore, t: Tenant) {
  const repository = store.state.botRepositories.find((r) => r.enterpriseId === t.enterpriseId);
  if (!repository) {
    throw new ApiError(
      "ResourceNotFound",
      `Enterprise ${t.enterpriseId} has no robot-dedicated repository.`,
    );
  }
  return withoutEnterprise(repository);
}
