// The stash's full keys, one rule for the client (@svc/stash) and the mock platform: the seed's
// `[<namespace>:][<visitorId>:]<key>` (PROTOCOL.md, Stash), the namespace first when the option is
// set, then the visitor id when `useVisitorId` is true. Each part is a path segment (`segment`).
//
// A namespace and a visitor id can name the same prefix (`{namespace: 'admin'}` and the visitor
// `admin` both address `admin:config`): the platform's key scheme has no mark between them, so the
// client neither refuses such a namespace nor rewrites keys. docs/stash.md says how to choose a
// namespace that no visitor id can be, and `looksLikeVisitorId` lets the client warn about one.
import { SEGMENT } from './path';

/** At most three parts: namespace, visitor id, key. */
const MAX_PARTS = 3;

/** What `fullKeyProblem` says a full key must be. */
const FULL_KEY_RULE =
  '[<namespace>:][<visitorId>:]<key>, each part 1-128 characters A-Z a-z 0-9 . _ ~ - (not "." or "..")';

/** Why `fullKey` is not a full key (the platform's check: 400 with this message), else undefined. */
export function fullKeyProblem(fullKey: unknown): string | undefined {
  if (typeof fullKey !== 'string') return 'key must be a string';
  const parts = fullKey.split(':');
  const valid = parts.length <= MAX_PARTS && parts.every((p) => SEGMENT.test(p));
  return valid ? undefined : `key ${JSON.stringify(fullKey)} is invalid: ${FULL_KEY_RULE}`;
}

/**
 * The shape of the visitor ids the tracker generates (a UUID, PROTOCOL.md's `[a-z0-9-]` ids): a
 * namespace of this shape could be some visitor's id, and share that visitor's keys.
 */
const GENERATED_VISITOR_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether `namespace` has the shape of a visitor id the tracker generates. */
export function looksLikeVisitorId(namespace: string): boolean {
  return GENERATED_VISITOR_ID.test(namespace);
}
