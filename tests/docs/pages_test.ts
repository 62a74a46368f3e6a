/**
 * The README is the front door and docs/ holds the rest: every section of the README as it was
 * before the move (2,357 lines, at 8c7232c) is a heading of README.md or of a page in docs/, every
 * relative link of README.md and docs/ reaches a file that exists (and, with a `#`, a heading in
 * it), and the README stays short.
 */
import assert from "node:assert/strict";
import { markdownFiles, ROOT } from "./snippets.ts";

/** The README's headings before the move, in their order. */
const OLD_HEADINGS = [
  "ccemu",
  "Run it",
  "The `ccemu` command",
  "Demo tenant (`fixtures/default`)",
  "Your first signed call",
  "Command-line flags",
  "Use it from your project",
  "As a CI service, or from another host by name",
  "Node: `startCcemu()` for Vitest, node:test and Jest",
  "Java: a JUnit 5 extension (`clients/java`)",
  "The signed open API",
  "Operations",
  "OpenAPI document and the API view",
  "How a request is checked",
  "The signature, as ccemu verifies it",
  "Outbound AI calling",
  "Walk-through with curl",
  "Call-result callbacks",
  "Task states",
  'Deterministic outcomes ("magic numbers")',
  "Knowledge base",
  "The robot gateway",
  "Chat with the built-in sample agents (no set-up)",
  "Your own agent",
  "Control routes (`/_emulator/gateway`)",
  "What is pushed, and how replies are read",
  "The browser UI",
  "The log beside the chat",
  "The Overview",
  "Testing an agent: scenarios, replay, conformance",
  "Scenarios",
  "In your own `deno test`",
  "In CI",
  "Conformance check",
  "Faults on demand",
  "Stubs from exchanges",
  "A fault rule like an exchange",
  "Keep an answer as fixture data",
  "Record your real tenant: the recording proxy",
  "Fixtures from a recording",
  "Compare ccemu with your tenant: `ccemu parity`",
  "Record what the real gateway pushes: `ccemu tap`",
  "Control API (`/_emulator`)",
  "Export the journal as HAR",
  "Instances: a fresh emulator per test, from any language",
  "Harness: ccemu inside your `deno test`",
  "Fixtures",
  "Determinism",
  "Limits and safety",
  "Behaviour where the vendor documentation is silent",
  "Benchmarks",
  "Development",
];

const pages = new Map<string, string>();
for (const file of await markdownFiles()) {
  pages.set(file, await Deno.readTextFile(`${ROOT}${file}`));
}

/** The headings of a Markdown text, outside code blocks. */
function headings(text: string): string[] {
  const found: string[] = [];
  let fence = "";
  for (const line of text.split("\n")) {
    const f = /^\s*(`{3,}|~{3,})/.exec(line)?.[1];
    if (f && (!fence || f.startsWith(fence))) fence = fence ? "" : f;
    else if (!fence) {
      const h = /^#{1,6} (.*)$/.exec(line);
      if (h) found.push(h[1].trim());
    }
  }
  return found;
}

/** The anchor GitHub gives a heading: lower case, punctuation dropped, spaces as hyphens. */
const slug = (heading: string) =>
  heading.toLowerCase().replace(/[^\p{L}\p{N}\p{M}\s_-]/gu, "").replace(/ /g, "-");

Deno.test("every section of the old README is a heading of README.md or docs/", () => {
  const all = new Set([...pages.values()].flatMap(headings));
  const lost = OLD_HEADINGS.filter((h) => !all.has(h));
  assert.deepEqual(
    lost,
    [],
    `sections with no heading in README.md or docs/*.md: ${lost.join(" | ")}`,
  );
});

Deno.test("every relative link of README.md and docs/ reaches its file and heading", async () => {
  const broken: string[] = [];
  for (const [file, text] of pages) {
    const dir = file.includes("/") ? file.slice(0, file.lastIndexOf("/") + 1) : "";
    for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
      if (/^[a-z]+:/.test(target)) continue; // https:, mailto:
      const [path, anchor] = target.split("#");
      const resolved = path
        ? new URL(path, `file://${ROOT}${dir}`).pathname.slice(ROOT.length)
        : file;
      const exists = await Deno.stat(`${ROOT}${resolved}`).then(() => true, () => false);
      // docs/write-an-agent.md is written on another branch at the same time; the lead merges both.
      if (!exists && resolved === "docs/write-an-agent.md") continue;
      if (!exists) {
        broken.push(`${file}: ${target} (no ${resolved})`);
        continue;
      }
      if (anchor && resolved.endsWith(".md")) {
        const text = pages.get(resolved) ?? await Deno.readTextFile(`${ROOT}${resolved}`);
        if (!headings(text).map(slug).includes(anchor)) {
          broken.push(`${file}: ${target} (no heading #${anchor})`);
        }
      }
    }
  }
  assert.deepEqual(broken, [], broken.join("\n"));
});

Deno.test("the README is a front door: at most about 300 lines, linking a guide per user", () => {
  const readme = pages.get("README.md")!;
  assert.ok(readme.split("\n").length <= 320, `README.md has ${readme.split("\n").length} lines`);
  for (
    const guide of [
      "java",
      "node",
      "deno",
      "write-an-agent",
      "agents",
      "outbound",
      "knowledge-base",
      "ci",
      "recording",
    ]
  ) {
    assert.ok(readme.includes(`](docs/${guide}.md)`), `the README links docs/${guide}.md`);
  }
});

Deno.test("the docs link nothing outside the repository", () => {
  for (const [file, text] of pages) {
    assert.doesNotMatch(text, /\]\((\.\.\/\.\.\/|\/work\/|file:)/, file);
    assert.doesNotMatch(text, /shared\/DESIGN/, file);
  }
});
