/**
 * Text similarity for question answering: character bigrams, so Chinese matches as well as words
 * do (no whitespace tokenising), and punctuation and case do not count.
 */

function bigrams(value: string): string[] {
  const s = value.toLowerCase().replace(/[\s\p{P}\p{S}]+/gu, "");
  if (s.length < 2) return s ? [s] : [];
  return Array.from({ length: s.length - 1 }, (_, i) => s.slice(i, i + 2));
}

/** Dice coefficient over character bigrams, from 0 (nothing shared) to 1 (the same). */
export function similarity(a: string, b: string): number {
  const left = bigrams(a), right = bigrams(b);
  if (left.length === 0 || right.length === 0) return 0;
  const pool = new Map<string, number>();
  for (const gram of right) pool.set(gram, (pool.get(gram) ?? 0) + 1);
  let shared = 0;
  for (const gram of left) {
    const n = pool.get(gram) ?? 0;
    if (n > 0) {
      shared++;
      pool.set(gram, n - 1);
    }
  }
  return (2 * shared) / (left.length + right.length);
}

/** The candidate whose texts best match `query`, when the best score reaches `threshold`. */
export function bestMatch<T>(
  query: string,
  candidates: T[],
  texts: (candidate: T) => string[],
  threshold = 0.5,
): T | undefined {
  let best: T | undefined, bestScore = threshold;
  for (const candidate of candidates) {
    for (const text of texts(candidate)) {
      const score = similarity(query, text);
      if (score > bestScore || (score === bestScore && best === undefined)) {
        [best, bestScore] = [candidate, score];
      }
    }
  }
  return best;
}
