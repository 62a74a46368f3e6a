/**
 * Adding an agent known only by its URL: a name, the message URL, an optional open-session path,
 * the platform way and a bearer token. Fires `add-robot`; the conversation view confirms and
 * switches the picker to the new robot.
 */
import { css, html, LitElement } from "lit";
import { customElement } from "lit/decorators.js";
import { shared } from "../common/styles.ts";
import { emit } from "../common/events.ts";

@customElement("ccemu-agent-form")
export class AgentForm extends LitElement {
  static override styles = [
    shared,
    css`
      form {
        display: grid;
        grid-template-columns: auto 1fr;
        gap: 4px 8px;
        align-items: center;
        font-size: 12px;
      }
      input,
      select {
        width: 100%;
        min-width: 0;
      }
      button {
        grid-column: 2;
        justify-self: start;
      }
    `,
  ];

  /** Empties the form (the agent it held was added). */
  clear() {
    this.renderRoot.querySelector("form")?.reset();
  }

  #submit(event: Event) {
    event.preventDefault();
    const form = event.target as HTMLFormElement;
    const data = new FormData(form);
    const text = (name: string) => String(data.get(name) ?? "").trim();
    emit(this, "add-robot", {
      name: text("name"),
      url: text("url"),
      platform: text("platform"),
      ...(text("openPath") ? { openPath: text("openPath") } : {}),
      ...(text("token") ? { token: text("token") } : {}),
    });
  }

  override render() {
    return html`
      <form @submit=${this.#submit}>
        <label for="name">Name</label>
        <input id="name" name="name" required placeholder="my refund bot">
        <label for="url">Message URL</label>
        <input id="url" name="url" required placeholder="http://127.0.0.1:3000/message">
        <label for="openPath">Open path</label>
        <input id="openPath" name="openPath" placeholder="/open (optional)">
        <label for="platform">Way</label>
        <select id="platform" name="platform">
          <option value="Default">Default</option>
          <option value="PlatformA">Platform A (Dify)</option>
        </select>
        <label for="token">Token</label>
        <input id="token" name="token" placeholder="bearer token (optional)">
        <button id="add-agent">Add agent</button>
      </form>
    `;
  }
}
