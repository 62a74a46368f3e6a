/** The Knowledge base view's controller: repositories, the chosen one's trees and entries, search. */
import { ViewController } from "./view-controller.ts";
import type { Directory, Hit, KbItems, Repository } from "../kb-view.ts";

export class KbController extends ViewController {
  repositories: Repository[] = [];
  repositoryId = 0;
  tree: { FAQ: Directory[]; FILE: Directory[] } = { FAQ: [], FILE: [] };
  items: KbItems = { faqs: [], files: [] };
  hits: Hit[] | null = null;

  async load(): Promise<void> {
    this.repositories = (await this.client.request<{ repositories: Repository[] }>(
      "GET",
      "/_emulator/kb/repositories",
    )).repositories;
    this.host.requestUpdate();
    if (!this.repositoryId && this.repositories[0]) {
      await this.#pick(this.repositories[0].id);
    }
  }

  pickRepository(id: number) {
    return this.client.attempt(() => this.#pick(id));
  }

  search(query: unknown) {
    return this.client.attempt(async () => {
      this.hits =
        (await this.client.request<{ hits: Hit[] }>("POST", "/_emulator/kb/search", query)).hits;
      this.host.requestUpdate();
    });
  }

  async #pick(id: number): Promise<void> {
    this.repositoryId = id;
    const [faq, file, items] = await Promise.all([
      this.client.request<{ tree: Directory[] }>(
        "GET",
        `/_emulator/kb/tree?repositoryId=${id}&type=FAQ`,
      ),
      this.client.request<{ tree: Directory[] }>(
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
