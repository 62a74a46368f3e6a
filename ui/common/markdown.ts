/**
 * Markdown and HTML as the UI shows them: rendered with marked, sanitized with DOMPurify, and —
 * for search hits — with the matched terms marked in the rendered text, never inside the markup
 * (a highlight inside `**…**` would break the emphasis and show the asterisks).
 */
import DOMPurify from "dompurify";
import { marked } from "marked";
import { unsafeHTML } from "lit/directives/unsafe-html.js";

/** Sanitized HTML, as a Lit directive. */
export const sanitized = (markup: string) => unsafeHTML(DOMPurify.sanitize(markup));

/** One line of Markdown (a description: `code`, *emphasis*), rendered inline and sanitized. */
export const inline = (text: string) =>
  unsafeHTML(DOMPurify.sanitize(marked.parseInline(text, { async: false }) as string));

/** Markdown rendered and sanitized, with every occurrence of `terms` in its text in `<mark>`. */
export function markdown(text: string, terms: string[] = []) {
  const clean = DOMPurify.sanitize(marked.parse(text, { async: false }) as string);
  const wanted = terms.filter(Boolean);
  if (!wanted.length) return unsafeHTML(clean);
  const pattern = new RegExp(
    `(${wanted.map((t) => t.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("|")})`,
    "gi",
  );
  const template = document.createElement("template");
  template.innerHTML = clean;
  const walker = document.createTreeWalker(template.content, NodeFilter.SHOW_TEXT);
  const texts: Text[] = [];
  while (walker.nextNode()) texts.push(walker.currentNode as Text);
  for (const node of texts) {
    const parts = node.data.split(pattern);
    if (parts.length === 1) continue;
    node.replaceWith(...parts.map((part, i) => {
      if (i % 2 === 0) return document.createTextNode(part);
      const mark = document.createElement("mark");
      mark.textContent = part;
      return mark;
    }));
  }
  return unsafeHTML(template.innerHTML);
}

/** A search hit's text without its `<em>` highlights, and the terms they marked. */
export function unhighlight(hit: string): { text: string; terms: string[] } {
  const terms = [...hit.matchAll(/<em>(.*?)<\/em>/g)].map((m) => m[1]);
  return { text: hit.replace(/<\/?em>/g, ""), terms };
}
