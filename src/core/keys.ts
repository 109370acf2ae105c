// Refusing unknown option keys, one rule for every client: the key is named, a close known key is
// suggested ("did you mean"), and the previous client's names point to ours.
import { invalid } from './invalid';

/**
 * Levenshtein distance between `a` and `b`: insertions, deletions and substitutions each count 1 (`limt` -> `limit` is
 * 1).
 */
export function editDistance(a: string, b: string): number {
  // previous[j]: the distance between the first i - 1 characters of a and the first j of b.
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    previous = current;
  }
  return previous[b.length];
}

/**
 * The known key closest to `key`, when it is close enough to be a typo: at most 2 edits, and
 * fewer than half of the longer name (so `id` is not "corrected" to `to`). Case differences count
 * as no edit (`EndPoint` -> `endpoint`). `undefined` when none is that close.
 */
export function closestKey(key: string, known: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const candidate of known) {
    const distance = editDistance(key.toLowerCase(), candidate.toLowerCase());
    if (distance < bestDistance && distance <= 2 && distance * 2 < Math.max(key.length, candidate.length)) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return best;
}

/** Names the previous client gave to options every client has. */
const PREVIOUS_NAMES: Readonly<Record<string, string>> = { url: 'endpoint' };

/**
 * Throws `INVALID_ARGUMENT` naming `<argument>.<key>` for the first own key of `value` that is not
 * in `known` (a non-object `value` is left to the caller's own check). The message says which of
 * ours to use for a name of the previous client (`renamed`, plus `url` -> `endpoint`), else
 * suggests the closest known key, else lists the known keys.
 */
export function refuseUnknownKeys(
  argument: string,
  value: unknown,
  known: readonly string[],
  renamed: Readonly<Record<string, string>> = {},
): void {
  if (typeof value !== 'object' || !value) return;
  const names = { ...PREVIOUS_NAMES, ...renamed };
  for (const key of Object.keys(value)) {
    if (known.includes(key)) continue;
    const ours = Object.hasOwn(names, key) ? names[key] : undefined;
    const close = closestKey(key, known);
    const expectation = ours
      ? `is the previous client's name: use \`${ours}\``
      : close
        ? `is not an option: did you mean \`${close}\`?`
        : `is not an option (options: ${known.join(', ')})`;
    invalid(argument ? `${argument}.${key}` : key, (value as Record<string, unknown>)[key], expectation);
  }
}
