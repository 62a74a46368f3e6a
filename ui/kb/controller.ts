/**
 * The Knowledge base view's controller: repositories, the chosen one's trees, entries, documents
 * and recycle bin (read through `/_emulator/kb`), the directory filter, search, and what the user
 * changes or asks — through the signed operations (create_faq, edit_faq, delete_faq,
 * chat_conversation_on_open, the media links), so the journal shows what a client would send.
 */
import { ViewController } from "../common/view-controller.ts";
import type { QaAnswer } from "./view.ts";
import type { Detail } from "./detail.ts";
import type {
  DirectoryNode,
  FaqRow,
  KbItems,
  QaReply,
  RepositoryRow,
  SearchHit,
} from "../common/control-client.ts";

export class KbController extends ViewController {
  repositories: RepositoryRow[] = [];
  repositoryId = 0;
  tree: { FAQ: DirectoryNode[]; FILE: DirectoryNode[] } = { FAQ: [], FILE: [] };
  items: KbItems = { faqs: [], files: [], recycled: [] };
  directory: { type: "FAQ" | "FILE"; id: number } | null = null;
  hits: SearchHit[] | null = null;
  answer: QaAnswer | null = null;
  detail: Detail | null = null;
  links: Record<string, string> = {};
  /** What the address asked for (`#kb/101/faq/2001`), opened once the repository is read. */
  #wanted: { repositoryId: number; kind?: "faq" | "file"; id?: number } | null = null;

  async load(): Promise<void> {
    this.repositories = (await this.client.request<{ repositories: RepositoryRow[] }>(
      "GET",
      "/_emulator/kb/repositories",
    )).repositories;
    const wanted = this.#wanted?.repositoryId;
    if (wanted && this.repositories.some((r) => r.id === wanted)) this.repositoryId = wanted;
    else if (wanted) {
      this.#wanted = null;
      this.client.onProblem(this.#noRepository(wanted));
    }
    if (!this.repositories.some((r) => r.id === this.repositoryId)) {
      this.repositoryId = this.repositories[0]?.id ?? 0;
    }
    if (this.repositoryId) await this.#read(this.repositoryId);
    await this.#openWanted();
    this.host.requestUpdate();
  }

  /**
   * The address's part for what is shown (`101`, `101/faq/2001`, `101/file/5002`), or undefined
   * while the view has not read its repositories (or still has an address to open).
   */
  get address(): string | undefined {
    if (!this.repositoryId || this.#wanted) return undefined;
    const shown = this.detail?.kind === "faq" && this.detail.faq
      ? `/faq/${this.detail.faq.id}`
      : this.detail?.kind === "file"
      ? `/file/${this.detail.file.id}`
      : "";
    return `${this.repositoryId}${shown}`;
  }

  /** Opens what an address names; before the view has loaded, once it has. */
  openAddress(repositoryId: number, kind?: string, id?: number) {
    this.#wanted = {
      repositoryId,
      ...(kind === "faq" || kind === "file" ? { kind, id } : {}),
    };
    if (!this.repositories.length) return; // load() opens it
    if (repositoryId && !this.repositories.some((r) => r.id === repositoryId)) {
      this.#wanted = null;
      this.client.onProblem(this.#noRepository(repositoryId));
      this.host.requestUpdate(); // the address goes back to the repository shown
      return;
    }
    return this.client.attempt(async () => {
      if (repositoryId && repositoryId !== this.repositoryId) await this.#read(repositoryId);
      await this.#openWanted();
      this.host.requestUpdate();
    });
  }

  #noRepository(id: number): string {
    return `No repository ${id}: the knowledge base has ${
      this.repositories.map((r) => `${r.id} ${r.name}`).join(", ")
    }.`;
  }

  async #openWanted(): Promise<void> {
    const wanted = this.#wanted;
    this.#wanted = null;
    if (wanted?.kind && wanted.id) await this.openById(wanted.kind, wanted.id);
  }

  pickRepository(id: number) {
    return this.client.attempt(async () => {
      this.directory = null;
      this.detail = null;
      this.hits = null; // a search of another repository says nothing of this one
      await this.#read(id);
    });
  }

  pickDirectory(directory: { type: "FAQ" | "FILE"; id: number } | null) {
    this.directory = directory;
    this.host.requestUpdate();
  }

  search(query: unknown) {
    return this.client.attempt(async () => {
      this.hits =
        (await this.client.request<{ hits: SearchHit[] }>("POST", "/_emulator/kb/search", query))
          .hits;
      this.host.requestUpdate();
    });
  }

  /** Why the Ask box sent nothing (an empty question). */
  askNote = "";

  /** Q&A; an empty question sends nothing, clears the last answer and says why. */
  ask(question: string) {
    this.askNote = "";
    if (!question.trim()) {
      this.answer = null;
      this.askNote = "Type a question first: the Ask box was empty, nothing was asked.";
      this.host.requestUpdate();
      return;
    }
    return this.client.attempt(async () => {
      const answer = await this.client.signed<QaReply>(
        "POST /aikb/chat_conversation_on_open",
        { content: question },
        { username: "admin" },
      );
      this.answer = { question, ...answer };
      this.host.requestUpdate();
    });
  }

  show(detail: Detail | null) {
    this.detail = detail;
    this.host.requestUpdate();
  }

  /** Opens an entry or a document by id (from a search hit or a Q&A source). */
  openById(kind: "faq" | "file", id: number) {
    return this.client.attempt(async () => {
      if (kind === "faq") {
        // The UI's own lookup: the control API, which the journal does not record.
        const faq = this.items.faqs.find((f) => f.id === id) ??
          await this.client.request<FaqRow>("GET", `/_emulator/kb/faqs/${id}`);
        this.show({ kind: "faq", faq });
      } else {
        const file = this.items.files.find((f) => f.id === id);
        if (!file) throw new Error(`Document ${id} is in another repository: pick it first.`);
        this.show({ kind: "file", file });
      }
    });
  }

  /** create_faq (no id) or edit_faq; then the entry as saved. */
  saveFaq(input: Record<string, unknown>) {
    return this.client.attempt(async () => {
      const body = { ...input, repositoryId: input.repositoryId ?? this.repositoryId };
      const saved = await this.client.signed<{ id: number }>(
        input.id ? "POST /aikb/edit_faq" : "POST /aikb/create_faq",
        body,
      );
      await this.#read(this.repositoryId);
      const id = (input.id as number | undefined) ?? saved.id;
      const faq = this.items.faqs.find((f) => f.id === id);
      this.show(faq ? { kind: "faq", faq } : null);
    });
  }

  deleteFaq(id: number) {
    return this.client.attempt(async () => {
      await this.client.signed("POST /aikb/delete_faq", { id });
      // An answer given by the FAQ just deleted no longer holds: the Ask panel forgets it.
      if (this.answer?.faqs.some((f) => f.id === id)) this.answer = null;
      await this.#read(this.repositoryId);
      this.show(null);
    });
  }

  /**
   * A document uploaded the way a client does it: get_file_upload_url, the bytes PUT to the
   * pre-signed address, create_file with the key; then the document opens.
   */
  uploadFile({ file, directoryId }: { file: File; directoryId: number }) {
    return this.client.attempt(async () => {
      const { uploadUrl, fileKey } = await this.client.signed<
        { uploadUrl: string; fileKey: string }
      >(
        "POST /aikb/get_file_upload_url",
        { fileName: file.name, fileSize: file.size },
      );
      // The address names ccemu's own origin as it was started: sent to this page's origin
      // instead (the signature covers the key, not the host), so a page opened as localhost works.
      const { pathname, search } = new URL(uploadUrl);
      const put = await fetch(pathname + search, { method: "PUT", body: file });
      if (!put.ok) {
        const answer = await put.json().catch(() => null);
        throw new Error(`Upload: ${answer?.error?.message ?? put.statusText}`);
      }
      const { fileId } = await this.client.signed<{ fileId: number }>("POST /aikb/create_file", {
        repositoryId: this.repositoryId,
        directoryId,
        fileName: file.name,
        fileKey,
      });
      await this.#read(this.repositoryId);
      const row = this.items.files.find((f) => f.id === fileId);
      this.show(row ? { kind: "file", file: row } : null);
    });
  }

  /** delete_files for one document: it goes to the recycle bin. */
  deleteFile(id: number) {
    return this.client.attempt(async () => {
      await this.client.signed("POST /aikb/delete_files", {
        repositoryId: this.repositoryId,
        fileIds: [id],
      });
      if (this.answer?.files.some((f) => f.id === id)) this.answer = null;
      await this.#read(this.repositoryId);
      if (this.detail?.kind === "file" && this.detail.file.id === id) this.show(null);
    });
  }

  /** A media link for an attachment or a document, as describe_*_media_url hands it out. */
  mediaLink(request: { faqId: number; fileKey: string } | number) {
    return this.client.attempt(async () => {
      const [key, url] = typeof request === "number"
        ? [
          `file-${request}`,
          (await this.client.signed<{ url: string }>("GET /aikb/describe_file_media_url", {
            fileId: request,
          })).url,
        ]
        : [
          request.fileKey,
          (await this.client.signed<{ url: string }>("GET /aikb/describe_faq_media_url", request))
            .url,
        ];
      this.links = { ...this.links, [key]: url };
      this.host.requestUpdate();
    });
  }

  async #read(id: number): Promise<void> {
    this.repositoryId = id;
    const [faq, file, items] = await Promise.all([
      this.client.request<{ tree: DirectoryNode[] }>(
        "GET",
        `/_emulator/kb/tree?repositoryId=${id}&type=FAQ`,
      ),
      this.client.request<{ tree: DirectoryNode[] }>(
        "GET",
        `/_emulator/kb/tree?repositoryId=${id}&type=FILE`,
      ),
      this.client.request<KbItems>("GET", `/_emulator/kb/items?repositoryId=${id}`),
    ]);
    this.tree = { FAQ: faq.tree, FILE: file.tree };
    this.items = items;
    this.host.requestUpdate();
  }
}
