// The stash's full keys, one rule for the client (@svc/stash) and the mock platform (PROTOCOL.md,
// Stash): `[<namespace>:][~<visitorId>:]<key>`. Only the visitor part starts with `~`, so a key of
// a namespace and a key of a visitor can never be the same full key: `{namespace: 'admin'}` writes
// `admin:config`, `{useVisitorId: true, visitorId: 'admin'}` reads `~admin:config`.
import { invalid } from './invalid';
import { SEGMENT } from './path';

/** The mark that starts the visitor part of a full key, and no other part. */
const VISITOR_MARK = '~';

/** The parts of a full key, in order. */
export type StashKeyPart = 'namespace' | 'visitorId' | 'key';

const SEGMENT_RULE = 'must be 1-128 of A-Za-z0-9._~- and not . or ..';

/** Why `value` cannot be the `part` of a full key (a visitor id: without its mark), else undefined. */
function stashKeyPartProblem(part: StashKeyPart, value: unknown): string | undefined {
  if (typeof value !== 'string' || !SEGMENT.test(value)) return SEGMENT_RULE;
  if (part === 'visitorId')
    return value.length < 128 ? undefined : 'must be at most 127 characters (with its "~", 128)';
  return value.startsWith(VISITOR_MARK)
    ? 'must not start with "~" (in a full key, the mark of a visitor id)'
    : undefined;
}

/**
 * `value` as the `part` of a full key: the visitor id with its mark, percent-encoded (a no-op for
 * these characters). Throws `INVALID_ARGUMENT` naming `argument` when the rule refuses it.
 */
export function stashKeyPart(argument: string, part: StashKeyPart, value: unknown): string {
  const problem = stashKeyPartProblem(part, value);
  if (problem) invalid(argument, value, problem);
  return encodeURIComponent(part === 'visitorId' ? VISITOR_MARK + value : (value as string));
}

/** What `fullKeyProblem` says a full key must be. */
const FULL_KEY_RULE =
  '[<namespace>:][~<visitorId>:]<key>, each part 1-128 characters A-Z a-z 0-9 . _ ~ - (not "." or ".."), only the visitor part starting with "~"';

/** Why `fullKey` is not a full key (the platform's check: 400 with this message), else undefined. */
export function fullKeyProblem(fullKey: unknown): string | undefined {
  if (typeof fullKey !== 'string') return 'key must be a string';
  const parts = fullKey.split(':');
  // Each part's kind: `v` the visitor part, `n` a namespace or a key; in order, `[n][v]n`.
  const kinds = parts.map((p) => (p.startsWith(VISITOR_MARK) ? 'v' : 'n')).join('');
  const valid = /^n?v?n$/.test(kinds) && parts.every((p) => SEGMENT.test(p) && p !== VISITOR_MARK);
  return valid ? undefined : `key ${JSON.stringify(fullKey)} is invalid: ${FULL_KEY_RULE}`;
}
