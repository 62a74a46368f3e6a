/**
 * The Overview's cards, one function each: a heading that links to the view it sums up, the
 * counts, and the newest items, each a link to where it is shown (`#inspector/12`,
 * `#outbound/80001`, `#kb/101`...). `#clock`, `#keys`, `#faults` and `#stubs` open the state controls' pane.
 */
import { html, nothing } from "lit";
import type { Overview } from "./controller.ts";
import { timeOf } from "../common/local-time.ts";
import { words } from "../outbound/view.ts";

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? "" : "s"}`;

function card(id: string, title: string, href: string, body: unknown, wide = false) {
  return html`
    <section class="card panel ${wide ? "wide" : ""}" id=${id}
      aria-labelledby=${`${id}-title`}>
        <h3 id=${`${id}-title`}><a href=${href}>${title}</a></h3>${body}</section>
  `;
}

/** Counts as big numbers over their labels (the label first in reading order). */
const counts = (items: [label: string, value: number, hint?: string][]) =>
  html`<dl class="counts">${
    items.map(([label, value, hint]) =>
      html`
        <div title=${hint ?? nothing}>
          <dt>${label}</dt>
          <dd>${value}</dd>
        </div>
      `
    )
  }</dl>`;

const list = (items: unknown[], empty: unknown) =>
  items.length ? html`<ul>${items}</ul>` : html`<p class="line">${empty}</p>`;

export function clockCard(o: Overview, now: number) {
  const { mode, timeZone, pendingTimers, nextTimerAt } = o.clock;
  const moves = mode === "manual" ? "moves only when set or advanced" : "runs with the wall clock";
  return card(
    "overview-clock",
    "Clock",
    "#clock",
    html`
      <dl class="counts">
        <div>
          <dt>${mode} clock · ${timeZone}</dt>
          <dd>${timeOf(now, timeZone)}</dd>
        </div>
      </dl>
      <p class="line">${moves}; ${plural(pendingTimers, "timer")} pending${nextTimerAt === null
        ? ""
        : html`, the next at ${timeOf(nextTimerAt, timeZone)}`}</p>
    `,
  );
}

export function conversationsCard(o: Overview) {
  const g = o.areas.gateway;
  return card(
    "overview-conversations",
    "Conversations",
    "#conversations",
    counts([["Robots", g.robots], ["Sessions", g.sessions], [
      "Transferred",
      g.transferred,
      "Sessions an agent handed to a human",
    ]]),
  );
}

export function outboundCard(o: Overview) {
  const { tasks, tasksByState, callsToday } = o.areas.outbound;
  const today = callsToday.reduce((n, t) => n + t.calls, 0);
  const days = callsToday.map((t) => `${t.date} in ${t.timeZone}`).join(", ");
  const states = tasksByState.map((s) =>
    html`<li data-state=${s.callJobStatus}><strong>${s.count}</strong> ${
      words(s.callJobStatusDesc, s.callJobStatusName, s.callJobStatus)
    } · ${
      s.newest.map((t, i) =>
        html`${i ? ", " : ""}<a href="#outbound/${t.callJobId}">${
          t.jobName || `task ${t.callJobId}`
        }</a>`
      )
    }</li>`
  );
  return card(
    "overview-outbound",
    "Outbound",
    "#outbound",
    html`${counts([["Tasks", tasks], ["Calls today", today, `Calls dialed on ${days}`]])}
    <p class="line">Today: ${days}</p>
    ${list(states, "No tasks yet.")}`,
  );
}

export function callbacksCard(o: Overview) {
  const { pending, failed, latest } = o.areas.outbound.callbacks;
  const items = latest.map((d) =>
    html`<li><a href="#outbound/${d.callJobId}">Delivery ${d.deliveryId}</a>
      <span class="line">call ${d.callInstanceId} of task ${d.callJobId} ·
      <span class=${d.status === "failed" ? "bad" : "warn"}>${d.status}</span> after ${
      plural(d.attempts, "attempt")
    }</span></li>`
  );
  return card(
    "overview-callbacks",
    "Callback deliveries",
    "#outbound",
    html`${counts([["Pending", pending], ["Failed", failed]])}
    ${list(items, "None waiting or failed.")}`,
  );
}

export function kbCard(o: Overview) {
  const kb = o.areas.kb;
  const items = kb.repositories.map((r) =>
    html`<li><a href="#kb/${r.id}">${r.name}</a> <span class="line">${r.kind} · ${
      plural(r.faqs, "FAQ")
    } · ${plural(r.documents, "document")}</span></li>`
  );
  return card(
    "overview-kb",
    "Knowledge base",
    "#kb",
    html`${
      counts([["FAQs", kb.faqs], ["Documents", kb.documents], [
        "Recycle bin",
        kb.recycled,
      ]])
    }
    ${list(items, "No entries yet.")}`,
  );
}

export function keysCard(o: Overview) {
  const items = o.keys.map((k) =>
    html`<li><a href="#keys"><code>${k.accessKeyId}</code></a>
      <span class="line">enterprise ${k.enterpriseId} · ${k.permissions.join(", ")}${
      k.ipAllowList.length ? " · IP allow-list" : ""
    }</span></li>`
  );
  return card(
    "overview-keys",
    "Access keys",
    "#keys",
    html`${list(items, "No access keys: add one.")}
    <p class="line">Secrets are never shown here.</p>`,
  );
}

export function faultsCard(o: Overview) {
  const { inForce, rules } = o.areas.faults;
  const items = rules.map((r) =>
    html`<li><a href="#faults">Rule ${r.id}: ${r.effect}</a>
      <span class="line">${r.scope} · fired ${r.fired} of ${r.matched} matched${
      r.spent ? " · spent" : ""
    }${r.note ? ` · ${r.note}` : ""}</span></li>`
  );
  return card(
    "overview-faults",
    "Fault rules",
    "#faults",
    html`${counts([["In force", inForce], ["Rules", rules.length]])}
    ${list(items, "None: every request answers as it normally would.")}`,
  );
}

export function stubsCard(o: Overview) {
  const { inForce, stubs } = o.areas.stubs;
  const items = stubs.map((s) =>
    html`<li><a href="#stubs">Stub ${s.id}: ${s.operation} → ${s.status}</a>
      <span class="line">answered ${s.answered} of ${s.matched} matched${
      s.spent ? " · spent" : ""
    }${s.note ? ` · ${s.note}` : ""}</span></li>`
  );
  return card(
    "overview-stubs",
    "Stubs",
    "#stubs",
    html`${counts([["In force", inForce], ["Stubs", stubs.length]])}
    ${list(items, "None: every request is answered from the emulated state.")}`,
  );
}

export function errorsCard(o: Overview, zone: string) {
  const items = o.errors.map((e) =>
    html`<li><a href="#inspector/${e.id}">#${e.id} ${e.status} ${e.method} <code>${e.path}</code></a>
      <span class="line">${e.errorCode ?? e.kind} · ${timeOf(e.time, zone)}</span>
      ${e.message ? html`<p>${e.message}</p>` : nothing}</li>`
  );
  return card(
    "overview-errors",
    "Last errors",
    "#inspector",
    html`${list(items, "No exchange answered 400 or above.")}
    <p class="line">The journal holds ${o.journal.size} of ${o.journal.capacity} entries.</p>`,
    true,
  );
}

export function findingsCard(o: Overview, zone: string) {
  const items = o.areas.gateway.findings.map((f) =>
    html`<li><span class="badge ${f.severity === "error" ? "bad" : "warn"}">${f.severity}</span>
      <a href="#inspector/${f.journalId}">Push #${f.journalId}</a> in
      <a href="#conversations/${f.sessionId}">${f.sessionId}</a> ·
      <span class="line">${timeOf(f.time, zone)}</span>
      <p>${f.message}</p><code>${f.path}</code></li>`
  );
  const { pushesRead, pushes } = o.areas.gateway;
  // What was looked at: the newest pushes only, when the sessions hold more.
  const looked = pushesRead < pushes
    ? `the newest ${pushesRead} of the ${pushes} pushes the sessions hold`
    : `the ${pushes} push${pushes === 1 ? "" : "es"} the sessions hold`;
  const none = pushesRead < pushes
    ? html`None in ${looked}; older pushes were not read: each session's findings are on the
      <a href="#conversations">Conversations</a> list.`
    : pushes
    ? `None: the agents' replies checked clean (${looked}).`
    : "None: no push yet.";
  return card(
    "overview-findings",
    "Last findings",
    "#inspector",
    html`${list(items, none)}${
      items.length ? html`<p class="line" id="findings-looked">Read: ${looked}.</p>` : nothing
    }`,
    true,
  );
}
