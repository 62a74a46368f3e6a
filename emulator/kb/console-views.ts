/**
 * What the UI's knowledge-base view reads through `/_emulator/kb`, as one tenant's key sees it:
 * the repositories with their kind, and a repository's entries, documents and recycle bin. Their
 * types are the UI's own (imported through ui/common/control-client.ts).
 */
import type { Tenant } from "../core/tenants.ts";
import { faqView } from "./faqs.ts";
import { directoryNames, fileView } from "./files.ts";
import { recycledWithDaysLeft } from "./recycle-bin.ts";
import type { KbStore } from "./store.ts";

/** The tenant's public repositories, the viewer's personal ones, the robots'; each with its kind. */
export function repositoryRows(store: KbStore, me: Tenant) {
  const kb = store.state;
  const mine = (r: { enterpriseId: string }) => r.enterpriseId === me.enterpriseId;
  return [
    ...kb.publicRepositories.filter(mine).map((r) => ({ id: r.id, name: r.name, kind: "public" })),
    ...kb.personalRepositories.filter((r) => mine(r) && r.owner === me.key.username)
      .map((r) => ({ id: r.id, name: r.name, kind: "personal" })),
    ...kb.botRepositories.filter(mine).map((r) => ({ id: r.id, name: r.name, kind: "robot" })),
  ];
}

/** A repository's entries (as describe_faq shows them), documents and recycle bin. */
export function repositoryItems(store: KbStore, me: Tenant, repositoryId: number) {
  return {
    faqs: store.state.faqs.filter((f) =>
      f.repositoryId === repositoryId && f.enterpriseId === me.enterpriseId
    ).map(faqView),
    files: store.state.files.filter((f) =>
      f.repositoryId === repositoryId && f.enterpriseId === me.enterpriseId
    ).map((f) => ({
      ...fileView(f, store.now),
      directoryNames: directoryNames(store, f.directoryId),
      effectiveFrom: f.effectiveFrom,
      effectiveTo: f.effectiveTo,
      // The text Q&A and search read, for the document's detail (the bytes are a link away).
      text: f.text.slice(0, 20_000),
    })),
    recycled: recycledWithDaysLeft(store, me, repositoryId),
  };
}

/** A repository as the UI lists it (`GET /_emulator/kb/repositories`). */
export type RepositoryRow = ReturnType<typeof repositoryRows>[number];
/** A repository's contents as the UI reads them (`GET /_emulator/kb/items`). */
export type KbItems = ReturnType<typeof repositoryItems>;
/** An entry as describe_faq (and the UI's list) shows it. */
export type FaqRow = KbItems["faqs"][number];
/** A document as the UI shows it: list_files' view, its directories, validity and text. */
export type FileRow = KbItems["files"][number];
