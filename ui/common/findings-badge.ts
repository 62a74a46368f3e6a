/**
 * A push's findings as every view writes them (the chat, its log, the session list, the
 * inspector): "1 error 1 warning", one badge each, errors first, so that the same push reads the
 * same wherever it is seen.
 */
import { html, nothing } from "lit";

/** The badges of `errors` and `warnings`, or `none` when there are neither. */
export function findingsBadges(errors: number, warnings: number, none: unknown = nothing) {
  if (!errors && !warnings) return none;
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;
  return html`${
    errors
      ? html`<span class="badge bad" title="error findings">${plural(errors, "error")}</span>`
      : nothing
  } ${
    warnings
      ? html`<span class="badge warn" title="warning findings">${
        plural(warnings, "warning")
      }</span>`
      : nothing
  }`;
}

/** The count of error and warning findings of a push (none when it is no push). */
export function findingsCount(findings: readonly { severity: string }[] = []) {
  const errors = findings.filter((f) => f.severity === "error").length;
  return { errors, warnings: findings.length - errors };
}
