/** Escaping text for HTML and XML, written once for the knowledge base and the JUnit report. */

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" };

/**
 * `&`, `<`, `>` and `"` as entities: safe in element text and double-quoted attributes. Not hono's
 * `escapeToBuffer`, which also turns `'` into `&#39;` and so would change what ccemu answers.
 */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"]/g, (c) => ESCAPES[c]);
}

/** XML 1.0 allows no control characters but tab, newline and carriage return. */
const allowedInXml = (c: string) =>
  c.charCodeAt(0) >= 0x20 || c === "\t" || c === "\n" || c === "\r";

/** escapeHtml for XML 1.0 text and attributes: the control characters it forbids dropped first. */
export function escapeXml(text: string): string {
  return escapeHtml([...text].filter(allowedInXml).join(""));
}
