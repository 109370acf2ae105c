import {
  aString,
  type Fields,
  isHttpUrl,
  isObject,
  type JsonObject,
  listOf,
  ProtocolError,
  refusedField,
} from '@svc/core';
import { isContextId } from './context-id';
import type { Experiences } from './types';

/** An absolute http(s) URL with a host: the endpoint option and callbacks. */
export const isUrl = isHttpUrl;
/** A positive safe integer: experience and variation ids. */
export const isPositiveId = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) > 0;

/** One served experience, field by field: every field of `ExperiencePayload`. */
const PAYLOAD: Fields = [
  ['payload', isObject, 'must be an object'],
  ['isControl', (value) => typeof value === 'boolean', 'must be a boolean'],
  ['id', isPositiveId, 'must be a positive integer'],
  ['callback', isUrl, 'must be an http(s) URL'],
  ['variation', isPositiveId, 'must be a positive integer'],
];

/** PROTOCOL.md's 200 body of `GET .../experiences`, field by field (core's rows, as every client reads its answers). */
const RESPONSE: Fields = [
  ['experiencePayloads', listOf(PAYLOAD)],
  // The rule `seen` and `contextCookie` apply: an answer's id is one they accept.
  ['contextId', isContextId, 'must be a context id'],
  ['cookieDomains', listOf(aString)],
];

/**
 * Checks a 200 body against PROTOCOL.md's shape before anything uses it (`PROTOCOL` naming the
 * first bad field otherwise) and returns its fields, `generated` added: the platform's contextId
 * is not the one `sent` (none was, or the platform replaced it).
 */
export function readExperiences(body: JsonObject, action: string, sent: string | undefined): Experiences {
  const bad = refusedField('response', body, RESPONSE);
  if (bad) throw new ProtocolError(action, `invalid ${bad}`, { status: 200 });
  const { experiencePayloads, contextId, cookieDomains } = body as unknown as Experiences;
  return { experiencePayloads, contextId, cookieDomains, generated: contextId !== sent };
}
