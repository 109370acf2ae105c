// One rule for a visitor id that this client sends or stores (`getExperiences`' contextId, `seen`'s
// deviceId, `contextCookie`'s contextId, the platform's answer): what one accepts, all accept.
import { invalid } from '@svc/core';

/** The longest contextId, in UTF-16 code units (the platform's contextIds are 1-256 characters). */
const MAX_CONTEXT_ID = 256;

/** What a refusal says the value must be. */
export const CONTEXT_ID_RULE = `must be a string of 1-${MAX_CONTEXT_ID} characters, with no unpaired surrogate`;

/** An unpaired surrogate: `encodeURIComponent` throws on it, so it fits in no query string or cookie. */
const UNPAIRED_SURROGATE = /[\uD800-\uDFFF]/u;

/** A contextId this client can send in a query string, a JSON body and a cookie. */
export const isContextId = (value: unknown): value is string =>
  typeof value === 'string' && value.length > 0 && value.length <= MAX_CONTEXT_ID && !UNPAIRED_SURROGATE.test(value);

/**
 * `value` when it is a contextId, else `INVALID_ARGUMENT` naming `argument` (and `source`, when it came from
 * elsewhere).
 */
export function checkContextId(argument: string, value: unknown, source?: string): string {
  if (!isContextId(value))
    invalid(argument, value, source ? `${CONTEXT_ID_RULE} (read from ${source})` : CONTEXT_ID_RULE);
  return value;
}
