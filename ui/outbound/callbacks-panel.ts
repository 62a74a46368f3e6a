/**
 * `<ccemu-callbacks>`: call-result callbacks for the chosen task's enterprise: where they go (set,
 * change, stop), whether every finished call reached the receiver exactly once, and the delivery
 * log, each delivery with its attempts and a "deliver again" (README: "Call-result callbacks").
 */
import { css, html, LitElement, nothing } from "lit";
import { customElement, property } from "lit/decorators.js";
import type { CallbackCheck, CallbackUrl, DeliveryRow } from "../common/control-client.ts";
import { localTime, timeOf } from "../common/local-time.ts";
import { shared } from "../common/styles.ts";
import { emit } from "../common/events.ts";

const attemptText = (a: DeliveryRow["attempts"][number]) => String(a.status ?? a.error);

@customElement("ccemu-callbacks")
export class CallbacksPanel extends LitElement {
  static override styles = [
    shared,
    css`
      :host {
        display: grid;
        gap: 6px;
      }
      .delivered {
        color: var(--ok, #1a7f37);
      }
      .failed {
        color: var(--bad, #c62828);
      }
      td {
        vertical-align: top;
      }
    `,
  ];

  @property()
  accessor enterpriseId = "";
  @property({ attribute: false })
  accessor target: CallbackUrl | null = null;
  @property({ attribute: false })
  accessor deliveries: DeliveryRow[] = [];
  @property({ attribute: false })
  accessor check: CallbackCheck | null = null;
  @property()
  accessor timeZone = "Asia/Shanghai";

  #save(event: Event) {
    event.preventDefault();
    const f = Object.fromEntries(new FormData(event.target as HTMLFormElement)) as Record<
      string,
      string
    >;
    emit(this, "set-callback-url", {
      enterpriseId: this.enterpriseId,
      body: {
        url: f.url,
        ...(f.accessKeyId ? { accessKeyId: f.accessKeyId } : {}),
        ...(f.timeoutMs ? { timeoutMs: Number(f.timeoutMs) } : {}),
      },
    });
  }

  #check() {
    const check = this.check;
    if (!check || !check.calls.length) return nothing;
    const passed = check.calls.filter((c) => c.passed).length;
    return html`<div id="callback-check" class=${check.passed ? "delivered" : "failed"}>
      ${check.passed ? "✓" : "✗"} ${passed} of ${check.calls.length} finished calls reached the
      receiver exactly once${check.unfinished ? ` (${check.unfinished} not finished)` : ""}
      ${
      check.passed
        ? nothing
        : html`<ul>${
          check.calls.filter((c) => !c.passed).map((c) =>
            html`<li>${c.customerTelephone}: ${c.problem}</li>`
          )
        }</ul>`
    }
    </div>`;
  }

  override render() {
    return html`
      <h4>Call-result callbacks</h4>
      <form class="row" id="callback-form" @submit=${this.#save}>
        <input name="url" type="url" required aria-label="Callback URL" style="flex:1"
          placeholder="http://127.0.0.1:3000/calls" .value=${this.target?.url ?? ""}>
        <input name="accessKeyId" aria-label="Signing key" placeholder="signing key (first)"
          .value=${this.target?.accessKeyId ?? ""} style="width:130px">
        <input name="timeoutMs" type="number" min="100" max="60000" aria-label="Time-out (ms)"
          placeholder="ms" .value=${String(this.target?.timeoutMs ?? 5000)} style="width:70px">
        <button class="primary">${this.target ? "Change" : "Register"}</button>
        ${this.target
          ? html`<button type="button" id="callback-remove" @click=${() =>
            emit(this, "remove-callback-url", this.enterpriseId)}>Stop</button>`
          : nothing}
      </form>
      ${this.target
        ? nothing
        : html`<p class="muted">Off: register a URL and every call that finishes
        is POSTed to it, signed, and retried until it answers 2xx.</p>`}
      ${this.#check()}
      ${this.deliveries.length
        ? html`<table id="delivery-log">
          <tr><th>#</th><th>call</th><th>status</th><th>attempts</th><th>next</th><th></th></tr>
          ${
          this.deliveries.map((d) =>
            html`
              <tr data-delivery=${d.deliveryId}>
                <td title=${d.redeliveryOf
                  ? `delivery ${d.deliveryId}, again of ${d.redeliveryOf}`
                  : `delivery ${d.deliveryId}`}>${d.deliveryId}${d.redeliveryOf
                  ? html`<div class="muted">again of delivery ${d.redeliveryOf}</div>`
                  : nothing}</td>
                <td>${d.callInstanceId}</td>
                <td class=${d.status}>${d.sending ? "sending…" : d.status}</td>
                <td title=${d.attempts.map((a) =>
                  `${localTime(a.at, this.timeZone)}: ${attemptText(a)} (${a.latencyMs} ms)`
                ).join("\n")}>
                              ${d.attempts.map(attemptText).join(", ") || "—"}</td>
                <td>${d.nextAttemptAt === null ? "—" : timeOf(d.nextAttemptAt, this.timeZone)}</td>
                <td><button ?disabled=${d.status ===
                  "pending"} aria-label=${`Deliver ${d.deliveryId} again`}
                              @click=${() =>
                                emit(this, "redeliver", d.deliveryId)}>Deliver again</button></td>
              </tr>
            `
          )
        }
        </table>`
        : nothing}
    `;
  }
}
