/**
 * The difference between two replies' texts, word by word (Chinese character by character, since
 * it has no spaces): the longest common subsequence of their tokens, as runs kept, removed (only
 * in the first) and added (only in the second). Written the way `git diff --word-diff=plain` does:
 * `[-removed-]{+added+}`.
 */

export interface DiffRun {
  kind: "same" | "removed" | "added";
  text: string;
}

/** Beyond this many tokens a side is not aligned: the whole of it is shown as changed. */
const MAX_TOKENS = 2000;

const TOKEN =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]|[\p{L}\p{N}_]+|\s+|[^\s\p{L}\p{N}_]/gu;

export function tokens(text: string): string[] {
  return text.match(TOKEN) ?? [];
}

function push(runs: DiffRun[], kind: DiffRun["kind"], text: string) {
  const last = runs.at(-1);
  if (last?.kind === kind) last.text += text;
  else runs.push({ kind, text });
}

/** The runs that turn `a` into `b`; one `same` run when they are equal. */
export function diffText(a: string, b: string): DiffRun[] {
  const x = tokens(a), y = tokens(b);
  if (x.length > MAX_TOKENS || y.length > MAX_TOKENS) {
    return a === b ? [{ kind: "same", text: a }] : [
      ...(a ? [{ kind: "removed" as const, text: a }] : []),
      ...(b ? [{ kind: "added" as const, text: b }] : []),
    ];
  }
  // lengths[i][j]: the common subsequence of x[i..] and y[j..], filled from the end.
  const width = y.length + 1;
  const lengths = new Uint16Array((x.length + 1) * width);
  for (let i = x.length - 1; i >= 0; i--) {
    for (let j = y.length - 1; j >= 0; j--) {
      lengths[i * width + j] = x[i] === y[j]
        ? lengths[(i + 1) * width + j + 1] + 1
        : Math.max(lengths[(i + 1) * width + j], lengths[i * width + j + 1]);
    }
  }
  const runs: DiffRun[] = [];
  let i = 0, j = 0;
  while (i < x.length || j < y.length) {
    if (i < x.length && j < y.length && x[i] === y[j]) {
      push(runs, "same", x[i]);
      i++, j++;
    } else if (
      j >= y.length || (i < x.length && lengths[(i + 1) * width + j] >= lengths[i * width + j + 1])
    ) {
      push(runs, "removed", x[i++]);
    } else {
      push(runs, "added", y[j++]);
    }
  }
  return grouped(runs);
}

/**
 * Changes separated only by spaces read as one change: `[-take 3–7 days-]{+arrives within a
 * week+}`, not a removal and an addition for every word.
 */
function grouped(runs: DiffRun[]): DiffRun[] {
  const out: DiffRun[] = [];
  let removed = "", added = "";
  const flush = () => {
    if (removed) push(out, "removed", removed);
    if (added) push(out, "added", added);
    removed = added = "";
  };
  runs.forEach((run, i) => {
    if (run.kind === "removed") removed += run.text;
    else if (run.kind === "added") added += run.text;
    else if (
      (removed || added) && /^\s+$/.test(run.text) && runs[i + 1] && runs[i + 1].kind !== "same"
    ) {
      removed += run.text;
      added += run.text;
    } else {
      flush();
      push(out, "same", run.text);
    }
  });
  flush();
  return out;
}

/** The runs in one line: `[-removed-]` and `{+added+}` around what changed. */
export function markedDiff(runs: DiffRun[]): string {
  return runs.map((r) =>
    r.kind === "same" ? r.text : r.kind === "removed" ? `[-${r.text}-]` : `{+${r.text}+}`
  ).join("");
}
