/**
 * The Overview's "Connect a client" card, as the Firebase Emulator Suite's overview shows its host,
 * ports and demo project: the base URL, host and port, the API's paths, and the shipped demo key
 * with its secret (public: the README prints it). Any other key shows its id only; its secret is
 * never sent to the browser (`GET /_emulator/connect`).
 */
import { html } from "lit";
import type { Connection } from "../../emulator/control/connect.ts";

export function connectCard(c: Connection | null) {
  const body = c
    ? html`
      <dl class="connect">
        <dt>Base URL</dt>
        <dd><code id="connect-base">${c.baseUrl}</code></dd>
        <dt>Host · port</dt>
        <dd><code id="connect-host">${c.host}</code> · <code id="connect-port">${c.port}</code></dd>
        <dt>Signed API</dt>
        <dd><code>${c.paths.openApi}</code> · <code>${c.paths.knowledgeBase}</code> · <code>${c
          .paths.agentRegistration}</code></dd>
        ${c.demoKey
          ? html`
            <dt>Demo key</dt>
            <dd
              id="connect-demo">enterpriseId <code>${c.demoKey
                .enterpriseId}</code><br>AccessKeyId <code>${c.demoKey
                .accessKeyId}</code><br>AccessKeySecret <code id="connect-secret">${c.demoKey
                .accessKeySecret}</code></dd>
          `
          : html`
            <dt>Demo key</dt>
            <dd id="connect-demo">Not loaded (or its secret changed): sign with your fixture's key.</dd>
          `}
      </dl>
      <p class="line" id="connect-others">${c.otherKeys.length
        ? `Other keys (${c.otherKeys.map((k) => k.accessKeyId).join(", ")}): secrets not shown.`
        : "No other key."}</p>
    `
    : html`<p class="line">Reading…</p>`;
  return html`
    <section class="card panel" id="overview-connect" aria-labelledby="overview-connect-title">
      <h3 id="overview-connect-title"><a href="#keys">Connect a client</a></h3>${body}</section>
  `;
}
