/**
 * The code blocks of README.md and docs/: found, read by their marker, and run. A marker is an
 * HTML comment on the line right before a block's opening fence:
 *
 *   <!-- run: sh -->        bash, in a fresh folder, against a fresh ccemu (options below)
 *   <!-- run: node -->      a file run with `node --test`, with the packed npm package installed
 *   <!-- run: python -->    a file run with python3
 *   <!-- run: deno -->      a TypeScript or JavaScript block, run by `deno test --doc`
 *   <!-- output -->         what a command prints: nothing to run
 *   <!-- not run: REASON --> anything else, with why
 *
 * Options follow the kind after commas: `in the clone` (the working folder is this clone, for
 * `deno task …`), `ccemu FLAGS` (flags of the fresh ccemu, e.g. `ccemu --clock manual --seed 1`),
 * `no ccemu`, `file NAME` (the name the block is saved under). docs/development.md ("Snippets in
 * the docs") says what a run gets.
 */

export const ROOT = new URL("../../", import.meta.url).pathname;

/** Deno's doc tests run the blocks of these languages, unless the fence says `ignore`. */
const DENO_LANGS = new Set([
  "js",
  "javascript",
  "mjs",
  "cjs",
  "jsx",
  "ts",
  "typescript",
  "mts",
  "cts",
  "tsx",
]);

export type Marker =
  | { kind: "run"; runner: "sh" | "node" | "python" | "deno"; options: string[] }
  | { kind: "output" }
  | { kind: "not run"; reason: string };

export interface Block {
  file: string; // relative to the clone, e.g. docs/node.md
  line: number; // the opening fence's line, 1-based
  lang: string;
  info: string; // the fence's info string, e.g. "ts ignore"
  code: string;
  marker: Marker | null;
  problem?: string; // why the marker does not fit the block
}

/** README.md and every Markdown file under docs/, relative to the clone. */
export async function markdownFiles(): Promise<string[]> {
  const files = ["README.md"];
  const walk = async (dir: string) => {
    const entries = [];
    for await (const entry of Deno.readDir(`${ROOT}${dir}`)) entries.push(entry);
    for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
      if (entry.isDirectory) await walk(`${dir}/${entry.name}`);
      else if (entry.name.endsWith(".md")) files.push(`${dir}/${entry.name}`);
    }
  };
  await walk("docs");
  return files;
}

function parseMarker(line: string): Marker | null | string {
  const m = /^<!--\s*(.*?)\s*-->$/.exec(line.trim());
  if (!m) return null;
  const text = m[1];
  if (text === "output") return { kind: "output" };
  const notRun = /^not run:\s*(.+)$/.exec(text);
  if (notRun) return { kind: "not run", reason: notRun[1] };
  const run = /^run:\s*(\w+)\s*(?:,(.*))?$/.exec(text);
  if (!run) return `an HTML comment that is no marker: <!-- ${text} -->`;
  const runner = run[1];
  if (runner !== "sh" && runner !== "node" && runner !== "python" && runner !== "deno") {
    return `unknown runner "${runner}" (sh, node, python or deno)`;
  }
  const options = (run[2] ?? "").split(",").map((o) => o.trim()).filter(Boolean);
  return { kind: "run", runner, options };
}

/** Every fenced code block of one Markdown text, with its marker. */
export function blocksOf(file: string, text: string): Block[] {
  const lines = text.split("\n");
  const blocks: Block[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = /^(\s*)(`{3,}|~{3,})(.*)$/.exec(lines[i]);
    if (!open) continue;
    const fence = open[2];
    const info = open[3].trim();
    let end = i + 1;
    while (end < lines.length) {
      const close = /^\s*(`{3,}|~{3,})\s*$/.exec(lines[end]);
      if (close && close[1][0] === fence[0] && close[1].length >= fence.length) break;
      end++;
    }
    const indent = open[1].length;
    const code = lines.slice(i + 1, end).map((l) => l.slice(Math.min(indent, l.search(/\S|$/))))
      .join("\n");
    // deno fmt puts a blank line between an HTML comment and a fence: the marker is the last
    // line before the fence that is not blank.
    const before = lines[i - 1]?.trim() === "" ? lines[i - 2] : lines[i - 1];
    const parsed = before === undefined ? null : parseMarker(before);
    const block: Block = {
      file,
      line: i + 1,
      lang: info.split(/\s+/)[0] ?? "",
      info,
      code,
      marker: typeof parsed === "string" ? null : parsed,
    };
    if (typeof parsed === "string") block.problem = parsed;
    blocks.push(block);
    i = end;
  }
  // deno test --doc is given the files that hold a run: deno block, and runs every TypeScript and
  // JavaScript block of them: only there must the others say `ignore`.
  const doctested = blocks.some((b) => b.marker?.kind === "run" && b.marker.runner === "deno");
  for (const block of blocks) block.problem ??= problemOf(block, doctested);
  return blocks;
}

/** What is wrong with a block's marker, or undefined. */
function problemOf(block: Block, doctested: boolean): string | undefined {
  const deno = DENO_LANGS.has(block.lang) && !/\bignore\b/.test(block.info);
  const { marker } = block;
  if (!marker) {
    return "no marker: put <!-- run: … -->, <!-- output --> or <!-- not run: REASON --> on the line before the fence";
  }
  if (marker.kind === "run" && marker.runner === "deno" && !deno) {
    return `a run: deno block must be ${[...DENO_LANGS].join("/")} without "ignore"`;
  }
  if (doctested && deno && !(marker.kind === "run" && marker.runner === "deno")) {
    return `deno test --doc runs this ${block.lang} block: mark it run: deno, or write \`\`\`${block.lang} ignore`;
  }
  return undefined;
}

/** Every block of README.md and docs/. */
export async function allBlocks(): Promise<Block[]> {
  const blocks: Block[] = [];
  for (const file of await markdownFiles()) {
    blocks.push(...blocksOf(file, await Deno.readTextFile(`${ROOT}${file}`)));
  }
  return blocks;
}

/** `file:line` of a block, as an editor opens it. */
export const where = (block: Block) => `${block.file}:${block.line}`;

/** The value of an option that starts with `name ` (e.g. `ccemu --seed 1` → `--seed 1`). */
export function option(block: Block, name: string): string | undefined {
  if (block.marker?.kind !== "run") return undefined;
  for (const o of block.marker.options) {
    if (o === name) return "";
    if (o.startsWith(`${name} `)) return o.slice(name.length + 1).trim();
  }
  return undefined;
}
