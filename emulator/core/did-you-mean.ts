/**
 * "did you mean `X`?" for a name ccemu does not know (a fixture key, a `ccemu start` flag), so that
 * a slip of the keyboard is answered with its fix instead of a list to search.
 */

/**
 * The phrase naming the known name closest to `given`, or "" when none is close: at most two
 * edits apart, ignoring case (`timezone` -> `timeZone`, `--sign-hosts` -> `--sign-host`). Further
 * than that a guess would more often mislead than help.
 */
export function didYouMean(given: string, known: Iterable<string>): string {
  const wanted = given.toLowerCase();
  let best: string | undefined;
  let bestDistance = 3;
  for (const name of known) {
    const distance = editDistance(wanted, name.toLowerCase());
    if (distance < bestDistance) [best, bestDistance] = [name, distance];
  }
  return best === undefined ? "" : `did you mean \`${best}\`?`;
}

/**
 * Levenshtein distance: insertions, deletions and substitutions, one row at a time. Deno's
 * `@std/text` has `levenshteinDistance` and `closestString`, but it is published on JSR only
 * (its npm build, `@jsr/std__text`, is served by npm.jsr.io, not the npm registry this project
 * installs from: `npm view @jsr/std__text` answers 404), and closestString has no "too far to
 * suggest" bound: twelve lines here cost less than a registry the build cannot reach.
 */
function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      const substitution = previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1);
      row.push(Math.min(previous[j] + 1, row[j - 1] + 1, substitution));
    }
    previous = row;
  }
  return previous[b.length];
}
