/**
 * The API view's controller: the operations of ccemu's OpenAPI document, the tenant's access keys,
 * the chosen operation (by its operationId, kept in the URL), and the last answer. Requests are
 * signed by ccemu (`/_emulator/api/send`), since the browser holds no secret.
 */
import { type ApiOperation, operationsOf } from "./form.ts";
import { ViewController } from "../common/view-controller.ts";
import type { PublicKey, SentAnswer } from "../common/control-client.ts";

export class ApiController extends ViewController {
  operations: ApiOperation[] = [];
  keys: PublicKey[] = [];
  selected = "";
  accessKeyId = "";
  answer: SentAnswer | null = null;
  sending = false;

  async load(): Promise<void> {
    if (this.operations.length === 0) {
      const document = await this.client.request("GET", "/_emulator/openapi.json");
      this.operations = operationsOf(document);
    }
    this.keys = (await this.client.request<{ keys: PublicKey[] }>("GET", "/_emulator/keys")).keys;
    if (!this.keys.some((k) => k.accessKeyId === this.accessKeyId)) {
      this.accessKeyId = (this.keys.find((k) =>
        k.permissions.includes("*")
      ) ?? this.keys[0])?.accessKeyId ?? "";
    }
    this.selected ||= this.operations[0]?.id ?? "";
    this.host.requestUpdate();
  }

  select(id: string): void {
    this.selected = id;
    this.answer = null;
    this.host.requestUpdate();
  }

  pickKey(accessKeyId: string): void {
    this.accessKeyId = accessKeyId;
    this.host.requestUpdate();
  }

  /** Sends the chosen operation with these parameters, signed with the chosen key. */
  async send(params: Record<string, unknown>, query: Record<string, unknown>): Promise<void> {
    const op = this.operations.find((o) => o.id === this.selected);
    if (!op) return;
    this.sending = true;
    this.host.requestUpdate();
    await this.client.attempt(async () => {
      this.answer = await this.client.request<SentAnswer>("POST", "/_emulator/api/send", {
        operation: `${op.method} ${op.path}`,
        params,
        query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])),
        accessKeyId: this.accessKeyId,
      });
    });
    this.sending = false;
    this.host.requestUpdate();
  }
}
